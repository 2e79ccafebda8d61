package example;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Ordinary tests that take a moment each, so that one running beside a perf test would show. */
class Ordinary2Test {

  @Test
  void slugifiesPunctuation() throws InterruptedException {
    Thread.sleep(40);
    assertEquals("hello-world", Slugs.slugify("Hello, World!"));
  }

  @Test
  void slugifiesDigits() throws InterruptedException {
    Thread.sleep(40);
    assertEquals("java-17", Slugs.slugify("Java 17"));
  }

  @Test
  void slugOfNothingIsEmpty() throws InterruptedException {
    Thread.sleep(40);
    assertEquals("", Slugs.slugify("!!!"));
  }
}
