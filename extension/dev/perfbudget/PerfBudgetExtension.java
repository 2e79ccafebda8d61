package dev.perfbudget;

import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.junit.jupiter.api.extension.BeforeTestExecutionCallback;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/**
 * The JUnit callbacks behind {@link PerfBudget}: checks the declaration and the configuration
 * before the method runs, injects the workload, lets the method body declare its arms, then
 * measures, decides and reports.
 */
final class PerfBudgetExtension
    implements ExecutionCondition, BeforeTestExecutionCallback, ParameterResolver, InvocationInterceptor {

  private static final Namespace NAMESPACE = Namespace.create(PerfBudgetExtension.class);
  private static final String PLAN = "plan";
  private static final String WORKLOAD = "workload";

  /** What beforeTestExecution checked and decided, for the interceptor to carry out. */
  private record Plan(Settings settings, String test, String key, Limit limit, BudgetFile budgets, BytesBudget bytes) {}

  @Override
  public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
    Optional<String> mode = context.getConfigurationParameter(Settings.MODE);
    if (mode.isPresent() && mode.get().trim().equalsIgnoreCase(Mode.OFF.configValue())) {
      return ConditionEvaluationResult.disabled("perf tests are off: " + Settings.MODE + "=off");
    }
    // An unknown mode is reported, with its key, by beforeTestExecution.
    return ConditionEvaluationResult.enabled("perfbudget.mode is not off");
  }

  @Override
  public void beforeTestExecution(ExtensionContext context) {
    Method method = context.getRequiredTestMethod();
    PerfBudget annotation = method.getAnnotation(PerfBudget.class);
    if (annotation == null) {
      return;
    }
    String test = context.getRequiredTestClass().getName() + "#" + method.getName();
    Settings settings = Settings.from(context);
    checkAnnotation(annotation, test);
    workloadParameter(method, test);
    String key = annotation.key().isEmpty() ? test : annotation.key();
    BudgetFile budgets = new BudgetFile(settings.budgetsFile());
    Limit limit = Limit.NONE;
    if (annotation.maxRatio() > 0) {
      limit = Limit.maxRatio(annotation.maxRatio());
      if (settings.mode() == Mode.RECORD) {
        budgets.find(key); // a malformed file is reported now, not after measuring
      }
    } else {
      Optional<BudgetEntry> entry = budgets.find(key);
      if (entry.isPresent()) {
        boolean own = annotation.tolerance() > 0;
        limit =
            Limit.recorded(
                entry.get(),
                own ? annotation.tolerance() : settings.tolerance(),
                own ? "tolerance on @PerfBudget" : toleranceSource(context),
                budgets);
      } else if (settings.mode() == Mode.ENFORCE && settings.underCi()) {
        throw new AssertionFailedError(
            FailureMessage.missingBudget(test, key, budgets, recordCommand(context)));
      }
    }
    BytesBudget bytes = BytesBudget.of(annotation, budgets.find(key), budgets);
    context.getStore(NAMESPACE).put(PLAN, new Plan(settings, test, key, limit, budgets, bytes));
  }

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return Workload.class.isAssignableFrom(parameter.getParameter().getType())
        && parameter.getDeclaringExecutable().isAnnotationPresent(PerfBudget.class);
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    Class<?> type = parameter.getParameter().getType();
    try {
      Workload workload = (Workload) type.getConstructor().newInstance();
      context.getStore(NAMESPACE).put(WORKLOAD, workload);
      return workload;
    } catch (ReflectiveOperationException e) {
      throw new ExtensionConfigurationException("Cannot create the workload " + type.getName() + ": " + e, e);
    }
  }

  @Override
  public void interceptTestMethod(
      Invocation<Void> invocation,
      ReflectiveInvocationContext<Method> invocationContext,
      ExtensionContext context)
      throws Throwable {
    Plan plan = context.getStore(NAMESPACE).get(PLAN, Plan.class);
    if (plan == null) {
      invocation.proceed();
      return;
    }
    Workload workload = context.getStore(NAMESPACE).get(WORKLOAD, Workload.class);
    try {
      Arms arms = declare(invocation, workload, plan, context);
      Outcome timed = measure(arms, workload, plan, context);
      // Record mode writes the ratio whatever the bytes; enforce and report modes check them.
      boolean checkBytes = timed.measurement() != null && plan.settings().mode() != Mode.RECORD;
      List<String> overBytes = checkBytes ? plan.bytes().overruns(timed.measurement()) : List.of();
      Outcome outcome = overBytes.isEmpty() ? timed : overBytes(timed, plan.settings().mode());
      report(outcome, plan, context);
      if (outcome.fails()) {
        String message = timed.fails() ? FailureMessage.regressed(timed, recordCommand(context)) : "";
        if (!overBytes.isEmpty() && plan.settings().mode() == Mode.ENFORCE) {
          message += (message.isEmpty() ? "" : String.format("%n")) + FailureMessage.overBytes(outcome, overBytes);
        }
        throw new AssertionFailedError(message);
      }
    } finally {
      workload.close();
    }
  }

  /** Runs the method body, which declares the arms, and has the workload check them. */
  private Arms declare(Invocation<Void> invocation, Workload workload, Plan plan, ExtensionContext context)
      throws Throwable {
    try {
      invocation.proceed();
      return workload.prepare(new Context(plan.test(), context));
    } catch (WorkloadDeclarationException e) {
      throw new ExtensionConfigurationException(
          String.format("@PerfBudget method [%s] declares a workload that cannot be measured (kind `%s`): %s", plan.test(), workload.kind(), e.getMessage()),
          e);
    } catch (TestAbortedException e) {
      report(Outcome.skipped(plan.test(), plan.key(), workload.kind(), "aborted: " + e.getMessage()), plan, context);
      throw e;
    }
  }

  private Outcome measure(Arms arms, Workload workload, Plan plan, ExtensionContext context) throws Exception {
    Settings settings = plan.settings();
    PerfCheck check = new PerfCheck(settings);
    Limit limit = plan.limit();
    boolean record = settings.mode() == Mode.RECORD || (!limit.isSet() && settings.mode() == Mode.ENFORCE);
    try {
      if (record) {
        Measurement measurement = check.measureToRecord(arms);
        plan.budgets().record(plan.key(), entry(measurement, workload).keepingLimitsOf(plan.budgets().find(plan.key())));
        String note =
            String.format(
                "recorded ratio %s in %s; commit it", Format.ratio(measurement.ratio()), plan.budgets().path());
        return outcome(plan, workload, arms, Verdict.RECORDED, false, measurement, Double.NaN, note);
      }
      if (!limit.isSet()) {
        Measurement measurement = check.measureToRecord(arms);
        return outcome(plan, workload, arms, Verdict.PASS, false, measurement, Double.NaN, "no budget, report mode records none");
      }
      PerfCheck.Decision decision = check.check(arms, limit);
      boolean fails = decision.fails() && settings.mode() == Mode.ENFORCE;
      String note = decision.fails() && !fails ? "over budget; report mode does not fail" : "";
      return outcome(plan, workload, arms, decision.verdict(), fails, decision.measurement(), decision.unconfirmedRatio(), note);
    } catch (Exception e) {
      throw new AssertionFailedError(
          String.format("@PerfBudget test %s: an arm threw while being measured: %s", plan.test(), e), e);
    }
  }

  /** The outcome of a measurement whose candidate allocates over its bytes budget. */
  private static Outcome overBytes(Outcome timed, Mode mode) {
    boolean fails = mode == Mode.ENFORCE;
    String over = fails ? "allocates over its bytes budget" : "allocates over its bytes budget; report mode does not fail";
    String note = timed.note().isEmpty() ? over : timed.note() + "; " + over;
    return new Outcome(
        timed.test(), timed.key(), timed.kind(), Verdict.FAIL, fails || timed.fails(), timed.limit(), timed.measurement(),
        timed.unconfirmedRatio(), timed.parameters(), note, timed.time(), timed.bytes());
  }

  private static Outcome outcome(
      Plan plan, Workload workload, Arms arms, Verdict verdict, boolean fails, Measurement measurement, double unconfirmed, String note) {
    return new Outcome(
        plan.test(), plan.key(), workload.kind(), verdict, fails, plan.limit(), measurement, unconfirmed,
        arms.parameters(), note, java.time.Instant.now(), plan.bytes());
  }

  private static BudgetEntry entry(Measurement measurement, Workload workload) {
    Environment environment = Environment.current().now();
    return new BudgetEntry(
        measurement.ratio(),
        workload.kind(),
        measurement.baseline().name(),
        measurement.candidate().name(),
        environment.time().toString(),
        environment.commit(),
        environment.jvm(),
        environment.cpu(),
        0,
        0);
  }

  /** Console line, JUnit report entry, then the files: a file that cannot be written only warns. */
  private static void report(Outcome outcome, Plan plan, ExtensionContext context) {
    System.out.println(ConsoleLine.of(outcome));
    context.publishReportEntry(reportEntry(outcome));
    ReportWriter.write(outcome, plan.settings());
  }

  private static Map<String, String> reportEntry(Outcome outcome) {
    Map<String, String> entry = new LinkedHashMap<>();
    entry.put("perfbudget.verdict", outcome.verdict().name());
    Measurement m = outcome.measurement();
    if (m != null) {
      entry.put("perfbudget.ratio", Format.ratio(m.ratio()));
      entry.put("perfbudget.ratioLow", Format.ratio(m.interval().low()));
      entry.put("perfbudget.ratioHigh", Format.ratio(m.interval().high()));
      entry.put("perfbudget.baseline", m.baseline().name() + " " + Format.nanos(m.baseline().nsPerOp()) + "/op");
      entry.put("perfbudget.candidate", m.candidate().name() + " " + Format.nanos(m.candidate().nsPerOp()) + "/op");
      entry.put("perfbudget.pairs", Integer.toString(m.pairs()));
    }
    if (outcome.limit().isSet()) {
      entry.put("perfbudget.limit", Format.ratio(outcome.limit().value()));
    }
    return entry;
  }

  private static void checkAnnotation(PerfBudget annotation, String test) {
    double maxRatio = annotation.maxRatio();
    if (!(maxRatio >= 0) || Double.isInfinite(maxRatio)) {
      throw new ExtensionConfigurationException(
          String.format(
              "@PerfBudget on method [%s] must be declared with a positive `maxRatio`, or 0 to use "
                  + "the budget file, but it is %s.",
              test, maxRatio));
    }
    double tolerance = annotation.tolerance();
    if (tolerance != 0 && (!(tolerance >= 1) || Double.isInfinite(tolerance))) {
      throw new ExtensionConfigurationException(
          String.format(
              "@PerfBudget on method [%s] must be declared with a `tolerance` of at least 1 (10 "
                  + "means an order of magnitude), or 0 to use perfbudget.tolerance, but it is %s.",
              test, tolerance));
    }
    for (String attribute : new String[] {"maxBytesRatio", "maxBytesPerOp"}) {
      double value = attribute.equals("maxBytesRatio") ? annotation.maxBytesRatio() : annotation.maxBytesPerOp();
      if (!(value >= 0) || Double.isInfinite(value)) {
        throw new ExtensionConfigurationException(
            String.format(
                "@PerfBudget on method [%s] must be declared with a positive `%s`, or 0 to use "
                    + "the budget file, but it is %s.",
                test, attribute, value));
      }
    }
    if (!annotation.key().isEmpty() && annotation.key().isBlank()) {
      throw new ExtensionConfigurationException(
          String.format(
              "@PerfBudget on method [%s] must be declared with a `key` that is not blank, or "
                  + "none to use the default key %s.",
              test, test));
    }
  }

  /** Checks that the method has exactly one workload parameter that can be created. */
  private static void workloadParameter(Method method, String test) {
    List<Parameter> workloads =
        Arrays.stream(method.getParameters())
            .filter(p -> Workload.class.isAssignableFrom(p.getType()))
            .toList();
    if (workloads.size() != 1) {
      throw new ExtensionConfigurationException(
          String.format(
              "@PerfBudget method [%s] must declare exactly one workload parameter (such as "
                  + "`OpWorkload op`), but it declares %d.",
              test, workloads.size()));
    }
    Class<?> type = workloads.get(0).getType();
    boolean creatable = false;
    if (!type.isInterface() && !Modifier.isAbstract(type.getModifiers()) && Modifier.isPublic(type.getModifiers())) {
      for (Constructor<?> constructor : type.getConstructors()) {
        creatable |= constructor.getParameterCount() == 0;
      }
    }
    if (!creatable) {
      throw new ExtensionConfigurationException(
          String.format(
              "@PerfBudget method [%s] declares a parameter of type [%s], which perfbudget cannot "
                  + "create: a workload type must be a public, concrete class with a public "
                  + "no-argument constructor.",
              test, type.getName()));
    }
  }

  private static String toleranceSource(ExtensionContext context) {
    return context.getConfigurationParameter(Settings.TOLERANCE).isPresent()
        ? Settings.TOLERANCE
        : "the default";
  }

  static String recordCommand(ExtensionContext context) {
    return String.format(
        "mvn test -Dtest='%s#%s' -Dperfbudget.mode=record",
        context.getRequiredTestClass().getName(), context.getRequiredTestMethod().getName());
  }

  /** What a workload sees of JUnit: the test's name, its configuration, class-wide resources. */
  private record Context(String testName, ExtensionContext extensionContext) implements WorkloadContext {

    @Override
    public Optional<String> configuration(String key) {
      return extensionContext.getConfigurationParameter(key);
    }

    @Override
    public <T extends AutoCloseable> T classResource(String key, Class<T> type, Supplier<T> create) {
      ExtensionContext classContext =
          extensionContext.getParent().orElseThrow(() -> new IllegalStateException("no class context"));
      // AutoCloseable values in a Store are closed when their context ends, here the test class.
      return classContext.getStore(NAMESPACE).getOrComputeIfAbsent(key, k -> create.get(), type);
    }
  }
}
