package dev.sepax.query;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.narrow.SatKernel;
import dev.sepax.narrow.ScalarSat;
import dev.sepax.shape.ConvexPolygons;
import dev.sepax.testing.TestScenes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * One {@link OneVsMany} shared by several threads: every call either returns exactly the right
 * hits or throws {@link IllegalStateException} naming the class and the rule, never a wrong count
 * or an index error.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class OneVsManyMisuseTest {
    /** ScalarSat that holds every batch call until all callers have started one. */
    private static final class RendezvousKernel implements SatKernel {
        final CountDownLatch arrived;

        RendezvousKernel(int callers) {
            arrived = new CountDownLatch(callers);
        }

        @Override
        public String name() {
            return "rendezvous";
        }

        @Override
        public boolean intersects(ConvexPolygons shapes, int a, int b, float tolerance) {
            return ScalarSat.INSTANCE.intersects(shapes, a, b, tolerance);
        }

        @Override
        public int test(ConvexPolygons shapes, PairBatch pairs, int from, int to, float tolerance,
                        OverlapBits out, int[] axisCache) {
            arrived.countDown();
            try {
                arrived.await(200, TimeUnit.MILLISECONDS); // the others arrive or are refused meanwhile
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return ScalarSat.INSTANCE.test(shapes, pairs, from, to, tolerance, out, axisCache);
        }
    }

    @Test
    void sharedByEightThreadsEveryCallIsRightOrRefused() throws Exception {
        int n = 2000;
        ConvexPolygons s = TestScenes.mixed(11, n, 40);
        int threads = 8;
        OneVsMany shared = new OneVsMany(new RendezvousKernel(threads));
        AtomicInteger right = new AtomicInteger();
        AtomicInteger refused = new AtomicInteger();
        List<Throwable> wrong = java.util.Collections.synchronizedList(new ArrayList<>());
        List<Thread> ts = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int query = t * 37;
            ts.add(new Thread(() -> {
                int[] expected = IntStream.range(0, n)
                        .filter(i -> i != query && ScalarSat.INSTANCE.intersects(s, query, i, 0f)).toArray();
                int[] hits = new int[n];
                for (int round = 0; round < 5; round++) {
                    try {
                        int count = shared.query(s, query, 0f, hits);
                        if (Arrays.equals(expected, Arrays.copyOf(hits, count))) {
                            right.incrementAndGet();
                        } else {
                            wrong.add(new AssertionError("query=" + query + ": wrong hits"));
                        }
                    } catch (IllegalStateException e) {
                        if (e.getMessage().startsWith("OneVsMany: one caller at a time")) {
                            refused.incrementAndGet();
                        } else {
                            wrong.add(e);
                        }
                    } catch (Throwable e) {
                        wrong.add(e);
                    }
                }
            }, "caller-" + t));
        }
        ts.forEach(Thread::start);
        for (Thread t : ts) {
            t.join(60_000);
        }
        assertEquals(List.of(), wrong);
        assertEquals(threads * 5, right.get() + refused.get());
        assertTrue(refused.get() > 0, "the calls never overlapped, so nothing was tested");
        assertTrue(right.get() > 0);
    }

    @Test
    void callsFromThreadsOneAfterAnotherAreFine() throws Exception {
        ConvexPolygons s = TestScenes.mixed(12, 300, 20);
        OneVsMany shared = new OneVsMany(ScalarSat.INSTANCE);
        int[][] got = new int[4][];
        for (int t = 0; t < 4; t++) {
            int q = t;
            Thread th = new Thread(() -> {
                int[] hits = new int[300];
                got[q] = Arrays.copyOf(hits, shared.query(s, q, 0f, hits));
            });
            th.start();
            th.join(60_000);
            int[] expected = IntStream.range(0, 300)
                    .filter(i -> i != q && ScalarSat.INSTANCE.intersects(s, q, i, 0f)).toArray();
            assertArrayEquals(expected, got[q]);
        }
    }
}
