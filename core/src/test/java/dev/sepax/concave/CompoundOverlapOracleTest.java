package dev.sepax.concave;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sepax.Sepax;
import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.narrow.FloatBand;
import dev.sepax.narrow.ScalarSat;
import dev.sepax.shape.ConvexPolygons;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.locationtech.jts.geom.Geometry;

/**
 * Compound verdicts against JTS {@code intersects} on the same float coordinates, at magnitudes 1,
 * 10^2, UTM (5·10^5 m) and lon/lat: every pair outside the band (JTS distance above it, or JTS
 * overlap deeper than it) gets JTS's verdict; neighbours sharing a border exactly intersect; the
 * facade kernel equals a brute force over all part pairs with the scalar kernel.
 *
 * <p>The band: a part's boundary moves by less than {@code 16 u M} when the store welds it, and
 * the kernel's separations are within {@code 16 u M} (see {@link FloatBand}), so pairs farther
 * than {@code 2 · 16 u M} from touching are classified exactly.
 */
@Timeout(300)
class CompoundOverlapOracleTest {

    @Test
    void outOfBandVerdictsEqualJtsAtEveryMagnitude() {
        for (ConcaveFixtures.Regime r : ConcaveFixtures.REGIMES) {
            checkRegime(r, 0x5EEDL ^ r.name().hashCode(), 48);
        }
    }

    private static void checkRegime(ConcaveFixtures.Regime r, long seed, int n) {
        SplittableRandom rnd = new SplittableRandom(seed);
        Compounds.Builder b = Compounds.builder();
        List<Geometry> jts = new ArrayList<>();
        int side = (int) Math.ceil(Math.sqrt(n));
        double pitch = 1.7 * r.radius();
        double mag = 0;
        for (int i = 0; i < n; i++) {
            double cx = r.originX() + pitch * (i % side) + 0.3 * r.radius() * rnd.nextDouble();
            double cy = r.originY() + pitch * (i / side) + 0.3 * r.radius() * rnd.nextDouble();
            float[][] rings = ConcaveFixtures.star(rnd, cx, cy, r.radius(), 12 + rnd.nextInt(60), rnd.nextInt(3));
            b.add(rings);
            jts.add(ConcaveFixtures.jts(rings, r.originX(), r.originY()));
            mag = Math.max(mag, Math.max(Math.abs(cx), Math.abs(cy)) + r.radius());
        }
        Compounds c = b.build();
        double band = 2 * 16 * FloatBand.UNIT_ROUNDOFF * mag;
        List<Geometry> inner = new ArrayList<>();
        for (Geometry g : jts) {
            inner.add(g.buffer(-band));
        }
        PairBatch pairs = new PairBatch(c.size(), n * n / 2);
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                pairs.add(i, j);
            }
        }
        OverlapBits facade = new OverlapBits(pairs.size());
        OverlapBits scalar = new OverlapBits(pairs.size());
        new CompoundOverlap().test(c, pairs, 0f, facade);
        new CompoundOverlap(ScalarSat.INSTANCE).test(c, pairs, 0f, scalar);
        int decided = 0;
        int hits = 0;
        for (int p = 0; p < pairs.size(); p++) {
            int i = pairs.shapeA(p);
            int j = pairs.shapeB(p);
            assertEquals(bruteForce(c, i, j), scalar.get(p), r.name() + " pair " + i + "," + j + " scalar vs brute force");
            assertEquals(scalar.get(p), facade.get(p), r.name() + " pair " + i + "," + j + " facade vs scalar");
            double d = jts.get(i).distance(jts.get(j));
            if (d > band) {
                decided++;
                assertTrue(!facade.get(p), r.name() + " pair " + i + "," + j + " JTS distance " + d + " > band " + band);
            } else if (inner.get(i).intersects(jts.get(j))) {
                decided++;
                hits++;
                assertTrue(facade.get(p), r.name() + " pair " + i + "," + j + " overlaps deeper than the band");
            }
        }
        assertTrue(hits >= n / 2, r.name() + ": only " + hits + " deep overlaps; the scene is not a test");
        assertTrue(decided >= pairs.size() * 9 / 10, r.name() + ": only " + decided + " of " + pairs.size() + " out of band");
    }

    private static boolean bruteForce(Compounds c, int i, int j) {
        ConvexPolygons parts = c.parts();
        for (int a = c.firstPart(i); a < c.firstPart(i + 1); a++) {
            for (int b = c.firstPart(j); b < c.firstPart(j + 1); b++) {
                if (ScalarSat.INSTANCE.intersects(parts, a, b, 0f)) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * A strip of concave polygons, each sharing a zigzag border with the next (the same float
     * vertices on both sides): every neighbour pair intersects, every other pair is far apart.
     */
    @Test
    void neighboursSharingBordersIntersect() {
        for (ConcaveFixtures.Regime r : ConcaveFixtures.REGIMES) {
            SplittableRandom rnd = new SplittableRandom(77);
            int cells = 12;
            int rows = 9;
            double w = r.radius();
            float[][] borders = new float[cells + 1][];
            for (int i = 0; i <= cells; i++) {
                float[] line = new float[2 * (rows + 1)];
                for (int k = 0; k <= rows; k++) {
                    double jitter = i == 0 || i == cells ? 0 : (rnd.nextDouble() - 0.5) * 0.6 * w;
                    line[2 * k] = (float) (r.originX() + i * w + jitter);
                    line[2 * k + 1] = (float) (r.originY() + k * w / 2);
                }
                borders[i] = line;
            }
            Compounds.Builder b = Compounds.builder();
            for (int i = 0; i < cells; i++) {
                float[] left = borders[i];
                float[] right = borders[i + 1];
                float[] ring = new float[2 * 2 * (rows + 1)];
                int o = 0;
                for (int k = 0; k <= rows; k++) { // up the right border
                    ring[o++] = right[2 * k];
                    ring[o++] = right[2 * k + 1];
                }
                for (int k = rows; k >= 0; k--) { // down the left border
                    ring[o++] = left[2 * k];
                    ring[o++] = left[2 * k + 1];
                }
                b.add(ring);
            }
            Compounds c = b.build();
            PairBatch pairs = new PairBatch(cells, cells * cells);
            for (int i = 0; i < cells; i++) {
                for (int j = 0; j < cells; j++) {
                    if (i != j) {
                        pairs.add(i, j);
                    }
                }
            }
            OverlapBits out = new OverlapBits(pairs.size());
            new CompoundOverlap().test(c, pairs, 0f, out);
            for (int p = 0; p < pairs.size(); p++) {
                int i = pairs.shapeA(p);
                int j = pairs.shapeB(p);
                assertEquals(Math.abs(i - j) == 1, out.get(p), r.name() + ": cells " + i + ", " + j);
            }
        }
    }

    /**
     * Two sawtooth combs whose teeth mesh: A's top and B's bottom are the same zigzag, B lifted
     * by {@code gap}, so hundreds of their triangles' AABBs overlap while the combs are apart.
     * That is more part pairs than {@link CompoundOverlap#SINGLE}, so the chunked batch path
     * decides the pair when apart or touching at one tooth far along (no lattice point is common
     * to both; touching or overlapping everywhere, a common lattice point decides first). Each verdict equals
     * the brute force over all part pairs, with both kernels and both argument orders.
     */
    @Test
    void meshingCombsGoThroughTheBatchPathAndEqualTheBruteForce() {
        int teeth = 1000;
        float h = 6f;
        for (float gap : new float[] {0.05f, 0f, -0.05f}) {
            for (int touchAt : new int[] {-1, teeth - 3, teeth / 2}) {
                if (gap != 0.05f && touchAt >= 0) {
                    continue;
                }
                float[] a = new float[2 * (teeth + 1) + 4];
                float[] b = new float[2 * (teeth + 1) + 4];
                int o = 0;
                a[o++] = 0;
                a[o++] = -1;
                a[o++] = teeth;
                a[o++] = -1;
                for (int i = teeth; i >= 0; i--) { // A's zigzag top, right to left
                    a[o++] = i;
                    a[o++] = (i & 1) * h;
                }
                o = 0;
                for (int i = 0; i <= teeth; i++) { // B's zigzag bottom, left to right
                    b[o++] = i;
                    b[o++] = (i & 1) * h + (i == touchAt ? 0f : gap);
                }
                b[o++] = teeth;
                b[o++] = h + 2;
                b[o++] = 0;
                b[o] = h + 2;
                Compounds c = Compounds.builder().add(a).add(b).build();
                ConvexPolygons parts = c.parts();
                int near = 0;
                for (int pa = c.firstPart(0); pa < c.firstPart(1); pa++) {
                    for (int pb = c.firstPart(1); pb < c.firstPart(2); pb++) {
                        if (!ScalarSat.aabbSeparates(parts, pa, pb, 0f)) {
                            near++;
                        }
                    }
                }
                String what = "gap " + gap + " touching tooth " + touchAt;
                assertTrue(near > CompoundOverlap.SINGLE + 2 * CompoundOverlap.CHUNK, what + ": only " + near + " part pairs with overlapping AABBs");
                if (gap > 0) {
                    int[] none = new int[CompoundOverlap.SEEDS];
                    assertEquals(0, c.lattice().common(0, 1, none, new int[none.length], none.length),
                            what + ": a common lattice point would decide before the batch path");
                }
                PairBatch pairs = PairBatch.of(new int[] {0, 1}, new int[] {1, 0}, 2);
                boolean expected = bruteForce(c, 0, 1);
                assertEquals(gap <= 0 || touchAt >= 0, expected, what + ": the brute force");
                for (CompoundOverlap overlap : new CompoundOverlap[] {new CompoundOverlap(), new CompoundOverlap(ScalarSat.INSTANCE)}) {
                    OverlapBits out = new OverlapBits(2);
                    assertEquals(expected ? 2 : 0, overlap.test(c, pairs, 0f, out), what);
                    assertEquals(expected, out.get(0), what + " (A, B)");
                    assertEquals(expected, out.get(1), what + " (B, A)");
                }
            }
        }
    }

    @Test
    void argumentsAreChecked() {
        Compounds c = Compounds.builder().add(new float[] {0, 0, 1, 0, 1, 1}).build();
        CompoundOverlap o = new CompoundOverlap();
        assertThrows(IllegalArgumentException.class, () -> o.test(c, new PairBatch(2, 1), 0f, new OverlapBits(1)));
        PairBatch one = PairBatch.of(new int[] {0}, new int[] {0}, 1);
        assertThrows(IllegalArgumentException.class, () -> o.test(c, one, Float.NaN, new OverlapBits(1)));
        assertThrows(IllegalArgumentException.class, () -> o.test(null, one, 0f, new OverlapBits(1)));
        OverlapBits out = new OverlapBits(1);
        assertEquals(1, o.test(c, one, 0f, out));
        assertTrue(out.get(0));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Compounds.builder().add(new float[] {0, 0, 1, 0, 1, 1}).addMulti(
                        new float[][] {{0, 0, 1, 0, 1, 1}}, new float[][] {{0, 0, 2, 2, 2, 0, 0, 2}}));
        assertTrue(e.getMessage().startsWith("compound=1 polygon=1 ring=0 vertex="), e.getMessage());
    }
}
