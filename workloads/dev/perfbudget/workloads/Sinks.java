package dev.perfbudget.workloads;

import org.openjdk.jmh.infra.Blackhole;

/** JMH's Blackhole, created outside a JMH run. */
final class Sinks {

  /** JMH asks whoever creates a Blackhole by hand to say they know it is meant for JMH itself. */
  private static final String JMH_CONSENT =
      "Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.";

  private Sinks() {}

  static Blackhole newBlackhole() {
    return new Blackhole(JMH_CONSENT);
  }
}
