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
 * changes a verdict), runs the instance's {@link SatKernel} over them in batches of 64 (the
 * SIMD kernel where {@link Sepax#overlap()} chose it), stopping at the first batch with a hit, and
 * sets compound pair {@code i}'s bit iff some part pair intersects. Touching counts at tolerance 0; the verdict band is that of the
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
    /** Part pairs handed to the kernel at a time: a hit in one chunk ends the compound pair. */
    static final int CHUNK = 64;
    private PairBatch chunk = new PairBatch(0, 0);
    private final OverlapBits chunkBits = new OverlapBits(CHUNK);
    /** B's parts that A's AABB does not rule out. */
    private int[] bOnly = new int[0];

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

    private int run(Compounds compounds, PairBatch pairs, float tol, OverlapBits out) {
        ConvexPolygons parts = compounds.parts();
        if (chunk.shapeCount() != parts.size()) {
            chunk = new PairBatch(parts.size(), CHUNK);
        }
        if (bOnly.length < compounds.maxPartCount()) {
            bOnly = new int[compounds.maxPartCount()];
        }
        int hits = 0;
        for (int i = 0; i < pairs.size(); i++) {
            boolean hit = pair(compounds, parts, pairs.shapeA(i), pairs.shapeB(i), tol);
            out.set(i, hit);
            hits += hit ? 1 : 0;
        }
        return hits;
    }

    /**
     * One compound pair: its part pairs that survive the AABB compares go to the kernel 64 at a
     * time, stopping at the first chunk with a hit. Pruning uses the kernel's own AABB compares
     * ({@code ScalarSat.aabbSeparates}: {@code minX[b] - maxX[a] > tol}, ...), first against the
     * other compound's AABB: each compound bound is a min or max of its parts' bounds and float
     * subtraction is monotone, so a gap above tol there implies that gap for every part pair.
     */
    private boolean pair(Compounds c, ConvexPolygons parts, int a, int b, float tol) {
        if (c.minX(b) - c.maxX(a) > tol || c.minX(a) - c.maxX(b) > tol
                || c.minY(b) - c.maxY(a) > tol || c.minY(a) - c.maxY(b) > tol) {
            return false;
        }
        // B's parts near A's AABB.
        int nb = 0;
        for (int pb = c.firstPart(b); pb < c.firstPart(b + 1); pb++) {
            if (!(parts.minX(pb) - c.maxX(a) > tol || c.minX(a) - parts.maxX(pb) > tol
                    || parts.minY(pb) - c.maxY(a) > tol || c.minY(a) - parts.maxY(pb) > tol)) {
                bOnly[nb++] = pb;
            }
        }
        if (nb == 0) {
            return false;
        }
        chunk.clear();
        for (int pa = c.firstPart(a); pa < c.firstPart(a + 1); pa++) {
            float aMinX = parts.minX(pa);
            float aMinY = parts.minY(pa);
            float aMaxX = parts.maxX(pa);
            float aMaxY = parts.maxY(pa);
            if (c.minX(b) - aMaxX > tol || aMinX - c.maxX(b) > tol
                    || c.minY(b) - aMaxY > tol || aMinY - c.maxY(b) > tol) {
                continue;
            }
            for (int j = 0; j < nb; j++) {
                int pb = bOnly[j];
                if (parts.minX(pb) - aMaxX > tol || aMinX - parts.maxX(pb) > tol
                        || parts.minY(pb) - aMaxY > tol || aMinY - parts.maxY(pb) > tol) {
                    continue;
                }
                chunk.add(pa, pb);
                if (chunk.size() == CHUNK) {
                    if (kernel.test(parts, chunk, 0, CHUNK, tol, chunkBits, null) > 0) {
                        return true;
                    }
                    chunk.clear();
                }
            }
        }
        return chunk.size() > 0 && kernel.test(parts, chunk, 0, chunk.size(), tol, chunkBits, null) > 0;
    }
}
