package dev.sepax.shape;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sepax.internal.PolygonArrays;
import dev.sepax.testing.FindFixtures;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The Hilbert order: the curve visits every cell once, each step to an edge neighbour; the
 * ordered store holds the caller's shapes bit for bit under the permutation; and it brings
 * spatial neighbours close in index.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SpatialOrderTest {

    @Test
    void theCurveVisitsEveryCellOfABlockOnceStepByStepToANeighbour() {
        // For coordinates below 2^8 the upper levels only transpose an even number of times,
        // so the block [0, 256)^2 is the first 4^8 positions of the curve.
        int side = 256;
        int[] cellAt = new int[side * side];
        java.util.Arrays.fill(cellAt, -1);
        for (int x = 0; x < side; x++) {
            for (int y = 0; y < side; y++) {
                long d = dev.sepax.internal.HilbertCurve.index(x, y);
                assertTrue(d >= 0 && d < side * side, "(" + x + ", " + y + ") -> " + d);
                assertEquals(-1, cellAt[(int) d], "position " + d + " visited twice");
                cellAt[(int) d] = x * side + y;
            }
        }
        for (int d = 1; d < side * side; d++) {
            int p = cellAt[d - 1];
            int q = cellAt[d];
            int step = Math.abs(p / side - q / side) + Math.abs(p % side - q % side);
            assertEquals(1, step, "positions " + (d - 1) + " and " + d + " are not neighbours");
        }
        assertEquals(0xFFFF_FFFFL, dev.sepax.internal.HilbertCurve.index(0xFFFF, 0), "the curve ends in the last corner of its row");
    }

    @Test
    void theOrderedStoreHoldsTheCallersShapesBitForBit() {
        SplittableRandom rnd = new SplittableRandom(41);
        ConvexPolygons shapes = FindFixtures.mixedStore(rnd, 500, 40);
        SpatialOrder order = SpatialOrder.hilbert(shapes);
        ConvexPolygons stored = order.store();
        assertEquals(shapes.size(), stored.size());
        boolean[] seen = new boolean[shapes.size()];
        PolygonArrays u = shapes.arrays();
        PolygonArrays s = stored.arrays();
        for (int i = 0; i < stored.size(); i++) {
            int user = order.userId(i);
            assertEquals(i, order.storedIndex(user));
            assertTrue(!seen[user], "user id " + user + " twice");
            seen[user] = true;
            assertEquals(u.count[user], s.count[i]);
            assertEquals(u.capacity[user], s.capacity[i]);
            for (int v = 0; v < u.capacity[user]; v++) {
                int a = u.start[user] + v;
                int b = s.start[i] + v;
                assertEquals(Float.floatToRawIntBits(u.x[a]), Float.floatToRawIntBits(s.x[b]), "shape " + user + " x" + v);
                assertEquals(Float.floatToRawIntBits(u.y[a]), Float.floatToRawIntBits(s.y[b]));
                assertEquals(Float.floatToRawIntBits(u.enx[a]), Float.floatToRawIntBits(s.enx[b]));
                assertEquals(Float.floatToRawIntBits(u.eny[a]), Float.floatToRawIntBits(s.eny[b]));
                assertEquals(Float.floatToRawIntBits(u.nx[a]), Float.floatToRawIntBits(s.nx[b]));
                assertEquals(Float.floatToRawIntBits(u.ny[a]), Float.floatToRawIntBits(s.ny[b]));
                assertEquals(Float.floatToRawIntBits(u.len[a]), Float.floatToRawIntBits(s.len[b]));
            }
            float[] ub = {u.bounds[4 * user], u.bounds[4 * user + 1], u.bounds[4 * user + 2], u.bounds[4 * user + 3],
                u.minX[user], u.minY[user], u.maxX[user], u.maxY[user], u.centroidX[user], u.centroidY[user],
                u.area[user], u.magnitude[user], u.span[user]};
            float[] sb = {s.bounds[4 * i], s.bounds[4 * i + 1], s.bounds[4 * i + 2], s.bounds[4 * i + 3],
                s.minX[i], s.minY[i], s.maxX[i], s.maxY[i], s.centroidX[i], s.centroidY[i],
                s.area[i], s.magnitude[i], s.span[i]};
            assertArrayEquals(ub, sb, "shape " + user + " per-shape values");
        }
        // A world store of the ordered store works as any other.
        ConvexPolygons world = stored.newWorldStore();
        new Poses(stored.size()).transform(stored, world);
        assertThrows(IllegalArgumentException.class, () -> SpatialOrder.hilbert(null));
        assertThrows(IndexOutOfBoundsException.class, () -> order.userId(-1));
        assertThrows(IndexOutOfBoundsException.class, () -> order.storedIndex(shapes.size()));
    }

    @Test
    void neighboursInSpaceGetNearbyIndices() {
        // A 200 x 200 lattice of unit boxes in random id order: ordered, the lattice neighbours
        // of most shapes are within a few hundred indices; in the random order almost none are.
        int side = 200;
        int n = side * side;
        int[] cellOfId = new int[n];
        for (int i = 0; i < n; i++) {
            cellOfId[i] = i;
        }
        SplittableRandom rnd = new SplittableRandom(42);
        for (int i = n - 1; i > 0; i--) {
            int j = rnd.nextInt(i + 1);
            int t = cellOfId[i];
            cellOfId[i] = cellOfId[j];
            cellOfId[j] = t;
        }
        ConvexPolygons.Builder b = ConvexPolygons.builder();
        for (int id = 0; id < n; id++) {
            float x = cellOfId[id] % side;
            float y = cellOfId[id] / side;
            b.add(x, y, x + 0.9f, y, x + 0.9f, y + 0.9f, x, y + 0.9f);
        }
        ConvexPolygons shapes = b.build();
        SpatialOrder order = SpatialOrder.hilbert(shapes);
        int[] idOfCell = new int[n];
        for (int id = 0; id < n; id++) {
            idOfCell[cellOfId[id]] = id;
        }
        int nearOrdered = 0;
        int nearRandom = 0;
        int links = 0;
        for (int cell = 0; cell < n; cell++) {
            if (cell % side + 1 < side) {
                int p = idOfCell[cell];
                int q = idOfCell[cell + 1];
                links++;
                nearOrdered += Math.abs(order.storedIndex(p) - order.storedIndex(q)) <= 256 ? 1 : 0;
                nearRandom += Math.abs(p - q) <= 256 ? 1 : 0;
            }
        }
        assertTrue(nearOrdered > 0.9 * links, "ordered: " + nearOrdered + " of " + links + " neighbours near");
        assertTrue(nearRandom < 0.05 * links, "random: " + nearRandom + " of " + links + " neighbours near");
    }
}
