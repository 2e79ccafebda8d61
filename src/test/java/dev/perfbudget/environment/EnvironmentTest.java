package dev.perfbudget.environment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class EnvironmentTest {

  @Test
  void ciIsRecognizedByCiTrueOrACiServersOwnVariable() {
    assertThat(Environment.underCi(Map.of("CI", "true"))).isTrue();
    assertThat(Environment.underCi(Map.of("CI", "1"))).isTrue();
    assertThat(Environment.underCi(Map.of("JENKINS_URL", "https://ci.example.com/"))).isTrue();
    assertThat(Environment.underCi(Map.of("TF_BUILD", "True"))).isTrue();
    assertThat(Environment.underCi(Map.of("CI", "false"))).isFalse();
    assertThat(Environment.underCi(Map.of("HOME", "/root"))).isFalse();
  }

  @Test
  void theFingerprintOfThisJvmIsComplete() {
    Environment here = Environment.current();
    assertThat(here.jvm()).contains(System.getProperty("java.vm.vendor")).contains(System.getProperty("java.runtime.version"));
    assertThat(here.gc()).isNotBlank();
    assertThat(here.maxHeapBytes()).isPositive();
    assertThat(here.cpu()).isNotBlank();
    assertThat(here.cores()).isPositive();
    assertThat(here.os()).contains(System.getProperty("os.name"));
  }
}
