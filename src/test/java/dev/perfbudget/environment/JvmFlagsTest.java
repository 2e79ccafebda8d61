package dev.perfbudget.environment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class JvmFlagsTest {

  private static final List<String> ARGUMENTS = List.of(
      "-Xmx1g", "-XX:+UseG1GC", "-Ddb.password=s3cret", "-Duser.timezone=UTC", "-Dflag",
      "-javaagent:/opt/agent.jar=token=abc", "--add-opens=java.base/java.lang=ALL-UNNAMED");

  @Test
  void keepsXFlagsAndPropertyNamesAndCountsTheRest() {
    assertThat(JvmFlags.describe(ARGUMENTS, Set.of()))
        .isEqualTo("-Xmx1g -XX:+UseG1GC -Ddb.password -Duser.timezone -Dflag (2 more arguments not shown)");
  }

  @Test
  void showsTheValuesOfListedPropertiesOnly() {
    assertThat(JvmFlags.describe(ARGUMENTS, Set.of("user.timezone")))
        .isEqualTo("-Xmx1g -XX:+UseG1GC -Ddb.password -Duser.timezone=UTC -Dflag (2 more arguments not shown)");
    assertThat(JvmFlags.describe(List.of("-Xss1m", "-ea"), Set.of())).isEqualTo("-Xss1m (1 more argument not shown)");
    assertThat(JvmFlags.describe(List.of(), Set.of())).isEmpty();
  }
}
