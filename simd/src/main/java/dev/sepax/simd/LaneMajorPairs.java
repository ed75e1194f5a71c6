package dev.sepax.simd;

import dev.sepax.shape.ConvexPolygons;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorShape;
import jdk.incubator.vector.VectorShuffle;
import jdk.incubator.vector.VectorSpecies;

/**
 * Lanes across pairs: the slot data of H = L/2 consecutive pairs whose 2H shapes share one
 * capacity k (4 or 8), turned lane-major so that each lane can walk its own pair with plain
 * vector loads, no broadcast and no cross-lane work. Used by {@link VectorPenetration} and
 * {@link VectorSweep}.
 *
 * <h2>Layout of {@link #rows}</h2>
 * <pre>
 *   slot i (0 &lt;= i &lt; k), six rows of L floats at rows[i * 6L]:
 *     +0   unit normal x of edge i      lane l &lt; H: pair l's B     lane H + l: pair l's A
 *     +L   unit normal y of edge i
 *     +2L  vertex x of slot i           lane l &lt; H: pair l's A     lane H + l: pair l's B
 *     +3L  vertex y of slot i
 *     +4L, +5L  not written
 * </pre>
 * Each lane meets the other shape's edges with its own shape's vertices in plain loads; only
 * an edge's own first vertex needs the halves exchanged, which its users do in registers.
 * Padding repeats a shape's last vertex and normal up to its capacity, so walking all k slots
 * gives the same minima and maxima as walking the real count (a repeated edge ties, and a
 * strict '&gt;' keeps the first).
 *
 * <p>{@link VectorPenetration} and {@link VectorSweep} both fill it by
 * {@link #loadExchanged}, after {@link #prepareExchanged} or their own pass over the pairs'
 * indices has filled {@link #starts}.
 *
 * <p>Loading: with 16 lanes, half-vector loads (each shape's 8 slots from its start, B's
 * placed straight into the upper half) and an in-register 8 x 8 transpose per half; with any
 * other lane count, gathers. (Measured at W8 with 16 lanes: the gathers alone cost about 25 ns
 * per pair, the transpose about a third of that.)
 *
 * <p>Part of a {@link KernelScratch}, lent to one batch call at a time from a bounded pool:
 * about 3 KB at 16 lanes. Never shared between calls, so kernels using it stay safe to call
 * from many threads at once.
 */
final class LaneMajorPairs {
    private static final VectorSpecies<Float> F = VectorSupport.F;
    private static final int L = F.length();
    /** Pairs per group: one per lane of each half. */
    static final int H = L / 2;
    /** 16 lanes: load and transpose instead of gathering. */
    private static final boolean TRANSPOSE = L == 16;
    /** Half a vector (8 lanes when {@link #TRANSPOSE}): one shape's 8 slots. */
    private static final VectorSpecies<Float> HALF = VectorSpecies.of(float.class, VectorShape.forBitSize(F.vectorBitSize() / 2));
    /** Moves lanes [0, H) to [H, L) and back. */
    private static final VectorShuffle<Float> HALF_SWAP = VectorShuffle.fromOp(F, i -> (i + H) % L);
    private static final VectorMask<Float> UPPER_HALF = VectorMask.fromLong(F, ((1L << L) - 1) & ~((1L << H) - 1));
    // Butterfly constants of transpose, for block size b in {4, 2, 1}: HAS_b marks the lanes
    // whose index has bit b, DOWN_b moves lane l - b to l there, UP_b moves lane l + b to l.
    private static final VectorMask<Float> HAS4 = bitMask(4);
    private static final VectorMask<Float> LACKS4 = HAS4.not();
    private static final VectorShuffle<Float> DOWN4 = VectorShuffle.fromOp(F, l -> (l & 4) != 0 ? l - 4 : l);
    private static final VectorShuffle<Float> UP4 = VectorShuffle.fromOp(F, l -> (l & 4) == 0 ? (l + 4) % L : l);
    private static final VectorMask<Float> HAS2 = bitMask(2);
    private static final VectorMask<Float> LACKS2 = HAS2.not();
    private static final VectorShuffle<Float> DOWN2 = VectorShuffle.fromOp(F, l -> (l & 2) != 0 ? l - 2 : l);
    private static final VectorShuffle<Float> UP2 = VectorShuffle.fromOp(F, l -> (l & 2) == 0 ? (l + 2) % L : l);
    private static final VectorMask<Float> HAS1 = bitMask(1);
    private static final VectorMask<Float> LACKS1 = HAS1.not();
    private static final VectorShuffle<Float> DOWN1 = VectorShuffle.fromOp(F, l -> (l & 1) != 0 ? l - 1 : l);
    private static final VectorShuffle<Float> UP1 = VectorShuffle.fromOp(F, l -> (l & 1) == 0 ? (l + 1) % L : l);

    private static VectorMask<Float> bitMask(int b) {
        long m = 0;
        for (int l = 0; l < L; l++) {
            m |= ((l & b) != 0 ? 1L : 0L) << l;
        }
        return VectorMask.fromLong(F, m);
    }

    /** Lane-major slot rows, see the class comment. */
    final float[] rows = new float[8 * 6 * L];
    /**
     * First slot of each lane's reference shape: pair l's A at l, its B at H + l, and its A
     * again at 2H + l, so that the H + l window lists B's before A's (the exchanged layout).
     */
    final int[] starts = new int[L + H];
    /** A group's results on their way to the end of an output array (see VectorSweep). */
    final float[] floatTail = new float[L];
    /** The MTV's outputs of a group at the end of the output arrays (see VectorPenetration). */
    final float[] tailDepth = new float[L];
    final float[] tailNormalX = new float[L];
    final float[] tailNormalY = new float[L];
    final int[] tailAxis = new int[L];

    LaneMajorPairs() {}

    /**
     * The capacity (4 or 8) shared by all 2H shapes of pairs {@code [p, p + H)}, or 0 if they
     * do not share one of those.
     */
    static int sharedCapacity(int[] cap, int[] pa, int[] pb, int p) {
        int k = cap[pa[p]];
        int odd = k & ~(4 | 8);
        for (int l = 0; l < H; l++) {
            odd |= (cap[pa[p + l]] ^ k) | (cap[pb[p + l]] ^ k);
        }
        return odd == 0 ? k : 0;
    }

    /**
     * {@link #sharedCapacity} of pairs {@code [p, p + H)} and, in the same pass over their
     * indices, {@link #starts} for {@link #loadExchanged} (each pair's indices read once).
     *
     * @return the shared capacity, 4 or 8, or 0 (then the starts are not meant to be used)
     */
    int prepareExchanged(ConvexPolygons s, int[] pa, int[] pb, int p) {
        int[] cap = s.arrays().capacity;
        int[] start = s.arrays().start;
        int k = cap[pa[p]];
        int odd = k & ~(4 | 8);
        for (int l = 0; l < H; l++) {
            int a = pa[p + l];
            int b = pb[p + l];
            odd |= (cap[a] ^ k) | (cap[b] ^ k);
            int sa = start[a];
            starts[l] = sa;
            starts[H + l] = start[b];
            starts[2 * H + l] = sa;
        }
        return odd == 0 ? k : 0;
    }

    /**
     * Fills the first {@code k} slots of {@link #rows} (see the class comment) for the pairs
     * whose starts are in {@link #starts} (from {@link #prepareExchanged} or the caller's own
     * pass): the normal rows (+0, +L) hold the other shape's normals (row i: slot i of pair
     * l's B in lane l, of its A in lane H + l), the vertex rows (+2L, +3L) each lane's own
     * shape's vertices. Only the edges' own first vertices need the halves exchanged, in
     * registers (16 permutes per group instead of 16 permutes and 16 row stores).
     */
    void loadExchanged(ConvexPolygons s, int k) {
        assert k == 4 || k == 8 : k;
        if (TRANSPOSE) {
            transposeExchanged(s);
        } else {
            gather(s, k);
        }
    }

    /** Slot i of every lane (the other shape's edge i, its own vertex i) into the rows, by gathers. */
    private void gather(ConvexPolygons s, int k) {
        // Its own method: the gathers' index checks are large at parse time, and in one method
        // with the arithmetic they pushed C2 past its inlining node budget (vectors then boxed).
        float[] lm = rows;
        float[] x = s.arrays().x;
        float[] y = s.arrays().y;
        float[] nx = s.arrays().nx;
        float[] ny = s.arrays().ny;
        for (int i = 0; i < k; i++) {
            int o = i * 6 * L;
            // The normal rows gather from the window [H, 3H) of the starts.
            FloatVector.fromArray(F, nx, i, starts, H).intoArray(lm, o);
            FloatVector.fromArray(F, ny, i, starts, H).intoArray(lm, o + L);
            FloatVector.fromArray(F, x, i, starts, 0).intoArray(lm, o + 2 * L);
            FloatVector.fromArray(F, y, i, starts, 0).intoArray(lm, o + 3 * L);
        }
    }

    /**
     * Slots 0..7 of the four slot arrays for the H = 8 pairs whose start slots are in
     * {@link #starts}, lane-major into {@link #rows}, in one loop (the shuffles and masks are
     * materialised once per group instead of once per array): row i of an array holds slot i
     * of one shape of each pair in lanes 0..7 and of the other in lanes 8..15. The normal rows
     * take their halves from the window {@code [H, 3H)} of {@link #starts} (B's first), the
     * vertex rows from {@code [0, 2H)} (A's first). A capacity-4 shape's slots 4..7 belong to
     * its neighbour (in bounds thanks to the tail slack) and are never read back.
     *
     * <p>Row q of the 8 x 8 block of each half starts as pair q's slots, the upper half placed
     * by a zero-extending half load and a constant half swap (one permute and one blend, where
     * {@code reinterpretShape(F, -1)} is a two-vector slice with a computed blend mask); three
     * butterfly stages (block sizes 4, 2, 1: one constant shuffle and one blend per vector)
     * transpose it. Written out with no helper calls: C2 stops inlining ordinary methods past
     * its node budget (only the Vector API's force-inlined ones are deferred), and a vector
     * passed to a method that is not inlined is boxed.
     */
    private void transposeExchanged(ConvexPolygons s) {
        int[] map = starts;
        float[] lm = rows;
        for (int a = 0; a < 4; a++) {
            float[] arr = a == 0 ? s.arrays().nx : a == 1 ? s.arrays().ny : a == 2 ? s.arrays().x : s.arrays().y;
            int offset = a * L;
            int m = a < 2 ? H : 0;
            FloatVector v0 = ((FloatVector) FloatVector.fromArray(HALF, arr, map[m + 0]).reinterpretShape(F, 0))
                    .blend(((FloatVector) FloatVector.fromArray(HALF, arr, map[m + H + 0]).reinterpretShape(F, 0)).rearrange(HALF_SWAP), UPPER_HALF);
            FloatVector v1 = ((FloatVector) FloatVector.fromArray(HALF, arr, map[m + 1]).reinterpretShape(F, 0))
                    .blend(((FloatVector) FloatVector.fromArray(HALF, arr, map[m + H + 1]).reinterpretShape(F, 0)).rearrange(HALF_SWAP), UPPER_HALF);
            FloatVector v2 = ((FloatVector) FloatVector.fromArray(HALF, arr, map[m + 2]).reinterpretShape(F, 0))
                    .blend(((FloatVector) FloatVector.fromArray(HALF, arr, map[m + H + 2]).reinterpretShape(F, 0)).rearrange(HALF_SWAP), UPPER_HALF);
            FloatVector v3 = ((FloatVector) FloatVector.fromArray(HALF, arr, map[m + 3]).reinterpretShape(F, 0))
                    .blend(((FloatVector) FloatVector.fromArray(HALF, arr, map[m + H + 3]).reinterpretShape(F, 0)).rearrange(HALF_SWAP), UPPER_HALF);
            FloatVector v4 = ((FloatVector) FloatVector.fromArray(HALF, arr, map[m + 4]).reinterpretShape(F, 0))
                    .blend(((FloatVector) FloatVector.fromArray(HALF, arr, map[m + H + 4]).reinterpretShape(F, 0)).rearrange(HALF_SWAP), UPPER_HALF);
            FloatVector v5 = ((FloatVector) FloatVector.fromArray(HALF, arr, map[m + 5]).reinterpretShape(F, 0))
                    .blend(((FloatVector) FloatVector.fromArray(HALF, arr, map[m + H + 5]).reinterpretShape(F, 0)).rearrange(HALF_SWAP), UPPER_HALF);
            FloatVector v6 = ((FloatVector) FloatVector.fromArray(HALF, arr, map[m + 6]).reinterpretShape(F, 0))
                    .blend(((FloatVector) FloatVector.fromArray(HALF, arr, map[m + H + 6]).reinterpretShape(F, 0)).rearrange(HALF_SWAP), UPPER_HALF);
            FloatVector v7 = ((FloatVector) FloatVector.fromArray(HALF, arr, map[m + 7]).reinterpretShape(F, 0))
                    .blend(((FloatVector) FloatVector.fromArray(HALF, arr, map[m + H + 7]).reinterpretShape(F, 0)).rearrange(HALF_SWAP), UPPER_HALF);
            // Stage 4: rows r and r + 4 exchange their blocks of 4 columns.
            FloatVector t0 = v0.blend(v4.rearrange(DOWN4), HAS4);
            FloatVector t4 = v4.blend(v0.rearrange(UP4), LACKS4);
            FloatVector t1 = v1.blend(v5.rearrange(DOWN4), HAS4);
            FloatVector t5 = v5.blend(v1.rearrange(UP4), LACKS4);
            FloatVector t2 = v2.blend(v6.rearrange(DOWN4), HAS4);
            FloatVector t6 = v6.blend(v2.rearrange(UP4), LACKS4);
            FloatVector t3 = v3.blend(v7.rearrange(DOWN4), HAS4);
            FloatVector t7 = v7.blend(v3.rearrange(UP4), LACKS4);
            // Stage 2.
            FloatVector u0 = t0.blend(t2.rearrange(DOWN2), HAS2);
            FloatVector u2 = t2.blend(t0.rearrange(UP2), LACKS2);
            FloatVector u1 = t1.blend(t3.rearrange(DOWN2), HAS2);
            FloatVector u3 = t3.blend(t1.rearrange(UP2), LACKS2);
            FloatVector u4 = t4.blend(t6.rearrange(DOWN2), HAS2);
            FloatVector u6 = t6.blend(t4.rearrange(UP2), LACKS2);
            FloatVector u5 = t5.blend(t7.rearrange(DOWN2), HAS2);
            FloatVector u7 = t7.blend(t5.rearrange(UP2), LACKS2);
            // Stage 1.
            FloatVector r0 = u0.blend(u1.rearrange(DOWN1), HAS1);
            r0.intoArray(lm, 0 * 6 * L + offset);
            FloatVector r1 = u1.blend(u0.rearrange(UP1), LACKS1);
            r1.intoArray(lm, 1 * 6 * L + offset);
            FloatVector r2 = u2.blend(u3.rearrange(DOWN1), HAS1);
            r2.intoArray(lm, 2 * 6 * L + offset);
            FloatVector r3 = u3.blend(u2.rearrange(UP1), LACKS1);
            r3.intoArray(lm, 3 * 6 * L + offset);
            FloatVector r4 = u4.blend(u5.rearrange(DOWN1), HAS1);
            r4.intoArray(lm, 4 * 6 * L + offset);
            FloatVector r5 = u5.blend(u4.rearrange(UP1), LACKS1);
            r5.intoArray(lm, 5 * 6 * L + offset);
            FloatVector r6 = u6.blend(u7.rearrange(DOWN1), HAS1);
            r6.intoArray(lm, 6 * 6 * L + offset);
            FloatVector r7 = u7.blend(u6.rearrange(UP1), LACKS1);
            r7.intoArray(lm, 7 * 6 * L + offset);
        }
    }
}
