package dev.perfbudget.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.apiguardian.api.API;
import org.apiguardian.api.API.Status;
import org.junit.jupiter.api.Test;

/**
 * The pipeline's rules, checked on the compiled classes of the published jar: the engine knows
 * nothing of JUnit or files, the extension never reaches into a workload kind, kinds use only the
 * public API, the stages form no cycle, and every public type says whether it is API.
 */
class ArchitectureTest {

  private static final JavaClasses JAR =
      new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages("dev.perfbudget");

  private static final String API = "dev.perfbudget";
  private static final String WORKLOADS = "dev.perfbudget.workloads..";
  private static final Set<String> PUBLIC_PACKAGES = Set.of(API, "dev.perfbudget.workloads");

  @Test
  void theEngineImportsNeitherJUnitNorFiles() {
    noClasses()
        .that().resideInAPackage("dev.perfbudget.engine..")
        .should().dependOnClassesThat().resideInAnyPackage("org.junit..", "org.opentest4j..", "java.nio.file..")
        .because("the engine measures; JUnit is the glue's business and files are the budget's and reporters'")
        .check(JAR);
  }

  @Test
  void theExtensionNeverImportsAWorkloadKind() {
    noClasses()
        .that().resideOutsideOfPackage(WORKLOADS)
        .should().dependOnClassesThat().resideInAPackage(WORKLOADS)
        .because("kinds plug in through the Workload SPI, as users' own kinds do")
        .check(JAR);
  }

  @Test
  void workloadKindsUseOnlyThePublicApi() {
    noClasses()
        .that().resideInAPackage(WORKLOADS)
        .should().dependOnClassesThat(insideAnInternalPackage())
        .because("a kind of the project's own needs nothing that a user's kind cannot have")
        .check(JAR);
  }

  /**
   * The engine and the machine-load reading run between the reset of the JDK's profiles and the
   * end of the pairs. A regular expression there gives the regex code a profile of its own, and
   * an arm that matches text then runs code recompiled around it (a precompiled {@code Pattern}'s
   * match read 143 to 165 ns/op instead of JMH's 102 to 107).
   */
  @Test
  void whatRunsWhileArmsAreMeasuredUsesNoRegularExpression() {
    noClasses()
        .that().resideInAPackage("dev.perfbudget.engine..")
        .or().haveFullyQualifiedName("dev.perfbudget.environment.MachineLoad")
        .should().dependOnClassesThat().resideInAPackage("java.util.regex..")
        .orShould().callMethodWhere(DescribedPredicate.describe(
            "a String method that takes a regular expression",
            call -> call.getTarget().getOwner().isEquivalentTo(String.class)
                && Set.of("split", "matches", "replaceAll", "replaceFirst").contains(call.getTarget().getName())))
        .because("an arm that matches text shares the JDK's regex code with whatever runs beside it")
        .check(JAR);
  }

  @Test
  void theStagesFormNoCycle() {
    slices().matching("dev.perfbudget.(*)..").should().beFreeOfCycles().check(JAR);
  }

  /**
   * The API package sits on top of the stages only through the one reference that JUnit needs:
   * {@code @PerfBudget} names its extension in {@code @ExtendWith}.
   */
  @Test
  void theApiPackageReachesTheStagesOnlyThroughTheAnnotation() {
    noClasses()
        .that().resideInAPackage(API)
        .and().doNotHaveSimpleName("PerfBudget")
        .should().dependOnClassesThat(insideAnInternalPackage())
        .check(JAR);
    classes()
        .that().haveSimpleName("PerfBudget").and().resideInAPackage(API)
        .should().onlyDependOnClassesThat(
            DescribedPredicate.not(insideAnInternalPackage())
                .or(DescribedPredicate.describe("the glue", c -> c.getPackageName().equals("dev.perfbudget.junit"))))
        .check(JAR);
  }

  @Test
  void everyPublicTypeSaysWhetherItIsApi() {
    classes()
        .that().arePublic().and().areTopLevelClasses()
        .should(beMarkedAsTheirPackageAsks())
        .check(JAR);
  }

  @Test
  void benchmarkCodeStaysOutOfTheJar() {
    noClasses()
        .should().resideInAPackage("dev.perfbudget.bench..")
        .orShould().haveSimpleName("PoolMatrix")
        .orShould().haveSimpleName("ChurnScenario")
        .because("benchmarks and their presets live in src/test and never ship")
        .check(JAR);
  }

  @Test
  void theDesignRecordListsEveryPublicType() throws IOException {
    String page = Files.readString(Path.of("docs", "architecture.md"));
    List<String> missing =
        JAR.stream()
            .filter(c -> c.getModifiers().contains(JavaModifier.PUBLIC) && c.isTopLevelClass())
            .map(JavaClass::getSimpleName)
            .filter(name -> !page.contains("`" + name + "`") && !page.contains("." + name + "`"))
            .sorted()
            .toList();
    assertThat(missing).as("public types of the jar that docs/architecture.md does not list").isEmpty();
  }

  private static DescribedPredicate<JavaClass> insideAnInternalPackage() {
    return DescribedPredicate.describe(
        "reside in an internal package of perfbudget",
        c -> c.getPackageName().startsWith(API + ".") && !PUBLIC_PACKAGES.contains(c.getPackageName()));
  }

  /** API packages: STABLE, MAINTAINED or EXPERIMENTAL; internal packages: any @API status. */
  private static ArchCondition<JavaClass> beMarkedAsTheirPackageAsks() {
    return new ArchCondition<>("be marked with @API as their package asks") {
      @Override
      public void check(JavaClass type, ConditionEvents events) {
        boolean marked = type.isAnnotatedWith(API.class);
        Status status = marked ? type.getAnnotationOfType(API.class).status() : null;
        boolean inApi = PUBLIC_PACKAGES.contains(type.getPackageName());
        boolean right =
            inApi
                ? status == Status.STABLE || status == Status.MAINTAINED || status == Status.EXPERIMENTAL
                : marked && !type.getModifiers().contains(JavaModifier.SYNTHETIC);
        String message =
            type.getName() + (inApi ? " is public API and must be @API(status = STABLE or EXPERIMENTAL)" : " must be marked @API(status = INTERNAL)")
                + (marked ? ", but is " + status : ", but has no @API");
        events.add(new SimpleConditionEvent(type, right, message));
      }
    };
  }
}
