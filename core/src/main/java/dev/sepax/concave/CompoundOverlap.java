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
 * changes a verdict), block by block of the compounds' spatially ordered parts, runs the
 * instance's {@link SatKernel} over them (the SIMD kernel where {@link Sepax#overlap()} chose
 * it; the first 256 part pairs of a compound pair one at a time, then batches of 64), stopping at
 * the first hit, and sets compound pair {@code i}'s bit iff some part pair intersects. Before that
 * search, up to {@link #SEEDS} part pairs that contain a common point of the compounds' lattices
 * ({@link Lattice}) go to the kernel: most intersecting compound pairs end there, after one
 * kernel call. Every verdict is the kernel's on some part pair, and a compound pair is reported
 * apart only after the full search, so the order changes no bit. Touching counts at tolerance 0;
 * the verdict band is that of the kernel on the parts' store.
 *
 * <p>The tolerance is applied part by part: compound pair {@code i} intersects at
 * {@code tolerance} iff some pair of their parts intersects at {@code tolerance} by the kernel's
 * own rule. At a negative tolerance that is not the depth of the compounds' overlap: compounds
 * that overlap deeply across several parts, where every overlapping part pair is shallower than
 * {@code -tolerance}, are reported apart (the parts follow the decomposition, not the overlap).
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
    /** Part pairs handed to the batch kernel at a time: a hit in one chunk ends the compound pair. */
    static final int CHUNK = 64;
    /**
     * Part pairs of a compound pair tested one at a time before the rest go in chunks: an
     * intersecting compound pair usually has a hit among its first few part pairs, and a chunk
     * would test up to 64.
     */
    static final int SINGLE = 256;
    /** Part pairs from common lattice points tried before the search. */
    static final int SEEDS = 4;
    private final int[] seedA = new int[SEEDS];
    private final int[] seedB = new int[SEEDS];
    private PairBatch chunk = new PairBatch(0, 0);
    private final OverlapBits chunkBits = new OverlapBits(CHUNK);
    /** B's blocks that A's AABB does not rule out. */
    private int[] nearBlocks = new int[0];
    /** Of those, the ones near the current block of A. */
    private int[] blockNear = new int[0];

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
     * Tests compound pairs {@code [0, pairs.size())}: bit {@code i} of {@code out} is set iff
     * some pair of parts of the compounds of pair {@code i} intersects at {@code tolerance}
     * (other bits are left alone); at a negative tolerance that is part by part, not the depth of
     * the compounds' overlap (see the class comment).
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
        int maxBlocks = (compounds.maxPartCount() + Compounds.BLOCK - 1) / Compounds.BLOCK;
        if (nearBlocks.length < maxBlocks) {
            nearBlocks = new int[maxBlocks];
            blockNear = new int[maxBlocks];
        }
        Lattice lattice = compounds.lattice();
        int hits = 0;
        for (int i = 0; i < pairs.size(); i++) {
            boolean hit = pair(compounds, lattice, parts, pairs.shapeA(i), pairs.shapeB(i), tol);
            out.set(i, hit);
            hits += hit ? 1 : 0;
        }
        return hits;
    }

    /**
     * One compound pair. First the part pairs at common lattice points, then the search: the
     * part pairs that survive the AABB compares go to the kernel, the first {@link #SINGLE} one
     * at a time (an intersecting compound pair is usually decided
     * within a few), the rest {@link #CHUNK} at a time, stopping at the first hit. Parts are
     * visited block by block ({@link Compounds#BLOCK} consecutive parts in Hilbert order): B's
     * blocks near A are listed once, those near each block of A once per block, and only those
     * are compared with the block's parts; a block whose bounds are separated skips all its parts.
     *
     * <p>Pruning uses the kernel's own AABB compares ({@code ScalarSat.aabbSeparates}:
     * {@code minX[b] - maxX[a] > tol}, ...), with A's side on the right of each subtraction as in
     * the part pair {@code (pa, pb)}. A compound's or a block's bound is a min or max of its
     * parts' bounds and float subtraction is monotone, so a gap above tol there implies that gap
     * for every part pair under it: pruning never changes a verdict.
     */
    private boolean pair(Compounds c, Lattice lattice, ConvexPolygons parts, int a, int b, float tol) {
        float aMinX = c.minX(a);
        float aMinY = c.minY(a);
        float aMaxX = c.maxX(a);
        float aMaxY = c.maxY(a);
        float bMinX = c.minX(b);
        float bMinY = c.minY(b);
        float bMaxX = c.maxX(b);
        float bMaxY = c.maxY(b);
        if (bMinX - aMaxX > tol || aMinX - bMaxX > tol || bMinY - aMaxY > tol || aMinY - bMaxY > tol) {
            return false;
        }
        int seeds = lattice.common(a, b, seedA, seedB, SEEDS);
        for (int s = 0; s < seeds; s++) {
            if (kernel.intersects(parts, seedA[s], seedB[s], tol)) {
                return true;
            }
        }
        float[] blocks = c.blockBoundsArray();
        // B's blocks near A's AABB.
        int nb = 0;
        for (int r = c.firstBlock(b); r < c.firstBlock(b + 1); r++) {
            if (!(blocks[4 * r] - aMaxX > tol || aMinX - blocks[4 * r + 2] > tol
                    || blocks[4 * r + 1] - aMaxY > tol || aMinY - blocks[4 * r + 3] > tol)) {
                nearBlocks[nb++] = r;
            }
        }
        if (nb == 0) {
            return false;
        }
        int firstA = c.firstPart(a);
        int endA = c.firstPart(a + 1);
        int firstB = c.firstPart(b);
        int endB = c.firstPart(b + 1);
        int blockA = c.firstBlock(a);
        int blockB = c.firstBlock(b);
        int singles = 0;
        chunk.clear();
        for (int q = blockA; q < c.firstBlock(a + 1); q++) {
            if (bMinX - blocks[4 * q + 2] > tol || blocks[4 * q] - bMaxX > tol
                    || bMinY - blocks[4 * q + 3] > tol || blocks[4 * q + 1] - bMaxY > tol) {
                continue;
            }
            // B's blocks near this block of A: a part of A lies inside its block's bounds, so a
            // block of B separated from the block is separated from each of its parts.
            int nq = 0;
            for (int j = 0; j < nb; j++) {
                int r = nearBlocks[j];
                if (!(blocks[4 * r] - blocks[4 * q + 2] > tol || blocks[4 * q] - blocks[4 * r + 2] > tol
                        || blocks[4 * r + 1] - blocks[4 * q + 3] > tol || blocks[4 * q + 1] - blocks[4 * r + 3] > tol)) {
                    blockNear[nq++] = r;
                }
            }
            if (nq == 0) {
                continue;
            }
            int qEnd = Math.min(endA, firstA + (q - blockA + 1) * Compounds.BLOCK);
            for (int pa = firstA + (q - blockA) * Compounds.BLOCK; pa < qEnd; pa++) {
                float x0 = parts.minX(pa);
                float y0 = parts.minY(pa);
                float x1 = parts.maxX(pa);
                float y1 = parts.maxY(pa);
                if (bMinX - x1 > tol || x0 - bMaxX > tol || bMinY - y1 > tol || y0 - bMaxY > tol) {
                    continue;
                }
                for (int j = 0; j < nq; j++) {
                    int r = blockNear[j];
                    if (blocks[4 * r] - x1 > tol || x0 - blocks[4 * r + 2] > tol
                            || blocks[4 * r + 1] - y1 > tol || y0 - blocks[4 * r + 3] > tol) {
                        continue;
                    }
                    int rEnd = Math.min(endB, firstB + (r - blockB + 1) * Compounds.BLOCK);
                    for (int pb = firstB + (r - blockB) * Compounds.BLOCK; pb < rEnd; pb++) {
                        if (parts.minX(pb) - x1 > tol || x0 - parts.maxX(pb) > tol
                                || parts.minY(pb) - y1 > tol || y0 - parts.maxY(pb) > tol) {
                            continue;
                        }
                        if (singles < SINGLE) {
                            singles++;
                            if (kernel.intersects(parts, pa, pb, tol)) {
                                return true;
                            }
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
            }
        }
        return chunk.size() > 0 && kernel.test(parts, chunk, 0, chunk.size(), tol, chunkBits, null) > 0;
    }
}
