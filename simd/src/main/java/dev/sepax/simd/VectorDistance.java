package dev.sepax.simd;

import dev.sepax.batch.Distances;
import dev.sepax.batch.SimplexCache;
import dev.sepax.batch.PairBatch;
import dev.sepax.batch.Penetrations;
import dev.sepax.internal.RoundedArrays;
import dev.sepax.narrow.DistanceKernel;
import dev.sepax.narrow.GjkAcceleration;
import dev.sepax.narrow.ScalarDistance;
import dev.sepax.shape.RoundedShapes;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * The Vector API {@link DistanceKernel}: GJK with lanes across pairs, bit for bit the results of
 * {@link ScalarDistance}.
 *
 * <h2>Layout of the work</h2>
 * <pre>
 *  lanes:    L pairs of the batch at once (pairs whose shapes both have at most 64 core points)
 *  packed:   each lane's core points of A and of B, lane-major (row i = point i of every lane,
 *            a lane's last point repeated past its count), so a support scan is plain loads;
 *            packed by vector loads and a transpose (16 lanes, cores of at most 8 points) or
 *            by gathers, once per group
 *  state:    the simplex of every lane in rows of L floats (points, indices as floats, weights,
 *            size, iteration count, exit code), loaded and stored once per iteration
 *  one trip: the scalar iteration in every lane: both solves, the region tests in the scalar
 *            order as masks, the direction, the two support scans, the guards; each lane's
 *            exit code is set by the first guard that fires there, and a lane whose exit code
 *            is set is never written again (the mask of finished lanes)
 * </pre>
 * Every lane evaluates the scalar kernel's expressions in its order ({@code mul().add()} for
 * {@code a*b + c}, {@code div} for the quotients, {@code neg} for the unary minus) and every
 * choice is a blend on a compare, so the lanes reproduce the scalar bits; no float is reduced
 * across lanes. A group runs until no lane is active, at most {@link ScalarDistance#MAX_ITERATIONS}
 * trips (every trip either ends a lane or counts one of its iterations). The tail of
 * {@link ScalarDistance#finish} (closest points, normal, radii) runs in the lanes with the same
 * expressions; the cache entries are written per lane, and the penetration query's tail is
 * {@link ScalarDistance#finish} itself, per lane. Pairs with a shape
 * of more than 64 core points run {@link ScalarDistance#pair} itself; a range's last &lt; L
 * pairs run in a group whose spare lanes start finished.
 *
 * <h2>Acceleration</h2>
 * One instance per {@link GjkAcceleration} ({@link #of}); each gives the bits of
 * {@code ScalarDistance.of(mode)}. With momentum a trip has three more steps: {@link #momentum}
 * (the search direction, after {@link #direction}), {@link #momentumGuards} (a momentum step that
 * fails a guard drops momentum and is redone along d on the next trip: its lane stays live
 * without adding a support, and that trip's solve of its already solved simplex gives the same
 * bits, as in the scalar loop) and {@link #accept} (the last direction and support point, and
 * the proximity test). In plain mode none of them runs and the supports read d itself. The
 * momentum guard is a step of its own because, folded into the plain guards' method, it takes
 * that method past C2's inlining budget, and C2 then boxes a vector per group (about 12 KB per
 * 2 051-pair batch, plain mode included).
 *
 * <p>Thread-safe: no shared mutable state; a batch borrows its scratch ({@link GjkLanes}) from
 * the bounded {@link KernelScratch} pool and runs on the scalar kernel (same bits) when the pool
 * is empty, so the memory held does not grow with the number of threads (virtual threads
 * included). Allocation-free in steady state:
 * an iteration is split into steps that pass their results through the state rows, each small
 * enough for C2 to inline every vector operation in it; no vector or mask crosses a call other
 * than into two-line helpers, and only the support scans' running best crosses a loop back-edge.
 * Compares take a vector operand, never a float: {@code FloatVector.compare(op, float)} goes
 * through a call site inside the JDK that every kernel shares, and this kernel's calls there
 * (even interpreted, on its first batch) made the other SIMD kernels' compiled code in the same
 * JVM fall back to boxed vectors. Other shared sites still do that after longer runs: running
 * this kernel and the polygon kernels in one JVM is an open allocation problem.
 */
public final class VectorDistance implements DistanceKernel {
    private static final VectorDistance[] MODES = {
        new VectorDistance(GjkAcceleration.NONE), new VectorDistance(GjkAcceleration.NESTEROV),
        new VectorDistance(GjkAcceleration.PROXIMITY)
    };
    /**
     * The shared instance with {@link ScalarDistance#DEFAULT_ACCELERATION}, found by
     * {@code Sepax.distance()}.
     */
    public static final VectorDistance INSTANCE = of(ScalarDistance.DEFAULT_ACCELERATION);

    private static final VectorSpecies<Float> F = VectorSupport.F;
    private static final VectorSpecies<Integer> I = VectorSpecies.of(int.class, F.vectorShape());
    private static final int L = F.length();
    private static final float OVERLAP = Distances.EXIT_OVERLAP;
    private static final float REPEATED = Distances.EXIT_REPEATED_SUPPORT;
    private static final float NO_PROGRESS = Distances.EXIT_NO_PROGRESS;
    private static final float DEGENERATE = Distances.EXIT_DEGENERATE;
    private static final float CAP = Distances.EXIT_ITERATION_CAP;
    /** Exit code of a spare lane: never active, never written out. */
    private static final float SPARE = -1f;

    private final GjkAcceleration mode;

    private VectorDistance(GjkAcceleration mode) {
        this.mode = mode;
    }

    /** The shared instance with acceleration {@code mode}: the bits of {@code ScalarDistance.of(mode)}. */
    public static VectorDistance of(GjkAcceleration mode) {
        return MODES[mode.ordinal()];
    }

    @Override
    public String name() {
        return "simd";
    }

    @Override
    public GjkAcceleration acceleration() {
        return mode;
    }

    @Override
    public VectorDistance withAcceleration(GjkAcceleration mode) {
        return of(mode);
    }

    @Override
    public boolean distance(RoundedShapes shapes, int a, int b, Distances out, int index) {
        DistanceKernel.checkPair(shapes, a, b, out, index);
        return ScalarDistance.pair(shapes.arrays(), a, b, 0f, 0f, null, index, out, null, mode);
    }

    @Override
    public int distances(RoundedShapes shapes, PairBatch pairs, int from, int to, Distances out, SimplexCache cache) {
        DistanceKernel.checkBatch(shapes, pairs, from, to, out, cache);
        return run(shapes, pairs, from, to, out, cache, null, mode);
    }

    /**
     * The batch loop of both GJK queries on checked arguments: the distance into {@code out}
     * when {@code mtv} is null, else the penetration into {@code mtv} (the tail of
     * {@link ScalarDistance#finish} chooses by the output, so the lanes are the same).
     */
    static int run(RoundedShapes shapes, PairBatch pairs, int from, int to, Distances out, SimplexCache cache,
                   Penetrations mtv) {
        return run(shapes, pairs, from, to, out, cache, mtv, GjkAcceleration.NONE);
    }

    /** {@link #run(RoundedShapes, PairBatch, int, int, Distances, SimplexCache, Penetrations)} with acceleration {@code mode}. */
    static int run(RoundedShapes shapes, PairBatch pairs, int from, int to, Distances out, SimplexCache cache,
                   Penetrations mtv, GjkAcceleration mode) {
        RoundedArrays s = shapes.arrays();
        int[] count = s.count();
        int[] pa = pairs.arrays().a;
        int[] pb = pairs.arrays().b;
        KernelScratch sc = KernelScratch.take();
        try {
            return sc == null ? scalarRun(s, pa, pb, from, to, out, cache, mtv, mode)
                    : lanesRun(s, shapes.maxCount(), count, pa, pb, from, to, out, cache, mtv, mode, sc.gjk());
        } finally {
            if (sc != null) {
                KernelScratch.give(sc);
            }
        }
    }

    /** The batch with every pair through the scalar kernel (same bits): the scratch pool was empty. */
    private static int scalarRun(RoundedArrays s, int[] pa, int[] pb, int from, int to, Distances out,
                                 SimplexCache cache, Penetrations mtv, GjkAcceleration mode) {
        int hits = 0;
        for (int p = from; p < to; p++) {
            hits += ScalarDistance.pair(s, pa[p], pb[p], 0f, 0f, cache, p, out, mtv, mode) ? 1 : 0;
        }
        return hits;
    }

    private static int lanesRun(RoundedArrays s, int maxCount, int[] count, int[] pa, int[] pb, int from, int to,
                                Distances out, SimplexCache cache, Penetrations mtv, GjkAcceleration mode,
                                GjkLanes g) {
        int hits = 0;
        int lanes = 0;
        int p = from;
        if (maxCount <= GjkLanes.MAX_POINTS) {
            // Every pair runs in the lanes: full groups straight from the pair lists, with no
            // per-pair test; B's offsets are 0 (the shape cast, which shares the scratch, sets them).
            java.util.Arrays.fill(g.ox, 0f);
            java.util.Arrays.fill(g.oy, 0f);
            for (; p + L <= to; p += L) {
                // Whole-vector copies: GjkLanes#lanesOf loads these lists as one vector each (the
                // gathers' index maps), and a short arraycopy stores them in narrower pieces that
                // a wider load cannot take from the store buffer.
                IntVector.fromArray(I, pa, p).intoArray(g.a, 0);
                IntVector.fromArray(I, pb, p).intoArray(g.b, 0);
                for (int l = 0; l < L; l++) {
                    g.pair[l] = p + l;
                }
                hits += group(s, g, L, cache, out, mtv, mode);
            }
        }
        for (; p < to; p++) {
            int a = pa[p];
            int b = pb[p];
            if (count[a] > GjkLanes.MAX_POINTS || count[b] > GjkLanes.MAX_POINTS) {
                hits += ScalarDistance.pair(s, a, b, 0f, 0f, cache, p, out, mtv, mode) ? 1 : 0;
                continue;
            }
            g.pair[lanes] = p;
            g.a[lanes] = a;
            g.b[lanes] = b;
            g.ox[lanes] = 0f;
            g.oy[lanes] = 0f;
            lanes++;
            if (lanes == L) {
                hits += group(s, g, L, cache, out, mtv, mode);
                lanes = 0;
            }
        }
        if (lanes > 0) {
            hits += group(s, g, lanes, cache, out, mtv, mode);
        }
        return hits;
    }

    /** Runs the first {@code lanes} entries of {@code g}'s pair list as one group, plain GJK. */
    static int group(RoundedArrays s, GjkLanes g, int lanes, SimplexCache cache, Distances out,
                             Penetrations mtv) {
        return group(s, g, lanes, cache, out, mtv, GjkAcceleration.NONE);
    }

    /** Runs the first {@code lanes} entries of {@code g}'s pair list as one group with acceleration {@code mode}. */
    static int group(RoundedArrays s, GjkLanes g, int lanes, SimplexCache cache, Distances out,
                             Penetrations mtv, GjkAcceleration mode) {
        g.mode = mode;
        g.load(s, lanes, cache);
        for (int t = 0; t <= ScalarDistance.MAX_ITERATIONS && trip(g); t++) {
            // Every trip ends a lane or counts one of its iterations; the bound is a backstop.
        }
        weights(g.state);
        float[] r = g.state;
        int hits = 0;
        if (mtv != null) {
            for (int l = 0; l < lanes; l++) {
                hits += ScalarDistance.finish(s, g.a[l], g.b[l], g.ox[l], g.oy[l], (int) r[GjkLanes.N + l],
                        (int) r[GjkLanes.IA1 + l], (int) r[GjkLanes.IB1 + l], (int) r[GjkLanes.IA2 + l],
                        (int) r[GjkLanes.IB2 + l], (int) r[GjkLanes.IA3 + l], (int) r[GjkLanes.IB3 + l],
                        r[GjkLanes.W1 + l], r[GjkLanes.W2 + l], r[GjkLanes.W3 + l], (int) r[GjkLanes.ITER + l],
                        (int) r[GjkLanes.EXIT + l], cache, g.pair[l], out, mtv) ? 1 : 0;
            }
            return hits;
        }
        // A full group of consecutive pairs (the usual case) is written from the lanes.
        int first = lanes == L && g.pair[L - 1] - g.pair[0] == L - 1 ? g.pair[0] : -1;
        hits = tail(r, s.radius(), g, out, first);
        if (first < 0) {
            for (int l = 0; l < lanes; l++) {
                int p = g.pair[l];
                float dist = r[GjkLanes.DIST + l];
                out.set(p, dist, r[GjkLanes.PAX + l], r[GjkLanes.PAY + l], r[GjkLanes.PBX + l], r[GjkLanes.PBY + l],
                        r[GjkLanes.NX + l], r[GjkLanes.NY + l], (int) r[GjkLanes.ITER + l], (int) r[GjkLanes.EXIT + l]);
                hits += dist == 0 ? 1 : 0;
            }
        }
        if (cache != null) {
            int[] counts = cache.counts();
            int[] ca = cache.indexAs();
            int[] cb = cache.indexBs();
            for (int l = 0; l < lanes; l++) {
                int p = g.pair[l];
                counts[p] = (int) r[GjkLanes.N + l];
                ca[3 * p] = (int) r[GjkLanes.IA1 + l];
                cb[3 * p] = (int) r[GjkLanes.IB1 + l];
                ca[3 * p + 1] = (int) r[GjkLanes.IA2 + l];
                cb[3 * p + 1] = (int) r[GjkLanes.IB2 + l];
                ca[3 * p + 2] = (int) r[GjkLanes.IA3 + l];
                cb[3 * p + 2] = (int) r[GjkLanes.IB3 + l];
            }
        }
        return hits;
    }

    /**
     * The tail of {@link ScalarDistance#finish} in every lane, into rows PAX..DIST. First the
     * closest core points {@code a1*p1 + a2*p2 (+ a3*p3)} of the final simplex (B's the same as
     * A's for a triangle): the simplex rows hold the very points the scalar tail reads
     * ({@code x + ox} on B), so the products and sums are its own. Then the core gap's length
     * {@code m * sqrt((cx/m)^2 + (cy/m)^2)}, the normal, and the radii along it (the rounded
     * parts' overlap takes the middle of the common interval); lanes whose cores touch (overlap
     * exit, or a zero gap) get distance 0, normal (0, 0) and B's point on A's. With {@code first}
     * at least 0 (a full group of the consecutive pairs from {@code first}) all the results go
     * straight into {@code out} and the touching count is returned; otherwise into the rows
     * (0 returned) for the caller to write lane by lane. One method, large
     * enough that C2 compiles it on its own rather than into {@link #group} (where its vector
     * operations would exceed the caller's inlining budget and run boxed).
     */
    private static int tail(float[] r, float[] radius, GjkLanes g, Distances out, int first) {
        // Loaded once, before the branch: a second load after it was merged with this one by
        // C2, and the vector merged from the two paths was boxed.
        FloatVector exit = FloatVector.fromArray(F, r, GjkLanes.EXIT);
        if (first >= 0) {
            // The two int outputs (small whole numbers) by the 1.5 * 2^23 trick of
            // GjkLanes#lanesOf: a vector float-to-int conversion is not compiled to an
            // instruction here (it allocates). First in the method, within C2's inlining budget.
            FloatVector magic = FloatVector.broadcast(F, GjkLanes.MAGIC);
            IntVector magicBits = IntVector.broadcast(I, GjkLanes.MAGIC_BITS);
            FloatVector.fromArray(F, r, GjkLanes.ITER).add(magic).reinterpretAsInts().sub(magicBits).intoArray(out.iterationCounts(), first);
            exit.add(magic).reinterpretAsInts().sub(magicBits).intoArray(out.exits(), first);
        }
        FloatVector n = FloatVector.fromArray(F, r, GjkLanes.N);
        VectorMask<Float> two = n.compare(VectorOperators.EQ, FloatVector.broadcast(F, 2f));
        VectorMask<Float> three = n.compare(VectorOperators.EQ, FloatVector.broadcast(F, 3f));
        FloatVector w1 = FloatVector.fromArray(F, r, GjkLanes.W1);
        FloatVector w2 = FloatVector.fromArray(F, r, GjkLanes.W2);
        FloatVector w3 = FloatVector.fromArray(F, r, GjkLanes.W3);
        FloatVector ax1 = FloatVector.fromArray(F, r, GjkLanes.AX1);
        FloatVector ay1 = FloatVector.fromArray(F, r, GjkLanes.AY1);
        FloatVector sx = w1.mul(ax1).add(w2.mul(FloatVector.fromArray(F, r, GjkLanes.AX2)));
        FloatVector sy = w1.mul(ay1).add(w2.mul(FloatVector.fromArray(F, r, GjkLanes.AY2)));
        FloatVector pax = ax1.blend(sx, two).blend(sx.add(w3.mul(FloatVector.fromArray(F, r, GjkLanes.AX3))), three);
        FloatVector pay = ay1.blend(sy, two).blend(sy.add(w3.mul(FloatVector.fromArray(F, r, GjkLanes.AY3))), three);
        FloatVector bx1 = FloatVector.fromArray(F, r, GjkLanes.BX1);
        FloatVector by1 = FloatVector.fromArray(F, r, GjkLanes.BY1);
        FloatVector pbx = bx1.blend(w1.mul(bx1).add(w2.mul(FloatVector.fromArray(F, r, GjkLanes.BX2))), two).blend(pax, three);
        FloatVector pby = by1.blend(w1.mul(by1).add(w2.mul(FloatVector.fromArray(F, r, GjkLanes.BY2))), two).blend(pay, three);
        FloatVector zero = FloatVector.zero(F);
        FloatVector cx = pbx.sub(pax);
        FloatVector cy = pby.sub(pay);
        // max(|cx|, |cy|) as an int max of the bits: with the sign bits clear the bit patterns
        // order like the floats (+0 lowest, +Inf above every finite value, and a NaN above
        // +Inf, so a NaN still wins as in Math.max); FloatVector.max is a long NaN/-0-aware
        // sequence here.
        FloatVector m = cx.abs().reinterpretAsInts().max(cy.abs().reinterpretAsInts()).reinterpretAsFloats();
        VectorMask<Float> touch = exit.compare(VectorOperators.EQ, FloatVector.broadcast(F, OVERLAP))
                .or(m.compare(VectorOperators.EQ, zero));
        FloatVector ux = cx.div(m);
        FloatVector uy = cy.div(m);
        FloatVector q = ux.mul(ux).add(uy.mul(uy)).sqrt();
        FloatVector core = m.mul(q);
        FloatVector nx = ux.div(q);
        FloatVector ny = uy.div(q);
        FloatVector ra = FloatVector.fromArray(F, radius, 0, g.a, 0);
        FloatVector rb = FloatVector.fromArray(F, radius, 0, g.b, 0);
        FloatVector rs = ra.add(rb);
        VectorMask<Float> apart = core.compare(VectorOperators.GT, rs);
        // Math.max(0, core - rb) and Math.min(ra, core) as int max/min of the bits. In every
        // lane whose result is kept (not touch), m > 0 and finite (cores within 2^60), so
        // q = |(ux, uy)| is in [1, sqrt 2] and core = m * q > 0 is finite: core - rb is finite and
        // never -0 (x - y is -0 only for x = -0), and a negative float's bits are a negative
        // int, so the int max with 0 gives +0 where Math.max gives +0 and the value elsewhere.
        // ra is finite and not below 0 (at worst -0, whose bits are the least int, as
        // Math.min(-0, core) = -0 wants), core > 0: the int order of the bits is the float
        // order. Touching lanes (m = 0, NaN quotients) are replaced by the blends below.
        FloatVector lo = core.sub(rb).reinterpretAsInts().max(IntVector.zero(I)).reinterpretAsFloats();
        FloatVector hi = ra.reinterpretAsInts().min(core.reinterpretAsInts()).reinterpretAsFloats();
        FloatVector t = FloatVector.broadcast(F, 0.5f).mul(lo.add(hi));
        FloatVector ix = pax.add(t.mul(nx));
        FloatVector iy = pay.add(t.mul(ny));
        FloatVector oax = ix.blend(pax.add(ra.mul(nx)), apart).blend(pax, touch);
        FloatVector oay = iy.blend(pay.add(ra.mul(ny)), apart).blend(pay, touch);
        FloatVector obx = ix.blend(pbx.sub(rb.mul(nx)), apart).blend(pax, touch);
        FloatVector oby = iy.blend(pby.sub(rb.mul(ny)), apart).blend(pay, touch);
        FloatVector onx = nx.blend(zero, touch);
        FloatVector ony = ny.blend(zero, touch);
        FloatVector dist = zero.blend(core.sub(rs), apart.andNot(touch));
        if (first < 0) {
            oax.intoArray(r, GjkLanes.PAX);
            oay.intoArray(r, GjkLanes.PAY);
            obx.intoArray(r, GjkLanes.PBX);
            oby.intoArray(r, GjkLanes.PBY);
            onx.intoArray(r, GjkLanes.NX);
            ony.intoArray(r, GjkLanes.NY);
            dist.intoArray(r, GjkLanes.DIST);
            return 0;
        }
        dist.intoArray(out.distances(), first);
        oax.intoArray(out.pointAXs(), first);
        oay.intoArray(out.pointAYs(), first);
        obx.intoArray(out.pointBXs(), first);
        oby.intoArray(out.pointBYs(), first);
        onx.intoArray(out.normalXs(), first);
        ony.intoArray(out.normalYs(), first);
        return dist.compare(VectorOperators.EQ, zero).trueCount();
    }

    /**
     * The weights W1..W3 of every lane's simplex as the scalar kernel's last solve left them:
     * (1) for a vertex; {@code u / (u + v)}, {@code v / (u + v)} of the segment's terms for an
     * edge, the same quotients whichever solve kept it (an edge kept from a triangle has the
     * segment's terms of its two slots: for edge 23, moved to slots (3, 2), they are the
     * triangle's {@code v23}, {@code u23}, exactly, since negating a rounded sum or product is
     * exact); {@code t / (t1 + t2 + t3)} for a triangle that holds the origin. The trips
     * compute no weights (their divisions would run in every trip, and nothing in a trip reads
     * them except momentum, which calls this first), so the tail gets them from here. Lanes of
     * one point get W2 = W3 = 0, lanes of two W3 = 0 (the tail reads none of them).
     */
    private static void weights(float[] r) {
        FloatVector n = FloatVector.fromArray(F, r, GjkLanes.N);
        FloatVector ax1 = FloatVector.fromArray(F, r, GjkLanes.AX1);
        FloatVector ay1 = FloatVector.fromArray(F, r, GjkLanes.AY1);
        FloatVector bx1 = FloatVector.fromArray(F, r, GjkLanes.BX1);
        FloatVector by1 = FloatVector.fromArray(F, r, GjkLanes.BY1);
        FloatVector ax2 = FloatVector.fromArray(F, r, GjkLanes.AX2);
        FloatVector ay2 = FloatVector.fromArray(F, r, GjkLanes.AY2);
        FloatVector bx2 = FloatVector.fromArray(F, r, GjkLanes.BX2);
        FloatVector by2 = FloatVector.fromArray(F, r, GjkLanes.BY2);
        FloatVector ax3 = FloatVector.fromArray(F, r, GjkLanes.AX3);
        FloatVector ay3 = FloatVector.fromArray(F, r, GjkLanes.AY3);
        FloatVector bx3 = FloatVector.fromArray(F, r, GjkLanes.BX3);
        FloatVector by3 = FloatVector.fromArray(F, r, GjkLanes.BY3);
        VectorMask<Float> two = n.compare(VectorOperators.EQ, FloatVector.broadcast(F, 2f));
        VectorMask<Float> three = n.compare(VectorOperators.EQ, FloatVector.broadcast(F, 3f));
        FloatVector w1x = bx1.sub(ax1);
        FloatVector w1y = by1.sub(ay1);
        FloatVector w2x = bx2.sub(ax2);
        FloatVector w2y = by2.sub(ay2);
        FloatVector w3x = bx3.sub(ax3);
        FloatVector w3y = by3.sub(ay3);
        FloatVector ex = w2x.sub(w1x);
        FloatVector ey = w2y.sub(w1y);
        FloatVector v = w1x.mul(ex).add(w1y.mul(ey)).neg();
        FloatVector u = w2x.mul(ex).add(w2y.mul(ey));
        FloatVector s = u.add(v);
        FloatVector e13x = w3x.sub(w1x);
        FloatVector e13y = w3y.sub(w1y);
        FloatVector area = ex.mul(e13y).sub(ey.mul(e13x));
        FloatVector zero = FloatVector.zero(F);
        FloatVector sg = zero.blend(FloatVector.broadcast(F, -1f), area.compare(VectorOperators.LT, zero))
                .blend(FloatVector.broadcast(F, 1f), area.compare(VectorOperators.GT, zero));
        FloatVector t1 = sg.mul(w2x.mul(w3y).sub(w2y.mul(w3x)));
        FloatVector t2 = sg.mul(w3x.mul(w1y).sub(w3y.mul(w1x)));
        FloatVector t3 = sg.mul(w1x.mul(w2y).sub(w1y.mul(w2x)));
        FloatVector sum = t1.add(t2).add(t3);
        FloatVector.broadcast(F, 1f).blend(u.div(s), two).blend(t1.div(sum), three).intoArray(r, GjkLanes.W1);
        zero.blend(v.div(s), two).blend(t2.div(sum), three).intoArray(r, GjkLanes.W2);
        zero.blend(t3.div(sum), three).intoArray(r, GjkLanes.W3);
    }

    /**
     * One scalar iteration in every active lane, in six steps that pass their results through
     * the state rows: each step is small enough for C2 to inline all of its vector operations
     * (one method holding the whole iteration exceeds the inlining budget, and its vectors get
     * boxed). A lane is active in a step while its exit code is 0. Returns true if a lane is
     * still active after the iteration.
     */
    private static boolean trip(GjkLanes g) {
        // No vector work in this method itself: it is inlined into group along with the support
        // scans, and masks computed here (whether any lane is active, whether any has a
        // triangle) are boxed when group's compilation runs past its node budget, which depends
        // on the branch profile (37 B per pair in some JVM runs). A group always starts with an
        // active lane, and each trip's last step says whether one is left; the triangle test is
        // triangleTerms' own.
        float[] r = g.state;
        saveAndSolveSegment(r);
        if (triangleTerms(r)) {
            triangleRegions(r);
            solveTriangleMoves(r);
        }
        if (!direction(r)) {
            // Every lane ended in its solve (a triangle held the origin) or on its direction:
            // no support scan this trip.
            return false;
        }
        int dir = GjkLanes.DX;
        if (g.mode != GjkAcceleration.NONE) {
            weights(r);
            momentum(r);
            dir = GjkLanes.SX;
        }
        supportA(r, g, dir);
        supportB(r, g, dir);
        if (g.mode != GjkAcceleration.NONE) {
            momentumGuards(r);
        }
        guards(r);
        if (g.mode != GjkAcceleration.NONE) {
            accept(r);
        }
        return addSupport(r);
    }

    /**
     * The search direction (rows SX, SY) and row USED: the momentum direction of
     * {@link ScalarDistance} ("Acceleration") in the lanes still live that accelerate past their
     * first iteration and within {@link ScalarDistance#MOMENTUM_ITERATIONS} and whose extrapolated
     * point is not 0, the direction DX, DY elsewhere.
     * Runs after {@link #direction}, so the iteration count is already one more than the
     * scalar kernel's {@code k}.
     */
    private static void momentum(float[] r) {
        FloatVector zero = FloatVector.zero(F);
        FloatVector one = FloatVector.broadcast(F, 1f);
        FloatVector kf = FloatVector.fromArray(F, r, GjkLanes.ITER).sub(one);
        VectorMask<Float> on = FloatVector.fromArray(F, r, GjkLanes.EXIT).compare(VectorOperators.EQ, zero)
                .and(FloatVector.fromArray(F, r, GjkLanes.ACC).compare(VectorOperators.EQ, one))
                .and(kf.compare(VectorOperators.GT, zero))
                .and(kf.compare(VectorOperators.LT, (float) ScalarDistance.MOMENTUM_ITERATIONS));
        FloatVector dx = FloatVector.fromArray(F, r, GjkLanes.DX);
        FloatVector dy = FloatVector.fromArray(F, r, GjkLanes.DY);
        if (!on.anyTrue()) {
            dx.intoArray(r, GjkLanes.SX);
            dy.intoArray(r, GjkLanes.SY);
            zero.intoArray(r, GjkLanes.USED);
            return;
        }
        // Every load first: with the last ones after the arithmetic, C2 ran past its inlining
        // budget before reaching them and boxed them.
        FloatVector bx1 = FloatVector.fromArray(F, r, GjkLanes.BX1);
        FloatVector ax1 = FloatVector.fromArray(F, r, GjkLanes.AX1);
        FloatVector by1 = FloatVector.fromArray(F, r, GjkLanes.BY1);
        FloatVector ay1 = FloatVector.fromArray(F, r, GjkLanes.AY1);
        FloatVector bx2 = FloatVector.fromArray(F, r, GjkLanes.BX2);
        FloatVector ax2 = FloatVector.fromArray(F, r, GjkLanes.AX2);
        FloatVector by2 = FloatVector.fromArray(F, r, GjkLanes.BY2);
        FloatVector ay2 = FloatVector.fromArray(F, r, GjkLanes.AY2);
        FloatVector a1 = FloatVector.fromArray(F, r, GjkLanes.W1);
        FloatVector a2 = FloatVector.fromArray(F, r, GjkLanes.W2);
        FloatVector n = FloatVector.fromArray(F, r, GjkLanes.N);
        FloatVector wx = FloatVector.fromArray(F, r, GjkLanes.WX);
        FloatVector wy = FloatVector.fromArray(F, r, GjkLanes.WY);
        FloatVector qx = FloatVector.fromArray(F, r, GjkLanes.QX);
        FloatVector qy = FloatVector.fromArray(F, r, GjkLanes.QY);
        FloatVector mom = kf.add(FloatVector.broadcast(F, 2f)).div(kf.add(FloatVector.broadcast(F, 3f)));
        FloatVector rest = one.sub(mom);
        FloatVector w1x = bx1.sub(ax1);
        FloatVector w1y = by1.sub(ay1);
        VectorMask<Float> seg = n.compare(VectorOperators.EQ, FloatVector.broadcast(F, 2f));
        FloatVector xx = w1x.blend(a1.mul(w1x).add(a2.mul(bx2.sub(ax2))), seg);
        FloatVector xy = w1y.blend(a1.mul(w1y).add(a2.mul(by2.sub(ay2))), seg);
        FloatVector yx = mom.mul(xx).add(rest.mul(wx));
        FloatVector yy = mom.mul(xy).add(rest.mul(wy));
        FloatVector my = yx.abs().max(yy.abs());
        on = on.and(my.compare(VectorOperators.GT, zero));
        dx.blend(mom.mul(qx).sub(rest.mul(yx.div(my))), on).intoArray(r, GjkLanes.SX);
        dy.blend(mom.mul(qy).sub(rest.mul(yy.div(my))), on).intoArray(r, GjkLanes.SY);
        zero.blend(one, on).intoArray(r, GjkLanes.USED);
    }

    /**
     * After {@link #guards}: momentum off in the lanes whose step is redone; in the lanes whose
     * step was accepted (live, not redone): the last
     * search direction and support point for the next momentum step, and the proximity test of
     * {@link ScalarDistance#proximity} where it is pending (the same base and progress as the guards).
     */
    private static void accept(float[] r) {
        FloatVector zero = FloatVector.zero(F);
        FloatVector one = FloatVector.broadcast(F, 1f);
        VectorMask<Float> redo = FloatVector.fromArray(F, r, GjkLanes.RETRY).compare(VectorOperators.GT, zero);
        VectorMask<Float> taken = FloatVector.fromArray(F, r, GjkLanes.EXIT).compare(VectorOperators.EQ, zero).and(redo.not());
        // A failed momentum step drops momentum for good (see momentumGuards).
        FloatVector.fromArray(F, r, GjkLanes.ACC).blend(zero, redo).intoArray(r, GjkLanes.ACC);
        FloatVector nx = FloatVector.fromArray(F, r, GjkLanes.NBX).sub(FloatVector.fromArray(F, r, GjkLanes.NAX));
        FloatVector ny = FloatVector.fromArray(F, r, GjkLanes.NBY).sub(FloatVector.fromArray(F, r, GjkLanes.NAY));
        FloatVector near = FloatVector.fromArray(F, r, GjkLanes.NEAR);
        VectorMask<Float> test = taken.and(near.compare(VectorOperators.EQ, one));
        if (test.anyTrue()) {
            FloatVector dx = FloatVector.fromArray(F, r, GjkLanes.DX);
            FloatVector dy = FloatVector.fromArray(F, r, GjkLanes.DY);
            FloatVector base = dx.mul(FloatVector.fromArray(F, r, GjkLanes.BX1).sub(FloatVector.fromArray(F, r, GjkLanes.AX1)))
                    .add(dy.mul(FloatVector.fromArray(F, r, GjkLanes.BY1).sub(FloatVector.fromArray(F, r, GjkLanes.AY1))));
            FloatVector progress = dx.mul(nx).add(dy.mul(ny)).sub(base);
            VectorMask<Float> close = base.add(progress).abs().compare(VectorOperators.LE,
                    base.abs().mul(FloatVector.broadcast(F, ScalarDistance.PROXIMITY_BAND)));
            FloatVector.fromArray(F, r, GjkLanes.ACC).blend(zero.blend(one, close), test).intoArray(r, GjkLanes.ACC);
            near.blend(zero, test).intoArray(r, GjkLanes.NEAR);
        }
        // The search direction (largest component 1) and the support point, where momentum goes on.
        VectorMask<Float> keep = taken.and(FloatVector.fromArray(F, r, GjkLanes.ACC).compare(VectorOperators.EQ, one));
        if (!keep.anyTrue()) {
            return;
        }
        // Written in every lane: a lane outside keep has ended or has no momentum left, and
        // never reads them again (no blend with the old rows, whose loads, last in this method,
        // C2 boxed: past its inlining budget).
        nx.intoArray(r, GjkLanes.WX);
        ny.intoArray(r, GjkLanes.WY);
        FloatVector sx = FloatVector.fromArray(F, r, GjkLanes.SX);
        FloatVector sy = FloatVector.fromArray(F, r, GjkLanes.SY);
        FloatVector mq = sx.abs().max(sy.abs());
        sx.div(mq).intoArray(r, GjkLanes.QX);
        sy.div(mq).intoArray(r, GjkLanes.QY);
    }

    /** Saves the simplex's support pairs (for the repeated-support guard), then solves the n = 2 lanes. */
    private static void saveAndSolveSegment(float[] r) {
        VectorMask<Float> active = FloatVector.fromArray(F, r, GjkLanes.EXIT).compare(VectorOperators.EQ, FloatVector.broadcast(F, 0f));
        FloatVector n = FloatVector.fromArray(F, r, GjkLanes.N);
        n.intoArray(r, GjkLanes.SN);
        FloatVector ia1 = FloatVector.fromArray(F, r, GjkLanes.IA1);
        FloatVector ib1 = FloatVector.fromArray(F, r, GjkLanes.IB1);
        FloatVector ia2 = FloatVector.fromArray(F, r, GjkLanes.IA2);
        FloatVector ib2 = FloatVector.fromArray(F, r, GjkLanes.IB2);
        ia1.intoArray(r, GjkLanes.SA1);
        ib1.intoArray(r, GjkLanes.SB1);
        ia2.intoArray(r, GjkLanes.SA2);
        ib2.intoArray(r, GjkLanes.SB2);
        FloatVector.fromArray(F, r, GjkLanes.IA3).intoArray(r, GjkLanes.SA3);
        FloatVector.fromArray(F, r, GjkLanes.IB3).intoArray(r, GjkLanes.SB3);
        VectorMask<Float> two = active.and(n.compare(VectorOperators.EQ, FloatVector.broadcast(F, 2f)));
        if (!two.anyTrue()) {
            return;
        }
        FloatVector ax1 = FloatVector.fromArray(F, r, GjkLanes.AX1);
        FloatVector ay1 = FloatVector.fromArray(F, r, GjkLanes.AY1);
        FloatVector bx1 = FloatVector.fromArray(F, r, GjkLanes.BX1);
        FloatVector by1 = FloatVector.fromArray(F, r, GjkLanes.BY1);
        FloatVector ax2 = FloatVector.fromArray(F, r, GjkLanes.AX2);
        FloatVector ay2 = FloatVector.fromArray(F, r, GjkLanes.AY2);
        FloatVector bx2 = FloatVector.fromArray(F, r, GjkLanes.BX2);
        FloatVector by2 = FloatVector.fromArray(F, r, GjkLanes.BY2);
        FloatVector w1x = bx1.sub(ax1);
        FloatVector w1y = by1.sub(ay1);
        FloatVector w2x = bx2.sub(ax2);
        FloatVector w2y = by2.sub(ay2);
        FloatVector ex = w2x.sub(w1x);
        FloatVector ey = w2y.sub(w1y);
        FloatVector v = w1x.mul(ex).add(w1y.mul(ey)).neg();
        FloatVector u = w2x.mul(ex).add(w2y.mul(ey));
        VectorMask<Float> keep1 = v.compare(VectorOperators.LE, FloatVector.broadcast(F, 0f));
        VectorMask<Float> keep2 = keep1.not().and(u.compare(VectorOperators.LE, FloatVector.broadcast(F, 0f)));
        // The weights are not needed until the tail: weights() computes them once from the
        // final simplex (the same quotients of the same terms), so no trip divides.
        VectorMask<Float> vertex = two.and(keep1.or(keep2));
        n.blend(FloatVector.broadcast(F, 1f), vertex).intoArray(r, GjkLanes.N);
        VectorMask<Float> take2 = two.and(keep2);
        ia1.blend(ia2, take2).intoArray(r, GjkLanes.IA1);
        ib1.blend(ib2, take2).intoArray(r, GjkLanes.IB1);
        ax1.blend(ax2, take2).intoArray(r, GjkLanes.AX1);
        ay1.blend(ay2, take2).intoArray(r, GjkLanes.AY1);
        bx1.blend(bx2, take2).intoArray(r, GjkLanes.BX1);
        by1.blend(by2, take2).intoArray(r, GjkLanes.BY1);
    }

    /**
     * The n = 3 lanes' region terms (the scalar kernel's u, v of each edge and t1..t3) into their
     * rows. Returns false, with nothing written, if no active lane has a triangle (the other
     * triangle steps are then skipped).
     */
    private static boolean triangleTerms(float[] r) {
        if (!FloatVector.fromArray(F, r, GjkLanes.EXIT).compare(VectorOperators.EQ, FloatVector.broadcast(F, 0f))
                .and(FloatVector.fromArray(F, r, GjkLanes.N).compare(VectorOperators.EQ, FloatVector.broadcast(F, 3f))).anyTrue()) {
            return false;
        }
        FloatVector w1x = FloatVector.fromArray(F, r, GjkLanes.BX1).sub(FloatVector.fromArray(F, r, GjkLanes.AX1));
        FloatVector w1y = FloatVector.fromArray(F, r, GjkLanes.BY1).sub(FloatVector.fromArray(F, r, GjkLanes.AY1));
        FloatVector w2x = FloatVector.fromArray(F, r, GjkLanes.BX2).sub(FloatVector.fromArray(F, r, GjkLanes.AX2));
        FloatVector w2y = FloatVector.fromArray(F, r, GjkLanes.BY2).sub(FloatVector.fromArray(F, r, GjkLanes.AY2));
        FloatVector w3x = FloatVector.fromArray(F, r, GjkLanes.BX3).sub(FloatVector.fromArray(F, r, GjkLanes.AX3));
        FloatVector w3y = FloatVector.fromArray(F, r, GjkLanes.BY3).sub(FloatVector.fromArray(F, r, GjkLanes.AY3));
        FloatVector e12x = w2x.sub(w1x);
        FloatVector e12y = w2y.sub(w1y);
        w2x.mul(e12x).add(w2y.mul(e12y)).intoArray(r, GjkLanes.U12);
        w1x.mul(e12x).add(w1y.mul(e12y)).neg().intoArray(r, GjkLanes.V12);
        FloatVector e13x = w3x.sub(w1x);
        FloatVector e13y = w3y.sub(w1y);
        w3x.mul(e13x).add(w3y.mul(e13y)).intoArray(r, GjkLanes.U13);
        w1x.mul(e13x).add(w1y.mul(e13y)).neg().intoArray(r, GjkLanes.V13);
        FloatVector e23x = w3x.sub(w2x);
        FloatVector e23y = w3y.sub(w2y);
        w3x.mul(e23x).add(w3y.mul(e23y)).intoArray(r, GjkLanes.U23);
        w2x.mul(e23x).add(w2y.mul(e23y)).neg().intoArray(r, GjkLanes.V23);
        FloatVector area = e12x.mul(e13y).sub(e12y.mul(e13x));
        FloatVector sg = FloatVector.zero(F).blend(FloatVector.broadcast(F, -1f), area.compare(VectorOperators.LT, FloatVector.broadcast(F, 0f)))
                .blend(FloatVector.broadcast(F, 1f), area.compare(VectorOperators.GT, FloatVector.broadcast(F, 0f)));
        sg.mul(w2x.mul(w3y).sub(w2y.mul(w3x))).intoArray(r, GjkLanes.T1);
        sg.mul(w3x.mul(w1y).sub(w3y.mul(w1x))).intoArray(r, GjkLanes.T2);
        sg.mul(w1x.mul(w2y).sub(w1y.mul(w2x))).intoArray(r, GjkLanes.T3);
        return true;
    }

    /**
     * The n = 3 lanes (active ones): the region of the origin in the scalar order, coded in the
     * REGION row (0 none, 1 w1, 2 edge 12, 3 edge 13, 4 w2, 5 w3, 6 edge 23, 7 inside,
     * 8 degenerate), and the exit code of the lanes that end here.
     */
    private static void triangleRegions(float[] r) {
        FloatVector exit = FloatVector.fromArray(F, r, GjkLanes.EXIT);
        VectorMask<Float> three = exit.compare(VectorOperators.EQ, FloatVector.broadcast(F, 0f))
                .and(FloatVector.fromArray(F, r, GjkLanes.N).compare(VectorOperators.EQ, FloatVector.broadcast(F, 3f)));
        FloatVector u12 = FloatVector.fromArray(F, r, GjkLanes.U12);
        FloatVector v12 = FloatVector.fromArray(F, r, GjkLanes.V12);
        FloatVector u13 = FloatVector.fromArray(F, r, GjkLanes.U13);
        FloatVector v13 = FloatVector.fromArray(F, r, GjkLanes.V13);
        FloatVector u23 = FloatVector.fromArray(F, r, GjkLanes.U23);
        FloatVector v23 = FloatVector.fromArray(F, r, GjkLanes.V23);
        FloatVector t1 = FloatVector.fromArray(F, r, GjkLanes.T1);
        FloatVector t2 = FloatVector.fromArray(F, r, GjkLanes.T2);
        FloatVector t3 = FloatVector.fromArray(F, r, GjkLanes.T3);
        VectorMask<Float> r1 = v12.compare(VectorOperators.LE, FloatVector.broadcast(F, 0f)).and(v13.compare(VectorOperators.LE, FloatVector.broadcast(F, 0f)));
        VectorMask<Float> taken = r1;
        VectorMask<Float> r12 = taken.not().and(u12.compare(VectorOperators.GT, FloatVector.broadcast(F, 0f)))
                .and(v12.compare(VectorOperators.GT, FloatVector.broadcast(F, 0f))).and(t3.compare(VectorOperators.LE, FloatVector.broadcast(F, 0f)));
        taken = taken.or(r12);
        VectorMask<Float> r13 = taken.not().and(u13.compare(VectorOperators.GT, FloatVector.broadcast(F, 0f)))
                .and(v13.compare(VectorOperators.GT, FloatVector.broadcast(F, 0f))).and(t2.compare(VectorOperators.LE, FloatVector.broadcast(F, 0f)));
        taken = taken.or(r13);
        VectorMask<Float> r2 = taken.not().and(u12.compare(VectorOperators.LE, FloatVector.broadcast(F, 0f)))
                .and(v23.compare(VectorOperators.LE, FloatVector.broadcast(F, 0f)));
        taken = taken.or(r2);
        VectorMask<Float> r3 = taken.not().and(u13.compare(VectorOperators.LE, FloatVector.broadcast(F, 0f)))
                .and(u23.compare(VectorOperators.LE, FloatVector.broadcast(F, 0f)));
        taken = taken.or(r3);
        VectorMask<Float> r23 = taken.not().and(u23.compare(VectorOperators.GT, FloatVector.broadcast(F, 0f)))
                .and(v23.compare(VectorOperators.GT, FloatVector.broadcast(F, 0f))).and(t1.compare(VectorOperators.LE, FloatVector.broadcast(F, 0f)));
        taken = taken.or(r23);
        VectorMask<Float> inside = three.and(taken.not());
        VectorMask<Float> in = inside.and(t1.add(t2).add(t3).compare(VectorOperators.GT, FloatVector.broadcast(F, 0f)));
        VectorMask<Float> degenerate = inside.and(in.not());
        exit.blend(FloatVector.broadcast(F, OVERLAP), in).blend(FloatVector.broadcast(F, DEGENERATE), degenerate)
                .intoArray(r, GjkLanes.EXIT);
        FloatVector.zero(F).blend(FloatVector.broadcast(F, 1f), three.and(r1))
                .blend(FloatVector.broadcast(F, 2f), three.and(r12))
                .blend(FloatVector.broadcast(F, 3f), three.and(r13))
                .blend(FloatVector.broadcast(F, 4f), three.and(r2))
                .blend(FloatVector.broadcast(F, 5f), three.and(r3))
                .blend(FloatVector.broadcast(F, 6f), three.and(r23))
                .blend(FloatVector.broadcast(F, 7f), in)
                .blend(FloatVector.broadcast(F, 8f), degenerate)
                .intoArray(r, GjkLanes.REGION);
    }

    /** The slot moves of the triangle regions: slot 2 from 3 (edge 13); slot 1 from 2 (w2) or from 3 (w3, edge 23). */
    private static void solveTriangleMoves(float[] r) {
        FloatVector region = FloatVector.fromArray(F, r, GjkLanes.REGION);
        VectorMask<Float> r13 = region.compare(VectorOperators.EQ, FloatVector.broadcast(F, 3f));
        VectorMask<Float> r2 = region.compare(VectorOperators.EQ, FloatVector.broadcast(F, 4f));
        VectorMask<Float> from3 = region.compare(VectorOperators.EQ, FloatVector.broadcast(F, 5f)).or(region.compare(VectorOperators.EQ, FloatVector.broadcast(F, 6f)));
        // The new size: 1 for a vertex region (w1, w2, w3, degenerate), 2 for an edge, 3 inside.
        VectorMask<Float> vertex = region.compare(VectorOperators.EQ, FloatVector.broadcast(F, 1f)).or(r2)
                .or(region.compare(VectorOperators.EQ, FloatVector.broadcast(F, 5f)))
                .or(region.compare(VectorOperators.EQ, FloatVector.broadcast(F, 8f)));
        VectorMask<Float> edge = region.compare(VectorOperators.EQ, FloatVector.broadcast(F, 2f)).or(r13)
                .or(region.compare(VectorOperators.EQ, FloatVector.broadcast(F, 6f)));
        FloatVector.fromArray(F, r, GjkLanes.N).blend(FloatVector.broadcast(F, 1f), vertex).blend(FloatVector.broadcast(F, 2f), edge)
                .intoArray(r, GjkLanes.N);
        if (!r13.or(r2).or(from3).anyTrue()) {
            return;
        }
        FloatVector ia2 = FloatVector.fromArray(F, r, GjkLanes.IA2);
        FloatVector ia3 = FloatVector.fromArray(F, r, GjkLanes.IA3);
        FloatVector.fromArray(F, r, GjkLanes.IA1).blend(ia2, r2).blend(ia3, from3).intoArray(r, GjkLanes.IA1);
        ia2.blend(ia3, r13).intoArray(r, GjkLanes.IA2);
        FloatVector ib2 = FloatVector.fromArray(F, r, GjkLanes.IB2);
        FloatVector ib3 = FloatVector.fromArray(F, r, GjkLanes.IB3);
        FloatVector.fromArray(F, r, GjkLanes.IB1).blend(ib2, r2).blend(ib3, from3).intoArray(r, GjkLanes.IB1);
        ib2.blend(ib3, r13).intoArray(r, GjkLanes.IB2);
        FloatVector ax2 = FloatVector.fromArray(F, r, GjkLanes.AX2);
        FloatVector ax3 = FloatVector.fromArray(F, r, GjkLanes.AX3);
        FloatVector.fromArray(F, r, GjkLanes.AX1).blend(ax2, r2).blend(ax3, from3).intoArray(r, GjkLanes.AX1);
        ax2.blend(ax3, r13).intoArray(r, GjkLanes.AX2);
        FloatVector ay2 = FloatVector.fromArray(F, r, GjkLanes.AY2);
        FloatVector ay3 = FloatVector.fromArray(F, r, GjkLanes.AY3);
        FloatVector.fromArray(F, r, GjkLanes.AY1).blend(ay2, r2).blend(ay3, from3).intoArray(r, GjkLanes.AY1);
        ay2.blend(ay3, r13).intoArray(r, GjkLanes.AY2);
        FloatVector bx2 = FloatVector.fromArray(F, r, GjkLanes.BX2);
        FloatVector bx3 = FloatVector.fromArray(F, r, GjkLanes.BX3);
        FloatVector.fromArray(F, r, GjkLanes.BX1).blend(bx2, r2).blend(bx3, from3).intoArray(r, GjkLanes.BX1);
        bx2.blend(bx3, r13).intoArray(r, GjkLanes.BX2);
        FloatVector by2 = FloatVector.fromArray(F, r, GjkLanes.BY2);
        FloatVector by3 = FloatVector.fromArray(F, r, GjkLanes.BY3);
        FloatVector.fromArray(F, r, GjkLanes.BY1).blend(by2, r2).blend(by3, from3).intoArray(r, GjkLanes.BY1);
        by2.blend(by3, r13).intoArray(r, GjkLanes.BY2);
    }

    /**
     * The direction towards the origin (rows DX, DY) and the touching exits (origin on the
     * segment or at the vertex); the lanes still live count an iteration. Returns true if any
     * lane is still live.
     */
    private static boolean direction(float[] r) {
        FloatVector exit = FloatVector.fromArray(F, r, GjkLanes.EXIT);
        VectorMask<Float> live = exit.compare(VectorOperators.EQ, FloatVector.broadcast(F, 0f));
        FloatVector w1x = FloatVector.fromArray(F, r, GjkLanes.BX1).sub(FloatVector.fromArray(F, r, GjkLanes.AX1));
        FloatVector w1y = FloatVector.fromArray(F, r, GjkLanes.BY1).sub(FloatVector.fromArray(F, r, GjkLanes.AY1));
        VectorMask<Float> seg = FloatVector.fromArray(F, r, GjkLanes.N).compare(VectorOperators.EQ, FloatVector.broadcast(F, 2f));
        FloatVector ex = FloatVector.fromArray(F, r, GjkLanes.BX2).sub(FloatVector.fromArray(F, r, GjkLanes.AX2)).sub(w1x);
        FloatVector ey = FloatVector.fromArray(F, r, GjkLanes.BY2).sub(FloatVector.fromArray(F, r, GjkLanes.AY2)).sub(w1y);
        FloatVector side = ex.mul(w1y.neg()).sub(ey.mul(w1x.neg()));
        FloatVector overlap = FloatVector.broadcast(F, OVERLAP);
        VectorMask<Float> onSegment = live.and(seg).and(side.compare(VectorOperators.EQ, FloatVector.broadcast(F, 0f)));
        exit = exit.blend(overlap, onSegment);
        live = live.and(onSegment.not());
        VectorMask<Float> left = side.compare(VectorOperators.GT, FloatVector.broadcast(F, 0f));
        FloatVector dx = w1x.neg().blend(ey.blend(ey.neg(), left), seg);
        FloatVector dy = w1y.neg().blend(ex.neg().blend(ex, left), seg);
        VectorMask<Float> atOrigin = live.and(dx.compare(VectorOperators.EQ, FloatVector.broadcast(F, 0f))).and(dy.compare(VectorOperators.EQ, FloatVector.broadcast(F, 0f)));
        exit.blend(overlap, atOrigin).intoArray(r, GjkLanes.EXIT);
        dx.intoArray(r, GjkLanes.DX);
        dy.intoArray(r, GjkLanes.DY);
        // The lanes still live now evaluate a support pair: this is their iteration.
        VectorMask<Float> counted = live.and(atOrigin.not());
        FloatVector iter = FloatVector.fromArray(F, r, GjkLanes.ITER);
        iter.blend(iter.add(FloatVector.broadcast(F, 1f)), counted).intoArray(r, GjkLanes.ITER);
        return counted.anyTrue();
    }

    /** The support point of every lane's A along minus the direction in rows {@code dir, dir + L}, first index on ties, to the NA/NAX/NAY rows. */
    static void supportA(float[] r, GjkLanes g, int dir) {
        // Small methods, each within C2's budget (one holding the tournament and the chain ran
        // past it and boxed the chain): the tournament over rows 0..7 or row 0 alone seeds the
        // NA rows, and the chain goes on from there.
        int count = g.countA;
        int from;
        if (count >= 8) {
            tournamentA(r, g, dir);
            from = 8;
        } else {
            FloatVector.zero(F).intoArray(r, GjkLanes.NA);
            FloatVector.fromArray(F, g.ax, 0).intoArray(r, GjkLanes.NAX);
            FloatVector.fromArray(F, g.ay, 0).intoArray(r, GjkLanes.NAY);
            from = 1;
        }
        if (from < count) {
            chainA(r, g, dir, from);
        }
    }


    /** Rows 0..7 of A's points along minus the direction in rows {@code dir, dir + L}, first index on ties, to the NA/NAX/NAY rows. */
    private static void tournamentA(float[] r, GjkLanes g, int dir) {
        FloatVector ndx = FloatVector.fromArray(F, r, dir).neg();
        FloatVector ndy = FloatVector.fromArray(F, r, dir + L).neg();
        float[] px = g.ax;
        float[] py = g.ay;
        // Rows 0..7 as a tournament (depth 3 instead of a chain of 7): the left side always
        // holds the lower indices and is kept on ties, so the winner is the largest value at
        // its first index, as in the chain (the values are finite: cores within 2^60).
        FloatVector x0 = FloatVector.fromArray(F, px, 0 * L);
        FloatVector y0 = FloatVector.fromArray(F, py, 0 * L);
        FloatVector v0 = ndx.mul(x0).add(ndy.mul(y0));
        FloatVector x1 = FloatVector.fromArray(F, px, 1 * L);
        FloatVector y1 = FloatVector.fromArray(F, py, 1 * L);
        FloatVector v1 = ndx.mul(x1).add(ndy.mul(y1));
        FloatVector x2 = FloatVector.fromArray(F, px, 2 * L);
        FloatVector y2 = FloatVector.fromArray(F, py, 2 * L);
        FloatVector v2 = ndx.mul(x2).add(ndy.mul(y2));
        FloatVector x3 = FloatVector.fromArray(F, px, 3 * L);
        FloatVector y3 = FloatVector.fromArray(F, py, 3 * L);
        FloatVector v3 = ndx.mul(x3).add(ndy.mul(y3));
        FloatVector x4 = FloatVector.fromArray(F, px, 4 * L);
        FloatVector y4 = FloatVector.fromArray(F, py, 4 * L);
        FloatVector v4 = ndx.mul(x4).add(ndy.mul(y4));
        FloatVector x5 = FloatVector.fromArray(F, px, 5 * L);
        FloatVector y5 = FloatVector.fromArray(F, py, 5 * L);
        FloatVector v5 = ndx.mul(x5).add(ndy.mul(y5));
        FloatVector x6 = FloatVector.fromArray(F, px, 6 * L);
        FloatVector y6 = FloatVector.fromArray(F, py, 6 * L);
        FloatVector v6 = ndx.mul(x6).add(ndy.mul(y6));
        FloatVector x7 = FloatVector.fromArray(F, px, 7 * L);
        FloatVector y7 = FloatVector.fromArray(F, py, 7 * L);
        FloatVector v7 = ndx.mul(x7).add(ndy.mul(y7));
        VectorMask<Float> g01 = v1.compare(VectorOperators.GT, v0);
        FloatVector v01 = v0.blend(v1, g01);
        FloatVector i01 = FloatVector.broadcast(F, 0f).blend(FloatVector.broadcast(F, 1f), g01);
        FloatVector x01 = x0.blend(x1, g01);
        FloatVector y01 = y0.blend(y1, g01);
        VectorMask<Float> g23 = v3.compare(VectorOperators.GT, v2);
        FloatVector v23 = v2.blend(v3, g23);
        FloatVector i23 = FloatVector.broadcast(F, 2f).blend(FloatVector.broadcast(F, 3f), g23);
        FloatVector x23 = x2.blend(x3, g23);
        FloatVector y23 = y2.blend(y3, g23);
        VectorMask<Float> g45 = v5.compare(VectorOperators.GT, v4);
        FloatVector v45 = v4.blend(v5, g45);
        FloatVector i45 = FloatVector.broadcast(F, 4f).blend(FloatVector.broadcast(F, 5f), g45);
        FloatVector x45 = x4.blend(x5, g45);
        FloatVector y45 = y4.blend(y5, g45);
        VectorMask<Float> g67 = v7.compare(VectorOperators.GT, v6);
        FloatVector v67 = v6.blend(v7, g67);
        FloatVector i67 = FloatVector.broadcast(F, 6f).blend(FloatVector.broadcast(F, 7f), g67);
        FloatVector x67 = x6.blend(x7, g67);
        FloatVector y67 = y6.blend(y7, g67);
        VectorMask<Float> g03 = v23.compare(VectorOperators.GT, v01);
        FloatVector v03 = v01.blend(v23, g03);
        FloatVector i03 = i01.blend(i23, g03);
        FloatVector x03 = x01.blend(x23, g03);
        FloatVector y03 = y01.blend(y23, g03);
        VectorMask<Float> g47 = v67.compare(VectorOperators.GT, v45);
        FloatVector v47 = v45.blend(v67, g47);
        FloatVector i47 = i45.blend(i67, g47);
        FloatVector x47 = x45.blend(x67, g47);
        FloatVector y47 = y45.blend(y67, g47);
        VectorMask<Float> g07 = v47.compare(VectorOperators.GT, v03);
        FloatVector best = v03.blend(v47, g07);
        FloatVector index = i03.blend(i47, g07);
        FloatVector bx = x03.blend(x47, g07);
        FloatVector by = y03.blend(y47, g07);
        index.intoArray(r, GjkLanes.NA);
        bx.intoArray(r, GjkLanes.NAX);
        by.intoArray(r, GjkLanes.NAY);
    }

    /**
     * Rows {@code from}.. of A's points after {@link #tournamentA} (or row 0), continuing its winner from the
     * NA/NAX/NAY rows (its value recomputed from its point: the same expression, the same bits).
     */
    private static void chainA(float[] r, GjkLanes g, int dir, int from) {
        FloatVector ndx = FloatVector.fromArray(F, r, dir).neg();
        FloatVector ndy = FloatVector.fromArray(F, r, dir + L).neg();
        float[] px = g.ax;
        float[] py = g.ay;
        FloatVector index = FloatVector.fromArray(F, r, GjkLanes.NA);
        FloatVector bx = FloatVector.fromArray(F, r, GjkLanes.NAX);
        FloatVector by = FloatVector.fromArray(F, r, GjkLanes.NAY);
        FloatVector best = ndx.mul(bx).add(ndy.mul(by));
        for (int i = from, o = from * L; i < g.countA; i++, o += L) {
            FloatVector x = FloatVector.fromArray(F, px, o);
            FloatVector y = FloatVector.fromArray(F, py, o);
            FloatVector v = ndx.mul(x).add(ndy.mul(y));
            VectorMask<Float> better = v.compare(VectorOperators.GT, best);
            best = best.blend(v, better);
            index = index.blend(FloatVector.broadcast(F, i), better);
            bx = bx.blend(x, better);
            by = by.blend(y, better);
        }
        index.intoArray(r, GjkLanes.NA);
        bx.intoArray(r, GjkLanes.NAX);
        by.intoArray(r, GjkLanes.NAY);
    }


    /** The support point of every lane's B along the direction in rows {@code dir, dir + L}, first index on ties, to the NB/NBX/NBY rows. */
    static void supportB(float[] r, GjkLanes g, int dir) {
        // Small methods, each within C2's budget (one holding the tournament and the chain ran
        // past it and boxed the chain): the tournament over rows 0..7 or row 0 alone seeds the
        // NB rows, and the chain goes on from there.
        int count = g.countB;
        int from;
        if (count >= 8) {
            tournamentB(r, g, dir);
            from = 8;
        } else {
            FloatVector.zero(F).intoArray(r, GjkLanes.NB);
            FloatVector.fromArray(F, g.bx, 0).intoArray(r, GjkLanes.NBX);
            FloatVector.fromArray(F, g.by, 0).intoArray(r, GjkLanes.NBY);
            from = 1;
        }
        if (from < count) {
            chainB(r, g, dir, from);
        }
    }


    /** Rows 0..7 of B's points along the direction in rows {@code dir, dir + L}, first index on ties, to the NB/NBX/NBY rows. */
    private static void tournamentB(float[] r, GjkLanes g, int dir) {
        FloatVector dx = FloatVector.fromArray(F, r, dir);
        FloatVector dy = FloatVector.fromArray(F, r, dir + L);
        float[] px = g.bx;
        float[] py = g.by;
        // Rows 0..7 as a tournament (depth 3 instead of a chain of 7): the left side always
        // holds the lower indices and is kept on ties, so the winner is the largest value at
        // its first index, as in the chain (the values are finite: cores within 2^60).
        FloatVector x0 = FloatVector.fromArray(F, px, 0 * L);
        FloatVector y0 = FloatVector.fromArray(F, py, 0 * L);
        FloatVector v0 = dx.mul(x0).add(dy.mul(y0));
        FloatVector x1 = FloatVector.fromArray(F, px, 1 * L);
        FloatVector y1 = FloatVector.fromArray(F, py, 1 * L);
        FloatVector v1 = dx.mul(x1).add(dy.mul(y1));
        FloatVector x2 = FloatVector.fromArray(F, px, 2 * L);
        FloatVector y2 = FloatVector.fromArray(F, py, 2 * L);
        FloatVector v2 = dx.mul(x2).add(dy.mul(y2));
        FloatVector x3 = FloatVector.fromArray(F, px, 3 * L);
        FloatVector y3 = FloatVector.fromArray(F, py, 3 * L);
        FloatVector v3 = dx.mul(x3).add(dy.mul(y3));
        FloatVector x4 = FloatVector.fromArray(F, px, 4 * L);
        FloatVector y4 = FloatVector.fromArray(F, py, 4 * L);
        FloatVector v4 = dx.mul(x4).add(dy.mul(y4));
        FloatVector x5 = FloatVector.fromArray(F, px, 5 * L);
        FloatVector y5 = FloatVector.fromArray(F, py, 5 * L);
        FloatVector v5 = dx.mul(x5).add(dy.mul(y5));
        FloatVector x6 = FloatVector.fromArray(F, px, 6 * L);
        FloatVector y6 = FloatVector.fromArray(F, py, 6 * L);
        FloatVector v6 = dx.mul(x6).add(dy.mul(y6));
        FloatVector x7 = FloatVector.fromArray(F, px, 7 * L);
        FloatVector y7 = FloatVector.fromArray(F, py, 7 * L);
        FloatVector v7 = dx.mul(x7).add(dy.mul(y7));
        VectorMask<Float> g01 = v1.compare(VectorOperators.GT, v0);
        FloatVector v01 = v0.blend(v1, g01);
        FloatVector i01 = FloatVector.broadcast(F, 0f).blend(FloatVector.broadcast(F, 1f), g01);
        FloatVector x01 = x0.blend(x1, g01);
        FloatVector y01 = y0.blend(y1, g01);
        VectorMask<Float> g23 = v3.compare(VectorOperators.GT, v2);
        FloatVector v23 = v2.blend(v3, g23);
        FloatVector i23 = FloatVector.broadcast(F, 2f).blend(FloatVector.broadcast(F, 3f), g23);
        FloatVector x23 = x2.blend(x3, g23);
        FloatVector y23 = y2.blend(y3, g23);
        VectorMask<Float> g45 = v5.compare(VectorOperators.GT, v4);
        FloatVector v45 = v4.blend(v5, g45);
        FloatVector i45 = FloatVector.broadcast(F, 4f).blend(FloatVector.broadcast(F, 5f), g45);
        FloatVector x45 = x4.blend(x5, g45);
        FloatVector y45 = y4.blend(y5, g45);
        VectorMask<Float> g67 = v7.compare(VectorOperators.GT, v6);
        FloatVector v67 = v6.blend(v7, g67);
        FloatVector i67 = FloatVector.broadcast(F, 6f).blend(FloatVector.broadcast(F, 7f), g67);
        FloatVector x67 = x6.blend(x7, g67);
        FloatVector y67 = y6.blend(y7, g67);
        VectorMask<Float> g03 = v23.compare(VectorOperators.GT, v01);
        FloatVector v03 = v01.blend(v23, g03);
        FloatVector i03 = i01.blend(i23, g03);
        FloatVector x03 = x01.blend(x23, g03);
        FloatVector y03 = y01.blend(y23, g03);
        VectorMask<Float> g47 = v67.compare(VectorOperators.GT, v45);
        FloatVector v47 = v45.blend(v67, g47);
        FloatVector i47 = i45.blend(i67, g47);
        FloatVector x47 = x45.blend(x67, g47);
        FloatVector y47 = y45.blend(y67, g47);
        VectorMask<Float> g07 = v47.compare(VectorOperators.GT, v03);
        FloatVector best = v03.blend(v47, g07);
        FloatVector index = i03.blend(i47, g07);
        FloatVector bx = x03.blend(x47, g07);
        FloatVector by = y03.blend(y47, g07);
        index.intoArray(r, GjkLanes.NB);
        bx.intoArray(r, GjkLanes.NBX);
        by.intoArray(r, GjkLanes.NBY);
    }

    /**
     * Rows {@code from}.. of B's points after {@link #tournamentB} (or row 0), continuing its winner from the
     * NB/NBX/NBY rows (its value recomputed from its point: the same expression, the same bits).
     */
    private static void chainB(float[] r, GjkLanes g, int dir, int from) {
        FloatVector dx = FloatVector.fromArray(F, r, dir);
        FloatVector dy = FloatVector.fromArray(F, r, dir + L);
        float[] px = g.bx;
        float[] py = g.by;
        FloatVector index = FloatVector.fromArray(F, r, GjkLanes.NB);
        FloatVector bx = FloatVector.fromArray(F, r, GjkLanes.NBX);
        FloatVector by = FloatVector.fromArray(F, r, GjkLanes.NBY);
        FloatVector best = dx.mul(bx).add(dy.mul(by));
        for (int i = from, o = from * L; i < g.countB; i++, o += L) {
            FloatVector x = FloatVector.fromArray(F, px, o);
            FloatVector y = FloatVector.fromArray(F, py, o);
            FloatVector v = dx.mul(x).add(dy.mul(y));
            VectorMask<Float> better = v.compare(VectorOperators.GT, best);
            best = best.blend(v, better);
            index = index.blend(FloatVector.broadcast(F, i), better);
            bx = bx.blend(x, better);
            by = by.blend(y, better);
        }
        index.intoArray(r, GjkLanes.NB);
        bx.intoArray(r, GjkLanes.NBX);
        by.intoArray(r, GjkLanes.NBY);
    }


    /**
     * Before {@link #guards}, in the lanes whose support was taken along the momentum direction
     * (row USED): the same repeated-support and no-progress tests (progress along d); a lane that
     * fails one is marked in row RETRY (and drops momentum in {@link #accept}), so that {@link #guards}
     * leaves it and {@link #addSupport} does not add its support (the step is redone along d next
     * trip), or at the cap it ends there. Writes row RETRY for every lane.
     */
    private static void momentumGuards(float[] r) {
        FloatVector zero = FloatVector.zero(F);
        FloatVector exit = FloatVector.fromArray(F, r, GjkLanes.EXIT);
        VectorMask<Float> used = exit.compare(VectorOperators.EQ, zero)
                .and(FloatVector.fromArray(F, r, GjkLanes.USED).compare(VectorOperators.GT, zero));
        if (!used.anyTrue()) {
            zero.intoArray(r, GjkLanes.RETRY);
            return;
        }
        VectorMask<Float> atCap = FloatVector.fromArray(F, r, GjkLanes.ITER).compare(VectorOperators.GE,
                FloatVector.broadcast(F, (float) ScalarDistance.MAX_ITERATIONS));
        FloatVector na = FloatVector.fromArray(F, r, GjkLanes.NA);
        FloatVector nb = FloatVector.fromArray(F, r, GjkLanes.NB);
        FloatVector sn = FloatVector.fromArray(F, r, GjkLanes.SN);
        VectorMask<Float> repeated = na.compare(VectorOperators.EQ, FloatVector.fromArray(F, r, GjkLanes.SA1))
                .and(nb.compare(VectorOperators.EQ, FloatVector.fromArray(F, r, GjkLanes.SB1)))
                .or(sn.compare(VectorOperators.GE, FloatVector.broadcast(F, 2f)).and(na.compare(VectorOperators.EQ, FloatVector.fromArray(F, r, GjkLanes.SA2)))
                        .and(nb.compare(VectorOperators.EQ, FloatVector.fromArray(F, r, GjkLanes.SB2))))
                .or(sn.compare(VectorOperators.GE, FloatVector.broadcast(F, 3f)).and(na.compare(VectorOperators.EQ, FloatVector.fromArray(F, r, GjkLanes.SA3)))
                        .and(nb.compare(VectorOperators.EQ, FloatVector.fromArray(F, r, GjkLanes.SB3))));
        FloatVector dx = FloatVector.fromArray(F, r, GjkLanes.DX);
        FloatVector dy = FloatVector.fromArray(F, r, GjkLanes.DY);
        FloatVector base = dx.mul(FloatVector.fromArray(F, r, GjkLanes.BX1).sub(FloatVector.fromArray(F, r, GjkLanes.AX1)))
                .add(dy.mul(FloatVector.fromArray(F, r, GjkLanes.BY1).sub(FloatVector.fromArray(F, r, GjkLanes.AY1))));
        FloatVector progress = dx.mul(FloatVector.fromArray(F, r, GjkLanes.NBX).sub(FloatVector.fromArray(F, r, GjkLanes.NAX)))
                .add(dy.mul(FloatVector.fromArray(F, r, GjkLanes.NBY).sub(FloatVector.fromArray(F, r, GjkLanes.NAY)))).sub(base);
        VectorMask<Float> stalled = progress.compare(VectorOperators.LE, base.abs().mul(ScalarDistance.PROGRESS));
        VectorMask<Float> failed = used.and(repeated.or(stalled));
        // Every load above comes first, and ACC is not cleared here nor EXIT loaded again: with
        // those, the method runs past C2's inlining budget and its last loads are boxed.
        exit.blend(FloatVector.broadcast(F, CAP), failed.and(atCap)).intoArray(r, GjkLanes.EXIT);
        zero.blend(FloatVector.broadcast(F, 1f), failed.and(atCap.not())).intoArray(r, GjkLanes.RETRY);
    }

    /**
     * The repeated-support, no-progress and cap guards, in the scalar order, in the lanes still
     * live whose step is not redone (row RETRY, see {@link #momentumGuards}).
     */
    private static void guards(float[] r) {
        FloatVector exit = FloatVector.fromArray(F, r, GjkLanes.EXIT);
        VectorMask<Float> live = exit.compare(VectorOperators.EQ, FloatVector.broadcast(F, 0f))
                .and(FloatVector.fromArray(F, r, GjkLanes.RETRY).compare(VectorOperators.EQ, FloatVector.broadcast(F, 0f)));
        FloatVector iter = FloatVector.fromArray(F, r, GjkLanes.ITER);
        FloatVector na = FloatVector.fromArray(F, r, GjkLanes.NA);
        FloatVector nb = FloatVector.fromArray(F, r, GjkLanes.NB);
        FloatVector sn = FloatVector.fromArray(F, r, GjkLanes.SN);
        VectorMask<Float> repeated = na.compare(VectorOperators.EQ, FloatVector.fromArray(F, r, GjkLanes.SA1))
                .and(nb.compare(VectorOperators.EQ, FloatVector.fromArray(F, r, GjkLanes.SB1)))
                .or(sn.compare(VectorOperators.GE, FloatVector.broadcast(F, 2f)).and(na.compare(VectorOperators.EQ, FloatVector.fromArray(F, r, GjkLanes.SA2)))
                        .and(nb.compare(VectorOperators.EQ, FloatVector.fromArray(F, r, GjkLanes.SB2))))
                .or(sn.compare(VectorOperators.GE, FloatVector.broadcast(F, 3f)).and(na.compare(VectorOperators.EQ, FloatVector.fromArray(F, r, GjkLanes.SA3)))
                        .and(nb.compare(VectorOperators.EQ, FloatVector.fromArray(F, r, GjkLanes.SB3))));
        repeated = live.and(repeated);
        FloatVector dx = FloatVector.fromArray(F, r, GjkLanes.DX);
        FloatVector dy = FloatVector.fromArray(F, r, GjkLanes.DY);
        FloatVector base = dx.mul(FloatVector.fromArray(F, r, GjkLanes.BX1).sub(FloatVector.fromArray(F, r, GjkLanes.AX1)))
                .add(dy.mul(FloatVector.fromArray(F, r, GjkLanes.BY1).sub(FloatVector.fromArray(F, r, GjkLanes.AY1))));
        FloatVector reach = dx.mul(FloatVector.fromArray(F, r, GjkLanes.NBX).sub(FloatVector.fromArray(F, r, GjkLanes.NAX)))
                .add(dy.mul(FloatVector.fromArray(F, r, GjkLanes.NBY).sub(FloatVector.fromArray(F, r, GjkLanes.NAY))));
        // A repeated support beyond the origin: overlap (see ScalarDistance).
        VectorMask<Float> beyond = reach.compare(VectorOperators.GT, FloatVector.broadcast(F, 0f));
        exit = exit.blend(FloatVector.broadcast(F, REPEATED), repeated.and(beyond.not()));
        exit = exit.blend(FloatVector.broadcast(F, OVERLAP), repeated.and(beyond));
        live = live.and(repeated.not());
        FloatVector progress = reach.sub(base);
        VectorMask<Float> stalled = live.and(progress.compare(VectorOperators.LE,
                base.abs().mul(ScalarDistance.PROGRESS)));
        exit = exit.blend(FloatVector.broadcast(F, NO_PROGRESS), stalled);
        live = live.and(stalled.not());
        VectorMask<Float> capped = live.and(iter.compare(VectorOperators.EQ, FloatVector.broadcast(F, (float) ScalarDistance.MAX_ITERATIONS)));
        exit.blend(FloatVector.broadcast(F, CAP), capped).intoArray(r, GjkLanes.EXIT);
    }

    /**
     * Adds the new support pair as slot n + 1 of the lanes still live whose step is not redone.
     * Returns true if any lane is still live.
     */
    private static boolean addSupport(float[] r) {
        VectorMask<Float> running = FloatVector.fromArray(F, r, GjkLanes.EXIT).compare(VectorOperators.EQ, FloatVector.broadcast(F, 0f));
        VectorMask<Float> live = running.and(FloatVector.fromArray(F, r, GjkLanes.RETRY).compare(VectorOperators.EQ, FloatVector.broadcast(F, 0f)));
        FloatVector n = FloatVector.fromArray(F, r, GjkLanes.N);
        VectorMask<Float> to2 = live.and(n.compare(VectorOperators.EQ, FloatVector.broadcast(F, 1f)));
        VectorMask<Float> to3 = live.and(n.compare(VectorOperators.EQ, FloatVector.broadcast(F, 2f)));
        FloatVector na = FloatVector.fromArray(F, r, GjkLanes.NA);
        FloatVector.fromArray(F, r, GjkLanes.IA2).blend(na, to2).intoArray(r, GjkLanes.IA2);
        FloatVector.fromArray(F, r, GjkLanes.IA3).blend(na, to3).intoArray(r, GjkLanes.IA3);
        FloatVector nb = FloatVector.fromArray(F, r, GjkLanes.NB);
        FloatVector.fromArray(F, r, GjkLanes.IB2).blend(nb, to2).intoArray(r, GjkLanes.IB2);
        FloatVector.fromArray(F, r, GjkLanes.IB3).blend(nb, to3).intoArray(r, GjkLanes.IB3);
        FloatVector nax = FloatVector.fromArray(F, r, GjkLanes.NAX);
        FloatVector.fromArray(F, r, GjkLanes.AX2).blend(nax, to2).intoArray(r, GjkLanes.AX2);
        FloatVector.fromArray(F, r, GjkLanes.AX3).blend(nax, to3).intoArray(r, GjkLanes.AX3);
        FloatVector nay = FloatVector.fromArray(F, r, GjkLanes.NAY);
        FloatVector.fromArray(F, r, GjkLanes.AY2).blend(nay, to2).intoArray(r, GjkLanes.AY2);
        FloatVector.fromArray(F, r, GjkLanes.AY3).blend(nay, to3).intoArray(r, GjkLanes.AY3);
        FloatVector nbx = FloatVector.fromArray(F, r, GjkLanes.NBX);
        FloatVector.fromArray(F, r, GjkLanes.BX2).blend(nbx, to2).intoArray(r, GjkLanes.BX2);
        FloatVector.fromArray(F, r, GjkLanes.BX3).blend(nbx, to3).intoArray(r, GjkLanes.BX3);
        FloatVector nby = FloatVector.fromArray(F, r, GjkLanes.NBY);
        FloatVector.fromArray(F, r, GjkLanes.BY2).blend(nby, to2).intoArray(r, GjkLanes.BY2);
        FloatVector.fromArray(F, r, GjkLanes.BY3).blend(nby, to3).intoArray(r, GjkLanes.BY3);
        n.blend(n.add(FloatVector.broadcast(F, 1f)), live).intoArray(r, GjkLanes.N);
        return running.anyTrue();
    }
}
