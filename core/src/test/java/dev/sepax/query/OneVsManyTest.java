package dev.sepax.query;

import dev.sepax.narrow.ScalarSat;
import dev.sepax.shape.ConvexPolygons;
import dev.sepax.testing.TestScenes;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.FloatRange;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class OneVsManyTest {
    @Property(tries = 40)
    void hitsAreTheScalarKernelsIntersectingShapesInOrder(@ForAll long seed,
                                                         @ForAll @IntRange(min = 1, max = 300) int n,
                                                         @ForAll @FloatRange(min = -0.2f, max = 0.5f) float tol) {
        ConvexPolygons s = TestScenes.mixed(seed, n, 12);
        OneVsMany ovm = new OneVsMany(); // the selected kernel, SIMD when available
        int[] hits = new int[n];
        for (int query = 0; query < Math.min(n, 5); query++) {
            int q = query;
            int count = ovm.query(s, q, tol, hits);
            int[] expected = java.util.stream.IntStream.range(0, n)
                    .filter(i -> i != q && ScalarSat.INSTANCE.intersects(s, q, i, tol)).toArray();
            assertArrayEquals(expected, java.util.Arrays.copyOf(hits, count), "query=" + q);
        }
    }

    @Test
    void aRangeSelectsTheFencesAndAShortHitArrayTruncates() {
        // Fences 0..3 are unit boxes in a row; shape 4 is the query covering fences 1 and 2.
        ConvexPolygons s = ConvexPolygons.of(
                new float[] {0, 0, 1, 0, 1, 1, 0, 1},
                new float[] {2, 0, 3, 0, 3, 1, 2, 1},
                new float[] {4, 0, 5, 0, 5, 1, 4, 1},
                new float[] {6, 0, 7, 0, 7, 1, 6, 1},
                new float[] {2.5f, 0.2f, 4.5f, 0.2f, 4.5f, 0.8f, 2.5f, 0.8f});
        OneVsMany ovm = new OneVsMany(ScalarSat.INSTANCE);
        int[] hits = new int[4];
        assertEquals(2, ovm.query(s, 4, 0, 4, 0f, hits));
        assertArrayEquals(new int[] {1, 2}, java.util.Arrays.copyOf(hits, 2));
        int[] one = new int[1];
        assertEquals(2, ovm.query(s, 4, 0, 4, 0f, one));
        assertEquals(1, one[0]);
        assertEquals(1, ovm.query(s, 4, 2, 4, 0f, hits)); // range rebuilt: fence 1 excluded
        assertEquals(2, hits[0]);
    }

    @Test
    void rejectsBadIndicesAndRanges() {
        ConvexPolygons s = TestScenes.mixed(1, 4, 5);
        OneVsMany ovm = new OneVsMany(ScalarSat.INSTANCE);
        assertThrows(IllegalArgumentException.class, () -> ovm.query(s, 4, 0f, new int[4]));
        assertThrows(IndexOutOfBoundsException.class, () -> ovm.query(s, 0, 2, 1, 0f, new int[4]));
        assertThrows(IllegalArgumentException.class, () -> ovm.query(s, 0, 0f, null));
    }
}
