package dev.sepax.concave;

import dev.sepax.Sepax;
import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.internal.BatchArguments;
import dev.sepax.internal.SingleCaller;
import dev.sepax.narrow.SatKernel;
import dev.sepax.shape.ConvexPolygons;

/**
 * Boolean verdicts for pairs of compounds: does compound A intersect compound B?
 *
 * <p>A call expands each candidate compound pair into the pairs of their parts whose AABBs the
 * kernel's own AABB compares would not separate (the same float expressions, so pruning never
 * changes a verdict), runs the instance's {@link SatKernel} over all of them in one batch (the
 * SIMD kernel where {@link Sepax#overlap()} chose it), and sets compound pair {@code i}'s bit iff
 * some part pair intersects. Touching counts at tolerance 0; the verdict band is that of the
 * kernel on the parts' store.
 *
 * <h2>Threads and allocation</h2>
 * An instance keeps its part-pair batch and bits and reuses them: once they are large enough, a
 * call allocates nothing. One caller at a time (a concurrent call on the same instance throws
 * {@link IllegalStateException} before touching anything); use one instance per thread over a
 * shared {@link Compounds} store.
 */
public final class CompoundOverlap {
    private final SatKernel kernel;
    private final SingleCaller caller = new SingleCaller("CompoundOverlap");
    private PairBatch partPairs = new PairBatch(0, 0);
    private OverlapBits partBits = new OverlapBits(0);
    /** Per compound pair: the end of its part pairs in {@code partPairs}. */
    private int[] ends = new int[0];

    /** Uses {@link Sepax#overlap()}. */
    public CompoundOverlap() {
        this(Sepax.overlap());
    }

    /** Uses the given kernel. */
    public CompoundOverlap(SatKernel kernel) {
        if (kernel == null) {
            throw new IllegalArgumentException("kernel is null");
        }
        this.kernel = kernel;
    }

    /**
     * Tests compound pairs {@code [0, pairs.size())}: bit {@code i} of {@code out} is set iff the
     * compounds of pair {@code i} intersect (other bits are left alone).
     *
     * @return the number of intersecting compound pairs
     * @throws IllegalArgumentException if an argument is null, {@code pairs} was validated
     *     against another compound count, {@code out} is too small or the tolerance is not finite
     * @throws IllegalStateException if another call on this instance is running
     */
    public int test(Compounds compounds, PairBatch pairs, float tolerance, OverlapBits out) {
        if (compounds == null || pairs == null || out == null) {
            throw new IllegalArgumentException("compounds, pairs or out is null");
        }
        if (pairs.shapeCount() != compounds.size()) {
            throw new IllegalArgumentException("pairs validated against " + pairs.shapeCount()
                    + " shapes, compounds has " + compounds.size());
        }
        if (out.capacity() < pairs.size()) {
            throw new IllegalArgumentException("out holds " + out.capacity() + " verdicts < " + pairs.size() + " pairs");
        }
        BatchArguments.checkTolerance(tolerance);
        caller.enter();
        try {
            return run(compounds, pairs, tolerance, out);
        } finally {
            caller.exit();
        }
    }

    private int run(Compounds compounds, PairBatch pairs, float tolerance, OverlapBits out) {
        ConvexPolygons parts = compounds.parts();
        int n = pairs.size();
        expand(compounds, pairs, tolerance);
        int m = partPairs.size();
        if (m > 0) {
            kernel.test(parts, partPairs, 0, m, tolerance, partBits, null);
        }
        long[] words = partBits.words();
        int hits = 0;
        int begin = 0;
        for (int i = 0; i < n; i++) {
            int end = ends[i];
            boolean hit = begin < end && anySet(words, begin, end);
            out.set(i, hit);
            hits += hit ? 1 : 0;
            begin = end;
        }
        return hits;
    }

    /** Fills partPairs with the AABB survivors of every compound pair; ends[i] marks pair i's end. */
    private void expand(Compounds compounds, PairBatch pairs, float tol) {
        ConvexPolygons parts = compounds.parts();
        int n = pairs.size();
        if (partPairs.shapeCount() != parts.size()) {
            partPairs = new PairBatch(parts.size(), Math.max(64, 4 * n));
        }
        if (ends.length < n) {
            ends = new int[Math.max(n, 2 * ends.length)];
        }
        partPairs.clear();
        float[] cb = compounds.boundsArray();
        int[] first = compounds.firstPartArray();
        for (int i = 0; i < n; i++) {
            int a = pairs.shapeA(i);
            int b = pairs.shapeB(i);
            // Compound AABBs first: each bound is a min or max over the parts' bounds and float
            // subtraction is monotone, so a compound gap > tol implies that gap for every part pair.
            if (!(cb[4 * b] - cb[4 * a + 2] > tol || cb[4 * a] - cb[4 * b + 2] > tol
                    || cb[4 * b + 1] - cb[4 * a + 3] > tol || cb[4 * a + 1] - cb[4 * b + 3] > tol)) {
                for (int pa = first[a]; pa < first[a + 1]; pa++) {
                    float aMinX = parts.minX(pa);
                    float aMinY = parts.minY(pa);
                    float aMaxX = parts.maxX(pa);
                    float aMaxY = parts.maxY(pa);
                    if (cb[4 * b] - aMaxX > tol || aMinX - cb[4 * b + 2] > tol
                            || cb[4 * b + 1] - aMaxY > tol || aMinY - cb[4 * b + 3] > tol) {
                        continue;
                    }
                    for (int pb = first[b]; pb < first[b + 1]; pb++) {
                        // The kernel's AABB compares (ScalarSat.aabbSeparates), in the same order.
                        if (parts.minX(pb) - aMaxX > tol || aMinX - parts.maxX(pb) > tol
                                || parts.minY(pb) - aMaxY > tol || aMinY - parts.maxY(pb) > tol) {
                            continue;
                        }
                        partPairs.add(pa, pb);
                    }
                }
            }
            ends[i] = partPairs.size();
        }
        if (partBits.capacity() < partPairs.size()) {
            partBits = new OverlapBits(Math.max(partPairs.size(), 2 * partBits.capacity()));
        }
    }

    /** Is any bit of {@code [from, to)} set? */
    private static boolean anySet(long[] words, int from, int to) {
        int w0 = from >>> 6;
        int w1 = (to - 1) >>> 6;
        long first = -1L << (from & 63);
        long last = -1L >>> (63 - ((to - 1) & 63));
        if (w0 == w1) {
            return (words[w0] & first & last) != 0;
        }
        if ((words[w0] & first) != 0) {
            return true;
        }
        for (int w = w0 + 1; w < w1; w++) {
            if (words[w] != 0) {
                return true;
            }
        }
        return (words[w1] & last) != 0;
    }
}
