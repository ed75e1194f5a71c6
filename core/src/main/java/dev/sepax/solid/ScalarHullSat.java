package dev.sepax.solid;

import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.internal.BitWords;
import dev.sepax.internal.HullArrays;
import dev.sepax.internal.SolidArguments;

/**
 * The scalar reference hull kernel: separating axes with Gauss-map pruning of edge pairs.
 *
 * <p>Per pair: the AABB axes (exact compares), the cached axis, A's faces in index order, B's
 * faces in index order, the intersection certificate {@link #vertexInside} (A's vertices in B,
 * then B's in A: it settles most intersecting pairs without the edge phase), then the edge
 * pairs in order (A's edge outer, B's edge inner), keeping only those whose Gauss arcs cross. Along a face it stops at the first vertex of the other
 * shape within the tolerance, starting from the vertex that stopped the previous face. The
 * verdict is an OR over axes of an AND over vertices, so no ordering changes it; the order is
 * fixed so that the SIMD twin records the same cached axes.
 *
 * <h2>The arc test</h2>
 * A's edge joins faces with normals {@code a, b}; B's edge joins {@code c, d}; on the Gauss map
 * of {@code -B} its arc runs from {@code -c} to {@code -d}. With {@code gA = a x b} and
 * {@code gB = c x d} (stored per edge), the arcs cross iff {@code (c.gA)(d.gA) < 0} (B's arc
 * endpoints on both sides of A's great circle), {@code (a.gB)(b.gB) < 0} (and the converse), and
 * {@code (c.gA)(b.gB) < 0} (the crossing lies on both arcs, not on their antipodes). These are
 * Gregorius' three tests with B's normals negated, and are unchanged by swapping either edge's
 * two faces. For a crossing pair the axis is {@code L = gA x gB}, oriented away from A's
 * centroid, and the separation is {@code L . (vB - vA) / |L|} with {@code vA, vB} a vertex of
 * each edge: the edges are then the support features along {@code L} and {@code -L}. Where an
 * arc is too short for the rounding it carries ({@link #shortArcs}), {@code L} is the cross
 * product of the two edges' vertex differences instead ({@link #edgeAxis}).
 *
 * <p>Stateless, thread-safe, allocation-free.
 */
public final class ScalarHullSat implements HullOverlapKernel {
    /** The shared instance. */
    public static final ScalarHullSat INSTANCE = new ScalarHullSat();
    /** Flag of an edge-pair axis in the cache encoding: {@code EDGE_PAIR | (ea << 15) | eb}. */
    public static final int EDGE_PAIR = 1 << 30;
    /**
     * The sine of the smallest angle between two crossing edges whose separation is taken from
     * the edges themselves ({@code 2^-4}); closer to parallel, both shapes are projected (see
     * {@link #crossingSeparates}).
     */
    public static final float PARALLEL = 0x1p-4f;
    private static final float PARALLEL_SQ = PARALLEL * PARALLEL;
    /**
     * The relative slack of the orientation test, {@code 2^-18} (see {@link #orientationBound}):
     * an orientation value within it of zero may have the wrong sign.
     */
    public static final float ORIENT_SLACK = 0x1p-18f;
    /**
     * The least {@code |L|^2 / (|gA|^2 + |gB|^2)} of a crossing pair whose axis is taken from
     * its Gauss arcs, {@code 2^-7} (see {@link #shortArcs}).
     */
    public static final float SHORT_ARCS = 0x1p-7f;
    /** No separating axis. */
    static final int NONE = 0;
    /** Separated by an AABB axis. */
    static final int AABB = Integer.MIN_VALUE;

    private ScalarHullSat() {}

    @Override
    public String name() {
        return "scalar-hull";
    }

    @Override
    public boolean intersects(ConvexPolyhedra shapes, int a, int b, float tolerance) {
        SolidArguments.checkPair(shapes, shapes == null ? 0 : shapes.size(), a, b, tolerance);
        return separatingAxis(shapes.arrays(), a, b, tolerance, 0, true) == NONE;
    }

    @Override
    public int test(ConvexPolyhedra shapes, PairBatch pairs, int from, int to, float tolerance, OverlapBits out,
                    int[] axisCache) {
        return run(shapes, pairs, from, to, tolerance, out, axisCache, true);
    }

    static int run(ConvexPolyhedra shapes, PairBatch pairs, int from, int to, float tol, OverlapBits out,
                   int[] axisCache, boolean pruned) {
        SolidArguments.check(shapes, shapes == null ? 0 : shapes.size(), pairs, from, to, tol, out, axisCache);
        HullArrays r = shapes.arrays();
        int[] pa = pairs.arrays().a;
        int[] pb = pairs.arrays().b;
        long[] words = out.words();
        int hits = 0;
        for (int w = from; w < to; w += 64) {
            int end = Math.min(to, w + 64);
            long bits = 0;
            for (int p = w; p < end; p++) {
                int hint = axisCache == null ? 0 : axisCache[p];
                int axis = separatingAxis(r, pa[p], pb[p], tol, hint, pruned);
                if (axis == NONE) {
                    bits |= 1L << p;
                } else if (axisCache != null && axis != AABB) {
                    axisCache[p] = axis;
                }
            }
            hits += Long.bitCount(bits);
            BitWords.store(words, w, end, bits);
        }
        return hits;
    }

    /**
     * {@link #NONE} if the pair intersects, else a separating axis: {@link #AABB}, the hint, or
     * one in the cache encoding of {@link HullOverlapKernel#test}.
     */
    static int separatingAxis(HullArrays r, int a, int b, float tol, int hint, boolean pruned) {
        if (aabbSeparates(r, a, b, tol)) {
            return AABB;
        }
        if (hint != 0 && hintSeparates(r, a, b, tol, hint, pruned)) {
            return hint;
        }
        int axis = faceAxes(r, a, b, tol);
        if (axis != NONE) {
            return axis;
        }
        float lim = Math.min(tol, 0f);
        if (vertexInside(r, a, b, lim) || vertexInside(r, b, a, lim)) {
            return NONE;
        }
        return pruned ? edgeAxes(r, a, b, tol) : UnprunedHullSat.edgeAxes(r, a, b, tol);
    }

    /**
     * The intersection certificate that spares most intersecting pairs the edge phase: is some
     * vertex {@code v} of {@code inner} at {@code n . v - d <= lim} on every face of
     * {@code outer} (the face phase's float expression), with {@code lim = min(tolerance, 0)}?
     * Then {@code v} lies in {@code outer}, at least {@code |lim|} inside every face, so the ball
     * of radius {@code |lim|} about it lies in {@code outer} as well, and along every unit axis
     * the projections of the two shapes overlap by at least {@code |lim|}: no axis, face or
     * edge pair, can separate them by more than {@code tolerance}. The verdict it gives is the
     * exact one up to the float band of the face expressions; the order in which vertices and
     * faces are visited cannot change it, so the SIMD twin may take them in lanes. With a
     * positive tolerance the certificate still asks for {@code <= 0}: a vertex within
     * {@code tolerance} of every face plane can lie far from a sharp corner.
     *
     * @hidden
     */
    public static boolean vertexInside(HullArrays r, int inner, int outer, float lim) {
        float[] vx = r.vx;
        float[] vy = r.vy;
        float[] vz = r.vz;
        float[] nx = r.nx;
        float[] ny = r.ny;
        float[] nz = r.nz;
        float[] d = r.d;
        int fo = r.fStart[outer];
        int fe = fo + r.fCount[outer];
        vertices:
        for (int v = r.vStart[inner], end = v + r.vCount[inner]; v < end; v++) {
            float x = vx[v];
            float y = vy[v];
            float z = vz[v];
            for (int f = fo; f < fe; f++) {
                if (!(nx[f] * x + ny[f] * y + nz[f] * z - d[f] <= lim)) {
                    continue vertices;
                }
            }
            return true;
        }
        return false;
    }

    /**
     * Do the world axes separate a and b by more than {@code tol}? Exact compares of float
     * differences.
     *
     * @hidden
     */
    public static boolean aabbSeparates(HullArrays r, int a, int b, float tol) {
        return r.minX[b] - r.maxX[a] > tol || r.minX[a] - r.maxX[b] > tol
                || r.minY[b] - r.maxY[a] > tol || r.minY[a] - r.maxY[b] > tol
                || r.minZ[b] - r.maxZ[a] > tol || r.minZ[a] - r.maxZ[b] > tol;
    }

    /**
     * Does the cached axis {@code hint} (non-zero, cache encoding) separate the pair? Hints that
     * name no feature of these shapes are ignored (false).
     *
     * @hidden
     */
    public static boolean hintSeparates(HullArrays r, int a, int b, float tol, int hint, boolean pruned) {
        if (hint >= EDGE_PAIR) {
            int ea = (hint >>> 15) & 0x7fff;
            int eb = hint & 0x7fff;
            if (ea >= r.eCount[a] || eb >= r.eCount[b]) {
                return false;
            }
            return pruned ? edgePairSeparates(r, a, b, r.eStart[a] + ea, r.eStart[b] + eb, tol)
                    : UnprunedHullSat.edgePairSeparates(r, a, b, r.eStart[a] + ea, r.eStart[b] + eb, tol);
        }
        if (hint > 0) {
            return hint <= r.fCount[a] && faceSeparates(r, r.fStart[a] + hint - 1, b, tol);
        }
        // hint >= -count, not -hint <= count: -Integer.MIN_VALUE overflows to itself.
        return hint < 0 && hint >= -r.fCount[b] && faceSeparates(r, r.fStart[b] - hint - 1, a, tol);
    }

    /** Does face slot f (of some shape) separate shape {@code other} by more than tol? */
    static boolean faceSeparates(HullArrays r, int f, int other, float tol) {
        float nx = r.nx[f];
        float ny = r.ny[f];
        float nz = r.nz[f];
        float d = r.d[f];
        float[] vx = r.vx;
        float[] vy = r.vy;
        float[] vz = r.vz;
        for (int v = r.vStart[other], end = v + r.vCount[other]; v < end; v++) {
            if (nx * vx[v] + ny * vy[v] + nz * vz[v] - d <= tol) {
                return false;
            }
        }
        return true;
    }

    /**
     * The first face axis (A's faces, then B's) that separates, in cache encoding, or
     * {@link #NONE}.
     *
     * @hidden
     */
    public static int faceAxes(HullArrays r, int a, int b, float tol) {
        int f = firstSeparatingFace(r, a, b, tol);
        if (f >= 0) {
            return 1 + f;
        }
        f = firstSeparatingFace(r, b, a, tol);
        return f >= 0 ? -(1 + f) : NONE;
    }

    private static int firstSeparatingFace(HullArrays r, int ref, int other, float tol) {
        float[] vx = r.vx;
        float[] vy = r.vy;
        float[] vz = r.vz;
        int fo = r.fStart[ref];
        int fc = r.fCount[ref];
        int o = r.vStart[other];
        int k = r.vCount[other];
        // Neighbouring faces are usually stopped by the same vertex: start where the last stopped.
        int w = 0;
        for (int f = 0; f < fc; f++) {
            float nx = r.nx[fo + f];
            float ny = r.ny[fo + f];
            float nz = r.nz[fo + f];
            float d = r.d[fo + f];
            int found = -1;
            int j = w;
            for (int m = 0; m < k; m++) {
                int v = o + j;
                if (nx * vx[v] + ny * vy[v] + nz * vz[v] - d <= tol) {
                    found = j;
                    break;
                }
                j = j + 1 == k ? 0 : j + 1;
            }
            if (found < 0) {
                return f;
            }
            w = found;
        }
        return -1;
    }

    /**
     * The first crossing edge pair (A's edge outer, B's inner) whose axis separates, in cache
     * encoding, or {@link #NONE}.
     *
     * @hidden
     */
    public static int edgeAxes(HullArrays r, int a, int b, float tol) {
        for (int ea = 0, ecA = r.eCount[a]; ea < ecA; ea++) {
            int eb = firstSeparatingEdge(r, a, b, r.eStart[a] + ea, tol);
            if (eb >= 0) {
                return EDGE_PAIR | (ea << 15) | eb;
            }
        }
        return NONE;
    }

    /**
     * A's edge slot {@code sa} against B's edges in order: the first B edge (shape-local) whose
     * arc crosses sa's and whose axis separates, or -1. Reads only per-edge-slot arrays, the
     * form in which the SIMD twin runs B's edges in lanes.
     */
    private static int firstSeparatingEdge(HullArrays r, int a, int b, int sa, float tol) {
        float[] gx = r.gx;
        float[] gy = r.gy;
        float[] gz = r.gz;
        float gax = gx[sa];
        float gay = gy[sa];
        float gaz = gz[sa];
        float ax = r.n0x[sa];
        float ay = r.n0y[sa];
        float az = r.n0z[sa];
        float bx = r.n1x[sa];
        float by = r.n1y[sa];
        float bz = r.n1z[sa];
        for (int sb = r.eStart[b], eb = 0, ecB = r.eCount[b]; eb < ecB; eb++, sb++) {
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
            if (crossingSeparates(r, a, b, sa, sb, tol)) {
                return eb;
            }
        }
        return -1;
    }

    /** The arc test and the separation of one edge pair (edge slots sa of a, sb of b). */
    static boolean edgePairSeparates(HullArrays r, int a, int b, int sa, int sb, float tol) {
        float cga = r.n0x[sb] * r.gx[sa] + r.n0y[sb] * r.gy[sa] + r.n0z[sb] * r.gz[sa];
        float dga = r.n1x[sb] * r.gx[sa] + r.n1y[sb] * r.gy[sa] + r.n1z[sb] * r.gz[sa];
        float agb = r.n0x[sa] * r.gx[sb] + r.n0y[sa] * r.gy[sb] + r.n0z[sa] * r.gz[sb];
        float bgb = r.n1x[sa] * r.gx[sb] + r.n1y[sa] * r.gy[sb] + r.n1z[sa] * r.gz[sb];
        return cga * dga < 0 && agb * bgb < 0 && cga * bgb < 0 && crossingSeparates(r, a, b, sa, sb, tol);
    }

    /**
     * For a crossing edge pair: is the gap along {@code L = gA x gB} more than {@code tol |L|}?
     * When the edges are at least {@link #PARALLEL} apart in angle ({@code |L| >= PARALLEL |gA|
     * |gB|}), the edges are the support features along {@code +-L} and the gap is
     * {@code L . (vB - vA)}, with {@code L} oriented away from A's centroid: the float direction
     * of {@code L} is then within {@code 8 u / PARALLEL} of the exact one, which moves that value
     * by at most that angle times the edges' lengths. Nearly parallel edges give an axis whose
     * direction is mostly rounding, along which the edges need not be supports: both shapes are
     * then projected fully on the computed {@code L} ({@link UnprunedHullSat}'s test), so the
     * verdict along it is a true gap along some direction, never an artefact. Such pairs are rare
     * (about {@code PARALLEL^2} of random crossing pairs) but include every pair of exactly
     * parallel edges, as in a shape tested against a shrunken copy of itself. The orientation
     * {@code L . (vA - cA)} gets the same fallback when it is within {@link #orientationBound}
     * of zero: its sign is then rounding, and a wrong sign turns the overlap along {@code L}
     * into a gap of the same size. Arcs too short for the error they carry ({@link #shortArcs})
     * take the axis from the edges instead ({@link #edgeAxis}).
     *
     * @hidden
     */
    public static boolean crossingSeparates(HullArrays r, int a, int b, int sa, int sb, float tol) {
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
        if (lenSq < PARALLEL_SQ * (r.gg[sa] * r.gg[sb])) {
            return UnprunedHullSat.edgePairSeparates(r, a, b, sa, sb, tol);
        }
        if (shortArcs(lenSq, r.gg[sa], r.gg[sb])) {
            return edgeAxis(r, a, b, sa, sb, false) > tol;
        }
        float ax = r.px[sa];
        float ay = r.py[sa];
        float az = r.pz[sa];
        float orient = lx * (ax - r.cx[a]) + ly * (ay - r.cy[a]) + lz * (az - r.cz[a]);
        float gb1 = Math.abs(gbx) + Math.abs(gby) + Math.abs(gbz);
        float l1 = Math.abs(lx) + Math.abs(ly) + Math.abs(lz);
        if (Math.abs(orient) <= orientationBound(r, a, sa, gb1, l1)) {
            return UnprunedHullSat.edgePairSeparates(r, a, b, sa, sb, tol);
        }
        float sep = lx * (r.px[sb] - ax) + ly * (r.py[sb] - ay) + lz * (r.pz[sb] - az);
        if (orient < 0) {
            sep = -sep;
        }
        float len = (float) Math.sqrt(lenSq);
        return sep > tol * len;
    }

    /**
     * Are the Gauss arcs of a crossing pair too short for the axis {@code L = gA x gB} (with
     * {@code lenSq = |L|^2} and {@code ggA, ggB} the arcs' {@code |g|^2}, all as stored or
     * computed in float) to keep the band of {@link HullOverlapKernel}? Each float arc is within
     * about {@code 5 u} of the exact cross product of its faces' exact unit normals (the normals
     * rounded per component, then a float cross product), so its direction is off by
     * {@code 5 u / |g|}, and {@code L}'s by {@code (5 u (|gA| + |gB|) + 3 u |gA| |gB|) / |L|}. An
     * arc is short where its faces are nearly coplanar or nearly back to back (a knife edge,
     * {@code |g|} about 1e-3 on a thin cone's rim). The arc axis is kept only when
     * {@code |L|^2 >= 2^-7 (|gA|^2 + |gB|^2)}: then {@code (|gA| + |gB|) / |L| <= 16} and, with
     * {@code sin(theta) >= }{@link #PARALLEL}, the direction is within
     * {@code 80 u + 48 u = 128 u}. Symmetric in A and B (the float {@code gB x gA} is exactly
     * {@code -(gA x gB)}). About 3 to 6 percent of the crossing pairs of ordinary hulls of 16 to
     * 32 points take {@link #edgeAxis} instead.
     *
     * @hidden
     */
    public static boolean shortArcs(float lenSq, float ggA, float ggB) {
        return lenSq < (ggA + ggB) * SHORT_ARCS;
    }

    /**
     * The separation of a crossing pair with {@link #shortArcs} along the axis of its edges,
     * {@code L = dA x dB} with {@code dA, dB} the float differences of each edge's two vertices,
     * each first scaled by a power of two to a largest component in {@code [1, 2)} (exact, and
     * no product can overflow or underflow): {@code L . (vB - vA) / |L|} with {@code L} oriented
     * away from A's centroid, or, when that orientation is within
     * {@code 2^-18 (|dA|_1 |dB|_1 |vA - cA|_1 + |L|_1 M_A)} of zero, the full projections'
     * {@code max(minB - maxA, minA - maxB) / |L|}. The edges' differences are within {@code u} of
     * exact per component, so {@code L} is within {@code (4 u / sin(theta) + u)} of the
     * exact edge cross product's direction, whatever the arcs' lengths: the orientation's error
     * is far below that bound, and the separation keeps the band of the long-arc axis. A
     * quotient that underflows to zero from a positive gap is kept positive. With
     * {@code orientation}, instead the sign that orients {@code L} from A to B, {@code 1f} or
     * {@code -1f}. The MTV reference writes the normal from {@link #edgeAxisComponent}.
     *
     * @hidden
     */
    public static float edgeAxis(HullArrays r, int a, int b, int sa, int sb, boolean orientation) {
        float dax = edgeDelta(r, a, sa, 0);
        float day = edgeDelta(r, a, sa, 1);
        float daz = edgeDelta(r, a, sa, 2);
        float dbx = edgeDelta(r, b, sb, 0);
        float dby = edgeDelta(r, b, sb, 1);
        float dbz = edgeDelta(r, b, sb, 2);
        float lx = day * dbz - daz * dby;
        float ly = daz * dbx - dax * dbz;
        float lz = dax * dby - day * dbx;
        float len = (float) Math.sqrt(lx * lx + ly * ly + lz * lz);
        if (len == 0) {
            // Parallel edges behind arcs too short to tell (the arc test let them through): a
            // zero axis, on which every projection is 0, separates nothing.
            return orientation ? 1f : Float.NEGATIVE_INFINITY;
        }
        float ax = r.px[sa];
        float ay = r.py[sa];
        float az = r.pz[sa];
        float ox = ax - r.cx[a];
        float oy = ay - r.cy[a];
        float oz = az - r.cz[a];
        float orient = lx * ox + ly * oy + lz * oz;
        float da1 = Math.abs(dax) + Math.abs(day) + Math.abs(daz);
        float db1 = Math.abs(dbx) + Math.abs(dby) + Math.abs(dbz);
        float bound = (da1 * db1 * (Math.abs(ox) + Math.abs(oy) + Math.abs(oz))
                + (Math.abs(lx) + Math.abs(ly) + Math.abs(lz)) * r.magnitude[a]) * ORIENT_SLACK;
        return orientedSeparation(r, a, b, sb, ax, ay, az, lx, ly, lz, len, orient, Math.abs(orient) <= bound,
                orientation);
    }

    /**
     * The tail of a crossing pair's separation along {@code L = (lx, ly, lz)} of length
     * {@code len}, shared by the boolean and MTV kernels so that both round it alike. With
     * {@code project}, the larger of the two full projection gaps (a true gap along {@code L}
     * whichever way it points); otherwise B's support vertex (slot {@code sb}) against A's,
     * {@code (ax, ay, az)}, the vertex at which {@code orient = L . (vA - cA)} was computed,
     * flipped when {@code orient < 0}. Returns, with {@code orientation}, the sign that orients
     * {@code L} from A to B ({@code 1f} or {@code -1f}); otherwise the separation divided by
     * {@code len}, kept positive if the quotient underflows, so that its sign is the boolean
     * kernel's {@code sep > 0 * len}.
     *
     * @hidden
     */
    public static float orientedSeparation(HullArrays r, int a, int b, int sb, float ax, float ay, float az,
                                           float lx, float ly, float lz, float len, float orient, boolean project,
                                           boolean orientation) {
        float sep;
        boolean flip;
        if (project) {
            long rangeA = UnprunedHullSat.projectionRange(r, a, lx, ly, lz);
            long rangeB = UnprunedHullSat.projectionRange(r, b, lx, ly, lz);
            float up = UnprunedHullSat.least(rangeB) - UnprunedHullSat.greatest(rangeA);
            float down = UnprunedHullSat.least(rangeA) - UnprunedHullSat.greatest(rangeB);
            flip = down > up;
            sep = flip ? down : up;
        } else {
            sep = lx * (r.px[sb] - ax) + ly * (r.py[sb] - ay) + lz * (r.pz[sb] - az);
            flip = orient < 0;
            if (flip) {
                sep = -sep;
            }
        }
        if (orientation) {
            return flip ? -1f : 1f;
        }
        float s = sep / len;
        return s == 0 && sep > 0 ? Float.MIN_VALUE : s;
    }

    /**
     * Component {@code axis} (0..2) of {@link #edgeAxis}'s {@code L = dA x dB} (scaled edges),
     * unoriented.
     *
     * @hidden
     */
    public static float edgeAxisComponent(HullArrays r, int a, int b, int sa, int sb, int axis) {
        int i = axis == 0 ? 1 : axis == 1 ? 2 : 0;
        int j = axis == 0 ? 2 : axis == 1 ? 0 : 1;
        return edgeDelta(r, a, sa, i) * edgeDelta(r, b, sb, j) - edgeDelta(r, a, sa, j) * edgeDelta(r, b, sb, i);
    }

    /**
     * Component {@code axis} of edge slot s's {@code v1 - v0} (shape k), scaled by the power of
     * two that brings its largest component into {@code [1, 2)} (exact): the edge vectors of
     * {@link #edgeAxis} and {@link #edgeAxisComponent}.
     */
    private static float edgeDelta(HullArrays r, int k, int s, int axis) {
        int v = r.vStart[k] + r.ev1[s];
        float dx = r.vx[v] - r.px[s];
        float dy = r.vy[v] - r.py[s];
        float dz = r.vz[v] - r.pz[s];
        int e = -Math.getExponent(Math.max(Math.abs(dx), Math.max(Math.abs(dy), Math.abs(dz))));
        return Math.scalb(axis == 0 ? dx : axis == 1 ? dy : dz, e);
    }

    /**
     * How far from zero the orientation {@code L . (vA - cA)} of a crossing pair must be for its
     * sign to be trusted: {@code 2^-18 ((|gA|_1 + |gB|_1) |vA - cA|_1 + |L|_1 M_A)}, with
     * {@code |.|_1} the sum of absolute components, {@code gB} and {@code L} given as
     * {@code gb1 = |gB|_1} and {@code l1 = |L|_1}, {@code vA} edge slot sa's first vertex, and
     * {@code M_A} A's magnitude. The float Gauss arcs are each within about {@code 10 u} of the
     * exact {@code a x b} of the exact face normals, whatever their length, so {@code L} is off
     * by about {@code 20 u (|gA| + |gB|)} plus its own rounding: relative to {@code |L|} that is
     * large when an arc is short, as at a knife edge (faces nearly back to back) of a hull thin
     * there. The exact value, meanwhile, is {@code |L|} times the distance from the centroid to
     * A's support plane along {@code L}, which on such a hull can be tiny (a flat cone's base
     * edge with its centroid near the base): the first term bounds the error the axis direction
     * makes, the second the centroid's rounding to float, which can put it outside a thin hull.
     * Below this bound the pair takes the full projections instead, whose gap along the computed
     * axis is a true gap in either orientation. A single expression for the SIMD twin's lanes.
     *
     * @hidden
     */
    public static float orientationBound(HullArrays r, int a, int sa, float gb1, float l1) {
        return ((arcNorm1(r, sa) + gb1) * centroidOffset1(r, a, sa) + l1 * r.magnitude[a]) * ORIENT_SLACK;
    }

    /**
     * {@code |gA|_1} of edge slot sa, for {@link #orientationBound}.
     *
     * @hidden
     */
    public static float arcNorm1(HullArrays r, int sa) {
        return Math.abs(r.gx[sa]) + Math.abs(r.gy[sa]) + Math.abs(r.gz[sa]);
    }

    /**
     * {@code |vA - cA|_1} of edge slot sa of shape a, for {@link #orientationBound}.
     *
     * @hidden
     */
    public static float centroidOffset1(HullArrays r, int a, int sa) {
        return Math.abs(r.px[sa] - r.cx[a]) + Math.abs(r.py[sa] - r.cy[a]) + Math.abs(r.pz[sa] - r.cz[a]);
    }
}
