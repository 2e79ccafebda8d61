package dev.perfbudget.fork;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfbudget.plan.Fork;
import dev.perfbudget.testkit.TestSampling;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The fresh JVM's command: perfbudget's own options first, the project's after them. */
class FreshJvmCommandTest {

  @Test
  void theProjectsOptionsComeAfterPerfbudgetsOwnSoTheyWin() {
    Fork fork = new Fork(Fork.When.ALWAYS, Optional.of(List.of("-Xmx256m", "-XX:-StartAttachListener")), Optional.empty());
    FreshJvm jvm =
        new FreshJvm(new FreshJvm.Request("a.Test#op", "[engine:junit-jupiter]", FreshJvmCommandTest.class, Map.of(), fork, TestSampling.settings(Duration.ofSeconds(1))));

    List<String> command = jvm.command(Path.of("fork-folder"));

    assertThat(command)
        .as("C1 profiles in full, and the attach listener answers the engine's looks at the JIT")
        .contains("-XX:Tier3DelayOn=100000", "-XX:+StartAttachListener");
    assertThat(command)
        .as("the agent that starts the JDK's profiles afresh, from the fork's own folder")
        .contains("-javaagent:" + Path.of("fork-folder", JdkProfiles.AGENT_JAR));
    assertThat(command.indexOf("-XX:-StartAttachListener")).isGreaterThan(command.indexOf("-XX:+StartAttachListener"));
    assertThat(command.subList(command.size() - 2, command.size())).containsExactly(ForkMain.class.getName(), "fork-folder");
  }
}
