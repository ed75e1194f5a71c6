package dev.sepax;

import dev.sepax.internal.SimdSupport;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * A facade kernel that serves the scalar reference kernel until the SIMD kernel is compiled, then
 * the SIMD kernel. Both return the same bits, so the switch is invisible except in speed.
 *
 * <h2>Why</h2>
 * Until C2 has compiled the Vector API code, the SIMD kernels run in the interpreter or in C1,
 * where every vector operation boxes: 5 to 25 times slower than the scalar kernel. A caller whose
 * first frames ran on them would pay that at start-up. The scalar kernel compiles within a few
 * batches and is never that slow.
 *
 * <h2>How</h2>
 * On first use a daemon thread ({@code sepax-simd-warm-up}, one for all facade kernels, which
 * ends when idle) runs both kernels on a private {@link SyntheticScene} in alternation. Once the
 * SIMD kernel beats the best scalar time {@link #WINS} rounds in a row, after at least
 * {@link #MIN_ROUNDS} rounds, one volatile write makes every later call go to it. If it never
 * does within {@link #MAX_WARM_NANOS} (a machine where it is not faster), the scalar kernel stays,
 * with one {@code INFO} line. If the two kernels ever disagree on the synthetic batch, or the
 * SIMD kernel throws, the scalar kernel stays with one {@code WARNING}. Callers are never blocked
 * and nothing is allocated per call: a call costs one volatile read more than the kernel itself.
 */
abstract class SwitchingKernel<K> {
    /** Rounds before the SIMD kernel may win: enough for the scalar kernel to reach C2. */
    static final int MIN_ROUNDS = 10;
    /** Consecutive rounds the SIMD kernel must beat the best scalar time. */
    static final int WINS = 3;
    /** Longest warm-up before giving up and keeping the scalar kernel. */
    static final long MAX_WARM_NANOS = TimeUnit.SECONDS.toNanos(10);

    private static final ThreadPoolExecutor WARM_UP = new ThreadPoolExecutor(0, 1, 1, TimeUnit.SECONDS,
            new LinkedBlockingQueue<>(), r -> {
                Thread t = new Thread(r, "sepax-simd-warm-up");
                t.setDaemon(true);
                t.setPriority(Thread.MIN_PRIORITY);
                return t;
            });

    final K scalar;
    final K simd;
    /** The kernel every call runs: {@link #scalar} until the warm-up switches to {@link #simd}. */
    volatile K current;
    private final CountDownLatch settled = new CountDownLatch(1);
    private final String what;

    SwitchingKernel(String what, K scalar, K simd) {
        this.what = what;
        this.scalar = scalar;
        this.simd = simd;
        this.current = scalar;
    }

    /** Queues the warm-up on the shared daemon thread; returns at once. */
    final void startWarmUp() {
        WARM_UP.execute(this::warmUp);
    }

    /**
     * Waits until the warm-up has settled (switched or given up); true if the SIMD kernel serves.
     * An interrupt ends the wait early, with the interrupt status set again.
     */
    final boolean awaitSettled() {
        try {
            settled.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return current == simd;
    }

    /**
     * Runs the synthetic batch, round {@code round} (rounds vary the ranges, tolerances and
     * caches so that every branch of the kernels is profiled), on {@code kernel} with its own
     * output buffers ({@code slot} 0 scalar, 1 SIMD), and returns a checksum of every output bit.
     */
    abstract long runRound(K kernel, int slot, int round);

    /** The warm-up loop (see class doc). Package-private so that a forced-SIMD warm-up can run it. */
    final void warmUp() {
        try {
            long start = System.nanoTime();
            long bestScalar = Long.MAX_VALUE;
            int wins = 0;
            for (int round = 0; ; round++) {
                long t0 = System.nanoTime();
                long a = runRound(scalar, 0, round);
                long t1 = System.nanoTime();
                long b = runRound(simd, 1, round);
                long t2 = System.nanoTime();
                if (a != b) {
                    SimdSupport.LOG.log(System.Logger.Level.WARNING, "sepax: the SIMD " + what
                            + " kernel disagreed with the scalar one on the warm-up batch (round " + round
                            + "); keeping the scalar kernel. Please report this.");
                    return;
                }
                bestScalar = Math.min(bestScalar, t1 - t0);
                wins = round >= MIN_ROUNDS && t2 - t1 < bestScalar ? wins + 1 : 0;
                if (wins >= WINS) {
                    current = simd;
                    return;
                }
                if (t2 - start > MAX_WARM_NANOS) {
                    SimdSupport.LOG.log(System.Logger.Level.INFO, "sepax: the SIMD " + what + " kernel was not"
                            + " faster than the scalar one after " + TimeUnit.NANOSECONDS.toSeconds(MAX_WARM_NANOS)
                            + " s of warm-up; keeping the scalar kernel");
                    return;
                }
            }
        } catch (RuntimeException | LinkageError | OutOfMemoryError e) {
            SimdSupport.LOG.log(System.Logger.Level.WARNING, "sepax: warming up the SIMD " + what
                    + " kernel failed; keeping the scalar kernel", e);
        } finally {
            settled.countDown();
        }
    }
}
