package dev.sepax.bench;

import dev.sepax.batch.PairBatch;
import dev.sepax.broad.PersistentBroadPhase;
import dev.sepax.broad.SweepAndPrune;
import dev.sepax.shape.ConvexPolygons;
import dev.sepax.shape.Poses;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Locale;

/**
 * The persistent broad phase against the rebuild, in one JVM, frame by frame: the scene
 * {@code F<bodies>} ({@link FrameScene}) runs in for 300 frames, then each measured frame steps
 * it, transforms it, and feeds the same world store to {@link PersistentBroadPhase} (fat margin
 * {@link FrameEngines#FAT_MARGIN}) and to {@link SweepAndPrune}, in alternating order, timing
 * each in the thread's CPU time. Prints the medians, their ratio, and the persistent broad
 * phase's counts per frame (refits, live pairs, pairs added or removed). On a shared machine the
 * medians of such interleaved frames are steadier than JMH's per-fork averages, whose forks can
 * land in periods of different load.
 *
 * <pre>
 * java --add-modules jdk.incubator.vector -cp bench/target/sepax-bench.jar \
 *     dev.sepax.bench.BroadPhaseProbe 20000 300
 * </pre>
 */
public final class BroadPhaseProbe {
    static final int RUN_IN = 300;

    private BroadPhaseProbe() {}

    /** Arguments: bodies (default 20000), measured frames (default 300). */
    public static void main(String[] args) {
        int bodies = args.length > 0 ? Integer.parseInt(args[0]) : 20_000;
        int frames = args.length > 1 ? Integer.parseInt(args[1]) : 300;
        if (bodies < 1 || frames < 1) {
            throw new IllegalArgumentException("bodies=" + bodies + ", frames=" + frames + ": both must be >= 1");
        }
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        FrameScene scene = new FrameScene(bodies, 42);
        Poses poses = new Poses(bodies);
        ConvexPolygons world = scene.local().newWorldStore();
        PersistentBroadPhase persistent = new PersistentBroadPhase(bodies, 0f, FrameEngines.FAT_MARGIN);
        SweepAndPrune sweep = new SweepAndPrune();
        PairBatch rebuilt = new PairBatch(bodies, 0);
        long[] persistentNanos = new long[frames];
        long[] rebuildNanos = new long[frames];
        long refits = 0;
        long live = 0;
        long churn = 0;
        for (int f = -RUN_IN; f < frames; f++) {
            scene.step();
            for (int i = 0; i < bodies; i++) {
                poses.setCosSin(i, (float) scene.x[i], (float) scene.y[i], (float) scene.cos[i], (float) scene.sin[i]);
            }
            poses.transform(scene.local(), world);
            for (int k = 0; k < 2; k++) {
                boolean persistentTurn = (k == 0) == ((f & 1) == 0);
                long t0 = threads.getCurrentThreadCpuTime();
                if (persistentTurn) {
                    persistent.update(world);
                } else {
                    sweep.findPairs(world, 0f, rebuilt);
                }
                long t = threads.getCurrentThreadCpuTime() - t0;
                if (f >= 0) {
                    (persistentTurn ? persistentNanos : rebuildNanos)[f] = t;
                }
            }
            if (f >= 0) {
                refits += persistent.refitCount();
                live += persistent.liveCount();
                churn += persistent.addedCount() + persistent.removedCount();
            }
        }
        Arrays.sort(persistentNanos);
        Arrays.sort(rebuildNanos);
        double p = persistentNanos[frames / 2] / 1e3;
        double r = rebuildNanos[frames / 2] / 1e3;
        System.out.printf(Locale.ROOT, "F%d: persistent %.0f us, rebuild %.0f us per frame (medians of %d, thread CPU time);"
                + " persistent / rebuild %.3f%n", bodies, p, r, frames, p / r);
        System.out.printf(Locale.ROOT, "  per frame: %.0f refits, %.0f live pairs, %.0f pairs added or removed;"
                + " %d exact AABB pairs in the last frame%n",
                (double) refits / frames, (double) live / frames, (double) churn / frames, rebuilt.size());
    }
}
