package dev.sepax.query;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sepax.concave.Compounds;
import dev.sepax.concave.ConcaveFixtures;
import dev.sepax.narrow.FloatBand;
import dev.sepax.shape.ConvexPolygons;
import dev.sepax.testing.PropertyTimeout;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.locationtech.jts.geom.Geometry;

/**
 * The batched polygon query ({@link FenceQuery#intersecting(float[][], int, int, float, int[], int[])}):
 * per query the same fences, in the same order, as the single-query call, over batches of every
 * size around the window, both kinds of index part (grid and hierarchy) and tolerances of both
 * signs; out-of-band verdicts equal JTS {@code intersects} at every magnitude; a full hit buffer
 * stops the batch at a query boundary; bad queries are named by their index; threads sharing one
 * index agree; steady state allocates nothing.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
@AddLifecycleHook(PropertyTimeout.class)
class FenceBatchQueryTest {

    /** Parcels in the grid and every 50th fence a county in the hierarchy, far from the origin when asked. */
    private static FenceIndex mixedIndex(SplittableRandom rnd, int n, double origin) {
        float[][] fences = new float[n][];
        for (int i = 0; i < n; i++) {
            double r = i % 50 == 0 ? 150 : 0.5 + rnd.nextDouble(2);
            fences[i] = FenceQueryTest.convex(rnd, origin + rnd.nextDouble(600), origin + rnd.nextDouble(600), r);
        }
        return FenceIndex.of(ConvexPolygons.of(fences));
    }

    private static float[][] queries(SplittableRandom rnd, int count, double origin) {
        float[][] q = new float[count][];
        for (int t = 0; t < count; t++) {
            double size = t % 7 == 0 ? 40 : 0.2 + rnd.nextDouble(3);
            q[t] = FenceQueryTest.convex(rnd, origin + rnd.nextDouble(600), origin + rnd.nextDouble(600), size);
        }
        return q;
    }

    /**
     * Asserts that the batch over {@code polygons[from, from + count)} answers every query and
     * that each query's list equals the single call's; returns the number of hits.
     */
    private static int assertBatchIsTheSingleCalls(FenceQuery batch, FenceQuery single, float[][] polygons, int from,
                                                   int count, float tol, String where) {
        int[] ends = new int[count];
        int[] hits = new int[4096];
        assertEquals(count, batch.intersecting(polygons, from, count, tol, ends, hits), where + ": queries answered");
        int[] one = new int[4096];
        int start = 0;
        for (int i = 0; i < count; i++) {
            int m = single.intersecting(polygons[from + i], tol, one);
            assertEquals(m, ends[i] - start, where + " query " + (from + i) + ": hit count");
            assertArrayEquals(Arrays.copyOf(one, m), Arrays.copyOfRange(hits, start, ends[i]),
                    where + " query " + (from + i) + ": hits");
            start = ends[i];
        }
        return start;
    }

    @Test
    void batchesOfEverySizeEqualTheSingleCalls() {
        int w = FenceQuery.WINDOW;
        int[] sizes = {0, 1, 2, w - 1, w, w + 1, 2 * w, 2 * w + 3, 5 * w - 1, 97};
        for (double origin : new double[] {0, 4e4, -2.5e5}) {
            SplittableRandom rnd = new SplittableRandom(31);
            FenceIndex index = mixedIndex(rnd, 2000, origin);
            assertTrue(index.largeParts() > 0, index.toString());
            float[][] polygons = queries(rnd, 300, origin);
            FenceQuery batch = index.newQuery();
            FenceQuery single = index.newQuery();
            int total = 0;
            int from = 0;
            for (int s = 0; s < sizes.length * 3; s++) {
                int count = Math.max(0, sizes[s % sizes.length]);
                from = (from + 37) % (polygons.length - count + 1);
                float tol = s % 3 == 0 ? 0f : s % 3 == 1 ? 1.5f : -0.05f;
                total += assertBatchIsTheSingleCalls(batch, single, polygons, from, count, tol,
                        "origin " + origin + " batch " + s);
            }
            assertTrue(total >= 300, "origin " + origin + ": " + total + " hits; the scene is not a test");
        }
    }

    @Property(tries = 60)
    void aRandomBatchEqualsTheSingleCalls(@ForAll long seed, @ForAll @IntRange(min = 0, max = 70) int count,
                                          @ForAll @IntRange(min = 0, max = 2) int tolerance) {
        SplittableRandom rnd = new SplittableRandom(seed);
        FenceIndex index = mixedIndex(rnd, 600, 0);
        float[][] polygons = queries(rnd, count + 5, 0);
        float tol = tolerance == 0 ? 0f : tolerance == 1 ? (float) rnd.nextDouble(3) : (float) -rnd.nextDouble(0.2);
        assertBatchIsTheSingleCalls(index.newQuery(), index.newQuery(), polygons, rnd.nextInt(6), count, tol,
                "seed " + seed);
    }

    @Test
    void outOfBandVerdictsEqualJtsAtEveryMagnitude() {
        for (ConcaveFixtures.Regime r : ConcaveFixtures.REGIMES) {
            SplittableRandom rnd = new SplittableRandom(0xFE17 ^ r.name().hashCode());
            int n = 80;
            double span = 10 * r.radius();
            Compounds.Builder b = Compounds.builder();
            List<Geometry> fences = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                double cx = r.originX() + rnd.nextDouble(span);
                double cy = r.originY() + rnd.nextDouble(span);
                float[][] rings = ConcaveFixtures.star(rnd, cx, cy, r.radius(), 12 + rnd.nextInt(40), rnd.nextInt(3));
                b.add(rings);
                fences.add(ConcaveFixtures.jts(rings, r.originX(), r.originY()));
            }
            double mag = Math.max(Math.abs(r.originX()), Math.abs(r.originY())) + span + 2 * r.radius();
            FenceQuery q = FenceIndex.of(b.build()).newQuery();
            // The query is not welded (its vertices are used as given) and the fences' parts
            // are; both are within 16 u M of their exact shapes, as in the compound oracle.
            double band = 2 * 16 * FloatBand.UNIT_ROUNDOFF * mag;
            int count = 150;
            float[][] polygons = new float[count][];
            for (int t = 0; t < count; t++) {
                double size = r.radius() * (0.1 + rnd.nextDouble(1.5));
                polygons[t] = FenceQueryTest.convex(rnd, r.originX() + rnd.nextDouble(span), r.originY() + rnd.nextDouble(span), size);
            }
            int[] ends = new int[count];
            int[] hits = new int[count * n];
            assertEquals(count, q.intersecting(polygons, 0, count, 0f, ends, hits));
            int decided = 0;
            int inside = 0;
            int start = 0;
            for (int t = 0; t < count; t++) {
                Geometry query = ConcaveFixtures.jts(new float[][] {polygons[t]}, r.originX(), r.originY());
                Geometry deep = query.buffer(-band);
                int k = start;
                for (int i = 0; i < n; i++) {
                    boolean hit = k < ends[t] && hits[k] == i;
                    if (hit) {
                        k++;
                    }
                    Geometry g = fences.get(i);
                    double d = g.distance(query);
                    if (d > band) {
                        decided++;
                        assertTrue(!hit, r.name() + " query " + t + " fence " + i + ": JTS distance " + d + " > band " + band);
                    } else if (deep.intersects(g)) {
                        decided++;
                        inside++;
                        assertTrue(hit, r.name() + " query " + t + " fence " + i + ": overlaps deeper than the band");
                    }
                }
                assertEquals(ends[t], k, r.name() + " query " + t + ": hits are sorted, distinct fences");
                start = ends[t];
            }
            assertTrue(inside > count / 2 && decided > 0.98 * count * n, r.name() + ": " + inside + " deep overlaps, "
                    + decided + " decided of " + count * n);
        }
    }

    @Test
    void aFullHitBufferStopsAtAQueryBoundaryAndTheRestFollows() {
        SplittableRandom rnd = new SplittableRandom(41);
        FenceIndex index = mixedIndex(rnd, 2000, 0);
        float[][] polygons = queries(rnd, 64, 0);
        FenceQuery q = index.newQuery();
        int count = polygons.length;
        int[] allEnds = new int[count];
        int[] all = new int[4096];
        assertEquals(count, q.intersecting(polygons, 0, count, 0f, allEnds, all));
        int total = allEnds[count - 1];
        assertTrue(total > 40, total + " hits");
        // A buffer of a third of the hits: answered in several calls, each ending on a query.
        int[] small = new int[total / 3];
        int[] ends = new int[count];
        int from = 0;
        int calls = 0;
        int start = 0;
        while (from < count) {
            int a = q.intersecting(polygons, from, count - from, 0f, ends, small);
            calls++;
            int s = 0;
            for (int i = 0; i < a; i++) {
                int m = ends[i] - s;
                int before = from + i == 0 ? 0 : allEnds[from + i - 1];
                assertEquals(allEnds[from + i] - before, m, "query " + (from + i));
                assertArrayEquals(Arrays.copyOfRange(all, before, allEnds[from + i]), Arrays.copyOfRange(small, s, ends[i]));
                s = ends[i];
            }
            if (a < count - from) {
                int need = allEnds[from + a] - (from + a == 0 ? 0 : allEnds[from + a - 1]);
                assertEquals(s + need, ends[a], "where query " + (from + a) + "'s list would end");
                assertTrue(ends[a] > small.length);
                assertTrue(a > 0 || need > small.length, "a query that fits is answered");
            }
            from += a;
            start += s;
            assertTrue(calls < count, "no progress");
        }
        assertEquals(total, start);
        assertTrue(calls >= 3, calls + " calls");
        // A query alone larger than the buffer: nothing answered, its size reported.
        int big = 0;
        for (int i = 1; i < count; i++) {
            if (allEnds[i] - allEnds[i - 1] > allEnds[big] - (big == 0 ? 0 : allEnds[big - 1])) {
                big = i;
            }
        }
        int bigHits = allEnds[big] - (big == 0 ? 0 : allEnds[big - 1]);
        assertTrue(bigHits >= 2, bigHits + " hits");
        int[] tiny = new int[bigHits - 1];
        assertEquals(0, q.intersecting(polygons, big, Math.min(3, count - big), 0f, ends, tiny));
        assertEquals(bigHits, ends[0]);
    }

    @Test
    void badBatchesAreNamed() {
        FenceQuery q = FenceIndex.of(ConvexPolygons.of(new float[] {0, 0, 1, 0, 1, 1})).newQuery();
        float[] ok = {1, 1, 2, 1, 2, 2};
        float[][] polygons = {ok, ok, ok, ok, ok, {0, 0, 2, 0, 1, 1, 2, 2, 0, 2}, ok, null, {0, 0, 1, 1, 2, 2},
            {0, 0, Float.NaN, 1, 2, 2}, {0, 0, 1}};
        int[] ends = new int[polygons.length];
        int[] hits = new int[16];
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> q.intersecting(polygons, 0, 6, 0f, ends, hits));
        assertTrue(e.getMessage().startsWith("query 5 vertex="), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> q.intersecting(polygons, 6, 2, 0f, ends, hits));
        assertEquals("query 7: null", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> q.intersecting(polygons, 8, 1, 0f, ends, hits));
        assertTrue(e.getMessage().startsWith("query 8: zero area"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> q.intersecting(polygons, 9, 1, 0f, ends, hits));
        assertTrue(e.getMessage().startsWith("query 9 vertex=1: "), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> q.intersecting(polygons, 10, 1, 0f, ends, hits));
        assertTrue(e.getMessage().startsWith("query 10: odd coordinate count"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> q.intersecting(null, 0, 1, 0f, ends, hits));
        assertThrows(IllegalArgumentException.class, () -> q.intersecting(polygons, 0, 1, 0f, null, hits));
        assertThrows(IllegalArgumentException.class, () -> q.intersecting(polygons, 0, 1, 0f, ends, null));
        assertThrows(IllegalArgumentException.class, () -> q.intersecting(polygons, -1, 1, 0f, ends, hits));
        assertThrows(IllegalArgumentException.class, () -> q.intersecting(polygons, 0, -1, 0f, ends, hits));
        assertThrows(IllegalArgumentException.class, () -> q.intersecting(polygons, 10, 2, 0f, ends, hits));
        assertThrows(IllegalArgumentException.class, () -> q.intersecting(polygons, 0, 5, 0f, new int[4], hits));
        assertThrows(IllegalArgumentException.class, () -> q.intersecting(polygons, 0, 5, Float.NaN, ends, hits));
        // After the errors the object still answers, and a batch of good queries is whole.
        assertEquals(5, q.intersecting(polygons, 0, 5, 0f, ends, hits));
        assertArrayEquals(new int[] {1, 2, 3, 4, 5}, Arrays.copyOf(ends, 5), "each touches the fence at a vertex");
        assertEquals(0, q.intersecting(polygons, 11, 0, 0f, ends, hits), "an empty batch at the end");
    }

    @Test
    void threadsSharingOneIndexAgreeAndSteadyStateAllocatesNothing() throws Exception {
        SplittableRandom rnd = new SplittableRandom(8);
        FenceIndex index = mixedIndex(rnd, 20000, 0);
        float[][] polygons = queries(rnd, 400, 0);
        long expected = run(index.newQuery(), polygons, new int[polygons.length], new int[8192]);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<Long>> results = new ArrayList<>();
            for (int th = 0; th < 8; th++) {
                results.add(pool.submit(() -> run(index.newQuery(), polygons, new int[polygons.length], new int[8192])));
            }
            for (Future<Long> f : results) {
                assertEquals(expected, f.get());
            }
        } finally {
            pool.shutdownNow();
        }
        FenceQuery q = index.newQuery();
        int[] ends = new int[polygons.length];
        int[] hits = new int[8192];
        for (int w = 0; w < 5; w++) {
            run(q, polygons, ends, hits);
        }
        com.sun.management.ThreadMXBean counter = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        counter.getCurrentThreadAllocatedBytes();
        long least = Long.MAX_VALUE;
        for (int round = 0; round < 5; round++) {
            long before = counter.getCurrentThreadAllocatedBytes();
            run(q, polygons, ends, hits);
            least = Math.min(least, counter.getCurrentThreadAllocatedBytes() - before);
        }
        assertEquals(0, least, "bytes allocated by a steady-state round of batches");
        // The single call over the same queries (some hit over a hundred fences: the sort).
        least = Long.MAX_VALUE;
        for (int round = 0; round < 8; round++) {
            long before = counter.getCurrentThreadAllocatedBytes();
            for (float[] p : polygons) {
                q.intersecting(p, 0f, hits);
            }
            least = Math.min(least, counter.getCurrentThreadAllocatedBytes() - before);
        }
        assertEquals(0, least, "bytes allocated by a steady-state round of single queries");
    }

    /** A checksum of every query's hits, in batches of 1 to 40 queries. */
    private static long run(FenceQuery q, float[][] polygons, int[] ends, int[] hits) {
        long sum = 0;
        int from = 0;
        int size = 1;
        while (from < polygons.length) {
            int count = Math.min(size, polygons.length - from);
            int a = q.intersecting(polygons, from, count, 0f, ends, hits);
            if (a != count) {
                throw new IllegalStateException("answered " + a + " of " + count);
            }
            int start = 0;
            for (int i = 0; i < count; i++) {
                sum = sum * 7 + (ends[i] - start);
                for (int k = start; k < ends[i]; k++) {
                    sum = sum * 31 + hits[k];
                }
                start = ends[i];
            }
            from += count;
            size = size % 40 + 1;
        }
        return sum;
    }
}
