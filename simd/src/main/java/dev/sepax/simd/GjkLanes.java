package dev.sepax.simd;

import dev.sepax.batch.SimplexCache;
import dev.sepax.internal.RoundedArrays;
import dev.sepax.narrow.GjkAcceleration;
import dev.sepax.narrow.ScalarDistance;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShape;
import jdk.incubator.vector.VectorShuffle;
import jdk.incubator.vector.VectorSpecies;

/**
 * Per-thread scratch of {@link VectorDistance}: one group of L pairs, lane-major.
 *
 * <h2>Layout</h2>
 * <pre>
 *  ax, ay:  row i (L floats at i * L) = core point i of each lane's A; past a lane's count its
 *           last point again (ties keep the first index, so a support scan is unchanged)
 *  bx, by:  the same for B
 *  state:   rows of L floats at the offsets N, AX1 ... EXIT: the simplex of every lane
 *           (vertex v's A point, B point and indices as floats, exact below 2^24), its
 *           weights W1..W3, its size, its iteration count and its exit code (0 = running),
 *           then the rows one iteration passes between its steps (saved pairs, triangle terms,
 *           region code, direction, new support pair) and the tail's results (PAX..DIST),
 *           then the momentum rows (ACC..WY: see {@link VectorDistance}, "Acceleration")
 * </pre>
 * One per {@link KernelScratch} (lent with it, so one batch at a time), about 20 KB at 16 lanes.
 */
final class GjkLanes {
    private static final VectorSpecies<Float> F = VectorSupport.F;
    private static final VectorSpecies<Integer> I = VectorSpecies.of(int.class, F.vectorShape());
    private static final int L = F.length();
    /** 16 lanes: groups of cores of at most 8 points load and transpose instead of gathering. */
    private static final boolean TRANSPOSE = L == 16;
    private static final int H = L / 2;
    private static final VectorSpecies<Float> HALF = VectorSpecies.of(float.class, VectorShape.forBitSize(F.vectorBitSize() / 2));
    private static final VectorMask<Float> UPPER_HALF = VectorMask.fromLong(F, ((1L << L) - 1) & ~((1L << H) - 1));
    private static final VectorMask<Integer> LOWER_HALF_I = VectorMask.fromLong(I, (1L << H) - 1);
    /** {@code 1.5 * 2^23} and its bits: see {@link #lanesOf}. */
    static final float MAGIC = 12582912f;
    static final int MAGIC_BITS = 0x4B400000;
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

    /** Shapes with more core points than this run the scalar kernel. */
    static final int MAX_POINTS = 64;

    static final int N = 0;
    static final int AX1 = L;
    static final int AY1 = 2 * L;
    static final int BX1 = 3 * L;
    static final int BY1 = 4 * L;
    static final int IA1 = 5 * L;
    static final int IB1 = 6 * L;
    static final int AX2 = 7 * L;
    static final int AY2 = 8 * L;
    static final int BX2 = 9 * L;
    static final int BY2 = 10 * L;
    static final int IA2 = 11 * L;
    static final int IB2 = 12 * L;
    static final int AX3 = 13 * L;
    static final int AY3 = 14 * L;
    static final int BX3 = 15 * L;
    static final int BY3 = 16 * L;
    static final int IA3 = 17 * L;
    static final int IB3 = 18 * L;
    static final int W1 = 19 * L;
    static final int W2 = 20 * L;
    static final int W3 = 21 * L;
    static final int ITER = 22 * L;
    static final int EXIT = 23 * L;
    /** The support pairs an iteration started with (for the repeated-support guard). */
    static final int SN = 24 * L;
    static final int SA1 = 25 * L;
    static final int SB1 = 26 * L;
    static final int SA2 = 27 * L;
    static final int SB2 = 28 * L;
    static final int SA3 = 29 * L;
    static final int SB3 = 30 * L;
    /** The triangle region code of the iteration (see VectorDistance). */
    static final int REGION = 31 * L;
    /** The direction towards the origin. */
    static final int DX = 32 * L;
    static final int DY = 33 * L;
    /** The new support pair: index and point on A, on B. */
    static final int NA = 34 * L;
    static final int NAX = 35 * L;
    static final int NAY = 36 * L;
    static final int NB = 37 * L;
    static final int NBX = 38 * L;
    static final int NBY = 39 * L;
    /** The triangle's region terms (see ScalarDistance). */
    static final int U12 = 40 * L;
    static final int V12 = 41 * L;
    static final int U13 = 42 * L;
    static final int V13 = 43 * L;
    static final int U23 = 44 * L;
    static final int V23 = 45 * L;
    static final int T1 = 46 * L;
    static final int T2 = 47 * L;
    static final int T3 = 48 * L;
    /** The tail's results: closest points, normal and distance (see VectorDistance). */
    static final int PAX = 49 * L;
    static final int PAY = 50 * L;
    static final int PBX = 51 * L;
    static final int PBY = 52 * L;
    static final int NX = 53 * L;
    static final int NY = 54 * L;
    static final int DIST = 55 * L;
    /**
     * Momentum (see {@link ScalarDistance}, "Acceleration"): 1 while the lane accelerates; 1
     * while its proximity test is pending; 1 where this trip's support was taken along the
     * momentum direction; 1 where this trip's momentum step failed and is redone next trip.
     */
    static final int ACC = 56 * L;
    static final int NEAR = 57 * L;
    static final int USED = 58 * L;
    static final int RETRY = 59 * L;
    /** This trip's search direction (the direction DX, DY where no momentum is used). */
    static final int SX = 60 * L;
    static final int SY = 61 * L;
    /** The last search direction and the last support point. */
    static final int QX = 62 * L;
    static final int QY = 63 * L;
    static final int WX = 64 * L;
    static final int WY = 65 * L;
    private static final int ROWS = 66;

    final float[] state = new float[ROWS * L];
    final float[] ax = new float[MAX_POINTS * L];
    final float[] ay = new float[MAX_POINTS * L];
    final float[] bx = new float[MAX_POINTS * L];
    final float[] by = new float[MAX_POINTS * L];
    /** Batch index, shape A and shape B of each lane's pair. */
    final int[] pair = new int[L];
    final int[] a = new int[L];
    final int[] b = new int[L];
    /** Per lane: B's core offset (the shape cast's position; 0 for the plain queries). */
    final float[] ox = new float[L];
    final float[] oy = new float[L];
    /** Per lane: first slot and last core point index of A and of B; the gather index map. */
    final int[] startA = new int[L];
    final int[] startB = new int[L];
    final int[] lastA = new int[L];
    final int[] lastB = new int[L];
    private final int[] map = new int[L];
    /** {@link #lastA}, {@link #lastB} as floats (for the transposed rows' padding). */
    private final float[] lastAf = new float[L];
    private final float[] lastBf = new float[L];
    /** Rows of ax/ay and of bx/by in use: the group's largest core point counts. */
    int countA;
    int countB;
    /** Whether every lane's A (B) has {@link #countA} ({@link #countB}) points: no row is padding. */
    boolean fullA;
    boolean fullB;
    /** Whether every upper-half lane's A (B) starts at slot H or later ({@link #transposeShifted}). */
    private boolean shiftA;
    private boolean shiftB;
    /** The acceleration of the group being run (set by the kernel before {@link #load}). */
    GjkAcceleration mode = GjkAcceleration.NONE;

    /**
     * Packs the first {@code lanes} pairs of the lists and starts their simplices exactly as
     * {@link ScalarDistance#pair} does; spare lanes repeat lane 0's pair and start finished.
     * The rows are transposed or gathered (the padding repeats a lane's last point), the cold
     * simplex is written as whole rows ({@link #centreStart}, the support scans,
     * {@link #coldSimplex}), and only the lanes that start from the cache are written one by one.
     */
    void load(RoundedArrays s, int lanes, SimplexCache cache) {
        assert lanes >= 1 && lanes <= L : "lanes=" + lanes;
        if (lanes < L) {
            // Spare lanes repeat lane 0's pair.
            for (int l = lanes; l < L; l++) {
                a[l] = a[0];
                b[l] = b[0];
                ox[l] = ox[0];
                oy[l] = oy[0];
            }
        }
        lanesOf(s.start(), s.count());
        int ca = countA;
        int cb = countB;
        if (TRANSPOSE && ca <= 8 && cb <= 8) {
            packTransposed(s.x(), s.y());
        } else {
            packGathered(s.x(), s.y());
        }
        centreStart();
        VectorDistance.supportA(state, this, DX);
        VectorDistance.supportB(state, this, DX);
        coldSimplex();
        if (mode == GjkAcceleration.NONE && lanes == L) {
            // Rows written whole (as single vector stores, which the trips' row loads can take
            // from the store buffer); the momentum rows are read in the accelerated modes only.
            FloatVector.zero(F).intoArray(state, EXIT);
            FloatVector.zero(F).intoArray(state, RETRY);
        } else {
            float acc = mode == GjkAcceleration.NESTEROV ? 1f : 0f;
            float near = mode == GjkAcceleration.PROXIMITY ? 1f : 0f;
            for (int l = 0; l < L; l++) {
                state[EXIT + l] = l < lanes ? 0f : -1f;
                state[ACC + l] = acc;
                state[NEAR + l] = near;
                state[USED + l] = 0f;
                state[RETRY + l] = 0f;
                state[QX + l] = 0f;
                state[QY + l] = 0f;
                state[WX + l] = 0f;
                state[WY + l] = 0f;
            }
        }
        if (cache != null) {
            float[] x = s.x();
            float[] y = s.y();
            for (int l = 0; l < lanes; l++) {
                warmStart(x, y, l, cache);
            }
        }
    }

    /**
     * Every lane's first slot and last core point index of A and of B (gathered from the store
     * by the lanes' shape indices), the group's largest and least counts ({@link #countA},
     * {@link #fullA}, ...) and whether the upper-half shapes start at slot {@code H} or later,
     * as whole vectors and int reductions instead of a loop over the lanes. The last indices
     * are also written as floats by the {@code 1.5 * 2^23} trick: for {@code |v| < 2^22},
     * {@code 1.5 * 2^23 + v} is exact and its bits are {@code 0x4B400000 + v}, so adding the
     * constant to the int and subtracting it as a float gives {@code (float) v} exactly with no
     * conversion instruction (a vector int-to-float conversion is not compiled to one here).
     */
    private void lanesOf(int[] start, int[] count) {
        IntVector ka = IntVector.fromArray(I, count, 0, a, 0);
        IntVector kb = IntVector.fromArray(I, count, 0, b, 0);
        IntVector sa = IntVector.fromArray(I, start, 0, a, 0);
        IntVector sb = IntVector.fromArray(I, start, 0, b, 0);
        IntVector one = IntVector.broadcast(I, 1);
        IntVector magic = IntVector.broadcast(I, MAGIC_BITS);
        FloatVector magicF = FloatVector.broadcast(F, MAGIC);
        IntVector la = ka.sub(one);
        IntVector lb = kb.sub(one);
        sa.intoArray(startA, 0);
        sb.intoArray(startB, 0);
        la.intoArray(lastA, 0);
        lb.intoArray(lastB, 0);
        la.add(magic).reinterpretAsFloats().sub(magicF).intoArray(lastAf, 0);
        lb.add(magic).reinterpretAsFloats().sub(magicF).intoArray(lastBf, 0);
        int ca = ka.reduceLanes(VectorOperators.MAX);
        int cb = kb.reduceLanes(VectorOperators.MAX);
        assert ca <= MAX_POINTS && cb <= MAX_POINTS;
        countA = ca;
        countB = cb;
        fullA = ka.reduceLanes(VectorOperators.MIN) == ca;
        fullB = kb.reduceLanes(VectorOperators.MIN) == cb;
        IntVector big = IntVector.broadcast(I, Integer.MAX_VALUE);
        shiftA = sa.blend(big, LOWER_HALF_I).reduceLanes(VectorOperators.MIN) >= H;
        shiftB = sb.blend(big, LOWER_HALF_I).reduceLanes(VectorOperators.MIN) >= H;
    }

    /**
     * Rows {@code 0..7} of {@code ax, ay, bx, by} for cores of at most 8 points (16 lanes):
     * each shape's 8 slots loaded and transposed ({@link #transpose}). It holds no vector work
     * of its own (each transpose is too large for C2 to inline), so it may be inlined into
     * {@link #load}; {@link #centreStart} and {@link #coldSimplex} then write the cold simplex.
     */
    private void packTransposed(float[] x, float[] y) {
        if (shiftA) {
            transposeShifted(x, startA, lastAf, null, ax, fullA);
            transposeShifted(y, startA, lastAf, null, ay, fullA);
        } else {
            transpose(x, startA, lastAf, null, ax, fullA);
            transpose(y, startA, lastAf, null, ay, fullA);
        }
        if (shiftB) {
            transposeShifted(x, startB, lastBf, ox, bx, fullB);
            transposeShifted(y, startB, lastBf, oy, by, fullB);
        } else {
            transpose(x, startB, lastBf, ox, bx, fullB);
            transpose(y, startB, lastBf, oy, by, fullB);
        }
    }

    /**
     * Rows {@code 0..countA-1} of {@code ax, ay} and {@code 0..countB-1} of {@code bx, by} by
     * gathers: point {@code min(i, last)} of each lane's shape (the index clamped to the lane's
     * last point, so every index is in the store and the padding repeats it), B's moved by the
     * lane's offset; then a placeholder cold simplex from row 0, which {@link #coldSimplex}
     * overwrites: its stores are cheap, and they keep this method, whose gather loops are
     * vector work, too large for C2 to inline into {@link #load} (a caller that inlines too
     * much runs past its node budget, and its vectors are then boxed).
     */
    private void packGathered(float[] x, float[] y) {
        IntVector one = IntVector.broadcast(I, 1);
        IntVector o = IntVector.fromArray(I, startA, 0);
        IntVector k = IntVector.fromArray(I, lastA, 0);
        IntVector i = IntVector.zero(I);
        for (int r = 0; r < countA; r++) {
            o.add(i.min(k)).intoArray(map, 0);
            FloatVector.fromArray(F, x, 0, map, 0).intoArray(ax, r * L);
            FloatVector.fromArray(F, y, 0, map, 0).intoArray(ay, r * L);
            i = i.add(one);
        }
        FloatVector dx = FloatVector.fromArray(F, ox, 0);
        FloatVector dy = FloatVector.fromArray(F, oy, 0);
        o = IntVector.fromArray(I, startB, 0);
        k = IntVector.fromArray(I, lastB, 0);
        i = IntVector.zero(I);
        for (int r = 0; r < countB; r++) {
            o.add(i.min(k)).intoArray(map, 0);
            FloatVector.fromArray(F, x, 0, map, 0).add(dx).intoArray(bx, r * L);
            FloatVector.fromArray(F, y, 0, map, 0).add(dy).intoArray(by, r * L);
            i = i.add(one);
        }
        float[] r = state;
        FloatVector zero = FloatVector.zero(F);
        FloatVector unit = FloatVector.broadcast(F, 1f);
        FloatVector x0 = FloatVector.fromArray(F, ax, 0);
        FloatVector y0 = FloatVector.fromArray(F, ay, 0);
        FloatVector u0 = FloatVector.fromArray(F, bx, 0);
        FloatVector v0 = FloatVector.fromArray(F, by, 0);
        unit.intoArray(r, N);
        x0.intoArray(r, AX1);
        y0.intoArray(r, AY1);
        u0.intoArray(r, BX1);
        v0.intoArray(r, BY1);
        x0.intoArray(r, AX2);
        y0.intoArray(r, AY2);
        u0.intoArray(r, BX2);
        v0.intoArray(r, BY2);
        x0.intoArray(r, AX3);
        y0.intoArray(r, AY3);
        u0.intoArray(r, BX3);
        v0.intoArray(r, BY3);
        zero.intoArray(r, IA1);
        zero.intoArray(r, IB1);
        zero.intoArray(r, IA2);
        zero.intoArray(r, IB2);
        zero.intoArray(r, IA3);
        zero.intoArray(r, IB3);
        unit.intoArray(r, W1);
        zero.intoArray(r, W2);
        zero.intoArray(r, W3);
        zero.intoArray(r, ITER);
    }

    /**
     * Slots 0..7 of one per-slot array for the 16 shapes whose first slots are {@code map}
     * (lane l's at {@code map[l]}), lane-major into rows 0..7 of {@code dst}: lanes 0..7 hold
     * the first eight shapes, lanes 8..15 the others; row q of each half's 8 x 8 block starts as
     * shape q's eight slots, and three butterfly stages (block sizes 4, 2, 1: one constant
     * shuffle and one blend per vector) transpose it, as {@link LaneMajorPairs} does. A lane's
     * rows past its last point ({@code last}, as floats) repeat that point: the slots there are
     * padding or, past a capacity of 4, the next shape's points (in bounds thanks to the store's
     * 16 spare slots). With {@code offset} not null every point is moved by the lane's offset
     * first (one rounding, as the scalar kernel moves B's points). With {@code full} (every
     * lane has the group's largest count) no row is padding and the blends are skipped. Written
     * out with no helper calls, so that no vector crosses a call.
     */
    private static void transpose(float[] arr, int[] map, float[] last, float[] offset, float[] dst, boolean full) {
        FloatVector v0 = ((FloatVector) FloatVector.fromArray(HALF, arr, map[0]).reinterpretShape(F, 0))
                .blend((FloatVector) FloatVector.fromArray(HALF, arr, map[H + 0]).reinterpretShape(F, -1), UPPER_HALF);
        FloatVector v1 = ((FloatVector) FloatVector.fromArray(HALF, arr, map[1]).reinterpretShape(F, 0))
                .blend((FloatVector) FloatVector.fromArray(HALF, arr, map[H + 1]).reinterpretShape(F, -1), UPPER_HALF);
        FloatVector v2 = ((FloatVector) FloatVector.fromArray(HALF, arr, map[2]).reinterpretShape(F, 0))
                .blend((FloatVector) FloatVector.fromArray(HALF, arr, map[H + 2]).reinterpretShape(F, -1), UPPER_HALF);
        FloatVector v3 = ((FloatVector) FloatVector.fromArray(HALF, arr, map[3]).reinterpretShape(F, 0))
                .blend((FloatVector) FloatVector.fromArray(HALF, arr, map[H + 3]).reinterpretShape(F, -1), UPPER_HALF);
        FloatVector v4 = ((FloatVector) FloatVector.fromArray(HALF, arr, map[4]).reinterpretShape(F, 0))
                .blend((FloatVector) FloatVector.fromArray(HALF, arr, map[H + 4]).reinterpretShape(F, -1), UPPER_HALF);
        FloatVector v5 = ((FloatVector) FloatVector.fromArray(HALF, arr, map[5]).reinterpretShape(F, 0))
                .blend((FloatVector) FloatVector.fromArray(HALF, arr, map[H + 5]).reinterpretShape(F, -1), UPPER_HALF);
        FloatVector v6 = ((FloatVector) FloatVector.fromArray(HALF, arr, map[6]).reinterpretShape(F, 0))
                .blend((FloatVector) FloatVector.fromArray(HALF, arr, map[H + 6]).reinterpretShape(F, -1), UPPER_HALF);
        FloatVector v7 = ((FloatVector) FloatVector.fromArray(HALF, arr, map[7]).reinterpretShape(F, 0))
                .blend((FloatVector) FloatVector.fromArray(HALF, arr, map[H + 7]).reinterpretShape(F, -1), UPPER_HALF);
        FloatVector t0 = v0.blend(v4.rearrange(DOWN4), HAS4);
        FloatVector t4 = v4.blend(v0.rearrange(UP4), LACKS4);
        FloatVector t1 = v1.blend(v5.rearrange(DOWN4), HAS4);
        FloatVector t5 = v5.blend(v1.rearrange(UP4), LACKS4);
        FloatVector t2 = v2.blend(v6.rearrange(DOWN4), HAS4);
        FloatVector t6 = v6.blend(v2.rearrange(UP4), LACKS4);
        FloatVector t3 = v3.blend(v7.rearrange(DOWN4), HAS4);
        FloatVector t7 = v7.blend(v3.rearrange(UP4), LACKS4);
        FloatVector u0 = t0.blend(t2.rearrange(DOWN2), HAS2);
        FloatVector u2 = t2.blend(t0.rearrange(UP2), LACKS2);
        FloatVector u1 = t1.blend(t3.rearrange(DOWN2), HAS2);
        FloatVector u3 = t3.blend(t1.rearrange(UP2), LACKS2);
        FloatVector u4 = t4.blend(t6.rearrange(DOWN2), HAS2);
        FloatVector u6 = t6.blend(t4.rearrange(UP2), LACKS2);
        FloatVector u5 = t5.blend(t7.rearrange(DOWN2), HAS2);
        FloatVector u7 = t7.blend(t5.rearrange(UP2), LACKS2);
        // B's points are moved by the lane's offset (A has none); rows past a lane's last point
        // repeat it (skipped when every lane has the group's largest count: the rows past that
        // count are never read).
        FloatVector r0 = u0.blend(u1.rearrange(DOWN1), HAS1);
        FloatVector r1 = u1.blend(u0.rearrange(UP1), LACKS1);
        FloatVector r2 = u2.blend(u3.rearrange(DOWN1), HAS1);
        FloatVector r3 = u3.blend(u2.rearrange(UP1), LACKS1);
        FloatVector r4 = u4.blend(u5.rearrange(DOWN1), HAS1);
        FloatVector r5 = u5.blend(u4.rearrange(UP1), LACKS1);
        FloatVector r6 = u6.blend(u7.rearrange(DOWN1), HAS1);
        FloatVector r7 = u7.blend(u6.rearrange(UP1), LACKS1);
        if (offset != null) {
            FloatVector d = FloatVector.fromArray(F, offset, 0);
            r0 = r0.add(d);
            r1 = r1.add(d);
            r2 = r2.add(d);
            r3 = r3.add(d);
            r4 = r4.add(d);
            r5 = r5.add(d);
            r6 = r6.add(d);
            r7 = r7.add(d);
        }
        if (!full) {
            FloatVector k = FloatVector.fromArray(F, last, 0);
            r1 = r1.blend(r0, k.compare(VectorOperators.LT, FloatVector.broadcast(F, 1f)));
            r2 = r2.blend(r1, k.compare(VectorOperators.LT, FloatVector.broadcast(F, 2f)));
            r3 = r3.blend(r2, k.compare(VectorOperators.LT, FloatVector.broadcast(F, 3f)));
            r4 = r4.blend(r3, k.compare(VectorOperators.LT, FloatVector.broadcast(F, 4f)));
            r5 = r5.blend(r4, k.compare(VectorOperators.LT, FloatVector.broadcast(F, 5f)));
            r6 = r6.blend(r5, k.compare(VectorOperators.LT, FloatVector.broadcast(F, 6f)));
            r7 = r7.blend(r6, k.compare(VectorOperators.LT, FloatVector.broadcast(F, 7f)));
        }
        r0.intoArray(dst, 0);
        r1.intoArray(dst, L);
        r2.intoArray(dst, 2 * L);
        r3.intoArray(dst, 3 * L);
        r4.intoArray(dst, 4 * L);
        r5.intoArray(dst, 5 * L);
        r6.intoArray(dst, 6 * L);
        r7.intoArray(dst, 7 * L);
    }
    /**
     * {@link #transpose} where every upper-half lane's shape starts at slot {@code H} or later:
     * row q starts as one whole load from shape q's first slot, blended in its upper half with
     * one whole load from {@code H} slots before shape {@code H + q}'s first slot (so its slots
     * land in lanes H..L-1), instead of two half loads and a move into the upper half. Both loads
     * are in the store: a shape's first slot plus L is within its capacity and the 16 spare
     * slots. The rest is {@link #transpose}'s.
     */
    private static void transposeShifted(float[] arr, int[] map, float[] last, float[] offset, float[] dst, boolean full) {
        FloatVector v0 = FloatVector.fromArray(F, arr, map[0]).blend(FloatVector.fromArray(F, arr, map[H + 0] - H), UPPER_HALF);
        FloatVector v1 = FloatVector.fromArray(F, arr, map[1]).blend(FloatVector.fromArray(F, arr, map[H + 1] - H), UPPER_HALF);
        FloatVector v2 = FloatVector.fromArray(F, arr, map[2]).blend(FloatVector.fromArray(F, arr, map[H + 2] - H), UPPER_HALF);
        FloatVector v3 = FloatVector.fromArray(F, arr, map[3]).blend(FloatVector.fromArray(F, arr, map[H + 3] - H), UPPER_HALF);
        FloatVector v4 = FloatVector.fromArray(F, arr, map[4]).blend(FloatVector.fromArray(F, arr, map[H + 4] - H), UPPER_HALF);
        FloatVector v5 = FloatVector.fromArray(F, arr, map[5]).blend(FloatVector.fromArray(F, arr, map[H + 5] - H), UPPER_HALF);
        FloatVector v6 = FloatVector.fromArray(F, arr, map[6]).blend(FloatVector.fromArray(F, arr, map[H + 6] - H), UPPER_HALF);
        FloatVector v7 = FloatVector.fromArray(F, arr, map[7]).blend(FloatVector.fromArray(F, arr, map[H + 7] - H), UPPER_HALF);
        FloatVector t0 = v0.blend(v4.rearrange(DOWN4), HAS4);
        FloatVector t4 = v4.blend(v0.rearrange(UP4), LACKS4);
        FloatVector t1 = v1.blend(v5.rearrange(DOWN4), HAS4);
        FloatVector t5 = v5.blend(v1.rearrange(UP4), LACKS4);
        FloatVector t2 = v2.blend(v6.rearrange(DOWN4), HAS4);
        FloatVector t6 = v6.blend(v2.rearrange(UP4), LACKS4);
        FloatVector t3 = v3.blend(v7.rearrange(DOWN4), HAS4);
        FloatVector t7 = v7.blend(v3.rearrange(UP4), LACKS4);
        FloatVector u0 = t0.blend(t2.rearrange(DOWN2), HAS2);
        FloatVector u2 = t2.blend(t0.rearrange(UP2), LACKS2);
        FloatVector u1 = t1.blend(t3.rearrange(DOWN2), HAS2);
        FloatVector u3 = t3.blend(t1.rearrange(UP2), LACKS2);
        FloatVector u4 = t4.blend(t6.rearrange(DOWN2), HAS2);
        FloatVector u6 = t6.blend(t4.rearrange(UP2), LACKS2);
        FloatVector u5 = t5.blend(t7.rearrange(DOWN2), HAS2);
        FloatVector u7 = t7.blend(t5.rearrange(UP2), LACKS2);
        // B's points are moved by the lane's offset (A has none); rows past a lane's last point
        // repeat it (skipped when every lane has the group's largest count: the rows past that
        // count are never read).
        FloatVector r0 = u0.blend(u1.rearrange(DOWN1), HAS1);
        FloatVector r1 = u1.blend(u0.rearrange(UP1), LACKS1);
        FloatVector r2 = u2.blend(u3.rearrange(DOWN1), HAS1);
        FloatVector r3 = u3.blend(u2.rearrange(UP1), LACKS1);
        FloatVector r4 = u4.blend(u5.rearrange(DOWN1), HAS1);
        FloatVector r5 = u5.blend(u4.rearrange(UP1), LACKS1);
        FloatVector r6 = u6.blend(u7.rearrange(DOWN1), HAS1);
        FloatVector r7 = u7.blend(u6.rearrange(UP1), LACKS1);
        if (offset != null) {
            FloatVector d = FloatVector.fromArray(F, offset, 0);
            r0 = r0.add(d);
            r1 = r1.add(d);
            r2 = r2.add(d);
            r3 = r3.add(d);
            r4 = r4.add(d);
            r5 = r5.add(d);
            r6 = r6.add(d);
            r7 = r7.add(d);
        }
        if (!full) {
            FloatVector k = FloatVector.fromArray(F, last, 0);
            r1 = r1.blend(r0, k.compare(VectorOperators.LT, FloatVector.broadcast(F, 1f)));
            r2 = r2.blend(r1, k.compare(VectorOperators.LT, FloatVector.broadcast(F, 2f)));
            r3 = r3.blend(r2, k.compare(VectorOperators.LT, FloatVector.broadcast(F, 3f)));
            r4 = r4.blend(r3, k.compare(VectorOperators.LT, FloatVector.broadcast(F, 4f)));
            r5 = r5.blend(r4, k.compare(VectorOperators.LT, FloatVector.broadcast(F, 5f)));
            r6 = r6.blend(r5, k.compare(VectorOperators.LT, FloatVector.broadcast(F, 6f)));
            r7 = r7.blend(r6, k.compare(VectorOperators.LT, FloatVector.broadcast(F, 7f)));
        }
        r0.intoArray(dst, 0);
        r1.intoArray(dst, L);
        r2.intoArray(dst, 2 * L);
        r3.intoArray(dst, 3 * L);
        r4.intoArray(dst, 4 * L);
        r5.intoArray(dst, 5 * L);
        r6.intoArray(dst, 6 * L);
        r7.intoArray(dst, 7 * L);
    }

    /**
     * The cold start's direction of every lane as {@link ScalarDistance#pair} computes it: the
     * centre of each core ({@link ScalarDistance#centre}: rows 0..last summed in index order, a
     * lane's rows past its last point left out by a blend, then times the reciprocal of the
     * count; B's rows are already moved by the offset) and {@code c = centre(A) - centre(B)},
     * into rows DX, DY. {@link #load} then runs the trips' support scans along it
     * ({@code argmax -c.a}, {@code argmax c.b}, first index on ties) and {@link #coldSimplex}.
     * Large enough that C2 compiles it on its own rather than into {@link #load}.
     */
    private void centreStart() {
        FloatVector one = FloatVector.broadcast(F, 1f);
        FloatVector lastA = FloatVector.fromArray(F, lastAf, 0);
        FloatVector sax = FloatVector.fromArray(F, ax, 0);
        FloatVector say = FloatVector.fromArray(F, ay, 0);
        for (int i = 1, o = L; i < countA; i++, o += L) {
            FloatVector tx = sax.add(FloatVector.fromArray(F, ax, o));
            FloatVector ty = say.add(FloatVector.fromArray(F, ay, o));
            if (fullA) {
                sax = tx;
                say = ty;
            } else {
                VectorMask<Float> in = lastA.compare(VectorOperators.GE, FloatVector.broadcast(F, i));
                sax = sax.blend(tx, in);
                say = say.blend(ty, in);
            }
        }
        FloatVector lastB = FloatVector.fromArray(F, lastBf, 0);
        FloatVector sbx = FloatVector.fromArray(F, bx, 0);
        FloatVector sby = FloatVector.fromArray(F, by, 0);
        for (int i = 1, o = L; i < countB; i++, o += L) {
            FloatVector tx = sbx.add(FloatVector.fromArray(F, bx, o));
            FloatVector ty = sby.add(FloatVector.fromArray(F, by, o));
            if (fullB) {
                sbx = tx;
                sby = ty;
            } else {
                VectorMask<Float> in = lastB.compare(VectorOperators.GE, FloatVector.broadcast(F, i));
                sbx = sbx.blend(tx, in);
                sby = sby.blend(ty, in);
            }
        }
        FloatVector ra = one.div(lastA.add(one));
        FloatVector rb = one.div(lastB.add(one));
        FloatVector cx = sax.mul(ra).sub(sbx.mul(rb));
        FloatVector cy = say.mul(ra).sub(sby.mul(rb));
        // The support pair along c: the trips' own scans (A along -c, B along c, from rows
        // DX, DY, which the first trip's direction step overwrites), so the cold start shares
        // their code; then coldSimplex puts the pair in all three slots.
        cx.intoArray(state, DX);
        cy.intoArray(state, DY);
    }

    /**
     * The cold simplex from the support pair in rows NA..NBY ({@link #centreStart} and the
     * scans): that pair in all three slots, n = 1, weights (1, 0, 0), no iteration.
     */
    private void coldSimplex() {
        float[] r = state;
        FloatVector one = FloatVector.broadcast(F, 1f);
        FloatVector zero = FloatVector.zero(F);
        FloatVector ja = FloatVector.fromArray(F, r, NA);
        FloatVector pax = FloatVector.fromArray(F, r, NAX);
        FloatVector pay = FloatVector.fromArray(F, r, NAY);
        FloatVector jb = FloatVector.fromArray(F, r, NB);
        FloatVector pbx = FloatVector.fromArray(F, r, NBX);
        FloatVector pby = FloatVector.fromArray(F, r, NBY);
        one.intoArray(r, N);
        pax.intoArray(r, AX1);
        pay.intoArray(r, AY1);
        pbx.intoArray(r, BX1);
        pby.intoArray(r, BY1);
        pax.intoArray(r, AX2);
        pay.intoArray(r, AY2);
        pbx.intoArray(r, BX2);
        pby.intoArray(r, BY2);
        pax.intoArray(r, AX3);
        pay.intoArray(r, AY3);
        pbx.intoArray(r, BX3);
        pby.intoArray(r, BY3);
        ja.intoArray(r, IA1);
        jb.intoArray(r, IB1);
        ja.intoArray(r, IA2);
        jb.intoArray(r, IB2);
        ja.intoArray(r, IA3);
        jb.intoArray(r, IB3);
        one.intoArray(r, W1);
        zero.intoArray(r, W2);
        zero.intoArray(r, W3);
        zero.intoArray(r, ITER);
    }

    /** Lane {@code l}'s simplex from its cache entry, where {@link ScalarDistance#cachedCount} accepts it. */
    private void warmStart(float[] x, float[] y, int l, SimplexCache cache) {
        int p = pair[l];
        int cn = ScalarDistance.cachedCount(cache, p, lastA[l] + 1, lastB[l] + 1);
        if (cn == 0) {
            return;
        }
        int[] cia = cache.indexAs();
        int[] cib = cache.indexBs();
        int ia1 = cia[3 * p];
        int ib1 = cib[3 * p];
        int ia2 = 0;
        int ib2 = 0;
        int ia3 = 0;
        int ib3 = 0;
        if (cn > 1) {
            ia2 = cia[3 * p + 1];
            ib2 = cib[3 * p + 1];
        }
        if (cn > 2) {
            ia3 = cia[3 * p + 2];
            ib3 = cib[3 * p + 2];
        }
        int oa = startA[l];
        int ob = startB[l];
        float dx = ox[l];
        float dy = oy[l];
        state[N + l] = cn;
        put(AX1, AY1, BX1, BY1, IA1, IB1, l, x, y, oa + ia1, ob + ib1, ia1, ib1, dx, dy);
        put(AX2, AY2, BX2, BY2, IA2, IB2, l, x, y, oa + ia2, ob + ib2, ia2, ib2, dx, dy);
        put(AX3, AY3, BX3, BY3, IA3, IB3, l, x, y, oa + ia3, ob + ib3, ia3, ib3, dx, dy);
    }

    private void put(int rax, int ray, int rbx, int rby, int ria, int rib, int l, float[] x, float[] y, int ja, int jb,
                     int ia, int ib, float dx, float dy) {
        state[rax + l] = x[ja];
        state[ray + l] = y[ja];
        state[rbx + l] = x[jb] + dx;
        state[rby + l] = y[jb] + dy;
        state[ria + l] = ia;
        state[rib + l] = ib;
    }
}
