package dev.sepax.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sepax.testing.Polygons;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;

/**
 * One shape of a store is spoilt in a known way; the store must refuse it with the reason, the
 * shape's index and, where there is one, the caller's vertex index.
 */
class BadInputPropertiesTest {
    @Provide
    Arbitrary<List<float[]>> stores() {
        return Polygons.convex().list().ofMinSize(1).ofMaxSize(5);
    }

    @Provide
    Arbitrary<Float> nonFinite() {
        return Arbitraries.of(Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY);
    }

    static IllegalArgumentException buildRejected(List<float[]> shapes) {
        return assertThrows(IllegalArgumentException.class, () -> ConvexPolygons.of(shapes.toArray(new float[0][])));
    }

    @Property(tries = 300)
    void nonFiniteCoordinateIsNamedByShapeVertexAndAxis(@ForAll("stores") List<float[]> shapes,
            @ForAll @IntRange(min = 0, max = 4) int which, @ForAll @IntRange(min = 0, max = 127) int coordinate,
            @ForAll("nonFinite") float bad) {
        int s = which % shapes.size();
        float[] p = shapes.get(s).clone();
        int c = coordinate % p.length;
        p[c] = bad;
        shapes.set(s, p);
        assertEquals("shape=" + s + ": vertex " + c / 2 + " has non-finite " + (c % 2 == 0 ? "x" : "y") + "=" + bad,
                buildRejected(shapes).getMessage());
    }

    @Property(tries = 300)
    void vertexPushedInsideItsNeighboursChordIsNamedAsTheReflexVertex(@ForAll("stores") List<float[]> shapes,
            @ForAll @IntRange(min = 0, max = 4) int which, @ForAll @IntRange(min = 0, max = 63) int vertex,
            @ForAll @DoubleRange(min = 0.05, max = 0.95) double depth) {
        int s = which % shapes.size();
        float[] p = shapes.get(s).clone();
        int k = Polygons.count(p);
        Assume.that(k >= 4);
        int i = vertex % k;
        int prev = (i + k - 1) % k;
        int next = (i + 1) % k;
        // Towards the mean of the other vertices, which lies inside the polygon without vertex i.
        double cx = 0;
        double cy = 0;
        for (int v = 0; v < k; v++) {
            if (v != i) {
                cx += p[2 * v] / (double) (k - 1);
                cy += p[2 * v + 1] / (double) (k - 1);
            }
        }
        double mx = (p[2 * prev] + (double) p[2 * next]) / 2;
        double my = (p[2 * prev + 1] + (double) p[2 * next + 1]) / 2;
        p[2 * i] = (float) (mx + depth * (cx - mx));
        p[2 * i + 1] = (float) (my + depth * (cy - my));
        // After rounding: vertex i turns right, and its neighbours still turn left.
        Assume.that(turn(p, i) < 0 && turn(p, prev) > 0 && turn(p, next) > 0);
        // And vertex i lies strictly inside the polygon of the other vertices, so no two edges
        // cross: pushed far into a thin sliver it can pass the far side, and that polygon is
        // rightly rejected as self-intersecting instead (seed -6350578855391321812).
        for (int v = 0; v < k; v++) {
            if (v != i) {
                int w = (v + 1) % k == i ? next : (v + 1) % k;
                Assume.that(Polygons.orient(p[2 * v], p[2 * v + 1], p[2 * w], p[2 * w + 1], p[2 * i], p[2 * i + 1]) > 0);
            }
        }
        shapes.set(s, p);
        assertEquals("shape=" + s + ": non-convex (turn at vertex " + i + " has the opposite sign)",
                buildRejected(shapes).getMessage());
    }

    private static int turn(float[] p, int i) {
        int k = Polygons.count(p);
        int a = (i + k - 1) % k;
        int b = (i + 1) % k;
        return Polygons.orient(p[2 * a], p[2 * a + 1], p[2 * i], p[2 * i + 1], p[2 * b], p[2 * b + 1]);
    }

    @Property(tries = 300)
    void swappingTwoNeighbouringVerticesIsRejectedAsSelfIntersecting(@ForAll("stores") List<float[]> shapes,
            @ForAll @IntRange(min = 0, max = 4) int which, @ForAll @IntRange(min = 0, max = 63) int vertex) {
        int s = which % shapes.size();
        float[] p = shapes.get(s).clone();
        int k = Polygons.count(p);
        Assume.that(k >= 4);
        int i = vertex % k;
        int j = (i + 1) % k;
        float x = p[2 * i];
        float y = p[2 * i + 1];
        p[2 * i] = p[2 * j];
        p[2 * i + 1] = p[2 * j + 1];
        p[2 * j] = x;
        p[2 * j + 1] = y;
        shapes.set(s, p);
        String message = buildRejected(shapes).getMessage();
        assertTrue(message.startsWith("shape=" + s + ": self-intersecting"), message);
    }

    @Property(tries = 200)
    void shapeTraversedTwiceIsRejectedAsSelfIntersecting(@ForAll("stores") List<float[]> shapes,
            @ForAll @IntRange(min = 0, max = 4) int which) {
        int s = which % shapes.size();
        float[] p = shapes.get(s);
        float[] twice = new float[2 * p.length];
        System.arraycopy(p, 0, twice, 0, p.length);
        System.arraycopy(p, 0, twice, p.length, p.length);
        // A triangle traversed twice repeats its first vertex non-consecutively: also not simple.
        shapes.set(s, twice);
        String message = buildRejected(shapes).getMessage();
        assertTrue(message.startsWith("shape=" + s + ": self-intersecting"), message);
    }

    @Property(tries = 200)
    void oddCoordinateCountIsNamedByShape(@ForAll("stores") List<float[]> shapes, @ForAll @IntRange(min = 0, max = 4) int which) {
        int s = which % shapes.size();
        float[] p = shapes.get(s);
        shapes.set(s, java.util.Arrays.copyOf(p, p.length - 1));
        assertEquals("shape=" + s + ": odd coordinate count " + (p.length - 1) + " (expected x0, y0, x1, y1, ...)",
                buildRejected(shapes).getMessage());
    }
}
