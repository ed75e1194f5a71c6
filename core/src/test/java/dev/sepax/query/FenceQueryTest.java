package dev.sepax.query;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sepax.concave.Compounds;
import dev.sepax.concave.ConcaveFixtures;
import dev.sepax.geom.Orientation;
import dev.sepax.narrow.FloatBand;
import dev.sepax.narrow.ScalarSat;
import dev.sepax.shape.ConvexPolygons;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.Point;

/**
 * The fence index and its per-thread queries: polygon verdicts equal the scalar kernel's on a store
 * holding query and fence; point verdicts equal JTS {@code covers} outside the band; the hierarchy
 * prunes nothing a linear scan would find; threads sharing one index agree; steady state allocates
 * nothing.
 */
@Timeout(180)
class FenceQueryTest {

    /** A random convex polygon; points that round to a zero-area hull far from the origin are drawn again. */
    static float[] convex(SplittableRandom rnd, double cx, double cy, double r) {
        while (true) {
            int k = 3 + rnd.nextInt(10);
            float[] pts = new float[2 * k];
            for (int i = 0; i < k; i++) {
                double a = rnd.nextDouble(2 * Math.PI);
                double d = r * (0.5 + 0.5 * rnd.nextDouble());
                pts[2 * i] = (float) (cx + d * Math.cos(a));
                pts[2 * i + 1] = (float) (cy + d * Math.sin(a));
            }
            try {
                return ConvexPolygons.hull(pts);
            } catch (IllegalArgumentException degenerate) {
                // drawn again
            }
        }
    }

    @Test
    void polygonVerdictsEqualTheScalarKernel() {
        SplittableRandom rnd = new SplittableRandom(3);
        int n = 600;
        float[][] fences = new float[n][];
        for (int i = 0; i < n; i++) {
            fences[i] = convex(rnd, rnd.nextDouble(100), rnd.nextDouble(100), 1 + rnd.nextDouble(3));
        }
        ConvexPolygons store = ConvexPolygons.of(fences);
        FenceQuery q = FenceIndex.of(store).newQuery();
        int[] hits = new int[n];
        int compared = 0;
        int total = 0;
        for (int t = 0; t < 300; t++) {
            float[] query = convex(rnd, rnd.nextDouble(100), rnd.nextDouble(100), 2 + rnd.nextDouble(6));
            float[][] withQuery = Arrays.copyOf(fences, n + 1);
            withQuery[n] = query;
            ConvexPolygons both = ConvexPolygons.of(withQuery);
            if (!Arrays.equals(both.vertices(n), query)) {
                continue; // the store welded the query: not the same vertices
            }
            float tol = t % 3 == 0 ? 0f : t % 3 == 1 ? 0.5f : -0.1f;
            int m = q.intersecting(query, tol, hits);
            List<Integer> expected = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                if (ScalarSat.INSTANCE.intersects(both, n, i, tol)) {
                    expected.add(i);
                }
            }
            assertEquals(expected.size(), m, "query " + t);
            for (int i = 0; i < m; i++) {
                assertEquals(expected.get(i), hits[i], "query " + t + " hit " + i);
            }
            // The other winding gives the same answer.
            float[] cw = new float[query.length];
            for (int i = 0; i < query.length / 2; i++) {
                cw[2 * i] = query[query.length - 2 - 2 * i];
                cw[2 * i + 1] = query[query.length - 1 - 2 * i];
            }
            int[] again = new int[n];
            assertEquals(m, q.intersecting(cw, tol, again));
            assertArrayEquals(Arrays.copyOf(hits, m), Arrays.copyOf(again, m));
            compared++;
            total += m;
        }
        assertTrue(compared >= 250 && total >= 300, "compared " + compared + " queries, " + total + " hits");
    }

    @Test
    void thinQueriesAtLargeNegativeTolerancesEqualTheScalarKernel() {
        // A negative tolerance narrows the query's widened box on both sides; across a thin
        // query it turns the box inside out by more than a cell, and the rows' runs must then
        // be empty, in the single and the batched call.
        SplittableRandom rnd = new SplittableRandom(29);
        int n = 600;
        float[][] fences = new float[n + 1][];
        for (int i = 0; i < n; i++) {
            fences[i] = convex(rnd, rnd.nextDouble(100), rnd.nextDouble(100), 1 + rnd.nextDouble(3));
        }
        FenceQuery q = FenceIndex.of(ConvexPolygons.of(Arrays.copyOf(fences, n))).newQuery();
        float[] tolerances = {-0.01f, -1f, -5f, -20f};
        int tries = 120;
        float[][] queries = new float[tries][];
        int[] hits = new int[n];
        int compared = 0;
        int total = 0;
        for (int t = 0; t < tries; t++) {
            float x = (float) (5 + rnd.nextDouble(90));
            float y = (float) (5 + rnd.nextDouble(90));
            float thin = (float) (0.05 + rnd.nextDouble(0.5));
            float tall = (float) (20 + rnd.nextDouble(60));
            float w = t % 2 == 0 ? thin : tall;
            float h = t % 2 == 0 ? tall : thin;
            float[] query = {x, y, x + w, y, x + w, y + h, x, y + h};
            queries[t] = query;
            fences[n] = query;
            ConvexPolygons both = ConvexPolygons.of(fences);
            assertArrayEquals(query, both.vertices(n), "query " + t);
            total += assertHitsAreTheScalarKernels(q, both, query, tolerances[t % 4], hits, "query " + t);
            compared++;
        }
        // The batch at each tolerance: the same lists as one query at a time.
        int[] ends = new int[tries];
        int[] batch = new int[tries * n];
        for (float tol : tolerances) {
            assertEquals(tries, q.intersecting(queries, 0, tries, tol, ends, batch));
            int at = 0;
            for (int t = 0; t < tries; t++) {
                int m = q.intersecting(queries[t], tol, hits);
                assertEquals(at + m, ends[t], "tol " + tol + " query " + t);
                assertArrayEquals(Arrays.copyOf(hits, m), Arrays.copyOfRange(batch, at, at + m), "tol " + tol + " query " + t);
                at += m;
            }
        }
        assertTrue(compared == tries && total >= 10, "compared " + compared + " queries, " + total + " hits");
    }

    @Test
    void pointVerdictsEqualJtsOutsideTheBandAtEveryMagnitude() {
        for (ConcaveFixtures.Regime r : ConcaveFixtures.REGIMES) {
            SplittableRandom rnd = new SplittableRandom(11);
            int n = 60;
            Compounds.Builder b = Compounds.builder();
            List<Geometry> jts = new ArrayList<>();
            double span = 8 * r.radius();
            for (int i = 0; i < n; i++) {
                float[][] rings = ConcaveFixtures.star(rnd, r.originX() + rnd.nextDouble(span),
                        r.originY() + rnd.nextDouble(span), r.radius(), 12 + rnd.nextInt(40), rnd.nextInt(3));
                b.add(rings);
                jts.add(ConcaveFixtures.jts(rings, r.originX(), r.originY()));
            }
            Compounds c = b.build();
            FenceQuery q = FenceIndex.of(c).newQuery();
            double mag = Math.max(Math.abs(r.originX()), Math.abs(r.originY())) + span + r.radius();
            double band = 2 * 16 * FloatBand.UNIT_ROUNDOFF * mag;
            int[] hits = new int[n];
            int decided = 0;
            int inside = 0;
            for (int t = 0; t < 2000; t++) {
                float x = (float) (r.originX() + rnd.nextDouble(span + r.radius()));
                float y = (float) (r.originY() + rnd.nextDouble(span + r.radius()));
                int m = q.containing(x, y, hits);
                Point p = ConcaveFixtures.JTS.createPoint(new Coordinate(x - r.originX(), y - r.originY()));
                int k = 0;
                for (int i = 0; i < n; i++) {
                    Geometry g = jts.get(i);
                    boolean covered = g.covers(p);
                    boolean hit = k < m && hits[k] == i;
                    if (hit) {
                        k++;
                    }
                    if (g.getBoundary().distance(p) > band) {
                        decided++;
                        inside += covered ? 1 : 0;
                        assertEquals(covered, hit, r.name() + " point " + t + " fence " + i);
                    }
                }
                assertEquals(m, k, "hits are sorted, distinct fences");
            }
            assertTrue(inside > 200 && decided > 0.99 * 2000 * n, r.name() + ": " + inside + " inside, " + decided);
        }
    }

    @Test
    void theHierarchyMissesNothingALinearScanFinds() {
        SplittableRandom rnd = new SplittableRandom(5);
        int n = 5000;
        float[][] fences = new float[n][];
        for (int i = 0; i < n; i++) {
            // Mixed sizes: parcels and a few counties.
            double r = i % 100 == 0 ? 40 : 0.5 + rnd.nextDouble(2);
            fences[i] = convex(rnd, rnd.nextDouble(1000), rnd.nextDouble(1000), r);
        }
        ConvexPolygons store = ConvexPolygons.of(fences);
        FenceQuery q = FenceIndex.of(store).newQuery();
        int[] hits = new int[n];
        for (int t = 0; t < 300; t++) {
            float x = (float) rnd.nextDouble(1000);
            float y = (float) rnd.nextDouble(1000);
            int m = q.containing(x, y, hits);
            int k = 0;
            for (int i = 0; i < n; i++) {
                if (contains(store, i, x, y)) {
                    assertTrue(k < m && hits[k] == i, "point " + t + " misses fence " + i);
                    k++;
                }
            }
            assertEquals(k, m);
        }
    }

    @Test
    void gridAndHierarchyTogetherMissNoPolygonHitAtAnyToleranceOrMagnitude() {
        // Parcels in the grid, counties (spanning many cells) in the hierarchy, far from the
        // origin so that the cell arithmetic rounds; queries of every size, tolerances of both signs.
        for (double origin : new double[] {0, 4e4, -2.5e5}) {
            SplittableRandom rnd = new SplittableRandom(13);
            int n = 2000;
            float[][] fences = new float[n + 1][];
            for (int i = 0; i < n; i++) {
                // Counties wider than the last grid level's cells (16 median extents).
                double r = i % 50 == 0 ? 150 : 0.5 + rnd.nextDouble(2);
                fences[i] = convex(rnd, origin + rnd.nextDouble(600), origin + rnd.nextDouble(600), r);
            }
            ConvexPolygons store = ConvexPolygons.of(Arrays.copyOf(fences, n));
            FenceIndex index = FenceIndex.of(store);
            assertTrue(index.largeParts() > 0 && index.largeParts() < n / 10, index.toString());
            FenceQuery q = index.newQuery();
            int[] hits = new int[n];
            int compared = 0;
            int total = 0;
            for (int t = 0; t < 120; t++) {
                double size = t % 4 == 0 ? 40 : 0.2 + rnd.nextDouble(3);
                float[] query = convex(rnd, origin + rnd.nextDouble(600), origin + rnd.nextDouble(600), size);
                fences[n] = query;
                ConvexPolygons both = ConvexPolygons.of(fences);
                if (!Arrays.equals(both.vertices(n), query)) {
                    continue; // the store welded the query: not the same vertices
                }
                float tol = t % 3 == 0 ? 0f : t % 3 == 1 ? 1.5f : -0.05f;
                total += assertHitsAreTheScalarKernels(q, both, query, tol, hits, "origin " + origin + " query " + t);
                compared++;
            }
            assertTrue(compared >= 100 && total >= 200, "compared " + compared + " queries, " + total + " hits");
        }
    }

    @Test
    void theFilteredTurnsEqualTheExactPredicate() {
        // Nearly collinear triples (the third point a few ulps off the line through the first
        // two), exactly collinear ones, and random ones, at magnitudes 1 to 2^60.
        SplittableRandom rnd = new SplittableRandom(17);
        int near = 0;
        for (int t = 0; t < 200_000; t++) {
            double scale = Math.scalb(1.0, rnd.nextInt(61));
            float ax = (float) (rnd.nextDouble(-1, 1) * scale);
            float ay = (float) (rnd.nextDouble(-1, 1) * scale);
            float bx = (float) (rnd.nextDouble(-1, 1) * scale);
            float by = (float) (rnd.nextDouble(-1, 1) * scale);
            float cx;
            float cy;
            if (t % 2 == 0) {
                double s = rnd.nextDouble(-2, 3);
                cx = (float) (ax + s * ((double) bx - ax));
                cy = (float) (ay + s * ((double) by - ay));
                for (int k = rnd.nextInt(4); k > 0; k--) {
                    cy = rnd.nextBoolean() ? Math.nextUp(cy) : Math.nextDown(cy);
                }
                near++;
            } else if (t % 10 == 1) {
                cx = bx;
                cy = by;
            } else {
                cx = (float) (rnd.nextDouble(-1, 1) * scale);
                cy = (float) (rnd.nextDouble(-1, 1) * scale);
            }
            assertEquals(Orientation.orient(ax, ay, bx, by, cx, cy), FenceQuery.turn(ax, ay, bx, by, cx, cy),
                    ax + " " + ay + " " + bx + " " + by + " " + cx + " " + cy);
            // The validation's form: the edges into and out of b, each differenced once in double.
            assertEquals(Orientation.orient(ax, ay, bx, by, cx, cy),
                    FenceQuery.turn((double) bx - ax, (double) by - ay, (double) cx - bx, (double) cy - by,
                            new float[] {ax, bx, cx}, new float[] {ay, by, cy}, 3, 1),
                    ax + " " + ay + " " + bx + " " + by + " " + cx + " " + cy);
        }
        assertTrue(near == 100_000);
    }

    @Test
    void aCoarseLatticeMissesNoHit() {
        // Two far outliers stretch the parts' extent to 2e6, so one step of the 32768-step
        // lattice (about 60 units) holds many small fences: the lattice filter keeps them all
        // and the float compares and tests decide, at every tolerance sign. The outliers span
        // no more than a cell, so they are grid parts whose lattice boxes are one step wide.
        SplittableRandom rnd = new SplittableRandom(21);
        int n = 1500;
        float[][] fences = new float[n + 1][];
        for (int i = 0; i < n - 2; i++) {
            fences[i] = convex(rnd, rnd.nextDouble(200), rnd.nextDouble(200), 0.3 + rnd.nextDouble(1.5));
        }
        fences[n - 2] = convex(rnd, -1e6, -1e6, 1);
        fences[n - 1] = convex(rnd, 1e6, 1e6, 1);
        ConvexPolygons store = ConvexPolygons.of(Arrays.copyOf(fences, n));
        int[] counts = compareWithTheScalarKernel(FenceIndex.of(store).newQuery(), fences, 150,
                t -> convex(rnd, rnd.nextDouble(200), rnd.nextDouble(200), 0.5 + rnd.nextDouble(4)));
        assertTrue(counts[0] >= 120 && counts[1] >= 100, "compared " + counts[0] + " queries, " + counts[1] + " hits");
    }

    @Test
    void queriesAtAndBeyondTheLatticeEndsMissNoHit() {
        // Queries straddling and beyond the parts' extent: their lattice bounds clamp to 0 and
        // to the last step, the lanes at which the filter's guard bits have the least room.
        SplittableRandom rnd = new SplittableRandom(33);
        int n = 800;
        float[][] fences = new float[n + 1][];
        for (int i = 0; i < n; i++) {
            fences[i] = convex(rnd, rnd.nextDouble(100), rnd.nextDouble(100), 0.3 + rnd.nextDouble(2));
        }
        ConvexPolygons store = ConvexPolygons.of(Arrays.copyOf(fences, n));
        double[] edge = {-3, -0.5, 0, 0.5, 99.5, 100, 100.5, 103};
        int[] counts = compareWithTheScalarKernel(FenceIndex.of(store).newQuery(), fences, 240, t -> {
            double cx = t % 2 == 0 ? edge[rnd.nextInt(edge.length)] : rnd.nextDouble(100);
            double cy = t % 4 < 2 ? edge[rnd.nextInt(edge.length)] : rnd.nextDouble(100);
            return convex(rnd, cx, cy, 0.5 + rnd.nextDouble(3));
        });
        assertTrue(counts[0] >= 200 && counts[1] >= 100, "compared " + counts[0] + " queries, " + counts[1] + " hits");
    }

    /**
     * Query {@code t} of {@code tries}, drawn by {@code draw}, against the fences before the last
     * slot of {@code fences} (the query goes there), at tolerances 0, 0.75 and -0.02 in turn,
     * each checked against the scalar kernel; a query the store welds (not the same vertices) is
     * skipped and not counted. Returns the queries compared and their hits.
     */
    private static int[] compareWithTheScalarKernel(FenceQuery q, float[][] fences, int tries,
                                                    java.util.function.IntFunction<float[]> draw) {
        int n = fences.length - 1;
        int[] hits = new int[n];
        int compared = 0;
        int total = 0;
        for (int t = 0; t < tries; t++) {
            float[] query = draw.apply(t);
            fences[n] = query;
            ConvexPolygons both = ConvexPolygons.of(fences);
            if (Arrays.equals(both.vertices(n), query)) {
                float tol = t % 3 == 0 ? 0f : t % 3 == 1 ? 0.75f : -0.02f;
                total += assertHitsAreTheScalarKernels(q, both, query, tol, hits, "query " + t);
                compared++;
            }
        }
        return new int[] {compared, total};
    }

    /**
     * The query's hits are, in order, the fences that {@link ScalarSat} finds intersecting the
     * query held as the last shape of {@code both} (the fences before it); returns the hit count.
     */
    private static int assertHitsAreTheScalarKernels(FenceQuery q, ConvexPolygons both, float[] query, float tol,
                                                     int[] hits, String where) {
        int n = both.size() - 1;
        int m = q.intersecting(query, tol, hits);
        int k = 0;
        for (int i = 0; i < n; i++) {
            if (ScalarSat.INSTANCE.intersects(both, n, i, tol)) {
                assertTrue(k < m && hits[k] == i, where + " misses fence " + i);
                k++;
            }
        }
        assertEquals(k, m, where);
        return m;
    }

    private static boolean contains(ConvexPolygons s, int i, float px, float py) {
        int k = s.count(i);
        for (int e = 0; e < k; e++) {
            float ax = s.vertexX(i, e);
            float ay = s.vertexY(i, e);
            float bx = s.vertexX(i, (e + 1) % k);
            float by = s.vertexY(i, (e + 1) % k);
            float enx = by - ay;
            float eny = -(bx - ax);
            if (enx * (px - ax) + eny * (py - ay) > 0) {
                return false;
            }
        }
        return true;
    }

    @Test
    void threadsSharingOneIndexAgreeAndSteadyStateAllocatesNothing() throws Exception {
        SplittableRandom rnd = new SplittableRandom(8);
        int n = 20000;
        float[][] fences = new float[n][];
        for (int i = 0; i < n; i++) {
            fences[i] = convex(rnd, rnd.nextDouble(1000), rnd.nextDouble(1000), 1 + rnd.nextDouble(4));
        }
        FenceIndex index = FenceIndex.of(ConvexPolygons.of(fences));
        float[][] queries = new float[400][];
        for (int t = 0; t < queries.length; t++) {
            queries[t] = convex(rnd, rnd.nextDouble(1000), rnd.nextDouble(1000), 2 + rnd.nextDouble(8));
        }
        long expected = run(index.newQuery(), queries);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<Long>> results = new ArrayList<>();
            for (int th = 0; th < 8; th++) {
                results.add(pool.submit(() -> run(index.newQuery(), queries)));
            }
            for (Future<Long> f : results) {
                assertEquals(expected, f.get());
            }
        } finally {
            pool.shutdownNow();
        }
        FenceQuery q = index.newQuery();
        int[] hits = new int[64];
        for (int w = 0; w < 5; w++) {
            run(q, queries, hits);
        }
        com.sun.management.ThreadMXBean counter = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        counter.getCurrentThreadAllocatedBytes();
        long least = Long.MAX_VALUE;
        for (int round = 0; round < 5; round++) {
            long before = counter.getCurrentThreadAllocatedBytes();
            run(q, queries, hits);
            least = Math.min(least, counter.getCurrentThreadAllocatedBytes() - before);
        }
        assertEquals(0, least, "bytes allocated by a steady-state round of queries");
    }

    /** A checksum of every query's hits, polygon and point. */
    private static long run(FenceQuery q, float[][] queries) {
        return run(q, queries, new int[64]);
    }

    private static long run(FenceQuery q, float[][] queries, int[] hits) {
        long sum = 0;
        for (float[] query : queries) {
            int m = q.intersecting(query, 0f, hits);
            for (int i = 0; i < Math.min(m, hits.length); i++) {
                sum = sum * 31 + hits[i];
            }
            m = q.containing(query[0], query[1], hits);
            for (int i = 0; i < Math.min(m, hits.length); i++) {
                sum = sum * 17 + hits[i];
            }
        }
        return sum;
    }

    @Test
    void everyPointOnAPartsBoundaryIsContainedOnTheGridAndInTheHierarchy() {
        // On the boundary counts: the AABB compares and the edge test must all be '<=' / '>='.
        // Axis-aligned squares with integer corners make every vertex and edge midpoint exact,
        // on each side of the AABB; small squares go to the grid, the large one to the
        // hierarchy of large parts.
        // The point grid has at most 2n cells, so only a store of many small parts leaves a
        // part of side 64 wider than the last level's cells.
        int small = 2000;
        float[][] fences = new float[small + 1][];
        fences[0] = new float[] {110, 0, 174, 0, 174, 64, 110, 64};
        for (int i = 1; i <= small; i++) {
            float x = 2 * (i % 50);
            float y = 2 * (i / 50);
            fences[i] = new float[] {x, y, x + 1, y, x + 1, y + 1, x, y + 1};
        }
        FenceIndex ix = FenceIndex.of(ConvexPolygons.of(fences));
        assertEquals(1, ix.item.length, "the large square must be in the hierarchy: " + ix);
        FenceQuery q = ix.newQuery();
        int[] hits = new int[fences.length];
        int checked = 0;
        for (int f = 0; f < fences.length; f++) {
            float[] v = fences[f];
            for (int i = 0; i < 4; i++) {
                float ax = v[2 * i];
                float ay = v[2 * i + 1];
                float bx = v[(2 * i + 2) % 8];
                float by = v[(2 * i + 3) % 8];
                float[][] points = {{ax, ay}, {0.5f * (ax + bx), 0.5f * (ay + by)}};
                for (float[] pt : points) {
                    int n = q.containing(pt[0], pt[1], hits);
                    boolean found = false;
                    for (int h = 0; h < n; h++) {
                        found |= hits[h] == f;
                    }
                    assertTrue(found, "fence " + f + ": point (" + pt[0] + ", " + pt[1] + ") on its boundary");
                    checked++;
                }
            }
        }
        assertEquals(8 * fences.length, checked);
    }

    @Test
    void badQueriesAreNamed() {
        FenceQuery q = FenceIndex.of(ConvexPolygons.of(new float[] {0, 0, 1, 0, 1, 1})).newQuery();
        int[] hits = new int[1];
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> q.intersecting(new float[] {0, 0, 2, 0, 1, 1, 2, 2, 0, 2}, 0f, hits));
        assertTrue(e.getMessage().startsWith("query vertex="), e.getMessage());
        // Vertices are named by the caller's index, consecutive duplicates counted.
        e = assertThrows(IllegalArgumentException.class,
                () -> q.intersecting(new float[] {0, 0, 0, 0, 0, 0, 2, 0, 1, 1, 2, 2, 0, 2}, 0f, hits));
        assertTrue(e.getMessage().startsWith("query vertex=4: "), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> q.intersecting(new float[] {-4, -4, -4, -4, 4, -4, 0, 0, 0, -2, 0, 0}, 0f, hits));
        assertTrue(e.getMessage().startsWith("query vertex=4: the boundary doubles back"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> q.intersecting(new float[] {0, 0, 1, 1, 2, 2}, 0f, hits));
        assertThrows(IllegalArgumentException.class, () -> q.intersecting(new float[] {0, 0, Float.NaN, 1, 2, 2}, 0f, hits));
        assertThrows(IllegalArgumentException.class, () -> q.containing(Float.NaN, 0, hits));
        assertThrows(IllegalArgumentException.class, () -> q.containing(0, 0, null));
        assertEquals(1, q.containing(1, 1, hits), "a vertex counts as inside");
        assertEquals(1, q.intersecting(new float[] {1, 1, 2, 1, 2, 2}, 0f, hits), "touching at a vertex intersects");
        assertEquals(0, q.intersecting(new float[] {1.5f, 0, 3, 0, 3, 1}, 0f, hits));
    }

    /**
     * A query the store refuses as self-intersecting must not reach the kernel: a spike's two
     * edges have opposite normals, one of which separates the query from a fence it overlaps, and
     * a boundary winding twice through vertical edges has no two adjacent edges of opposite x sign.
     */
    @Test
    void spikesAndBoundariesWindingTwiceAreRefusedAsTheStoreRefusesThem() {
        // A fence inside the triangle (0, 0), (4, 4), (-4, 4).
        FenceQuery q = FenceIndex.of(ConvexPolygons.of(new float[] {1.5f, 2.5f, 2.5f, 2.5f, 2.5f, 3.5f, 1.5f, 3.5f}))
                .newQuery();
        int[] hits = new int[1];
        assertEquals(1, q.intersecting(new float[] {0, 0, 4, 4, -4, 4}, 0f, hits));
        assertEquals(1, q.intersecting(new float[] {0, 0, 2, 2, 4, 4, -4, 4}, 0f, hits),
                "a vertex straight between its neighbours is no spike");
        float[][] bad = {
            // The triangle with a spike from (0, 0) up to (0, 2) and back: every turn is left or straight.
            {0, 0, 0, 2, 0, 0, 4, 4, -4, 4},
            // Its clockwise form, and a spike down from the apex of a triangle standing on an edge.
            {-4, 4, 4, 4, 0, 0, 0, 2, 0, 0},
            {-4, -4, 4, -4, 0, 0, 0, -2, 0, 0},
            // Two left turns per corner round, every x sign change through a vertical edge.
            {0, 0, 2, 0, 2, 2, 1, 2, 1, 1, 1.5f, 1, 1.5f, 1.5f, 0, 1.5f},
        };
        for (float[] xy : bad) {
            assertThrows(IllegalArgumentException.class, () -> ConvexPolygons.of(xy), Arrays.toString(xy));
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> q.intersecting(xy, 0f, hits), Arrays.toString(xy));
            assertTrue(e.getMessage().startsWith("query"), e.getMessage());
            IllegalArgumentException b = assertThrows(IllegalArgumentException.class,
                    () -> q.intersecting(new float[][] {{0, 0, 4, 4, -4, 4}, xy}, 0, 2, 0f, new int[2], new int[4]));
            assertTrue(b.getMessage().startsWith("query 1"), b.getMessage());
        }
    }
}
