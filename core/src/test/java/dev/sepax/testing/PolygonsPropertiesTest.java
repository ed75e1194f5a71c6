package dev.sepax.testing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sepax.shape.ConvexPolygons;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.statistics.Statistics;

/** The generators keep their promises: strictly convex CCW floats, 3 to 64 vertices, all kinds. */
public class PolygonsPropertiesTest {
    @Provide
    Arbitrary<float[]> shapes() {
        return Polygons.convex();
    }

    @Property(tries = 500)
    void generatedPolygonsAreStrictlyConvexCounterClockwise(@ForAll("shapes") float[] p) {
        Statistics.label("vertices").collect(p.length / 2 <= 4 ? "3-4" : p.length / 2 <= 16 ? "5-16" : "17-64");
        assertTrue(p.length / 2 >= 3 && p.length / 2 <= Polygons.MAX_VERTICES, "vertex count " + p.length / 2);
        assertTrue(Polygons.isStrictlyConvexCcw(p), "strictly convex CCW");
    }

    @Property(tries = 500)
    void generatedPolygonsAreStoredUnchanged(@ForAll("shapes") float[] p) {
        ConvexPolygons s = ConvexPolygons.of(p);
        assertArrayEquals(p, s.vertices(0));
    }

    @Provide
    Arbitrary<float[]> between5and8() {
        return Polygons.convex(5, 8);
    }

    @Property(tries = 200)
    void vertexCountClassesAreHonoured(@ForAll("between5and8") float[] p) {
        assertTrue(p.length / 2 >= 5 && p.length / 2 <= 8, "vertex count " + p.length / 2);
    }
}
