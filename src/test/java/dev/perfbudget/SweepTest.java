package dev.perfbudget;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.testkit.engine.EventConditions.container;
import static org.junit.platform.testkit.engine.EventConditions.displayName;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.perfbudget.testkit.PerfTestKit;
import dev.perfbudget.testkit.Work;
import dev.perfbudget.workloads.OpWorkload;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestTemplate;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContextProvider;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * {@code @PerfBudget} with {@code @ParameterizedTest} measures and judges every invocation under
 * a key of its own; with anything else that would run the method unmeasured it is a
 * configuration error before anything runs; alone it is the test it always was.
 */
class SweepTest {

  private static final String FIXTURE = SweepTestCase.class.getName();

  private final PerfTestKit kit;

  SweepTest(@TempDir Path dir) {
    kit = new PerfTestKit(dir).with("perfbudget.ci", "false");
  }

  @Test
  void everyInvocationIsMeasuredJudgedRecordedAndReportedUnderItsOwnKey() {
    EngineExecutionResults results = kit.run(SweepTestCase.class, "stepsAgainstSixteen");
    results.testEvents().assertStatistics(s -> s.started(3).succeeded(3));
    results.testEvents().assertThatEvents()
        .haveExactly(1, event(test(), displayName("[1] 16"), finishedSuccessfully()))
        .haveExactly(1, event(test(), displayName("[3] 64"), finishedSuccessfully()));
    List<String> keys = new ArrayList<>();
    for (String steps : new String[] {"16", "32", "64"}) {
      JsonObject result = kit.result(FIXTURE + "#stepsAgainstSixteen[" + steps + "]");
      assertThat(result.get("verdict").getAsString()).isEqualTo("PASS");
      assertThat(result.getAsJsonObject("candidate").get("name").getAsString()).isEqualTo(steps + " steps");
      keys.add(result.get("key").getAsString());
    }
    assertThat(keys).containsExactly(
        FIXTURE + "#stepsAgainstSixteen[16]", FIXTURE + "#stepsAgainstSixteen[32]", FIXTURE + "#stepsAgainstSixteen[64]");
    // One row per invocation in report.md, and a chart of the ratio against the parameter in report.html.
    String markdown = PerfTestKit.read(kit.reportDir().resolve("report.md"));
    assertThat(markdown).contains("`SweepTest$SweepTestCase#stepsAgainstSixteen[16]` | PASS", "#stepsAgainstSixteen[64]` | PASS");
    String html = PerfTestKit.read(kit.reportDir().resolve("report.html"));
    assertThat(html).contains("<svg class=\"sweep-chart\"").contains("stepsAgainstSixteen: ratio against the parameter");

    kit.with("perfbudget.mode", "record");
    kit.run(SweepTestCase.class, "stepsAgainstSixteen").testEvents().assertStatistics(s -> s.succeeded(3));
    JsonObject budgets = JsonParser.parseString(PerfTestKit.read(kit.budgetsFile())).getAsJsonObject().getAsJsonObject("budgets");
    assertThat(budgets.keySet()).containsExactlyInAnyOrderElementsOf(keys);
    assertThat(budgets.getAsJsonObject(keys.get(2)).get("ratio").getAsDouble()).isGreaterThan(2);

    // Off mode skips the sweep whole: one line, one row that replaces the invocations' rows.
    kit.with("perfbudget.mode", "off");
    EngineExecutionResults off = kit.run(SweepTestCase.class, "stepsAgainstSixteen");
    off.containerEvents().assertStatistics(s -> s.skipped(1));
    off.testEvents().assertStatistics(s -> s.started(0));
    List<String> tests = new ArrayList<>();
    for (JsonElement result : kit.report().getAsJsonArray("results")) {
      tests.add(result.getAsJsonObject().get("test").getAsString());
    }
    assertThat(tests).containsExactly(FIXTURE + "#stepsAgainstSixteen");
    assertThat(kit.result(FIXTURE + "#stepsAgainstSixteen").get("verdict").getAsString()).isEqualTo("SKIPPED");
  }

  @Test
  void aPlainPerfTestKeepsItsDisplayNameAndRunsOnce() {
    EngineExecutionResults results = kit.run(SweepTestCase.class, "plain");
    results.testEvents().assertStatistics(s -> s.started(1).succeeded(1));
    results.testEvents().assertThatEvents()
        .haveExactly(1, event(test(), displayName("plain(OpWorkload)"), finishedSuccessfully()));
    assertThat(kit.result(FIXTURE + "#plain").get("key").getAsString()).isEqualTo(FIXTURE + "#plain");
  }

  @Test
  void besideTestItIsMeasuredOnce() {
    EngineExecutionResults results = kit.run(SweepTestCase.class, "besideTest");
    results.testEvents().assertStatistics(s -> s.started(1).succeeded(1));
    assertThat(kit.report().getAsJsonArray("results")).hasSize(1);
    assertThat(kit.result(FIXTURE + "#besideTest").get("verdict").getAsString()).isEqualTo("PASS");
  }

  @Test
  void repeatedTestIsAConfigurationErrorBeforeAnythingRuns() {
    assertTemplateError("repeated", "@RepeatedTest",
        "a perf test already repeats its operations in interleaved pairs until the ratio is decided; to measure "
            + "again, run the test again");
  }

  @Test
  void otherTemplatesAreAConfigurationErrorBeforeAnythingRuns() {
    assertTemplateError("twice", "@Twice", "perfbudget measures plain perf tests and @ParameterizedTest sweeps only");
  }

  @Test
  void testFactoryIsAConfigurationErrorBeforeAnythingRuns() {
    EngineExecutionResults results = kit.run(SweepTestCase.class, "factory");
    results.allEvents().assertThatEvents().haveExactly(1, event(finishedWithFailure(
        instanceOf(ExtensionConfigurationException.class),
        message(notMeasured("factory", "@TestFactory", "dynamic tests are not measured")))));
    results.testEvents().assertStatistics(s -> s.started(0));
    assertThat(SweepTestCase.factoryBodyRan).isFalse();
    assertThat(kit.reportDir()).doesNotExist();
  }

  @Test
  void anArgumentWithoutATextOfItsOwnCannotNameABudget() {
    EngineExecutionResults results = kit.run(SweepTestCase.class, "sweptOverObjects");
    results.testEvents().assertThatEvents().haveExactly(1, event(test(), finishedWithFailure(
        instanceOf(ExtensionConfigurationException.class),
        message("@PerfBudget method [" + FIXTURE + "#sweptOverObjects] is swept over a java.lang.Object (argument 1) "
            + "whose text is Object's toString, which changes from run to run, so its budget key would too: give "
            + "Object a toString of its own, or sweep over values that have one (numbers, strings, enums, records)."))));
    assertThat(kit.reportDir()).doesNotExist();
  }

  private void assertTemplateError(String method, String annotation, String why) {
    EngineExecutionResults results = kit.run(SweepTestCase.class, method);
    results.containerEvents().assertThatEvents().haveExactly(1, event(container(method), finishedWithFailure(
        instanceOf(ExtensionConfigurationException.class), message(notMeasured(method, annotation, why)))));
    results.testEvents().assertStatistics(s -> s.started(0));
    assertThat(kit.reportDir()).doesNotExist();
  }

  private static String notMeasured(String method, String annotation, String why) {
    return "@PerfBudget method [" + FIXTURE + "#" + method + "] is also annotated with " + annotation
        + ", which would run it without measuring it: " + why + ". Remove " + annotation
        + ", or move the measurement into a @PerfBudget method of its own.";
  }

  /** A test template of a user's own: two invocations of the method, unmeasured. */
  @Target(ElementType.METHOD)
  @Retention(RetentionPolicy.RUNTIME)
  @TestTemplate
  @ExtendWith(TwiceProvider.class)
  @interface Twice {}

  static final class TwiceProvider implements TestTemplateInvocationContextProvider {
    @Override
    public boolean supportsTestTemplate(ExtensionContext context) {
      return context.getRequiredTestMethod().isAnnotationPresent(Twice.class);
    }

    @Override
    public Stream<TestTemplateInvocationContext> provideTestTemplateInvocationContexts(ExtensionContext context) {
      return Stream.of(new TestTemplateInvocationContext() {}, new TestTemplateInvocationContext() {});
    }
  }

  static class SweepTestCase {
    static volatile boolean factoryBodyRan;
    private final Work work = new Work();

    @ParameterizedTest
    @ValueSource(ints = {16, 32, 64})
    @PerfBudget(maxRatio = 20)
    void stepsAgainstSixteen(int steps, OpWorkload op) {
      op.baseline("16 steps", () -> work.steps(16)).candidate(steps + " steps", () -> work.steps(steps));
    }

    @PerfBudget(maxRatio = 20)
    void plain(OpWorkload op) {
      op.baseline("16 steps", () -> work.steps(16)).candidate("32 steps", () -> work.steps(32));
    }

    @Test
    @PerfBudget(maxRatio = 20)
    void besideTest(OpWorkload op) {
      op.baseline("16 steps", () -> work.steps(16)).candidate("32 steps", () -> work.steps(32));
    }

    @RepeatedTest(3)
    @PerfBudget(maxRatio = 20)
    void repeated(OpWorkload op) {
      op.baseline("16 steps", () -> work.steps(16)).candidate("32 steps", () -> work.steps(32));
    }

    @Twice
    @PerfBudget(maxRatio = 20)
    void twice(OpWorkload op) {
      op.baseline("16 steps", () -> work.steps(16)).candidate("32 steps", () -> work.steps(32));
    }

    @TestFactory
    @PerfBudget(maxRatio = 20)
    Stream<DynamicTest> factory(OpWorkload op) {
      factoryBodyRan = true;
      return Stream.of(DynamicTest.dynamicTest("unmeasured", () -> {}));
    }

    @ParameterizedTest
    @MethodSource("objects")
    @PerfBudget(maxRatio = 20)
    void sweptOverObjects(Object input, OpWorkload op) {
      op.baseline("16 steps", () -> work.steps(16)).candidate("32 steps", () -> work.steps(32));
    }

    static Stream<Object> objects() {
      return Stream.of(new Object());
    }
  }
}
