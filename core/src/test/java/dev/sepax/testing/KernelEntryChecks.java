package dev.sepax.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.sepax.batch.OverlapBits;
import dev.sepax.contact.ContactManifolds;
import dev.sepax.contact.ManifoldKernel;
import dev.sepax.batch.PairBatch;
import dev.sepax.batch.Penetrations;
import dev.sepax.batch.SweepResults;
import dev.sepax.narrow.PenetrationKernel;
import dev.sepax.narrow.SatKernel;
import dev.sepax.narrow.SweepKernel;
import dev.sepax.shape.ConvexPolygons;
import dev.sepax.shape.Velocities;

/**
 * Entry checks every kernel must pass before any per-pair work: extreme axis hints, a null batch,
 * a bad range (shared by core's and simd's tests).
 */
public final class KernelEntryChecks {
    private KernelEntryChecks() {}

    /** Pairs that survive the AABB axes: shapes 0 and 2 overlap, 0 and 1 are separated by an edge only. */
    public static ConvexPolygons store() {
        return ConvexPolygons.of(
                new float[] {0, 0, 2, 0, 0, 2},
                new float[] {1.5f, 1.5f, 3, 1.5f, 1.5f, 3},
                new float[] {0.5f, 0.5f, 1.5f, 0.5f, 1.5f, 1.5f, 0.5f, 1.5f});
    }

    /** Hints at the ends of the int range, where {@code -hint} overflows, never change a verdict. */
    public static void extremeHintsChangeNothing(SatKernel k) {
        ConvexPolygons s = store();
        PairBatch pairs = PairBatch.of(new int[] {0, 0, 1, 2}, new int[] {1, 2, 0, 0}, s);
        OverlapBits plain = new OverlapBits(4);
        int plainHits = k.test(s, pairs, 0, 4, 0f, plain, null);
        for (int hint : new int[] {Integer.MIN_VALUE, Integer.MIN_VALUE + 1, Integer.MAX_VALUE, -4, 4, -3, 3}) {
            int[] cache = {hint, hint, hint, hint};
            OverlapBits hinted = new OverlapBits(4);
            assertEquals(plainHits, k.test(s, pairs, 0, 4, 0f, hinted, cache), k.name() + " hint=" + hint);
            assertEquals(-1, plain.firstDifference(hinted, 4), k.name() + " hint=" + hint);
        }
        assertEquals(2, plainHits);
    }

    /** Every whole-batch default method reports a null batch as the bad argument. */
    public static void aNullBatchIsAnIllegalArgument(SatKernel sat, PenetrationKernel mtv, SweepKernel sweep) {
        ConvexPolygons s = store();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> sat.test(s, null, 0f, new OverlapBits(4)));
        assertEquals("pairs is null", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> mtv.penetrations(s, null, new Penetrations(4)));
        assertEquals("pairs is null", e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> sweep.sweep(s, new Velocities(3), null, 1f, new SweepResults(4)));
        assertEquals("pairs is null", e.getMessage());
    }

    /**
     * A range outside the batch is an {@link IllegalArgumentException} (as {@link ManifoldKernel}
     * documents) naming the range, in both ranged methods of a manifold kernel.
     */
    public static void aBadManifoldRangeIsAnIllegalArgument(ManifoldKernel k) {
        ConvexPolygons s = store();
        PairBatch pairs = PairBatch.of(new int[] {0, 0, 1, 2}, new int[] {1, 2, 0, 0}, s);
        ContactManifolds out = new ContactManifolds(8);
        OverlapBits all = new OverlapBits(8);
        for (int[] range : new int[][] {{-1, 2}, {0, 5}, {3, 2}}) {
            String expected = "range [" + range[0] + ", " + range[1] + ") is not within [0, 4)";
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> k.manifolds(s, pairs, range[0], range[1], 0f, out), k.name());
            assertEquals(expected, e.getMessage(), k.name());
            e = assertThrows(IllegalArgumentException.class,
                    () -> k.manifolds(s, pairs, all, range[0], range[1], 0f, out), k.name() + ", selected");
            assertEquals(expected, e.getMessage(), k.name() + ", selected");
        }
    }
}
