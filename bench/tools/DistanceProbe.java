import dev.sepax.batch.Distances;
import dev.sepax.batch.PairBatch;
import dev.sepax.narrow.DistanceKernel;
import dev.sepax.shape.RoundedShapes;
import java.lang.management.ManagementFactory;

/**
 * Best-of-batch thread CPU time of one distance kernel on all 32 768 pairs of Wk (or R8 for
 * {@code k = 0}), in a JVM of its own; on a loaded host the thread's CPU time of the best batch
 * compares kernels and builds far more stably than wall-clock throughput. Also prints the least
 * bytes one measured batch allocated, the mean GJK iterations per pair, the mean over groups of
 * 16 consecutive pairs of their largest iteration count (the SIMD kernel's trips per group),
 * the exit codes, and a hash of every output (equal hashes: the same bits).
 *
 * <pre>
 * java --add-modules jdk.incubator.vector -cp bench/target/sepax-bench.jar bench/tools/DistanceProbe.java KERNEL K SECONDS
 *   KERNEL: simd | scalar
 * </pre>
 * A single-file program, run from source; not part of the build. The first 50 batches are
 * warm-up and not counted (the Vector API runs interpreted until C2 has compiled it).
 */
public final class DistanceProbe {
    public static void main(String[] a) {
        if (a.length != 3) {
            throw new IllegalArgumentException("usage: DistanceProbe simd|scalar K SECONDS");
        }
        int k = Integer.parseInt(a[1]);
        double seconds = Double.parseDouble(a[2]);
        RoundedShapes shapes;
        PairBatch pairs;
        if (k == 0) {
            var scene = dev.sepax.bench.RoundedWorkloads.r8(42);
            shapes = scene.shapes();
            pairs = scene.pairs();
        } else {
            var scene = dev.sepax.bench.Workloads.standard(k, 42);
            shapes = RoundedShapes.of(scene.shapes());
            pairs = scene.pairs();
        }
        DistanceKernel kernel = switch (a[0]) {
            case "simd" -> dev.sepax.simd.VectorDistance.INSTANCE;
            case "scalar" -> dev.sepax.narrow.ScalarDistance.INSTANCE;
            default -> throw new IllegalArgumentException("kernel " + a[0]);
        };
        Distances out = new Distances(pairs.size());
        var mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long best = Long.MAX_VALUE;
        long least = Long.MAX_VALUE;
        long end = System.nanoTime() + (long) (seconds * 1e9);
        int rounds = 0;
        while (System.nanoTime() < end || rounds <= 50) {
            long b0 = mx.getCurrentThreadAllocatedBytes();
            long t0 = mx.getCurrentThreadCpuTime();
            kernel.distances(shapes, pairs, out);
            long t = mx.getCurrentThreadCpuTime() - t0;
            long b = mx.getCurrentThreadAllocatedBytes() - b0;
            if (rounds >= 50) {
                best = Math.min(best, t);
                least = Math.min(least, b);
            }
            rounds++;
        }
        int n = pairs.size();
        long h = 0;
        long iterations = 0;
        long trips = 0;
        int groupMax = 0;
        int[] exits = new int[6];
        for (int p = 0; p < n; p++) {
            h = h * 31 + Float.floatToRawIntBits(out.distances()[p]);
            h = h * 31 + Float.floatToRawIntBits(out.pointAXs()[p]);
            h = h * 31 + Float.floatToRawIntBits(out.pointAYs()[p]);
            h = h * 31 + Float.floatToRawIntBits(out.pointBXs()[p]);
            h = h * 31 + Float.floatToRawIntBits(out.pointBYs()[p]);
            h = h * 31 + Float.floatToRawIntBits(out.normalXs()[p]);
            h = h * 31 + Float.floatToRawIntBits(out.normalYs()[p]);
            h = h * 31 + out.iterationCounts()[p];
            h = h * 31 + out.exits()[p];
            iterations += out.iterationCounts()[p];
            exits[out.exits()[p]]++;
            groupMax = Math.max(groupMax, out.iterationCounts()[p]);
            if (p % 16 == 15) {
                trips += groupMax;
                groupMax = 0;
            }
        }
        System.out.printf("%s %s: best batch %.1f ns/pair (%.2f M pairs/s) of %d, least %d B/batch, "
                        + "%.3f iterations/pair, %.2f per 16-pair group at most, exits %s, hash %016x%n",
                a[0], k == 0 ? "R8" : "W" + k, best / (double) n, n / (best / 1e9) / 1e6, rounds - 50, least,
                iterations / (double) n, trips / (n / 16.0), java.util.Arrays.toString(exits), h);
    }
}
