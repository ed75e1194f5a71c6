package dev.sepax.narrow;

import dev.sepax.batch.Casts;
import dev.sepax.batch.PairBatch;
import dev.sepax.batch.SimplexCache;
import dev.sepax.internal.BatchArguments;
import dev.sepax.shape.RoundedShapes;
import dev.sepax.shape.Velocities;

/**
 * The linear shape cast on rounded shapes: when, in the window {@code [0, tMax]}, do two
 * translating rounded shapes first come into contact, and along which normal?
 *
 * <h2>Motion model</h2>
 * As {@link SweepKernel}: a constant velocity per shape ({@link Velocities}); only the relative
 * velocity {@code u = vB - vA} matters (computed as {@code vx[b] - vx[a]}), so A stays and B's
 * core is taken at {@code x + t ux, y + t uy} (one rounding per coordinate, exactly as
 * {@link ScalarDistance#pair(dev.sepax.internal.RoundedArrays, int, int, float, float, SimplexCache, int, dev.sepax.batch.Distances, dev.sepax.batch.Penetrations)}
 * moves it). No rotation. Times ({@code tMax} and the results) are in the velocities' time
 * unit; distances and the tolerance in the store's coordinate unit.
 *
 * <h2>The algorithm: conservative advancement over GJK distances</h2>
 * Start at {@code t = 0}. Each round runs the distance query of {@link DistanceKernel} at time
 * {@code t} (distance {@code d}, normal {@code n} from A to B), then:
 * <pre>
 *   normal = n, unless n = (0, 0) (cores exactly touching): then the previous round's stays
 *   d &lt;= tolerance                 -&gt; hit at t                                 (EXIT_HIT)
 *   approach = -(nx * ux + ny * uy)
 *   !(approach &gt; 0)                -&gt; never closer: no contact                (EXIT_SEPARATING)
 *   next = t + d / approach
 *   !(next &lt;= tMax)                -&gt; no contact in the window                (EXIT_BEYOND)
 *   round == MAX_ROUNDS             -&gt; no hit; t is a safe lower bound         (EXIT_ROUND_CAP)
 *   t = next, next round (warm from the cache entry when a cache is given)
 * </pre>
 * <b>Why it never tunnels.</b> For translating convex shapes the distance {@code D(t)} is a
 * convex function of {@code t} whose slope at {@code t} is {@code n . u = -approach}, so
 * {@code D(t + s) >= D(t) - s approach}: a step of {@code d / approach} cannot pass the first
 * contact. With float error the computed {@code d} may exceed {@code D} by the distance band
 * ({@link ScalarDistance#band}), and the normal may be off by about {@code band / (core gap)}, so
 * a step can end inside the other shape by at most about {@code band (1 + |u| / approach)}: the
 * cast is ill-conditioned only for grazing approaches, as the swept test is. Why this and not a
 * GJK ray cast against {@code A - B}: the ray cast needs its own simplex update on the moving
 * Minkowski difference, while advancement reuses the distance kernel (and its SIMD lanes, guards
 * and cache) unchanged, and its safety argument is one line.
 *
 * <h2>Tolerance and touching</h2>
 * {@code tolerance >= 0} is how close counts as contact: a pair within it at {@code t = 0} hits at
 * 0 (overlapping pairs too). A positive tolerance (a solver's linear slop) ends grazing
 * approaches in a few rounds; 0 is allowed and then relies on the round cap to end: such a
 * cast reports no hit ({@code false}, not counted by a batch) with a time that is only a safe
 * lower bound, though the shapes may touch later in the window ({@link Casts}).
 *
 * <h2>Contract for every implementation</h2>
 * Every kernel writes the same bits as {@link ScalarCast} (every round's GJK is the distance
 * kernel's, the advancement is {@link ScalarCast#advance}). Stateless and thread-safe; batch calls
 * allocate nothing in steady state and write only entries {@code [from, to)} (any {@code from}).
 */
public interface CastKernel {
    /** A short stable name: {@code "scalar"} or {@code "simd"}. */
    String name();

    /**
     * Casts pair {@code (a, b)} into entry {@code index} of {@code out}, cold start.
     *
     * @return true if the shapes come into contact within the window
     * @throws IndexOutOfBoundsException if a shape index or {@code index} is out of range
     * @throws IllegalArgumentException for bad velocities, window or tolerance
     */
    boolean cast(RoundedShapes shapes, Velocities velocities, int a, int b, float tMax, float tolerance, Casts out,
                 int index);

    /**
     * Casts pairs {@code [from, to)} of {@code pairs} into the same entries of {@code out}, GJK
     * warm-started from {@code cache} in every round (may be null: cold starts).
     *
     * @return how many of them hit
     * @throws IndexOutOfBoundsException if the range is not within the batch
     * @throws IllegalArgumentException naming a bad argument, or the pair whose motion in the
     *         window would move coordinates beyond {@code 2^61}
     */
    int casts(RoundedShapes shapes, Velocities velocities, PairBatch pairs, int from, int to, float tMax,
              float tolerance, Casts out, SimplexCache cache);

    /** Every pair of {@code pairs}, cold; returns how many hit. */
    default int casts(RoundedShapes shapes, Velocities velocities, PairBatch pairs, float tMax, float tolerance,
                      Casts out) {
        return casts(shapes, velocities, pairs, 0, pairs.size(), tMax, tolerance, out, null);
    }

    /**
     * Entry checks of a batch call, shared by the kernels.
     *
     * @throws IndexOutOfBoundsException if the range is not within the batch
     * @throws IllegalArgumentException naming the offending argument and value
     */
    static void checkBatch(RoundedShapes shapes, Velocities velocities, PairBatch pairs, int from, int to, float tMax,
                           float tolerance, Casts out, SimplexCache cache) {
        BatchArguments.checkRounded(shapes, pairs, from, to, false, out, out == null ? 0 : out.capacity(), cache);
        checkMotion(shapes, velocities, tMax, tolerance);
        int[] pa = pairs.arrays().a;
        int[] pb = pairs.arrays().b;
        for (int p = from; p < to; p++) {
            checkReach(velocities, pa[p], pb[p], tMax, p);
        }
    }

    /**
     * Entry checks of a single-pair call.
     *
     * @throws IndexOutOfBoundsException if {@code a}, {@code b} or {@code index} is out of range
     * @throws IllegalArgumentException naming the offending argument and value
     */
    static void checkPair(RoundedShapes shapes, Velocities velocities, int a, int b, float tMax, float tolerance,
                          Casts out, int index) {
        BatchArguments.checkRoundedPair(shapes, a, b, out, out == null ? 0 : out.capacity(), index);
        checkMotion(shapes, velocities, tMax, tolerance);
        checkReach(velocities, a, b, tMax, index);
    }

    private static void checkMotion(RoundedShapes shapes, Velocities velocities, float tMax, float tolerance) {
        if (velocities == null) {
            throw new IllegalArgumentException("velocities is null");
        }
        if (velocities.size() < shapes.size()) {
            throw new IllegalArgumentException("velocities.size=" + velocities.size() + " < shapes.size=" + shapes.size());
        }
        if (!(tMax >= 0) || tMax == Float.POSITIVE_INFINITY) {
            throw new IllegalArgumentException("tMax=" + tMax + ": must be finite and >= 0");
        }
        if (!(tolerance >= 0) || tolerance == Float.POSITIVE_INFINITY) {
            throw new IllegalArgumentException("tolerance=" + tolerance + ": must be finite and >= 0");
        }
    }

    /** B's core moves by at most {@code tMax |u|}; beyond 2^61 the GJK products could overflow. */
    private static void checkReach(Velocities v, int a, int b, float tMax, int p) {
        double ux = (double) v.vx(b) - v.vx(a);
        double uy = (double) v.vy(b) - v.vy(a);
        double reach = tMax * Math.max(Math.abs(ux), Math.abs(uy));
        if (reach > 0x1p61) {
            throw new IllegalArgumentException("pair=" + p + " (" + a + ", " + b + "): tMax * |vB - vA| = " + reach
                    + " beyond 2^61 (coordinates would overflow)");
        }
    }
}
