package dev.sepax.internal;

/**
 * The O(log k) path of the boolean SAT test for two large convex polygons ({@link #edgeAxes}):
 * the support vertex by a search over the edge normals' angular order, checked so that a wrong
 * answer is never used, and a common interior point proven in O(log k). Shared by the scalar
 * reference ({@code dev.sepax.narrow.ScalarSat}) and the SIMD kernel
 * ({@code dev.sepax.simd.VectorSat}), which must evaluate exactly the same floats.
 *
 * <h2>The support search ({@link #support})</h2>
 * The edge normals {@code f_0 .. f_(k-1)} of a counter-clockwise convex polygon turn
 * counter-clockwise once round the circle. Measured from {@code f_0}, their angles increase, and
 * the support vertex in direction {@code u} is the vertex {@code J} between the last normal
 * before {@code u} and the first one at or after it. "Before" is decided by the quadrant relative
 * to {@code f_0} ({@code cross(f_0, v)} and {@code dot(f_0, v)} signs) and, in the same quadrant,
 * the sign of {@code cross(v, u)}. The search interpolates (see {@link #support}), then gallops
 * and bisects: O(log k) steps, a few cache lines on an evenly spread polygon.
 *
 * <h2>The check ({@link #verifiedSupport})</h2>
 * Rounding can misorder normals that are nearly parallel to {@code u} (benign: their vertices
 * have almost the same support value) but also, near {@code f_0}, normals that are not (a
 * polygon whose first and last edges are nearly collinear). So the result {@code J} is only used
 * when its two edges' normals {@code p = f_(J-1)} and {@code q = f_J} bracket {@code u} in float:
 * {@code fl(cross(p, u)) > 0}, {@code fl(cross(q, u)) <= 0}, {@code fl(dot(p, u)) > 0},
 * {@code fl(dot(q, u)) > 0}. Otherwise the caller falls back to the linear scan for that axis.
 *
 * <h2>Why a checked vertex is (almost) the true minimum</h2>
 * Each of the four values is {@code fl(a*b (+/-) c*d)}, within {@code 2.01u |p||u|} of its exact
 * value ({@code u = 2^-24}), so each passed test holds exactly for the stored normals up to an
 * angle {@code asin(2.01u)}: the two dots put {@code p} and {@code q} within a right angle of
 * {@code u}, and the two crosses then put {@code u} inside the cone from {@code p} to {@code q}
 * (less than a half turn wide), up to that angle. The stored normals are the exact edge vectors
 * rotated and rounded coordinate-wise, which turns each by at most {@code u} more. So the exact
 * support vertex is {@code J} or is reached from {@code J} along edges whose directions are
 * within {@code 4.1u} radians of perpendicular to the axis; their summed length is at most the
 * other polygon's perimeter, at most {@code 8 M} for a polygon whose coordinates are bounded by
 * {@code M}. Hence the separation at {@code J}, in distance units, exceeds the true minimum by at
 * most {@code 4.1u * 8 M < 33 u M}. A kernel that declares an axis separating because the float
 * separation at {@code J} is beyond the limit is therefore wrong only within that much more than
 * the linear scan's band: {@code dev.sepax.narrow.FloatBand#ofLargePairs} documents
 * {@code 16 u M + 40 u M} (+ {@code 2u |t|}). A verdict "intersecting" is exact (a proven common
 * interior point) or backed, as in the linear scan, by a vertex within reach of every axis.
 *
 * <h2>The common point ({@link #commonPoint})</h2>
 * A point strictly inside both polygons proves them intersecting, exactly. The test is a
 * triangle of the fan from vertex 0 found by search ({@link #fanWedge}, steering only) and three
 * orientations evaluated in double with a forward error bound ({@link #orientationBeyond}): an
 * undecided orientation counts as "not proven", so a {@code true} is never wrong.
 *
 * <p>Stateless, thread-safe, allocation-free.
 */
public final class SupportSearch {
    /**
     * The smallest capacity class whose pairs take the O(log k) path (both shapes at least
     * this), chosen by measurement against the SIMD linear scan (docs/decisions.md). The system
     * property {@code sepax.logSupportMinCapacity} overrides it, read once: for measuring the
     * cutoff, never needed in production.
     */
    public static final int DEFAULT_MIN_CAPACITY = 64;

    /** The cutoff in force (see {@link #DEFAULT_MIN_CAPACITY}); at least 16. */
    public static final int MIN_CAPACITY = Math.max(16, Integer.getInteger("sepax.logSupportMinCapacity", DEFAULT_MIN_CAPACITY));

    /** No capacity reaches this: a kernel built with it always takes the linear scan. */
    public static final int LINEAR_ONLY = Integer.MAX_VALUE;

    private SupportSearch() {}

    /**
     * The quadrant, relative to {@code (rx, ry)}, of {@code (vx, vy)}: 0 for angles in
     * {@code [0, pi/2)}, 1, 2, 3 for the next ones, from the signs of the float cross and dot.
     * A zero vector lands in quadrant 0.
     */
    public static int quadrant(float rx, float ry, float vx, float vy) {
        float cr = rx * vy - ry * vx;
        float dt = rx * vx + ry * vy;
        if (cr > 0) {
            return dt > 0 ? 0 : 1;
        }
        if (cr < 0) {
            return dt < 0 ? 2 : 3;
        }
        return dt < 0 ? 2 : 0;
    }

    /**
     * The raw search: the index (0-based) of the vertex of the polygon whose normals sit at
     * {@code [o, o + k)} that the angular search takes as the support in direction
     * {@code (ux, uy)}: the first normal {@code f_j} not strictly before {@code u} counter-clockwise
     * from {@code f_0} ({@link #before}), or vertex 0 when all are. An interpolation search, like
     * {@link #fanWedge}: the normals of a polygon with evenly spread vertices turn by about equal
     * angles, so the first guess is {@code u}'s pseudo-angle from {@code f_0} over the full turn,
     * times {@code k}. A window of {@value #WINDOW} normals round the guess decides when its
     * "before" bits step once from set to clear ({@link #supportWindowTop}); otherwise a gallop
     * from the guess brackets the answer and a binary search ends it.
     * Unchecked: fit for steering, not for a verdict (see {@link #verifiedSupport}).
     */
    public static int support(float[] enx, float[] eny, int o, int k, float ux, float uy) {
        float rx = enx[o];
        float ry = eny[o];
        int qu = quadrant(rx, ry, ux, uy);
        int g = supportGuess(rx, ry, k, ux, uy);
        if (k >= WINDOW) {
            int w0 = supportWindowStart(k, g);
            long m = 0;
            for (int l = 0; l < WINDOW; l++) {
                m |= before(enx, eny, o + w0 + l, rx, ry, qu, ux, uy) ? 1L << l : 0L;
            }
            int top = supportWindowTop(m, w0, k);
            if (top >= 0) {
                return top == k ? 0 : top;
            }
        }
        return supportGallop(enx, eny, o, k, g, rx, ry, qu, ux, uy);
    }

    /**
     * {@link #support}'s first guess: {@code u}'s pseudo-angle from the first normal
     * {@code (rx, ry)} over the full turn, times {@code k}, clamped to {@code [0, k - 1]}.
     */
    public static int supportGuess(float rx, float ry, int k, float ux, float uy) {
        // (int) of NaN is 0 and of a huge value saturates; the clamp keeps any guess in range.
        int g = (int) (k * (pseudoAngle(rx, ry, ux, uy) * 0.25f));
        return Math.max(0, Math.min(k - 1, g));
    }

    /** The first normal of {@link #support}'s window round the guess {@code g} ({@code k >= WINDOW}). */
    public static int supportWindowStart(int k, int g) {
        return Math.max(0, Math.min(k - WINDOW, g - WINDOW / 2));
    }

    /**
     * The first normal not before {@code u} from a window's bits {@code m} (bit {@code l}: normal
     * {@code w0 + l} is before {@code u}), when they show one clean step from set to clear or the
     * window reaches the end that decides; {@code k} when every normal is before {@code u}; -1
     * when the window does not decide.
     */
    public static int supportWindowTop(long m, int w0, int k) {
        long full = (1L << WINDOW) - 1;
        if (m == full) {
            return w0 + WINDOW == k ? k : -1;
        }
        if (m == 0) {
            return w0 == 0 ? 0 : -1;
        }
        return (m & (m + 1)) == 0 ? w0 + Long.numberOfTrailingZeros(~m) : -1;
    }

    /** {@link #support}'s search when the window does not decide: gallop from {@code g}, then bisect. */
    public static int supportGallop(float[] enx, float[] eny, int o, int k, int g, float rx, float ry, int qu,
                                    float ux, float uy) {
        int lo; // the last index known before u, or -1
        int top; // the first index known not before u, or k
        if (before(enx, eny, o + g, rx, ry, qu, ux, uy)) {
            lo = g;
            top = k;
            for (int step = 1; lo + step < k; step <<= 1) {
                if (!before(enx, eny, o + lo + step, rx, ry, qu, ux, uy)) {
                    top = lo + step;
                    break;
                }
                lo += step;
            }
        } else {
            top = g;
            lo = -1;
            for (int step = 1; top - step >= 0; step <<= 1) {
                if (before(enx, eny, o + top - step, rx, ry, qu, ux, uy)) {
                    lo = top - step;
                    break;
                }
                top -= step;
            }
        }
        while (top - lo > 1) {
            int mid = (lo + top) >>> 1;
            if (before(enx, eny, o + mid, rx, ry, qu, ux, uy)) {
                lo = mid;
            } else {
                top = mid;
            }
        }
        return top == k ? 0 : top;
    }

    /**
     * Is the normal in slot {@code slot} strictly before {@code u} counter-clockwise from
     * {@code r = f_0}? By quadrant relative to {@code r} ({@code qu} is {@code u}'s), and in
     * the same quadrant by the sign of {@code cross(f, u)}.
     */
    private static boolean before(float[] enx, float[] eny, int slot, float rx, float ry, int qu, float ux, float uy) {
        float vx = enx[slot];
        float vy = eny[slot];
        int qv = quadrant(rx, ry, vx, vy);
        return qv < qu || qv == qu && vx * uy - vy * ux > 0;
    }

    /**
     * Does the search result {@code j} (0-based, {@code k} vertices at {@code o}) pass the check
     * of the class comment: its two edges' normals bracket {@code (ux, uy)} in float?
     */
    public static boolean brackets(float[] enx, float[] eny, int o, int k, int j, float ux, float uy) {
        int p = o + (j == 0 ? k - 1 : j - 1);
        int q = o + j;
        float px = enx[p];
        float py = eny[p];
        float qx = enx[q];
        float qy = eny[q];
        return px * uy - py * ux > 0 && qx * uy - qy * ux <= 0
                && px * ux + py * uy > 0 && qx * ux + qy * uy > 0;
    }

    /**
     * The checked support vertex (0-based) in direction {@code (ux, uy)}, or -1 when the check
     * fails and the caller must scan all vertices (see the class comment).
     */
    public static int verifiedSupport(float[] enx, float[] eny, int o, int k, float ux, float uy) {
        int j = support(enx, eny, o, k, ux, uy);
        return brackets(enx, eny, o, k, j, ux, uy) ? j : -1;
    }

    /** No separating axis: the pair intersects (as {@code ScalarSat}). */
    public static final int NONE = 0;

    /**
     * Does edge {@code slot} separate the polygon of {@code k} vertices at {@code o} by more than
     * {@code tol}? Decided by the kernel expression {@code nx * (bx - px) + ny * (by - py) > tol * len}
     * on the checked support vertex towards the edge, or on every vertex when the check fails.
     */
    public static boolean axisSeparates(PolygonArrays r, int slot, int o, int k, float tol) {
        float[] x = r.x;
        float[] y = r.y;
        float nx = r.enx[slot];
        float ny = r.eny[slot];
        float px = x[slot];
        float py = y[slot];
        float limit = tol * r.len[slot];
        // The other shape's vertex furthest against the normal: minimum separation.
        int j = verifiedSupport(r.enx, r.eny, o, k, -nx, -ny);
        if (j >= 0) {
            return nx * (x[o + j] - px) + ny * (y[o + j] - py) > limit;
        }
        for (int v = o; v < o + k; v++) {
            if (nx * (x[v] - px) + ny * (y[v] - py) <= limit) {
                return false;
            }
        }
        return true;
    }

    /**
     * The first edge (0-based, in index order) of the polygon at {@code o} ({@code k} edges) that
     * separates the one at {@code oo} ({@code ko} vertices) by the linear scan: every vertex
     * beyond {@code tol * len}; -1 when none does. The vertex loop starts at the vertex that
     * stopped the previous edge (neighbouring edges are usually stopped by the same vertex); the
     * start changes the work, never the answer.
     */
    public static int firstSeparatingLinear(PolygonArrays r, int o, int k, int oo, int ko, float tol) {
        float[] x = r.x;
        float[] y = r.y;
        int w = 0;
        for (int i = 0; i < k; i++) {
            int slot = o + i;
            float nx = r.enx[slot];
            float ny = r.eny[slot];
            float px = x[slot];
            float py = y[slot];
            float limit = tol * r.len[slot];
            int found = -1;
            int j = w;
            for (int m = 0; m < ko; m++) {
                int v = oo + j;
                if (nx * (x[v] - px) + ny * (y[v] - py) <= limit) {
                    found = j;
                    break;
                }
                j = j + 1 == ko ? 0 : j + 1;
            }
            if (found < 0) {
                return i;
            }
            w = found;
        }
        return -1;
    }

    /** Relative error bound of {@link #orientationBeyond}'s double evaluation, with margin. */
    private static final double ORIENT_MARGIN = 0x1p-50;

    /**
     * Is the orientation of {@code (a, b, p)} certainly positive ({@code p} strictly left of
     * {@code a -> b}), exactly, for float {@code a, b} and double {@code p}? Evaluated in double:
     * four differences, two products and a difference, each within {@code 2^-53} relative, so
     * the error is below {@code 2^-51 (|p1| + |p2|)}; {@code false} when the value is within
     * {@code 2^-50 (|p1| + |p2|)} of 0 (undecided counts as "no").
     */
    static boolean orientationBeyond(float ax, float ay, float bx, float by, double px, double py) {
        double p1 = ((double) bx - ax) * (py - ay);
        double p2 = ((double) by - ay) * (px - ax);
        return p1 - p2 > ORIENT_MARGIN * (Math.abs(p1) + Math.abs(p2));
    }

    /**
     * The first guess of {@link #fanWedge}: the rays {@code a_0 -> a_t} of a polygon whose
     * vertices are spread evenly round it (a circle's, by the inscribed-angle theorem) turn by
     * equal angles, {@code pi / k} each from the direction of edge 0; so the guess is the
     * direction's pseudo-angle from edge 0 ({@link #pseudoAngle}, 0 to 2 over a half turn) times
     * {@code k / 2}, clamped to {@code [1, k - 2]}. Reads vertices 0 and 1 only.
     */
    public static int fanGuess(float[] x, float[] y, int o, int k, float qx, float qy) {
        float at = pseudoAngle(x[o + 1] - x[o], y[o + 1] - y[o], qx, qy);
        // (int) of NaN is 0 and of a huge value saturates; the clamp keeps any guess in range.
        int g = (int) (k * 0.5f * at);
        return Math.max(1, Math.min(k - 2, g));
    }

    /** Candidates of {@link #fanWedge}'s window: one 512-bit vector of floats, or two of 256 bits. */
    public static final int WINDOW = 16;

    /**
     * The first candidate of {@link #fanWedge}'s window around the guess {@code g}, for a polygon
     * of {@code k >= WINDOW + 2} vertices: the window {@code [w0, w0 + WINDOW)} lies in
     * {@code [1, k - 2]}.
     */
    public static int windowStart(int k, int g) {
        return Math.max(1, Math.min(k - 1 - WINDOW, g - WINDOW / 2));
    }

    /**
     * The answer of a window whose predicate bits {@code m} (bit {@code l} for candidate
     * {@code w0 + l}, {@link #fanWedge}'s {@code L}) show one clean step from set to clear, or -1.
     * Candidate 1 passes by convention, and a window that ends at {@code k - 2} may be all set.
     */
    public static int windowAnswer(long m, int w0, int k) {
        if (w0 == 1) {
            m |= 1L; // L(1) is taken as true
        }
        long full = (1L << WINDOW) - 1;
        if (m == full) {
            return w0 + WINDOW - 1 == k - 2 ? k - 2 : -1;
        }
        // Clean: the set bits are exactly the low n, n >= 1.
        return (m & 1L) != 0 && (m & (m + 1)) == 0 ? w0 + Long.numberOfTrailingZeros(~m) - 1 : -1;
    }

    /**
     * The wedge {@code t} in {@code [1, k - 2]} of the fan from vertex 0 of the polygon at
     * {@code o} that holds the direction {@code (qx, qy)} (the point minus vertex 0): the largest
     * {@code t} whose ray {@code a_0 -> a_t} has the direction on its left or on it,
     * {@code L(t): fl(fl(x_t - x_0) * qy - fl(y_t - y_0) * qx) >= 0} (the rays turn
     * counter-clockwise with {@code t}), with {@code L(1)} taken as true; searched from the guess
     * {@code g} ({@link #fanGuess}).
     *
     * <p>First a window of {@value #WINDOW} candidates round the guess ({@link #windowStart}):
     * when their predicate bits step once from set to clear ({@link #windowAnswer}), that step is
     * the answer. The window is contiguous, so the SIMD kernel computes it as one or two vectors,
     * with no branch per candidate; on even polygons the guess is a few vertices off and the window
     * decides. Otherwise ({@link #fanGallop}) a gallop from the guess brackets the answer and a
     * binary search ends it: at most about {@code 4 log2 k} steps. Steering only: the caller's
     * triangle check decides.
     */
    public static int fanWedge(float[] x, float[] y, int o, int k, int g, float qx, float qy) {
        if (k >= WINDOW + 2) {
            int w0 = windowStart(k, g);
            float x0 = x[o];
            float y0 = y[o];
            long m = 0;
            for (int l = 0; l < WINDOW; l++) {
                m |= fan(x, y, o, w0 + l, x0, y0, qx, qy) ? 1L << l : 0L;
            }
            int t = windowAnswer(m, w0, k);
            if (t >= 0) {
                return t;
            }
        }
        return fanGallop(x, y, o, k, g, qx, qy);
    }

    /** {@link #fanWedge}'s search when the window does not decide: gallop from {@code g}, then bisect. */
    public static int fanGallop(float[] x, float[] y, int o, int k, int g, float qx, float qy) {
        int hi = k - 2;
        if (hi <= 1) {
            return 1;
        }
        float x0 = x[o];
        float y0 = y[o];
        int lo;
        int top; // the answer lies in [lo, top)
        if (fan(x, y, o, g, x0, y0, qx, qy)) {
            lo = g;
            top = hi + 1;
            for (int step = 1; lo + step <= hi; step <<= 1) {
                if (!fan(x, y, o, lo + step, x0, y0, qx, qy)) {
                    top = lo + step;
                    break;
                }
                lo += step;
            }
        } else {
            top = g;
            lo = 1;
            for (int step = 1; top - step > 1; step <<= 1) {
                if (fan(x, y, o, top - step, x0, y0, qx, qy)) {
                    lo = top - step;
                    break;
                }
                top -= step;
            }
        }
        // Binary search in [lo, top): L(lo) holds (or lo is 1), L(top) fails (or top is k - 1).
        while (top - lo > 1) {
            int mid = (lo + top) >>> 1;
            if (fan(x, y, o, mid, x0, y0, qx, qy)) {
                lo = mid;
            } else {
                top = mid;
            }
        }
        return lo;
    }

    /** {@code L(t)} of {@link #fanWedge}. */
    private static boolean fan(float[] x, float[] y, int o, int t, float x0, float y0, float qx, float qy) {
        return (x[o + t] - x0) * qy - (y[o + t] - y0) * qx >= 0;
    }

    /**
     * A pseudo-angle in {@code [0, 4)} of {@code v} counter-clockwise from {@code r}, monotone in
     * the true angle: {@code c / (|c| + |d|)} from the cross {@code c} and dot {@code d},
     * continued past a right angle. Steering only.
     */
    static float pseudoAngle(float rx, float ry, float vx, float vy) {
        float c = rx * vy - ry * vx;
        float d = rx * vx + ry * vy;
        float p = d / (Math.abs(c) + Math.abs(d)); // cosine-like, 1 at 0 and -1 at pi
        return c >= 0 ? 1 - p : 3 + p;
    }

    /**
     * Is the point {@code (px, py)} strictly inside the polygon of {@code k} vertices at {@code o},
     * proven exactly (for the polygon of the stored floats), given the fan wedge {@code t}
     * ({@link #fanWedge})? Three certain orientations ({@link #orientationBeyond}) put it
     * strictly inside the triangle {@code (a_0, a_t, a_t+1)}, hence strictly inside the polygon.
     * {@code false} means "not proven" (outside, on the boundary, too close to call, or a wrong
     * wedge): never a wrong {@code true}.
     */
    public static boolean provenInside(PolygonArrays r, int o, int t, double px, double py) {
        float[] x = r.x;
        float[] y = r.y;
        float x0 = x[o];
        float y0 = y[o];
        int v = o + t;
        // Non-short-circuit: the outcome is data-dependent, and a branch per test would be
        // mispredicted often enough to stall the next pair's loads.
        return orientationBeyond(x0, y0, x[v], y[v], px, py)
                & orientationBeyond(x[v], y[v], x[v + 1], y[v + 1], px, py)
                & orientationBeyond(x[v + 1], y[v + 1], x0, y0, px, py);
    }

    /**
     * The edge axes of two large shapes, the reference of every kernel's O(log k) path: returns
     * {@link #NONE} or a separating axis, {@code 1 + i} for A's edge i, {@code -(1 + j)} for B's
     * edge j. The order is part of the definition (near a tie the verdict can depend on which
     * step decides, see the class comment), so every kernel follows it step by step:
     * <ol>
     *   <li>the cached axis {@code hint}, if any, by {@link #axisSeparates};</li>
     *   <li>at {@code tol >= 0}, the point certificate: the centre of the intersection of the
     *       two AABBs proven inside both shapes ({@link #commonPoint}) proves the pair
     *       intersecting, exactly (at W256, 99.9% of the intersecting pairs stop here);</li>
     *   <li>at {@code tol >= 0}, the midpoint of A's support vertex towards B and B's towards A
     *       (searched along the centroid-to-centroid direction) is a common point (shallow
     *       overlaps stop here);</li>
     *   <li>the two edges of A at that vertex of A, then the two of B at B's,
     *       by {@link #axisSeparates} (most separated pairs stop here);</li>
     *   <li>the linear scan: the first edge of A in index order that separates by
     *       {@link #firstSeparatingLinear}, then the first of B.</li>
     * </ol>
     * A negative tolerance lets overlap up to {@code |tol|} count as apart, so a common interior
     * point proves nothing there and steps 2 and 3 are skipped.
     */
    public static int edgeAxes(PolygonArrays r, int a, int b, float tol, int hint) {
        int oa = r.start[a];
        int ob = r.start[b];
        int ka = r.count[a];
        int kb = r.count[b];
        if (hint > 0 && hint <= ka && axisSeparates(r, oa + hint - 1, ob, kb, tol)) {
            return hint;
        }
        // hint >= -kb, not -hint <= kb: -Integer.MIN_VALUE overflows to itself.
        if (hint < 0 && hint >= -kb && axisSeparates(r, ob - hint - 1, oa, ka, tol)) {
            return hint;
        }
        if (tol >= 0 && commonPoint(r, oa, ka, ob, kb, Math.max(r.minX[a], r.minX[b]), Math.max(r.minY[a], r.minY[b]),
                Math.min(r.maxX[a], r.maxX[b]), Math.min(r.maxY[a], r.maxY[b]))) {
            return NONE;
        }
        float dx = r.centroidX[b] - r.centroidX[a];
        float dy = r.centroidY[b] - r.centroidY[a];
        int va = support(r.enx, r.eny, oa, ka, dx, dy);
        int vb = support(r.enx, r.eny, ob, kb, -dx, -dy);
        if (tol >= 0 && commonPoint(r, oa, ka, ob, kb, r.x[oa + va], r.y[oa + va], r.x[ob + vb], r.y[ob + vb])) {
            return NONE;
        }
        int axis = steered(r, oa, ka, va, ob, kb, vb, tol);
        if (axis != NONE) {
            return axis;
        }
        return linear(r, oa, ka, ob, kb, tol);
    }

    /**
     * Is the midpoint of {@code p} and {@code q} {@link #provenInside} both polygons? O(log k).
     * Both fan searches start before either goes on, so that the cache misses of the two shapes
     * overlap instead of following each other.
     */
    public static boolean commonPoint(PolygonArrays r, int oa, int ka, int ob, int kb,
                                      float px, float py, float qx, float qy) {
        float[] x = r.x;
        float[] y = r.y;
        // Exact in double: the sum of two floats and a halving.
        double mx = 0.5 * ((double) px + qx);
        double my = 0.5 * ((double) py + qy);
        float ax = (float) (mx - x[oa]);
        float ay = (float) (my - y[oa]);
        float bx = (float) (mx - x[ob]);
        float by = (float) (my - y[ob]);
        int ga = fanGuess(x, y, oa, ka, ax, ay);
        int gb = fanGuess(x, y, ob, kb, bx, by);
        int ta = fanWedge(x, y, oa, ka, ga, ax, ay);
        int tb = fanWedge(x, y, ob, kb, gb, bx, by);
        return provenInside(r, oa, ta, mx, my) & provenInside(r, ob, tb, mx, my);
    }

    /**
     * Step 4 of {@link #edgeAxes}: A's edges {@code va - 1} and {@code va}, then B's edges
     * {@code vb - 1} and {@code vb}; the axis code of the first that separates, or {@link #NONE}.
     */
    public static int steered(PolygonArrays r, int oa, int ka, int va, int ob, int kb, int vb, float tol) {
        int ia = va == 0 ? ka - 1 : va - 1;
        if (axisSeparates(r, oa + ia, ob, kb, tol)) {
            return 1 + ia;
        }
        if (axisSeparates(r, oa + va, ob, kb, tol)) {
            return 1 + va;
        }
        int jb = vb == 0 ? kb - 1 : vb - 1;
        if (axisSeparates(r, ob + jb, oa, ka, tol)) {
            return -(1 + jb);
        }
        if (axisSeparates(r, ob + vb, oa, ka, tol)) {
            return -(1 + vb);
        }
        return NONE;
    }

    /** Step 5 of {@link #edgeAxes}: the linear scan, A's edges then B's, each in index order. */
    public static int linear(PolygonArrays r, int oa, int ka, int ob, int kb, float tol) {
        int i = firstSeparatingLinear(r, oa, ka, ob, kb, tol);
        if (i >= 0) {
            return 1 + i;
        }
        int j = firstSeparatingLinear(r, ob, kb, oa, ka, tol);
        if (j >= 0) {
            return -(1 + j);
        }
        return NONE;
    }
}
