package dev.sepax.query;

import dev.sepax.Sepax;
import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.internal.BatchArguments;
import dev.sepax.internal.SingleCaller;
import dev.sepax.narrow.SatKernel;
import dev.sepax.shape.ConvexPolygons;

/**
 * One query polygon against many stored ones (geofencing: which fences does this vehicle touch?).
 *
 * <p>The query and the stored polygons live in one {@link ConvexPolygons} store, for example
 * {@code N} fences followed by the moving objects, rewritten each frame by {@link dev.sepax.shape.Poses}. A call
 * tests shape {@code query} against every shape of {@code [from, to)} except itself with the
 * instance's {@link SatKernel} (the SIMD kernel when {@link Sepax#overlap()} chose it), and writes
 * the indices of the shapes it intersects, in increasing order, to a caller-owned {@code int[]}.
 * Verdicts are exactly those of the kernel on the pairs {@code (query, i)}: touching counts at
 * tolerance 0, see {@link SatKernel}.
 *
 * <h2>Threads and allocation</h2>
 * An instance keeps a {@link PairBatch} of {@code (query, i)} pairs and an {@link OverlapBits},
 * rebuilt only when {@code query}, the range or the store size changes; repeated calls (a new
 * frame for the same vehicle) allocate nothing. One caller at a time: a call that starts while
 * another is running on the same instance throws {@link IllegalStateException} before touching
 * anything, so the running call's hits stay right (use one instance per thread). Calls from
 * different threads one after another are fine.
 */
public final class OneVsMany {
    private final SatKernel kernel;
    private final SingleCaller caller = new SingleCaller("OneVsMany");
    private PairBatch pairs = new PairBatch(0, 0);
    private OverlapBits bits = new OverlapBits(0);
    private int[] targets = new int[0];
    private int builtQuery = -1;
    private int builtFrom = -1;
    private int builtTo = -1;

    /** Uses {@link Sepax#overlap()}. */
    public OneVsMany() {
        this(Sepax.overlap());
    }

    /** Uses the given kernel. */
    public OneVsMany(SatKernel kernel) {
        if (kernel == null) {
            throw new IllegalArgumentException("kernel is null");
        }
        this.kernel = kernel;
    }

    /** The kernel this instance runs. */
    public SatKernel kernel() {
        return kernel;
    }

    /**
     * Tests shape {@code query} against shapes {@code [from, to)} (skipping {@code query} itself).
     *
     * @param hits receives the intersecting shape indices in increasing order; when there are
     *     more hits than {@code hits.length}, only the first {@code hits.length} are written
     * @return the number of intersecting shapes (may exceed {@code hits.length})
     * @throws IllegalArgumentException naming the bad argument ({@code query} out of range, null
     *     array, non-finite tolerance)
     * @throws IndexOutOfBoundsException if {@code [from, to)} is not a range within the store
     * @throws IllegalStateException if another call on this instance is running
     */
    public int query(ConvexPolygons shapes, int query, int from, int to, float tolerance, int[] hits) {
        if (shapes == null || hits == null) {
            throw new IllegalArgumentException("shapes or hits is null");
        }
        int n = shapes.size();
        if (query < 0 || query >= n) {
            throw new IllegalArgumentException("query=" + query + " out of range [0, " + n + ")");
        }
        if (from < 0 || to > n || from > to) {
            throw new IndexOutOfBoundsException("range [" + from + ", " + to + ") is not within [0, " + n + ")");
        }
        BatchArguments.checkTolerance(tolerance);
        caller.enter();
        try {
            return run(shapes, query, from, to, tolerance, hits);
        } finally {
            caller.exit();
        }
    }

    private int run(ConvexPolygons shapes, int query, int from, int to, float tolerance, int[] hits) {
        int n = shapes.size();
        prepare(n, query, from, to);
        int m = pairs.size();
        if (m == 0) {
            return 0;
        }
        int count = kernel.test(shapes, pairs, 0, m, tolerance, bits, null);
        // Walk the set bits: pair p is (query, targets[p]), and targets ascend.
        long[] words = bits.words();
        int written = 0;
        int limit = Math.min(count, hits.length);
        for (int w = 0; written < limit; w++) {
            long word = words[w];
            while (word != 0 && written < limit) {
                int p = (w << 6) + Long.numberOfTrailingZeros(word);
                hits[written++] = targets[p];
                word &= word - 1;
            }
        }
        return count;
    }

    /** {@link #query(ConvexPolygons, int, int, int, float, int[])} against every other shape. */
    public int query(ConvexPolygons shapes, int query, float tolerance, int[] hits) {
        return query(shapes, query, 0, shapes == null ? 0 : shapes.size(), tolerance, hits);
    }

    private void prepare(int n, int query, int from, int to) {
        if (pairs.shapeCount() == n && builtQuery == query && builtFrom == from && builtTo == to) {
            return;
        }
        int m = to - from - (query >= from && query < to ? 1 : 0);
        if (pairs.shapeCount() != n) {
            pairs = new PairBatch(n, m);
        }
        if (bits.capacity() < m) {
            bits = new OverlapBits(m);
        }
        if (targets.length < m) {
            targets = new int[m];
        }
        pairs.clear();
        for (int i = from; i < to; i++) {
            if (i != query) {
                targets[pairs.size()] = i;
                pairs.add(query, i);
            }
        }
        builtQuery = query;
        builtFrom = from;
        builtTo = to;
    }
}
