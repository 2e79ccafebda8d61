package dev.perfbudget.bench;

import com.google.gson.JsonObject;
import dev.perfbudget.testkit.PerfTestKit;
import java.nio.file.Files;
import java.nio.file.Path;

public final class ScratchBreakdown {
  public static void main(String[] args) throws Exception {
    String condition = args[0];
    var kind = QualityKinds.named(args[1]);
    Scenario scenario = Scenario.valueOf(args[2]);
    int count = Integer.parseInt(args[3]);
    if (condition.equals("gc")) GcPressure.start();
    Path dir = Files.createTempDirectory("perfbudget-bd");
    PerfTestKit kit = new PerfTestKit(dir).with("perfbudget.time.max", "").with("perfbudget.warmup.max", "")
        .with("perfbudget.fork", "never").with("perfbudget.ci", "false");
    if (scenario.recordsFirst()) { kit.with("perfbudget.mode", "record"); kit.run(kind.fixture(), scenario.method); kit.with("perfbudget.mode", "enforce"); }
    for (int i = 0; i < count; i++) {
      System.out.println("MARK start " + java.lang.management.ManagementFactory.getRuntimeMXBean().getUptime());
      long start = System.nanoTime();
      kit.run(kind.fixture(), scenario.method);
      double s = (System.nanoTime() - start) / 1e9;
      System.out.println("MARK end " + java.lang.management.ManagementFactory.getRuntimeMXBean().getUptime());
      JsonObject r = kit.result(kind.fixture(), scenario.method);
      long el = r.get("elapsedMs").getAsLong();
      long wu = r.has("warmUp") ? r.getAsJsonObject("warmUp").get("ms").getAsLong() : -1;
      System.out.printf("%s total %.3f elapsed %.3f warmup %.3f pairs %d gcpairs %d ratio %.3f [%s,%s] stop %s unconf %s note %s%n",
          r.get("verdict").getAsString(), s, el / 1e3, wu / 1e3, r.get("pairs").getAsInt(), r.get("pairsHitByGc").getAsInt(),
          r.get("ratio").getAsDouble(), r.get("ratioLow"), r.get("ratioHigh"), r.get("stop"), r.get("unconfirmedRatio"),
          r.has("note") ? r.get("note").getAsString().replace('\n',' ') : "");
      if (i == 0) System.out.println(r.getAsJsonObject("warmUp"));
      var pr = r.getAsJsonArray("pairRatios");
      double[] v = new double[pr.size()];
      for (int j = 0; j < v.length; j++) v[j] = pr.get(j).getAsDouble();
      double[] sorted = v.clone(); java.util.Arrays.sort(sorted);
      if (v.length > 0) System.out.printf("   pairs q: min %.2f p10 %.2f p25 %.2f p50 %.2f p75 %.2f p90 %.2f max %.2f  first16 %s%n", sorted[0], sorted[v.length/10], sorted[v.length/4], sorted[v.length/2], sorted[3*v.length/4], sorted[9*v.length/10], sorted[v.length-1],
          java.util.Arrays.toString(java.util.Arrays.copyOf(v, Math.min(16, v.length))).replaceAll("(\\.\\d\\d)\\d*", "$1"));
      System.out.println("   RATIOS " + java.util.Arrays.toString(v));
      for (String arm : new String[] {"baseline", "candidate"}) if (r.get(arm) instanceof JsonObject a) System.out.println("   " + arm + " " + a.get("nsPerOp") + " batch " + a.get("batch") + " samples " + a.get("samples") + " gc " + a.get("gcCount") + " " + a.get("figures"));
    }
    System.exit(0);
  }
}
