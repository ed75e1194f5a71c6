package dev.sepax.shape;

import dev.sepax.geom.Orientation;

import java.util.Arrays;

/**
 * Andrew's monotone chain over float points with the exact {@link Orientation} predicate.
 * Collinear points and duplicates are dropped; the result is CCW, starting at the
 * lexicographically smallest point. Returns fewer than 3 points when the input spans no area,
 * and the caller reports that: no guessing.
 */
final class ConvexHull {
    private ConvexHull() {}

    /** Hull of {@code n} points stored as x0, y0, x1, y1, ... Returns the CCW hull, same format. */
    static float[] of(float[] xy) {
        int n = xy.length / 2;
        Integer[] idx = new Integer[n];
        for (int i = 0; i < n; i++) {
            idx[i] = i;
        }
        // "+ 0f" turns -0 into +0: Float.compare orders -0 before +0, and a chain sorted that way
        // is not sorted by value (a point at x = -0 would precede one at x = +0 with a smaller y)
        // and can drop a corner of the hull.
        Arrays.sort(idx, (p, q) -> {
            int c = Float.compare(xy[2 * p] + 0f, xy[2 * q] + 0f);
            return c != 0 ? c : Float.compare(xy[2 * p + 1] + 0f, xy[2 * q + 1] + 0f);
        });
        int[] hull = new int[2 * n + 1];
        int k = 0;
        // Lower chain, then upper chain; keep only strict left turns.
        for (int i = 0; i < n; i++) {
            int p = idx[i];
            k = push(xy, hull, k, p, 0);
        }
        int lowerSize = k;
        for (int i = n - 2; i >= 0; i--) {
            int p = idx[i];
            k = push(xy, hull, k, p, lowerSize - 1);
        }
        int size = Math.max(0, k - 1); // last point repeats the first
        if (n == 1) {
            size = 1;
        }
        float[] out = new float[2 * size];
        int w = 0;
        for (int i = 0; i < size; i++) {
            int p = hull[i];
            // Skip exact duplicates that sorting put side by side.
            if (w > 0 && out[w - 2] == xy[2 * p] && out[w - 1] == xy[2 * p + 1]) {
                continue;
            }
            out[w++] = xy[2 * p];
            out[w++] = xy[2 * p + 1];
        }
        return w == out.length ? out : Arrays.copyOf(out, w);
    }

    private static int push(float[] xy, int[] hull, int k, int p, int floor) {
        float px = xy[2 * p];
        float py = xy[2 * p + 1];
        while (k >= floor + 2) {
            int a = hull[k - 2];
            int b = hull[k - 1];
            if (Orientation.orient(xy[2 * a], xy[2 * a + 1], xy[2 * b], xy[2 * b + 1], px, py) > 0) {
                break;
            }
            k--;
        }
        if (k > 0 && xy[2 * hull[k - 1]] == px && xy[2 * hull[k - 1] + 1] == py) {
            return k; // exact duplicate of the previous hull point
        }
        hull[k] = p;
        return k + 1;
    }
}
