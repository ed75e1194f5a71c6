package dev.sepax.simd;

import dev.sepax.batch.Distances;
import dev.sepax.batch.PairBatch;
import dev.sepax.internal.RoundedArrays;
import dev.sepax.shape.ConvexPolygons;
import dev.sepax.shape.RoundedShapes;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShuffle;
import jdk.incubator.vector.VectorSpecies;

/**
 * Prototype of the SAT form of the distance (docs/decisions.md, "Distance from the SAT gap"):
 * for disjoint convex polygons the closest point of {@code B - A} to the origin lies on the
 * edge of the largest SAT gap, so the distance is a point-segment distance from the support
 * vertex (or its two neighbours, for parallel edges) to that edge, in both halves (A's edges,
 * B's edges), the smaller one kept. Lanes across pairs with {@link LaneMajorPairs} (capacity 8
 * only), against {@link VectorDistance} in the same JVM on Wk, by thread CPU time per batch.
 * Also checks the scalar form against GJK and a double brute force on Wk, and on boxes with
 * parallel edges ({@code ties}: with and without the neighbour candidates).
 *
 * <pre>
 * javac --add-modules jdk.incubator.vector -cp bench/target/sepax-bench.jar -d bench/target/satd bench/tools/satdistance/dev/sepax/simd/SatDistanceProbe.java
 * java --add-modules jdk.incubator.vector -cp bench/target/sepax-bench.jar:bench/target/satd dev.sepax.simd.SatDistanceProbe 8 SECONDS [STAGE]
 * java --add-modules jdk.incubator.vector -cp bench/target/sepax-bench.jar:bench/target/satd dev.sepax.simd.SatDistanceProbe ties
 *   STAGE: 0 whole (default), 1 packing only, 2 packing and the largest gap only
 * </pre>
 * In package {@code dev.sepax.simd} for {@link LaneMajorPairs}, so compiled apart (a program
 * run from source gets a class loader of its own and no package access). Not part of the build;
 * pairs whose cores overlap are answered by {@link VectorDistance} in a second batch, timed
 * apart. The first 50 rounds are warm-up.
 */
public final class SatDistanceProbe {
    static final VectorSpecies<Float> F = VectorSupport.F;
    static final int L = F.length();
    static final int H = L / 2;
    static final VectorMask<Float> LOW_HALF = VectorMask.fromLong(F, (1L << H) - 1);
    static final VectorShuffle<Float> HALF_SWAP = VectorShuffle.fromOp(F, i -> (i + H) % L);

    // ---------------- scalar prototype ----------------

    /** Result of one half: best sep, d2, point on ref, point on other. */
    static float[] half(RoundedArrays s, int r, int o) {
        float[] x = s.x(), y = s.y(), nx = s.nx(), ny = s.ny();
        int or = s.start()[r], kr = s.count()[r], oo = s.start()[o], ko = s.count()[o];
        float best = Float.NEGATIVE_INFINITY;
        int bi = 0;
        for (int i = 0; i < kr; i++) {
            float nX = nx[or + i], nY = ny[or + i];
            float min = Float.POSITIVE_INFINITY;
            for (int j = 0; j < ko; j++) {
                float d = Math.fma(nX, x[oo + j], nY * y[oo + j]);
                if (d < min) {
                    min = d;
                }
            }
            float sep = min - Math.fma(nX, x[or + i], nY * y[or + i]) + 0f;
            if (sep > best) {
                best = sep;
                bi = i;
            }
        }
        float nX = nx[or + bi], nY = ny[or + bi];
        int bj = 0;
        float bmin = Float.POSITIVE_INFINITY;
        for (int j = 0; j < ko; j++) {
            float d = Math.fma(nX, x[oo + j], nY * y[oo + j]);
            if (d < bmin) {
                bmin = d;
                bj = j;
            }
        }
        int q = bi + 1 < kr ? bi + 1 : 0;
        float px = x[or + bi], py = y[or + bi], qx = x[or + q], qy = y[or + q];
        int jp = bj == 0 ? ko - 1 : bj - 1;
        int jn = bj + 1 < ko ? bj + 1 : 0;
        float[] c = new float[7];
        float[] res = {best, Float.POSITIVE_INFINITY, 0, 0, 0, 0};
        for (int jj : ONE_CANDIDATE ? new int[] {bj} : new int[] {bj, jp, jn}) {
            float vx = x[oo + jj], vy = y[oo + jj];
            pointSeg(vx, vy, px, py, qx, qy, c);
            if (c[0] < res[1]) {
                res[1] = c[0];
                res[2] = c[1];
                res[3] = c[2];
                res[4] = vx;
                res[5] = vy;
            }
        }
        return res;
    }

    static void pointSeg(float vx, float vy, float px, float py, float qx, float qy, float[] c) {
        float ex = qx - px, ey = qy - py, wx = vx - px, wy = vy - py;
        float num = wx * ex + wy * ey;
        float den = ex * ex + ey * ey;
        float cx, cy;
        if (num <= 0) {
            cx = px;
            cy = py;
        } else if (num >= den) {
            cx = qx;
            cy = qy;
        } else {
            float t = num / den;
            cx = px + t * ex;
            cy = py + t * ey;
        }
        float dx = vx - cx, dy = vy - cy;
        c[0] = dx * dx + dy * dy;
        c[1] = cx;
        c[2] = cy;
    }

    /** Core distance (NaN when overlapping) by the SAT form. */
    static double scalar(RoundedArrays s, int a, int b) {
        float[] ha = half(s, a, b);
        float[] hb = half(s, b, a);
        if (Math.max(ha[0], hb[0]) <= 0) {
            return Double.NaN;
        }
        float pax, pay, pbx, pby;
        if (hb[1] < ha[1]) {
            pbx = hb[2];
            pby = hb[3];
            pax = hb[4];
            pay = hb[5];
        } else {
            pax = ha[2];
            pay = ha[3];
            pbx = ha[4];
            pby = ha[5];
        }
        float cx = pbx - pax, cy = pby - pay;
        float m = Math.max(Math.abs(cx), Math.abs(cy));
        float ux = cx / m, uy = cy / m;
        return m * (float) Math.sqrt(ux * ux + uy * uy);
    }

    /** Brute force in double: min over vertex-edge pairs (0 if overlapping by SAT in double). */
    static double brute(RoundedArrays s, int a, int b) {
        double best = Double.POSITIVE_INFINITY;
        for (int t = 0; t < 2; t++) {
            int r = t == 0 ? a : b, o = t == 0 ? b : a;
            int or = s.start()[r], kr = s.count()[r], oo = s.start()[o], ko = s.count()[o];
            for (int i = 0; i < kr; i++) {
                double px = s.x()[or + i], py = s.y()[or + i];
                double qx = s.x()[or + (i + 1) % kr], qy = s.y()[or + (i + 1) % kr];
                for (int j = 0; j < ko; j++) {
                    double vx = s.x()[oo + j], vy = s.y()[oo + j];
                    double ex = qx - px, ey = qy - py, wx = vx - px, wy = vy - py;
                    double tt = Math.max(0, Math.min(1, (wx * ex + wy * ey) / (ex * ex + ey * ey)));
                    double dx = vx - (px + tt * ex), dy = vy - (py + tt * ey);
                    best = Math.min(best, Math.sqrt(dx * dx + dy * dy));
                }
            }
        }
        return best;
    }

    // ---------------- SIMD prototype ----------------


    static FloatVector row(float[] lm, int slot, int off) {
        return FloatVector.fromArray(F, lm, slot * 6 * L + off * L);
    }

    /** One group of H pairs; returns the lane mask bits of pairs whose cores overlap (max gap <= 0). */
    static long group(LaneMajorPairs lanes, float[] sc) {
        final int k = 8;
        float[] lm = lanes.rows;
        FloatVector INF = FloatVector.broadcast(F, Float.POSITIVE_INFINITY);
        FloatVector best = FloatVector.broadcast(F, Float.NEGATIVE_INFINITY), bnx = FloatVector.zero(F), bny = bnx, bpx = bnx, bpy = bnx, bqx = bnx, bqy = bnx;
        FloatVector p0x = FloatVector.fromArray(F, lm, (0) * 6 * L + 2 * L), p0y = FloatVector.fromArray(F, lm, (0) * 6 * L + 3 * L);
        for (int i = 0; i < k; i++) {
            FloatVector vnx = FloatVector.fromArray(F, lm, (i) * 6 * L + 0 * L), vny = FloatVector.fromArray(F, lm, (i) * 6 * L + 1 * L), vpx = FloatVector.fromArray(F, lm, (i) * 6 * L + 2 * L), vpy = FloatVector.fromArray(F, lm, (i) * 6 * L + 3 * L);
            FloatVector vqx = p0x, vqy = p0y;
            if (i + 1 < k) {
                vqx = FloatVector.fromArray(F, lm, (i + 1) * 6 * L + 2 * L);
                vqy = FloatVector.fromArray(F, lm, (i + 1) * 6 * L + 3 * L);
                VectorMask<Float> pad = vqx.compare(VectorOperators.EQ, vpx).and(vqy.compare(VectorOperators.EQ, vpy));
                vqx = vqx.blend(p0x, pad);
                vqy = vqy.blend(p0y, pad);
            }
            FloatVector min0 = INF, min1 = INF;
            for (int j = 0; j < k; j += 2) {
                FloatVector d0 = vnx.fma(FloatVector.fromArray(F, lm, (j) * 6 * L + 4 * L), vny.mul(FloatVector.fromArray(F, lm, (j) * 6 * L + 5 * L)));
                min0 = min0.blend(d0, d0.lt(min0));
                FloatVector d1 = vnx.fma(FloatVector.fromArray(F, lm, (j + 1) * 6 * L + 4 * L), vny.mul(FloatVector.fromArray(F, lm, (j + 1) * 6 * L + 5 * L)));
                min1 = min1.blend(d1, d1.lt(min1));
            }
            FloatVector sep = min0.blend(min1, min1.lt(min0)).sub(vnx.fma(vpx, vny.mul(vpy))).add(0f);
            VectorMask<Float> better = sep.compare(VectorOperators.GT, best);
            best = best.blend(sep, better);
            bnx = bnx.blend(vnx, better);
            bny = bny.blend(vny, better);
            bpx = bpx.blend(vpx, better);
            bpy = bpy.blend(vpy, better);
            bqx = bqx.blend(vqx, better);
            bqy = bqy.blend(vqy, better);
        }
        best.intoArray(sc, 0);
        bnx.intoArray(sc, L);
        bny.intoArray(sc, 2 * L);
        bpx.intoArray(sc, 3 * L);
        bpy.intoArray(sc, 4 * L);
        bqx.intoArray(sc, 5 * L);
        bqy.intoArray(sc, 6 * L);
        VectorMask<Float> overlap = best.compare(VectorOperators.LE, 0f).and(best.rearrange(HALF_SWAP).compare(VectorOperators.LE, 0f));
        return overlap.toLong() & ((1L << H) - 1);
    }

    static void argmin(LaneMajorPairs lanes, float[] sc) {
        final int k = 8;
        float[] lm = lanes.rows;
        FloatVector INF = FloatVector.broadcast(F, Float.POSITIVE_INFINITY);
        FloatVector bnx = FloatVector.fromArray(F, sc, L), bny = FloatVector.fromArray(F, sc, 2 * L);
        FloatVector o0x = FloatVector.fromArray(F, lm, (0) * 6 * L + 4 * L), o0y = FloatVector.fromArray(F, lm, (0) * 6 * L + 5 * L);
        FloatVector prevx = FloatVector.fromArray(F, lm, (k - 1) * 6 * L + 4 * L), prevy = FloatVector.fromArray(F, lm, (k - 1) * 6 * L + 5 * L);
        FloatVector bmin = INF, ox = o0x, oy = o0y, opx = prevx, opy = prevy, onx = o0x, ony = o0y;
        for (int j = 0; j < k; j++) {
            FloatVector ojx = FloatVector.fromArray(F, lm, (j) * 6 * L + 4 * L), ojy = FloatVector.fromArray(F, lm, (j) * 6 * L + 5 * L);
            FloatVector nextx = o0x, nexty = o0y;
            if (j + 1 < k) {
                nextx = FloatVector.fromArray(F, lm, (j + 1) * 6 * L + 4 * L);
                nexty = FloatVector.fromArray(F, lm, (j + 1) * 6 * L + 5 * L);
                VectorMask<Float> pad = nextx.compare(VectorOperators.EQ, ojx).and(nexty.compare(VectorOperators.EQ, ojy));
                nextx = nextx.blend(o0x, pad);
                nexty = nexty.blend(o0y, pad);
            }
            FloatVector d = bnx.fma(ojx, bny.mul(ojy));
            VectorMask<Float> lt = d.lt(bmin);
            bmin = bmin.blend(d, lt);
            ox = ox.blend(ojx, lt);
            oy = oy.blend(ojy, lt);
            opx = opx.blend(prevx, lt);
            opy = opy.blend(prevy, lt);
            onx = onx.blend(nextx, lt);
            ony = ony.blend(nexty, lt);
            prevx = ojx;
            prevy = ojy;
        }
        ox.intoArray(sc, 9 * L);
        oy.intoArray(sc, 10 * L);
        opx.intoArray(sc, 11 * L);
        opy.intoArray(sc, 12 * L);
        onx.intoArray(sc, 13 * L);
        ony.intoArray(sc, 14 * L);
    }

    static void cands(float[] sc) {
        FloatVector ox = FloatVector.fromArray(F, sc, 9 * L), oy = FloatVector.fromArray(F, sc, 10 * L);
        FloatVector opx = FloatVector.fromArray(F, sc, 11 * L), opy = FloatVector.fromArray(F, sc, 12 * L);
        FloatVector onx = FloatVector.fromArray(F, sc, 13 * L), ony = FloatVector.fromArray(F, sc, 14 * L);
        FloatVector px = FloatVector.fromArray(F, sc, 3 * L), py = FloatVector.fromArray(F, sc, 4 * L);
        FloatVector qx = FloatVector.fromArray(F, sc, 5 * L), qy = FloatVector.fromArray(F, sc, 6 * L);
        FloatVector ex = qx.sub(px), ey = qy.sub(py);
        FloatVector den = ex.mul(ex).add(ey.mul(ey));
        // candidate o_j
        FloatVector wx = ox.sub(px), wy = oy.sub(py);
        FloatVector num = wx.mul(ex).add(wy.mul(ey));
        FloatVector t = num.div(den);
        FloatVector cx = px.add(t.mul(ex)).blend(px, num.compare(VectorOperators.LE, 0f)).blend(qx, num.compare(VectorOperators.GE, den));
        FloatVector cy = py.add(t.mul(ey)).blend(py, num.compare(VectorOperators.LE, 0f)).blend(qy, num.compare(VectorOperators.GE, den));
        FloatVector dx = ox.sub(cx), dy = oy.sub(cy);
        FloatVector d2 = dx.mul(dx).add(dy.mul(dy));
        FloatVector bcx = cx, bcy = cy, bvx = ox, bvy = oy;
        // candidate o_prev
        wx = opx.sub(px);
        wy = opy.sub(py);
        num = wx.mul(ex).add(wy.mul(ey));
        t = num.div(den);
        cx = px.add(t.mul(ex)).blend(px, num.compare(VectorOperators.LE, 0f)).blend(qx, num.compare(VectorOperators.GE, den));
        cy = py.add(t.mul(ey)).blend(py, num.compare(VectorOperators.LE, 0f)).blend(qy, num.compare(VectorOperators.GE, den));
        dx = opx.sub(cx);
        dy = opy.sub(cy);
        FloatVector e2 = dx.mul(dx).add(dy.mul(dy));
        VectorMask<Float> w = e2.lt(d2);
        d2 = d2.blend(e2, w);
        bcx = bcx.blend(cx, w);
        bcy = bcy.blend(cy, w);
        bvx = bvx.blend(opx, w);
        bvy = bvy.blend(opy, w);
        // candidate o_next
        wx = onx.sub(px);
        wy = ony.sub(py);
        num = wx.mul(ex).add(wy.mul(ey));
        t = num.div(den);
        cx = px.add(t.mul(ex)).blend(px, num.compare(VectorOperators.LE, 0f)).blend(qx, num.compare(VectorOperators.GE, den));
        cy = py.add(t.mul(ey)).blend(py, num.compare(VectorOperators.LE, 0f)).blend(qy, num.compare(VectorOperators.GE, den));
        dx = onx.sub(cx);
        dy = ony.sub(cy);
        e2 = dx.mul(dx).add(dy.mul(dy));
        w = e2.lt(d2);
        d2 = d2.blend(e2, w);
        bcx = bcx.blend(cx, w);
        bcy = bcy.blend(cy, w);
        bvx = bvx.blend(onx, w);
        bvy = bvy.blend(ony, w);
        d2.intoArray(sc, 15 * L);
        bcx.intoArray(sc, 16 * L);
        bcy.intoArray(sc, 17 * L);
        bvx.intoArray(sc, 18 * L);
        bvy.intoArray(sc, 19 * L);
    }

    static void tail(float[] sc, float[] radius, int[] pa, int[] pb, int p, Distances out) {
        FloatVector d2 = FloatVector.fromArray(F, sc, 15 * L);
        FloatVector bcx = FloatVector.fromArray(F, sc, 16 * L), bcy = FloatVector.fromArray(F, sc, 17 * L);
        FloatVector bvx = FloatVector.fromArray(F, sc, 18 * L), bvy = FloatVector.fromArray(F, sc, 19 * L);
        // Halves: lane l (ref A): A point = c, B point = v. Lane H + l (ref B): B point = c, A point = v.
        VectorMask<Float> bWins = d2.rearrange(HALF_SWAP).lt(d2);
        FloatVector pax = bcx.blend(bvx.rearrange(HALF_SWAP), bWins);
        FloatVector pay = bcy.blend(bvy.rearrange(HALF_SWAP), bWins);
        FloatVector pbx = bvx.blend(bcx.rearrange(HALF_SWAP), bWins);
        FloatVector pby = bvy.blend(bcy.rearrange(HALF_SWAP), bWins);
        FloatVector gx = pbx.sub(pax), gy = pby.sub(pay);
        FloatVector m = gx.abs().reinterpretAsInts().max(gy.abs().reinterpretAsInts()).reinterpretAsFloats();
        FloatVector ux = gx.div(m), uy = gy.div(m);
        FloatVector q = ux.mul(ux).add(uy.mul(uy)).sqrt();
        FloatVector core = m.mul(q);
        FloatVector nx = ux.div(q), ny = uy.div(q);
        for (int l = 0; l < H; l++) {
            sc[7 * L + l] = radius[pa[p + l]];
            sc[8 * L + l] = radius[pb[p + l]];
        }
        FloatVector ra = FloatVector.fromArray(F, sc, 7 * L), rb = FloatVector.fromArray(F, sc, 8 * L);
        FloatVector rs = ra.add(rb);
        FloatVector dist = core.sub(rs);
        FloatVector sx = pax.add(ra.mul(nx)), sy = pay.add(ra.mul(ny));
        FloatVector tx = pbx.sub(rb.mul(nx)), ty = pby.sub(rb.mul(ny));
        dist.intoArray(out.distances(), p, LOW_HALF);
        sx.intoArray(out.pointAXs(), p, LOW_HALF);
        sy.intoArray(out.pointAYs(), p, LOW_HALF);
        tx.intoArray(out.pointBXs(), p, LOW_HALF);
        ty.intoArray(out.pointBYs(), p, LOW_HALF);
        nx.intoArray(out.normalXs(), p, LOW_HALF);
        ny.intoArray(out.normalYs(), p, LOW_HALF);
        int[] it = out.iterationCounts();
        int[] ex2 = out.exits();
        for (int l = 0; l < H; l++) {
            it[p + l] = 0;
            ex2[p + l] = 6;
        }
    }

    /** The SAT-form batch; overlapping pairs collected into {@code overlapOut} (returns their count). */
    /** 0: everything; 1: packing only; 2: packing and the largest gap. */
    static int MODE = 0;

    static int batch(ConvexPolygons polys, RoundedArrays s, int[] pa, int[] pb, int n, Distances out,
                     LaneMajorPairs lanes, float[] sc, int[] ovA, int[] ovB) {
        int no = 0;
        for (int p = 0; p + H <= n; p += H) {
            lanes.load(polys, pa, pb, p, 8);
            if (MODE == 1) continue;
            long ov = group(lanes, sc);
            if (MODE == 2) continue;
            argmin(lanes, sc);
            cands(sc);
            tail(sc, s.radius(), pa, pb, p, out);
            while (ov != 0) {
                int l = Long.numberOfTrailingZeros(ov);
                ov &= ov - 1;
                ovA[no] = pa[p + l];
                ovB[no] = pb[p + l];
                no++;
            }
        }
        return no;
    }

    /** Only the support vertex against the best edge (no neighbours): shows what the ties need. */
    static boolean ONE_CANDIDATE = false;

    /** Pairs of boxes with parallel edges (exact ties of the gap and of the support): SAT form vs brute force. */
    static void tieCheck() {
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(7);
        int n = 20000;
        ConvexPolygons.Builder bld = ConvexPolygons.builder();
        for (int i = 0; i < 2 * n; i++) {
            float w = (float) rnd.nextDouble(0.1, 3), h = (float) rnd.nextDouble(0.1, 3);
            float cx = (float) rnd.nextDouble(-6, 6), cy = (float) rnd.nextDouble(-6, 6);
            double ang = (i / 2) % 3 == 0 ? 0 : (i / 2) % 3 == 1 ? Math.PI / 6 : rnd.nextDouble(0, Math.PI);
            if (i % 2 == 1 && (i / 2) % 3 != 2) {
                ang += Math.PI / 2 * rnd.nextInt(4);
            }
            float c = (float) Math.cos(ang), sn = (float) Math.sin(ang);
            float[] xy = new float[8];
            float[][] corners = {{-w, -h}, {w, -h}, {w, h}, {-w, h}};
            for (int v = 0; v < 4; v++) {
                xy[2 * v] = cx + c * corners[v][0] - sn * corners[v][1];
                xy[2 * v + 1] = cy + sn * corners[v][0] + c * corners[v][1];
            }
            bld.add(xy);
        }
        RoundedShapes shapes = RoundedShapes.of(bld.build());
        RoundedArrays s = shapes.arrays();
        double worst = 0, worstRel = 0;
        int disjoint = 0, wrongOverlap = 0;
        for (int p = 0; p < n; p++) {
            int a = 2 * p, b = 2 * p + 1;
            double d = scalar(s, a, b);
            double e = brute(s, a, b);
            boolean overlapBrute = bruteOverlap(s, a, b);
            if (Double.isNaN(d)) {
                if (!overlapBrute && e > 1e-5) {
                    wrongOverlap++;
                }
                continue;
            }
            disjoint++;
            worst = Math.max(worst, Math.abs(d - e));
        }
        System.out.printf("boxes with parallel edges: %d pairs, %d disjoint, worst |sat-brute| %.3g, wrong overlap verdicts %d%n",
                n, disjoint, worst, wrongOverlap);
    }

    /** Overlap in double: no separating edge normal (SAT) among both polygons' edges. */
    static boolean bruteOverlap(RoundedArrays s, int a, int b) {
        for (int t = 0; t < 2; t++) {
            int r = t == 0 ? a : b, o = t == 0 ? b : a;
            int or = s.start()[r], kr = s.count()[r], oo = s.start()[o], ko = s.count()[o];
            for (int i = 0; i < kr; i++) {
                double px = s.x()[or + i], py = s.y()[or + i];
                double qx = s.x()[or + (i + 1) % kr], qy = s.y()[or + (i + 1) % kr];
                double nx = qy - py, ny = -(qx - px);
                double min = Double.POSITIVE_INFINITY;
                for (int j = 0; j < ko; j++) {
                    min = Math.min(min, nx * (s.x()[oo + j] - px) + ny * (s.y()[oo + j] - py));
                }
                if (min > 0) {
                    return false;
                }
            }
        }
        return true;
    }

    public static void main(String[] args) throws Exception {
        if (args[0].equals("ties")) {
            tieCheck();
            ONE_CANDIDATE = true;
            tieCheck();
            ONE_CANDIDATE = false;
            return;
        }
        int k = Integer.parseInt(args[0]);
        if (k != 8) {
            throw new IllegalArgumentException("the lanes of this prototype take capacity 8 only: k=" + k);
        }
        if (args.length > 2) MODE = Integer.parseInt(args[2]);
        double seconds = Double.parseDouble(args[1]);
        var scene = dev.sepax.bench.Workloads.standard(k, 42);
        ConvexPolygons polys = scene.shapes();
        RoundedShapes shapes = RoundedShapes.of(polys);
        RoundedArrays s = shapes.arrays();
        PairBatch pairs = scene.pairs();
        int n = pairs.size();
        int[] pa = new int[n], pb = new int[n];
        pairs.copyIndices(pa, pb);
        // Correctness of the scalar form against GJK and brute force.
        Distances gjk = new Distances(n);
        dev.sepax.narrow.ScalarDistance.INSTANCE.distances(shapes, pairs, gjk);
        int overlaps = 0, disjoint = 0, gjkOverlap = 0;
        double worstGjk = 0, worstBrute = 0;
        for (int p = 0; p < n; p++) {
            double d = scalar(s, pa[p], pb[p]);
            if (gjk.distance(p) == 0) {
                gjkOverlap++;
            }
            if (Double.isNaN(d)) {
                overlaps++;
                if (gjk.distance(p) > 1e-5) {
                    System.out.println("MISMATCH overlap p=" + p + " gjk=" + gjk.distance(p));
                }
                continue;
            }
            disjoint++;
            worstGjk = Math.max(worstGjk, Math.abs(d - gjk.distance(p)));
            worstBrute = Math.max(worstBrute, Math.abs(d - brute(s, pa[p], pb[p])));
        }
        System.out.printf("W%d: %d pairs, %d SAT-overlap, %d GJK-overlap, %d disjoint; worst |sat-gjk| %.3g, worst |sat-brute| %.3g%n",
                k, n, overlaps, gjkOverlap, disjoint, worstGjk, worstBrute);
        // SIMD prototype vs its own scalar
        LaneMajorPairs lanes = new LaneMajorPairs();
        float[] sc = new float[20 * L];
        int[] ovA = new int[n], ovB = new int[n];
        Distances satOut = new Distances(n);
        int no = batch(polys, s, pa, pb, n, satOut, lanes, sc, ovA, ovB);
        double worstSimd = 0;
        for (int p = 0; p < n; p++) {
            double d = scalar(s, pa[p], pb[p]);
            if (!Double.isNaN(d)) {
                worstSimd = Math.max(worstSimd, Math.abs(d - satOut.distance(p)));
            }
        }
        System.out.printf("simd proto: %d overlap lanes; worst |simd-scalarproto| %.3g%n", no, worstSimd);
        if (MODE != 0) no = 0;
        PairBatch ovPairs = PairBatch.of(Arrays.copyOf(ovA, no), Arrays.copyOf(ovB, no), shapes.size());
        Distances ovOut = new Distances(n);
        Distances gOut = new Distances(n);
        var mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        int cap = 1 << 16;
        long[] tG = new long[cap], tS = new long[cap], tO = new long[cap];
        long aS = 0, aG = 0;
        long end = System.nanoTime() + (long) (seconds * 1e9);
        int r = 0;
        while ((System.nanoTime() < end || r < 60) && r - 50 < cap) {
            long t0 = mx.getCurrentThreadCpuTime();
            VectorDistance.INSTANCE.distances(shapes, pairs, gOut);
            long t1 = mx.getCurrentThreadCpuTime();
            long b0 = mx.getCurrentThreadAllocatedBytes();
            batch(polys, s, pa, pb, n, satOut, lanes, sc, ovA, ovB);
            long b1 = mx.getCurrentThreadAllocatedBytes();
            long t2 = mx.getCurrentThreadCpuTime();
            VectorDistance.INSTANCE.distances(shapes, ovPairs, ovOut);
            long t3 = mx.getCurrentThreadCpuTime();
            if (r >= 50) {
                tG[r - 50] = t1 - t0;
                tS[r - 50] = t2 - t1;
                tO[r - 50] = t3 - t2;
                aS = b1 - b0;
            }
            if (r % 100 == 0) {
                System.out.println("round " + r + " sat alloc " + (b1 - b0) + " B, sat " + (t2 - t1) / n + " ns/pair, gjk " + (t1 - t0) / n);
            }
            r++;
        }
        int m = r - 50;
        long[] g = Arrays.copyOf(tG, m), sa = Arrays.copyOf(tS, m), o = Arrays.copyOf(tO, m);
        Arrays.sort(g);
        Arrays.sort(sa);
        Arrays.sort(o);
        System.out.printf("rounds %d; per pair of W%d (best / median ns): gjk-simd %.1f / %.1f; sat-proto %.1f / %.1f; gjk on the %d overlapping pairs %.1f / %.1f; sat+overlap %.1f / %.1f; sat alloc %.1f B/batch%n",
                m, k, g[0] / (double) n, g[m / 2] / (double) n, sa[0] / (double) n, sa[m / 2] / (double) n, no,
                o[0] / (double) n, o[m / 2] / (double) n, (sa[0] + o[0]) / (double) n, (sa[m / 2] + o[m / 2]) / (double) n,
                (double) aS);
        System.out.printf("ratio gjk/(sat+overlap): best %.2fx median %.2fx%n", g[0] / (double) (sa[0] + o[0]),
                g[m / 2] / (double) (sa[m / 2] + o[m / 2]));
    }
}
