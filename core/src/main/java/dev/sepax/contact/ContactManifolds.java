package dev.sepax.contact;

/**
 * Caller-owned contact manifolds, written by {@link ContactManifoldFinder}: up to two contact
 * points per pair, struct of arrays.
 *
 * <pre>
 *  pair p:          normalX[p], normalY[p]     unit contact normal, from A to B
 *                   pointCount[p]              0, 1 or 2
 *  point c of p     pointX[2p + c], pointY[2p + c]   world position (c &lt; pointCount[p])
 *  (slot 2p + c):   separation[2p + c]         signed distance along the normal,
 *                                              negative = penetrating, in distance units
 *                   id[2p + c]                 feature id (below)
 * </pre>
 *
 * <p>Feature ids let a solver match points between frames (warm starting): an id names the
 * reference edge, the incident edge and which end of the incident edge produced the point,
 * so it stays the same while the same features are in contact, whether or not the point was
 * clipped. Layout: bit 31 = 1 if the reference edge belongs to B (else A), bits 16..30 the
 * reference edge index, bits 1..15 the incident edge index, bit 0 the end (0: the incident
 * edge's first vertex, 1: its second).
 *
 * <p>Entries outside the range of a call are left alone, so threads may fill disjoint ranges of
 * one buffer. Allocation happens only in the constructor.
 */
public final class ContactManifolds {
    final float[] normalX;
    final float[] normalY;
    final int[] pointCount;
    final float[] pointX;
    final float[] pointY;
    final float[] separation;
    final int[] id;

    /** Room for {@code pairs} manifolds (two point slots each), all empty. */
    public ContactManifolds(int pairs) {
        if (pairs < 0 || pairs > Integer.MAX_VALUE / 2) {
            throw new IllegalArgumentException("pairs=" + pairs + ": out of range [0, " + Integer.MAX_VALUE / 2 + "]");
        }
        normalX = new float[pairs];
        normalY = new float[pairs];
        pointCount = new int[pairs];
        pointX = new float[2 * pairs];
        pointY = new float[2 * pairs];
        separation = new float[2 * pairs];
        id = new int[2 * pairs];
    }

    /** Number of manifolds this buffer can hold. */
    public int capacity() {
        return pointCount.length;
    }

    /** Number of contact points of pair {@code p} (0, 1 or 2). */
    public int pointCount(int p) {
        return pointCount[check(p)];
    }

    /** Contact normal x of pair {@code p} (A to B). */
    public float normalX(int p) {
        return normalX[check(p)];
    }

    /** Contact normal y of pair {@code p} (A to B). */
    public float normalY(int p) {
        return normalY[check(p)];
    }

    /** Point {@code c} of pair {@code p}, x. */
    public float pointX(int p, int c) {
        return pointX[slot(p, c)];
    }

    /** Point {@code c} of pair {@code p}, y. */
    public float pointY(int p, int c) {
        return pointY[slot(p, c)];
    }

    /** Separation of point {@code c} of pair {@code p} (negative: penetrating). */
    public float separation(int p, int c) {
        return separation[slot(p, c)];
    }

    /** Feature id of point {@code c} of pair {@code p} (see class doc). */
    public int id(int p, int c) {
        return id[slot(p, c)];
    }

    /** True if the id's reference edge belongs to B. */
    public static boolean referenceIsB(int id) {
        return id < 0;
    }

    /** The reference edge index encoded in a feature id. */
    public static int referenceEdge(int id) {
        return (id >>> 16) & 0x7fff;
    }

    /** The incident edge index encoded in a feature id. */
    public static int incidentEdge(int id) {
        return (id >>> 1) & 0x7fff;
    }

    /** Which end of the incident edge (0 or 1) a feature id names. */
    public static int incidentEnd(int id) {
        return id & 1;
    }

    /** Raw arrays, read-only by contract: per pair. */
    public float[] normalXs() {
        return normalX;
    }

    /** Raw arrays, read-only by contract: per pair. */
    public float[] normalYs() {
        return normalY;
    }

    /** Raw arrays, read-only by contract: per pair. */
    public int[] pointCounts() {
        return pointCount;
    }

    /** Raw arrays, read-only by contract: per point slot {@code 2p + c}. */
    public float[] pointXs() {
        return pointX;
    }

    /** Raw arrays, read-only by contract: per point slot {@code 2p + c}. */
    public float[] pointYs() {
        return pointY;
    }

    /** Raw arrays, read-only by contract: per point slot {@code 2p + c}. */
    public float[] separations() {
        return separation;
    }

    /** Raw arrays, read-only by contract: per point slot {@code 2p + c}. */
    public int[] ids() {
        return id;
    }

    int check(int p) {
        if (p < 0 || p >= pointCount.length) {
            throw new IndexOutOfBoundsException("pair=" + p + ": out of range [0, " + pointCount.length + ")");
        }
        return p;
    }

    private int slot(int p, int c) {
        check(p);
        if (c < 0 || c >= pointCount[p]) {
            throw new IndexOutOfBoundsException("pair=" + p + ": point=" + c + " out of range [0, " + pointCount[p] + ")");
        }
        return 2 * p + c;
    }
}
