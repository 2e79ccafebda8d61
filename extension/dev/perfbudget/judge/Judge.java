package dev.perfbudget.judge;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.perfbudget.AbsoluteLimit;
import dev.perfbudget.budget.BudgetEntry;
import dev.perfbudget.engine.Measurement;
import dev.perfbudget.engine.MeasuringThread;
import dev.perfbudget.environment.Environment;
import dev.perfbudget.plan.Mode;
import dev.perfbudget.plan.Plan;
import dev.perfbudget.units.Format;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apiguardian.api.API;

/**
 * Every verdict rule in one place: measures a workload's arms as its plan says (to record a
 * ratio, or against the limit with a confirmation of any failure), then holds the measurement
 * to the ratio limit, the bytes budget and the kind's absolute limits, under the run's mode.
 */
@API(status = INTERNAL)
public final class Judge {

  private final Plan plan;
  private final String kind;

  public Judge(Plan plan, String kind) {
    this.plan = plan;
    this.kind = kind;
  }

  /**
   * The outcome, and the failure message when it fails the test (else empty).
   *
   * @param first takes the first measurement (the one that records, when the plan records)
   * @param confirm takes the measurement that confirms a failure
   * @param replacesFarReadings whether a first reading far from the recorded ratio is measured
   *     again by {@code confirm}, a fresh JVM
   * @param freshJvms whether {@code first} and {@code confirm} are both fresh JVMs, so that a
   *     ratio to record, or a reading far from the recorded ratio, is measured again in a second
   *     (see {@link PerfCheck})
   * @throws dev.perfbudget.engine.MeasurementStoppedException when an arm hung or an interrupt
   *     stopped the measurement
   * @throws Exception what an arm threw, or why a fresh JVM could not measure
   */
  public Judgement judge(Measurer first, Measurer confirm, boolean replacesFarReadings, boolean freshJvms) throws Exception {
    Mode mode = plan.settings().mode();
    String disturbed = MeasuringThread.leftBehindNote();
    PerfCheck check = new PerfCheck(first, confirm, replacesFarReadings, freshJvms);
    if (plan.records()) {
      PerfCheck.Recording recording = check.measureToRecordChecked();
      Measured measured = recording.steady().measured();
      String notes = join(recording.steady().note(), disturbed);
      if (!measured.invalidBecause().isEmpty()) {
        return invalid(measured, measured.invalidBecause(), notes);
      }
      Measurement measurement = measured.measurement();
      List<String> problems = new ArrayList<>(Validity.problems(measurement, plan.settings().sampling()));
      String unrecordable = problems.isEmpty() ? Validity.unrecordable(recording.ratio()) : null;
      if (unrecordable != null) {
        problems.add(unrecordable);
      }
      if (!problems.isEmpty()) {
        return invalid(measured, problems, notes);
      }
      plan.budgets().record(plan.key(), entry(measurement, recording.ratio()).keepingLimitsOf(plan.budgets().find(plan.key())));
      String note = String.format("recorded ratio %s in %s; commit it", Format.ratio(recording.ratio()), plan.budgets().path());
      Outcome recorded = outcome(measured, Verdict.RECORDED, false, Double.NaN, join(note, notes));
      // Record mode writes the ratio whatever else it finds; enforce mode records a missing
      // budget and still holds the test to its other limits.
      return mode == Mode.RECORD ? new Judgement(recorded, "") : overruns(measured, recorded, "");
    }
    if (!plan.limit().isSet()) {
      PerfCheck.Steady steady = check.measureToRecord();
      Measured measured = steady.measured();
      String notes = join(steady.note(), disturbed);
      List<String> problems = problems(measured);
      if (!problems.isEmpty()) {
        return invalid(measured, problems, notes);
      }
      String note = join("no budget, report mode records none", notes);
      return overruns(measured, outcome(measured, Verdict.PASS, false, Double.NaN, note), "");
    }
    PerfCheck.Decision decision = check.check(plan.limit());
    List<String> problems = problems(decision.measured());
    if (!problems.isEmpty()) {
      return invalid(decision.measured(), problems, join(decision.note(), disturbed));
    }
    boolean fails = decision.fails() && mode == Mode.ENFORCE;
    String note = join(decision.note(), decision.fails() && !fails ? "over budget; report mode does not fail" : "");
    Outcome timed =
        outcome(decision.measured(), decision.verdict(), fails, decision.unconfirmedRatio(), join(note, disturbed));
    return overruns(decision.measured(), timed, fails ? FailureMessage.regressed(timed, plan.recordCommand()) : "");
  }

  /** What makes a measurement untrustworthy: what the arms said before it, or what it shows. */
  private List<String> problems(Measured measured) {
    return measured.invalidBecause().isEmpty()
        ? Validity.problems(measured.measurement(), plan.settings().sampling())
        : measured.invalidBecause();
  }

  /**
   * A measurement that cannot be trusted: it fails the test, except in report mode, where the
   * note says so; nothing is recorded.
   *
   * @param notes what else the result says (a measurement taken again, threads left running)
   */
  private Judgement invalid(Measured measured, List<String> problems, String notes) {
    boolean fails = plan.settings().mode() != Mode.REPORT;
    String note = "INVALID: " + String.join("; ", problems) + (fails ? "" : "; report mode does not fail");
    Outcome outcome = outcome(measured, Verdict.INVALID, fails, Double.NaN, join(note, notes));
    return new Judgement(outcome, fails ? FailureMessage.invalid(outcome, problems, plan.records()) : "");
  }

  /** The outcome of a test that was skipped before it was measured. */
  public Outcome skipped(String why) {
    return Outcome.skipped(plan.test(), plan.key(), kind, why);
  }

  /**
   * Holds the timed outcome to the bytes budget and the kind's absolute limits: any of them
   * over makes the verdict FAIL, and fails the test in enforce mode.
   */
  private Judgement overruns(Measured measured, Outcome timed, String failure) {
    Mode mode = plan.settings().mode();
    List<String> overBytes = BytesCheck.overruns(plan.bytes(), timed.measurement());
    List<String> overLimits = new ArrayList<>();
    for (AbsoluteLimit limit : measured.absoluteLimits()) {
      if (limit.exceeded()) {
        overLimits.add(FailureMessage.overAbsoluteLimit(limit));
      }
    }
    if (overBytes.isEmpty() && overLimits.isEmpty()) {
      return new Judgement(timed, failure);
    }
    boolean fails = mode == Mode.ENFORCE;
    String over = overBytes.isEmpty() ? "over an absolute limit of its workload" : "allocates over its bytes budget";
    if (!overBytes.isEmpty() && !overLimits.isEmpty()) {
      over += "; over an absolute limit of its workload";
    }
    Outcome outcome =
        new Outcome(
            timed.test(), timed.key(), timed.kind(), Verdict.FAIL, fails || timed.fails(), timed.limit(),
            timed.measurement(), timed.unconfirmedRatio(), timed.parameters(),
            join(timed.note(), fails ? over : over + "; report mode does not fail"), timed.time(), timed.bytes());
    if (fails) {
      if (!overBytes.isEmpty()) {
        failure = join(failure, FailureMessage.overBytes(outcome, overBytes), String.format("%n"));
      }
      if (!overLimits.isEmpty()) {
        failure = join(failure, FailureMessage.overAbsoluteLimits(outcome, overLimits), String.format("%n"));
      }
    }
    return new Judgement(outcome, failure);
  }

  private Outcome outcome(Measured measured, Verdict verdict, boolean fails, double unconfirmed, String note) {
    Measurement measurement = measured.measurement();
    String notes = measurement == null ? "" : MeasurementNotes.of(measurement, plan.settings().sampling());
    return new Outcome(
        plan.test(), plan.key(), kind, verdict, fails, plan.limit(), measurement, unconfirmed,
        measured.parameters(), join(note, notes), Instant.now(), plan.bytes());
  }

  private BudgetEntry entry(Measurement measurement, double ratio) {
    Environment environment = Environment.current().now();
    return new BudgetEntry(
        ratio, kind, measurement.baseline().name(), measurement.candidate().name(),
        environment.time().toString(), environment.commit(), environment.jvm(), environment.cpu(), 0, 0);
  }

  private static String join(String note, String more) {
    return join(note, more, "; ");
  }

  private static String join(String first, String second, String separator) {
    return first.isEmpty() ? second : second.isEmpty() ? first : first + separator + second;
  }
}
