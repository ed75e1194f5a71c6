import dev.sepax.batch.Distances;
import dev.sepax.batch.PairBatch;
import dev.sepax.shape.RoundedShapes;
import java.util.Arrays;

/**
 * How many trips the SIMD distance kernel's groups of 16 lanes would need under other ways of
 * filling the lanes, from the scalar reference's GJK iteration counts on Wk (or R8 for
 * {@code k = 0}); a lane-across-pairs group runs as many trips as its slowest pair's iterations.
 * Prints the iteration histogram (cores apart and cores overlapping), the mean group maximum in
 * the batch's order, with each block of pairs sorted by iterations (an oracle bound for any
 * reordering), with overlapping pairs first, and with a compaction after {@code t} trips (every
 * group runs {@code t} trips, then the unfinished pairs are packed into full groups).
 *
 * <p>With {@code SECONDS}, also times {@code VectorDistance} in one JVM (thread CPU time per
 * batch, best and median, batches alternated) on the batch as given, on its pairs shuffled (a
 * control: the same pairs in an order with no locality), on the shuffled pairs sorted by
 * iteration count in blocks of 64, and on all pairs sorted by iteration count: what fewer trips
 * per group are worth with no cost of regrouping at all.
 *
 * <pre>
 * java --add-modules jdk.incubator.vector -cp bench/target/sepax-bench.jar bench/tools/GjkTrips.java K [SECONDS]
 * </pre>
 * A single-file program, run from source; not part of the build.
 */
public final class GjkTrips {
    public static void main(String[] a) {
        int k = Integer.parseInt(a[0]);
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
        int n = pairs.size();
        Distances d = new Distances(n);
        dev.sepax.narrow.ScalarDistance.INSTANCE.distances(shapes, pairs, d);
        int[] it = d.iterationCounts();
        long sum = 0;
        int[] apart = new int[65];
        int[] overlap = new int[65];
        for (int p = 0; p < n; p++) {
            sum += it[p];
            if (d.distance(p) == 0) {
                overlap[it[p]]++;
            } else {
                apart[it[p]]++;
            }
        }
        System.out.printf("%s: %d pairs, mean iterations %.3f%n", k == 0 ? "R8" : "W" + k, n, (double) sum / n);
        for (int i = 1; i < 65; i++) {
            if (apart[i] + overlap[i] > 0) {
                System.out.printf("  %2d iterations: %6d apart  %6d touching or overlapping%n", i, apart[i], overlap[i]);
            }
        }
        System.out.printf("  trips per group, batch order:            %.3f%n", groupMax(it, n));
        for (int block : new int[] {64, 256, 2048}) {
            int[] s = it.clone();
            for (int b = 0; b < n; b += block) {
                Arrays.sort(s, b, Math.min(n, b + block));
            }
            System.out.printf("  sorted by iterations in blocks of %4d:  %.3f%n", block, groupMax(s, n));
        }
        int[] s = new int[n];
        int q = 0;
        for (int p = 0; p < n; p++) {
            if (d.distance(p) == 0) {
                s[q++] = it[p];
            }
        }
        for (int p = 0; p < n; p++) {
            if (d.distance(p) != 0) {
                s[q++] = it[p];
            }
        }
        System.out.printf("  overlapping pairs first:                 %.3f%n", groupMax(s, n));
        double groups = Math.ceil(n / 16.0);
        for (int t = 1; t <= 3; t++) {
            int[] left = new int[n];
            int m = 0;
            for (int p = 0; p < n; p++) {
                if (it[p] > t) {
                    left[m++] = it[p] - t;
                }
            }
            double trips = t * groups + groupMax(left, m) * Math.ceil(m / 16.0);
            System.out.printf("  compaction after %d trips (%4.1f%% left):   %.3f%n", t, 100.0 * m / n, trips / groups);
        }
        if (a.length > 1) {
            time(shapes, pairs, it, Double.parseDouble(a[1]));
        }
    }

    private static void time(RoundedShapes shapes, PairBatch pairs, int[] it, double seconds) {
        int n = pairs.size();
        int[] pa = new int[n];
        int[] pb = new int[n];
        pairs.copyIndices(pa, pb);
        Integer[] order = new Integer[n];
        for (int p = 0; p < n; p++) {
            order[p] = p;
        }
        java.util.Collections.shuffle(Arrays.asList(order), new java.util.Random(1));
        Integer[] block = order.clone();
        for (int b = 0; b < n; b += 64) {
            Arrays.sort(block, b, Math.min(n, b + 64), java.util.Comparator.comparingInt(p -> it[p]));
        }
        Integer[] all = order.clone();
        Arrays.sort(all, java.util.Comparator.comparingInt(p -> it[p]));
        String[] names = {"batch order", "shuffled", "shuffled, sorted in blocks of 64", "sorted by iterations"};
        PairBatch[] batches = {pairs, reorder(pa, pb, order, shapes), reorder(pa, pb, block, shapes), reorder(pa, pb, all, shapes)};
        Distances out = new Distances(n);
        var mx = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        int cap = 1 << 16;
        long[][] times = new long[batches.length][cap];
        long end = System.nanoTime() + (long) (seconds * 1e9);
        int r = 0;
        while ((System.nanoTime() < end || r <= 60) && r - 50 < cap) {
            for (int i = 0; i < batches.length; i++) {
                long t0 = mx.getCurrentThreadCpuTime();
                dev.sepax.simd.VectorDistance.INSTANCE.distances(shapes, batches[i], out);
                long t = mx.getCurrentThreadCpuTime() - t0;
                if (r >= 50) {
                    times[i][r - 50] = t;
                }
            }
            r++;
        }
        int m = r - 50;
        long[] base = Arrays.copyOf(times[1], m);
        Arrays.sort(base);
        for (int i = 0; i < batches.length; i++) {
            long[] t = Arrays.copyOf(times[i], m);
            Arrays.sort(t);
            System.out.printf("  %-34s best %6.1f  median %6.1f ns/pair   shuffled / this: %.2fx / %.2fx%n", names[i],
                    t[0] / (double) n, t[m / 2] / (double) n, base[0] / (double) t[0], base[m / 2] / (double) t[m / 2]);
        }
        System.out.println("  " + m + " rounds");
    }

    private static PairBatch reorder(int[] pa, int[] pb, Integer[] order, RoundedShapes shapes) {
        int n = order.length;
        int[] a = new int[n];
        int[] b = new int[n];
        for (int p = 0; p < n; p++) {
            a[p] = pa[order[p]];
            b[p] = pb[order[p]];
        }
        return PairBatch.of(a, b, shapes.size());
    }

    /** Mean over groups of 16 consecutive entries of their largest value. */
    private static double groupMax(int[] it, int n) {
        if (n == 0) {
            return 0;
        }
        long sum = 0;
        int groups = 0;
        for (int p = 0; p < n; p += 16) {
            int m = 0;
            for (int l = p; l < Math.min(n, p + 16); l++) {
                m = Math.max(m, it[l]);
            }
            sum += m;
            groups++;
        }
        return (double) sum / groups;
    }
}
