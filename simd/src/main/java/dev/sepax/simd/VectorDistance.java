package dev.sepax.simd;

import dev.sepax.batch.Distances;
import dev.sepax.batch.SimplexCache;
import dev.sepax.core.PairBatch;
import dev.sepax.internal.RoundedArrays;
import dev.sepax.narrow.DistanceKernel;
import dev.sepax.narrow.ScalarDistance;
import dev.sepax.shape.RoundedShapes;
import jdk.incubator.vector.FloatVector;
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
 *            a lane's last point repeated past its count), so a support scan is plain loads
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
 * trips (every trip either ends a lane or counts one of its iterations). The tail (closest
 * points, radii, normal, cache) is {@link ScalarDistance#finish}, per lane. Pairs with a shape
 * of more than 64 core points run {@link ScalarDistance#pair} itself; a range's last &lt; L
 * pairs run in a group whose spare lanes start finished.
 *
 * <p>Thread-safe: no shared mutable state; each thread gets its own scratch
 * ({@link GjkLanes}, allocated on its first batch and reused). Allocation-free in steady state:
 * no vector or mask crosses a method call or a loop back-edge except the support scans' running
 * best, which C2 keeps in registers.
 */
public final class VectorDistance implements DistanceKernel {
    /** The shared instance, found by {@code Sepax.distance()}. */
    public static final VectorDistance INSTANCE = new VectorDistance();

    private static final VectorSpecies<Float> F = VectorSupport.F;
    private static final int L = F.length();
    private static final float OVERLAP = Distances.EXIT_OVERLAP;
    private static final float REPEATED = Distances.EXIT_REPEATED_SUPPORT;
    private static final float NO_PROGRESS = Distances.EXIT_NO_PROGRESS;
    private static final float DEGENERATE = Distances.EXIT_DEGENERATE;
    private static final float CAP = Distances.EXIT_ITERATION_CAP;
    /** Exit code of a spare lane: never active, never written out. */
    private static final float SPARE = -1f;

    private VectorDistance() {}

    @Override
    public String name() {
        return "simd";
    }

    @Override
    public boolean distance(RoundedShapes shapes, int a, int b, Distances out, int index) {
        DistanceKernel.checkPair(shapes, a, b, out, index);
        return ScalarDistance.pair(shapes.arrays(), a, b, null, index, out);
    }

    @Override
    public int distances(RoundedShapes shapes, PairBatch pairs, int from, int to, Distances out, SimplexCache cache) {
        DistanceKernel.checkBatch(shapes, pairs, from, to, out, cache);
        RoundedArrays s = shapes.arrays();
        int[] count = s.count();
        int[] pa = pairs.as();
        int[] pb = pairs.bs();
        GjkLanes g = GjkLanes.PER_THREAD.get();
        int hits = 0;
        int lanes = 0;
        for (int p = from; p < to; p++) {
            int a = pa[p];
            int b = pb[p];
            if (count[a] > GjkLanes.MAX_POINTS || count[b] > GjkLanes.MAX_POINTS) {
                hits += ScalarDistance.pair(s, a, b, cache, p, out) ? 1 : 0;
                continue;
            }
            g.pair[lanes] = p;
            g.a[lanes] = a;
            g.b[lanes] = b;
            lanes++;
            if (lanes == L) {
                hits += group(s, g, L, cache, out);
                lanes = 0;
            }
        }
        if (lanes > 0) {
            hits += group(s, g, lanes, cache, out);
        }
        return hits;
    }

    /** Runs the first {@code lanes} entries of {@code g}'s pair list as one group. */
    private static int group(RoundedArrays s, GjkLanes g, int lanes, SimplexCache cache, Distances out) {
        g.load(s, lanes, cache);
        for (int t = 0; t <= ScalarDistance.MAX_ITERATIONS && trip(g); t++) {
            // Every trip ends a lane or counts one of its iterations; the bound is a backstop.
        }
        int hits = 0;
        float[] r = g.state;
        for (int l = 0; l < lanes; l++) {
            hits += ScalarDistance.finish(s, g.a[l], g.b[l], (int) r[GjkLanes.N + l],
                    (int) r[GjkLanes.IA1 + l], (int) r[GjkLanes.IB1 + l], (int) r[GjkLanes.IA2 + l],
                    (int) r[GjkLanes.IB2 + l], (int) r[GjkLanes.IA3 + l], (int) r[GjkLanes.IB3 + l],
                    r[GjkLanes.W1 + l], r[GjkLanes.W2 + l], r[GjkLanes.W3 + l], (int) r[GjkLanes.ITER + l],
                    (int) r[GjkLanes.EXIT + l], cache, g.pair[l], out) ? 1 : 0;
        }
        return hits;
    }

    private static FloatVector row(float[] r, int offset) {
        return FloatVector.fromArray(F, r, offset);
    }

    /** One scalar iteration in every active lane. Returns true if a lane is still active. */
    private static boolean trip(GjkLanes g) {
        float[] r = g.state;
        FloatVector exit = row(r, GjkLanes.EXIT);
        VectorMask<Float> active = exit.compare(VectorOperators.EQ, 0f);
        if (!active.anyTrue()) {
            return false;
        }
        FloatVector n = row(r, GjkLanes.N);
        FloatVector ax1 = row(r, GjkLanes.AX1);
        FloatVector ay1 = row(r, GjkLanes.AY1);
        FloatVector bx1 = row(r, GjkLanes.BX1);
        FloatVector by1 = row(r, GjkLanes.BY1);
        FloatVector ia1 = row(r, GjkLanes.IA1);
        FloatVector ib1 = row(r, GjkLanes.IB1);
        FloatVector ax2 = row(r, GjkLanes.AX2);
        FloatVector ay2 = row(r, GjkLanes.AY2);
        FloatVector bx2 = row(r, GjkLanes.BX2);
        FloatVector by2 = row(r, GjkLanes.BY2);
        FloatVector ia2 = row(r, GjkLanes.IA2);
        FloatVector ib2 = row(r, GjkLanes.IB2);
        FloatVector ax3 = row(r, GjkLanes.AX3);
        FloatVector ay3 = row(r, GjkLanes.AY3);
        FloatVector bx3 = row(r, GjkLanes.BX3);
        FloatVector by3 = row(r, GjkLanes.BY3);
        FloatVector ia3 = row(r, GjkLanes.IA3);
        FloatVector ib3 = row(r, GjkLanes.IB3);
        FloatVector a1 = row(r, GjkLanes.W1);
        FloatVector a2 = row(r, GjkLanes.W2);
        FloatVector a3 = row(r, GjkLanes.W3);
        FloatVector iter = row(r, GjkLanes.ITER);
        FloatVector one = FloatVector.broadcast(F, 1f);
        FloatVector zero = FloatVector.zero(F);
        // The support pairs this iteration starts with, for the repeated-support guard.
        FloatVector sn = n;
        FloatVector sa1 = ia1;
        FloatVector sb1 = ib1;
        FloatVector sa2 = ia2;
        FloatVector sb2 = ib2;
        FloatVector sa3 = ia3;
        FloatVector sb3 = ib3;

        FloatVector w1x = bx1.sub(ax1);
        FloatVector w1y = by1.sub(ay1);
        FloatVector w2x = bx2.sub(ax2);
        FloatVector w2y = by2.sub(ay2);
        FloatVector w3x = bx3.sub(ax3);
        FloatVector w3y = by3.sub(ay3);

        // ---- n = 2: the segment's regions.
        VectorMask<Float> two = active.and(n.compare(VectorOperators.EQ, 2f));
        {
            FloatVector ex = w2x.sub(w1x);
            FloatVector ey = w2y.sub(w1y);
            FloatVector v = w1x.mul(ex).add(w1y.mul(ey)).neg();
            FloatVector u = w2x.mul(ex).add(w2y.mul(ey));
            VectorMask<Float> keep1 = v.compare(VectorOperators.LE, 0f);
            VectorMask<Float> keep2 = keep1.not().and(u.compare(VectorOperators.LE, 0f));
            VectorMask<Float> seg = keep1.or(keep2).not();
            FloatVector sum = u.add(v);
            VectorMask<Float> vertex = two.and(seg.not());
            a1 = a1.blend(one, vertex).blend(u.div(sum), two.and(seg));
            a2 = a2.blend(v.div(sum), two.and(seg));
            n = n.blend(one, vertex);
            VectorMask<Float> take2 = two.and(keep2);
            ia1 = ia1.blend(ia2, take2);
            ib1 = ib1.blend(ib2, take2);
            ax1 = ax1.blend(ax2, take2);
            ay1 = ay1.blend(ay2, take2);
            bx1 = bx1.blend(bx2, take2);
            by1 = by1.blend(by2, take2);
        }
        // ---- n = 3: the triangle's regions in the scalar order.
        VectorMask<Float> three = active.and(row(r, GjkLanes.N).compare(VectorOperators.EQ, 3f));
        VectorMask<Float> finished;
        {
            FloatVector e12x = w2x.sub(w1x);
            FloatVector e12y = w2y.sub(w1y);
            FloatVector u12 = w2x.mul(e12x).add(w2y.mul(e12y));
            FloatVector v12 = w1x.mul(e12x).add(w1y.mul(e12y)).neg();
            FloatVector e13x = w3x.sub(w1x);
            FloatVector e13y = w3y.sub(w1y);
            FloatVector u13 = w3x.mul(e13x).add(w3y.mul(e13y));
            FloatVector v13 = w1x.mul(e13x).add(w1y.mul(e13y)).neg();
            FloatVector e23x = w3x.sub(w2x);
            FloatVector e23y = w3y.sub(w2y);
            FloatVector u23 = w3x.mul(e23x).add(w3y.mul(e23y));
            FloatVector v23 = w2x.mul(e23x).add(w2y.mul(e23y)).neg();
            FloatVector area = e12x.mul(e13y).sub(e12y.mul(e13x));
            FloatVector sg = zero.blend(FloatVector.broadcast(F, -1f), area.compare(VectorOperators.LT, 0f))
                    .blend(one, area.compare(VectorOperators.GT, 0f));
            FloatVector t1 = sg.mul(w2x.mul(w3y).sub(w2y.mul(w3x)));
            FloatVector t2 = sg.mul(w3x.mul(w1y).sub(w3y.mul(w1x)));
            FloatVector t3 = sg.mul(w1x.mul(w2y).sub(w1y.mul(w2x)));
            VectorMask<Float> r1 = v12.compare(VectorOperators.LE, 0f).and(v13.compare(VectorOperators.LE, 0f));
            VectorMask<Float> taken = r1;
            VectorMask<Float> r12 = taken.not().and(u12.compare(VectorOperators.GT, 0f))
                    .and(v12.compare(VectorOperators.GT, 0f)).and(t3.compare(VectorOperators.LE, 0f));
            taken = taken.or(r12);
            VectorMask<Float> r13 = taken.not().and(u13.compare(VectorOperators.GT, 0f))
                    .and(v13.compare(VectorOperators.GT, 0f)).and(t2.compare(VectorOperators.LE, 0f));
            taken = taken.or(r13);
            VectorMask<Float> r2 = taken.not().and(u12.compare(VectorOperators.LE, 0f))
                    .and(v23.compare(VectorOperators.LE, 0f));
            taken = taken.or(r2);
            VectorMask<Float> r3 = taken.not().and(u13.compare(VectorOperators.LE, 0f))
                    .and(u23.compare(VectorOperators.LE, 0f));
            taken = taken.or(r3);
            VectorMask<Float> r23 = taken.not().and(u23.compare(VectorOperators.GT, 0f))
                    .and(v23.compare(VectorOperators.GT, 0f)).and(t1.compare(VectorOperators.LE, 0f));
            taken = taken.or(r23);
            FloatVector sum = t1.add(t2).add(t3);
            VectorMask<Float> inside = three.and(taken.not());
            VectorMask<Float> in = inside.and(sum.compare(VectorOperators.GT, 0f));
            VectorMask<Float> degenerate = inside.and(in.not());
            r1 = three.and(r1);
            r12 = three.and(r12);
            r13 = three.and(r13);
            r2 = three.and(r2);
            r3 = three.and(r3);
            r23 = three.and(r23);
            FloatVector s12 = u12.add(v12);
            FloatVector s13 = u13.add(v13);
            FloatVector s23 = u23.add(v23);
            a1 = a1.blend(one, r1.or(r2).or(r3).or(degenerate))
                    .blend(u12.div(s12), r12)
                    .blend(u13.div(s13), r13)
                    .blend(v23.div(s23), r23)
                    .blend(t1.div(sum), in);
            a2 = a2.blend(v12.div(s12), r12)
                    .blend(v13.div(s13), r13)
                    .blend(u23.div(s23), r23)
                    .blend(t2.div(sum), in);
            a3 = a3.blend(t3.div(sum), in);
            n = n.blend(one, r1.or(r2).or(r3).or(degenerate)).blend(FloatVector.broadcast(F, 2f), r12.or(r13).or(r23));
            // Slot moves from the old slots: slot 2 <- 3 (edge 13); slot 1 <- 2 (vertex 2); slot 1 <- 3 (vertex 3, edge 23).
            VectorMask<Float> from3 = r3.or(r23);
            FloatVector nia1 = ia1.blend(ia2, r2).blend(ia3, from3);
            FloatVector nib1 = ib1.blend(ib2, r2).blend(ib3, from3);
            FloatVector nax1 = ax1.blend(ax2, r2).blend(ax3, from3);
            FloatVector nay1 = ay1.blend(ay2, r2).blend(ay3, from3);
            FloatVector nbx1 = bx1.blend(bx2, r2).blend(bx3, from3);
            FloatVector nby1 = by1.blend(by2, r2).blend(by3, from3);
            ia2 = ia2.blend(ia3, r13);
            ib2 = ib2.blend(ib3, r13);
            ax2 = ax2.blend(ax3, r13);
            ay2 = ay2.blend(ay3, r13);
            bx2 = bx2.blend(bx3, r13);
            by2 = by2.blend(by3, r13);
            ia1 = nia1;
            ib1 = nib1;
            ax1 = nax1;
            ay1 = nay1;
            bx1 = nbx1;
            by1 = nby1;
            exit = exit.blend(FloatVector.broadcast(F, OVERLAP), in).blend(FloatVector.broadcast(F, DEGENERATE), degenerate);
            finished = inside;
        }
        VectorMask<Float> live = active.and(finished.not());

        // ---- The direction towards the origin.
        w1x = bx1.sub(ax1);
        w1y = by1.sub(ay1);
        VectorMask<Float> seg = n.compare(VectorOperators.EQ, 2f);
        FloatVector ex = bx2.sub(ax2).sub(w1x);
        FloatVector ey = by2.sub(ay2).sub(w1y);
        FloatVector side = ex.mul(w1y.neg()).sub(ey.mul(w1x.neg()));
        VectorMask<Float> onSegment = live.and(seg).and(side.compare(VectorOperators.EQ, 0f));
        exit = exit.blend(FloatVector.broadcast(F, OVERLAP), onSegment);
        live = live.and(onSegment.not());
        VectorMask<Float> left = side.compare(VectorOperators.GT, 0f);
        FloatVector dx = w1x.neg().blend(ey.blend(ey.neg(), left), seg);
        FloatVector dy = w1y.neg().blend(ex.neg().blend(ex, left), seg);
        VectorMask<Float> atOrigin = live.and(dx.compare(VectorOperators.EQ, 0f)).and(dy.compare(VectorOperators.EQ, 0f));
        exit = exit.blend(FloatVector.broadcast(F, OVERLAP), atOrigin);
        live = live.and(atOrigin.not());

        // ---- Support pairs: A along -d, B along d (first index on ties).
        FloatVector ndx = dx.neg();
        FloatVector ndy = dy.neg();
        float[] px = g.ax;
        float[] py = g.ay;
        FloatVector nax = row(px, 0);
        FloatVector nay = row(py, 0);
        FloatVector best = ndx.mul(nax).add(ndy.mul(nay));
        FloatVector na = zero;
        for (int i = 1, o = L; i < g.countA; i++, o += L) {
            FloatVector x = row(px, o);
            FloatVector y = row(py, o);
            FloatVector v = ndx.mul(x).add(ndy.mul(y));
            VectorMask<Float> better = v.compare(VectorOperators.GT, best);
            best = best.blend(v, better);
            na = na.blend(FloatVector.broadcast(F, i), better);
            nax = nax.blend(x, better);
            nay = nay.blend(y, better);
        }
        float[] qx = g.bx;
        float[] qy = g.by;
        FloatVector nbx = row(qx, 0);
        FloatVector nby = row(qy, 0);
        best = dx.mul(nbx).add(dy.mul(nby));
        FloatVector nb = zero;
        for (int i = 1, o = L; i < g.countB; i++, o += L) {
            FloatVector x = row(qx, o);
            FloatVector y = row(qy, o);
            FloatVector v = dx.mul(x).add(dy.mul(y));
            VectorMask<Float> better = v.compare(VectorOperators.GT, best);
            best = best.blend(v, better);
            nb = nb.blend(FloatVector.broadcast(F, i), better);
            nbx = nbx.blend(x, better);
            nby = nby.blend(y, better);
        }
        iter = iter.blend(iter.add(one), live);

        // ---- Guards, in the scalar order.
        VectorMask<Float> repeated = na.compare(VectorOperators.EQ, sa1).and(nb.compare(VectorOperators.EQ, sb1))
                .or(sn.compare(VectorOperators.GE, 2f).and(na.compare(VectorOperators.EQ, sa2))
                        .and(nb.compare(VectorOperators.EQ, sb2)))
                .or(sn.compare(VectorOperators.GE, 3f).and(na.compare(VectorOperators.EQ, sa3))
                        .and(nb.compare(VectorOperators.EQ, sb3)));
        repeated = live.and(repeated);
        exit = exit.blend(FloatVector.broadcast(F, REPEATED), repeated);
        live = live.and(repeated.not());
        FloatVector base = dx.mul(w1x).add(dy.mul(w1y));
        FloatVector progress = dx.mul(nbx.sub(nax)).add(dy.mul(nby.sub(nay))).sub(base);
        VectorMask<Float> stalled = live.and(progress.compare(VectorOperators.LE,
                base.abs().mul(ScalarDistance.PROGRESS)));
        exit = exit.blend(FloatVector.broadcast(F, NO_PROGRESS), stalled);
        live = live.and(stalled.not());
        VectorMask<Float> capped = live.and(iter.compare(VectorOperators.EQ, (float) ScalarDistance.MAX_ITERATIONS));
        exit = exit.blend(FloatVector.broadcast(F, CAP), capped);
        live = live.and(capped.not());

        // ---- Add the new support pair as slot n + 1.
        VectorMask<Float> to2 = live.and(n.compare(VectorOperators.EQ, 1f));
        VectorMask<Float> to3 = live.and(n.compare(VectorOperators.EQ, 2f));
        ia2 = ia2.blend(na, to2);
        ib2 = ib2.blend(nb, to2);
        ax2 = ax2.blend(nax, to2);
        ay2 = ay2.blend(nay, to2);
        bx2 = bx2.blend(nbx, to2);
        by2 = by2.blend(nby, to2);
        ia3 = ia3.blend(na, to3);
        ib3 = ib3.blend(nb, to3);
        ax3 = ax3.blend(nax, to3);
        ay3 = ay3.blend(nay, to3);
        bx3 = bx3.blend(nbx, to3);
        by3 = by3.blend(nby, to3);
        n = n.blend(n.add(one), live);

        // ---- Store: every update above was masked to the lanes active at the start.
        n.intoArray(r, GjkLanes.N);
        ax1.intoArray(r, GjkLanes.AX1);
        ay1.intoArray(r, GjkLanes.AY1);
        bx1.intoArray(r, GjkLanes.BX1);
        by1.intoArray(r, GjkLanes.BY1);
        ia1.intoArray(r, GjkLanes.IA1);
        ib1.intoArray(r, GjkLanes.IB1);
        ax2.intoArray(r, GjkLanes.AX2);
        ay2.intoArray(r, GjkLanes.AY2);
        bx2.intoArray(r, GjkLanes.BX2);
        by2.intoArray(r, GjkLanes.BY2);
        ia2.intoArray(r, GjkLanes.IA2);
        ib2.intoArray(r, GjkLanes.IB2);
        ax3.intoArray(r, GjkLanes.AX3);
        ay3.intoArray(r, GjkLanes.AY3);
        bx3.intoArray(r, GjkLanes.BX3);
        by3.intoArray(r, GjkLanes.BY3);
        ia3.intoArray(r, GjkLanes.IA3);
        ib3.intoArray(r, GjkLanes.IB3);
        a1.intoArray(r, GjkLanes.W1);
        a2.intoArray(r, GjkLanes.W2);
        a3.intoArray(r, GjkLanes.W3);
        iter.intoArray(r, GjkLanes.ITER);
        exit.intoArray(r, GjkLanes.EXIT);
        return live.anyTrue();
    }
}
