package dev.sepax.simd;

import dev.sepax.Sepax;

import dev.sepax.shape.ConvexPolygons;
import dev.sepax.batch.PairBatch;
import dev.sepax.narrow.PenetrationKernel;
import dev.sepax.batch.Penetrations;
import dev.sepax.narrow.ScalarPenetration;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShuffle;
import jdk.incubator.vector.VectorSpecies;

/**
 * The Vector API {@link PenetrationKernel}: bit for bit the results of {@link ScalarPenetration},
 * in both of its capacity classes.
 *
 * <h2>Merge class (a shape above capacity 32): lanes across the normals of one pair</h2>
 * A pair at a time, {@link #mergePair}: each group of {@link ScalarPenetration#MERGE_GROUP}
 * consecutive edges of one shape goes in lanes, and every vertex of the other shape in the
 * group's range ({@link ScalarPenetration} explains the ranges) is broadcast once against the
 * group's normals: {@code fma} and a running minimum, no gathers and no per-step decisions.
 * The support indices at the group starts come first, in lanes across the starts (both
 * shapes' starts in one vector when they fit, each half of it scanning half the vertices when
 * they fit in half a vector), each lane the scalar scan in the same order
 * ({@link #searchSupports}). The minimum is exact and order-free, so the lanes give the scalar
 * kernel's bits. Before the ranges run, each vector of a group's edges (a chunk) gets an upper
 * bound of its separations from the range's two end vertices alone; the chunk of the largest
 * bound runs first and sets a threshold, and a chunk whose bounds are all below it is skipped,
 * which cannot change the result ({@link #mergeBest} proves it; on the standard workloads about
 * two chunks a pair run, whatever k).
 *
 * <h2>Small class (both shapes at most 32 vertices): every edge against every vertex</h2>
 * <pre>
 *  lanes:   edge normals of the reference shape, one vector of them at a time (A's, then B's)
 *  loop:    over the other shape's vertices, each broadcast to all lanes
 *  per lane: d = fma(nx, vx, ny * vy);  min = d &lt; min ? d : min   (the scalar expression)
 *  then:    sep = min - fma(nx, px, ny * py) + 0f;  lanes keep (best sep, index of its axis)
 *           with a strict '&gt;' blend
 * </pre>
 * Lanes past the real edge count are masked out of the running best. At the end the lanes are
 * resolved with integer operations only: each best separation is mapped to an {@code int} whose
 * order is the float order (the sign-magnitude flip), the maximum key is found with an exact
 * integer reduction, and among the lanes holding it the smallest axis index wins, again an
 * integer reduction (axis indices are small non-negative floats, whose bit patterns sort like
 * their values). That is the scalar kernel's "first axis of the maximum", and no float is ever
 * reduced across lanes. The world axes and the output are then the scalar kernel's own
 * {@link ScalarPenetration#finish tail}.
 *
 * <p>Batches first take groups of H = L/2 consecutive pairs whose 2H shapes share one capacity,
 * 4 or 8 (the standard W4 and W8 workloads entirely): lanes across pairs, see
 * {@link #resolveAcross}; those groups also do the tail in their lanes (world axes, normal, the
 * four outputs). Other small-class pairs (and a range's last pairs) run one pair per vector,
 * in one of two layouts: when both shapes have at most half a vector of edges (k &lt;= 8 with
 * 16 float lanes), one vector holds A's edges in its low half and B's in its high half, and each
 * step broadcasts one vertex of B to the low half and one of A to the high half, so a pair costs
 * {@code max(ka, kb)} steps; otherwise whole vectors of A's edges, then of B's, each against
 * every vertex of the other shape.
 *
 * <h2>Threads, scratch and allocation</h2>
 * Thread-safe. A batch borrows one {@link KernelScratch} from a small bounded pool for the
 * lane-major copies of the small class's lanes-across-pairs groups and returns it at the end;
 * with the pool empty it takes the per-pair paths (same bits). The output is never scratch: a batch writes each entry of
 * {@code [from, to)} once, with its final values, so even two calls on the same range of one
 * buffer leave the scalar results. Allocation-free in steady state (C2 keeps the vectors in
 * registers; nothing is seeded from a {@code compare()} and carried round a loop; no method
 * holds so many gathers that C2 stops inlining the vector ops); the pool allocates an instance
 * only while it is below its size.
 */
public final class VectorPenetration implements PenetrationKernel {
    /** The shared instance, found by {@code Sepax.penetration()}. */
    public static final VectorPenetration INSTANCE = new VectorPenetration();

    private static final VectorSpecies<Float> F = VectorSupport.F;
    private static final VectorSpecies<Integer> I = VectorSpecies.of(int.class, F.vectorShape());
    private static final int L = F.length();
    /** Half a vector: shapes with at most this many edges take the packed path. */
    private static final int H = L / 2;
    /** Lanes [0, H): one group's pairs in the lanes-across-pairs layout. */
    private static final VectorMask<Float> LOW_HALF = VectorMask.fromLong(F, (1L << H) - 1);
    private static final VectorMask<Integer> LOW_HALF_INTS = VectorMask.fromLong(I, (1L << H) - 1);
    /** Moves lanes [0, H) to [H, L) and back. */
    private static final VectorShuffle<Float> HALF_SWAP = VectorShuffle.fromOp(F, i -> (i + H) % L);
    /** Lane index of B's edge 0 in the axis-index encoding (A's edge i is i). */
    private static final float B_BASE = 1 << 22;
    /** Largest edge count the float axis index encoding holds exactly. */
    private static final int MAX_EDGES = 1 << 22;
    private static final int NEG_INF_BITS = Float.floatToRawIntBits(Float.NEGATIVE_INFINITY);
    /** In-lane stand-ins for the world-axis codes (edge codes are at most 8 in magnitude). */
    private static final float WORLD_X = 1000f;
    private static final float WORLD_Y = 1001f;
    /** 1.5 2^23: an integer-valued float c, |c| < 2^22, plus this has c in its low bits. */
    private static final float CODE_MAGIC = 12582912f;
    private static final int CODE_MAGIC_BITS = Float.floatToRawIntBits(CODE_MAGIC);

    private VectorPenetration() {}

    @Override
    public String name() {
        return "simd";
    }

    @Override
    public boolean penetration(ConvexPolygons shapes, int a, int b, Penetrations out, int index) {
        Penetrations.checkPair(shapes, a, b, out, index);
        checkCounts(shapes);
        KernelScratch scratch = KernelScratch.take();
        try {
            return compute(shapes, a, b, out, index, scratch);
        } finally {
            if (scratch != null) {
                KernelScratch.give(scratch);
            }
        }
    }

    @Override
    public int penetrations(ConvexPolygons shapes, PairBatch pairs, int from, int to, Penetrations out) {
        Penetrations.checkBatch(shapes, pairs, from, to, out);
        checkCounts(shapes);
        KernelScratch scratch = KernelScratch.take();
        try {
            return run(shapes, pairs, from, to, out, scratch);
        } finally {
            if (scratch != null) {
                KernelScratch.give(scratch);
            }
        }
    }

    /** The batch with {@code scratch} (null: the pool is empty; per-pair paths only, same bits). */
    private static int run(ConvexPolygons shapes, PairBatch pairs, int from, int to, Penetrations out,
                           KernelScratch scratch) {
        int[] pa = pairs.arrays().a;
        int[] pb = pairs.arrays().b;
        int p = from;
        int hits = 0;
        int touched = 0;
        // Lanes across pairs: H pairs per step, when their 2H shapes share capacity 4 or 8
        // (k, see acrossCapacity); such a group is finished in its lanes too (world axes,
        // normal, output). Any other group, and a range's last < H pairs, go one pair at a
        // time, each written once with its final values (the output is never scratch).
        int k = acrossCapacity(shapes, pa, pb, p, to, scratch);
        while (p < to) {
            if (k != 0) {
                LaneMajorPairs lanes = scratch.lanes;
                lanes.loadExchanged(shapes, k);
                // The next group's capacity check and start lookups go between this group's
                // transposes (done with the starts) and its steps, so that their random reads
                // are in flight while the steps compute.
                int next = acrossCapacity(shapes, pa, pb, p + H, to, scratch);
                // A group whose full vectors would cross the output arrays' end writes into the
                // scratch, then H entries are copied: the Vector API's checked path for such a
                // masked store allocates. The choice is made here, so that resolveAcross has one
                // store path: a branch in it, first taken after C2 had compiled it, sent it back
                // for a second compile that boxed its vectors (MBs a batch).
                boolean direct = p + L <= out.depths().length;
                hits += resolveAcross(lanes, k, direct ? out.depths() : lanes.tailDepth,
                        direct ? out.normalXs() : lanes.tailNormalX, direct ? out.normalYs() : lanes.tailNormalY,
                        direct ? out.axes() : lanes.tailAxis, direct ? p : 0);
                if (!direct) {
                    System.arraycopy(lanes.tailDepth, 0, out.depths(), p, H);
                    System.arraycopy(lanes.tailNormalX, 0, out.normalXs(), p, H);
                    System.arraycopy(lanes.tailNormalY, 0, out.normalYs(), p, H);
                    System.arraycopy(lanes.tailAxis, 0, out.axes(), p, H);
                }
                k = next;
                p += H;
                continue;
            }
            int end = Math.min(p + H, to);
            for (int l = p; l < end; l++) {
                if (l + 1 < to) {
                    touched ^= touch(shapes, pa[l + 1]) ^ touch(shapes, pb[l + 1]);
                }
                hits += compute(shapes, pa[l], pb[l], out, l, scratch) ? 1 : 0;
            }
            p = end;
            k = acrossCapacity(shapes, pa, pb, p, to, scratch);
        }
        if (scratch != null) {
            scratch.touched = touched;
        }
        return hits;
    }

    /**
     * The capacity (4 or 8) shared by the 2H shapes of pairs {@code [p, p + H)}, with their
     * starts put in the scratch for {@link LaneMajorPairs#loadExchanged}; 0 if they share
     * neither, if fewer than H pairs are left before {@code to}, or without scratch.
     */
    private static int acrossCapacity(ConvexPolygons s, int[] pa, int[] pb, int p, int to, KernelScratch scratch) {
        return scratch != null && p + H <= to ? scratch.lanes.prepareExchanged(s, pa, pb, p) : 0;
    }

    /**
     * Reads one float per cache line of a merge-class shape's four slot arrays, so that the
     * next pair's data is on its way while this pair computes (Java has no prefetch
     * instruction; the caller keeps the result live). Small shapes are not touched.
     */
    private static int touch(ConvexPolygons s, int shape) {
        if (s.arrays().capacity[shape] <= ScalarPenetration.ALL_PAIRS_CAPACITY) {
            return 0;
        }
        float[] x = s.arrays().x;
        float[] y = s.arrays().y;
        float[] nx = s.arrays().nx;
        float[] ny = s.arrays().ny;
        int o = s.arrays().start[shape];
        int end = o + s.arrays().count[shape];
        int t = 0;
        for (int i = o; i < end; i += 16) {
            t ^= Float.floatToRawIntBits(x[i]) ^ Float.floatToRawIntBits(y[i])
                    ^ Float.floatToRawIntBits(nx[i]) ^ Float.floatToRawIntBits(ny[i]);
        }
        return t;
    }

    private static void checkCounts(ConvexPolygons shapes) {
        if (shapes.maxCount() >= MAX_EDGES) {
            throw new IllegalArgumentException("maxCount=" + shapes.maxCount() + ": the SIMD penetration kernel"
                    + " supports fewer than " + MAX_EDGES + " vertices per shape");
        }
    }

    private static boolean compute(ConvexPolygons s, int a, int b, Penetrations out, int p, KernelScratch sc) {
        int[] cap = s.arrays().capacity;
        long r = cap[a] > ScalarPenetration.ALL_PAIRS_CAPACITY || cap[b] > ScalarPenetration.ALL_PAIRS_CAPACITY
                ? mergePair(s, a, b, sc)
                : edges(s, a, b, s.arrays().count[a], s.arrays().count[b]);
        return ScalarPenetration.finish(s, a, b, Float.intBitsToFloat((int) (r >>> 32)), (int) r, out, p);
    }

    /**
     * The merge class of {@link ScalarPenetration}: the support indices at the group starts of
     * both shapes ({@link #groupSupports}), then every group's range in lanes
     * ({@link #mergeBest}). Without scratch (the pool was empty) the scalar kernel's own code,
     * same bits.
     *
     * @return the best edge separation (high word, float bits) and axis code (low word)
     */
    private static long mergePair(ConvexPolygons s, int a, int b, KernelScratch sc) {
        if (sc == null) {
            return ScalarPenetration.mergeEdges(s, a, b);
        }
        int ga = groups(s.arrays().count[a]);
        int gb = groups(s.arrays().count[b]);
        int[] sa = sc.supports(0, ga);
        int[] sb = sc.supports(1, gb);
        searchSupports(s, a, b, ga, gb, sa, sb, sc);
        int chunks = (ga + gb) * chunksPerGroup();
        float[] bounds = sc.bounds(chunks);
        int[] table = sc.chunkTable(chunks);
        int first = chunkBounds(s, a, b, ga, gb, sa, sb, bounds, table);
        return mergeBest(s, chunks, bounds, table, first);
    }

    /**
     * The support indices at the group starts of both shapes of pair (a, b) into {@code sa}
     * and {@code sb} (none for a one-group shape): one vector for both when their starts fit in
     * L lanes ({@link #pairSupports}), else one shape at a time ({@link #groupSupports}).
     * Package-private for {@link VectorSweep}.
     */
    static void searchSupports(ConvexPolygons s, int a, int b, int ga, int gb, int[] sa, int[] sb,
                               KernelScratch sc) {
        if (ga > 1 && gb > 1 && ga + gb <= H) {
            halfSupports(s, a, b, ga, gb, sa, sb, sc);
            return;
        }
        if (ga > 1 && gb > 1 && ga + gb <= L) {
            pairSupports(s, a, b, ga, gb, sa, sb, sc);
            return;
        }
        if (ga > 1) {
            groupSupports(s, a, b, ga, sa, sc);
        }
        if (gb > 1) {
            groupSupports(s, b, a, gb, sb, sc);
        }
    }

    /**
     * {@link #groupSupports} for both shapes in one vector: lanes {@code [0, ga)} hold A's group
     * starts against B's vertices, lanes {@code [ga, L)} B's against A's, each step broadcasting
     * one vertex of B to the first and one of A to the second. A shape with fewer vertices
     * repeats its last one, whose value cannot pass a strict {@code <} a second time; in the
     * merge of the two chains below such a repeat can only tie a value the other chain holds
     * at its true, smaller index, which wins the tie. So each lane is the scalar scan.
     */
    private static void pairSupports(ConvexPolygons s, int a, int b, int ga, int gb, int[] sa, int[] sb,
                                     KernelScratch sc) {
        float[] x = s.arrays().x;
        float[] y = s.arrays().y;
        float[] nx = s.arrays().nx;
        float[] ny = s.arrays().ny;
        int oa = s.arrays().start[a];
        int ob = s.arrays().start[b];
        int ka = s.arrays().count[a];
        int kb = s.arrays().count[b];
        int group = ScalarPenetration.MERGE_GROUP;
        for (int l = 0; l < L; l++) {
            int slot = l < ga ? oa + l * group : ob + Math.min(l - ga, gb - 1) * group;
            sc.startNx[l] = nx[slot];
            sc.startNy[l] = ny[slot];
        }
        FloatVector gnx = FloatVector.fromArray(F, sc.startNx, 0);
        FloatVector gny = FloatVector.fromArray(F, sc.startNy, 0);
        VectorMask<Float> high = FloatVector.zero(F).addIndex(1).compare(VectorOperators.GE, (float) ga);
        int steps = Math.max(ka, kb);
        int lastA = oa + ka - 1;
        int lastB = ob + kb - 1;
        FloatVector least0 = FloatVector.broadcast(F, Float.POSITIVE_INFINITY);
        FloatVector least1 = least0;
        FloatVector at0 = FloatVector.zero(F);
        FloatVector at1 = at0;
        // The step's index in every lane, carried (no int-to-float broadcast per step).
        FloatVector idx = FloatVector.zero(F);
        int j = 0;
        for (; j + 1 < steps; j += 2) {
            int jb = Math.min(ob + j, lastB);
            int ja = Math.min(oa + j, lastA);
            FloatVector d0 = gnx.fma(FloatVector.broadcast(F, x[jb]).blend(x[ja], high),
                    gny.mul(FloatVector.broadcast(F, y[jb]).blend(y[ja], high)));
            jb = Math.min(ob + j + 1, lastB);
            ja = Math.min(oa + j + 1, lastA);
            FloatVector d1 = gnx.fma(FloatVector.broadcast(F, x[jb]).blend(x[ja], high),
                    gny.mul(FloatVector.broadcast(F, y[jb]).blend(y[ja], high)));
            VectorMask<Float> lower0 = d0.lt(least0);
            VectorMask<Float> lower1 = d1.lt(least1);
            least0 = least0.blend(d0, lower0);
            least1 = least1.blend(d1, lower1);
            at0 = at0.blend(idx, lower0);
            at1 = at1.blend(idx.add(1f), lower1);
            idx = idx.add(2f);
        }
        if (j < steps) {
            int jb = Math.min(ob + j, lastB);
            int ja = Math.min(oa + j, lastA);
            FloatVector d0 = gnx.fma(FloatVector.broadcast(F, x[jb]).blend(x[ja], high),
                    gny.mul(FloatVector.broadcast(F, y[jb]).blend(y[ja], high)));
            VectorMask<Float> lower0 = d0.lt(least0);
            least0 = least0.blend(d0, lower0);
            at0 = at0.blend(idx, lower0);
        }
        VectorMask<Float> odd = least1.lt(least0).or(least1.eq(least0).and(at1.lt(at0)));
        at0 = at0.blend(at1, odd);
        // Indices below 2^22 (checkCounts): the magic add, not a convert (see resolveAcross).
        at0.add(CODE_MAGIC).reinterpretAsInts().sub(CODE_MAGIC_BITS).intoArray(sc.startIndex, 0);
        System.arraycopy(sc.startIndex, 0, sa, 0, ga);
        System.arraycopy(sc.startIndex, ga, sb, 0, gb);
    }

    /**
     * {@link #pairSupports} when both shapes' starts fit in half a vector: the lower half scans
     * the first {@code h = ceil(steps / 2)} vertex indices and the upper half, holding the same
     * starts, the rest, so the scan takes half the steps. Lanes {@code [0, ga)} and
     * {@code [H, H + ga)} hold A's starts against B's vertices, the others B's against A's; a
     * shape with fewer vertices repeats its last one. Each half keeps the first index of its
     * least in two chains as in {@link #pairSupports}; then the upper half's least replaces the
     * lower's only when strictly less (all its indices are larger). A repeated last vertex
     * never wins: its value was already met at its true, smaller index, in this half or (when
     * the shape ends in the lower half) in the lower one. So each lane is the scalar scan.
     */
    private static void halfSupports(ConvexPolygons s, int a, int b, int ga, int gb, int[] sa, int[] sb,
                                     KernelScratch sc) {
        float[] x = s.arrays().x;
        float[] y = s.arrays().y;
        float[] nx = s.arrays().nx;
        float[] ny = s.arrays().ny;
        int oa = s.arrays().start[a];
        int ob = s.arrays().start[b];
        int ka = s.arrays().count[a];
        int kb = s.arrays().count[b];
        int group = ScalarPenetration.MERGE_GROUP;
        for (int l = 0; l < H; l++) {
            int slot = l < ga ? oa + l * group : ob + Math.min(l - ga, gb - 1) * group;
            sc.startNx[l] = nx[slot];
            sc.startNy[l] = ny[slot];
            sc.startNx[H + l] = nx[slot];
            sc.startNy[H + l] = ny[slot];
        }
        FloatVector gnx = FloatVector.fromArray(F, sc.startNx, 0);
        FloatVector gny = FloatVector.fromArray(F, sc.startNy, 0);
        FloatVector iota = FloatVector.zero(F).addIndex(1);
        VectorMask<Float> upper = iota.compare(VectorOperators.GE, (float) H);
        // Which lanes take A's vertices (B's starts), and which of them the upper half's.
        VectorMask<Float> lowA = iota.compare(VectorOperators.GE, (float) ga).andNot(upper);
        VectorMask<Float> highB = upper.and(iota.compare(VectorOperators.LT, (float) (H + ga)));
        VectorMask<Float> highA = upper.andNot(highB);
        int steps = Math.max(ka, kb);
        int h = (steps + 1) >> 1;
        int lastA = oa + ka - 1;
        int lastB = ob + kb - 1;
        FloatVector least0 = FloatVector.broadcast(F, Float.POSITIVE_INFINITY);
        FloatVector least1 = least0;
        FloatVector at0 = FloatVector.zero(F);
        FloatVector at1 = at0;
        // The vertex index of each lane at the current step (lower half t, upper half h + t).
        FloatVector idx = FloatVector.zero(F).blend((float) h, upper);
        int t = 0;
        for (; t + 1 < h; t += 2) {
            int jb = Math.min(ob + t, lastB);
            int ja = Math.min(oa + t, lastA);
            int hb = Math.min(ob + h + t, lastB);
            int ha = Math.min(oa + h + t, lastA);
            FloatVector d0 = gnx.fma(FloatVector.broadcast(F, x[jb]).blend(x[ja], lowA).blend(x[hb], highB)
                    .blend(x[ha], highA), gny.mul(FloatVector.broadcast(F, y[jb]).blend(y[ja], lowA)
                    .blend(y[hb], highB).blend(y[ha], highA)));
            jb = Math.min(ob + t + 1, lastB);
            ja = Math.min(oa + t + 1, lastA);
            hb = Math.min(ob + h + t + 1, lastB);
            ha = Math.min(oa + h + t + 1, lastA);
            FloatVector d1 = gnx.fma(FloatVector.broadcast(F, x[jb]).blend(x[ja], lowA).blend(x[hb], highB)
                    .blend(x[ha], highA), gny.mul(FloatVector.broadcast(F, y[jb]).blend(y[ja], lowA)
                    .blend(y[hb], highB).blend(y[ha], highA)));
            VectorMask<Float> lower0 = d0.lt(least0);
            VectorMask<Float> lower1 = d1.lt(least1);
            least0 = least0.blend(d0, lower0);
            least1 = least1.blend(d1, lower1);
            at0 = at0.blend(idx, lower0);
            at1 = at1.blend(idx.add(1f), lower1);
            idx = idx.add(2f);
        }
        if (t < h) {
            int jb = Math.min(ob + t, lastB);
            int ja = Math.min(oa + t, lastA);
            int hb = Math.min(ob + h + t, lastB);
            int ha = Math.min(oa + h + t, lastA);
            FloatVector d0 = gnx.fma(FloatVector.broadcast(F, x[jb]).blend(x[ja], lowA).blend(x[hb], highB)
                    .blend(x[ha], highA), gny.mul(FloatVector.broadcast(F, y[jb]).blend(y[ja], lowA)
                    .blend(y[hb], highB).blend(y[ha], highA)));
            VectorMask<Float> lower0 = d0.lt(least0);
            least0 = least0.blend(d0, lower0);
            at0 = at0.blend(idx, lower0);
        }
        VectorMask<Float> odd = least1.lt(least0).or(least1.eq(least0).and(at1.lt(at0)));
        at0 = at0.blend(at1, odd);
        least0 = least0.blend(least1, odd);
        // The upper half moved down: it wins only when strictly less.
        VectorMask<Float> later = least0.rearrange(HALF_SWAP).lt(least0);
        at0 = at0.blend(at0.rearrange(HALF_SWAP), later);
        // Indices below 2^22 (checkCounts): the magic add, not a convert (see resolveAcross).
        at0.add(CODE_MAGIC).reinterpretAsInts().sub(CODE_MAGIC_BITS).intoArray(sc.startIndex, 0);
        System.arraycopy(sc.startIndex, 0, sa, 0, ga);
        System.arraycopy(sc.startIndex, ga, sb, 0, gb);
    }

    /** The number of merge-class groups of a shape of {@code k} edges. */
    static int groups(int k) {
        return (k + ScalarPenetration.MERGE_GROUP - 1) / ScalarPenetration.MERGE_GROUP;
    }

    /**
     * {@link ScalarPenetration#supportIndex} at the first edge of each of the {@code groups}
     * groups of {@code ref}, against the vertices of {@code other}, into {@code out[0, groups)}:
     * lanes across the group starts (L at a time), each vertex of {@code other} broadcast once,
     * in index order, with the scalar's strict {@code <} per lane, so each lane is the scalar
     * scan itself. Spare lanes repeat the last start. Package-private for {@link VectorSweep}.
     */
    static void groupSupports(ConvexPolygons s, int ref, int other, int groups, int[] out, KernelScratch sc) {
        float[] x = s.arrays().x;
        float[] y = s.arrays().y;
        float[] nx = s.arrays().nx;
        float[] ny = s.arrays().ny;
        int or = s.arrays().start[ref];
        int oo = s.arrays().start[other];
        int ko = s.arrays().count[other];
        for (int c = 0; c < groups; c += L) {
            for (int l = 0; l < L; l++) {
                int slot = or + Math.min(c + l, groups - 1) * ScalarPenetration.MERGE_GROUP;
                sc.startNx[l] = nx[slot];
                sc.startNy[l] = ny[slot];
            }
            FloatVector gnx = FloatVector.fromArray(F, sc.startNx, 0);
            FloatVector gny = FloatVector.fromArray(F, sc.startNy, 0);
            // Two chains (even and odd j) halve the compare-blend latency chain; each keeps its
            // first index of its least by a strict '<' in index order, and the merge takes the
            // odd chain's only when strictly less, or equal at a smaller index: the first index
            // of the least over all j, as the scalar scan.
            FloatVector least0 = FloatVector.broadcast(F, Float.POSITIVE_INFINITY);
            FloatVector least1 = least0;
            FloatVector at0 = FloatVector.zero(F);
            FloatVector at1 = at0;
            FloatVector idx = FloatVector.zero(F);
            int j = 0;
            for (; j + 1 < ko; j += 2) {
                FloatVector d0 = gnx.fma(FloatVector.broadcast(F, x[oo + j]), gny.mul(y[oo + j]));
                FloatVector d1 = gnx.fma(FloatVector.broadcast(F, x[oo + j + 1]), gny.mul(y[oo + j + 1]));
                VectorMask<Float> lower0 = d0.lt(least0);
                VectorMask<Float> lower1 = d1.lt(least1);
                least0 = least0.blend(d0, lower0);
                least1 = least1.blend(d1, lower1);
                at0 = at0.blend(idx, lower0);
                at1 = at1.blend(idx.add(1f), lower1);
                idx = idx.add(2f);
            }
            if (j < ko) {
                FloatVector d0 = gnx.fma(FloatVector.broadcast(F, x[oo + j]), gny.mul(y[oo + j]));
                VectorMask<Float> lower0 = d0.lt(least0);
                least0 = least0.blend(d0, lower0);
                at0 = at0.blend(idx, lower0);
            }
            // An odd chain that never took a value keeps index 0 at +inf: it is not below the
            // even chain, and on a tie at +inf the even chain's 0 is as small.
            VectorMask<Float> odd = least1.lt(least0).or(least1.eq(least0).and(at1.lt(at0)));
            at0 = at0.blend(at1, odd);
            at0.add(CODE_MAGIC).reinterpretAsInts().sub(CODE_MAGIC_BITS).intoArray(out, c);
        }
    }

    /**
     * The merge class's edge separations of pair (a, b), A's edges then B's, each group of
     * {@link ScalarPenetration#MERGE_GROUP} edges in lanes ({@code 16 / L} vectors of them, the
     * pair's <em>chunks</em>) against the vertices of its range, which runs from
     * {@code supports[g]} to {@code supports[g + 1]} (the last group's to {@code supports[0]}; a
     * one-group shape's over every vertex), wrapping round the shape's end, in one loop of two
     * vertices a step, each vertex broadcast once, {@code fma} and a running minimum, no
     * gathers. The lanes keep the best separation and axis, resolved once as in
     * {@link #chunkedPair}. Everything vector-typed stays inside this method (see
     * {@link #packedPair}).
     *
     * <h4>Chunks that cannot win are skipped, exactly</h4>
     * An edge's separation is its range's least support value minus its offset, and the range's
     * two end vertices are in the range, so the same expressions over those two vertices alone
     * give an upper bound {@code u >= sep}, bit for bit (the minimum over a subset is not
     * smaller, and rounding {@code - offset} and {@code + 0f} is monotonic). The chunk whose
     * lanes hold the largest bound goes first, its best separation becomes the threshold
     * {@code T}, and every other chunk all of whose lanes have {@code u < T} is skipped: each of
     * its edges has {@code sep <= u < T <= } the pair's maximum, so none of them is, or ties,
     * the winner. Every edge holding the maximum is in a chunk that runs. Since the first chunk
     * is out of index order, a lane takes a later chunk's separation when greater, or equal at
     * a smaller axis index; with {@link #resolve}'s smallest axis across lanes that is the
     * scalar kernel's first axis of the maximum. On the standard workloads only the chunks
     * facing the other shape run (two or three of W64's eight).
     *
     * @return the best edge separation (high word, float bits) and axis code (low word)
     */
    private static long mergeBest(ConvexPolygons s, int chunks, float[] bounds, int[] table, int first) {
        float[] x = s.arrays().x;
        float[] y = s.arrays().y;
        float[] nx = s.arrays().nx;
        float[] ny = s.arrays().ny;
        FloatVector iota = FloatVector.zero(F).addIndex(1);
        FloatVector best = FloatVector.broadcast(F, Float.NEGATIVE_INFINITY);
        FloatVector bestAxis = FloatVector.zero(F);
        float threshold = Float.NEGATIVE_INFINITY;
        // Step -1 runs the first chunk, steps 0.. the others in index order.
        for (int step = -1; step < chunks; step++) {
            int o = step < 0 ? first : step;
            if (step >= 0 && o == first) {
                continue;
            }
            int t0 = o * CHUNK_FIELDS;
            int edges = table[t0 + CHUNK_EDGES];
            if (edges <= 0) {
                continue;
            }
            int slot = table[t0 + CHUNK_SLOT];
            int oo = table[t0 + CHUNK_OTHER];
            int ko = table[t0 + CHUNK_OTHER_COUNT];
            int from = table[t0 + CHUNK_FROM];
            int len = table[t0 + CHUNK_LENGTH];
            VectorMask<Float> valid = iota.lt(edges);
            if (step >= 0 && FloatVector.fromArray(F, bounds, o * L).compare(VectorOperators.LT, threshold)
                    .or(valid.not()).allTrue()) {
                continue;
            }
            FloatVector vnx = FloatVector.fromArray(F, nx, slot);
            FloatVector vny = FloatVector.fromArray(F, ny, slot);
            FloatVector offset = vnx.fma(FloatVector.fromArray(F, x, slot),
                    vny.mul(FloatVector.fromArray(F, y, slot)));
            // Two running minima (order-free minimum, then + 0f) over the range, round the end
            // by a conditional subtract: one loop of ceil(len / 2) steps, whose odd last step
            // takes the range's last vertex twice (a repeat cannot change a minimum), so no run
            // split and no tail branch per chunk.
            FloatVector min0 = FloatVector.broadcast(F, Float.POSITIVE_INFINITY);
            FloatVector min1 = min0;
            for (int t = 0; t < len; t += 2) {
                int j0 = from + t;
                j0 = oo + (j0 >= ko ? j0 - ko : j0);
                int j1 = from + Math.min(t + 1, len - 1);
                j1 = oo + (j1 >= ko ? j1 - ko : j1);
                FloatVector d0 = vnx.fma(FloatVector.broadcast(F, x[j0]), vny.mul(FloatVector.broadcast(F, y[j0])));
                FloatVector d1 = vnx.fma(FloatVector.broadcast(F, x[j1]), vny.mul(FloatVector.broadcast(F, y[j1])));
                min0 = min0.blend(d0, d0.lt(min0));
                min1 = min1.blend(d1, d1.lt(min1));
            }
            FloatVector sep = min0.blend(min1, min1.lt(min0)).sub(offset).add(0f);
            FloatVector axis = iota.add(Float.intBitsToFloat(table[t0 + CHUNK_AXIS]));
            // Greater, or equal at a smaller axis: the first axis of each lane's maximum,
            // whatever the order the chunks ran in.
            VectorMask<Float> better = sep.compare(VectorOperators.GT, best)
                    .or(sep.compare(VectorOperators.EQ, best).and(axis.lt(bestAxis))).and(valid);
            best = best.blend(sep, better);
            bestAxis = bestAxis.blend(axis, better);
            if (step < 0) {
                IntVector bits = best.reinterpretAsInts();
                int key = bits.lanewise(VectorOperators.XOR, bits.lanewise(VectorOperators.ASHR, 31)
                        .lanewise(VectorOperators.AND, 0x7fffffff)).reduceLanes(VectorOperators.MAX);
                threshold = Float.intBitsToFloat(key ^ ((key >> 31) & 0x7fffffff));
            }
        }
        return resolve(best, bestAxis);
    }

    /**
     * The first pass of {@link #mergeBest}: each chunk's lanes' upper bound {@code u} (the
     * range's two end vertices only) into {@code bounds[o L, o L + L)} for chunk {@code o}
     * (A's chunks, then B's; none for a chunk past its shape's edges), and the chunk
     * holding the largest bound, the first one {@link #mergeBest} runs. Each chunk's fields go
     * to {@code table[o CHUNK_FIELDS, ...)} (its first normal's slot, the other shape's start and
     * count, its range's first vertex and length, its valid edges, 0 or less for none, and its
     * first axis index as float bits), so that {@link #mergeBest} need not derive them again.
     */
    private static int chunkBounds(ConvexPolygons s, int a, int b, int ga, int gb, int[] sa, int[] sb,
                                   float[] bounds, int[] table) {
        float[] x = s.arrays().x;
        float[] y = s.arrays().y;
        float[] nx = s.arrays().nx;
        float[] ny = s.arrays().ny;
        int[] start = s.arrays().start;
        int[] count = s.arrays().count;
        int group = ScalarPenetration.MERGE_GROUP;
        int perGroup = chunksPerGroup();
        int chunks = (ga + gb) * perGroup;
        FloatVector iota = FloatVector.zero(F).addIndex(1);
        // The bounds: each chunk's lanes u = least of the range's two ends - offset + 0f; the
        // lanes keep the largest bound and its chunk (a strict '>', so a NaN bound never leads).
        FloatVector top = FloatVector.broadcast(F, Float.NEGATIVE_INFINITY);
        FloatVector topChunk = FloatVector.zero(F);
        for (int o = 0; o < chunks; o++) {
            int pass = o < ga * perGroup ? 0 : 1;
            int q = pass == 0 ? o : o - ga * perGroup;
            int g = q / perGroup;
            int c = g * group + (q - g * perGroup) * L;
            int or = start[pass == 0 ? a : b];
            int oo = start[pass == 0 ? b : a];
            int kr = count[pass == 0 ? a : b];
            int ko = count[pass == 0 ? b : a];
            int groups = pass == 0 ? ga : gb;
            int[] sup = pass == 0 ? sa : sb;
            int last = Math.min((g + 1) * group, kr);
            int t0 = o * CHUNK_FIELDS;
            table[t0 + CHUNK_EDGES] = last - c;
            if (c >= last) {
                continue;
            }
            int from = groups > 1 ? sup[g] : 0;
            int next = groups > 1 ? sup[g + 1 < groups ? g + 1 : 0] : 0;
            int len = ScalarPenetration.rangeLength(from, next, ko, groups);
            table[t0 + CHUNK_SLOT] = or + c;
            table[t0 + CHUNK_OTHER] = oo;
            table[t0 + CHUNK_OTHER_COUNT] = ko;
            table[t0 + CHUNK_FROM] = from;
            table[t0 + CHUNK_LENGTH] = len;
            table[t0 + CHUNK_AXIS] = Float.floatToRawIntBits((pass == 0 ? 0f : B_BASE) + c);
            int j0 = oo + from;
            int j1 = from + len - 1;
            j1 = oo + (j1 >= ko ? j1 - ko : j1);
            FloatVector vnx = FloatVector.fromArray(F, nx, or + c);
            FloatVector vny = FloatVector.fromArray(F, ny, or + c);
            FloatVector d0 = vnx.fma(FloatVector.broadcast(F, x[j0]), vny.mul(FloatVector.broadcast(F, y[j0])));
            FloatVector d1 = vnx.fma(FloatVector.broadcast(F, x[j1]), vny.mul(FloatVector.broadcast(F, y[j1])));
            FloatVector offset = vnx.fma(FloatVector.fromArray(F, x, or + c),
                    vny.mul(FloatVector.fromArray(F, y, or + c)));
            FloatVector u = d0.blend(d1, d1.lt(d0)).sub(offset).add(0f);
            u.intoArray(bounds, o * L);
            VectorMask<Float> higher = u.compare(VectorOperators.GT, top).and(iota.lt(last - c));
            top = top.blend(u, higher);
            topChunk = topChunk.blend((float) o, higher);
        }
        IntVector topBits = top.reinterpretAsInts();
        IntVector topKey = topBits.lanewise(VectorOperators.XOR,
                topBits.lanewise(VectorOperators.ASHR, 31).lanewise(VectorOperators.AND, 0x7fffffff));
        return (int) Float.intBitsToFloat(topChunk.reinterpretAsInts()
                .blend(Integer.MAX_VALUE, topKey.lt(topKey.reduceLanes(VectorOperators.MAX)))
                .reduceLanes(VectorOperators.MIN));
    }

    /** Fields per chunk in the table {@link #chunkBounds} fills for {@link #mergeBest}. */
    static final int CHUNK_FIELDS = 7;
    private static final int CHUNK_SLOT = 0;
    private static final int CHUNK_OTHER = 1;
    private static final int CHUNK_OTHER_COUNT = 2;
    private static final int CHUNK_FROM = 3;
    private static final int CHUNK_LENGTH = 4;
    private static final int CHUNK_EDGES = 5;
    private static final int CHUNK_AXIS = 6;

    /** Vectors per merge-class group: {@link ScalarPenetration#MERGE_GROUP} edges in L lanes. */
    private static int chunksPerGroup() {
        return (ScalarPenetration.MERGE_GROUP + L - 1) / L;
    }

    /** Best edge separation (high word, float bits) and axis code (low word) of pair (a, b). */
    private static long edges(ConvexPolygons s, int a, int b, int ka, int kb) {
        return ka <= H && kb <= H ? packedPair(s, a, b, ka, kb) : chunkedPair(s, a, b, ka, kb);
    }

    /**
     * The general case: whole vectors of one shape's edges at a time, A's then B's. Lane i of a
     * chunk is {@code min_j fma(nx_i, x_j, ny_i * y_j) - fma(nx_i, px_i, ny_i * py_i) + 0f} over the
     * other shape's vertices (the scalar small class's support form); lanes past
     * the reference shape's count may read the next shape or the store's TAIL_SLACK and are
     * masked out. Everything vector-typed stays inside this method (see {@link #packedPair}).
     */
    private static long chunkedPair(ConvexPolygons s, int a, int b, int ka, int kb) {
        float[] x = s.arrays().x;
        float[] y = s.arrays().y;
        float[] nx = s.arrays().nx;
        float[] ny = s.arrays().ny;
        int[] start = s.arrays().start;
        FloatVector iota = FloatVector.zero(F).addIndex(1);
        FloatVector best = FloatVector.broadcast(F, Float.NEGATIVE_INFINITY);
        FloatVector bestAxis = FloatVector.zero(F);
        // Pass 0: A's edges against B's vertices; pass 1: B's edges against A's vertices.
        for (int pass = 0; pass < 2; pass++) {
            int or = start[pass == 0 ? a : b];
            int oo = start[pass == 0 ? b : a];
            int kr = pass == 0 ? ka : kb;
            int end = oo + (pass == 0 ? kb : ka);
            float base = pass == 0 ? 0f : B_BASE;
            for (int c = 0; c < kr; c += L) {
                FloatVector vnx = FloatVector.fromArray(F, nx, or + c);
                FloatVector vny = FloatVector.fromArray(F, ny, or + c);
                FloatVector vpx = FloatVector.fromArray(F, x, or + c);
                FloatVector vpy = FloatVector.fromArray(F, y, or + c);
                // Two running minima (even and odd vertices) halve the compare-blend dependency
                // chain. A minimum does not depend on the order, and the final + 0f erases the
                // only order-dependent bit (-0 versus +0): this equals the scalar sequential min.
                FloatVector min0 = FloatVector.broadcast(F, Float.POSITIVE_INFINITY);
                FloatVector min1 = min0;
                int j = oo;
                for (; j + 1 < end; j += 2) {
                    FloatVector d0 = vnx.fma(FloatVector.broadcast(F, x[j]), vny.mul(FloatVector.broadcast(F, y[j])));
                    FloatVector d1 = vnx.fma(FloatVector.broadcast(F, x[j + 1]),
                            vny.mul(FloatVector.broadcast(F, y[j + 1])));
                    min0 = min0.blend(d0, d0.lt(min0));
                    min1 = min1.blend(d1, d1.lt(min1));
                }
                if (j < end) {
                    FloatVector d0 = vnx.fma(FloatVector.broadcast(F, x[j]), vny.mul(FloatVector.broadcast(F, y[j])));
                    min0 = min0.blend(d0, d0.lt(min0));
                }
                FloatVector sep = min0.blend(min1, min1.lt(min0)).sub(vnx.fma(vpx, vny.mul(vpy))).add(0f);
                // Strict '>' across chunks in axis order keeps the first axis of each lane's max.
                VectorMask<Float> better = sep.compare(VectorOperators.GT, best).and(iota.lt(kr - c));
                best = best.blend(sep, better);
                bestAxis = bestAxis.blend(iota.add(base + c), better);
            }
        }
        return resolve(best, bestAxis);
    }

    /**
     * The lane holding the largest separation, ties to the smallest axis index, with integer
     * operations only: the sign-magnitude flip maps floats (no NaN, no -0 here) to ints of the
     * same order, and non-negative float axis indices sort like their bit patterns. Returns the
     * separation's bits in the high word and the axis code (0 if every lane is -inf) in the low.
     */
    private static long resolve(FloatVector best, FloatVector bestAxis) {
        IntVector bits = best.reinterpretAsInts();
        IntVector key = bits.lanewise(VectorOperators.XOR,
                bits.lanewise(VectorOperators.ASHR, 31).lanewise(VectorOperators.AND, 0x7fffffff));
        int maxKey = key.reduceLanes(VectorOperators.MAX);
        int sepBits = maxKey ^ ((maxKey >> 31) & 0x7fffffff);
        int code = 0;
        if (sepBits != NEG_INF_BITS) {
            // Lanes below the maximum get MAX_VALUE, then a plain reduction (the masked form
            // was this method's hot spot in the profile).
            float axis = Float.intBitsToFloat(bestAxis.reinterpretAsInts()
                    .blend(Integer.MAX_VALUE, key.lt(maxKey)).reduceLanes(VectorOperators.MIN));
            code = axis < B_BASE ? 1 + (int) axis : -(1 + (int) (axis - B_BASE));
        }
        return ((long) sepBits << 32) | (code & 0xffffffffL);
    }

    /**
     * Both directions in one vector, for shapes of at most {@code H} edges each. Lanes
     * {@code [0, H)} hold A's edges against B's vertices, lanes {@code [H, L)} B's edges against
     * A's vertices. Each step broadcasts one vertex of B to the low half and one of A to the high
     * half; a shape with fewer vertices repeats its last one, which cannot change a minimum.
     */
    private static long packedPair(ConvexPolygons s, int a, int b, int ka, int kb) {
        // One method from loads to resolve: a vector or mask crossing a call C2 did not inline
        // would be boxed, so nothing vector-typed leaves this method.
        FloatVector iota = FloatVector.zero(F).addIndex(1);
        VectorMask<Float> high = iota.compare(VectorOperators.GE, (float) H);
        float[] x = s.arrays().x;
        float[] y = s.arrays().y;
        float[] nx = s.arrays().nx;
        float[] ny = s.arrays().ny;
        int oa = s.arrays().start[a];
        int ob = s.arrays().start[b];
        // Low half from A's slots, high half from B's slots moved up by H lanes.
        FloatVector vnx = FloatVector.fromArray(F, nx, oa).blend(FloatVector.fromArray(F, nx, ob).rearrange(HALF_SWAP), high);
        FloatVector vny = FloatVector.fromArray(F, ny, oa).blend(FloatVector.fromArray(F, ny, ob).rearrange(HALF_SWAP), high);
        FloatVector vpx = FloatVector.fromArray(F, x, oa).blend(FloatVector.fromArray(F, x, ob).rearrange(HALF_SWAP), high);
        FloatVector vpy = FloatVector.fromArray(F, y, oa).blend(FloatVector.fromArray(F, y, ob).rearrange(HALF_SWAP), high);
        int steps = Math.max(ka, kb);
        int lastA = oa + ka - 1;
        int lastB = ob + kb - 1;
        // Two running minima, as in chunkSeparations (order-free minimum, then + 0f).
        FloatVector min0 = FloatVector.broadcast(F, Float.POSITIVE_INFINITY);
        FloatVector min1 = min0;
        int j = 0;
        for (; j + 1 < steps; j += 2) {
            int jb = Math.min(ob + j, lastB);
            int ja = Math.min(oa + j, lastA);
            FloatVector d0 = vnx.fma(FloatVector.broadcast(F, x[jb]).blend(x[ja], high),
                    vny.mul(FloatVector.broadcast(F, y[jb]).blend(y[ja], high)));
            jb = Math.min(ob + j + 1, lastB);
            ja = Math.min(oa + j + 1, lastA);
            FloatVector d1 = vnx.fma(FloatVector.broadcast(F, x[jb]).blend(x[ja], high),
                    vny.mul(FloatVector.broadcast(F, y[jb]).blend(y[ja], high)));
            min0 = min0.blend(d0, d0.lt(min0));
            min1 = min1.blend(d1, d1.lt(min1));
        }
        if (j < steps) {
            int jb = Math.min(ob + j, lastB);
            int ja = Math.min(oa + j, lastA);
            FloatVector d0 = vnx.fma(FloatVector.broadcast(F, x[jb]).blend(x[ja], high),
                    vny.mul(FloatVector.broadcast(F, y[jb]).blend(y[ja], high)));
            min0 = min0.blend(d0, d0.lt(min0));
        }
        FloatVector sep = min0.blend(min1, min1.lt(min0)).sub(vnx.fma(vpx, vny.mul(vpy))).add(0f);
        VectorMask<Float> valid = iota.lt(ka).or(iota.lt(H + kb).and(high));
        FloatVector best = FloatVector.broadcast(F, Float.NEGATIVE_INFINITY).blend(sep, valid);
        // Lane i < H is A's edge i; lane H + j is B's edge j.
        FloatVector axis = iota.add(FloatVector.zero(F).blend(B_BASE - H, high));
        return resolve(best, axis);
    }

    /**
     * Lanes across pairs for a group of H pairs, whose shapes all have capacity
     * {@code k} (4 or 8; padding repeats the last vertex and normal, so running all k slots
     * gives the scalar bits: a repeated vertex cannot change a minimum, a repeated edge gives the
     * same separation later and loses the strict '&gt;'). Every lane walks its own k edges and
     * k vertices, so there is no broadcast, no packing and no cross-lane resolution per pair.
     *
     * <p>{@link LaneMajorPairs#loadExchanged} has put all k slots lane-major into the borrowed
     * scratch (an in-register transpose with 16 lanes, else gathers) in its exchanged layout:
     * lane l &lt; H holds pair p+l's B normals and its A vertices, lane H+l its A normals and
     * its B vertices. So lane l runs B's edges against A's vertices and lane H+l A's edges
     * against B's, each from plain loads; each edge's own first vertex (for its offset) comes
     * from the other half, and the AABB of lane l's own vertex rows is A's (lane H+l: B's).
     * Then {@link ScalarPenetration#finish}'s tail runs in the lanes: the world axes from those
     * AABBs (the min and max of the k vertex rows, which are the store's bounds: a minimum does
     * not depend on the order, and the {@code + 0f} of each gap erases the only difference a -0
     * could make), the normal carried with the best edge, and the four outputs of the group's
     * H pairs, the only entries written: into {@code depths}, {@code normalXs},
     * {@code normalYs} and {@code axes} from index {@code at}, each with room for a full vector
     * there (the output arrays, or the scratch for a group at their end).
     *
     * @return how many of the group's pairs intersect or touch
     */
    private static int resolveAcross(LaneMajorPairs lanes, int k, float[] depths, float[] normalXs,
                                     float[] normalYs, int[] axes, int at) {
        float[] lm = lanes.rows;
        // Exchanged layout: lane l < H runs pair l's B edges against its A vertices, lane H + l
        // its A edges against its B vertices. Each lane's code is 1 + its edge's index here;
        // B's sign is set when the halves are combined.
        FloatVector inf = FloatVector.broadcast(F, Float.POSITIVE_INFINITY);
        FloatVector best = FloatVector.broadcast(F, Float.NEGATIVE_INFINITY);
        // Every scalar operand as a vector made here: the scalar forms (blend(float, mask),
        // compare(op, float), add(float)) go through call sites inside the JDK that every
        // kernel and vector shape shares, and with a profile polluted by the others C2 can leave
        // them as calls, which boxes the vectors that cross them (seen with C2 alone after the
        // merge-class kernels ran in the same JVM).
        // (The constants used only after the loop are made after it: live across the loop they
        // would crowd its registers.)
        FloatVector zero = FloatVector.zero(F);
        FloatVector code = zero;
        FloatVector normalX = FloatVector.zero(F);
        FloatVector normalY = FloatVector.zero(F);
        FloatVector minX = inf;
        FloatVector minY = inf;
        FloatVector maxX = best;
        FloatVector maxY = best;
        // Four edges at a time, their normals in registers: each of the lane's own vertex rows
        // is loaded once per four edges, not once per edge. Each minimum runs over the vertices
        // in index order, the scalar loop itself; it starts at vertex 0's value instead of
        // +inf, which the first step would replace (every value is finite: coordinates within
        // 2^60, unit normals).
        for (int i0 = 0; i0 < k; i0 += 4) {
            int o0 = i0 * 6 * L;
            FloatVector nx0 = FloatVector.fromArray(F, lm, o0);
            FloatVector ny0 = FloatVector.fromArray(F, lm, o0 + L);
            FloatVector nx1 = FloatVector.fromArray(F, lm, o0 + 6 * L);
            FloatVector ny1 = FloatVector.fromArray(F, lm, o0 + 7 * L);
            FloatVector nx2 = FloatVector.fromArray(F, lm, o0 + 12 * L);
            FloatVector ny2 = FloatVector.fromArray(F, lm, o0 + 13 * L);
            FloatVector nx3 = FloatVector.fromArray(F, lm, o0 + 18 * L);
            FloatVector ny3 = FloatVector.fromArray(F, lm, o0 + 19 * L);
            FloatVector vx0 = FloatVector.fromArray(F, lm, 2 * L);
            FloatVector vy0 = FloatVector.fromArray(F, lm, 3 * L);
            // support, lower and the AABB updates written out in this method: with C2 alone at 128
            // bits the helper-calling form boxed these vectors on every group (a vector-typed
            // helper C2 does not inline boxes its arguments and result).
            FloatVector m0 = nx0.fma(vx0, ny0.mul(vy0));
            FloatVector m1 = nx1.fma(vx0, ny1.mul(vy0));
            FloatVector m2 = nx2.fma(vx0, ny2.mul(vy0));
            FloatVector m3 = nx3.fma(vx0, ny3.mul(vy0));
            for (int j = 6 * L; j < k * 6 * L; j += 6 * L) {
                FloatVector vx = FloatVector.fromArray(F, lm, j + 2 * L);
                FloatVector vy = FloatVector.fromArray(F, lm, j + 3 * L);
                FloatVector d0 = nx0.fma(vx, ny0.mul(vy));
                FloatVector d1 = nx1.fma(vx, ny1.mul(vy));
                FloatVector d2 = nx2.fma(vx, ny2.mul(vy));
                FloatVector d3 = nx3.fma(vx, ny3.mul(vy));
                m0 = m0.blend(d0, d0.lt(m0));
                m1 = m1.blend(d1, d1.lt(m1));
                m2 = m2.blend(d2, d2.lt(m2));
                m3 = m3.blend(d3, d3.lt(m3));
            }
            for (int e = 0; e < 4; e++) {
                FloatVector vnx = e == 0 ? nx0 : e == 1 ? nx1 : e == 2 ? nx2 : nx3;
                FloatVector vny = e == 0 ? ny0 : e == 1 ? ny1 : e == 2 ? ny2 : ny3;
                FloatVector min = e == 0 ? m0 : e == 1 ? m1 : e == 2 ? m2 : m3;
                int o = o0 + e * 6 * L;
                FloatVector vpx = FloatVector.fromArray(F, lm, o + 2 * L);
                FloatVector vpy = FloatVector.fromArray(F, lm, o + 3 * L);
                // Lane l's own vertex rows: its AABB (lane l: pair l's A, lane H + l: its B).
                minX = minX.blend(vpx, vpx.lt(minX));
                minY = minY.blend(vpy, vpy.lt(minY));
                maxX = maxX.blend(vpx, vpx.compare(VectorOperators.GT, maxX));
                maxY = maxY.blend(vpy, vpy.compare(VectorOperators.GT, maxY));
                // The edge's own first vertex belongs to the other half's shape.
                FloatVector sep = min.sub(vnx.fma(vpx.rearrange(HALF_SWAP), vny.mul(vpy.rearrange(HALF_SWAP)))).add(zero);
                // Strict '>' in edge order keeps the first edge of each lane's maximum.
                VectorMask<Float> better = sep.compare(VectorOperators.GT, best);
                best = best.blend(sep, better);
                code = code.blend(FloatVector.broadcast(F, (float) (1 + i0 + e)), better);
                normalX = normalX.blend(vnx, better);
                normalY = normalY.blend(vny, better);
            }
        }
        // A's edges come before B's: B's best (lane l's own) wins only if strictly greater than
        // A's (from lane H + l). B's normal points from B to A: negated (the sign bit, as the
        // scalar tail flips it).
        FloatVector one = FloatVector.broadcast(F, 1f);
        FloatVector minusOne = FloatVector.broadcast(F, -1f);
        FloatVector worldX = FloatVector.broadcast(F, WORLD_X);
        FloatVector worldY = FloatVector.broadcast(F, WORLD_Y);
        FloatVector aBest = best.rearrange(HALF_SWAP);
        VectorMask<Float> bWins = best.compare(VectorOperators.GT, aBest);
        FloatVector gapX = minX.rearrange(HALF_SWAP).sub(maxX).add(zero);
        FloatVector gapY = minY.rearrange(HALF_SWAP).sub(maxY).add(zero);
        best = aBest.blend(best, bWins);
        code = code.rearrange(HALF_SWAP).blend(code.neg(), bWins);
        normalX = normalX.rearrange(HALF_SWAP).blend(normalX.neg(), bWins).add(zero);
        normalY = normalY.rearrange(HALF_SWAP).blend(normalY.neg(), bWins).add(zero);
        // World axes in the scalar order +x, -x, +y, -y, each with a strict '>'. Lane l holds
        // minX(B) - maxX(A) (+x) and lane H + l minX(A) - maxX(B) (-x), likewise for y.
        VectorMask<Float> w = gapX.compare(VectorOperators.GT, best);
        best = best.blend(gapX, w);
        code = code.blend(worldX, w);
        normalX = normalX.blend(one, w);
        normalY = normalY.blend(zero, w);
        FloatVector g = gapX.rearrange(HALF_SWAP);
        w = g.compare(VectorOperators.GT, best);
        best = best.blend(g, w);
        code = code.blend(worldX, w);
        normalX = normalX.blend(minusOne, w);
        normalY = normalY.blend(zero, w);
        w = gapY.compare(VectorOperators.GT, best);
        best = best.blend(gapY, w);
        code = code.blend(worldY, w);
        normalX = normalX.blend(zero, w);
        normalY = normalY.blend(one, w);
        g = gapY.rearrange(HALF_SWAP);
        w = g.compare(VectorOperators.GT, best);
        best = best.blend(g, w);
        code = code.blend(worldY, w);
        normalX = normalX.blend(zero, w);
        normalY = normalY.blend(minusOne, w);
        // 0f - x keeps +0 as +0. No axis with a number (overflow only): NaN depth, zero normal.
        VectorMask<Float> none = code.compare(VectorOperators.EQ, zero);
        FloatVector depth = zero.sub(best).blend(FloatVector.broadcast(F, Float.NaN), none);
        normalX = normalX.blend(zero, none);
        normalY = normalY.blend(zero, none);
        int hits = depth.compare(VectorOperators.GE, zero).and(LOW_HALF).trueCount();
        // Lanes [0, H) are the H pairs of this group: only their entries are written, from
        // index 'at' of arrays that hold a full vector there (see run).
        depth.intoArray(depths, at, LOW_HALF);
        normalX.intoArray(normalXs, at, LOW_HALF);
        normalY.intoArray(normalYs, at, LOW_HALF);
        // The axis codes are small integers held as floats: adding 1.5 2^23 puts each in the low
        // bits of the sum exactly, so the ints come from a reinterpretation, not from a convert,
        // whose int species is looked up at run time (where C2 could not fold that lookup,
        // every operation on the converted vector fell back to boxes).
        IntVector codes = code.add(FloatVector.broadcast(F, CODE_MAGIC)).reinterpretAsInts()
                .sub(IntVector.broadcast(I, CODE_MAGIC_BITS));
        codes = codes.blend(IntVector.broadcast(I, Penetrations.AXIS_WORLD_X),
                        codes.compare(VectorOperators.EQ, IntVector.broadcast(I, (int) WORLD_X)))
                .blend(IntVector.broadcast(I, Penetrations.AXIS_WORLD_Y),
                        codes.compare(VectorOperators.EQ, IntVector.broadcast(I, (int) WORLD_Y)));
        codes.intoArray(axes, at, LOW_HALF_INTS);
        return hits;
    }
}
