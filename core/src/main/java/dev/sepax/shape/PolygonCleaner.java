package dev.sepax.shape;

import dev.sepax.geom.Orientation;

import java.util.Arrays;

/**
 * Turns one caller polygon into the canonical form the store keeps, or rejects it.
 *
 * <p>Canonical form: finite coordinates within {@link ConvexPolygons#MAX_COORDINATE}, no exact
 * duplicate consecutive vertices, no collinear vertices, strictly convex, simple,
 * counter-clockwise. A collinear vertex is dropped only when
 * it lies between its neighbours (on an edge); one that does not is the tip of a spike where the
 * boundary doubles back, and is rejected as self-intersecting. Every decision uses the exact
 * {@link Orientation} predicate, so the verdict does not depend on rounding. Errors are
 * {@link IllegalArgumentException}s in {@code shape=i: reason} form; vertex indices in them are
 * the caller's.
 */
final class PolygonCleaner {
    private PolygonCleaner() {}

    /** Returns the cleaned CCW vertex list (x0, y0, x1, y1, ...) of shape {@code shape}. */
    static float[] clean(int shape, float[] xy) {
        if (xy == null) {
            throw new IllegalArgumentException("shape=" + shape + ": vertex array is null");
        }
        if ((xy.length & 1) != 0) {
            throw new IllegalArgumentException("shape=" + shape + ": odd coordinate count " + xy.length
                    + " (expected x0, y0, x1, y1, ...)");
        }
        for (int i = 0; i < xy.length; i++) {
            if (!Float.isFinite(xy[i])) {
                throw new IllegalArgumentException("shape=" + shape + ": vertex " + (i / 2) + " has non-finite "
                        + ((i & 1) == 0 ? "x" : "y") + "=" + xy[i]);
            }
            if (Math.abs(xy[i]) > ConvexPolygons.MAX_COORDINATE) {
                throw new IllegalArgumentException("shape=" + shape + ": vertex " + (i / 2) + " has "
                        + ((i & 1) == 0 ? "x" : "y") + "=" + xy[i] + " beyond +-2^60 (separations would overflow)");
            }
        }
        int n = xy.length / 2;
        float[] px = new float[n];
        float[] py = new float[n];
        // The caller's index of each kept vertex, so that messages name the caller's vertices.
        int[] src = new int[n];
        int m = 0;
        // Drop exact duplicate consecutive vertices (including last == first).
        for (int i = 0; i < n; i++) {
            float x = xy[2 * i];
            float y = xy[2 * i + 1];
            if (m > 0 && px[m - 1] == x && py[m - 1] == y) {
                continue;
            }
            px[m] = x;
            py[m] = y;
            src[m] = i;
            m++;
        }
        while (m > 1 && px[m - 1] == px[0] && py[m - 1] == py[0]) {
            m--;
        }
        if (distinctCount(px, py, m) < 3) {
            throw new IllegalArgumentException("shape=" + shape + ": fewer than 3 distinct vertices (got "
                    + distinctCount(px, py, m) + ")");
        }
        if (allCollinear(px, py, m)) {
            throw new IllegalArgumentException("shape=" + shape + ": zero area (all vertices are collinear)");
        }
        // Drop collinear vertices that lie between their neighbours until none is left; each
        // removal can expose another. A collinear vertex that is not between them is the tip of
        // a spike where the boundary doubles back on itself: dropping it would silently cut off
        // part of the caller's shape, so it is an error.
        boolean removed = true;
        while (removed && m >= 3) {
            removed = false;
            for (int i = 0; i < m && m >= 3; ) {
                int prev = (i + m - 1) % m;
                int next = (i + 1) % m;
                if (Orientation.orient(px[prev], py[prev], px[i], py[i], px[next], py[next]) == 0) {
                    if (!within(px[prev], py[prev], px[next], py[next], px[i], py[i])) {
                        throw new IllegalArgumentException("shape=" + shape
                                + ": self-intersecting (the boundary doubles back at vertex " + src[i] + ")");
                    }
                    System.arraycopy(px, i + 1, px, i, m - i - 1);
                    System.arraycopy(py, i + 1, py, i, m - i - 1);
                    System.arraycopy(src, i + 1, src, i, m - i - 1);
                    m--;
                    removed = true;
                } else {
                    i++;
                }
            }
        }
        assert m >= 3 : "a shape that is not all collinear keeps at least 3 vertices";
        // The leftmost (then lowest) vertex is extreme, so of a simple polygon it is a convex corner:
        // its turn is the polygon's winding, and a vertex turning the other way is reflex.
        int sign = turn(px, py, m, leftmostLowest(px, py, m));
        assert sign != 0 : "collinear vertices were dropped";
        int reflexAt = -1;
        for (int i = 0; i < m && reflexAt < 0; i++) {
            if (turn(px, py, m, i) != sign) {
                reflexAt = i;
            }
        }
        if (reflexAt >= 0) {
            int[] crossing = firstCrossing(px, py, m);
            if (crossing != null) {
                throw new IllegalArgumentException("shape=" + shape + ": self-intersecting (edges from vertex "
                        + src[crossing[0]] + " and from vertex " + src[crossing[1]] + " cross)");
            }
            throw new IllegalArgumentException("shape=" + shape + ": non-convex (turn at vertex " + src[reflexAt]
                    + " has the opposite sign)");
        }
        // All turns agree; the boundary may still wind more than once (a pentagram). A simple
        // convex polygon changes the sign of its edge x-direction, and of its y-direction, at
        // most twice going round.
        if (signChanges(px, m) > 2 || signChanges(py, m) > 2) {
            throw new IllegalArgumentException("shape=" + shape
                    + ": self-intersecting (the boundary winds round more than once)");
        }
        float[] out = new float[2 * m];
        for (int i = 0; i < m; i++) {
            // Store CCW: reverse a clockwise input.
            int from = sign > 0 ? i : (m - i) % m;
            out[2 * i] = px[from];
            out[2 * i + 1] = py[from];
        }
        return out;
    }

    private static int distinctCount(float[] px, float[] py, int m) {
        int distinct = 0;
        outer:
        for (int i = 0; i < m && distinct < 3; i++) {
            for (int j = 0; j < i; j++) {
                if (px[i] == px[j] && py[i] == py[j]) {
                    continue outer;
                }
            }
            distinct++;
        }
        return distinct;
    }

    /** Exact turn direction at vertex {@code i}: +1 left, -1 right, 0 straight. */
    private static int turn(float[] px, float[] py, int m, int i) {
        int prev = (i + m - 1) % m;
        int next = (i + 1) % m;
        return Orientation.orient(px[prev], py[prev], px[i], py[i], px[next], py[next]);
    }

    private static int leftmostLowest(float[] px, float[] py, int m) {
        int best = 0;
        for (int i = 1; i < m; i++) {
            if (px[i] < px[best] || px[i] == px[best] && py[i] < py[best]) {
                best = i;
            }
        }
        return best;
    }

    /** True if every vertex lies on the line through the first two distinct ones. Exact. */
    private static boolean allCollinear(float[] px, float[] py, int m) {
        int q = 1;
        while (q < m && px[q] == px[0] && py[q] == py[0]) {
            q++;
        }
        for (int i = q + 1; i < m; i++) {
            if (Orientation.orient(px[0], py[0], px[q], py[q], px[i], py[i]) != 0) {
                return false;
            }
        }
        return true;
    }

    private static int signChanges(float[] c, int m) {
        int changes = 0;
        int last = 0;
        for (int i = 0; i <= m; i++) {
            float d = c[(i + 1) % m] - c[i % m];
            int s = d > 0 ? 1 : (d < 0 ? -1 : 0);
            if (s == 0) {
                continue;
            }
            if (last != 0 && s != last) {
                changes++;
            }
            last = s;
        }
        // The loop visits edge 0 twice, so a wrap-around change is counted exactly once.
        return changes;
    }

    /** First pair of non-adjacent edges that touch or cross, or null. O(m^2); error path only. */
    private static int[] firstCrossing(float[] px, float[] py, int m) {
        for (int i = 0; i < m; i++) {
            int i2 = (i + 1) % m;
            for (int j = i + 2; j < m; j++) {
                int j2 = (j + 1) % m;
                if (j2 == i) {
                    continue; // adjacent through the wrap
                }
                if (segmentsIntersect(px[i], py[i], px[i2], py[i2], px[j], py[j], px[j2], py[j2])) {
                    return new int[] {i, j};
                }
            }
        }
        return null;
    }

    private static boolean segmentsIntersect(float ax, float ay, float bx, float by,
                                             float cx, float cy, float dx, float dy) {
        int o1 = Orientation.orient(ax, ay, bx, by, cx, cy);
        int o2 = Orientation.orient(ax, ay, bx, by, dx, dy);
        int o3 = Orientation.orient(cx, cy, dx, dy, ax, ay);
        int o4 = Orientation.orient(cx, cy, dx, dy, bx, by);
        if (o1 * o2 < 0 && o3 * o4 < 0) {
            return true; // proper crossing
        }
        // An endpoint lying on the other segment also makes the boundary non-simple.
        return o1 == 0 && within(ax, ay, bx, by, cx, cy)
                || o2 == 0 && within(ax, ay, bx, by, dx, dy)
                || o3 == 0 && within(cx, cy, dx, dy, ax, ay)
                || o4 == 0 && within(cx, cy, dx, dy, bx, by);
    }

    /** For p collinear with segment ab: is p within ab's bounding box (hence on the segment)? */
    private static boolean within(float ax, float ay, float bx, float by, float px, float py) {
        return Math.min(ax, bx) <= px && px <= Math.max(ax, bx) && Math.min(ay, by) <= py && py <= Math.max(ay, by);
    }
}
