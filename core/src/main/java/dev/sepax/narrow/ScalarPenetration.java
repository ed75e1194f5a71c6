package dev.sepax.narrow;

import dev.sepax.internal.PolygonArrays;
import dev.sepax.batch.PairBatch;
import dev.sepax.batch.Penetrations;
import dev.sepax.shape.ConvexPolygons;

/**
 * The scalar reference {@link PenetrationKernel}. Its float expressions, its walk and its
 * tie-breaking (first axis of the maximum, in the order of {@link PenetrationKernel}) define the
 * bits every other penetration kernel must reproduce.
 *
 * <h2>Two algorithms, chosen per capacity class</h2>
 * <ul>
 *   <li><b>Small class</b> (both shapes of capacity at most {@link #ALL_PAIRS_CAPACITY}, that is
 *       at most 32 vertices): every edge of A against every vertex of B and the other way round,
 *       each edge's separation the other shape's support along its normal minus the edge's
 *       offset, {@code min_j fma(nx, x_j, ny * y_j) - fma(nx, px, ny * py) + 0f} (the support
 *       form of {@link ScalarSweep}: one product and one fma per vertex, the offset once per
 *       edge). At these sizes the SIMD forms of this (lanes across pairs up to 8 vertices, edges in
 *       lanes above) are faster than the SIMD walk (see {@link #ALL_PAIRS_CAPACITY}).
 *   <li><b>Merge class</b> (any other pair): one {@code O(m + k)} walk round the Minkowski
 *       difference, see {@link #mergeWalk}. Each edge is paired with one vertex of the other
 *       shape, its support along the edge's inward normal, and the separation is the
 *       difference form {@code nx * (vx - px) + ny * (vy - py) + 0f} at that vertex only (one
 *       evaluation per edge, so an offset computed apart would save nothing).
 * </ul>
 * Both then run the same {@link #finish tail} (world axes, normal, outputs); see
 * {@link PenetrationKernel} for the error band of each class.
 *
 * <p>Cost: {@code 2 m k} products and fmas per pair in the small class, {@code m + k} (plus one
 * {@code k}-vertex support scan and at most {@code m + k} cross products) in the merge class.
 * Stateless, thread-safe, allocation-free.
 */
public final class ScalarPenetration implements PenetrationKernel {
    /** The shared instance (the kernel is stateless). */
    public static final ScalarPenetration INSTANCE = new ScalarPenetration();

    /**
     * Largest capacity class of the all-pairs algorithm: a pair whose shapes both have capacity at
     * most this (at most 32 vertices) takes the {@code 2 m k} form, any other pair the merge walk.
     * Chosen for the SIMD kernels, which the facade serves: in one quiet JMH run the all-pairs
     * SIMD MTV ran 1.5x (W16) and 1.2x (W32) the SIMD walk and the all-pairs SIMD sweep 2.4x and
     * 2.1x, while the walk won from W64 (MTV 1.2x, sweep level) and grows its lead with k. The
     * scalar walk alone would win from W16 (2.6x); the scalar kernel is the reference and the
     * fallback, so it follows the classes of the fast path.
     */
    public static final int ALL_PAIRS_CAPACITY = 32;

    private ScalarPenetration() {}

    @Override
    public String name() {
        return "scalar";
    }

    @Override
    public boolean penetration(ConvexPolygons shapes, int a, int b, Penetrations out, int index) {
        Penetrations.checkPair(shapes, a, b, out, index);
        return compute(shapes, a, b, out, index);
    }

    @Override
    public int penetrations(ConvexPolygons shapes, PairBatch pairs, int from, int to, Penetrations out) {
        Penetrations.checkBatch(shapes, pairs, from, to, out);
        int[] pa = pairs.arrays().a;
        int[] pb = pairs.arrays().b;
        int hits = 0;
        for (int p = from; p < to; p++) {
            hits += compute(shapes, pa[p], pb[p], out, p) ? 1 : 0;
        }
        return hits;
    }

    private static boolean compute(ConvexPolygons s, int a, int b, Penetrations out, int p) {
        if (s.arrays().capacity[a] > ALL_PAIRS_CAPACITY || s.arrays().capacity[b] > ALL_PAIRS_CAPACITY) {
            long r = mergeWalk(s, a, b);
            return finish(s, a, b, Float.intBitsToFloat((int) (r >>> 32)), (int) r, out, p);
        }
        float best = Float.NEGATIVE_INFINITY;
        int code = 0;
        int oa = s.arrays().start[a];
        int ob = s.arrays().start[b];
        int ka = s.arrays().count[a];
        int kb = s.arrays().count[b];
        // Strict '>' keeps the first axis of the maximum: A's edges, then B's.
        for (int i = 0; i < ka; i++) {
            float sep = supportSeparation(s, oa + i, ob, kb);
            if (sep > best) {
                best = sep;
                code = 1 + i;
            }
        }
        for (int j = 0; j < kb; j++) {
            float sep = supportSeparation(s, ob + j, oa, ka);
            if (sep > best) {
                best = sep;
                code = -(1 + j);
            }
        }
        return finish(s, a, b, best, code, out, p);
    }

    /**
     * The merge class: best edge separation (float bits, high word) and its axis code (low word,
     * 0 if no edge gave a number) of pair (a, b), from one walk round the Minkowski difference.
     *
     * <h4>The walk</h4>
     * The edges of a convex polygon, counter-clockwise, turn monotonically; the Minkowski
     * difference of two of them has the edges of both, merged by angle. The walk runs over the
     * pair in a canonical order, P = the shape of the smaller index, Q = the other (so that
     * swapping A and B runs the very same walk and gives the very same separations). It starts
     * with P's edge 0 paired with {@code q0}, Q's vertex of the least
     * {@code n_0 . (q - p_0)} (first on ties), then keeps a vertex {@code i} of P and a vertex
     * {@code j} of Q and at each step compares P's edge {@code i} with Q's edge {@code j} by the
     * cross product of their unit normals, {@code c = nxP * nyQ - nyP * nxQ} (float, in this
     * order):
     * <pre>
     *   c &lt;= 0:  P's edge i comes first: it is paired with Q's vertex j, then i advances
     *   c &gt;= 0:  Q's edge j comes first: it is paired with P's vertex i, then j advances
     *   (c == 0: both, each with the other's vertex before the step; c NaN: Q's edge)
     * </pre>
     * until P's {@code m} edges and Q's {@code k} edges (from {@code q0}, round once) are all
     * paired: at most {@code m + k} steps. Each edge's separation is the all-pairs expression
     * at its paired vertex only, then {@code + 0f}.
     *
     * <p>The best edge is then chosen exactly as in the small class: the largest separation,
     * ties to A's edges before B's and to the smaller index within a shape (B's edges, or A's
     * when A is Q, are visited from {@code q0}, not from 0, so the index decides the tie).
     *
     * <p>Why the paired vertex is the support: P's edge {@code i} with outward normal {@code n}
     * is a face of P - Q whose support in Q is the vertex of Q where {@code -n} enters Q's
     * normal cone, which is where the angle merge places it. A wrong float decision happens
     * only between nearly parallel edges, and then moves the pairing along a chain of Q's edges
     * that are all within that rounding of perpendicular to {@code n}: see
     * {@link PenetrationKernel} for the resulting band.
     *
     * <p>Public only so that the SIMD kernel in another package runs exactly this walk; not an
     * API for callers.
     */
    public static long mergeWalk(ConvexPolygons s, int a, int b) {
        PolygonArrays r = s.arrays();
        float[] x = r.x;
        float[] y = r.y;
        float[] nx = r.nx;
        float[] ny = r.ny;
        boolean aIsP = a <= b;
        int op = r.start[aIsP ? a : b];
        int kp = r.count[aIsP ? a : b];
        int oq = r.start[aIsP ? b : a];
        int kq = r.count[aIsP ? b : a];
        // The support of Q for P's edge 0: the first vertex of the least separation.
        float n0x = nx[op];
        float n0y = ny[op];
        float p0x = x[op];
        float p0y = y[op];
        float least = Float.POSITIVE_INFINITY;
        int q0 = 0;
        for (int j = 0; j < kq; j++) {
            float d = n0x * (x[oq + j] - p0x) + n0y * (y[oq + j] - p0y);
            if (d < least) {
                least = d;
                q0 = j;
            }
        }
        float bestP = Float.NEGATIVE_INFINITY;
        int edgeP = -1;
        float bestQ = Float.NEGATIVE_INFINITY;
        int edgeQ = -1;
        int i = 0;
        int j = q0;
        int jEnd = q0 + kq;
        while (i < kp || j < jEnd) {
            int si = op + (i < kp ? i : 0);
            int sj = oq + (j < kq ? j : j - kq);
            float c = nx[si] * ny[sj] - ny[si] * nx[sj];
            boolean pFirst = i < kp && (j == jEnd || c <= 0f);
            boolean qFirst = j < jEnd && (i == kp || !(c < 0f));
            if (pFirst) {
                // P's edges come in index order: a strict '>' keeps the first of a tie.
                float sep = nx[si] * (x[sj] - x[si]) + ny[si] * (y[sj] - y[si]) + 0f;
                if (sep > bestP) {
                    bestP = sep;
                    edgeP = i;
                }
                i++;
            }
            if (qFirst) {
                float sep = nx[sj] * (x[si] - x[sj]) + ny[sj] * (y[si] - y[sj]) + 0f;
                int e = sj - oq;
                // Q's edges come from q0 round: on a tie the smaller index wins.
                if (sep > bestQ || (sep == bestQ && e < edgeQ)) {
                    bestQ = sep;
                    edgeQ = e;
                }
                j++;
            }
        }
        return combine(aIsP, bestP, edgeP, bestQ, edgeQ);
    }

    /**
     * The end of {@link #mergeWalk}: P's and Q's best separations and edges (-1: none) to the
     * pair's best edge separation (float bits, high word) and axis code (low word), A's edges
     * first on a tie. Public only for the SIMD kernel; not an API for callers.
     */
    public static long combine(boolean aIsP, float bestP, int edgeP, float bestQ, int edgeQ) {
        float bestA = aIsP ? bestP : bestQ;
        float bestB = aIsP ? bestQ : bestP;
        int edgeA = aIsP ? edgeP : edgeQ;
        int edgeB = aIsP ? edgeQ : edgeP;
        float best;
        int code;
        if (bestB > bestA) {
            best = bestB;
            code = -(1 + edgeB);
        } else {
            best = bestA;
            code = edgeA < 0 ? 0 : 1 + edgeA;
        }
        return ((long) Float.floatToRawIntBits(best) << 32) | (code & 0xffffffffL);
    }

    /**
     * The small class's separation of the edge in {@code slot} from the {@code k} vertices from
     * slot {@code o}: {@code min_j fma(nx, x_j, ny * y_j) - fma(nx, px, ny * py) + 0f}, the
     * other shape's support along the unit normal {@code n} minus the edge's own offset (its
     * first vertex {@code p}), the expressions of {@link ScalarSweep}'s small class. The offset
     * is computed once per edge, so each vertex costs one product, one fused multiply-add and
     * the compare; a vertex equal to {@code p} gives exactly the offset, so a shared vertex
     * gives exactly 0. Error band: see {@link PenetrationKernel}.
     */
    private static float supportSeparation(ConvexPolygons s, int slot, int o, int k) {
        PolygonArrays r = s.arrays();
        float[] x = r.x;
        float[] y = r.y;
        float nx = r.nx[slot];
        float ny = r.ny[slot];
        float min = Float.POSITIVE_INFINITY;
        for (int j = o; j < o + k; j++) {
            // The defining expression: Math.fma over one plain product (the SIMD lanes repeat it).
            float d = Math.fma(nx, x[j], ny * y[j]);
            if (d < min) {
                min = d;
            }
        }
        // + 0f maps -0 to +0: the float order is then total, so any kernel's max agrees.
        return min - Math.fma(nx, x[slot], ny * y[slot]) + 0f;
    }

    /**
     * {@code min_j n . (v_j - p) + 0f} for the unit normal {@code n} and first vertex {@code p}
     * of the edge in {@code slot}, over the {@code k} vertices from slot {@code o}: the
     * difference form, whose rounding is relative to {@code |v - p|}. The penetration's small
     * class uses the support form instead ({@code supportSeparation}); this one defines the
     * best edges of the contact package's {@code ContactManifoldFinder}, whose bits are its own.
     * Public only for that finder and its SIMD kernel; not an API for callers.
     */
    public static float edgeSeparation(ConvexPolygons s, int slot, int o, int k) {
        PolygonArrays r = s.arrays();
        float[] x = r.x;
        float[] y = r.y;
        float nx = r.nx[slot];
        float ny = r.ny[slot];
        float px = x[slot];
        float py = y[slot];
        float min = Float.POSITIVE_INFINITY;
        for (int j = o; j < o + k; j++) {
            // The defining expression: plain mul + add, in this order (the SIMD lanes repeat it).
            float d = nx * (x[j] - px) + ny * (y[j] - py);
            if (d < min) {
                min = d;
            }
        }
        // + 0f maps -0 to +0: the float order is then total, so any kernel's max agrees.
        return min + 0f;
    }

    /**
     * The tail shared by every penetration kernel: given the best edge separation {@code best}
     * and its axis code ({@code 1 + i}, {@code -(1 + j)}, or 0 if no edge gave a number), tries
     * the world axes, then writes entry {@code p} of {@code out}. Public only so that the SIMD
     * kernel in another package computes exactly the same tail; not an API for callers.
     *
     * @return true if the pair intersects or touches
     */
    public static boolean finish(ConvexPolygons s, int a, int b, float best, int code, Penetrations out, int p) {
        PolygonArrays r = s.arrays();
        // Branch-free normal: which edge won is a coin toss per pair, and a mispredicted branch
        // here costs more than the rest of the tail. A's edge i: its outward normal; B's edge j:
        // minus B's outward normal (the sign bit flipped); + 0f turns -0 into +0, so the output
        // has no -0 and swapping A and B negates the normal exactly.
        int slot = code > 0 ? r.start[a] + code - 1 : code < 0 ? r.start[b] - code - 1 : r.start[a];
        int flip = code & 0x80000000;
        float normalX = Float.intBitsToFloat(Float.floatToRawIntBits(r.nx[slot]) ^ flip) + 0f;
        float normalY = Float.intBitsToFloat(Float.floatToRawIntBits(r.ny[slot]) ^ flip) + 0f;
        // World axes after all edges, each with strict '>', so an equal edge keeps the win.
        float g = r.minX[b] - r.maxX[a] + 0f; // B to the right of A
        if (g > best) {
            best = g;
            code = Penetrations.AXIS_WORLD_X;
            normalX = 1f;
            normalY = 0f;
        }
        g = r.minX[a] - r.maxX[b] + 0f; // B to the left of A
        if (g > best) {
            best = g;
            code = Penetrations.AXIS_WORLD_X;
            normalX = -1f;
            normalY = 0f;
        }
        g = r.minY[b] - r.maxY[a] + 0f; // B above A
        if (g > best) {
            best = g;
            code = Penetrations.AXIS_WORLD_Y;
            normalX = 0f;
            normalY = 1f;
        }
        g = r.minY[a] - r.maxY[b] + 0f; // B below A
        if (g > best) {
            best = g;
            code = Penetrations.AXIS_WORLD_Y;
            normalX = 0f;
            normalY = -1f;
        }
        float depth = 0f - best; // 0f - x: +0 stays +0
        if (code == 0) {
            // No finite separation on any axis (only when the arithmetic overflowed).
            depth = Float.NaN;
            normalX = 0f;
            normalY = 0f;
        }
        out.normalXs()[p] = normalX;
        out.normalYs()[p] = normalY;
        out.depths()[p] = depth;
        out.axes()[p] = code;
        return depth >= 0;
    }
}
