package dev.sepax.narrow;

import dev.sepax.internal.PolygonArrays;
import dev.sepax.batch.PairBatch;
import dev.sepax.batch.Penetrations;
import dev.sepax.shape.ConvexPolygons;

/**
 * The scalar reference {@link PenetrationKernel}. Its float expressions, its ranges and its
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
 *       lanes above) are fast enough that ranges would not pay (see {@link #ALL_PAIRS_CAPACITY}).
 *   <li><b>Merge class</b> (any other pair): the same support form, but each edge's minimum
 *       runs over a range of the other shape's vertices only, found by the angle merge of the
 *       two edge sequences (the boundary of the Minkowski difference): edges go in groups of
 *       {@link #MERGE_GROUP}, each group's range runs from the support of its first edge to the
 *       support of the next group's first edge, see {@code mergeSide}.
 * </ul>
 * Both then run the same {@link #finish tail} (world axes, normal, outputs); see
 * {@link PenetrationKernel} for the error band of each class. In both classes an edge's
 * separation depends on the edge's shape and the other shape only, not on which is A: swapping
 * A and B gives the same floats, so the depth is the same and the normal exactly negated.
 *
 * <p>Cost: {@code 2 m k} products and fmas per pair in the small class. In the merge class, per
 * side, {@code m / 16} support scans of {@code k} vertices and about {@code 16 (k + m / 16)}
 * range evaluations (each range once per edge of its group); a vector kernel does a group's
 * edges in lanes, so its range work is about {@code k + m / 16} vector steps per side.
 * Stateless, thread-safe, allocation-free.
 */
public final class ScalarPenetration implements PenetrationKernel {
    /** The shared instance (the kernel is stateless). */
    public static final ScalarPenetration INSTANCE = new ScalarPenetration();

    /**
     * Largest capacity class of the all-pairs algorithm: a pair whose shapes both have capacity at
     * most this (at most 32 vertices) takes the {@code 2 m k} form, any other pair the merge
     * class's ranges. Chosen for the SIMD kernels, which the facade serves: at 16 and 32 vertices
     * the all-pairs SIMD layouts run a pair in a few vector steps, and the ranges' group-start
     * searches cost about a scan of each shape, so the ranges cannot win there; from 64
     * vertices they win and grow their lead with k (measurements in {@code docs/decisions.md}). The scalar kernel is the reference and the fallback, so
     * it follows the classes of the fast path.
     */
    public static final int ALL_PAIRS_CAPACITY = 32;

    /**
     * Edges per group of the merge class: consecutive edges {@code [16 g, 16 g + 16)} of a shape
     * share one range of the other shape's vertices (see {@code mergeSide}). A constant of the
     * reference, not of a vector width: a kernel with fewer lanes runs a group in several
     * vectors over the same range.
     */
    public static final int MERGE_GROUP = 16;

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
            long r = mergeEdges(s, a, b);
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
     * 0 if no edge gave a number) of pair (a, b), each shape's edges against the other's
     * vertices in the ranges of {@code mergeSide}; A's edges before B's on a tie, as in the
     * small class. Public only for the SIMD kernel's path without scratch; not an API for callers.
     */
    public static long mergeEdges(ConvexPolygons s, int a, int b) {
        long ra = mergeSide(s.arrays(), a, b);
        long rb = mergeSide(s.arrays(), b, a);
        float bestA = Float.intBitsToFloat((int) (ra >>> 32));
        float bestB = Float.intBitsToFloat((int) (rb >>> 32));
        float best;
        int code;
        // B's edges win only when strictly greater: the first axis of the maximum.
        if (bestB > bestA) {
            best = bestB;
            code = -(1 + (int) rb);
        } else {
            best = bestA;
            code = (int) ra < 0 ? 0 : 1 + (int) ra;
        }
        return ((long) Float.floatToRawIntBits(best) << 32) | (code & 0xffffffffL);
    }

    /**
     * One side of the merge class: the best separation (float bits, high word) of the edges of
     * shape {@code ref} against the vertices of shape {@code other}, and its edge (low word,
     * -1 if none gave a number; the first edge of the maximum).
     *
     * <h4>The ranges</h4>
     * The edges of {@code ref} (m of them) go in groups of {@link #MERGE_GROUP} consecutive
     * edges, group {@code g} being edges {@code [16 g, 16 g + 16)}. For each group's first edge
     * the support index {@code j_g} in {@code other} is {@link #supportIndex}; a group's range is
     * the vertices of {@code other} from {@code j_g} forward (counter-clockwise, round the end) to
     * {@code j_(g+1)}, both included, the last group's end being {@code j_0}, the support of edge
     * {@code m = 0} again: {@code ((j_(g+1) - j_g) mod k) + 1} vertices, or all {@code k} when
     * {@code j_(g+1) = j_g} (see {@link #rangeLength}). A shape of at most one group takes every
     * vertex of {@code other} (its edges turn all the way round). Every edge's
     * separation is the small class's support form over its group's range only,
     * {@code min_(j in range) fma(nx, x_j, ny * y_j) - fma(nx, px, ny * py) + 0f}.
     *
     * <p>Why the range holds the support: the edges of a convex polygon turn monotonically, and
     * the support of the other shape along an edge's inward normal moves monotonically with it
     * (the merge of the two edge sequences by angle, which is the boundary of the Minkowski
     * difference). So an edge between two group starts has its support between theirs. Each
     * vertex of {@code other} is in one range, plus the shared ends: the cost is about
     * {@code k + m / 16} vertex steps per 16 edges' lanes, and {@code m / 16} support scans of
     * {@code k} vertices. A float error can move a group start's support only along a chain of
     * nearly parallel edges, see {@link PenetrationKernel} for the band; a range that a float
     * tie turns backwards wraps round (up to all {@code k} vertices), which costs time, never
     * accuracy.
     *
     * <p>The minimum does not depend on the order of the vertices (and the {@code + 0f} erases
     * the sign of a zero), so a kernel may visit a range in any order, in any lanes.
     */
    static long mergeSide(PolygonArrays r, int ref, int other) {
        float[] x = r.x;
        float[] y = r.y;
        float[] nx = r.nx;
        float[] ny = r.ny;
        int or = r.start[ref];
        int kr = r.count[ref];
        int oo = r.start[other];
        int ko = r.count[other];
        int groups = (kr + MERGE_GROUP - 1) / MERGE_GROUP;
        int j0 = groups > 1 ? supportIndex(nx[or], ny[or], x, y, oo, ko) : 0;
        int from = j0;
        float best = Float.NEGATIVE_INFINITY;
        int edge = -1;
        for (int g = 0; g < groups; g++) {
            int first = g * MERGE_GROUP;
            int next = g + 1 < groups ? supportIndex(nx[or + first + MERGE_GROUP], ny[or + first + MERGE_GROUP],
                    x, y, oo, ko) : j0;
            int len = rangeLength(from, next, ko, groups);
            int last = Math.min(first + MERGE_GROUP, kr);
            for (int i = first; i < last; i++) {
                float sep = rangeMin(nx[or + i], ny[or + i], x, y, oo, ko, from, len)
                        - Math.fma(nx[or + i], x[or + i], ny[or + i] * y[or + i]) + 0f;
                // Edges in index order: a strict '>' keeps the first of a tie.
                if (sep > best) {
                    best = sep;
                    edge = i;
                }
            }
            from = next;
        }
        return ((long) Float.floatToRawIntBits(best) << 32) | (edge & 0xffffffffL);
    }

    /**
     * The support index of the merge class's ranges: the first {@code j} in {@code [0, k)} of
     * the least {@code fma(nx, x[o + j], ny * y[o + j])} (a strict {@code <} from
     * {@code +inf}, so a NaN is never taken and {@code -0 == +0}; 0 if no value is below
     * {@code +inf}). Public only for the SIMD kernels; not an API for callers.
     */
    public static int supportIndex(float nx, float ny, float[] x, float[] y, int o, int k) {
        float least = Float.POSITIVE_INFINITY;
        int at = 0;
        for (int j = 0; j < k; j++) {
            float d = Math.fma(nx, x[o + j], ny * y[o + j]);
            if (d < least) {
                least = d;
                at = j;
            }
        }
        return at;
    }

    /**
     * The number of vertices in a merge-class range from support index {@code from} to
     * {@code to} of a shape of {@code k} vertices: {@code ((to - from) mod k) + 1}, or {@code k}
     * when the edges form one group or the two ends are the same vertex. Equal ends mean either
     * that the support stays put over the group or that it goes all the way round: a group
     * holding most of its shape's turning (16 of 17 edges, say, about 340 degrees) starts and
     * ends in the normal cone of one vertex of a coarse other shape, and its middle edges have
     * their supports everywhere else. The two cannot be told apart from the ends, and the whole
     * shape is right for both. Public only for the SIMD kernels; not an API for callers.
     */
    public static int rangeLength(int from, int to, int k, int groups) {
        if (groups == 1 || from == to) {
            return k;
        }
        int d = to - from;
        return (d < 0 ? d + k : d) + 1;
    }

    /**
     * {@code min fma(nx, x_j, ny * y_j)} over the {@code len} vertices of the shape at slot
     * {@code o} (of {@code k}) from index {@code from} forward, round the end (the
     * {@code d < min} update from {@code +inf}). Package-private for the scalar sweep.
     */
    static float rangeMin(float nx, float ny, float[] x, float[] y, int o, int k, int from, int len) {
        float min = Float.POSITIVE_INFINITY;
        int end = Math.min(from + len, k);
        for (int j = o + from; j < o + end; j++) {
            float d = Math.fma(nx, x[j], ny * y[j]);
            if (d < min) {
                min = d;
            }
        }
        for (int j = o; j < o + from + len - end; j++) {
            float d = Math.fma(nx, x[j], ny * y[j]);
            if (d < min) {
                min = d;
            }
        }
        return min;
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
