import dev.sepax.batch.PairBatch;
import dev.sepax.batch.SweepResults;
import dev.sepax.bench.Workloads;
import dev.sepax.narrow.SweepKernel;
import dev.sepax.shape.ConvexPolygons;
import dev.sepax.shape.Velocities;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;

/**
 * Checks the sweep for history-dependent boxing: runs large merge-class sweeps (40-100
 * vertices) first, then W4 (or the given k) sweep batches, and prints the bytes per batch, then
 * the allocation sites of 300 batches (JFR stack traces, five frames each). Before the lanes
 * across pairs stopped carrying vectors round a loop, about one JVM in four to twelve then
 * allocated about 1.7 MB per W4 batch (one C2 compile kept the loop-carried vectors boxed);
 * {@code SweepHistoryAllocationTest} now guards it in the build (docs/decisions.md).
 *
 * <pre>javac --add-modules jdk.incubator.vector -cp bench/target/sepax-bench.jar -d bench/target/tools bench/tools/SweepHistoryProbe.java
 * java --add-modules jdk.incubator.vector -cp bench/target/tools:bench/target/sepax-bench.jar SweepHistoryProbe 4 big</pre>
 * ({@code big}: run the merge-class sweeps first; without it the same W4 loop alone.) Compiled,
 * not run from source: the source launcher's own compile changes the JVM's history, and the
 * boxing was not seen in 18 source-launched runs.
 */
public class SweepHistoryProbe {
    static final SweepKernel SWEEP = simd();

    static SweepKernel simd() {
        try {
            java.lang.reflect.Field f = Class.forName("dev.sepax.simd.VectorSweep").getDeclaredField("INSTANCE");
            f.setAccessible(true);
            return (SweepKernel) f.get(null);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("the SIMD sweep kernel is not on the class path", e);
        }
    }

    record S(ConvexPolygons s, Velocities v, PairBatch p, SweepResults out) {}

    static S scene(int kMin, int kMax, int shapes, int pairCount, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        ConvexPolygons.Builder b = ConvexPolygons.builder();
        for (int i = 0; i < shapes; i++) {
            int k = kMin + rnd.nextInt(kMax - kMin + 1);
            b.add(Workloads.randomConvex(rnd, k, (float) rnd.nextDouble(0, 60), (float) rnd.nextDouble(0, 60), (float) rnd.nextDouble(1, 4)));
        }
        ConvexPolygons s = b.build();
        PairBatch pairs = new PairBatch(s, 0);
        for (int p = 0; p < pairCount; p++) {
            pairs.add(rnd.nextInt(shapes), rnd.nextInt(shapes));
        }
        Velocities v = new Velocities(shapes);
        for (int i = 0; i < shapes; i++) {
            v.set(i, (float) rnd.nextDouble(-8, 8), (float) rnd.nextDouble(-8, 8));
        }
        return new S(s, v, pairs, new SweepResults(pairs.size()));
    }

    static long alloc() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean()).getCurrentThreadAllocatedBytes();
    }

    public static void main(String[] args) throws Exception {
        int k = Integer.parseInt(args[0]);
        boolean history = args.length > 1 && args[1].equals("big");
        S big = scene(40, 100, 1024, 49152, 7);
        S w4 = scene(k, k, 512, 4096, 4);
        if (history) {
            for (int r = 0; r < 300; r++) {
                SWEEP.sweep(big.s, big.v, big.p, 1f, big.out);
            }
        }
        for (int r = 0; r < 4000; r++) {
            SWEEP.sweep(w4.s, w4.v, w4.p, 1f, w4.out);
        }
        long a0 = alloc();
        for (int r = 0; r < 100; r++) {
            SWEEP.sweep(w4.s, w4.v, w4.p, 1f, w4.out);
        }
        System.out.println("PROBE W" + k + " history=" + history + " bytes per batch " + (alloc() - a0) / 100);
        Path file = java.nio.file.Files.createTempFile("sweep-history", ".jfr");
        try (Recording rec = new Recording()) {
            rec.enable("jdk.ObjectAllocationInNewTLAB").withStackTrace();
            rec.enable("jdk.ObjectAllocationOutsideTLAB").withStackTrace();
            rec.enable("jdk.Deoptimization").withStackTrace();
            rec.start();
            for (int r = 0; r < 300; r++) {
                SWEEP.sweep(w4.s, w4.v, w4.p, 1f, w4.out);
            }
            rec.stop();
            rec.dump(file);
        }
        Map<String, Integer> sites = new TreeMap<>();
        for (RecordedEvent e : RecordingFile.readAllEvents(file)) {
            if (e.getStackTrace() == null) {
                continue;
            }
            StringBuilder key = new StringBuilder(e.getEventType().getName().replace("jdk.", "") + " ");
            if (e.hasField("objectClass")) key.append(e.getClass("objectClass").getName());
            if (e.hasField("reason")) key.append(e.getString("reason")).append('/').append(e.getString("action"));
            int n = 0;
            for (RecordedFrame f : e.getStackTrace().getFrames()) {
                key.append(" <- ").append(f.getMethod().getName()).append(':').append(f.getLineNumber()).append('[').append(f.getType()).append(']');
                if (++n == 5) {
                    break;
                }
            }
            sites.merge(key.toString(), 1, Integer::sum);
        }
        sites.forEach((key, count) -> System.out.println("SITE " + count + " " + key));
    }
}
