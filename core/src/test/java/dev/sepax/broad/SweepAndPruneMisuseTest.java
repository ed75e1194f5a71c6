package dev.sepax.broad;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sepax.batch.PairBatch;
import dev.sepax.shape.ConvexPolygons;
import dev.sepax.testing.TestScenes;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * One {@link SweepAndPrune} shared by racing threads: each call returns exactly the pairs of a
 * private instance or throws {@link IllegalStateException} naming the class and the rule.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class SweepAndPruneMisuseTest {
    private static Set<Long> pairSet(PairBatch p) {
        Set<Long> s = new HashSet<>();
        for (int i = 0; i < p.size(); i++) {
            s.add(((long) p.shapeA(i) << 32) | p.shapeB(i));
        }
        return s;
    }

    @Test
    void racingCallersGetTheRightPairsOrAreRefused() throws Exception {
        int threads = 4;
        List<ConvexPolygons> stores = new ArrayList<>();
        List<Set<Long>> expected = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            ConvexPolygons s = TestScenes.mixed(100 + t, 20_000 + 1000 * t, 300);
            PairBatch p = new PairBatch(s, 0);
            new SweepAndPrune().findPairs(s, 0.1f, p);
            stores.add(s);
            expected.add(pairSet(p));
        }
        SweepAndPrune shared = new SweepAndPrune();
        AtomicInteger right = new AtomicInteger();
        AtomicInteger refused = new AtomicInteger();
        List<Object> wrong = java.util.Collections.synchronizedList(new ArrayList<>());
        for (int round = 0; round < 50 && refused.get() == 0; round++) {
            CyclicBarrier start = new CyclicBarrier(threads);
            List<Thread> ts = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int me = t;
                ts.add(new Thread(() -> {
                    ConvexPolygons s = stores.get(me);
                    PairBatch out = new PairBatch(s, 0);
                    try {
                        start.await();
                        shared.findPairs(s, 0.1f, out);
                        if (pairSet(out).equals(expected.get(me))) {
                            right.incrementAndGet();
                        } else {
                            wrong.add("store " + me + ": wrong pairs");
                        }
                    } catch (IllegalStateException e) {
                        if (e.getMessage().startsWith("SweepAndPrune: one caller at a time")) {
                            refused.incrementAndGet();
                        } else {
                            wrong.add(e);
                        }
                    } catch (Throwable e) {
                        wrong.add(e);
                    }
                }));
            }
            ts.forEach(Thread::start);
            for (Thread t : ts) {
                t.join(60_000);
            }
        }
        assertEquals(List.of(), wrong);
        assertTrue(refused.get() > 0, "the calls never overlapped, so nothing was tested");
        assertTrue(right.get() > 0);
    }
}
