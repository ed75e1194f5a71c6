package dev.sepax.narrow;

import dev.sepax.batch.Distances;
import dev.sepax.batch.SimplexCache;
import dev.sepax.batch.PairBatch;
import dev.sepax.batch.Penetrations;
import dev.sepax.internal.RoundedArrays;
import dev.sepax.internal.SupportSearch;
import dev.sepax.shape.RoundedShapes;

/**
 * The scalar reference {@link DistanceKernel}: GJK on the cores of two rounded shapes, then the
 * radii. Its float expressions, the order of its Voronoi-region tests and of its guards define
 * the bits every other distance kernel must reproduce.
 *
 * <h2>One iteration</h2>
 * <pre>
 *   start:  warm, the cached support pairs; cold, the one pair (argmax_i -c.a_i, argmax_j c.b_j)
 *           for c = centre(A) - centre(B) ({@link #centre}: the cores' means)
 *   simplex of n = 1..3 support pairs (i, j),  w = b_j - a_i  (computed as bx - ax, by - ay)
 *   n = 2:  e = w2 - w1,  u = w2.e,  v = -(w1.e)
 *           v &lt;= 0: keep w1 | u &lt;= 0: keep w2 | else the segment, weights u/(u+v), v/(u+v)
 *   n = 3:  the regions of w1, edge 12, edge 13, w2, w3, edge 23, then the inside, tested in
 *           this order with the signed-area terms scaled by the sign of the triangle's area
 *           (not its value: that product could overflow); inside means overlap
 *   d:      n = 1: -w1;  n = 2: the perpendicular of e on the origin's side
 *           (cross(e, -w1) == 0: the origin is on the segment: touching)
 *   add:    (argmax_i -d.a_i, argmax_j d.b_j), first index on ties
 * </pre>
 * Weights are quotients {@code u / (u + v)} of positive terms, never a reciprocal that could
 * overflow, so they are finite and within [0, 1]. The closest points are the weighted core points
 * ({@code a1*p1 + a2*p2 (+ a3*p3)}); their gap {@code c} gives the core distance as
 * {@code m * sqrt((cx/m)^2 + (cy/m)^2)} with {@code m = max(|cx|, |cy|)} (no underflow for tiny
 * gaps), then the radii are applied along the normal {@code c/|c|}.
 *
 * <h2>Error band</h2>
 * The no-progress guard stops when the true core distance is at least {@code (1 - PROGRESS)}
 * times the simplex's (a duality gap), so the termination error is at most {@code PROGRESS * d}.
 * Rounding: every Minkowski point {@code w} is one rounded difference, the weights are quotients
 * of sums of two products, and the closest points are sums of at most three products, so each
 * coordinate of a closest point carries a few units of roundoff {@code u = 2^-24} of the largest
 * coordinate magnitude {@code M} of the two cores; the gap, its length and the radii add a few
 * more of {@code M + rA + rB}. {@link #band} is {@code PROGRESS * d + 64 u (M + rA + rB)}, with
 * room for second-order terms; measured on random pairs against double-precision brute force
 * (DistancePropertiesTest), the error stays below a quarter of it.
 *
 * <p>A core of at least {@link #LOG_SUPPORT_MIN_POINTS} points takes its support by the
 * checked O(log k) search. Its vertex's support value is below the exact maximum by at most
 * {@code 4.1 u} times the length of the edges between them, which lie within {@code 4.1 u} of
 * perpendicular to {@code d}: at most the perimeter, {@code 8 M}, so {@code 33 u M} (the
 * argument of {@link SupportSearch}'s class comment). GJK with such an inexact support stops
 * (no progress, or a repeated support) with its simplex distance at most that much above the
 * true one: the duality gap it certifies is measured against the support it was given. So each
 * searched core adds {@code 33 u (M + rA + rB)} to the band.
 *
 * <h2>Acceleration ({@link GjkAcceleration})</h2>
 * With {@link GjkAcceleration#NESTEROV} the support is taken along a momentum direction instead
 * of {@code d} (Montaut, Le Lidec, Petrik, Sivic, Carpentier, "Collision Detection Accelerated:
 * An Optimization Perspective", RSS 2022, with its normalised variant for shapes that are not
 * strictly convex). After {@code k >= 1} iterations, with {@code x} the simplex's closest point
 * ({@code w1}, or {@code a1 w1 + a2 w2}), {@code w} the last support point and {@code q} the last
 * search direction:
 * <pre>
 *   m = (k + 2) / (k + 3),   y = m x + (1 - m) w
 *   s = m q/|q| - (1 - m) y/|y|      (y = 0: s = d)
 * </pre>
 * with {@code |v|} the largest component's magnitude (the max norm), not the Euclidean length
 * the paper uses: the blend's weights move by at most a factor {@code sqrt 2}, which only
 * changes which support is found, and the step needs no square root (with it, the SIMD step ran
 * past C2's inlining budget). {@code |s| >= 2m - 1 >= 1/3} in that norm, so {@code s} is never
 * 0. The first iteration is plain ({@code q = d}). The new support point {@code w} is then
 * judged along {@code d}, not {@code s}: if it repeats a support pair of the simplex or makes no
 * progress along {@code d} (the duality gap at {@code x} is below {@code PROGRESS}), the pair
 * drops momentum for good and redoes the step along {@code d} from the same simplex (the paper's
 * fallback). The error band holds in every
 * mode because no pair ever stops on a momentum step: the repeated-support and no-progress exits
 * fire only on a support taken along {@code d}, where they are the plain certificates; a momentum
 * step that passes them has {@code d.w > d.x}, so the simplex distance strictly decreases and
 * GJK's monotonicity (hence termination) is kept; the iteration cap counts every support,
 * the redone ones included. Passing is not enough to end in time, though: near a flat core of
 * many points (a 1024-point ellipse of aspect 1/20, a point 1e-4 above its flat side) momentum
 * steps each gained a little, ran into the cap and stopped at several times the distance, far
 * outside the band. So momentum is used only for the first {@link #MOMENTUM_ITERATIONS} supports
 * and the rest of the cap is plain GJK, which ends on its own certificates (on such shapes plain
 * GJK needs at most about 12 iterations from a cold start).
 *
 * <p>{@link GjkAcceleration#PROXIMITY} runs the first iteration plain and switches momentum on
 * only when its support line passes within {@link #PROXIMITY_BAND} of the simplex distance from
 * the origin ({@code |d.w| <= PROXIMITY_BAND |d.x|}: the lower bound from that line is near 0
 * while the simplex is still far from the origin: near contact). Measured on the regime scenes
 * of {@code GjkRegimes} (bench): on 2D polygon cores plain GJK ends after a handful of
 * iterations (it is exact on polytopes), momentum everywhere costs 0.4 to 1.3 more, and the
 * proximity rule saves 6 to 8% near contact at 32 and 64 core points and changes nothing far
 * apart or deep; in time neither wins (see bench/RESULTS.md), so the default stays plain.
 *
 * <p>Cost: per iteration two support searches ({@code ka + kb} dot products, or O(log k) for a
 * core of at least {@link #LOG_SUPPORT_MIN_POINTS} points); a momentum
 * step adds five divisions. Stateless, thread-safe, allocation-free.
 */
public final class ScalarDistance implements DistanceKernel {
    /** The acceleration of {@link #INSTANCE} and of the facade's kernel (see docs/decisions.md). */
    public static final GjkAcceleration DEFAULT_ACCELERATION = GjkAcceleration.NONE;
    private static final ScalarDistance[] MODES = {
        new ScalarDistance(GjkAcceleration.NONE), new ScalarDistance(GjkAcceleration.NESTEROV),
        new ScalarDistance(GjkAcceleration.PROXIMITY)
    };
    /** The shared instance with {@link #DEFAULT_ACCELERATION} (the kernel is stateless). */
    public static final ScalarDistance INSTANCE = of(DEFAULT_ACCELERATION);
    /** Most support pairs one pair may evaluate. */
    public static final int MAX_ITERATIONS = 64;
    /**
     * Momentum is used only for the first this many support pairs of a pair (the redone ones
     * included); the rest of {@link #MAX_ITERATIONS} is plain GJK (see the class doc,
     * "Acceleration").
     */
    public static final int MOMENTUM_ITERATIONS = MAX_ITERATIONS / 2;
    /** Relative progress below which GJK stops: the termination error is at most this times the distance. */
    public static final float PROGRESS = 0x1p-22f;
    /**
     * {@link GjkAcceleration#PROXIMITY} switches momentum on when the first support line passes
     * within this fraction of the simplex's distance from the origin (see the class doc).
     */
    public static final float PROXIMITY_BAND = 0.125f;

    private final GjkAcceleration mode;

    private ScalarDistance(GjkAcceleration mode) {
        this.mode = mode;
    }

    /** The shared instance with acceleration {@code mode}. */
    public static ScalarDistance of(GjkAcceleration mode) {
        return MODES[mode.ordinal()];
    }

    @Override
    public String name() {
        return "scalar";
    }

    @Override
    public GjkAcceleration acceleration() {
        return mode;
    }

    @Override
    public ScalarDistance withAcceleration(GjkAcceleration mode) {
        return of(mode);
    }

    @Override
    public boolean distance(RoundedShapes shapes, int a, int b, Distances out, int index) {
        DistanceKernel.checkPair(shapes, a, b, out, index);
        return pair(shapes.arrays(), a, b, 0f, 0f, null, index, out, null, mode);
    }

    @Override
    public int distances(RoundedShapes shapes, PairBatch pairs, int from, int to, Distances out, SimplexCache cache) {
        DistanceKernel.checkBatch(shapes, pairs, from, to, out, cache);
        RoundedArrays s = shapes.arrays();
        int[] pa = pairs.arrays().a;
        int[] pb = pairs.arrays().b;
        int hits = 0;
        for (int p = from; p < to; p++) {
            hits += pair(s, pa[p], pb[p], 0f, 0f, cache, p, out, null, mode) ? 1 : 0;
        }
        return hits;
    }

    /**
     * The band within which {@link Distances#distance} lies of the true distance of shapes
     * {@code a} and {@code b} when the computed distance is {@code d}: see the class doc.
     */
    public static double band(RoundedShapes shapes, int a, int b, double d) {
        double m = Math.max(magnitude(shapes, a), magnitude(shapes, b));
        int searched = (shapes.count(a) >= LOG_SUPPORT_MIN_POINTS ? 1 : 0) + (shapes.count(b) >= LOG_SUPPORT_MIN_POINTS ? 1 : 0);
        return PROGRESS * d + (64 + 33 * searched) * 0x1p-24 * (m + shapes.radius(a) + shapes.radius(b));
    }

    private static double magnitude(RoundedShapes shapes, int s) {
        double m = 0;
        for (int i = 0; i < shapes.count(s); i++) {
            m = Math.max(m, Math.max(Math.abs(shapes.pointX(s, i)), Math.abs(shapes.pointY(s, i))));
        }
        return m;
    }

    /**
     * The simplex size of cache entry {@code p} when all its indices fit shapes of {@code ka}
     * and {@code kb} core points, else 0 (start cold). Public only so that the SIMD kernel starts
     * exactly as this one does; not an API for callers.
     */
    public static int cachedCount(SimplexCache cache, int p, int ka, int kb) {
        if (cache == null) {
            return 0;
        }
        int n = cache.counts()[p];
        if (n < 1 || n > 3) {
            return 0;
        }
        int[] ia = cache.indexAs();
        int[] ib = cache.indexBs();
        for (int v = 0; v < n; v++) {
            int i = ia[3 * p + v];
            int j = ib[3 * p + v];
            if (i < 0 || i >= ka || j < 0 || j >= kb) {
                return 0;
            }
        }
        return n;
    }

    /**
     * Index of the core point of the {@code k} from slot {@code o}, moved by {@code (ox, oy)},
     * with the largest {@code d.p}; first on ties. The moved point is {@code x + ox} (one
     * rounding), as the SIMD kernels pack it.
     */
    static int support(float[] x, float[] y, int o, int k, float dx, float dy, float ox, float oy) {
        int best = 0;
        float bv = dx * (x[o] + ox) + dy * (y[o] + oy);
        for (int i = 1; i < k; i++) {
            float v = dx * (x[o + i] + ox) + dy * (y[o + i] + oy);
            if (v > bv) {
                bv = v;
                best = i;
            }
        }
        return best;
    }

    /**
     * Cores with at least this many points take their support from the O(log k) search over
     * their edge normals ({@link SupportSearch#verifiedSupport}), the others (and the searches
     * whose check fails) from the linear scan. Above the SIMD kernel's lane limit (64 core
     * points), so the lanes never need the search: pairs with such a core run this class's code.
     */
    public static final int LOG_SUPPORT_MIN_POINTS = 65;

    /**
     * The support index of the core of {@code k} points at slot {@code o} along {@code d}: the
     * checked search's vertex for a large core (a vertex whose two edges' normals bracket
     * {@code d}, so the exact maximum of {@code d.p} is there or along edges within {@code 4.1 u}
     * of perpendicular to {@code d}; see {@link SupportSearch}), else the linear scan's.
     */
    static int support(RoundedArrays s, int o, int k, float dx, float dy) {
        if (k >= LOG_SUPPORT_MIN_POINTS) {
            int j = SupportSearch.verifiedSupport(s.nx(), s.ny(), o, k, dx, dy);
            if (j >= 0) {
                return j;
            }
        }
        return support(s.x(), s.y(), o, k, dx, dy);
    }

    /** {@link #support(RoundedArrays, int, int, float, float)} for the core moved by {@code (ox, oy)}. */
    static int support(RoundedArrays s, int o, int k, float dx, float dy, float ox, float oy) {
        if (k >= LOG_SUPPORT_MIN_POINTS) {
            // A translation does not change which vertex's normal cone holds d.
            int j = SupportSearch.verifiedSupport(s.nx(), s.ny(), o, k, dx, dy);
            if (j >= 0) {
                return j;
            }
        }
        return support(s.x(), s.y(), o, k, dx, dy, ox, oy);
    }

    /** Index of the core point of the {@code k} from slot {@code o} with the largest {@code d.p}; first on ties. */
    static int support(float[] x, float[] y, int o, int k, float dx, float dy) {
        int best = 0;
        float bv = dx * x[o] + dy * y[o];
        for (int i = 1; i < k; i++) {
            float v = dx * x[o + i] + dy * y[o + i];
            if (v > bv) {
                bv = v;
                best = i;
            }
        }
        return best;
    }

    /**
     * GJK for pair {@code (a, b)} into entry {@code p} of {@code out}, warm from entry {@code p}
     * of {@code cache} (null: cold). Public only so that the SIMD kernel runs exactly this for
     * the pairs it does not put in lanes; not an API for callers.
     *
     * @return true if the shapes touch or overlap
     */
    public static boolean pair(RoundedArrays s, int a, int b, SimplexCache cache, int p, Distances out) {
        return pair(s, a, b, cache, p, out, null);
    }

    /**
     * GJK for pair {@code (a, b)} as {@link #pair(RoundedArrays, int, int, SimplexCache, int, Distances)},
     * with the tail chosen by the output: the distance into {@code out} when {@code mtv} is null,
     * else the penetration of {@link ScalarRoundedPenetration} into entry {@code p} of {@code mtv}
     * ({@code out} unused). One GJK loop serves both queries, so their simplices are the same bits.
     *
     * @return true if the shapes touch or overlap
     */
    public static boolean pair(RoundedArrays s, int a, int b, SimplexCache cache, int p, Distances out,
                               Penetrations mtv) {
        return pair(s, a, b, 0f, 0f, cache, p, out, mtv);
    }

    /**
     * GJK for pair {@code (a, b)} with B's core moved by {@code (ox, oy)} (every B point taken as
     * {@code x + ox, y + oy}; {@code 0, 0} for the plain queries, the shape cast's position
     * otherwise), the tail chosen by the output as in
     * {@link #pair(RoundedArrays, int, int, SimplexCache, int, Distances, Penetrations)}. Public
     * only so that the SIMD kernels run exactly this; not an API for callers.
     *
     * @return true if the shapes touch or overlap
     */
    public static boolean pair(RoundedArrays s, int a, int b, float ox, float oy, SimplexCache cache, int p,
                               Distances out, Penetrations mtv) {
        return pair(s, a, b, ox, oy, cache, p, out, mtv, GjkAcceleration.NONE);
    }

    /**
     * GJK for pair {@code (a, b)} as
     * {@link #pair(RoundedArrays, int, int, float, float, SimplexCache, int, Distances, Penetrations)},
     * with the search direction chosen by {@code mode} (see the class doc, "Acceleration").
     * Public only so that the SIMD kernels run exactly this; not an API for callers.
     *
     * @return true if the shapes touch or overlap
     */
    public static boolean pair(RoundedArrays s, int a, int b, float ox, float oy, SimplexCache cache, int p,
                               Distances out, Penetrations mtv, GjkAcceleration mode) {
        float[] x = s.x();
        float[] y = s.y();
        int oa = s.start()[a];
        int ob = s.start()[b];
        int ka = s.count()[a];
        int kb = s.count()[b];
        int n = 1;
        int ia1 = 0;
        int ib1 = 0;
        int ia2 = 0;
        int ib2 = 0;
        int ia3 = 0;
        int ib3 = 0;
        int cn = cachedCount(cache, p, ka, kb);
        if (cn > 0) {
            int[] ca = cache.indexAs();
            int[] cb = cache.indexBs();
            n = cn;
            ia1 = ca[3 * p];
            ib1 = cb[3 * p];
            if (cn > 1) {
                ia2 = ca[3 * p + 1];
                ib2 = cb[3 * p + 1];
            }
            if (cn > 2) {
                ia3 = ca[3 * p + 2];
                ib3 = cb[3 * p + 2];
            }
        } else {
            // Cold: the support pair along the line between the cores' centres (A's point
            // farthest towards B's centre, B's towards A's), not point pair (0, 0), so the first
            // vertex is already near the closest features.
            long start = coldStart(s, oa, ka, ob, kb, ox, oy);
            ia1 = (int) (start >>> 32);
            ib1 = (int) start;
            ia2 = ia1;
            ib2 = ib1;
            ia3 = ia1;
            ib3 = ib1;
        }
        float ax1 = x[oa + ia1];
        float ay1 = y[oa + ia1];
        float bx1 = x[ob + ib1] + ox;
        float by1 = y[ob + ib1] + oy;
        float ax2 = x[oa + ia2];
        float ay2 = y[oa + ia2];
        float bx2 = x[ob + ib2] + ox;
        float by2 = y[ob + ib2] + oy;
        float ax3 = x[oa + ia3];
        float ay3 = y[oa + ia3];
        float bx3 = x[ob + ib3] + ox;
        float by3 = y[ob + ib3] + oy;
        float a1 = 1f;
        float a2 = 0f;
        float a3 = 0f;
        int iter = 0;
        int exit;
        // Momentum state: whether the pair still accelerates, the last search direction (scaled
        // to a largest component of 1) and the last support point (set by the first iteration,
        // which is plain).
        boolean acc = mode == GjkAcceleration.NESTEROV;
        boolean near = mode == GjkAcceleration.PROXIMITY;
        float qx = 0f;
        float qy = 0f;
        float wx = 0f;
        float wy = 0f;
        while (true) {
            // A failed momentum step comes back here with its simplex unchanged: solving a solved
            // simplex gives the same bits (same points, same weights), so it is simply solved again.
            int sn = n;
            int sa1 = ia1;
            int sb1 = ib1;
            int sa2 = ia2;
            int sb2 = ib2;
            int sa3 = ia3;
            int sb3 = ib3;
            if (n == 2) {
                float w1x = bx1 - ax1;
                float w1y = by1 - ay1;
                float w2x = bx2 - ax2;
                float w2y = by2 - ay2;
                float ex = w2x - w1x;
                float ey = w2y - w1y;
                float v = -(w1x * ex + w1y * ey);
                float u = w2x * ex + w2y * ey;
                if (v <= 0) {
                    a1 = 1f;
                    n = 1;
                } else if (u <= 0) {
                    a1 = 1f;
                    n = 1;
                    ia1 = ia2;
                    ib1 = ib2;
                    ax1 = ax2;
                    ay1 = ay2;
                    bx1 = bx2;
                    by1 = by2;
                } else {
                    float sum = u + v;
                    a1 = u / sum;
                    a2 = v / sum;
                }
            } else if (n == 3) {
                float w1x = bx1 - ax1;
                float w1y = by1 - ay1;
                float w2x = bx2 - ax2;
                float w2y = by2 - ay2;
                float w3x = bx3 - ax3;
                float w3y = by3 - ay3;
                float e12x = w2x - w1x;
                float e12y = w2y - w1y;
                float u12 = w2x * e12x + w2y * e12y;
                float v12 = -(w1x * e12x + w1y * e12y);
                float e13x = w3x - w1x;
                float e13y = w3y - w1y;
                float u13 = w3x * e13x + w3y * e13y;
                float v13 = -(w1x * e13x + w1y * e13y);
                float e23x = w3x - w2x;
                float e23y = w3y - w2y;
                float u23 = w3x * e23x + w3y * e23y;
                float v23 = -(w2x * e23x + w2y * e23y);
                float area = e12x * e13y - e12y * e13x;
                float sg = area > 0 ? 1f : area < 0 ? -1f : 0f;
                float t1 = sg * (w2x * w3y - w2y * w3x);
                float t2 = sg * (w3x * w1y - w3y * w1x);
                float t3 = sg * (w1x * w2y - w1y * w2x);
                if (v12 <= 0 && v13 <= 0) {
                    a1 = 1f;
                    n = 1;
                } else if (u12 > 0 && v12 > 0 && t3 <= 0) {
                    float sum = u12 + v12;
                    a1 = u12 / sum;
                    a2 = v12 / sum;
                    n = 2;
                } else if (u13 > 0 && v13 > 0 && t2 <= 0) {
                    float sum = u13 + v13;
                    a1 = u13 / sum;
                    a2 = v13 / sum;
                    n = 2;
                    ia2 = ia3;
                    ib2 = ib3;
                    ax2 = ax3;
                    ay2 = ay3;
                    bx2 = bx3;
                    by2 = by3;
                } else if (u12 <= 0 && v23 <= 0) {
                    a1 = 1f;
                    n = 1;
                    ia1 = ia2;
                    ib1 = ib2;
                    ax1 = ax2;
                    ay1 = ay2;
                    bx1 = bx2;
                    by1 = by2;
                } else if (u13 <= 0 && u23 <= 0) {
                    a1 = 1f;
                    n = 1;
                    ia1 = ia3;
                    ib1 = ib3;
                    ax1 = ax3;
                    ay1 = ay3;
                    bx1 = bx3;
                    by1 = by3;
                } else if (u23 > 0 && v23 > 0 && t1 <= 0) {
                    float sum = u23 + v23;
                    a1 = v23 / sum;
                    a2 = u23 / sum;
                    n = 2;
                    ia1 = ia3;
                    ib1 = ib3;
                    ax1 = ax3;
                    ay1 = ay3;
                    bx1 = bx3;
                    by1 = by3;
                } else {
                    float sum = t1 + t2 + t3;
                    if (sum > 0) {
                        a1 = t1 / sum;
                        a2 = t2 / sum;
                        a3 = t3 / sum;
                        exit = Distances.EXIT_OVERLAP;
                    } else {
                        a1 = 1f;
                        n = 1;
                        exit = Distances.EXIT_DEGENERATE;
                    }
                    break;
                }
            }
            // The direction from the simplex towards the origin.
            float w1x = bx1 - ax1;
            float w1y = by1 - ay1;
            float dx;
            float dy;
            if (n == 1) {
                dx = -w1x;
                dy = -w1y;
            } else {
                float ex = (bx2 - ax2) - w1x;
                float ey = (by2 - ay2) - w1y;
                float side = ex * -w1y - ey * -w1x;
                if (side == 0) {
                    exit = Distances.EXIT_OVERLAP;
                    break;
                }
                if (side > 0) {
                    dx = -ey;
                    dy = ex;
                } else {
                    dx = ey;
                    dy = -ex;
                }
            }
            if (dx == 0 && dy == 0) {
                exit = Distances.EXIT_OVERLAP;
                break;
            }
            // The search direction: d itself, or with momentum the blend of the last search
            // direction and the extrapolated point y = m x + (1 - m) w (both scaled to a largest
            // component of 1), m = (k + 2) / (k + 3) after k iterations; y = 0 keeps d. Past
            // MOMENTUM_ITERATIONS it is d: momentum that still makes progress can make so little
            // that it would run into the cap, so plain GJK keeps the rest for its own finish.
            float sx = dx;
            float sy = dy;
            boolean used = false;
            if (acc && iter > 0 && iter < MOMENTUM_ITERATIONS) {
                float kf = iter;
                float mom = (kf + 2f) / (kf + 3f);
                float rest = 1f - mom;
                float xx = w1x;
                float xy = w1y;
                if (n == 2) {
                    xx = a1 * w1x + a2 * (bx2 - ax2);
                    xy = a1 * w1y + a2 * (by2 - ay2);
                }
                float yx = mom * xx + rest * wx;
                float yy = mom * xy + rest * wy;
                float my = Math.max(Math.abs(yx), Math.abs(yy));
                if (my > 0) {
                    sx = mom * qx - rest * (yx / my);
                    sy = mom * qy - rest * (yy / my);
                    used = true;
                }
            }
            int na = support(s, oa, ka, -sx, -sy);
            int nb = support(s, ob, kb, sx, sy, ox, oy);
            iter++;
            boolean repeated = (na == sa1 && nb == sb1) || (sn >= 2 && na == sa2 && nb == sb2)
                    || (sn >= 3 && na == sa3 && nb == sb3);
            float nax = x[oa + na];
            float nay = y[oa + na];
            float nbx = x[ob + nb] + ox;
            float nby = y[ob + nb] + oy;
            // Progress is always measured along d: with momentum it is the duality gap at the
            // simplex's own closest point, the plain certificate.
            float base = dx * w1x + dy * w1y;
            float reach = dx * (nbx - nax) + dy * (nby - nay);
            float progress = reach - base;
            boolean stalled = progress <= PROGRESS * Math.abs(base);
            if (used && (repeated || stalled)) {
                // The blended direction failed a guard: plain GJK from here on, this step redone
                // (never an exit on a blended step: its gap certifies nothing).
                if (iter >= MAX_ITERATIONS) {
                    exit = Distances.EXIT_ITERATION_CAP;
                    break;
                }
                acc = false;
                continue;
            }
            if (repeated) {
                // A repeated support beyond the origin (d.w > 0) while the simplex lies on the
                // origin's other side: the triangle step rejected a point that contains the origin
                // only because the origin is within rounding of the segment (two crossing cores,
                // the origin on a diagonal of A - B). The cores overlap; the segment's distance
                // was rounding noise.
                exit = reach > 0 ? Distances.EXIT_OVERLAP : Distances.EXIT_REPEATED_SUPPORT;
                break;
            }
            if (stalled) {
                exit = Distances.EXIT_NO_PROGRESS;
                break;
            }
            if (iter >= MAX_ITERATIONS) {
                exit = Distances.EXIT_ITERATION_CAP;
                break;
            }
            if (near) {
                // Proximity: momentum from here on when this first support's gap says the pair
                // is near contact (see the class doc).
                near = false;
                acc = proximity(base, progress);
            }
            if (acc) {
                // The search direction scaled to a largest component of 1, and the support point,
                // for the next step.
                float mq = Math.max(Math.abs(sx), Math.abs(sy));
                qx = sx / mq;
                qy = sy / mq;
                wx = nbx - nax;
                wy = nby - nay;
            }
            if (n == 1) {
                ia2 = na;
                ib2 = nb;
                ax2 = nax;
                ay2 = nay;
                bx2 = nbx;
                by2 = nby;
            } else {
                ia3 = na;
                ib3 = nb;
                ax3 = nax;
                ay3 = nay;
                bx3 = nbx;
                by3 = nby;
            }
            n++;
        }
        return finish(s, a, b, ox, oy, n, ia1, ib1, ia2, ib2, ia3, ib3, a1, a2, a3, iter, exit, cache, p, out, mtv);
    }

    /**
     * The cold start's support pair of the cores of {@code ka} points at slot {@code oa} and of
     * {@code kb} at {@code ob} (B moved by {@code (ox, oy)}): A's index in the high half, B's in
     * the low half (see the class doc, "start").
     */
    private static long coldStart(RoundedArrays s, int oa, int ka, int ob, int kb, float ox, float oy) {
        float[] x = s.x();
        float[] y = s.y();
        float cdx = centre(x, oa, ka, 0f) - centre(x, ob, kb, ox);
        float cdy = centre(y, oa, ka, 0f) - centre(y, ob, kb, oy);
        long ia = support(s, oa, ka, -cdx, -cdy);
        return ia << 32 | support(s, ob, kb, cdx, cdy, ox, oy);
    }

    /**
     * One coordinate of the centre of the core of {@code k} points at slot {@code o} (in the
     * array {@code c} of that coordinate), every point moved by {@code off} first: for at most
     * {@link #CENTRE_MEAN_MAX} points the mean, summed in index order from point 0, times
     * {@code 1 / k} (a reciprocal off the sum's critical path rather than a quotient after it); above, the midpoint of points 0 and {@code k / 2} (O(1), so that a large core
     * with the O(log k) support is not scanned for its start). Public only so that the SIMD
     * kernel starts exactly as this one does; not an API for callers.
     */
    public static float centre(float[] c, int o, int k, float off) {
        if (k > CENTRE_MEAN_MAX) {
            return 0.5f * ((c[o] + off) + (c[o + (k >> 1)] + off));
        }
        float sum = c[o] + off;
        for (int i = 1; i < k; i++) {
            sum += c[o + i] + off;
        }
        return sum * (1f / k);
    }

    /** Cores of at most this many points start from their mean (see {@link #centre}). */
    public static final int CENTRE_MEAN_MAX = 64;

    /**
     * The rule of {@link GjkAcceleration#PROXIMITY} after the first support (see the class doc):
     * {@code base = d.x} and {@code base + progress = d.w} for the simplex point {@code x} and
     * the new support point {@code w}, so {@code |base + progress| <= PROXIMITY_BAND |base|}
     * says that the support line passes within {@code PROXIMITY_BAND |x|} of the origin.
     * Public only so that the SIMD kernel decides exactly as this one does.
     */
    public static boolean proximity(float base, float progress) {
        return Math.abs(base + progress) <= PROXIMITY_BAND * Math.abs(base);
    }

    /**
     * The tail shared by every distance kernel: from the final simplex (its support pairs and
     * weights) writes entry {@code p} of {@code out} and of {@code cache}. Public only so that
     * the SIMD kernel computes exactly the same tail; not an API for callers.
     *
     * @return true if the shapes touch or overlap
     */
    public static boolean finish(RoundedArrays s, int a, int b, int n, int ia1, int ib1, int ia2, int ib2, int ia3,
                                 int ib3, float a1, float a2, float a3, int iter, int exit, SimplexCache cache, int p,
                                 Distances out) {
        return finish(s, a, b, 0f, 0f, n, ia1, ib1, ia2, ib2, ia3, ib3, a1, a2, a3, iter, exit, cache, p, out, null);
    }

    /**
     * {@link #finish(RoundedArrays, int, int, int, int, int, int, int, int, int, float, float, float, int, int, SimplexCache, int, Distances)}
     * with B's core moved by {@code (ox, oy)} (see {@link #pair(RoundedArrays, int, int, float, float, SimplexCache, int, Distances, Penetrations)})
     * and the tail chosen by the output: when {@code mtv} is not null, the closest core points
     * go to {@link ScalarRoundedPenetration#finish} instead of the radii step ({@code out}
     * unused). Public only so that the SIMD kernels compute exactly the same tail.
     *
     * @return true if the shapes touch or overlap
     */
    public static boolean finish(RoundedArrays s, int a, int b, float ox, float oy, int n, int ia1, int ib1, int ia2,
                                 int ib2, int ia3, int ib3, float a1, float a2, float a3, int iter, int exit,
                                 SimplexCache cache, int p, Distances out, Penetrations mtv) {
        assert n >= 1 && n <= 3 : "n=" + n;
        float[] x = s.x();
        float[] y = s.y();
        int oa = s.start()[a];
        int ob = s.start()[b];
        float pax;
        float pay;
        float pbx;
        float pby;
        if (n == 1) {
            pax = x[oa + ia1];
            pay = y[oa + ia1];
            pbx = x[ob + ib1] + ox;
            pby = y[ob + ib1] + oy;
        } else if (n == 2) {
            pax = a1 * x[oa + ia1] + a2 * x[oa + ia2];
            pay = a1 * y[oa + ia1] + a2 * y[oa + ia2];
            pbx = a1 * (x[ob + ib1] + ox) + a2 * (x[ob + ib2] + ox);
            pby = a1 * (y[ob + ib1] + oy) + a2 * (y[ob + ib2] + oy);
        } else {
            pax = a1 * x[oa + ia1] + a2 * x[oa + ia2] + a3 * x[oa + ia3];
            pay = a1 * y[oa + ia1] + a2 * y[oa + ia2] + a3 * y[oa + ia3];
            pbx = pax;
            pby = pay;
        }
        store(cache, p, n, ia1, ib1, ia2, ib2, ia3, ib3);
        if (mtv != null) {
            return ScalarRoundedPenetration.finish(s, a, b, pax, pay, pbx, pby, exit == Distances.EXIT_OVERLAP, p, mtv);
        }
        float dist = 0f;
        float nx = 0f;
        float ny = 0f;
        boolean coresTouch = exit == Distances.EXIT_OVERLAP;
        if (!coresTouch) {
            float cx = pbx - pax;
            float cy = pby - pay;
            float m = Math.max(Math.abs(cx), Math.abs(cy));
            if (m == 0) {
                coresTouch = true;
            } else {
                float ux = cx / m;
                float uy = cy / m;
                float q = (float) Math.sqrt(ux * ux + uy * uy);
                float core = m * q;
                nx = ux / q;
                ny = uy / q;
                float ra = s.radius()[a];
                float rb = s.radius()[b];
                float sx = pax + ra * nx;
                float sy = pay + ra * ny;
                float tx = pbx - rb * nx;
                float ty = pby - rb * ny;
                float rs = ra + rb;
                if (core > rs) {
                    dist = core - rs;
                    pax = sx;
                    pay = sy;
                    pbx = tx;
                    pby = ty;
                } else {
                    // Overlapping rounded shapes whose cores are apart: along the normal from A's
                    // core point, [max(0, core - rb), min(ra, core)] lies in both shapes; take its middle.
                    float t = 0.5f * (Math.max(0f, core - rb) + Math.min(ra, core));
                    pax = pax + t * nx;
                    pay = pay + t * ny;
                    pbx = pax;
                    pby = pay;
                }
            }
        }
        if (coresTouch) {
            pbx = pax;
            pby = pay;
        }
        out.set(p, dist, pax, pay, pbx, pby, nx, ny, iter, exit);
        return dist == 0;
    }

    private static void store(SimplexCache cache, int p, int n, int ia1, int ib1, int ia2, int ib2, int ia3, int ib3) {
        if (cache != null) {
            int[] ca = cache.indexAs();
            int[] cb = cache.indexBs();
            cache.counts()[p] = n;
            ca[3 * p] = ia1;
            cb[3 * p] = ib1;
            ca[3 * p + 1] = ia2;
            cb[3 * p + 1] = ib2;
            ca[3 * p + 2] = ia3;
            cb[3 * p + 2] = ib3;
        }
    }
}
