package dev.perfbudget.units;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class DurationParserTest {

  @Test
  void readsEveryUnit() {
    assertThat(DurationParser.parse("250ns")).isEqualTo(Duration.ofNanos(250));
    assertThat(DurationParser.parse("20us")).isEqualTo(Duration.ofNanos(20_000));
    assertThat(DurationParser.parse("500ms")).isEqualTo(Duration.ofMillis(500));
    assertThat(DurationParser.parse("1.5 s")).isEqualTo(Duration.ofMillis(1500));
    assertThat(DurationParser.parse("2m")).isEqualTo(Duration.ofMinutes(2));
    assertThat(DurationParser.parse(" 5S ")).isEqualTo(Duration.ofSeconds(5));
  }

  @Test
  void rejectsWhatItCannotRead() {
    assertThatThrownBy(() -> DurationParser.parse("5")).hasMessage("expected a duration such as 500ms, 5s or 20us");
    assertThatThrownBy(() -> DurationParser.parse("five s")).hasMessage("expected a duration such as 500ms, 5s or 20us");
    assertThatThrownBy(() -> DurationParser.parse("0ms")).hasMessage("expected a duration above zero");
  }
}
