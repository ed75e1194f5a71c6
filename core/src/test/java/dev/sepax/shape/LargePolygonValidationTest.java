package dev.sepax.shape;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Validation is linear in the vertex count: polygons of a million vertices are accepted or
 * rejected, with the right reason, well within the (generous) timeout; a quadratic check takes
 * hours here. No timing assertion beyond the timeout: speed lives in benchmarks.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class LargePolygonValidationTest {
    private static final int N = 1_000_000;

    @Test
    void aMillionPointCircleIsRejectedAsNonConvex() {
        // At radius 1000 the float grid bends the million-gon: some turns go the other way.
        float[] c = new float[2 * N];
        for (int i = 0; i < N; i++) {
            double t = 2 * Math.PI * i / N;
            c[2 * i] = (float) (1000 * Math.cos(t));
            c[2 * i + 1] = (float) (1000 * Math.sin(t));
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ConvexPolygons.of(c));
        assertEquals(true, e.getMessage().startsWith("shape=0: non-convex (turn at vertex "), e.getMessage());
    }

    @Test
    void aSquareWithAMillionCollinearPointsIsCleanedToFourCorners() {
        int per = N / 4;
        float[] q = new float[2 * N];
        int w = 0;
        for (int i = 0; i < per; i++) {
            q[w++] = i;
            q[w++] = 0;
        }
        for (int i = 0; i < per; i++) {
            q[w++] = per;
            q[w++] = i;
        }
        for (int i = 0; i < per; i++) {
            q[w++] = per - i;
            q[w++] = per;
        }
        for (int i = 0; i < per; i++) {
            q[w++] = 0;
            q[w++] = per - i;
        }
        ConvexPolygons s = ConvexPolygons.of(q);
        assertArrayEquals(new float[] {0, 0, per, 0, per, per, 0, per}, s.vertices(0));
    }

    @Test
    void aMillionVertexBoundaryWindingTwiceIsRejected() {
        // Every turn is a left turn, but the boundary goes round twice.
        float[] c = new float[2 * N];
        for (int i = 0; i < N; i++) {
            double t = 4 * Math.PI * i / N;
            c[2 * i] = (float) (1e6 * Math.cos(t));
            c[2 * i + 1] = (float) (1e6 * Math.sin(t));
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ConvexPolygons.of(c));
        assertEquals(true, e.getMessage().startsWith("shape=0: "), e.getMessage());
    }

    @Test
    void aLargeExactlyConvexPolygonWithNearlyCollinearVerticesIsWelded() {
        // A parabola on integers: exactly strictly convex, but neighbouring vertices are nearly
        // collinear at float precision, so the weld has work to do.
        int half = 4096;
        float[] xy = new float[2 * (2 * half + 1)];
        int w = 0;
        for (int x = -half; x <= half; x++) {
            xy[w++] = x;
            xy[w++] = (float) ((long) x * x);
        }
        ConvexPolygons s = ConvexPolygons.of(xy);
        float[] v = s.vertices(0);
        // Whatever was welded, every remaining vertex is inside every edge in the kernels' float
        // arithmetic (the weld's contract), checked here by brute force.
        int k = v.length / 2;
        for (int i = 0; i < k; i++) {
            int j = (i + 1) % k;
            float nx = v[2 * j + 1] - v[2 * i + 1];
            float ny = -(v[2 * j] - v[2 * i]);
            for (int q = 0; q < k; q++) {
                float sep = nx * (v[2 * q] - v[2 * i]) + ny * (v[2 * q + 1] - v[2 * i + 1]);
                if (sep > 0) {
                    throw new AssertionError("vertex " + q + " computes outside edge " + i + " (k=" + k + ")");
                }
            }
        }
    }

    @Test
    void aLargePolygonWithOneReflexVertexIsRejectedNamingIt() {
        int n = 48_000;
        float[] c = new float[2 * n];
        for (int i = 0; i < n; i++) {
            double t = 2 * Math.PI * i / n;
            c[2 * i] = (float) (1e4 * Math.cos(t));
            c[2 * i + 1] = (float) (1e4 * Math.sin(t));
        }
        // Pull vertex 100 to the centre: the turn there goes the other way.
        c[200] = 0;
        c[201] = 0;
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ConvexPolygons.of(c));
        assertEquals(true, e.getMessage().startsWith("shape=0: non-convex (turn at vertex "), e.getMessage());
    }
}
