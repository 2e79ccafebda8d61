package dev.perfbudget.examples;

import dev.perfbudget.PerfBudget;
import dev.perfbudget.workloads.OpWorkload;

/**
 * The cost of a call across an API boundary, net of the loop that makes it: a call that returns
 * a scalar against one that builds a small record and serializes it, as a host API would hand
 * it to a script. The op workload subtracts an empty loop's cost from both, so the ratio is
 * the ratio of the calls themselves. docs/boundary.md shows the numbers measured here.
 */
class BoundaryCallPerfTest {

  private final Host host = new Host("Linux", Runtime.getRuntime().availableProcessors());

  /**
   * Serializing a three-field record costs about 7 clock reads here (docs/boundary.md); an order
   * of magnitude past that means the serialization went wrong.
   */
  @PerfBudget(maxRatio = 50)
  void serializingHostInfoStaysWithin50xOfReadingTheClock(OpWorkload op) {
    op.baseline("host.now()", host::now).candidate("host.info()", host::info);
  }

  /** A host API: one scalar call and one that returns a serialized record. */
  static final class Host {
    private final String os;
    private final int cores;

    Host(String os, int cores) {
      this.os = os;
      this.cores = cores;
    }

    /** A scalar: the monotonic clock, one call into the VM. */
    long now() {
      return System.nanoTime();
    }

    /** A record built and serialized to JSON text, the way a boundary hands over a struct. */
    String info() {
      return new HostInfo(os, cores, System.nanoTime()).toJson();
    }
  }

  record HostInfo(String os, int cores, long uptimeNanos) {
    String toJson() {
      return new StringBuilder(64)
          .append("{\"os\":\"")
          .append(os)
          .append("\",\"cores\":")
          .append(cores)
          .append(",\"uptimeNanos\":")
          .append(uptimeNanos)
          .append('}')
          .toString();
    }
  }
}
