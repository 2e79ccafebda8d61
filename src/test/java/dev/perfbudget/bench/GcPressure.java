package dev.perfbudget.bench;

import java.util.SplittableRandom;

/**
 * Heavy GC pressure from another thread of the test JVM: a daemon thread that keeps about
 * 256 MB of small arrays alive and replaces them at random as fast as it can, so that young
 * collections run many times a second and survivors keep reaching the old generation.
 */
final class GcPressure {

  private static final int SLOTS = 1 << 18;
  private static final int BYTES = 1024;

  private GcPressure() {}

  static void start() {
    Thread thread =
        new Thread(
            () -> {
              byte[][] live = new byte[SLOTS][];
              SplittableRandom random = new SplittableRandom(42);
              while (true) {
                byte[] block = new byte[BYTES];
                block[0] = (byte) random.nextInt();
                live[random.nextInt(SLOTS)] = block;
              }
            },
            "quality-gc-pressure");
    thread.setDaemon(true);
    thread.start();
  }
}
