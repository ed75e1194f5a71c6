package dev.sepax;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.narrow.SatKernel;
import dev.sepax.narrow.ScalarSat;
import dev.sepax.shape.ConvexPolygons;
import dev.sepax.testing.TestScenes;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The facade's switch from the scalar kernel to a warm SIMD kernel, with stand-in kernels so that
 * it runs without the Vector API: it switches only to a kernel that agrees and is faster, never
 * to one that disagrees or throws, and callers racing the switch see the scalar kernel's results.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class SwitchingKernelTest {
    /** ScalarSat, slowed by a sleep per batch: the "scalar" side a real SIMD kernel would beat. */
    private static final SatKernel SLOW_SCALAR = new Delegating(ScalarSat.INSTANCE) {
        @Override
        public int test(ConvexPolygons shapes, PairBatch pairs, int from, int to, float tolerance, OverlapBits out,
                        int[] axisCache) {
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return super.test(shapes, pairs, from, to, tolerance, out, axisCache);
        }
    };

    private static class Delegating implements SatKernel {
        final SatKernel inner;

        Delegating(SatKernel inner) {
            this.inner = inner;
        }

        @Override
        public String name() {
            return "simd";
        }

        @Override
        public boolean intersects(ConvexPolygons shapes, int a, int b, float tolerance) {
            return inner.intersects(shapes, a, b, tolerance);
        }

        @Override
        public int test(ConvexPolygons shapes, PairBatch pairs, int from, int to, float tolerance, OverlapBits out,
                        int[] axisCache) {
            return inner.test(shapes, pairs, from, to, tolerance, out, axisCache);
        }
    }

    @Test
    void aFasterAgreeingKernelIsSwitchedToWhileCallersSeeTheSameResults() throws Exception {
        SatKernel fast = new Delegating(ScalarSat.INSTANCE);
        SwitchingSat k = new SwitchingSat(SLOW_SCALAR, fast);
        assertSame(SLOW_SCALAR, k.current, "serves the scalar kernel until warm");
        ConvexPolygons s = TestScenes.mixed(3, 400, 30);
        PairBatch pairs = TestScenes.bruteForcePairs(s, 0.5f);
        OverlapBits expected = new OverlapBits(pairs.size());
        int expectedHits = ScalarSat.INSTANCE.test(s, pairs, 0f, expected);
        AtomicBoolean stop = new AtomicBoolean();
        AtomicInteger calls = new AtomicInteger();
        List<Throwable> wrong = java.util.Collections.synchronizedList(new ArrayList<>());
        List<Thread> callers = new ArrayList<>();
        for (int t = 0; t < 2; t++) {
            Thread th = new Thread(() -> {
                OverlapBits got = new OverlapBits(pairs.size());
                while (!stop.get()) {
                    int hits = k.test(s, pairs, 0, pairs.size(), 0f, got, null);
                    if (hits != expectedHits || expected.firstDifference(got, pairs.size()) != -1) {
                        wrong.add(new AssertionError("hits=" + hits));
                    }
                    calls.incrementAndGet();
                }
            });
            th.start();
            callers.add(th);
        }
        assertTrue(k.awaitSettled(), "switched to the faster kernel");
        assertSame(fast, k.current);
        int before = calls.get();
        while (calls.get() < before + 4) {
            Thread.sleep(5);
        }
        stop.set(true);
        for (Thread th : callers) {
            th.join(60_000);
        }
        assertEquals(List.of(), wrong);
        assertEquals("simd", k.name());
    }

    /** {@code inner}, after parking the thread for {@code nanos} per batch. */
    private static SatKernel parked(SatKernel inner, long nanos) {
        return new Delegating(inner) {
            @Override
            public int test(ConvexPolygons shapes, PairBatch pairs, int from, int to, float tolerance,
                            OverlapBits out, int[] axisCache) {
                java.util.concurrent.locks.LockSupport.parkNanos(nanos);
                return super.test(shapes, pairs, from, to, tolerance, out, axisCache);
            }
        };
    }

    @Test
    void aCompiledKernelThatIsNotFasterSettlesOnTheScalarOneWithoutWaitingForTheCap() {
        // Both steady from the first round, the "SIMD" side six times as slow: never winning, its
        // best time flat. A park overshoots by several milliseconds when every core is busy, enough
        // for a stand-in only three times as slow to win three rounds in a row and the window. The
        // warm-up must give up on the stall rule, long before the 10 s cap: 50 rounds of about 14 ms.
        SatKernel scalar = parked(ScalarSat.INSTANCE, 2_000_000);
        SatKernel slower = parked(ScalarSat.INSTANCE, 12_000_000);
        SwitchingSat k = new SwitchingSat(scalar, slower);
        long t0 = System.nanoTime();
        assertFalse(k.awaitSettled());
        long took = System.nanoTime() - t0;
        assertSame(scalar, k.current);
        assertTrue(took < SwitchingKernel.MAX_WARM_NANOS, "settled by the stall rule, took " + took + " ns");
    }

    @Test
    void roundsThatAllocateAreTakenAsStillCompilingAndNeverEndTheWarmUpEarly() {
        // Flat and slower like the kernel above, but boxing like uncompiled vector code (it
        // allocates 64 KB per round): the stall rule must not count its rounds. Three times the
        // scalar stand-in's 2 ms, so that a park overshooting by a millisecond or more on a loaded
        // machine cannot let it win three rounds in a row (at 2.5 ms it did, in CI). Watched for
        // the rounds the stall rule needs twice over, the warm-up has not given up.
        SatKernel scalar = parked(ScalarSat.INSTANCE, 2_000_000);
        SatKernel boxing = new Delegating(parked(ScalarSat.INSTANCE, 6_000_000)) {
            @Override
            public int test(ConvexPolygons shapes, PairBatch pairs, int from, int to, float tolerance,
                            OverlapBits out, int[] axisCache) {
                sink = new byte[65536];
                return super.test(shapes, pairs, from, to, tolerance, out, axisCache);
            }
        };
        SwitchingSat k = new SwitchingSat(scalar, boxing);
        // The start delay, then MIN_ROUNDS + 2 * STALL_ROUNDS rounds of about 8 ms and 16 ms of idling.
        long watch = TimeUnit.MILLISECONDS.toNanos(SwitchingKernel.START_DELAY_MILLIS)
                + (SwitchingKernel.MIN_ROUNDS + 2L * SwitchingKernel.STALL_ROUNDS) * TimeUnit.MILLISECONDS.toNanos(24);
        // Its cap a second after the watch ends (the start delay comes on top), and no retry
        // within the run: one warm-up runs at a time, so one left going would hold up the
        // warm-ups of the tests after this one.
        k.maxWarmNanos = watch + TimeUnit.SECONDS.toNanos(1);
        k.retryDelayMillis = TimeUnit.HOURS.toMillis(1);
        k.startWarmUp();
        java.util.concurrent.locks.LockSupport.parkNanos(watch);
        assertSame(scalar, k.current);
        assertTrue(k.isUnsettled(), "a kernel that still allocates was given up on the stall rule");
    }

    /** Keeps the boxing stand-in's allocations from being optimised away. */
    static volatile byte[] sink;

    /**
     * A stand-in for vector code that C2 has not compiled yet while {@code compiled} says so:
     * slower than {@code scalar} and boxing (64 KB per round); then faster and allocation-free.
     */
    private static SatKernel compilingUntil(java.util.function.BooleanSupplier compiled) {
        // Three times the scalar stand-in's 2 ms while compiling: a park overshoots by a
        // millisecond or more on a loaded machine, which must not let it win a round.
        SatKernel boxing = parked(ScalarSat.INSTANCE, 6_000_000);
        SatKernel fast = parked(ScalarSat.INSTANCE, 1_000_000);
        return new Delegating(ScalarSat.INSTANCE) {
            @Override
            public int test(ConvexPolygons shapes, PairBatch pairs, int from, int to, float tolerance,
                            OverlapBits out, int[] axisCache) {
                if (compiled.getAsBoolean()) {
                    return fast.test(shapes, pairs, from, to, tolerance, out, axisCache);
                }
                sink = new byte[65536];
                return boxing.test(shapes, pairs, from, to, tolerance, out, axisCache);
            }
        };
    }

    @Test
    void anUndecidedWarmUpReleasesItsWaitersAndALaterOneSwitches() {
        // The kernel is "compiled" only from the second warm-up on: the first reaches its
        // (shortened) cap undecided, so awaitSettled returns with the scalar kernel serving, and
        // the retry, after its (shortened) delay, finds the kernel faster and switches.
        SatKernel scalar = parked(ScalarSat.INSTANCE, 2_000_000);
        SwitchingSat[] k = new SwitchingSat[1];
        SatKernel simd = compilingUntil(() -> k[0].attempts >= 2);
        k[0] = new SwitchingSat(scalar, simd);
        k[0].maxWarmNanos = TimeUnit.MILLISECONDS.toNanos(400);
        k[0].retryDelayMillis = 100;
        assertFalse(k[0].awaitSettled(), "the first warm-up ends undecided");
        assertSame(scalar, k[0].current);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (k[0].current != simd && System.nanoTime() < deadline) {
            java.util.concurrent.locks.LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(10));
        }
        assertSame(simd, k[0].current, "a later warm-up switched to the SIMD kernel");
        assertEquals(2, k[0].attempts);
        assertTrue(k[0].awaitSettled());
    }

    @Test
    void warmUpsThatStayUndecidedEndAfterTheRetriesOnTheScalarKernel() {
        SatKernel scalar = parked(ScalarSat.INSTANCE, 2_000_000);
        SwitchingSat k = new SwitchingSat(scalar, compilingUntil(() -> false));
        k.maxWarmNanos = TimeUnit.MILLISECONDS.toNanos(200);
        k.retryDelayMillis = 50;
        assertFalse(k.awaitSettled());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (k.attempts < 1 + SwitchingKernel.RETRIES && System.nanoTime() < deadline) {
            java.util.concurrent.locks.LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(10));
        }
        assertEquals(1 + SwitchingKernel.RETRIES, k.attempts, "every retry ran");
        // Long enough for one more warm-up to start if the thread went on.
        java.util.concurrent.locks.LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(200 + 3 * 50));
        assertEquals(1 + SwitchingKernel.RETRIES, k.attempts, "no warm-up after the last retry");
        assertSame(scalar, k.current);
    }

    @Test
    void aKernelThatDisagreesIsNeverSwitchedTo() {
        // The disagreeing kernel is faster than the (slowed) scalar one, so that the speed rules
        // alone would switch to it: only the disagreement check can keep the scalar kernel. It
        // counts its rounds (one batch call each) to show which rule ended the warm-up.
        AtomicInteger rounds = new AtomicInteger();
        SatKernel flipped = new Delegating(ScalarSat.INSTANCE) {
            @Override
            public boolean intersects(ConvexPolygons shapes, int a, int b, float tolerance) {
                return !super.intersects(shapes, a, b, tolerance);
            }

            @Override
            public int test(ConvexPolygons shapes, PairBatch pairs, int from, int to, float tolerance,
                            OverlapBits out, int[] axisCache) {
                rounds.incrementAndGet();
                return super.test(shapes, pairs, from, to, tolerance, out, axisCache);
            }
        };
        SwitchingSat k = new SwitchingSat(SLOW_SCALAR, flipped);
        assertFalse(k.awaitSettled());
        assertSame(SLOW_SCALAR, k.current);
        // Every other exit needs MIN_ROUNDS rounds (a win, the stall rule) or the 10 s cap, which
        // one round of 50 ms cannot reach: ending after round 0 is the disagreement check's.
        assertEquals(1, rounds.get(), "warm-up rounds before it settled");
        assertEquals(1, k.attempts, "settled, not undecided");
    }

    @Test
    void aKernelThatThrowsIsNeverSwitchedTo() {
        SatKernel broken = new Delegating(ScalarSat.INSTANCE) {
            @Override
            public int test(ConvexPolygons shapes, PairBatch pairs, int from, int to, float tolerance,
                            OverlapBits out, int[] axisCache) {
                throw new IllegalStateException("broken");
            }
        };
        SwitchingSat k = new SwitchingSat(ScalarSat.INSTANCE, broken);
        assertFalse(k.awaitSettled());
        assertSame(ScalarSat.INSTANCE, k.current);
    }

    @Test
    void withoutTheVectorModuleTheFacadeIsTheScalarKernelAndWarmUpSaysSo() {
        // This module's tests run without --add-modules jdk.incubator.vector.
        assertSame(ScalarSat.INSTANCE, Sepax.overlap());
        assertFalse(Sepax.warmUp());
    }
}
