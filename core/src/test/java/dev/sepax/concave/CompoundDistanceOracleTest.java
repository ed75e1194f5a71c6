package dev.sepax.concave;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sepax.batch.PairBatch;
import dev.sepax.narrow.ScalarDistance;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.operation.distance.DistanceOp;

/**
 * Compound distances against JTS {@code DistanceOp} on the same float coordinates, at magnitudes 1,
 * 10^2, UTM and lon/lat: concave stars with holes, near and far, overlapping and apart. Each
 * distance is within the documented band, {@code PROGRESS · d + (64 + 2 · 16) · 2^-24 · M}
 * (the kernel's band plus the welding of both compounds' parts); the facade kernel gives the
 * scalar kernel's bits.
 */
@Timeout(300)
class CompoundDistanceOracleTest {

    @Test
    void distancesEqualJtsDistanceOpWithinTheBandAtEveryMagnitude() {
        for (ConcaveFixtures.Regime r : ConcaveFixtures.REGIMES) {
            SplittableRandom rnd = new SplittableRandom(0xD15L ^ r.name().hashCode());
            int n = 24;
            Compounds.Builder b = Compounds.builder();
            List<Geometry> jts = new ArrayList<>();
            double m = 0;
            for (int i = 0; i < n; i++) {
                double cx = r.originX() + r.radius() * 8 * rnd.nextDouble();
                double cy = r.originY() + r.radius() * 8 * rnd.nextDouble();
                float[][] rings = ConcaveFixtures.star(rnd, cx, cy, r.radius() * (0.5 + rnd.nextDouble()),
                        12 + rnd.nextInt(30), rnd.nextInt(3));
                b.add(rings);
                jts.add(ConcaveFixtures.jts(rings));
                for (float v : rings[0]) {
                    m = Math.max(m, Math.abs(v));
                }
            }
            Compounds c = b.build();
            PairBatch pairs = new PairBatch(n, n * n);
            for (int i = 0; i < n; i++) {
                for (int j = i + 1; j < n; j++) {
                    pairs.add(i, j);
                }
            }
            float[] d = new float[pairs.size()];
            int touching = new CompoundDistance().distances(c, pairs, d);
            float[] scalar = new float[pairs.size()];
            assertEquals(touching, new CompoundDistance(ScalarDistance.INSTANCE).distances(c, pairs, scalar));
            assertArrayEquals(scalar, d, r.name() + ": facade kernel = scalar kernel");
            int apart = 0;
            int overlapping = 0;
            for (int p = 0; p < pairs.size(); p++) {
                Geometry ga = jts.get(pairs.shapeA(p));
                Geometry gb = jts.get(pairs.shapeB(p));
                double expected = DistanceOp.distance(ga, gb);
                double band = ScalarDistance.PROGRESS * d[p] + (64 + 32) * 0x1p-24 * m;
                assertEquals(expected, d[p], band, r.name() + " pair " + pairs.shapeA(p) + "," + pairs.shapeB(p));
                if (expected > band) {
                    apart++;
                    assertTrue(d[p] > 0);
                } else if (expected == 0 && ga.intersects(gb)) {
                    overlapping++;
                }
            }
            assertTrue(apart > 50 && overlapping > 10, r.name() + ": " + apart + " apart, " + overlapping + " overlapping");
        }
    }

    @Test
    void reusesItsBuffersAndRejectsBadArguments() {
        Compounds c = Compounds.builder()
                .add(new float[] {0, 0, 4, 0, 4, 4, 2, 1, 0, 4})
                .add(new float[] {1, 3, 3, 3, 3, 5, 1, 5})
                .add(new float[] {10, 0, 11, 0, 11, 1})
                .build();
        PairBatch pairs = PairBatch.of(new int[] {0, 0}, new int[] {1, 2}, 3);
        float[] d = new float[2];
        CompoundDistance cd = new CompoundDistance();
        // The V's notch: (2, 3) is 2 above its tip (2, 1) but the arms reach y = 3 at x = 1 and 3.
        assertEquals(0, cd.distances(c, pairs, d));
        assertTrue(d[0] > 0 && d[0] < 0.5f, "the square sits in the V's notch, apart: " + d[0]);
        assertEquals(6f, d[1], 1e-5f);
        assertThrows(IllegalArgumentException.class, () -> cd.distances(c, pairs, new float[1]));
        assertThrows(IllegalArgumentException.class, () -> cd.distances(c, PairBatch.of(new int[] {0}, new int[] {1}, 2), d));
    }
}
