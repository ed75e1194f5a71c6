package dev.sepax.geom;

import dev.sepax.narrow.FloatBand;

import dev.sepax.narrow.ScalarSat;
import dev.sepax.narrow.TextbookSat;
import dev.sepax.shape.ConvexPolygons;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sepax.testing.Polygons;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** The stored form is consistent with the kernels' float arithmetic: the basis of exact touching. */
class FloatConsistencyTest {

    @Property(tries = 500)
    void everyStoredVertexComputesInsideEveryEdgeOfItsOwnPolygon(@ForAll("anyConvex") float[] p) {
        ConvexPolygons s = ConvexPolygons.of(p);
        int o = s.start(0);
        int k = s.count(0);
        float[] x = s.arrays().x;
        float[] y = s.arrays().y;
        for (int i = o; i < o + s.capacity(0); i++) {          // padded slots included
            for (int j = o; j < o + k; j++) {
                float sep = s.arrays().enx[i] * (x[j] - x[i]) + s.arrays().eny[i] * (y[j] - y[i]);
                assertTrue(sep <= 0, "edge slot " + (i - o) + " sees vertex " + (j - o) + " outside: " + sep);
            }
        }
    }

    @Property(tries = 300)
    void aShapeSharingOnlyOneVertexWithAnotherTouchesIt(@ForAll("anyConvex") float[] p,
                                                        @ForAll("vertexPick") int pick) {
        ConvexPolygons a = ConvexPolygons.of(p);
        int k = pick % a.count(0);
        float vx = a.vertexX(0, k);
        float vy = a.vertexY(0, k);
        // A triangle with its apex at A's vertex k, opening outward along the vertex's bisector.
        int prev = (k + a.count(0) - 1) % a.count(0);
        float[] nx = a.arrays().nx;
        float[] ny = a.arrays().ny;
        double ox = nx[a.start(0) + k] + nx[a.start(0) + prev];
        double oy = ny[a.start(0) + k] + ny[a.start(0) + prev];
        double len = Math.hypot(ox, oy);
        double size = Math.max(1e-3, Polygons.extent(p));
        double ux = ox / len * size;
        double uy = oy / len * size;
        float[] tri = {vx, vy, (float) (vx + ux - 0.2 * uy), (float) (vy + uy + 0.2 * ux),
            (float) (vx + ux + 0.2 * uy), (float) (vy + uy - 0.2 * ux)};
        ConvexPolygons s;
        try {
            s = ConvexPolygons.of(a.vertices(0), tri);
        } catch (IllegalArgumentException degenerateTriangle) {
            return; // the rounded triangle collapsed: nothing to check
        }
        assertTrue(ScalarSat.INSTANCE.intersects(s, 0, 1, 0f), "A, B");
        assertTrue(ScalarSat.INSTANCE.intersects(s, 1, 0, 0f), "B, A");
        assertTrue(TextbookSat.INSTANCE.intersects(s, 0, 1, FloatBand.of(s, 0, 1)), "oracle sees touching");
    }

    @Provide
    Arbitrary<float[]> anyConvex() {
        return Polygons.convex();
    }

    @Provide
    Arbitrary<Integer> vertexPick() {
        return Arbitraries.integers().between(0, 1 << 20);
    }
}
