package dev.sepax.simd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sepax.shape.ConvexPolygons;
import dev.sepax.batch.PairBatch;
import dev.sepax.narrow.ScalarSweep;
import dev.sepax.Sepax;
import dev.sepax.testing.SweepCases;
import dev.sepax.batch.SweepResults;
import dev.sepax.shape.Velocities;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import java.util.concurrent.TimeUnit;

/** Differential specification: VectorSweep writes exactly the bits ScalarSweep writes. */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class SweepSimdMatchesScalarTest {

    @Test
    void providerPicksTheVectorSweepWhenSimdCanRun() {
        // Surefire runs these tests with jdk.incubator.vector, so "simd" unless forced to scalar.
        String reason = Sepax.simdUnavailableReason();
        assertEquals(reason == null ? "simd" : "scalar", Sepax.sweep().name(), "reason=" + reason);
    }

    /** Random scenes of mixed sizes (3..70 vertices, so several lane chunks) and varied motion. */
    @Test
    void randomScenesAreBitIdentical() {
        SplittableRandom rnd = new SplittableRandom(20261129L);
        int checkedHits = 0;
        int checkedMisses = 0;
        for (int scene = 0; scene < 24; scene++) {
            int n = 600;
            int kMax = scene % 3 == 0 ? 70 : scene % 3 == 1 ? 16 : 8;
            ConvexPolygons.Builder builder = ConvexPolygons.builder();
            float side = 30f;
            for (int s = 0; s < n; s++) {
                builder.add(SweepCases.convex(rnd, 3 + rnd.nextInt(kMax - 2), (float) rnd.nextDouble(side),
                        (float) rnd.nextDouble(side), (float) (0.3 + rnd.nextDouble())));
            }
            ConvexPolygons shapes = builder.build();
            Velocities v = new Velocities(n);
            for (int s = 0; s < n; s++) {
                switch (rnd.nextInt(6)) {
                    case 0 -> v.set(s, 0f, 0f); // at rest: rates of exactly 0
                    case 1 -> v.set(s, (float) rnd.nextDouble(-4, 4), 0f); // axis-parallel motion
                    case 2 -> { // parallel to one of the shape's own edges
                        int i = rnd.nextInt(shapes.count(s));
                        int j = (i + 1) % shapes.count(s);
                        float f = (float) rnd.nextDouble(-3, 3);
                        v.set(s, f * (shapes.vertexX(s, j) - shapes.vertexX(s, i)),
                                f * (shapes.vertexY(s, j) - shapes.vertexY(s, i)));
                    }
                    default -> v.set(s, (float) rnd.nextDouble(-6, 6), (float) rnd.nextDouble(-6, 6));
                }
            }
            PairBatch pairs = nearPairs(shapes, rnd, 8000, 8, 10, "scene " + scene);
            float tMax = scene % 4 == 0 ? 0f : (float) rnd.nextDouble(0.1, 2);
            SweepResults scalar = new SweepResults(pairs.size());
            SweepResults simd = new SweepResults(pairs.size());
            int hs = ScalarSweep.INSTANCE.sweep(shapes, v, pairs, tMax, scalar);
            int hv = VectorSweep.INSTANCE.sweep(shapes, v, pairs, tMax, simd);
            assertEquals(hs, hv, "hit count, scene " + scene);
            assertSame(scalar, simd, pairs.size(), "scene " + scene);
            checkedHits += hs;
            checkedMisses += pairs.size() - hs;
        }
        // The comparison means something only if both outcomes occur often.
        assertTrue(checkedHits > 20_000 && checkedMisses > 20_000, "hits=" + checkedHits + " misses=" + checkedMisses);
    }

    /**
     * Scenes whose shapes all share capacity 8 (5..8 vertices) or 4 (3..4 vertices, and boxes
     * on a unit grid that touch exactly), so that whole groups of consecutive pairs take the
     * lanes-across-pairs path, padding included, with rest, axis-parallel and random motion.
     */
    @Test
    void uniformCapacityScenesAreBitIdentical() {
        SplittableRandom rnd = new SplittableRandom(20261202L);
        int checkedHits = 0;
        int checkedMisses = 0;
        for (int scene = 0; scene < 12; scene++) {
            int n = 400;
            boolean eights = scene % 2 == 0;
            ConvexPolygons.Builder builder = ConvexPolygons.builder();
            float side = 20f;
            for (int s = 0; s < n; s++) {
                if (!eights && scene % 4 == 3) {
                    float x0 = rnd.nextInt(12);
                    float y0 = rnd.nextInt(12);
                    builder.add(SweepCases.box(x0, y0, x0 + 1 + rnd.nextInt(2), y0 + 1));
                } else {
                    int k = eights ? 5 + rnd.nextInt(4) : 3 + rnd.nextInt(2);
                    builder.add(SweepCases.convex(rnd, k, (float) rnd.nextDouble(side), (float) rnd.nextDouble(side),
                            (float) (0.4 + rnd.nextDouble())));
                }
            }
            ConvexPolygons shapes = builder.build();
            Velocities v = new Velocities(n);
            for (int s = 0; s < n; s++) {
                switch (rnd.nextInt(5)) {
                    case 0 -> v.set(s, 0f, 0f);
                    case 1 -> v.set(s, 0f, (float) rnd.nextInt(-3, 4));
                    case 2 -> v.set(s, (float) rnd.nextInt(-3, 4), 0f);
                    default -> v.set(s, (float) rnd.nextDouble(-5, 5), (float) rnd.nextDouble(-5, 5));
                }
            }
            PairBatch pairs = nearPairs(shapes, rnd, 6000, 6, 20, "scene " + scene);
            float tMax = scene % 3 == 0 ? 0f : (float) rnd.nextDouble(0.1, 2);
            SweepResults scalar = new SweepResults(pairs.size());
            SweepResults simd = new SweepResults(pairs.size());
            int hs = ScalarSweep.INSTANCE.sweep(shapes, v, pairs, tMax, scalar);
            int hv = VectorSweep.INSTANCE.sweep(shapes, v, pairs, tMax, simd);
            assertEquals(hs, hv, "hit count, scene " + scene);
            assertSame(scalar, simd, pairs.size(), "scene " + scene);
            // A sub-range that starts and ends inside groups.
            SweepResults part = new SweepResults(pairs.size());
            VectorSweep.INSTANCE.sweep(shapes, v, pairs, 64, 64 * 40 + 13, tMax, part);
            SweepResults partScalar = new SweepResults(pairs.size());
            ScalarSweep.INSTANCE.sweep(shapes, v, pairs, 64, 64 * 40 + 13, tMax, partScalar);
            assertSame(partScalar, part, pairs.size(), "sub-range, scene " + scene);
            checkedHits += hs;
            checkedMisses += pairs.size() - hs;
        }
        assertTrue(checkedHits > 10_000 && checkedMisses > 10_000, "hits=" + checkedHits + " misses=" + checkedMisses);
    }

    /** Touching and shared vertices, exact zeros, parallel edges: the cases where signs of zero matter. */
    @Test
    void touchingGridIsBitIdentical() {
        ConvexPolygons.Builder builder = ConvexPolygons.builder();
        for (int i = 0; i < 8; i++) {
            for (int j = 0; j < 8; j++) {
                builder.add(SweepCases.box(i, j, i + 1, j + 1)); // neighbours share edges and corners
            }
        }
        builder.add(-3f, -3f, -1f, -3f, -2f, -0f); // a -0 coordinate
        ConvexPolygons shapes = builder.build();
        int n = shapes.size();
        Velocities v = new Velocities(n);
        SplittableRandom rnd = new SplittableRandom(7);
        for (int s = 0; s < n; s++) {
            v.set(s, rnd.nextInt(5) - 2, rnd.nextInt(5) - 2); // small integers: many exact ties
        }
        PairBatch pairs = new PairBatch(shapes, n * n);
        for (int a = 0; a < n; a++) {
            for (int b = 0; b < n; b++) {
                pairs.add(a, b);
            }
        }
        SweepResults scalar = new SweepResults(pairs.size());
        SweepResults simd = new SweepResults(pairs.size());
        for (float tMax : new float[] {0f, -0f, 0.5f, 1f, 3f}) {
            ScalarSweep.INSTANCE.sweep(shapes, v, pairs, tMax, scalar);
            VectorSweep.INSTANCE.sweep(shapes, v, pairs, tMax, simd);
            assertSame(scalar, simd, pairs.size(), "tMax=" + tMax);
        }
    }

    /**
     * Small shapes at the very start of the store (B's half of the small-pair layout then comes
     * from slots 0..7), 3- and 4-gons against each other (rotation within quarters) and against
     * 5..8-gons (rotation within halves), every ordered pair, with overlapping starting positions.
     */
    @Test
    void smallShapesAtTheStartOfTheStoreAreBitIdentical() {
        SplittableRandom rnd = new SplittableRandom(11);
        ConvexPolygons.Builder builder = ConvexPolygons.builder();
        int n = 24;
        for (int s = 0; s < n; s++) {
            builder.add(SweepCases.convex(rnd, 3 + s % 6, (float) rnd.nextDouble(4), (float) rnd.nextDouble(4),
                    (float) (0.5 + rnd.nextDouble())));
        }
        ConvexPolygons shapes = builder.build();
        assertTrue(shapes.count(0) == 3 && shapes.count(1) == 4, "shape 0 a triangle, shape 1 a 4-gon");
        Velocities v = new Velocities(n);
        for (int s = 0; s < n; s++) {
            v.set(s, (float) rnd.nextDouble(-3, 3), s % 5 == 0 ? 0f : (float) rnd.nextDouble(-3, 3));
        }
        PairBatch pairs = new PairBatch(shapes, n * n);
        for (int a = 0; a < n; a++) {
            for (int b = 0; b < n; b++) {
                pairs.add(a, b);
            }
        }
        SweepResults scalar = new SweepResults(pairs.size());
        SweepResults simd = new SweepResults(pairs.size());
        int hs = ScalarSweep.INSTANCE.sweep(shapes, v, pairs, 1f, scalar);
        int hv = VectorSweep.INSTANCE.sweep(shapes, v, pairs, 1f, simd);
        assertEquals(hs, hv, "hit count");
        assertSame(scalar, simd, pairs.size(), "start of store");
        assertTrue(hs > n && hs < n * n - n, "both outcomes occur: hits=" + hs);
    }

    /**
     * Ranges of every length from 1 to 80: whole groups of lane-count pairs take the AABB-lanes
     * path, the remainder the per-pair path; both must write the scalar's bits.
     */
    @Test
    void everyRangeLengthIsBitIdentical() {
        SplittableRandom rnd = new SplittableRandom(5);
        ConvexPolygons.Builder builder = ConvexPolygons.builder();
        for (int s = 0; s < 60; s++) {
            float cx = (float) rnd.nextDouble(12);
            float cy = (float) rnd.nextDouble(12);
            // Axis-aligned boxes among them, so that AABB axes are often the last to enter.
            builder.add(s % 3 == 0 ? SweepCases.box(cx, cy, cx + 1.5f, cy + 1f)
                    : SweepCases.convex(rnd, 3 + rnd.nextInt(20), cx, cy, 1f));
        }
        ConvexPolygons shapes = builder.build();
        Velocities v = new Velocities(60);
        for (int s = 0; s < 60; s++) {
            v.set(s, (float) rnd.nextDouble(-8, 8), (float) rnd.nextDouble(-8, 8));
        }
        PairBatch pairs = new PairBatch(shapes, 64 + 80);
        for (int i = 0; i < 64 + 80; i++) {
            pairs.add(rnd.nextInt(60), rnd.nextInt(60));
        }
        for (int length = 1; length <= 80; length++) {
            SweepResults scalar = new SweepResults(pairs.size());
            SweepResults simd = new SweepResults(pairs.size());
            int hs = ScalarSweep.INSTANCE.sweep(shapes, v, pairs, 64, 64 + length, 1f, scalar);
            int hv = VectorSweep.INSTANCE.sweep(shapes, v, pairs, 64, 64 + length, 1f, simd);
            assertEquals(hs, hv, "hit count, length " + length);
            assertSame(scalar, simd, pairs.size(), "range [64, " + (64 + length) + ")");
        }
    }

    /** A sub-range writes only its own entries, identically. */
    @Test
    void subRangesAreBitIdenticalAndLeaveOtherEntriesAlone() {
        SplittableRandom rnd = new SplittableRandom(3);
        ConvexPolygons.Builder builder = ConvexPolygons.builder();
        for (int s = 0; s < 200; s++) {
            builder.add(SweepCases.convex(rnd, 3 + rnd.nextInt(30), (float) rnd.nextDouble(10), (float) rnd.nextDouble(10), 1f));
        }
        ConvexPolygons shapes = builder.build();
        Velocities v = new Velocities(200);
        for (int s = 0; s < 200; s++) {
            v.set(s, (float) rnd.nextDouble(-3, 3), (float) rnd.nextDouble(-3, 3));
        }
        PairBatch pairs = new PairBatch(shapes, 1000);
        for (int i = 0; i < 1000; i++) {
            pairs.add(rnd.nextInt(200), rnd.nextInt(200));
        }
        SweepResults scalar = new SweepResults(1000);
        SweepResults simd = new SweepResults(1000);
        ScalarSweep.INSTANCE.sweep(shapes, v, pairs, 128, 517, 1f, scalar);
        VectorSweep.INSTANCE.sweep(shapes, v, pairs, 128, 517, 1f, simd);
        assertSame(scalar, simd, 1000, "range [128, 517)");
        assertEquals(0f, simd.tFirst(127));
        assertEquals(0f, simd.tFirst(517));
        assertTrue(!simd.hits().get(127) && !simd.hits().get(517));
    }

    static void assertSame(SweepResults expected, SweepResults actual, int n, String where) {
        assertEquals(-1, expected.hits().firstDifference(actual.hits(), n), where + ": hit bits");
        for (int p = 0; p < n; p++) {
            int pp = p;
            assertEquals(Float.floatToRawIntBits(expected.tFirst(p)), Float.floatToRawIntBits(actual.tFirst(p)),
                    () -> where + " pair=" + pp + " tFirst " + expected.tFirst(pp) + " vs " + actual.tFirst(pp));
            assertEquals(Float.floatToRawIntBits(expected.tLast(p)), Float.floatToRawIntBits(actual.tLast(p)),
                    () -> where + " pair=" + pp + " tLast " + expected.tLast(pp) + " vs " + actual.tLast(pp));
            assertEquals(Float.floatToRawIntBits(expected.normalX(p)), Float.floatToRawIntBits(actual.normalX(p)),
                    () -> where + " pair=" + pp + " normalX " + expected.normalX(pp) + " vs " + actual.normalX(pp));
            assertEquals(Float.floatToRawIntBits(expected.normalY(p)), Float.floatToRawIntBits(actual.normalY(p)),
                    () -> where + " pair=" + pp + " normalY " + expected.normalY(pp) + " vs " + actual.normalY(pp));
        }
    }

    /**
     * {@code count} pairs whose centroids are closer than {@code near} in x and in y, one in
     * {@code selfEvery} a shape with itself, by rejection sampling, capped: a sparse scene fails
     * here instead of spinning.
     */
    private static PairBatch nearPairs(ConvexPolygons shapes, SplittableRandom rnd, int count, double near, int selfEvery,
                                       String what) {
        int n = shapes.size();
        PairBatch pairs = new PairBatch(shapes, count);
        for (int attempts = 0; pairs.size() < count; attempts++) {
            assertTrue(attempts < 8_000_000, what + ": too few near pairs (" + pairs.size() + ")");
            int a = rnd.nextInt(n);
            int b = rnd.nextInt(selfEvery) == 0 ? a : rnd.nextInt(n);
            if (Math.abs(shapes.centroidX(a) - shapes.centroidX(b)) < near
                    && Math.abs(shapes.centroidY(a) - shapes.centroidY(b)) < near) {
                pairs.add(a, b);
            }
        }
        return pairs;
    }
}
