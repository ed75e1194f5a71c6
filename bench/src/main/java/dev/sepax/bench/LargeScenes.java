package dev.sepax.bench;

import dev.sepax.Sepax;
import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.batch.PairOrder;
import dev.sepax.broad.SweepAndPrune;
import dev.sepax.narrow.SatKernel;
import dev.sepax.shape.ConvexPolygons;
import dev.sepax.shape.SpatialOrder;
import java.io.PrintStream;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Cost per pair of the boolean test as the store outgrows the caches: n random 8-gons (sizes 0.5
 * to 1) on a square sized for about 1.15 candidate pairs per shape, ids in random spatial
 * order; the sweep-and-prune pairs tested as they come (random ids), then the same pairs in a
 * {@link SpatialOrder} store sorted on their first shape ({@link PairOrder}). Prints one row per
 * size: nanoseconds per pair for both, and each against the smallest size's. Timings are the
 * best of several passes over all pairs after a warm-up, on one thread, in the thread's CPU
 * time where the JVM measures it (a pass at 4e6 shapes takes seconds: on a shared machine its
 * wall time would include other processes' time slices, which a short pass at 1e5 can dodge).
 *
 * <pre>
 * java -Xmx8g --add-modules jdk.incubator.vector -cp bench/target/sepax-bench.jar \
 *     dev.sepax.bench.LargeScenes 100000 1000000 4000000
 * </pre>
 */
public final class LargeScenes {
    /** Square side per sqrt(shape): about 1.15 candidate pairs per shape for these 8-gons. */
    static final double SIDE_PER_ROOT = 1.73;

    private LargeScenes() {}

    /** Sizes as arguments (default 100000 1000000 4000000). */
    public static void main(String[] args) {
        int[] sizes = args.length == 0 ? new int[] {100_000, 1_000_000, 4_000_000} : new int[args.length];
        for (int i = 0; i < args.length; i++) {
            sizes[i] = Integer.parseInt(args[i]);
        }
        run(sizes, System.out);
    }

    static void run(int[] sizes, PrintStream out) {
        SatKernel kernel = Sepax.overlap();
        Sepax.warmUp();
        out.printf(Locale.ROOT, "kernel %s; 8-gons, about 1.15 candidate pairs per shape%n", kernel.name());
        out.printf(Locale.ROOT, "%10s %10s %8s %14s %14s %12s %12s%n", "shapes", "pairs", "hits", "random ns/pair",
                "ordered ns/pair", "random/first", "ordered/first");
        double firstRandom = 0;
        double firstOrdered = 0;
        for (int n : sizes) {
            ConvexPolygons shapes = scene(n, 7);
            PairBatch pairs = new PairBatch(n, 0);
            new SweepAndPrune().findPairs(shapes, 0f, pairs);
            OverlapBits hits = new OverlapBits(pairs.size());
            double random = nanosPerPair(kernel, shapes, pairs, hits);
            int hitCount = hits.count(pairs.size());
            SpatialOrder order = SpatialOrder.hilbert(shapes);
            PairBatch stored = new PairBatch(n, pairs.size());
            PairOrder.toStored(pairs, order, stored);
            new PairOrder().sortByFirst(stored, null);
            OverlapBits storedHits = new OverlapBits(stored.size());
            double ordered = nanosPerPair(kernel, order.store(), stored, storedHits);
            if (storedHits.count(stored.size()) != hitCount) {
                throw new IllegalStateException("n=" + n + ": ordered hits " + storedHits.count(stored.size())
                        + " != " + hitCount);
            }
            if (firstRandom == 0) {
                firstRandom = random;
                firstOrdered = ordered;
            }
            out.printf(Locale.ROOT, "%10d %10d %8d %14.1f %14.1f %12.2f %12.2f%n", n, pairs.size(), hitCount, random, ordered,
                    random / firstRandom, ordered / firstOrdered);
        }
    }

    /** Random 8-gons on a square, ids in random spatial order. */
    static ConvexPolygons scene(int n, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double side = Math.sqrt(n) * SIDE_PER_ROOT;
        ConvexPolygons.Builder b = ConvexPolygons.builder();
        for (int i = 0; i < n; i++) {
            b.add(Workloads.randomConvex(rnd, 8, (float) (rnd.nextDouble() * side), (float) (rnd.nextDouble() * side),
                    (float) (0.5 + 0.5 * rnd.nextDouble())));
        }
        return b.build();
    }

    /** Best of the timed passes over all pairs, after warm-up passes, in ns per pair. */
    private static double nanosPerPair(SatKernel kernel, ConvexPolygons shapes, PairBatch pairs, OverlapBits hits) {
        int passes = Math.max(3, (int) Math.min(40, 20_000_000L / Math.max(1, pairs.size())));
        for (int i = 0; i < passes; i++) {
            kernel.test(shapes, pairs, 0f, hits);
        }
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        boolean cpu = threads.isCurrentThreadCpuTimeSupported();
        long best = Long.MAX_VALUE;
        for (int i = 0; i < passes; i++) {
            long t0 = cpu ? threads.getCurrentThreadCpuTime() : System.nanoTime();
            kernel.test(shapes, pairs, 0f, hits);
            best = Math.min(best, (cpu ? threads.getCurrentThreadCpuTime() : System.nanoTime()) - t0);
        }
        return (double) best / Math.max(1, pairs.size());
    }
}
