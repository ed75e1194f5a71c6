package dev.sepax.narrow;

import dev.sepax.shape.ConvexPolygons;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sepax.testing.Polygons;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Checks the {@link FloatBand} claim empirically: the separation computed in float exactly as
 * {@link dev.sepax.narrow.ScalarSat} computes it, {@code enx*(bx-px) + eny*(by-py)}, compared with the limit
 * {@code tol*len}, differs from the double-precision truth by less than the band, in distance
 * units, for every edge and vertex of every generated pair and a tolerance at the true value.
 */
class FloatBandPropertiesTest {
    @Provide
    Arbitrary<float[][]> pairs() {
        // Near pairs, and pairs drawn independently anywhere (far apart, where |b - a| is largest).
        Arbitrary<float[][]> anywhere = Combinators.combine(Polygons.convex(), Polygons.convex())
                .as((a, b) -> new float[][] {a, b});
        return Arbitraries.oneOf(Polygons.nearPairs(), anywhere);
    }

    @Property(tries = 500)
    void floatSeparationStaysWithinTheBandOfTheTrueOne(@ForAll("pairs") float[][] pair) {
        ConvexPolygons s = ConvexPolygons.of(pair[0], pair[1]);
        checkEdges(s, 0, 1);
        checkEdges(s, 1, 0);
    }

    private static void checkEdges(ConvexPolygons s, int ref, int other) {
        int o = s.arrays().start[ref];
        int k = s.arrays().count[ref];
        for (int i = o; i < o + k; i++) {
            int j = i + 1 == o + k ? o : i + 1;
            double ex = (double) s.arrays().x[j] - s.arrays().x[i];
            double ey = (double) s.arrays().y[j] - s.arrays().y[i];
            double len = Math.hypot(ex, ey);
            for (int v = s.arrays().start[other]; v < s.arrays().start[other] + s.arrays().count[other]; v++) {
                double truth = (ey * ((double) s.arrays().x[v] - s.arrays().x[i]) - ex * ((double) s.arrays().y[v] - s.arrays().y[i])) / len;
                // Exactly ScalarSat's expressions.
                float sep = s.arrays().enx[i] * (s.arrays().x[v] - s.arrays().x[i]) + s.arrays().eny[i] * (s.arrays().y[v] - s.arrays().y[i]);
                float tol = (float) truth;
                float limit = tol * s.arrays().len[i];
                // The verdict compares sep with limit; in distance units both errors add up.
                double error = Math.abs(sep / len - truth) + Math.abs(limit / len - tol);
                float band = FloatBand.of(s, ref, other, tol);
                assertTrue(error <= band, "edge slot " + i + ", vertex slot " + v + ": error " + error
                        + " > band " + band);
            }
        }
    }

    @Example
    void bandIsSixteenUlpsOfTheLargestCoordinate() {
        ConvexPolygons s = ConvexPolygons.of(new float[] {0, 0, 1, 0, 0, 1},
                new float[] {-1024, 0, -1000, 0, -1000, 10});
        assertEquals(16 * 0x1p-24f * 1024, FloatBand.of(s, 0, 1));
        assertEquals(FloatBand.of(s, 0, 1), FloatBand.of(s, 1, 0));
        assertEquals(16 * 0x1p-24f, FloatBand.of(s, 0, 0));
    }

    @Example
    void bandAtAToleranceAddsTwoUlpsOfTheTolerance() {
        ConvexPolygons s = ConvexPolygons.of(new float[] {0, 0, 1, 0, 0, 1});
        assertEquals(16 * 0x1p-24f + 2 * 0x1p-24f * 8, FloatBand.of(s, 0, 0, -8f));
        assertEquals(FloatBand.of(s, 0, 0), FloatBand.of(s, 0, 0, 0f));
    }
}
