package dev.sepax.batch;


/**
 * Caller-owned results of a swept test ({@link dev.sepax.narrow.SweepKernel}), struct-of-arrays, one entry per pair.
 *
 * <pre>
 *  pair p:   hits bit p   tFirst[p]   tLast[p]   normalX[p], normalY[p]
 *  hit       1            in [0,tMax] in [tFirst,tMax]  unit, from A to B (or 0, 0: see below)
 *  no hit    0            NaN         NaN        0, 0
 * </pre>
 *
 * <p>For a hit, the shapes (B moving relative to A) touch or overlap exactly during
 * {@code [tFirst, tLast]} within the query window {@code [0, tMax]}: {@code tFirst = 0} when they
 * already overlap at time 0, {@code tLast = tMax} when they still overlap at {@code tMax}. The
 * normal is the separating axis that B crosses last on its way in, oriented from A towards B:
 * at a first contact {@code tFirst > 0} it is the contact normal; for pairs that already overlap
 * it is the axis through which B entered along its (extrapolated) path. It is {@code (0, 0)} when
 * no axis is being entered, which happens exactly when B does not move relative to A along any
 * candidate axis (for instance equal velocities). Times are in the time unit of the
 * {@link dev.sepax.shape.Velocities} (distance units per time unit).
 *
 * <p>A kernel writes only the entries of the range it was given, so threads working on disjoint
 * ranges that start on multiples of 64 may share one result. Allocation happens only in the
 * constructor.
 */
public final class SweepResults {
    private final int capacity;
    final OverlapBits hits;
    final float[] tFirst;
    final float[] tLast;
    final float[] normalX;
    final float[] normalY;

    /** Room for {@code pairs} results. */
    public SweepResults(int pairs) {
        if (pairs < 0) {
            throw new IllegalArgumentException("pairs=" + pairs + ": negative");
        }
        capacity = pairs;
        hits = new OverlapBits(pairs);
        tFirst = new float[pairs];
        tLast = new float[pairs];
        normalX = new float[pairs];
        normalY = new float[pairs];
    }

    /** Number of pairs this buffer can hold. */
    public int capacity() {
        return capacity;
    }

    /** Did pair {@code i} touch or overlap within the window? */
    public boolean hit(int i) {
        return hits.get(i);
    }

    /** First time of contact of pair {@code i} (NaN without a hit). */
    public float tFirst(int i) {
        return tFirst[check(i)];
    }

    /** Last time of contact of pair {@code i}, capped at {@code tMax} (NaN without a hit). */
    public float tLast(int i) {
        return tLast[check(i)];
    }

    /** Contact normal x of pair {@code i}, unit length, from A to B (0 without a hit). */
    public float normalX(int i) {
        return normalX[check(i)];
    }

    /** Contact normal y of pair {@code i}, unit length, from A to B (0 without a hit). */
    public float normalY(int i) {
        return normalY[check(i)];
    }

    /** The hit bits; bit {@code i} is pair {@code i}. Not a copy. */
    public OverlapBits hits() {
        return hits;
    }

    /** First times of contact per pair. Not a copy. */
    public float[] tFirsts() {
        return tFirst;
    }

    /** Last times of contact per pair. Not a copy. */
    public float[] tLasts() {
        return tLast;
    }

    /** Normal x per pair. Not a copy. */
    public float[] normalXs() {
        return normalX;
    }

    /** Normal y per pair. Not a copy. */
    public float[] normalYs() {
        return normalY;
    }

    private int check(int i) {
        if (i < 0 || i >= capacity) {
            throw new IndexOutOfBoundsException("pair=" + i + ": out of range [0, " + capacity + ")");
        }
        return i;
    }
}
