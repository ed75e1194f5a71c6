package dev.sepax.simd;

import dev.sepax.internal.BitWords;
import dev.sepax.shape.ConvexPolygons;
import dev.sepax.batch.PairBatch;
import dev.sepax.narrow.ScalarPenetration;
import dev.sepax.narrow.ScalarSweep;
import dev.sepax.internal.SweepArguments;
import dev.sepax.narrow.SweepKernel;
import dev.sepax.batch.SweepResults;
import dev.sepax.shape.Velocities;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShape;
import jdk.incubator.vector.VectorShuffle;
import jdk.incubator.vector.VectorSpecies;

/**
 * The Vector API swept test: bit-identical to {@link dev.sepax.narrow.ScalarSweep} (times, normals and hit bits).
 *
 * <h2>Layout</h2>
 * Lanes hold edge normals and the minimum of {@code fma(nx, x, ny*y)} over the other shape's
 * vertices is kept per lane by compare and blend, exactly as the scalar loop does per edge. Two
 * layouts:
 * <pre>
 *  small pair (both capacities &lt;= L/2), one vector:
 *    lane:    0 .. L/2-1               | L/2 .. L-1
 *    axis:    A's edge normals         | B's edge normals
 *    vertex:  B's vertices, rotated    | A's vertices, rotated
 *  otherwise, two passes of L-lane chunks: A's normals against B's vertices (broadcast one at a
 *  time), then B's against A's.
 * </pre>
 * In the small-pair layout the other shape's vertices are loaded once, lane-major, and rotated
 * by one lane within each half (within each quarter when both shapes have capacity &lt;= L/4)
 * per round, with constant shuffles: after L/2 rounds every lane has seen every vertex of the
 * other shape once, with no scalar load or broadcast per vertex.
 * Lanes past a shape's real edges read padding or the next shape (in bounds thanks to
 * {@link ConvexPolygons#TAIL_SLACK}) and are masked out of every decision; as rotated vertices
 * they are first replaced by copies of the shape's last vertex, which cannot change a minimum.
 *
 * <h2>Determinism</h2>
 * Each lane evaluates the scalar expressions for its axis. The cross-lane maximum of entry times
 * and minimum of exit times are taken on order-preserving integer keys of the floats (times are
 * never {@code -0}, and NaN lanes are masked out), where {@code reduceLanes} is exact in any
 * order; the first lane holding the maximum gives the normal, as the scalar's in-order strict
 * comparison does. Rotation is out of scope (see {@link SweepKernel}).
 *
 * <h2>Capacity classes</h2>
 * The lanes above compute the small class of {@link ScalarSweep} (both shapes at most 32
 * vertices). A pair of the merge class takes the general layout with ranges: each group of
 * {@link ScalarPenetration#MERGE_GROUP} edges in lanes against the vertices of the group's
 * range only (see {@code mergeLanes}), so a vertex step serves 16 edges and the range work is
 * about {@code k + m / 16} steps per side.
 *
 * <h2>Lanes across pairs</h2>
 * With 16 lanes, a run of L consecutive pairs whose shapes all share capacity 4 or 8 (the
 * standard W4 and W8 workloads entirely) goes in two groups of H pairs, each pair in two lanes
 * (seen from A and from B), the whole sweep in the lanes: swept AABB constraints from each
 * lane's vertex rows, every edge, the verdict and the four outputs, with no per-pair branch,
 * reduction or scalar tail ({@link #acrossPairs}). It runs the AABB-closed pairs' edges too,
 * which the per-pair path skips; the lanes still win (1.22x-1.27x at W8, 1.44x-1.70x at W4,
 * same-JVM A/B, see bench/RESULTS.md). Other runs take the paths below.
 *
 * <h2>Branches</h2>
 * The swept AABB constraints run first for L pairs at a time, one pair per lane (gathered
 * bounds and velocities, no cross-lane work); misses are written there and only the pairs left
 * open go on, found by iterating the set bits of a mask rather than by a branch per pair on a
 * coin flip. Two open pairs whose four shapes all have capacity L/2 (the standard W8 workload
 * with 16 lanes) go through one body that interleaves their statements,
 * {@link #twoSmallPairs}: a pair's edge stage is one long dependency chain, and two
 * independent chains in one instruction stream keep the core busy while each waits (+1% to
 * +6% at W8, same-JVM A/B on a loaded host). The pair stage uses integer selects for the entry/exit updates, the verdict bit and
 * the result stores; the one branch left on data is whether the entry axis is an edge in
 * {@code finish}. The last {@code (to - from) mod L} pairs of a range take the same steps one
 * pair at a time, with the AABB constraints in the lanes of a 128-bit vector.
 *
 * <p>Stateless and thread-safe: a batch borrows one {@link KernelScratch} from a small bounded
 * pool (its int arrays hold the AABB stage's entry keys, axis codes and exit keys of L pairs;
 * with the pool empty every pair takes the one-at-a-time path, same bits) and writes each
 * result entry once, with its final value: the caller's result arrays are never scratch.
 * Allocation-free in steady state (no mask is carried round a loop; checked with JMH
 * {@code -prof gc}).
 */
public final class VectorSweep implements SweepKernel {
    /** The shared instance (the kernel is stateless). */
    public static final VectorSweep INSTANCE = new VectorSweep();

    private static final VectorSpecies<Float> F = VectorSupport.F;
    private static final VectorSpecies<Integer> I = VectorSpecies.of(int.class, F.vectorShape());
    private static final int L = F.length();
    private static final int KEY_NEG_INF = key(Float.NEGATIVE_INFINITY);
    private static final int H = L / 2;
    /** Half a vector, H lanes: one small shape's slots. */
    private static final VectorSpecies<Float> HALF = VectorSpecies.of(float.class, VectorShape.forBitSize(F.vectorBitSize() / 2));
    /** Lanes [H, L): B's half of the small-pair layout. */
    private static final VectorMask<Float> UPPER = VectorMask.fromLong(F, ((1L << L) - 1) & ~((1L << H) - 1));
    /** Lane index within its half, as floats: 0..H-1, 0..H-1. */
    private static final FloatVector HALF_INDEX = FloatVector.fromArray(F, halfIndex(), 0);
    /** A quarter vector (0 where the species has fewer than 4 lanes). */
    private static final int Q4 = L / 4;
    /** Exchanges the two halves: lane i takes lane (i + H) mod L. */
    private static final VectorShuffle<Float> SWAP_HALVES = VectorShuffle.fromOp(F, i -> (i + H) % L);
    /** Rotates each half by one lane. */
    private static final VectorShuffle<Float> ROTATE_IN_HALF = VectorShuffle.fromOp(F, i -> i - i % H + (i + 1) % H);
    /** Rotates each quarter by one lane. */
    private static final VectorShuffle<Float> ROTATE_IN_QUARTER =
            VectorShuffle.fromOp(F, i -> Q4 < 2 ? i : i - i % Q4 + (i + 1) % Q4);
    /**
     * Whether a pair of two capacity-H shapes is in the small class, so that
     * {@link #twoSmallPairs} may take it (always with at most 16 float lanes).
     */
    private static final boolean PAIRED = H <= ScalarPenetration.ALL_PAIRS_CAPACITY;
    /**
     * Whether groups of H consecutive pairs whose shapes share capacity 4 or 8 run in lanes
     * across pairs ({@link #acrossPairs}): with 16 lanes, whose lane-major rows
     * {@link LaneMajorPairs} loads by an in-register transpose (with fewer it would gather).
     */
    private static final boolean ACROSS = L == 16;
    /** Lanes [0, H): one group's pairs in the lanes-across-pairs layout. */
    private static final VectorMask<Float> LOWER = VectorMask.fromLong(F, (1L << H) - 1);
    /** Row of edge 0's time in the sweep's lanes-across-pairs scratch (edges 0..7, see {@link #edges8}). */
    private static final int TIME_ROW = 6;
    /** Row of edge 0's rate (edges 0..7). */
    private static final int RATE_ROW = 14;
    /** Lane index as floats: 0..L-1. */
    private static final FloatVector LANE_INDEX = FloatVector.fromArray(F, laneIndex(), 0);

    /** Axis codes, as in the scalar kernel: 0 none, 1..4 AABB x+, x-, y+, y-. */
    private static final int NO_AXIS = 0;
    /** A's edge {@code i} has code {@code FIRST_A_EDGE + i}; B's edge {@code j} has {@code -(1 + j)}. */
    private static final int FIRST_A_EDGE = 5;

    private VectorSweep() {}

    private static float[] halfIndex() {
        float[] f = new float[L];
        for (int i = 0; i < L; i++) {
            f[i] = i % H;
        }
        return f;
    }

    private static float[] laneIndex() {
        float[] f = new float[L];
        for (int i = 0; i < L; i++) {
            f[i] = i;
        }
        return f;
    }

    @Override
    public String name() {
        return "simd";
    }

    @Override
    public int sweep(ConvexPolygons shapes, Velocities velocities, PairBatch pairs, int from, int to, float tMax,
                     SweepResults out) {
        SweepArguments.check(shapes, velocities, pairs, from, to, tMax, out);
        float window = tMax + 0f;
        int[] pa = pairs.arrays().a;
        int[] pb = pairs.arrays().b;
        float[] vx = velocities.vxs();
        float[] vy = velocities.vys();
        KernelScratch scratch = KernelScratch.take();
        try {
            return run(shapes, pa, pb, vx, vy, from, to, window, out, scratch);
        } finally {
            if (scratch != null) {
                KernelScratch.give(scratch);
            }
        }
    }

    /** The batch with {@code scratch} (null: the pool is empty; one pair at a time, same bits). */
    private static int run(ConvexPolygons shapes, int[] pa, int[] pb, float[] vx, float[] vy, int from, int to,
                           float window, SweepResults out, KernelScratch scratch) {
        int[] cap = shapes.arrays().capacity;
        int hits = 0;
        for (int w = from; w < to; w += 64) {
            int end = Math.min(to, w + 64);
            long bits = 0;
            int p = w;
            // Lanes across pairs for the swept AABB constraints (gathered bounds and velocities,
            // no cross-lane work); their (entry key, axis, exit key) wait in the scratch's int
            // arrays, never in the caller's result arrays.
            int full = scratch == null ? w : w + (end - w) / L * L;
            for (; p < full; p += L) {
                // Two groups of H pairs whose shapes share capacity 4 or 8: lanes across pairs.
                int k1 = ACROSS ? LaneMajorPairs.sharedCapacity(cap, pa, pb, p) : 0;
                int k2 = k1 != 0 ? LaneMajorPairs.sharedCapacity(cap, pa, pb, p + H) : 0;
                if (k2 != 0) {
                    bits |= acrossPairs(shapes, vx, vy, pa, pb, p, k1, k2, window, out, scratch);
                    continue;
                }
                // Only the pairs the AABB constraints leave open go on, one at a time: a loop
                // over set bits instead of a branch per pair on a coin flip.
                long open = aabbLanes(shapes, vx, vy, pa, pb, p, window, out, scratch);
                while (open != 0) {
                    int lane = Long.numberOfTrailingZeros(open);
                    int q = p + lane;
                    open &= open - 1;
                    if (open != 0 && fullHalves(cap, pa[q], pb[q])) {
                        int lane2 = Long.numberOfTrailingZeros(open);
                        int q2 = p + lane2;
                        if (fullHalves(cap, pa[q2], pb[q2])) {
                            // Two open pairs of the common shape, in one interleaved body.
                            open &= open - 1;
                            bits |= twoSmallPairs(shapes, vx, vy, pa, pb, q, q2, scratch.ints0[lane],
                                    scratch.ints1[lane], scratch.ints2[lane], scratch.ints0[lane2],
                                    scratch.ints1[lane2], scratch.ints2[lane2], out);
                            continue;
                        }
                    }
                    // No branch on the verdict: hit or miss is a coin flip the predictor cannot
                    // learn, and a mispredict here would serialise pairs that could overlap.
                    bits |= (long) afterAabb(shapes, vx, vy, pa[q], pb[q], scratch.ints0[lane], scratch.ints1[lane],
                            scratch.ints2[lane], out, q, scratch) << q;
                }
            }
            for (; p < end; p++) {
                bits |= (long) sweepPair(shapes, vx, vy, pa[p], pb[p], window, out, p,
                        scratch) << p;
            }
            hits += Long.bitCount(bits);
            BitWords.store(out.hits().words(), w, end, bits);
        }
        return hits;
    }

    /**
     * The whole sweep of the L consecutive pairs from {@code p}, in two groups of H pairs whose
     * 2H shapes all have capacity {@code k1} (the first) and {@code k2} (the second), 4 or 8,
     * in lanes across pairs: lane l &lt; H is pair p + l seen from B (B's edges against A's
     * vertices, relative velocity -u), lane H + l the same pair seen from A (A's edges against
     * B's vertices, u), the exchanged layout of {@link LaneMajorPairs#loadExchanged}. Every lane
     * runs the scalar kernel's statements on its own running entry (strict {@code >}) and exit
     * (strict {@code <}):
     * <ul>
     *   <li>the swept AABB constraints in the scalar order x+, x-, y+, y- in lanes [H, L) (each
     *       lane's bounds are the min and max of its shape's vertex rows, the store's bounds up
     *       to the sign of a zero, which the {@code + 0f} of each time erases; a lane l holds
     *       the mirror gaps that lane H + l reads after a half swap);
     *   <li>then its own edges in index order, lanes [H, L) from the AABB entry and exit,
     *       lanes [0, H) from -inf and +inf; B's entry wins only if strictly later than A's
     *       (A's edges come first), and the exit is the smaller (times are never -0 or NaN, so
     *       a minimum does not depend on the order).
     * </ul>
     * The scalar kernel stops a pair once its interval is empty; entries only grow and exits
     * only shrink, so running every constraint leaves it empty too, with the same results.
     * Padding repeats a shape's last vertex and normal up to its capacity: a repeated vertex
     * cannot change a minimum or a bound, a repeated edge repeats the last edge's time, which
     * passes neither strict compare again. Each group's four outputs are written in its lanes.
     *
     * @return the verdict bits of the L pairs at their positions in the 64-pair word
     */
    private static long acrossPairs(ConvexPolygons s, float[] vx, float[] vy, int[] pa, int[] pb, int p, int k1,
                                    int k2, float tMax, SweepResults out, KernelScratch sc) {
        LaneMajorPairs lanes = sc.lanes;
        groupStarts(s, vx, vy, pa, pb, p, lanes.starts, sc.sweepRates);
        lanes.loadExchanged(s, k1);
        // The second group's pass once the first's transposes are done with the starts: its
        // random reads of the starts and velocities are in flight while the first's stages run.
        groupStarts(s, vx, vy, pa, pb, p + H, lanes.starts, sc.sweepRates2);
        long bits = acrossLanes(lanes, sc.sweepRates, k1, tMax, out, p) << p;
        lanes.loadExchanged(s, k2);
        return bits | acrossLanes(lanes, sc.sweepRates2, k2, tMax, out, p + H) << (p + H);
    }

    /**
     * One pass over the indices of pairs {@code [p, p + H)}: the starts of the exchanged layout
     * (A's, B's, A's again) and each lane's rate of its edges into rows 0 and 1 of {@code u}
     * (lane l runs B's edges: -u; lane H + l A's: u).
     */
    private static void groupStarts(ConvexPolygons s, float[] vx, float[] vy, int[] pa, int[] pb, int p, int[] starts,
                                    float[] u) {
        int[] start = s.arrays().start;
        for (int l = 0; l < H; l++) {
            int a = pa[p + l];
            int b = pb[p + l];
            int sa = start[a];
            starts[l] = sa;
            starts[H + l] = start[b];
            starts[2 * H + l] = sa;
            float ux = vx[b] - vx[a];
            float uy = vy[b] - vy[a];
            u[l] = -ux;
            u[H + l] = ux;
            u[L + l] = -uy;
            u[L + H + l] = uy;
        }
    }

    /**
     * The vector part of {@link #acrossPairs}, methods per capacity (4 or 8): the swept AABB
     * constraints, then the edges and the outputs (for capacity 8 the edges' scan and the outputs
     * are a method of their own, {@link #close8}); they exchange vectors only through the rows of
     * {@code u}, so that no vector crosses a call. Returns the H verdict bits in the
     * low bits.
     *
     * <p>No vector is carried round a loop here: the bounds, each edge's minimum over the other
     * shape's vertices and the scan of the edges are written out per capacity, and the one loop
     * left (over the edges) hands each edge's time and rate on through {@code u}. C2 removes the
     * boxes of a vector carried round a loop only in some compiles, depending on the order in
     * which it inlines the Vector API calls late, which the JVM's history sets; such a compile
     * allocated about 1.7 MB per W4 batch after large merge-class sweeps (docs/decisions.md,
     * "The sweep's history-dependent boxing").
     */
    private static long acrossLanes(LaneMajorPairs lanes, float[] u, int k, float tMax, SweepResults out, int p) {
        float[] lm = lanes.rows;
        if (k == 4) {
            boxes4(lm, u, tMax);
            return edges4(lm, u, out, p, lanes.floatTail);
        }
        boxes8(lm, u, tMax);
        return edges8(lm, u, out, p, lanes.floatTail);
    }

    /**
     * The swept AABB constraints of {@link #acrossLanes} for capacity 4: each lane's own shape's
     * bounds from its 4 vertex rows (written out, no loop), then the four constraints; writes
     * each lane's entry, exit and normal so far to rows 2 to 5 of {@code u} (lanes [H, L) reset
     * for B's edges).
     */
    private static void boxes4(float[] lm, float[] u, float tMax) {
        FloatVector inf = FloatVector.broadcast(F, Float.POSITIVE_INFINITY);
        FloatVector ninf = FloatVector.broadcast(F, Float.NEGATIVE_INFINITY);
        FloatVector zero = FloatVector.zero(F);
        FloatVector rux = FloatVector.fromArray(F, u, 0);
        FloatVector ruy = FloatVector.fromArray(F, u, L);
        // Each lane's own shape's bounds, from its vertex rows.
        // The rows hold finite coordinates, so the extremes start at vertex 0's.
        FloatVector x0 = FloatVector.fromArray(F, lm, 2 * L);
        FloatVector y0 = FloatVector.fromArray(F, lm, 3 * L);
        FloatVector minX = x0;
        FloatVector minY = y0;
        FloatVector maxX = x0;
        FloatVector maxY = y0;
        FloatVector x1 = FloatVector.fromArray(F, lm, 8 * L);
        FloatVector y1 = FloatVector.fromArray(F, lm, 9 * L);
        minX = minX.blend(x1, x1.lt(minX));
        minY = minY.blend(y1, y1.lt(minY));
        maxX = maxX.blend(x1, x1.compare(VectorOperators.GT, maxX));
        maxY = maxY.blend(y1, y1.compare(VectorOperators.GT, maxY));
        FloatVector x2 = FloatVector.fromArray(F, lm, 14 * L);
        FloatVector y2 = FloatVector.fromArray(F, lm, 15 * L);
        minX = minX.blend(x2, x2.lt(minX));
        minY = minY.blend(y2, y2.lt(minY));
        maxX = maxX.blend(x2, x2.compare(VectorOperators.GT, maxX));
        maxY = maxY.blend(y2, y2.compare(VectorOperators.GT, maxY));
        FloatVector x3 = FloatVector.fromArray(F, lm, 20 * L);
        FloatVector y3 = FloatVector.fromArray(F, lm, 21 * L);
        minX = minX.blend(x3, x3.lt(minX));
        minY = minY.blend(y3, y3.lt(minY));
        maxX = maxX.blend(x3, x3.compare(VectorOperators.GT, maxX));
        maxY = maxY.blend(y3, y3.compare(VectorOperators.GT, maxY));
        // Lane H + l (A's): x+ (minX(B) - maxX(A), rate ux) and y+; lane l: x- and y- (rate -ux,
        // -uy), as the rows of u hold them.
        FloatVector rateX = rux.add(0f);
        FloatVector rateY = ruy.add(0f);
        // -sep as maxX - minX(other): the same value up to the sign of a zero, which the
        // quotient's '+ 0f' erases (and 0 / +0 is NaN with either sign).
        FloatVector tX = maxX.rearrange(SWAP_HALVES).sub(minX).div(rateX).add(0f);
        FloatVector tY = maxY.rearrange(SWAP_HALVES).sub(minY).div(rateY).add(0f);
        FloatVector tMaxes = FloatVector.broadcast(F, tMax);
        // x+: entering when the rate is negative, else a candidate exit (NaN passes neither).
        VectorMask<Float> entering = rateX.lt(0f);
        FloatVector enter = ninf.blend(tX, entering.and(tX.compare(VectorOperators.GT, ninf)));
        FloatVector normalX = zero.blend(1f, entering.and(tX.compare(VectorOperators.GT, ninf)));
        FloatVector normalY = zero;
        FloatVector exit = tMaxes.blend(tX, entering.not().and(tX.lt(tMaxes)));
        // x-: lane l's gap, swapped up.
        FloatVector rate = rateX.rearrange(SWAP_HALVES);
        FloatVector t = tX.rearrange(SWAP_HALVES);
        entering = rate.lt(0f);
        VectorMask<Float> later = entering.and(t.compare(VectorOperators.GT, enter));
        enter = enter.blend(t, later);
        normalX = normalX.blend(-1f, later);
        normalY = normalY.blend(0f, later);
        exit = exit.blend(t, entering.not().and(t.lt(exit)));
        // y+.
        entering = rateY.lt(0f);
        later = entering.and(tY.compare(VectorOperators.GT, enter));
        enter = enter.blend(tY, later);
        normalX = normalX.blend(0f, later);
        normalY = normalY.blend(1f, later);
        exit = exit.blend(tY, entering.not().and(tY.lt(exit)));
        // y-.
        rate = rateY.rearrange(SWAP_HALVES);
        t = tY.rearrange(SWAP_HALVES);
        entering = rate.lt(0f);
        later = entering.and(t.compare(VectorOperators.GT, enter));
        enter = enter.blend(t, later);
        normalX = normalX.blend(0f, later);
        normalY = normalY.blend(-1f, later);
        exit = exit.blend(t, entering.not().and(t.lt(exit)));
        // B's lanes start their edges from nothing entered and nothing left.
        enter.blend(ninf, LOWER).intoArray(u, 2 * L);
        exit.blend(inf, LOWER).intoArray(u, 3 * L);
        normalX.intoArray(u, 4 * L);
        normalY.intoArray(u, 5 * L);
    }

    /**
     * The swept AABB constraints of {@link #acrossLanes} for capacity 8: each lane's own shape's
     * bounds from its 8 vertex rows (written out, no loop), then the four constraints; writes
     * each lane's entry, exit and normal so far to rows 2 to 5 of {@code u} (lanes [H, L) reset
     * for B's edges).
     */
    private static void boxes8(float[] lm, float[] u, float tMax) {
        FloatVector inf = FloatVector.broadcast(F, Float.POSITIVE_INFINITY);
        FloatVector ninf = FloatVector.broadcast(F, Float.NEGATIVE_INFINITY);
        FloatVector zero = FloatVector.zero(F);
        FloatVector rux = FloatVector.fromArray(F, u, 0);
        FloatVector ruy = FloatVector.fromArray(F, u, L);
        // Each lane's own shape's bounds, from its vertex rows.
        // The rows hold finite coordinates, so the extremes start at vertex 0's.
        FloatVector x0 = FloatVector.fromArray(F, lm, 2 * L);
        FloatVector y0 = FloatVector.fromArray(F, lm, 3 * L);
        FloatVector minX = x0;
        FloatVector minY = y0;
        FloatVector maxX = x0;
        FloatVector maxY = y0;
        FloatVector x1 = FloatVector.fromArray(F, lm, 8 * L);
        FloatVector y1 = FloatVector.fromArray(F, lm, 9 * L);
        minX = minX.blend(x1, x1.lt(minX));
        minY = minY.blend(y1, y1.lt(minY));
        maxX = maxX.blend(x1, x1.compare(VectorOperators.GT, maxX));
        maxY = maxY.blend(y1, y1.compare(VectorOperators.GT, maxY));
        FloatVector x2 = FloatVector.fromArray(F, lm, 14 * L);
        FloatVector y2 = FloatVector.fromArray(F, lm, 15 * L);
        minX = minX.blend(x2, x2.lt(minX));
        minY = minY.blend(y2, y2.lt(minY));
        maxX = maxX.blend(x2, x2.compare(VectorOperators.GT, maxX));
        maxY = maxY.blend(y2, y2.compare(VectorOperators.GT, maxY));
        FloatVector x3 = FloatVector.fromArray(F, lm, 20 * L);
        FloatVector y3 = FloatVector.fromArray(F, lm, 21 * L);
        minX = minX.blend(x3, x3.lt(minX));
        minY = minY.blend(y3, y3.lt(minY));
        maxX = maxX.blend(x3, x3.compare(VectorOperators.GT, maxX));
        maxY = maxY.blend(y3, y3.compare(VectorOperators.GT, maxY));
        FloatVector x4 = FloatVector.fromArray(F, lm, 26 * L);
        FloatVector y4 = FloatVector.fromArray(F, lm, 27 * L);
        minX = minX.blend(x4, x4.lt(minX));
        minY = minY.blend(y4, y4.lt(minY));
        maxX = maxX.blend(x4, x4.compare(VectorOperators.GT, maxX));
        maxY = maxY.blend(y4, y4.compare(VectorOperators.GT, maxY));
        FloatVector x5 = FloatVector.fromArray(F, lm, 32 * L);
        FloatVector y5 = FloatVector.fromArray(F, lm, 33 * L);
        minX = minX.blend(x5, x5.lt(minX));
        minY = minY.blend(y5, y5.lt(minY));
        maxX = maxX.blend(x5, x5.compare(VectorOperators.GT, maxX));
        maxY = maxY.blend(y5, y5.compare(VectorOperators.GT, maxY));
        FloatVector x6 = FloatVector.fromArray(F, lm, 38 * L);
        FloatVector y6 = FloatVector.fromArray(F, lm, 39 * L);
        minX = minX.blend(x6, x6.lt(minX));
        minY = minY.blend(y6, y6.lt(minY));
        maxX = maxX.blend(x6, x6.compare(VectorOperators.GT, maxX));
        maxY = maxY.blend(y6, y6.compare(VectorOperators.GT, maxY));
        FloatVector x7 = FloatVector.fromArray(F, lm, 44 * L);
        FloatVector y7 = FloatVector.fromArray(F, lm, 45 * L);
        minX = minX.blend(x7, x7.lt(minX));
        minY = minY.blend(y7, y7.lt(minY));
        maxX = maxX.blend(x7, x7.compare(VectorOperators.GT, maxX));
        maxY = maxY.blend(y7, y7.compare(VectorOperators.GT, maxY));
        // Lane H + l (A's): x+ (minX(B) - maxX(A), rate ux) and y+; lane l: x- and y- (rate -ux,
        // -uy), as the rows of u hold them.
        FloatVector rateX = rux.add(0f);
        FloatVector rateY = ruy.add(0f);
        // -sep as maxX - minX(other): the same value up to the sign of a zero, which the
        // quotient's '+ 0f' erases (and 0 / +0 is NaN with either sign).
        FloatVector tX = maxX.rearrange(SWAP_HALVES).sub(minX).div(rateX).add(0f);
        FloatVector tY = maxY.rearrange(SWAP_HALVES).sub(minY).div(rateY).add(0f);
        FloatVector tMaxes = FloatVector.broadcast(F, tMax);
        // x+: entering when the rate is negative, else a candidate exit (NaN passes neither).
        VectorMask<Float> entering = rateX.lt(0f);
        FloatVector enter = ninf.blend(tX, entering.and(tX.compare(VectorOperators.GT, ninf)));
        FloatVector normalX = zero.blend(1f, entering.and(tX.compare(VectorOperators.GT, ninf)));
        FloatVector normalY = zero;
        FloatVector exit = tMaxes.blend(tX, entering.not().and(tX.lt(tMaxes)));
        // x-: lane l's gap, swapped up.
        FloatVector rate = rateX.rearrange(SWAP_HALVES);
        FloatVector t = tX.rearrange(SWAP_HALVES);
        entering = rate.lt(0f);
        VectorMask<Float> later = entering.and(t.compare(VectorOperators.GT, enter));
        enter = enter.blend(t, later);
        normalX = normalX.blend(-1f, later);
        normalY = normalY.blend(0f, later);
        exit = exit.blend(t, entering.not().and(t.lt(exit)));
        // y+.
        entering = rateY.lt(0f);
        later = entering.and(tY.compare(VectorOperators.GT, enter));
        enter = enter.blend(tY, later);
        normalX = normalX.blend(0f, later);
        normalY = normalY.blend(1f, later);
        exit = exit.blend(tY, entering.not().and(tY.lt(exit)));
        // y-.
        rate = rateY.rearrange(SWAP_HALVES);
        t = tY.rearrange(SWAP_HALVES);
        entering = rate.lt(0f);
        later = entering.and(t.compare(VectorOperators.GT, enter));
        enter = enter.blend(t, later);
        normalX = normalX.blend(0f, later);
        normalY = normalY.blend(-1f, later);
        exit = exit.blend(t, entering.not().and(t.lt(exit)));
        // B's lanes start their edges from nothing entered and nothing left.
        enter.blend(ninf, LOWER).intoArray(u, 2 * L);
        exit.blend(inf, LOWER).intoArray(u, 3 * L);
        normalX.intoArray(u, 4 * L);
        normalY.intoArray(u, 5 * L);
    }

    /**
     * The edges of {@link #acrossLanes} for capacity 4 and the group's outputs. Each edge's time
     * and rate go to rows {@link #TIME_ROW} + i and {@link #RATE_ROW} + i of {@code u} (the
     * minimum over the other shape's 4 vertices written out); then the scalar's in-order scan
     * of the edges from the entry, exit and normal in rows 2 to 5, written out; then A's and
     * B's lanes of each pair are combined and the H pairs' verdict and four outputs written.
     * No vector is carried round a loop (see {@link #acrossLanes}).
     *
     * @return the H verdict bits in the low bits
     */
    private static long edges4(float[] lm, float[] u, SweepResults out, int p, float[] tail) {
        FloatVector zero = FloatVector.zero(F);
        FloatVector rux = FloatVector.fromArray(F, u, 0);
        FloatVector ruy = FloatVector.fromArray(F, u, L);
        for (int i = 0; i < 4; i++) {
            int o = i * 6 * L;
            FloatVector nx = FloatVector.fromArray(F, lm, o);
            FloatVector ny = FloatVector.fromArray(F, lm, o + L);
            // The edge's own first vertex: its vertex row with the halves exchanged.
            FloatVector px = FloatVector.fromArray(F, lm, o + 2 * L).rearrange(SWAP_HALVES);
            FloatVector py = FloatVector.fromArray(F, lm, o + 3 * L).rearrange(SWAP_HALVES);
            // Two running minima from vertices 0 and 1 (every d is finite; the minimum is
            // order-free; a zero's sign is erased by the '+ 0f' on the time, as in smallPair).
            FloatVector d0 = nx.fma(FloatVector.fromArray(F, lm, 2 * L), ny.mul(FloatVector.fromArray(F, lm, 3 * L)));
            FloatVector d1 = nx.fma(FloatVector.fromArray(F, lm, 8 * L), ny.mul(FloatVector.fromArray(F, lm, 9 * L)));
            FloatVector d2 = nx.fma(FloatVector.fromArray(F, lm, 14 * L), ny.mul(FloatVector.fromArray(F, lm, 15 * L)));
            FloatVector d3 = nx.fma(FloatVector.fromArray(F, lm, 20 * L), ny.mul(FloatVector.fromArray(F, lm, 21 * L)));
            FloatVector min0 = d0;
            FloatVector min1 = d1;
            min0 = min0.blend(d2, d2.lt(min0));
            min1 = min1.blend(d3, d3.lt(min1));
            // -sep as the offset minus the support: the same value up to the sign of a zero,
            // which the quotient's '+ 0f' erases (and 0 / +0 is NaN with either sign).
            FloatVector negSep = nx.fma(px, ny.mul(py)).sub(min0.blend(min1, min1.lt(min0)));
            FloatVector edgeRate = nx.fma(rux, ny.mul(ruy)).add(0f);
            FloatVector edgeT = negSep.div(edgeRate).add(0f);
            edgeT.intoArray(u, (TIME_ROW + i) * L);
            edgeRate.intoArray(u, (RATE_ROW + i) * L);
        }
        FloatVector enter = FloatVector.fromArray(F, u, 2 * L);
        FloatVector exit = FloatVector.fromArray(F, u, 3 * L);
        FloatVector normalX = FloatVector.fromArray(F, u, 4 * L);
        FloatVector normalY = FloatVector.fromArray(F, u, 5 * L);
        FloatVector edgeT = FloatVector.fromArray(F, u, TIME_ROW * L);
        VectorMask<Float> entering = FloatVector.fromArray(F, u, RATE_ROW * L).lt(0f);
        VectorMask<Float> later = entering.and(edgeT.compare(VectorOperators.GT, enter));
        enter = enter.blend(edgeT, later);
        normalX = normalX.blend(FloatVector.fromArray(F, lm, 0), later);
        normalY = normalY.blend(FloatVector.fromArray(F, lm, L), later);
        exit = exit.blend(edgeT, entering.not().and(edgeT.lt(exit)));
        edgeT = FloatVector.fromArray(F, u, (TIME_ROW + 1) * L);
        entering = FloatVector.fromArray(F, u, (RATE_ROW + 1) * L).lt(0f);
        later = entering.and(edgeT.compare(VectorOperators.GT, enter));
        enter = enter.blend(edgeT, later);
        normalX = normalX.blend(FloatVector.fromArray(F, lm, 6 * L), later);
        normalY = normalY.blend(FloatVector.fromArray(F, lm, 7 * L), later);
        exit = exit.blend(edgeT, entering.not().and(edgeT.lt(exit)));
        edgeT = FloatVector.fromArray(F, u, (TIME_ROW + 2) * L);
        entering = FloatVector.fromArray(F, u, (RATE_ROW + 2) * L).lt(0f);
        later = entering.and(edgeT.compare(VectorOperators.GT, enter));
        enter = enter.blend(edgeT, later);
        normalX = normalX.blend(FloatVector.fromArray(F, lm, 12 * L), later);
        normalY = normalY.blend(FloatVector.fromArray(F, lm, 13 * L), later);
        exit = exit.blend(edgeT, entering.not().and(edgeT.lt(exit)));
        edgeT = FloatVector.fromArray(F, u, (TIME_ROW + 3) * L);
        entering = FloatVector.fromArray(F, u, (RATE_ROW + 3) * L).lt(0f);
        later = entering.and(edgeT.compare(VectorOperators.GT, enter));
        enter = enter.blend(edgeT, later);
        normalX = normalX.blend(FloatVector.fromArray(F, lm, 18 * L), later);
        normalY = normalY.blend(FloatVector.fromArray(F, lm, 19 * L), later);
        exit = exit.blend(edgeT, entering.not().and(edgeT.lt(exit)));
        // A's edges come before B's: B's entry (lane l) wins only when strictly later than A's
        // (lane H + l, swapped down); B's outward normal points from B to A and is negated (the
        // scalar's -nx).
        FloatVector enterA = enter.rearrange(SWAP_HALVES);
        VectorMask<Float> bWins = enter.compare(VectorOperators.GT, enterA);
        enter = enterA.blend(enter, bWins);
        normalX = normalX.rearrange(SWAP_HALVES).blend(normalX.neg(), bWins);
        normalY = normalY.rearrange(SWAP_HALVES).blend(normalY.neg(), bWins);
        FloatVector exitA = exit.rearrange(SWAP_HALVES);
        exit = exitA.blend(exit, exit.lt(exitA));
        // The scalar's miss is 'enter > exit || exit < 0'; neither is ever NaN here.
        VectorMask<Float> hit = enter.compare(VectorOperators.LE, exit).and(exit.compare(VectorOperators.GE, 0f));
        FloatVector nan = FloatVector.broadcast(F, Float.NaN);
        FloatVector first = nan.blend(zero.blend(enter, enter.compare(VectorOperators.GT, 0f)), hit);
        FloatVector last = nan.blend(exit, hit);
        normalX = zero.blend(normalX, hit);
        normalY = zero.blend(normalY, hit);
        float[] tFirsts = out.tFirsts();
        if (p + L <= tFirsts.length) {
            first.intoArray(tFirsts, p, LOWER);
            last.intoArray(out.tLasts(), p, LOWER);
            normalX.intoArray(out.normalXs(), p, LOWER);
            normalY.intoArray(out.normalYs(), p, LOWER);
        } else {
            // A masked store whose full vector would cross the array's end takes the Vector
            // API's checked path, which allocates: the last group goes through the scratch.
            float[] f = tail;
            first.intoArray(f, 0);
            System.arraycopy(f, 0, tFirsts, p, H);
            last.intoArray(f, 0);
            System.arraycopy(f, 0, out.tLasts(), p, H);
            normalX.intoArray(f, 0);
            System.arraycopy(f, 0, out.normalXs(), p, H);
            normalY.intoArray(f, 0);
            System.arraycopy(f, 0, out.normalYs(), p, H);
        }
        return hit.toLong() & ((1L << H) - 1);
    }

    /**
     * The edges of {@link #acrossLanes} for capacity 8, then {@link #close8} for the scan and the
     * group's outputs. Each edge's time and rate go to rows {@link #TIME_ROW} + i and
     * {@link #RATE_ROW} + i of {@code u} (the minimum over the other shape's 8 vertices written
     * out). No vector is carried round a loop (see {@link #acrossLanes}).
     *
     * @return the H verdict bits in the low bits
     */
    private static long edges8(float[] lm, float[] u, SweepResults out, int p, float[] tail) {
        FloatVector zero = FloatVector.zero(F);
        FloatVector rux = FloatVector.fromArray(F, u, 0);
        FloatVector ruy = FloatVector.fromArray(F, u, L);
        for (int i = 0; i < 8; i++) {
            int o = i * 6 * L;
            FloatVector nx = FloatVector.fromArray(F, lm, o);
            FloatVector ny = FloatVector.fromArray(F, lm, o + L);
            // The edge's own first vertex: its vertex row with the halves exchanged.
            FloatVector px = FloatVector.fromArray(F, lm, o + 2 * L).rearrange(SWAP_HALVES);
            FloatVector py = FloatVector.fromArray(F, lm, o + 3 * L).rearrange(SWAP_HALVES);
            // Two running minima from vertices 0 and 1 (every d is finite; the minimum is
            // order-free; a zero's sign is erased by the '+ 0f' on the time, as in smallPair).
            FloatVector d0 = nx.fma(FloatVector.fromArray(F, lm, 2 * L), ny.mul(FloatVector.fromArray(F, lm, 3 * L)));
            FloatVector d1 = nx.fma(FloatVector.fromArray(F, lm, 8 * L), ny.mul(FloatVector.fromArray(F, lm, 9 * L)));
            FloatVector d2 = nx.fma(FloatVector.fromArray(F, lm, 14 * L), ny.mul(FloatVector.fromArray(F, lm, 15 * L)));
            FloatVector d3 = nx.fma(FloatVector.fromArray(F, lm, 20 * L), ny.mul(FloatVector.fromArray(F, lm, 21 * L)));
            FloatVector d4 = nx.fma(FloatVector.fromArray(F, lm, 26 * L), ny.mul(FloatVector.fromArray(F, lm, 27 * L)));
            FloatVector d5 = nx.fma(FloatVector.fromArray(F, lm, 32 * L), ny.mul(FloatVector.fromArray(F, lm, 33 * L)));
            FloatVector d6 = nx.fma(FloatVector.fromArray(F, lm, 38 * L), ny.mul(FloatVector.fromArray(F, lm, 39 * L)));
            FloatVector d7 = nx.fma(FloatVector.fromArray(F, lm, 44 * L), ny.mul(FloatVector.fromArray(F, lm, 45 * L)));
            FloatVector min0 = d0;
            FloatVector min1 = d1;
            min0 = min0.blend(d2, d2.lt(min0));
            min1 = min1.blend(d3, d3.lt(min1));
            min0 = min0.blend(d4, d4.lt(min0));
            min1 = min1.blend(d5, d5.lt(min1));
            min0 = min0.blend(d6, d6.lt(min0));
            min1 = min1.blend(d7, d7.lt(min1));
            // -sep as the offset minus the support: the same value up to the sign of a zero,
            // which the quotient's '+ 0f' erases (and 0 / +0 is NaN with either sign).
            FloatVector negSep = nx.fma(px, ny.mul(py)).sub(min0.blend(min1, min1.lt(min0)));
            FloatVector edgeRate = nx.fma(rux, ny.mul(ruy)).add(0f);
            FloatVector edgeT = negSep.div(edgeRate).add(0f);
            edgeT.intoArray(u, (TIME_ROW + i) * L);
            edgeRate.intoArray(u, (RATE_ROW + i) * L);
        }
        return close8(lm, u, out, p, tail);
    }

    /**
     * The rest of {@link #edges8}: the scalar's in-order scan of the 8 edges' times and rates
     * (rows {@link #TIME_ROW} and {@link #RATE_ROW} of {@code u}) from the entry, exit and normal
     * in rows 2 to 5, written out; then A's and B's lanes of each pair are combined and the H
     * pairs' verdict and four outputs written. A method of its own: with the scan inside it,
     * C1's tier-3 compile of {@code edges8} is close to running out of virtual registers (it
     * does for some JVM histories and small changes), which leaves the method at tier 2, where
     * the Vector API is not intrinsified (about 2 us and 7.8 KB per pair).
     *
     * @return the H verdict bits in the low bits
     */
    private static long close8(float[] lm, float[] u, SweepResults out, int p, float[] tail) {
        FloatVector zero = FloatVector.zero(F);
        FloatVector enter = FloatVector.fromArray(F, u, 2 * L);
        FloatVector exit = FloatVector.fromArray(F, u, 3 * L);
        FloatVector normalX = FloatVector.fromArray(F, u, 4 * L);
        FloatVector normalY = FloatVector.fromArray(F, u, 5 * L);
        FloatVector edgeT = FloatVector.fromArray(F, u, TIME_ROW * L);
        VectorMask<Float> entering = FloatVector.fromArray(F, u, RATE_ROW * L).lt(0f);
        VectorMask<Float> later = entering.and(edgeT.compare(VectorOperators.GT, enter));
        enter = enter.blend(edgeT, later);
        normalX = normalX.blend(FloatVector.fromArray(F, lm, 0), later);
        normalY = normalY.blend(FloatVector.fromArray(F, lm, L), later);
        exit = exit.blend(edgeT, entering.not().and(edgeT.lt(exit)));
        edgeT = FloatVector.fromArray(F, u, (TIME_ROW + 1) * L);
        entering = FloatVector.fromArray(F, u, (RATE_ROW + 1) * L).lt(0f);
        later = entering.and(edgeT.compare(VectorOperators.GT, enter));
        enter = enter.blend(edgeT, later);
        normalX = normalX.blend(FloatVector.fromArray(F, lm, 6 * L), later);
        normalY = normalY.blend(FloatVector.fromArray(F, lm, 7 * L), later);
        exit = exit.blend(edgeT, entering.not().and(edgeT.lt(exit)));
        edgeT = FloatVector.fromArray(F, u, (TIME_ROW + 2) * L);
        entering = FloatVector.fromArray(F, u, (RATE_ROW + 2) * L).lt(0f);
        later = entering.and(edgeT.compare(VectorOperators.GT, enter));
        enter = enter.blend(edgeT, later);
        normalX = normalX.blend(FloatVector.fromArray(F, lm, 12 * L), later);
        normalY = normalY.blend(FloatVector.fromArray(F, lm, 13 * L), later);
        exit = exit.blend(edgeT, entering.not().and(edgeT.lt(exit)));
        edgeT = FloatVector.fromArray(F, u, (TIME_ROW + 3) * L);
        entering = FloatVector.fromArray(F, u, (RATE_ROW + 3) * L).lt(0f);
        later = entering.and(edgeT.compare(VectorOperators.GT, enter));
        enter = enter.blend(edgeT, later);
        normalX = normalX.blend(FloatVector.fromArray(F, lm, 18 * L), later);
        normalY = normalY.blend(FloatVector.fromArray(F, lm, 19 * L), later);
        exit = exit.blend(edgeT, entering.not().and(edgeT.lt(exit)));
        edgeT = FloatVector.fromArray(F, u, (TIME_ROW + 4) * L);
        entering = FloatVector.fromArray(F, u, (RATE_ROW + 4) * L).lt(0f);
        later = entering.and(edgeT.compare(VectorOperators.GT, enter));
        enter = enter.blend(edgeT, later);
        normalX = normalX.blend(FloatVector.fromArray(F, lm, 24 * L), later);
        normalY = normalY.blend(FloatVector.fromArray(F, lm, 25 * L), later);
        exit = exit.blend(edgeT, entering.not().and(edgeT.lt(exit)));
        edgeT = FloatVector.fromArray(F, u, (TIME_ROW + 5) * L);
        entering = FloatVector.fromArray(F, u, (RATE_ROW + 5) * L).lt(0f);
        later = entering.and(edgeT.compare(VectorOperators.GT, enter));
        enter = enter.blend(edgeT, later);
        normalX = normalX.blend(FloatVector.fromArray(F, lm, 30 * L), later);
        normalY = normalY.blend(FloatVector.fromArray(F, lm, 31 * L), later);
        exit = exit.blend(edgeT, entering.not().and(edgeT.lt(exit)));
        edgeT = FloatVector.fromArray(F, u, (TIME_ROW + 6) * L);
        entering = FloatVector.fromArray(F, u, (RATE_ROW + 6) * L).lt(0f);
        later = entering.and(edgeT.compare(VectorOperators.GT, enter));
        enter = enter.blend(edgeT, later);
        normalX = normalX.blend(FloatVector.fromArray(F, lm, 36 * L), later);
        normalY = normalY.blend(FloatVector.fromArray(F, lm, 37 * L), later);
        exit = exit.blend(edgeT, entering.not().and(edgeT.lt(exit)));
        edgeT = FloatVector.fromArray(F, u, (TIME_ROW + 7) * L);
        entering = FloatVector.fromArray(F, u, (RATE_ROW + 7) * L).lt(0f);
        later = entering.and(edgeT.compare(VectorOperators.GT, enter));
        enter = enter.blend(edgeT, later);
        normalX = normalX.blend(FloatVector.fromArray(F, lm, 42 * L), later);
        normalY = normalY.blend(FloatVector.fromArray(F, lm, 43 * L), later);
        exit = exit.blend(edgeT, entering.not().and(edgeT.lt(exit)));
        // A's edges come before B's: B's entry (lane l) wins only when strictly later than A's
        // (lane H + l, swapped down); B's outward normal points from B to A and is negated (the
        // scalar's -nx).
        FloatVector enterA = enter.rearrange(SWAP_HALVES);
        VectorMask<Float> bWins = enter.compare(VectorOperators.GT, enterA);
        enter = enterA.blend(enter, bWins);
        normalX = normalX.rearrange(SWAP_HALVES).blend(normalX.neg(), bWins);
        normalY = normalY.rearrange(SWAP_HALVES).blend(normalY.neg(), bWins);
        FloatVector exitA = exit.rearrange(SWAP_HALVES);
        exit = exitA.blend(exit, exit.lt(exitA));
        // The scalar's miss is 'enter > exit || exit < 0'; neither is ever NaN here.
        VectorMask<Float> hit = enter.compare(VectorOperators.LE, exit).and(exit.compare(VectorOperators.GE, 0f));
        FloatVector nan = FloatVector.broadcast(F, Float.NaN);
        FloatVector first = nan.blend(zero.blend(enter, enter.compare(VectorOperators.GT, 0f)), hit);
        FloatVector last = nan.blend(exit, hit);
        normalX = zero.blend(normalX, hit);
        normalY = zero.blend(normalY, hit);
        float[] tFirsts = out.tFirsts();
        if (p + L <= tFirsts.length) {
            first.intoArray(tFirsts, p, LOWER);
            last.intoArray(out.tLasts(), p, LOWER);
            normalX.intoArray(out.normalXs(), p, LOWER);
            normalY.intoArray(out.normalYs(), p, LOWER);
        } else {
            // A masked store whose full vector would cross the array's end takes the Vector
            // API's checked path, which allocates: the last group goes through the scratch.
            float[] f = tail;
            first.intoArray(f, 0);
            System.arraycopy(f, 0, tFirsts, p, H);
            last.intoArray(f, 0);
            System.arraycopy(f, 0, out.tLasts(), p, H);
            normalX.intoArray(f, 0);
            System.arraycopy(f, 0, out.normalXs(), p, H);
            normalY.intoArray(f, 0);
            System.arraycopy(f, 0, out.normalYs(), p, H);
        }
        return hit.toLong() & ((1L << H) - 1);
    }

    /**
     * Order-preserving int key of a float that is not NaN and not -0; its own inverse. The vector
     * form is written out where it is used: a shared helper taking vectors of two species was
     * not inlined by C2 ("callee uses too much stack") and boxed its vectors.
     */
    private static int key(float f) {
        int bits = Float.floatToRawIntBits(f);
        return bits ^ ((bits >> 31) >>> 1);
    }

    private static float unkey(int k) {
        return Float.intBitsToFloat(k ^ ((k >> 31) >>> 1));
    }

    /**
     * The scalar kernel's four swept AABB constraints for the L pairs from {@code q}, one pair per
     * lane. Writes a miss's final results; for the others, the entry key, axis code and exit key
     * to lane i of {@code scratch.ints0}, {@code ints1} and {@code ints2} for {@link #afterAabb}.
     * Returns the bits of the pairs left open (bit i: pair q + i).
     */
    private static long aabbLanes(ConvexPolygons s, float[] vx, float[] vy, int[] pa, int[] pb, int q, float tMax,
                                  SweepResults out, KernelScratch scratch) {
        float[] minX = s.arrays().minX;
        float[] maxX = s.arrays().maxX;
        float[] minY = s.arrays().minY;
        float[] maxY = s.arrays().maxY;
        FloatVector ux = FloatVector.fromArray(F, vx, 0, pb, q).sub(FloatVector.fromArray(F, vx, 0, pa, q));
        FloatVector uy = FloatVector.fromArray(F, vy, 0, pb, q).sub(FloatVector.fromArray(F, vy, 0, pa, q));
        FloatVector minXa = FloatVector.fromArray(F, minX, 0, pa, q);
        FloatVector maxXa = FloatVector.fromArray(F, maxX, 0, pa, q);
        FloatVector minYa = FloatVector.fromArray(F, minY, 0, pa, q);
        FloatVector maxYa = FloatVector.fromArray(F, maxY, 0, pa, q);
        FloatVector minXb = FloatVector.fromArray(F, minX, 0, pb, q);
        FloatVector maxXb = FloatVector.fromArray(F, maxX, 0, pb, q);
        FloatVector minYb = FloatVector.fromArray(F, minY, 0, pb, q);
        FloatVector maxYb = FloatVector.fromArray(F, maxY, 0, pb, q);
        IntVector enterKey = IntVector.broadcast(I, KEY_NEG_INF);
        IntVector axis = IntVector.broadcast(I, NO_AXIS);
        IntVector exitKey = IntVector.broadcast(I, key(tMax));
        // Constraint c = 0..3 (x+, x-, y+, y-), in the scalar's order; written out, not looped, so
        // that no vector is indexed by a loop variable.
        FloatVector rate = ux.add(0f);
        FloatVector t = minXb.sub(maxXa).neg().div(rate).add(0f);
        IntVector tb = t.reinterpretAsInts();
        IntVector kt = tb.lanewise(VectorOperators.XOR, tb.lanewise(VectorOperators.ASHR, 31).lanewise(VectorOperators.LSHR, 1));
        VectorMask<Integer> in = rate.lt(0f).cast(I);
        IntVector e = kt.blend(Integer.MIN_VALUE, in.not());
        axis = axis.blend(1, e.compare(VectorOperators.GT, enterKey));
        enterKey = enterKey.max(e);
        exitKey = exitKey.min(kt.blend(Integer.MAX_VALUE, in.or(t.lt(Float.POSITIVE_INFINITY).cast(I).not())));

        rate = ux.neg().add(0f);
        t = minXa.sub(maxXb).neg().div(rate).add(0f);
        tb = t.reinterpretAsInts();
        kt = tb.lanewise(VectorOperators.XOR, tb.lanewise(VectorOperators.ASHR, 31).lanewise(VectorOperators.LSHR, 1));
        in = rate.lt(0f).cast(I);
        e = kt.blend(Integer.MIN_VALUE, in.not());
        axis = axis.blend(2, e.compare(VectorOperators.GT, enterKey));
        enterKey = enterKey.max(e);
        exitKey = exitKey.min(kt.blend(Integer.MAX_VALUE, in.or(t.lt(Float.POSITIVE_INFINITY).cast(I).not())));

        rate = uy.add(0f);
        t = minYb.sub(maxYa).neg().div(rate).add(0f);
        tb = t.reinterpretAsInts();
        kt = tb.lanewise(VectorOperators.XOR, tb.lanewise(VectorOperators.ASHR, 31).lanewise(VectorOperators.LSHR, 1));
        in = rate.lt(0f).cast(I);
        e = kt.blend(Integer.MIN_VALUE, in.not());
        axis = axis.blend(3, e.compare(VectorOperators.GT, enterKey));
        enterKey = enterKey.max(e);
        exitKey = exitKey.min(kt.blend(Integer.MAX_VALUE, in.or(t.lt(Float.POSITIVE_INFINITY).cast(I).not())));

        rate = uy.neg().add(0f);
        t = minYa.sub(maxYb).neg().div(rate).add(0f);
        tb = t.reinterpretAsInts();
        kt = tb.lanewise(VectorOperators.XOR, tb.lanewise(VectorOperators.ASHR, 31).lanewise(VectorOperators.LSHR, 1));
        in = rate.lt(0f).cast(I);
        e = kt.blend(Integer.MIN_VALUE, in.not());
        axis = axis.blend(4, e.compare(VectorOperators.GT, enterKey));
        enterKey = enterKey.max(e);
        exitKey = exitKey.min(kt.blend(Integer.MAX_VALUE, in.or(t.lt(Float.POSITIVE_INFINITY).cast(I).not())));

        // Misses get their final results (NaN times, normal 0) here; open pairs their keys.
        VectorMask<Integer> open = enterKey.compare(VectorOperators.LE, exitKey).and(exitKey.compare(VectorOperators.GE, 0));
        // A miss's lanes get their final results here; an open pair's lanes are written once,
        // by afterAabb, with final values too (the masked stores leave them alone).
        VectorMask<Float> closed = open.not().cast(F);
        FloatVector nan = FloatVector.broadcast(F, Float.NaN);
        nan.intoArray(out.tFirsts(), q, closed);
        nan.intoArray(out.tLasts(), q, closed);
        FloatVector.zero(F).intoArray(out.normalXs(), q, closed);
        FloatVector.zero(F).intoArray(out.normalYs(), q, closed);
        enterKey.intoArray(scratch.ints0, 0);
        axis.intoArray(scratch.ints1, 0);
        exitKey.intoArray(scratch.ints2, 0);
        return open.toLong();
    }

    /** The rest of {@link #sweepPair} for a pair that {@link #aabbLanes} left open. */
    private static int afterAabb(ConvexPolygons s, float[] vx, float[] vy, int a, int b, int enterKey, int axis,
                                 int exitKey, SweepResults out, int p, KernelScratch sc) {
        assert enterKey <= exitKey && exitKey >= 0 : "pair=" + p + " closed by its AABB constraints";
        float ux = vx[b] - vx[a];
        float uy = vy[b] - vy[a];
        return edgeAxes(s, a, b, ux, uy, enterKey, axis, exitKey, out, p, sc);
    }

    /**
     * The edge axes of a pair the AABB constraints left open, by capacity class: the merge
     * class's ranges or the all-pairs layouts.
     */
    private static int edgeAxes(ConvexPolygons s, int a, int b, float ux, float uy, int enterKey, int axis,
                                int exitKey, SweepResults out, int p, KernelScratch sc) {
        int[] capacity = s.arrays().capacity;
        boolean merge = capacity[a] > ScalarPenetration.ALL_PAIRS_CAPACITY
                || capacity[b] > ScalarPenetration.ALL_PAIRS_CAPACITY;
        if (!merge && capacity[a] <= H && capacity[b] <= H) {
            return smallPair(s, a, b, ux, uy, enterKey, axis, exitKey, out, p);
        }
        if (merge) {
            // No scratch (the pool was empty): the scalar kernel's own edge stage, same bits.
            return sc == null
                    ? (ScalarSweep.edgeAxes(s, a, b, ux, uy, unkey(enterKey), axis, unkey(exitKey), out, p) ? 1 : 0)
                    : mergeAxes(s, a, b, ux, uy, enterKey, axis, exitKey, out, p, sc);
        }
        return twoPasses(s, a, b, ux, uy, enterKey, axis, exitKey, out, p);
    }

    private static int sweepPair(ConvexPolygons s, float[] vx, float[] vy, int a, int b, float tMax,
                                     SweepResults out, int p, KernelScratch sc) {
        float ux = vx[b] - vx[a];
        float uy = vy[b] - vy[a];
        // Swept AABB: the scalar kernel's four constraints x+, x-, y+, y-, in its order.
        // Plain floats, not a 128-bit vector: a second species' calls into the JDK's shared
        // vector code split the type profiles that every kernel's C2 code reads (C2's inlining
        // log of the W4 MTV showed Float128Vector receivers at its sites), a known way into
        // boxed vectors; four lanes of work gain nothing from a vector here.
        float[] minX = s.arrays().minX;
        float[] maxX = s.arrays().maxX;
        float[] minY = s.arrays().minY;
        float[] maxY = s.arrays().maxY;
        // ScalarSweep's loop itself (same expressions, same order), then the times as keys.
        float enter = Float.NEGATIVE_INFINITY;
        int axis = NO_AXIS;
        float exit = tMax;
        for (int c = 0; c < 4; c++) {
            float sep = c == 0 ? minX[b] - maxX[a] : c == 1 ? minX[a] - maxX[b] : c == 2 ? minY[b] - maxY[a] : minY[a] - maxY[b];
            float rate = (c == 0 ? ux : c == 1 ? -ux : c == 2 ? uy : -uy) + 0f;
            float t = -sep / rate + 0f;
            if (rate < 0f) {
                if (t > enter) {
                    enter = t;
                    axis = 1 + c;
                }
            } else if (t < exit) {
                exit = t;
            }
        }
        int enterKey = key(enter);
        int exitKey = key(exit);
        if (enterKey > exitKey || exitKey < 0) {
            return miss(out, p);
        }
        return edgeAxes(s, a, b, ux, uy, enterKey, axis, exitKey, out, p, sc);
    }

    /** Both shapes fit in half a vector: A's normals in the low half, B's in the high half. */
    private static int smallPair(ConvexPolygons s, int a, int b, float ux, float uy, int enterKey, int axis,
                                     int exitKey, SweepResults out, int p) {
        float[] x = s.arrays().x;
        float[] y = s.arrays().y;
        float[] nxs = s.arrays().nx;
        float[] nys = s.arrays().ny;
        int oa = s.arrays().start[a];
        int ob = s.arrays().start[b];
        int ka = s.arrays().count[a];
        int kb = s.arrays().count[b];
        // [A's slots | B's slots]: each shape's H slots are loaded as half a vector straight into
        // its half (no shuffle), so a pair reads 2 x H slots per array, not 2 x L.
        FloatVector nx = ((FloatVector) FloatVector.fromArray(HALF, nxs, oa).reinterpretShape(F, 0))
                .blend((FloatVector) FloatVector.fromArray(HALF, nxs, ob).reinterpretShape(F, -1), UPPER);
        FloatVector ny = ((FloatVector) FloatVector.fromArray(HALF, nys, oa).reinterpretShape(F, 0))
                .blend((FloatVector) FloatVector.fromArray(HALF, nys, ob).reinterpretShape(F, -1), UPPER);
        FloatVector px = ((FloatVector) FloatVector.fromArray(HALF, x, oa).reinterpretShape(F, 0))
                .blend((FloatVector) FloatVector.fromArray(HALF, x, ob).reinterpretShape(F, -1), UPPER);
        FloatVector py = ((FloatVector) FloatVector.fromArray(HALF, y, oa).reinterpretShape(F, 0))
                .blend((FloatVector) FloatVector.fromArray(HALF, y, ob).reinterpretShape(F, -1), UPPER);
        // Real edges: index within the half below that half's vertex count.
        VectorMask<Float> live = HALF_INDEX.lt(FloatVector.broadcast(F, (float) ka).blend((float) kb, UPPER));
        int ca = s.arrays().capacity[a];
        int cb = s.arrays().capacity[b];
        // Both shapes within a quarter: rotating within quarters covers them in half the rounds.
        boolean quarter = Q4 >= 2 && ca <= Q4 && cb <= Q4;
        if (!quarter && (ca < H || cb < H)) {
            // A shape of capacity below H leaves the next shape's slots in the rest of its half,
            // and the rotation below would show them: make every lane past a shape's count a
            // copy of its last vertex. (With capacity H the lanes past the count are padding,
            // which already is that copy; with quarter rotation they are never shown.)
            int lastA = oa + ka - 1;
            int lastB = ob + kb - 1;
            VectorMask<Float> dead = live.not();
            px = px.blend(FloatVector.broadcast(F, x[lastA]).blend(x[lastB], UPPER), dead);
            py = py.blend(FloatVector.broadcast(F, y[lastA]).blend(y[lastB], UPPER), dead);
        }
        // The other shape's vertices, lane-major: B's in A's half, A's in B's half. Rotating them
        // within each half shows every lane each vertex of the other shape once, with no scalar
        // load or broadcast per vertex.
        FloatVector ox = px.rearrange(SWAP_HALVES);
        FloatVector oy = py.rearrange(SWAP_HALVES);
        VectorShuffle<Float> rotate = quarter ? ROTATE_IN_QUARTER : ROTATE_IN_HALF;
        int rounds = quarter ? Q4 : H;
        // Two running minima (even and odd rounds) halve the compare-blend latency chain. The
        // minimum's value does not depend on the order; only the sign of a zero could, and a
        // zero's sign is erased by the '+ 0f' on the time below.
        FloatVector even = FloatVector.broadcast(F, Float.POSITIVE_INFINITY);
        FloatVector odd = FloatVector.broadcast(F, Float.POSITIVE_INFINITY);
        for (int r = 0; r < rounds; r += 2) {
            FloatVector d = nx.fma(ox, ny.mul(oy));
            even = even.blend(d, d.lt(even));
            ox = ox.rearrange(rotate);
            oy = oy.rearrange(rotate);
            FloatVector d1 = nx.fma(ox, ny.mul(oy));
            odd = odd.blend(d1, d1.lt(odd));
            ox = ox.rearrange(rotate);
            oy = oy.rearrange(rotate);
        }
        FloatVector support = even.blend(odd, odd.lt(even));
        FloatVector sep = support.sub(nx.fma(px, ny.mul(py)));
        FloatVector rux = FloatVector.broadcast(F, ux).blend(-ux, UPPER);
        FloatVector ruy = FloatVector.broadcast(F, uy).blend(-uy, UPPER);
        FloatVector rate = nx.fma(rux, ny.mul(ruy)).add(0f);
        FloatVector t = sep.neg().div(rate).add(0f);
        VectorMask<Float> entering = rate.lt(0f).and(live);
        // Exit candidates: t < +inf also drops the NaN lanes (rate +0 and sep 0).
        VectorMask<Float> leaving = entering.not().and(live).and(t.lt(Float.POSITIVE_INFINITY));
        IntVector tb = t.reinterpretAsInts();
        IntVector kt = tb.lanewise(VectorOperators.XOR, tb.lanewise(VectorOperators.ASHR, 31).lanewise(VectorOperators.LSHR, 1));
        VectorMask<Integer> ei = entering.cast(I);
        int best = kt.blend(Integer.MIN_VALUE, ei.not()).reduceLanes(VectorOperators.MAX);
        // The first lane holding the maximum: the scalar's strict '>' keeps the first.
        int lane = kt.eq(best).and(ei).firstTrue();
        // Lane to axis code without a select on the half (A's edge or B's is a coin flip):
        // A's lane i -> FIRST_A_EDGE + i, B's lane H + j -> -(1 + j).
        int ofB = lane / H;
        int code = FIRST_A_EDGE + lane + ofB * (H - 1 - FIRST_A_EDGE - 2 * lane);
        int newer = -(best > enterKey ? 1 : 0);
        axis = (code & newer) | (axis & ~newer);
        enterKey = Math.max(best, enterKey);
        exitKey = Math.min(exitKey, kt.blend(Integer.MAX_VALUE, leaving.cast(I).not()).reduceLanes(VectorOperators.MIN));
        return finish(s, a, b, enterKey, axis, exitKey, out, p);
    }

    /**
     * Whether pair (a, b) takes {@link #twoSmallPairs}: both shapes of capacity exactly H (so
     * {@link #smallPair} would rotate within halves and need no padding fix) and in the small
     * class.
     */
    private static boolean fullHalves(int[] cap, int a, int b) {
        return PAIRED && cap[a] == H && cap[b] == H;
    }

    /**
     * {@link #smallPair} for two open pairs {@code q1} and {@code q2} that both pass
     * {@link #fullHalves}, statement by statement interleaved: the same expressions in the same
     * order per pair, so the same bits. One pair's body is a long dependency chain (rotation
     * rounds, division, two reductions, the first lane of the maximum) that leaves the core idle
     * while it waits; two independent chains in one instruction stream fill those waits, where
     * the out-of-order window alone overlapped consecutive pairs only partly. Returns the two
     * verdict bits shifted to their pairs' positions in the 64-pair word.
     */
    private static long twoSmallPairs(ConvexPolygons s, float[] vx, float[] vy, int[] pa, int[] pb, int q1, int q2,
                                      int enterKey1, int axis1, int exitKey1, int enterKey2, int axis2, int exitKey2,
                                      SweepResults out) {
        // Written out, not looped over the two pairs: a vector indexed by a loop variable or
        // passed to a method C2 did not inline would be boxed.
        float[] x = s.arrays().x;
        float[] y = s.arrays().y;
        float[] nxs = s.arrays().nx;
        float[] nys = s.arrays().ny;
        int[] start = s.arrays().start;
        int[] count = s.arrays().count;
        int a1 = pa[q1];
        int b1 = pb[q1];
        int a2 = pa[q2];
        int b2 = pb[q2];
        float ux1 = vx[b1] - vx[a1];
        float uy1 = vy[b1] - vy[a1];
        float ux2 = vx[b2] - vx[a2];
        float uy2 = vy[b2] - vy[a2];
        int oa1 = start[a1];
        int ob1 = start[b1];
        int oa2 = start[a2];
        int ob2 = start[b2];
        FloatVector nx1 = ((FloatVector) FloatVector.fromArray(HALF, nxs, oa1).reinterpretShape(F, 0))
                .blend((FloatVector) FloatVector.fromArray(HALF, nxs, ob1).reinterpretShape(F, -1), UPPER);
        FloatVector nx2 = ((FloatVector) FloatVector.fromArray(HALF, nxs, oa2).reinterpretShape(F, 0))
                .blend((FloatVector) FloatVector.fromArray(HALF, nxs, ob2).reinterpretShape(F, -1), UPPER);
        FloatVector ny1 = ((FloatVector) FloatVector.fromArray(HALF, nys, oa1).reinterpretShape(F, 0))
                .blend((FloatVector) FloatVector.fromArray(HALF, nys, ob1).reinterpretShape(F, -1), UPPER);
        FloatVector ny2 = ((FloatVector) FloatVector.fromArray(HALF, nys, oa2).reinterpretShape(F, 0))
                .blend((FloatVector) FloatVector.fromArray(HALF, nys, ob2).reinterpretShape(F, -1), UPPER);
        FloatVector px1 = ((FloatVector) FloatVector.fromArray(HALF, x, oa1).reinterpretShape(F, 0))
                .blend((FloatVector) FloatVector.fromArray(HALF, x, ob1).reinterpretShape(F, -1), UPPER);
        FloatVector px2 = ((FloatVector) FloatVector.fromArray(HALF, x, oa2).reinterpretShape(F, 0))
                .blend((FloatVector) FloatVector.fromArray(HALF, x, ob2).reinterpretShape(F, -1), UPPER);
        FloatVector py1 = ((FloatVector) FloatVector.fromArray(HALF, y, oa1).reinterpretShape(F, 0))
                .blend((FloatVector) FloatVector.fromArray(HALF, y, ob1).reinterpretShape(F, -1), UPPER);
        FloatVector py2 = ((FloatVector) FloatVector.fromArray(HALF, y, oa2).reinterpretShape(F, 0))
                .blend((FloatVector) FloatVector.fromArray(HALF, y, ob2).reinterpretShape(F, -1), UPPER);
        VectorMask<Float> live1 = HALF_INDEX.lt(FloatVector.broadcast(F, (float) count[a1]).blend((float) count[b1], UPPER));
        VectorMask<Float> live2 = HALF_INDEX.lt(FloatVector.broadcast(F, (float) count[a2]).blend((float) count[b2], UPPER));
        // Capacity H: the lanes past a count are padding (copies of the last vertex), so the
        // rotation within halves needs no fix, as in smallPair.
        FloatVector ox1 = px1.rearrange(SWAP_HALVES);
        FloatVector ox2 = px2.rearrange(SWAP_HALVES);
        FloatVector oy1 = py1.rearrange(SWAP_HALVES);
        FloatVector oy2 = py2.rearrange(SWAP_HALVES);
        FloatVector even1 = FloatVector.broadcast(F, Float.POSITIVE_INFINITY);
        FloatVector odd1 = even1;
        FloatVector even2 = even1;
        FloatVector odd2 = even1;
        for (int r = 0; r < H; r += 2) {
            FloatVector d1 = nx1.fma(ox1, ny1.mul(oy1));
            FloatVector d2 = nx2.fma(ox2, ny2.mul(oy2));
            even1 = even1.blend(d1, d1.lt(even1));
            even2 = even2.blend(d2, d2.lt(even2));
            ox1 = ox1.rearrange(ROTATE_IN_HALF);
            ox2 = ox2.rearrange(ROTATE_IN_HALF);
            oy1 = oy1.rearrange(ROTATE_IN_HALF);
            oy2 = oy2.rearrange(ROTATE_IN_HALF);
            FloatVector e1 = nx1.fma(ox1, ny1.mul(oy1));
            FloatVector e2 = nx2.fma(ox2, ny2.mul(oy2));
            odd1 = odd1.blend(e1, e1.lt(odd1));
            odd2 = odd2.blend(e2, e2.lt(odd2));
            ox1 = ox1.rearrange(ROTATE_IN_HALF);
            ox2 = ox2.rearrange(ROTATE_IN_HALF);
            oy1 = oy1.rearrange(ROTATE_IN_HALF);
            oy2 = oy2.rearrange(ROTATE_IN_HALF);
        }
        FloatVector sep1 = even1.blend(odd1, odd1.lt(even1)).sub(nx1.fma(px1, ny1.mul(py1)));
        FloatVector sep2 = even2.blend(odd2, odd2.lt(even2)).sub(nx2.fma(px2, ny2.mul(py2)));
        FloatVector rate1 = nx1.fma(FloatVector.broadcast(F, ux1).blend(-ux1, UPPER),
                ny1.mul(FloatVector.broadcast(F, uy1).blend(-uy1, UPPER))).add(0f);
        FloatVector rate2 = nx2.fma(FloatVector.broadcast(F, ux2).blend(-ux2, UPPER),
                ny2.mul(FloatVector.broadcast(F, uy2).blend(-uy2, UPPER))).add(0f);
        FloatVector t1 = sep1.neg().div(rate1).add(0f);
        FloatVector t2 = sep2.neg().div(rate2).add(0f);
        VectorMask<Float> entering1 = rate1.lt(0f).and(live1);
        VectorMask<Float> entering2 = rate2.lt(0f).and(live2);
        VectorMask<Float> leaving1 = entering1.not().and(live1).and(t1.lt(Float.POSITIVE_INFINITY));
        VectorMask<Float> leaving2 = entering2.not().and(live2).and(t2.lt(Float.POSITIVE_INFINITY));
        IntVector tb1 = t1.reinterpretAsInts();
        IntVector tb2 = t2.reinterpretAsInts();
        IntVector kt1 = tb1.lanewise(VectorOperators.XOR, tb1.lanewise(VectorOperators.ASHR, 31).lanewise(VectorOperators.LSHR, 1));
        IntVector kt2 = tb2.lanewise(VectorOperators.XOR, tb2.lanewise(VectorOperators.ASHR, 31).lanewise(VectorOperators.LSHR, 1));
        VectorMask<Integer> ei1 = entering1.cast(I);
        VectorMask<Integer> ei2 = entering2.cast(I);
        int best1 = kt1.blend(Integer.MIN_VALUE, ei1.not()).reduceLanes(VectorOperators.MAX);
        int best2 = kt2.blend(Integer.MIN_VALUE, ei2.not()).reduceLanes(VectorOperators.MAX);
        int exit1 = kt1.blend(Integer.MAX_VALUE, leaving1.cast(I).not()).reduceLanes(VectorOperators.MIN);
        int exit2 = kt2.blend(Integer.MAX_VALUE, leaving2.cast(I).not()).reduceLanes(VectorOperators.MIN);
        int lane1 = kt1.eq(best1).and(ei1).firstTrue();
        int lane2 = kt2.eq(best2).and(ei2).firstTrue();
        int ofB1 = lane1 / H;
        int ofB2 = lane2 / H;
        int code1 = FIRST_A_EDGE + lane1 + ofB1 * (H - 1 - FIRST_A_EDGE - 2 * lane1);
        int code2 = FIRST_A_EDGE + lane2 + ofB2 * (H - 1 - FIRST_A_EDGE - 2 * lane2);
        int newer1 = -(best1 > enterKey1 ? 1 : 0);
        int newer2 = -(best2 > enterKey2 ? 1 : 0);
        axis1 = (code1 & newer1) | (axis1 & ~newer1);
        axis2 = (code2 & newer2) | (axis2 & ~newer2);
        enterKey1 = Math.max(best1, enterKey1);
        enterKey2 = Math.max(best2, enterKey2);
        exitKey1 = Math.min(exitKey1, exit1);
        exitKey2 = Math.min(exitKey2, exit2);
        int hit1 = finish(s, a1, b1, enterKey1, axis1, exitKey1, out, q1);
        int hit2 = finish(s, a2, b2, enterKey2, axis2, exitKey2, out, q2);
        return ((long) hit1 << q1) | ((long) hit2 << q2);
    }

    /** General shapes: A's normals against B's vertices, then B's against A's, L lanes at a time. */
    private static int twoPasses(ConvexPolygons s, int a, int b, float ux, float uy, int enterKey, int axis,
                                     int exitKey, SweepResults out, int p) {
        float[] x = s.arrays().x;
        float[] y = s.arrays().y;
        float[] nxs = s.arrays().nx;
        float[] nys = s.arrays().ny;
        int[] start = s.arrays().start;
        int[] count = s.arrays().count;
        for (int pass = 0; pass < 2; pass++) {
            int ref = pass == 0 ? a : b;
            int other = pass == 0 ? b : a;
            float rux = pass == 0 ? ux : -ux;
            float ruy = pass == 0 ? uy : -uy;
            int o = start[ref];
            int k = count[ref];
            int oo = start[other];
            int oend = oo + count[other];
            for (int base = 0; base < k; base += L) {
                VectorMask<Float> live = LANE_INDEX.lt((float) (k - base));
                int slot = o + base;
                FloatVector nx = FloatVector.fromArray(F, nxs, slot);
                FloatVector ny = FloatVector.fromArray(F, nys, slot);
                // Two running minima, as in smallPair; j + 1 past the end repeats the last vertex.
                FloatVector even = FloatVector.broadcast(F, Float.POSITIVE_INFINITY);
                FloatVector odd = FloatVector.broadcast(F, Float.POSITIVE_INFINITY);
                for (int j = oo; j < oend; j += 2) {
                    FloatVector d = nx.fma(FloatVector.broadcast(F, x[j]), ny.mul(y[j]));
                    even = even.blend(d, d.lt(even));
                    int j1 = Math.min(j + 1, oend - 1);
                    FloatVector d1 = nx.fma(FloatVector.broadcast(F, x[j1]), ny.mul(y[j1]));
                    odd = odd.blend(d1, d1.lt(odd));
                }
                FloatVector support = even.blend(odd, odd.lt(even));
                FloatVector offset = nx.fma(FloatVector.fromArray(F, x, slot), ny.mul(FloatVector.fromArray(F, y, slot)));
                FloatVector sep = support.sub(offset);
                FloatVector rate = nx.fma(FloatVector.broadcast(F, rux), ny.mul(ruy)).add(0f);
                FloatVector t = sep.neg().div(rate).add(0f);
                VectorMask<Float> entering = rate.lt(0f).and(live);
                VectorMask<Float> leaving = entering.not().and(live).and(t.lt(Float.POSITIVE_INFINITY));
                IntVector tb = t.reinterpretAsInts();
                IntVector kt = tb.lanewise(VectorOperators.XOR, tb.lanewise(VectorOperators.ASHR, 31).lanewise(VectorOperators.LSHR, 1));
                VectorMask<Integer> ei = entering.cast(I);
                int best = kt.blend(Integer.MIN_VALUE, ei.not()).reduceLanes(VectorOperators.MAX);
                // Integer selects, not branches (see the class doc).
                int lane = base + kt.eq(best).and(ei).firstTrue();
                int code = pass == 0 ? FIRST_A_EDGE + lane : -(1 + lane);
                int newer = -(best > enterKey ? 1 : 0);
                axis = (code & newer) | (axis & ~newer);
                enterKey = Math.max(best, enterKey);
                exitKey = Math.min(exitKey, kt.blend(Integer.MAX_VALUE, leaving.cast(I).not()).reduceLanes(VectorOperators.MIN));
            }
            // Keys order like the floats: an empty interval (or one in the past) stays empty,
            // so B's edges can be skipped.
            if (enterKey > exitKey || exitKey < 0) {
                return miss(out, p);
            }
        }
        return finish(s, a, b, enterKey, axis, exitKey, out, p);
    }

    /**
     * The merge class's edge axes ({@link ScalarSweep}'s ranges): the support indices at the
     * group starts of both shapes ({@link VectorPenetration#searchSupports}), then
     * {@link #mergeLanes}. The range search is a method of its own: inlined into the vector loop
     * of the groups it pushed C2 past its node limit, and the vectors were boxed.
     */
    private static int mergeAxes(ConvexPolygons s, int a, int b, float ux, float uy, int enterKey, int axis,
                                 int exitKey, SweepResults out, int p, KernelScratch sc) {
        int ga = VectorPenetration.groups(s.arrays().count[a]);
        int gb = VectorPenetration.groups(s.arrays().count[b]);
        int[] sa = sc.supports(0, ga);
        int[] sb = sc.supports(1, gb);
        VectorPenetration.searchSupports(s, a, b, ga, gb, sa, sb, sc);
        return mergeLanes(s, a, b, ux, uy, enterKey, axis, exitKey, out, p, ga, gb, sa, sb);
    }

    /**
     * A's edges, then B's, in groups of {@link ScalarPenetration#MERGE_GROUP}, each group in
     * lanes against the vertices of its range only ({@code supports[g]} to
     * {@code supports[g + 1]}, the last group's to {@code supports[0]}, a one-group shape's
     * over every vertex; wrapping round the shape's end, in one loop of two vertices a step),
     * then {@link #twoPasses}'s time and key steps. The pair stops at the first group that
     * leaves the interval empty.
     */
    private static int mergeLanes(ConvexPolygons s, int a, int b, float ux, float uy, int enterKey, int axis,
                                  int exitKey, SweepResults out, int p, int ga, int gb, int[] sa, int[] sb) {
        float[] x = s.arrays().x;
        float[] y = s.arrays().y;
        float[] nxs = s.arrays().nx;
        float[] nys = s.arrays().ny;
        int[] start = s.arrays().start;
        int[] count = s.arrays().count;
        int group = ScalarPenetration.MERGE_GROUP;
        for (int pass = 0; pass < 2; pass++) {
            int o = start[pass == 0 ? a : b];
            int k = count[pass == 0 ? a : b];
            int oo = start[pass == 0 ? b : a];
            int ko = count[pass == 0 ? b : a];
            float rux = pass == 0 ? ux : -ux;
            float ruy = pass == 0 ? uy : -uy;
            int groups = pass == 0 ? ga : gb;
            int[] sup = pass == 0 ? sa : sb;
            // Per lane across the pass's chunks: the largest entry key (a strict '>' keeps the
            // earliest chunk, so the smallest edge of the lane's maximum), its edge, and the
            // least exit key; reduced once per pass, not once per chunk.
            IntVector laneEnter = IntVector.broadcast(I, Integer.MIN_VALUE);
            IntVector laneEdge = IntVector.zero(I);
            IntVector laneExit = IntVector.broadcast(I, Integer.MAX_VALUE);
            for (int g = 0; g < groups; g++) {
                int from = groups > 1 ? sup[g] : 0;
                int next = groups > 1 ? sup[g + 1 < groups ? g + 1 : 0] : 0;
                int len = ScalarPenetration.rangeLength(from, next, ko, groups);
                int last = Math.min((g + 1) * group, k);
                for (int base = g * group; base < last; base += L) {
                    VectorMask<Float> live = LANE_INDEX.lt((float) (last - base));
                    int slot = o + base;
                    FloatVector nx = FloatVector.fromArray(F, nxs, slot);
                    FloatVector ny = FloatVector.fromArray(F, nys, slot);
                    // Two running minima (order-free minimum) over the range in one loop, round
                    // the end by a conditional subtract; an odd length takes the last vertex
                    // twice (see VectorPenetration.mergeBest).
                    FloatVector even = FloatVector.broadcast(F, Float.POSITIVE_INFINITY);
                    FloatVector odd = even;
                    for (int t = 0; t < len; t += 2) {
                        int j0 = from + t;
                        j0 = oo + (j0 >= ko ? j0 - ko : j0);
                        int j1 = from + Math.min(t + 1, len - 1);
                        j1 = oo + (j1 >= ko ? j1 - ko : j1);
                        FloatVector d = nx.fma(FloatVector.broadcast(F, x[j0]), ny.mul(y[j0]));
                        even = even.blend(d, d.lt(even));
                        FloatVector d1 = nx.fma(FloatVector.broadcast(F, x[j1]), ny.mul(y[j1]));
                        odd = odd.blend(d1, d1.lt(odd));
                    }
                    FloatVector support = even.blend(odd, odd.lt(even));
                    FloatVector offset = nx.fma(FloatVector.fromArray(F, x, slot), ny.mul(FloatVector.fromArray(F, y, slot)));
                    FloatVector sep = support.sub(offset);
                    FloatVector rate = nx.fma(FloatVector.broadcast(F, rux), ny.mul(ruy)).add(0f);
                    FloatVector t = sep.neg().div(rate).add(0f);
                    VectorMask<Float> entering = rate.lt(0f).and(live);
                    VectorMask<Float> leaving = entering.not().and(live).and(t.lt(Float.POSITIVE_INFINITY));
                    IntVector tb = t.reinterpretAsInts();
                    IntVector kt = tb.lanewise(VectorOperators.XOR, tb.lanewise(VectorOperators.ASHR, 31).lanewise(VectorOperators.LSHR, 1));
                    IntVector e = kt.blend(Integer.MIN_VALUE, entering.cast(I).not());
                    VectorMask<Integer> higher = e.compare(VectorOperators.GT, laneEnter);
                    laneEnter = laneEnter.blend(e, higher);
                    laneEdge = laneEdge.blend(IntVector.zero(I).addIndex(1).add(base), higher);
                    laneExit = laneExit.min(kt.blend(Integer.MAX_VALUE, leaving.cast(I).not()));
                }
            }
            int best = laneEnter.reduceLanes(VectorOperators.MAX);
            // The smallest edge among the lanes of the maximum; integer selects, not branches
            // (see the class doc). No lane entered: best is MIN_VALUE, below every entry key.
            int edge = laneEdge.blend(Integer.MAX_VALUE, laneEnter.lt(best)).reduceLanes(VectorOperators.MIN);
            int code = pass == 0 ? FIRST_A_EDGE + edge : -(1 + edge);
            int newer = -(best > enterKey ? 1 : 0);
            axis = (code & newer) | (axis & ~newer);
            enterKey = Math.max(best, enterKey);
            exitKey = Math.min(exitKey, laneExit.reduceLanes(VectorOperators.MIN));
            // Keys order like the floats: an empty interval (or one in the past) stays empty,
            // so B's edges can be skipped.
            if (enterKey > exitKey || exitKey < 0) {
                return miss(out, p);
            }
        }
        return finish(s, a, b, enterKey, axis, exitKey, out, p);
    }

    /**
     * Writes a hit (or a miss if the interval is empty), as the scalar kernel does, with integer
     * selects instead of branches: hit or miss is a coin flip the predictor cannot learn.
     */
    private static int finish(ConvexPolygons s, int a, int b, int enterKey, int axis, int exitKey,
                                  SweepResults out, int p) {
        int hit = enterKey <= exitKey && exitKey >= 0 ? 1 : 0;
        int keep = -hit;
        // tFirst = max(enter, +0): keys order like floats and key(+0) == 0.
        int first = Float.floatToRawIntBits(unkey(Math.max(enterKey, 0)));
        int last = Float.floatToRawIntBits(unkey(exitKey));
        int nan = Float.floatToRawIntBits(Float.NaN);
        out.tFirsts()[p] = Float.intBitsToFloat((first & keep) | (nan & ~keep));
        out.tLasts()[p] = Float.intBitsToFloat((last & keep) | (nan & ~keep));
        int nxBits;
        int nyBits;
        if (axis > 4 || axis < 0) {
            // An edge: A's normal as stored, B's with the sign bit flipped (= negated).
            // All ones for B's edges (negative codes): select by mask, not by branch.
            int ofB = axis >> 31;
            int slotA = s.arrays().start[a] + axis - FIRST_A_EDGE;
            int slotB = s.arrays().start[b] - axis - 1;
            int slot = slotA ^ ((slotA ^ slotB) & ofB);
            int flip = ofB & 0x8000_0000;
            nxBits = Float.floatToRawIntBits(s.arrays().nx[slot]) ^ flip;
            nyBits = Float.floatToRawIntBits(s.arrays().ny[slot]) ^ flip;
        } else {
            nxBits = Float.floatToRawIntBits(axis == 1 ? 1f : axis == 2 ? -1f : 0f);
            nyBits = Float.floatToRawIntBits(axis == 3 ? 1f : axis == 4 ? -1f : 0f);
        }
        out.normalXs()[p] = Float.intBitsToFloat(nxBits & keep);
        out.normalYs()[p] = Float.intBitsToFloat(nyBits & keep);
        return hit;
    }

    private static int miss(SweepResults out, int p) {
        out.tFirsts()[p] = Float.NaN;
        out.tLasts()[p] = Float.NaN;
        out.normalXs()[p] = 0f;
        out.normalYs()[p] = 0f;
        return 0;
    }
}
