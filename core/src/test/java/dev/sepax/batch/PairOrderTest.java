package dev.sepax.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sepax.narrow.ScalarSat;
import dev.sepax.shape.ConvexPolygons;
import dev.sepax.shape.SpatialOrder;
import dev.sepax.testing.FindFixtures;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Pair ordering: the sort is a stable permutation on the first shape with the right origins,
 * and a batch translated into a spatial order's store gives every pair the verdict it had.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PairOrderTest {

    @Test
    void sortByFirstIsAStablePermutationWithItsOrigins() {
        SplittableRandom rnd = new SplittableRandom(51);
        PairOrder order = new PairOrder();
        for (int trial = 0; trial < 50; trial++) {
            int shapes = 1 + rnd.nextInt(300);
            int size = rnd.nextInt(2000);
            PairBatch pairs = new PairBatch(shapes, 0);
            for (int p = 0; p < size; p++) {
                pairs.add(rnd.nextInt(shapes), rnd.nextInt(shapes));
            }
            int[] a = new int[size];
            int[] b = new int[size];
            pairs.copyIndices(a, b);
            int[] origin = new int[size + 3];
            order.sortByFirst(pairs, origin);
            assertEquals(size, pairs.size());
            boolean[] used = new boolean[size];
            for (int p = 0; p < size; p++) {
                int o = origin[p];
                assertTrue(!used[o], "origin " + o + " twice");
                used[o] = true;
                assertEquals(a[o], pairs.shapeA(p));
                assertEquals(b[o], pairs.shapeB(p));
                if (p > 0) {
                    assertTrue(pairs.shapeA(p - 1) < pairs.shapeA(p)
                            || pairs.shapeA(p - 1) == pairs.shapeA(p) && origin[p - 1] < origin[p], "pair " + p + " out of order");
                }
            }
        }
        assertThrows(IllegalArgumentException.class, () -> order.sortByFirst(null, null));
        PairBatch two = PairBatch.of(new int[] {1, 0}, new int[] {0, 1}, 2);
        assertThrows(IllegalArgumentException.class, () -> order.sortByFirst(two, new int[1]));
        order.sortByFirst(two, null);
        assertEquals(0, two.shapeA(0));
    }

    @Test
    void pairsTranslatedIntoTheOrderedStoreKeepTheirVerdicts() {
        SplittableRandom rnd = new SplittableRandom(52);
        ConvexPolygons shapes = FindFixtures.mixedStore(rnd, 300, 12);
        PairBatch userPairs = FindFixtures.nearbyPairs(shapes, 0.3f);
        SpatialOrder order = SpatialOrder.hilbert(shapes);
        PairBatch stored = new PairBatch(shapes.size(), 0);
        PairOrder.toStored(userPairs, order, stored);
        int[] origin = new int[stored.size()];
        new PairOrder().sortByFirst(stored, origin);
        OverlapBits before = new OverlapBits(userPairs.size());
        OverlapBits after = new OverlapBits(stored.size());
        ScalarSat.INSTANCE.test(shapes, userPairs, 0f, before);
        ScalarSat.INSTANCE.test(order.store(), stored, 0f, after);
        int hits = 0;
        for (int p = 0; p < stored.size(); p++) {
            int o = origin[p];
            assertEquals(order.storedIndex(userPairs.shapeA(o)), stored.shapeA(p));
            assertEquals(order.storedIndex(userPairs.shapeB(o)), stored.shapeB(p));
            assertEquals(before.get(o), after.get(p), "pair " + o);
            hits += after.get(p) ? 1 : 0;
        }
        assertTrue(hits > 100, "too few hits exercised: " + hits);
        assertThrows(IllegalArgumentException.class, () -> PairOrder.toStored(userPairs, order, new PairBatch(3, 0)));
    }
}
