package dev.sepax.solid;

import dev.sepax.batch.PairBatch;
import dev.sepax.internal.HullArrays;

/**
 * The scalar reference of the 3D penetration (MTV) query, as {@link HullPenetrationKernel}
 * defines it: every face of both shapes against every vertex of the other, every edge pair whose
 * Gauss arcs cross, then the world axes; the largest separation wins.
 *
 * <p>The search keeps the best separation and its axis code packed in one {@code long} (the
 * float's bits high, the code low), so that the SIMD twin can run the face phase and the arc
 * tests in lanes and hand each crossing pair to {@link #crossingPair} and the rest to
 * {@link #finishAfterEdges}, the same code for both.
 *
 * <p>Stateless, thread-safe, allocation-free.
 */
public final class ScalarHullPenetration implements HullPenetrationKernel {
    /** The shared instance. */
    public static final ScalarHullPenetration INSTANCE = new ScalarHullPenetration();
    private static final float PARALLEL_SQ = ScalarHullSat.PARALLEL * ScalarHullSat.PARALLEL;
    /** Search-internal codes of the negative world directions (the public code has the normal's sign). */
    private static final int NEG_X = -1 - ConvexPolyhedra.MAX_FEATURES;
    private static final int NEG_Y = NEG_X - 1;
    private static final int NEG_Z = NEG_X - 2;

    private ScalarHullPenetration() {}

    @Override
    public String name() {
        return "scalar-hull-mtv";
    }

    @Override
    public boolean penetration(ConvexPolyhedra shapes, int a, int b, HullPenetrations out, int index) {
        HullPenetrations.checkPair(shapes, a, b, out, index);
        HullArrays r = shapes.arrays();
        return finish(r, a, b, faceAxes(r, Math.min(a, b), Math.max(a, b)), out, index);
    }

    @Override
    public int penetrations(ConvexPolyhedra shapes, PairBatch pairs, int from, int to, HullPenetrations out) {
        HullPenetrations.checkBatch(shapes, pairs, from, to, out);
        HullArrays r = shapes.arrays();
        int[] pa = pairs.arrays().a;
        int[] pb = pairs.arrays().b;
        int hits = 0;
        for (int p = from; p < to; p++) {
            int a = pa[p];
            int b = pb[p];
            if (finish(r, a, b, faceAxes(r, Math.min(a, b), Math.max(a, b)), out, p)) {
                hits++;
            }
        }
        return hits;
    }

    /** Packs a separation and its axis code: the float's raw bits high, the code low. */
    public static long pack(float separation, int code) {
        return ((long) Float.floatToRawIntBits(separation) << 32) | (code & 0xffffffffL);
    }

    private static float separation(long packed) {
        return Float.intBitsToFloat((int) (packed >>> 32));
    }

    /**
     * The face phase for the ordered pair {@code P = lo < Q = hi} (or {@code lo == hi}): the best
     * face of P, then of Q, packed; {@code pack(-Infinity, 0)} if none compares (NaN input).
     *
     * @hidden
     */
    public static long faceAxes(HullArrays r, int lo, int hi) {
        float best = Float.NEGATIVE_INFINITY;
        int code = 0;
        int fo = r.fStart[lo];
        for (int f = 0, fc = r.fCount[lo]; f < fc; f++) {
            float s = faceSeparation(r, fo + f, hi);
            if (s > best) {
                best = s;
                code = 1 + f;
            }
        }
        fo = r.fStart[hi];
        for (int f = 0, fc = r.fCount[hi]; f < fc; f++) {
            float s = faceSeparation(r, fo + f, lo);
            if (s > best) {
                best = s;
                code = -(1 + f);
            }
        }
        return pack(best, code);
    }

    /** {@code min over other's vertices of n . v - d} for face slot f, {@code + 0f}. */
    private static float faceSeparation(HullArrays r, int f, int other) {
        float nx = r.nx[f];
        float ny = r.ny[f];
        float nz = r.nz[f];
        float d = r.d[f];
        float[] vx = r.vx;
        float[] vy = r.vy;
        float[] vz = r.vz;
        float m = Float.POSITIVE_INFINITY;
        for (int v = r.vStart[other], end = v + r.vCount[other]; v < end; v++) {
            m = Math.min(m, nx * vx[v] + ny * vy[v] + nz * vz[v] - d);
        }
        // -0 and +0 are one separation: the SIMD minimum may pick either.
        return m + 0f;
    }

    /**
     * Completes pair {@code (a, b)} from the face phase of {@code (min, max)}: the crossing edge
     * pairs and the world axes, then writes entry {@code index} (normal from A to B, depth, code
     * from A's side).
     *
     * @return true if the pair intersects or touches
     * @hidden
     */
    public static boolean finish(HullArrays r, int a, int b, long faces, HullPenetrations out, int index) {
        return finishAfterEdges(r, a, b, edgeAxes(r, Math.min(a, b), Math.max(a, b), faces), out, index);
    }

    /**
     * Completes pair {@code (a, b)} from the face and edge phases of {@code (min, max)} (the best
     * so far, packed): the world axes, then writes entry {@code index}.
     *
     * @return true if the pair intersects or touches
     * @hidden
     */
    public static boolean finishAfterEdges(HullArrays r, int a, int b, long best, HullPenetrations out, int index) {
        int lo = Math.min(a, b);
        int hi = Math.max(a, b);
        float s = separation(best);
        int code = (int) best;
        // World axes last: they win only where every face of B - A does worse.
        float w;
        if ((w = r.minX[hi] - r.maxX[lo]) > s) {
            s = w;
            code = HullPenetrations.AXIS_WORLD_X;
        }
        if ((w = r.minX[lo] - r.maxX[hi]) > s) {
            s = w;
            code = NEG_X;
        }
        if ((w = r.minY[hi] - r.maxY[lo]) > s) {
            s = w;
            code = HullPenetrations.AXIS_WORLD_Y;
        }
        if ((w = r.minY[lo] - r.maxY[hi]) > s) {
            s = w;
            code = NEG_Y;
        }
        if ((w = r.minZ[hi] - r.maxZ[lo]) > s) {
            s = w;
            code = HullPenetrations.AXIS_WORLD_Z;
        }
        if ((w = r.minZ[lo] - r.maxZ[hi]) > s) {
            s = w;
            code = NEG_Z;
        }
        write(r, lo, hi, a > b, s, code, out, index);
        return s <= 0;
    }

    /** The crossing edge pairs of (lo, hi), on top of the best so far; packed. */
    private static long edgeAxes(HullArrays r, int lo, int hi, long bestSoFar) {
        long best = bestSoFar;
        float[] gx = r.gx;
        float[] gy = r.gy;
        float[] gz = r.gz;
        int eoP = r.eStart[lo];
        int eoQ = r.eStart[hi];
        for (int ea = 0, ecP = r.eCount[lo]; ea < ecP; ea++) {
            int sa = eoP + ea;
            float gax = gx[sa];
            float gay = gy[sa];
            float gaz = gz[sa];
            float ax = r.n0x[sa];
            float ay = r.n0y[sa];
            float az = r.n0z[sa];
            float bx = r.n1x[sa];
            float by = r.n1y[sa];
            float bz = r.n1z[sa];
            for (int eb = 0, ecQ = r.eCount[hi]; eb < ecQ; eb++) {
                int sb = eoQ + eb;
                // The arc test of ScalarHullSat.edgeAxes, in its float expressions.
                float cga = r.n0x[sb] * gax + r.n0y[sb] * gay + r.n0z[sb] * gaz;
                float dga = r.n1x[sb] * gax + r.n1y[sb] * gay + r.n1z[sb] * gaz;
                if (!(cga * dga < 0)) {
                    continue;
                }
                float agb = ax * gx[sb] + ay * gy[sb] + az * gz[sb];
                float bgb = bx * gx[sb] + by * gy[sb] + bz * gz[sb];
                if (!(agb * bgb < 0) || !(cga * bgb < 0)) {
                    continue;
                }
                best = crossingPair(r, lo, hi, ea, eb, best);
            }
        }
        return best;
    }

    /**
     * One crossing edge pair (P's edge {@code ea}, Q's edge {@code eb}, shape-local) on top of
     * the best so far (packed): the pair's separation replaces it only if strictly larger, so
     * visiting the crossing pairs in order (ea outer, eb inner) keeps the first of equal ones.
     *
     * @hidden
     */
    public static long crossingPair(HullArrays r, int lo, int hi, int ea, int eb, long best) {
        float s = crossing(r, lo, hi, r.eStart[lo] + ea, r.eStart[hi] + eb, false);
        return s > separation(best) ? pack(s, ScalarHullSat.EDGE_PAIR | (ea << 15) | eb) : best;
    }

    /**
     * The separation of P and Q along a crossing edge pair's axis {@code L = gP x gQ}
     * ({@link HullPenetrationKernel}), in the boolean kernel's expressions
     * ({@link ScalarHullSat#crossingSeparates}, including its edge axis for short arcs,
     * {@link ScalarHullSat#edgeAxis}); {@code -Infinity} for a zero axis, which
     * separates nothing. With {@code orientation}, instead the sign that orients {@code L} from
     * P to Q: {@code 1f} or {@code -1f}.
     */
    private static float crossing(HullArrays r, int lo, int hi, int sa, int sb, boolean orientation) {
        float gax = r.gx[sa];
        float gay = r.gy[sa];
        float gaz = r.gz[sa];
        float gbx = r.gx[sb];
        float gby = r.gy[sb];
        float gbz = r.gz[sb];
        float lx = gay * gbz - gaz * gby;
        float ly = gaz * gbx - gax * gbz;
        float lz = gax * gby - gay * gbx;
        float lenSq = lx * lx + ly * ly + lz * lz;
        float gg = r.gg[sa] * r.gg[sb];
        float len = (float) Math.sqrt(lenSq);
        if (len == 0) {
            // Only an exactly zero axis (the Gauss arcs' normals are at least ~1e-6 long, so a
            // non-zero L cannot underflow): every projection on it is 0, it separates nothing.
            return Float.NEGATIVE_INFINITY;
        }
        boolean parallel = lenSq < PARALLEL_SQ * gg;
        if (!parallel && ScalarHullSat.shortArcs(lenSq, r.gg[sa], r.gg[sb])) {
            return ScalarHullSat.edgeAxis(r, lo, hi, sa, sb, orientation);
        }
        float ax = r.px[sa];
        float ay = r.py[sa];
        float az = r.pz[sa];
        float orient = lx * (ax - r.cx[lo]) + ly * (ay - r.cy[lo]) + lz * (az - r.cz[lo]);
        boolean project = parallel || Math.abs(orient) <= ScalarHullSat.orientationBound(r, lo, sa,
                Math.abs(gbx) + Math.abs(gby) + Math.abs(gbz), Math.abs(lx) + Math.abs(ly) + Math.abs(lz));
        return ScalarHullSat.orientedSeparation(r, lo, hi, sb, ax, ay, az, lx, ly, lz, len, orient, project,
                orientation);
    }

    /** Writes the winner of (lo, hi) to entry index, from A's side when {@code swapped}. */
    private static void write(HullArrays r, int lo, int hi, boolean swapped, float s, int code, HullPenetrations out,
                              int index) {
        float nx;
        float ny;
        float nz;
        int outCode = code;
        if (code == 0) {
            nx = 0f;
            ny = 0f;
            nz = 0f;
            s = Float.NaN;
        } else if (code > 0 && code < ScalarHullSat.EDGE_PAIR) {
            int f = r.fStart[lo] + code - 1;
            nx = r.nx[f];
            ny = r.ny[f];
            nz = r.nz[f];
            outCode = swapped ? -code : code;
        } else if (code < 0 && code >= -ConvexPolyhedra.MAX_FEATURES) {
            int f = r.fStart[hi] - code - 1;
            nx = -r.nx[f];
            ny = -r.ny[f];
            nz = -r.nz[f];
            outCode = swapped ? -code : code;
        } else if (code >= ScalarHullSat.EDGE_PAIR && code < HullPenetrations.AXIS_WORLD_Z) {
            int ea = (code >>> 15) & 0x7fff;
            int eb = code & 0x7fff;
            int sa = r.eStart[lo] + ea;
            int sb = r.eStart[hi] + eb;
            float lx = r.gy[sa] * r.gz[sb] - r.gz[sa] * r.gy[sb];
            float ly = r.gz[sa] * r.gx[sb] - r.gx[sa] * r.gz[sb];
            float lz = r.gx[sa] * r.gy[sb] - r.gy[sa] * r.gx[sb];
            float lenSq = lx * lx + ly * ly + lz * lz;
            if (!(lenSq < PARALLEL_SQ * (r.gg[sa] * r.gg[sb])) && ScalarHullSat.shortArcs(lenSq, r.gg[sa], r.gg[sb])) {
                // The axis crossing() took: the edges' own, not the arcs'.
                lx = ScalarHullSat.edgeAxisComponent(r, lo, hi, sa, sb, 0);
                ly = ScalarHullSat.edgeAxisComponent(r, lo, hi, sa, sb, 1);
                lz = ScalarHullSat.edgeAxisComponent(r, lo, hi, sa, sb, 2);
                lenSq = lx * lx + ly * ly + lz * lz;
            }
            float len = (float) Math.sqrt(lenSq);
            float sign = crossing(r, lo, hi, sa, sb, true);
            nx = sign * lx / len;
            ny = sign * ly / len;
            nz = sign * lz / len;
            outCode = swapped ? ScalarHullSat.EDGE_PAIR | (eb << 15) | ea : code;
        } else {
            nx = code == HullPenetrations.AXIS_WORLD_X ? 1f : code == NEG_X ? -1f : 0f;
            ny = code == HullPenetrations.AXIS_WORLD_Y ? 1f : code == NEG_Y ? -1f : 0f;
            nz = code == HullPenetrations.AXIS_WORLD_Z ? 1f : code == NEG_Z ? -1f : 0f;
            outCode = code == NEG_X ? HullPenetrations.AXIS_WORLD_X
                    : code == NEG_Y ? HullPenetrations.AXIS_WORLD_Y
                    : code == NEG_Z ? HullPenetrations.AXIS_WORLD_Z : code;
        }
        if (swapped) {
            nx = -nx;
            ny = -ny;
            nz = -nz;
        }
        // Zero components as +0 from either side, so (a, b) and (b, a) differ only in the sign
        // of non-zero components; 0f - s likewise gives a touching pair depth +0.
        out.normalX[index] = nx == 0 ? 0f : nx;
        out.normalY[index] = ny == 0 ? 0f : ny;
        out.normalZ[index] = nz == 0 ? 0f : nz;
        out.depth[index] = 0f - s;
        out.axis[index] = outCode;
    }
}
