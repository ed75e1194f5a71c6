package dev.sepax.batch;

/**
 * Caller-owned results of a {@link dev.sepax.narrow.DistanceKernel}: one entry per pair, struct
 * of arrays.
 *
 * <pre>
 *  index p:   distance[p]                 gap between the two rounded shapes, &gt;= 0; 0 when they
 *                                         touch or overlap
 *             pointAX/Y[p], pointBX/Y[p]  closest points on A and on B (on the rounded shapes,
 *                                         radii applied); equal when the distance is 0
 *             normalX/Y[p]                unit vector from A's point towards B's, from the cores'
 *                                         closest points; (0, 0) when the cores themselves touch
 *                                         or overlap (no direction is defined there)
 *             iterations[p]               GJK iterations (support-point pairs evaluated)
 *             exit[p]                     why GJK stopped, one of the EXIT_ codes
 * </pre>
 * When the rounded shapes overlap but their cores do not, the distance is 0, both points are one
 * point inside both shapes on the cores' closest-point segment, and the normal is the cores' one: then
 * {@code radiusA + radiusB - |core gap|} along it is the penetration depth. Distances and points
 * are in the store's coordinate unit.
 *
 * <p>The arrays are public through accessors for direct reading (no copies). A kernel writes
 * entries {@code [from, to)} of a call and leaves the others alone, so threads may fill
 * disjoint ranges of one buffer. Allocation happens only in the constructor.
 */
public final class Distances {
    /** GJK stopped because the next support point would not bring the simplex closer (converged). */
    public static final int EXIT_NO_PROGRESS = 1;
    /** GJK stopped because the next support point pair is already in the simplex (converged). */
    public static final int EXIT_REPEATED_SUPPORT = 2;
    /** The origin lies in or on the simplex: the cores touch or overlap. */
    public static final int EXIT_OVERLAP = 3;
    /** The triangle simplex was degenerate in float; the best vertex was kept. */
    public static final int EXIT_DEGENERATE = 4;
    /**
     * The iteration cap was reached; the result is the best simplex so far, with no error
     * guarantee: {@code ScalarDistance.band} rests on the converged exits' certificates. The
     * distance is the best simplex's, an upper bound of the true distance up to rounding (the
     * simplex's closest point is a point of the cores' Minkowski difference) but by an unbounded
     * amount; the closest points are points of the cores' hulls, at that distance, and the normal
     * joins them. A pair whose cores overlap can come out apart. Not seen with plain GJK in probes
     * of near-touching 64- to 1024-point ellipses, which ended within 13 of the cap's 64.
     */
    public static final int EXIT_ITERATION_CAP = 5;

    final float[] distance;
    final float[] pointAX;
    final float[] pointAY;
    final float[] pointBX;
    final float[] pointBY;
    final float[] normalX;
    final float[] normalY;
    final int[] iterations;
    final int[] exit;

    /** Room for {@code pairs} results, all zero. */
    public Distances(int pairs) {
        if (pairs < 0) {
            throw new IllegalArgumentException("pairs=" + pairs + ": negative");
        }
        distance = new float[pairs];
        pointAX = new float[pairs];
        pointAY = new float[pairs];
        pointBX = new float[pairs];
        pointBY = new float[pairs];
        normalX = new float[pairs];
        normalY = new float[pairs];
        iterations = new int[pairs];
        exit = new int[pairs];
    }

    /** Number of results this buffer can hold. */
    public int capacity() {
        return distance.length;
    }

    /** Distance per pair. Read-only by contract. */
    public float[] distances() {
        return distance;
    }

    /** Closest point on A, x, per pair. Read-only by contract. */
    public float[] pointAXs() {
        return pointAX;
    }

    /** Closest point on A, y, per pair. Read-only by contract. */
    public float[] pointAYs() {
        return pointAY;
    }

    /** Closest point on B, x, per pair. Read-only by contract. */
    public float[] pointBXs() {
        return pointBX;
    }

    /** Closest point on B, y, per pair. Read-only by contract. */
    public float[] pointBYs() {
        return pointBY;
    }

    /** Normal x per pair (A to B). Read-only by contract. */
    public float[] normalXs() {
        return normalX;
    }

    /** Normal y per pair (A to B). Read-only by contract. */
    public float[] normalYs() {
        return normalY;
    }

    /** GJK iterations per pair. Read-only by contract. */
    public int[] iterationCounts() {
        return iterations;
    }

    /** Exit code per pair. Read-only by contract. */
    public int[] exits() {
        return exit;
    }

    /** Distance of pair {@code p}. */
    public float distance(int p) {
        return distance[check(p)];
    }

    /** True if pair {@code p} touches or overlaps (distance 0). */
    public boolean intersects(int p) {
        return distance[check(p)] == 0;
    }

    /** Closest point on A of pair {@code p}, x. */
    public float pointAX(int p) {
        return pointAX[check(p)];
    }

    /** Closest point on A of pair {@code p}, y. */
    public float pointAY(int p) {
        return pointAY[check(p)];
    }

    /** Closest point on B of pair {@code p}, x. */
    public float pointBX(int p) {
        return pointBX[check(p)];
    }

    /** Closest point on B of pair {@code p}, y. */
    public float pointBY(int p) {
        return pointBY[check(p)];
    }

    /** Normal of pair {@code p}, x. */
    public float normalX(int p) {
        return normalX[check(p)];
    }

    /** Normal of pair {@code p}, y. */
    public float normalY(int p) {
        return normalY[check(p)];
    }

    /** GJK iterations of pair {@code p}. */
    public int iterations(int p) {
        return iterations[check(p)];
    }

    /** Exit code of pair {@code p}. */
    public int exit(int p) {
        return exit[check(p)];
    }

    /**
     * Writes entry {@code p}. For kernels; not an API for callers (no checks beyond the array's).
     */
    public void set(int p, float dist, float ax, float ay, float bx, float by, float nx, float ny, int iters, int exitCode) {
        distance[p] = dist;
        pointAX[p] = ax;
        pointAY[p] = ay;
        pointBX[p] = bx;
        pointBY[p] = by;
        normalX[p] = nx;
        normalY[p] = ny;
        iterations[p] = iters;
        exit[p] = exitCode;
    }

    private int check(int p) {
        if (p < 0 || p >= distance.length) {
            throw new IndexOutOfBoundsException("pair=" + p + ": out of range [0, " + distance.length + ")");
        }
        return p;
    }
}
