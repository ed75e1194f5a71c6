package dev.sepax.contact;

import dev.sepax.shape.ConvexPolygons;

/**
 * A caller-owned buffer for the intersection of two convex polygons, filled by
 * {@link ConvexClipper#intersect}: the vertices (counter-clockwise, in double) and the area.
 *
 * <p>It also holds the clipper's scratch space, so one instance serves any number of calls with
 * no allocation once it has grown to the largest {@code count(a) + count(b)} seen (see
 * {@link ConvexClipper} for the one exception). Not thread-safe: use one per thread.
 */
public final class IntersectionPolygon {
    double[] x;
    double[] y;
    double[] scratchX;
    double[] scratchY;
    int count;
    double area;

    /** An empty buffer with room for {@code vertices} vertices (it grows when needed). */
    public IntersectionPolygon(int vertices) {
        if (vertices < 0) {
            throw new IllegalArgumentException("vertices=" + vertices + ": negative");
        }
        x = new double[vertices];
        y = new double[vertices];
        scratchX = new double[vertices];
        scratchY = new double[vertices];
    }

    /**
     * An empty buffer sized for any pair of {@code shapes}: {@code 2 * maxCount} vertices, at
     * least {@code count(a) + count(b)} for every pair, so it does not grow (see
     * {@link ConvexClipper}).
     */
    public IntersectionPolygon(ConvexPolygons shapes) {
        this(2 * shapes.maxCount());
    }

    /** Number of vertices of the last result; 0 when the interiors were disjoint. */
    public int count() {
        return count;
    }

    /** Area of the last result (0 when empty). */
    public double area() {
        return area;
    }

    /** True if the last result has no area. */
    public boolean isEmpty() {
        return count == 0;
    }

    /** Vertex {@code i} of the last result, x. */
    public double x(int i) {
        return x[check(i)];
    }

    /** Vertex {@code i} of the last result, y. */
    public double y(int i) {
        return y[check(i)];
    }

    /** The last result as a new array {@code x0, y0, x1, y1, ...} (allocates). */
    public double[] toArray() {
        double[] out = new double[2 * count];
        for (int i = 0; i < count; i++) {
            out[2 * i] = x[i];
            out[2 * i + 1] = y[i];
        }
        return out;
    }

    void ensure(int n) {
        if (x.length < n) {
            x = new double[n];
            y = new double[n];
            scratchX = new double[n];
            scratchY = new double[n];
        }
    }

    /**
     * Grows every array to at least {@code n} (twice the current length if that is more),
     * keeping the current polygon and what a clipping pass has written to the scratch arrays.
     */
    void growScratch(int n) {
        int length = Math.max(n, 2 * scratchX.length);
        scratchX = java.util.Arrays.copyOf(scratchX, length);
        scratchY = java.util.Arrays.copyOf(scratchY, length);
        x = java.util.Arrays.copyOf(x, length);
        y = java.util.Arrays.copyOf(y, length);
    }

    /** Swaps the result and scratch arrays (one clipping pass wrote into scratch). */
    void swap() {
        double[] t = x;
        x = scratchX;
        scratchX = t;
        t = y;
        y = scratchY;
        scratchY = t;
    }

    private int check(int i) {
        if (i < 0 || i >= count) {
            throw new IndexOutOfBoundsException("vertex=" + i + " out of range [0, " + count + ")");
        }
        return i;
    }

    @Override
    public String toString() {
        return "IntersectionPolygon[count=" + count + ", area=" + area + "]";
    }
}
