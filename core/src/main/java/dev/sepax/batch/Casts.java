package dev.sepax.batch;

/**
 * Caller-owned results of a shape cast ({@code dev.sepax.narrow.CastKernel}): one entry per pair,
 * struct of arrays.
 *
 * <pre>
 *  index p:   time[p]              the time of impact, or the last safe time (below)
 *             normalX[p], [p]      unit normal at that time, from A to B (0, 0 when the cores
 *                                  already overlap at time 0)
 *             rounds[p]            conservative-advancement rounds (one GJK each)
 *             exit[p]              how the cast ended (codes below)
 *  atTime():  the distance query at time[p] (closest points, distance, normal), entry p
 * </pre>
 * Every exit leaves {@code time[p]} a <em>safe</em> time: the shapes do not overlap (beyond the
 * float band) at any earlier time of the window. {@link #EXIT_HIT}: they come within the cast's
 * tolerance at {@code time[p]}. {@link #EXIT_SEPARATING} and {@link #EXIT_BEYOND}: no contact in
 * the window. {@link #EXIT_ROUND_CAP}: not decided within the round cap; {@code time[p]} is still
 * safe, so a caller that advances only to it never tunnels, but it is not a hit: the cast
 * returns false and a batch does not count it, though the shapes may well touch later in the
 * window. It comes from grazing approaches with tolerance 0, where each round advances by a
 * vanishing step (in a probe of 6000 grazing random pairs at tolerance 0, 45 casts ended so, 40
 * of them with a contact later in the window; none at tolerance {@code 1e-4}): a positive
 * tolerance ends them, and a caller can also cast again from {@code time[p]}. Times are in the time unit of the
 * {@link dev.sepax.shape.Velocities} (distance units per time unit), within {@code [0, tMax]}.
 *
 * <p>Kernels write entries {@code [from, to)} of a call and leave the others alone, so threads
 * may fill disjoint ranges of one buffer concurrently. Allocation happens only in the
 * constructor.
 */
public final class Casts {
    /** Still advancing (seen only inside a call). */
    public static final int EXIT_RUNNING = 0;
    /** The shapes come within the tolerance at {@code time}: the time of impact. */
    public static final int EXIT_HIT = 1;
    /** The shapes do not approach along the normal: no contact in the window. */
    public static final int EXIT_SEPARATING = 2;
    /** The next safe time lies beyond the window's end: no contact in the window. */
    public static final int EXIT_BEYOND = 3;
    /**
     * The round cap was reached: {@code time} is a safe lower bound of the time of impact, if
     * there is one; reported as no hit (see the class doc).
     */
    public static final int EXIT_ROUND_CAP = 4;

    final float[] time;
    final float[] normalX;
    final float[] normalY;
    final int[] rounds;
    final int[] exit;
    final Distances atTime;

    /** Room for {@code pairs} results, all zero. */
    public Casts(int pairs) {
        if (pairs < 0) {
            throw new IllegalArgumentException("pairs=" + pairs + ": negative");
        }
        time = new float[pairs];
        normalX = new float[pairs];
        normalY = new float[pairs];
        rounds = new int[pairs];
        exit = new int[pairs];
        atTime = new Distances(pairs);
    }

    /** Number of results this buffer can hold. */
    public int capacity() {
        return time.length;
    }

    /** True if pair {@code p} comes into contact within the window ({@link #EXIT_HIT}). */
    public boolean hit(int p) {
        return exit[check(p)] == EXIT_HIT;
    }

    /** Time of pair {@code p}: of impact when it hit, else the last safe time. */
    public float time(int p) {
        return time[check(p)];
    }

    /** Normal of pair {@code p}, x. */
    public float normalX(int p) {
        return normalX[check(p)];
    }

    /** Normal of pair {@code p}, y. */
    public float normalY(int p) {
        return normalY[check(p)];
    }

    /** Advancement rounds of pair {@code p}. */
    public int rounds(int p) {
        return rounds[check(p)];
    }

    /** Exit code of pair {@code p}. */
    public int exit(int p) {
        return exit[check(p)];
    }

    /** Times per pair. Read-only by contract. */
    public float[] times() {
        return time;
    }

    /** Normal x per pair. Read-only by contract. */
    public float[] normalXs() {
        return normalX;
    }

    /** Normal y per pair. Read-only by contract. */
    public float[] normalYs() {
        return normalY;
    }

    /** Rounds per pair. Read-only by contract. */
    public int[] roundCounts() {
        return rounds;
    }

    /** Exit code per pair. Read-only by contract. */
    public int[] exits() {
        return exit;
    }

    /**
     * The distance query at each pair's {@link #time}: closest points (B at its position then),
     * distance and normal. Written by the kernels; read-only by contract.
     */
    public Distances atTime() {
        return atTime;
    }

    private int check(int p) {
        if (p < 0 || p >= time.length) {
            throw new IndexOutOfBoundsException("pair=" + p + ": out of range [0, " + time.length + ")");
        }
        return p;
    }
}
