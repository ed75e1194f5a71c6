package dev.sepax;

import dev.sepax.internal.SimdSupport;

import java.util.concurrent.CountDownLatch;
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
 * The facade kernel's first call starts a daemon thread ({@code sepax-simd-warm-up-<kernel>},
 * which ends with the warm-up; one warms at a time) that waits {@link #START_DELAY_MILLIS}
 * (or until {@link Sepax#warmUp()} asks), checks that SIMD can run here, loads the SIMD kernel,
 * and runs both kernels on a private {@link SyntheticScene} in alternation. The delay keeps the
 * caller's first second as fast as the scalar kernel alone: by then the JIT has compiled the
 * scalar kernel, so the Vector API's class loading and its long C2 compiles neither queue in front
 * of it nor take a busy machine's cores from it; loading the Vector API off the caller's thread
 * keeps its class initialisation out of the caller's first frame. Once the SIMD kernel beats the
 * scalar one in {@link #WINS} rounds in a row, each against the scalar time of the same round
 * (neighbours in time, so a busy machine's load falls on both alike), and in the sum over the last
 * {@link #WINDOW} rounds, after at least {@link #MIN_ROUNDS} rounds (the thread idles twice as
 * long as each round took, so that it takes at most a third of a core from callers), one volatile
 * write makes every later call go to it. If it has not won once its best time stops improving
 * ({@link #STALL_ROUNDS} compiled rounds, rounds that allocate at most {@link
 * #COMPILED_ROUND_BYTES}, without a gain of {@link #STALL_GAIN}: compiled, and not faster here),
 * the scalar kernel stays, with one {@code INFO} line. A warm-up that reaches {@link
 * #MAX_WARM_NANOS} undecided (on a busy machine C2 may not have compiled the SIMD kernel yet)
 * releases {@link #awaitSettled()}'s waiters with the scalar kernel serving and runs again after
 * {@link #RETRY_DELAY_MILLIS}, up to {@link #RETRIES} times, each with an {@code INFO} line;
 * a later win still switches every call to SIMD. If SIMD cannot run after
 * all, the scalar kernel stays with the usual {@code WARNING}; if the two kernels ever disagree on
 * the synthetic batch, or the SIMD kernel throws, it stays with a {@code WARNING} of its own.
 * Callers are never blocked and nothing is allocated per call: a call costs one volatile read and
 * one plain read more than the kernel itself.
 */
abstract class SwitchingKernel<K> implements Runnable {
    /** Rounds before the SIMD kernel may win: enough for the scalar kernel to reach C2. */
    static final int MIN_ROUNDS = 10;
    /** Consecutive rounds the SIMD kernel must beat the scalar time of the same round. */
    static final int WINS = 3;
    /** Rounds whose summed SIMD time must also be below their summed scalar time. */
    static final int WINDOW = 8;
    /** Longest warm-up before giving up and keeping the scalar kernel. */
    static final long MAX_WARM_NANOS = TimeUnit.SECONDS.toNanos(10);
    /**
     * Rounds without a new best SIMD time (better by more than {@link #STALL_GAIN}) after which a
     * SIMD kernel that still does not win is taken as compiled and not faster here: the warm-up
     * settles on the scalar kernel without waiting for {@link #MAX_WARM_NANOS}.
     */
    static final int STALL_ROUNDS = 40;
    /** The improvement of the best SIMD time that counts as still warming: 2 %. */
    static final double STALL_GAIN = 0.02;
    /**
     * Bytes a SIMD round may allocate and still count as compiled code: C2-compiled Vector API
     * code allocates nothing, while in the interpreter or C1 every vector operation boxes
     * (hundreds of kilobytes per synthetic round). The round's own checksum allocates nothing.
     */
    static final long COMPILED_ROUND_BYTES = 1024;
    /**
     * How long after the first call the warm-up waits before it starts, unless
     * {@link Sepax#warmUp()} asks for it: the caller's scalar kernel is compiled by then, so the
     * Vector API's class loading and C2 compiles do not queue in front of it, and a busy machine's
     * first second goes to the caller.
     */
    static final long START_DELAY_MILLIS = 1000;
    /** Longest pause between warm-up rounds. */
    static final long MAX_IDLE_NANOS = TimeUnit.MILLISECONDS.toNanos(50);
    /**
     * Pause before another warm-up when one reached {@link #MAX_WARM_NANOS} undecided (the SIMD
     * kernel neither won nor settled as compiled and flat: on a busy machine C2 may not have
     * compiled it yet). A decision taken then would last for the JVM's life on the evidence of
     * its busiest seconds.
     */
    static final long RETRY_DELAY_MILLIS = 30_000;
    /** Further warm-ups after an undecided one, before the scalar kernel stays for good. */
    static final int RETRIES = 2;

    /** One warm-up at a time, whichever facade kernel it is for. */
    private static final Object WARMING = new Object();

    final K scalar;
    private final String simdClass;
    private final Class<K> type;
    /** The SIMD kernel once the warm-up thread has loaded it (others read it after {@link #settled}). */
    K simd;
    /** The kernel every call runs: {@link #scalar} until the warm-up switches to {@link #simd}. */
    volatile K current;
    /** The SIMD kernel's name ({@code simd}, {@code simd-exact}); the scalar one's once SIMD turns out unavailable. */
    private volatile String name;
    private final String scalarName;
    /** Set once the warm-up is queued; a plain read on every call, a CAS only the first time. */
    private boolean started;
    private final java.util.concurrent.atomic.AtomicBoolean queued = new java.util.concurrent.atomic.AtomicBoolean();
    private final CountDownLatch settled = new CountDownLatch(1);
    /** Released by {@link #awaitSettled()}: start now instead of after {@link #START_DELAY_MILLIS}. */
    private final CountDownLatch urgent = new CountDownLatch(1);
    private final String what;
    private final String threadName;
    /** {@link #MAX_WARM_NANOS}; shorter in tests, set before the warm-up starts. */
    long maxWarmNanos = MAX_WARM_NANOS;
    /** {@link #RETRY_DELAY_MILLIS}; shorter in tests, set before the warm-up starts. */
    long retryDelayMillis = RETRY_DELAY_MILLIS;
    /** Warm-ups run so far (for tests). */
    volatile int attempts;
    /** Made for a forced warm-up ({@code -Dsepax.kernel=simd}): its outcome changes nothing served. */
    private final boolean forced;

    /**
     * Serves {@code scalar} until the warm-up has loaded and warmed {@code simdClass} (its
     * {@code INSTANCE}), or {@code simd} when not null (a forced warm-up, see {@link Sepax#warmUp()}).
     */
    SwitchingKernel(String what, String threadName, K scalar, String simdClass, Class<K> type, K simd) {
        this(what, threadName, scalar, simdClass, type, simd, "simd", "scalar");
    }

    /** As above, for kernels whose names are not {@code simd} and {@code scalar}. */
    SwitchingKernel(String what, String threadName, K scalar, String simdClass, Class<K> type, K simd,
                    String simdName, String scalarName) {
        this.name = simdName;
        this.scalarName = scalarName;
        this.what = what;
        this.threadName = threadName;
        this.scalar = scalar;
        this.simdClass = simdClass;
        this.type = type;
        this.simd = simd;
        this.forced = simd != null;
        this.current = scalar;
    }

    /**
     * What a warm-up that does not switch leaves serving, for its log line: the scalar kernel,
     * or for a forced warm-up (its result is not used: the facade serves the forced SIMD kernel)
     * the SIMD one.
     */
    private String kept() {
        return forced ? "-D" + SimdSupport.PROPERTY + "=simd serves the SIMD kernel anyway" : "keeping the scalar kernel";
    }

    /** The name of the kernel this one settles on. */
    final String settledName() {
        return name;
    }

    /** This JVM's per-thread allocation counter, or null where it has none (then no stall rule). */
    private static com.sun.management.ThreadMXBean allocationCounter() {
        try {
            if (java.lang.management.ManagementFactory.getThreadMXBean()
                    instanceof com.sun.management.ThreadMXBean t && t.isThreadAllocatedMemorySupported()) {
                t.setThreadAllocatedMemoryEnabled(true);
                return t;
            }
        } catch (RuntimeException | LinkageError e) {
            // no counter: the warm-up runs until the SIMD kernel wins or the cap
        }
        return null;
    }

    /** Bytes this thread has allocated, or -1 without a counter. */
    private static long allocated(com.sun.management.ThreadMXBean counter) {
        return counter == null ? -1 : counter.getCurrentThreadAllocatedBytes();
    }

    /** Whether the warm-up has not settled yet (for tests). */
    final boolean isUnsettled() {
        return settled.getCount() > 0;
    }

    /** Called after every call: queues the warm-up the first time. */
    final void called() {
        if (!started) {
            startWarmUp();
        }
    }

    /** Starts the warm-up on a daemon thread, once; returns at once. */
    final void startWarmUp() {
        started = true;
        if (queued.compareAndSet(false, true)) {
            // No string concatenation on this path: its first use bootstraps invokedynamic,
            // tens of milliseconds in a cold JVM, inside the caller's first call.
            Thread t = new Thread(this, threadName);
            t.setDaemon(true);
            t.setPriority(Thread.MIN_PRIORITY);
            t.start();
        }
    }

    /**
     * The warm-up thread's body: one warm-up at a time across the facade kernels, and up to
     * {@link #RETRIES} more, {@link #RETRY_DELAY_MILLIS} apart, while they end undecided.
     */
    @Override
    public final void run() {
        try {
            urgent.await(START_DELAY_MILLIS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            settled.countDown();
            return;
        }
        boolean undecided;
        synchronized (WARMING) {
            undecided = warmUp(0);
        }
        for (int retry = 1; undecided && retry <= RETRIES; retry++) {
            try {
                Thread.sleep(retryDelayMillis);
            } catch (InterruptedException e) {
                return; // the warm-up thread only; the scalar kernel stays
            }
            synchronized (WARMING) {
                undecided = warmUp(retry);
            }
        }
    }

    /**
     * Waits until the warm-up has settled (switched or given up); true if the SIMD kernel serves.
     * An interrupt ends the wait early, with the interrupt status set again.
     */
    final boolean awaitSettled() {
        urgent.countDown();
        startWarmUp();
        try {
            settled.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return simd != null && current == simd;
    }

    /**
     * Runs the synthetic batch, round {@code round} (rounds vary the ranges, tolerances and
     * caches so that every branch of the kernels is profiled), on {@code kernel} with its own
     * output buffers ({@code slot} 0 scalar, 1 SIMD), and returns a checksum of every output bit.
     */
    abstract long runRound(K kernel, int slot, int round);

    /** The warm-up loop (see class doc), as the only attempt: a forced-SIMD warm-up runs it. */
    final void warmUp() {
        warmUp(RETRIES);
    }

    /**
     * Warm-up number {@code retry} (0 for the first; see class doc). Returns true if it reached
     * the time cap undecided and more attempts are left: the scalar kernel serves meanwhile.
     * Releases {@link #awaitSettled()}'s waiters when it returns, whatever the outcome.
     */
    private boolean warmUp(int retry) {
        attempts++;
        try {
            if (simd == null) {
                String unavailable = SimdSupport.unavailableReason();
                if (unavailable != null) {
                    // Warned once per JVM by SimdSupport when the reason was found.
                    name = scalarName;
                    return false;
                }
                simd = SimdSupport.simdKernel(simdClass, type);
            }
            long start = System.nanoTime();
            long bestScalar = Long.MAX_VALUE;
            long bestSimd = Long.MAX_VALUE;
            int sinceSimdGain = 0;
            com.sun.management.ThreadMXBean allocation = allocationCounter();
            int wins = 0;
            long[] recentScalar = new long[WINDOW];
            long[] recentSimd = new long[WINDOW];
            long windowScalar = 0;
            long windowSimd = 0;
            for (int round = 0; ; round++) {
                long t0 = System.nanoTime();
                long a = runRound(scalar, 0, round);
                long bytes0 = allocated(allocation);
                long t1 = System.nanoTime();
                long b = runRound(simd, 1, round);
                long t2 = System.nanoTime();
                long simdBytes = bytes0 < 0 ? -1 : allocated(allocation) - bytes0;
                if (a != b) {
                    SimdSupport.log().log(System.Logger.Level.WARNING, "sepax: the SIMD " + what
                            + " kernel disagreed with the scalar one on the warm-up batch (round " + round
                            + "); " + kept() + ". Please report this.");
                    return false;
                }
                bestScalar = Math.min(bestScalar, t1 - t0);
                windowScalar += (t1 - t0) - recentScalar[round % WINDOW];
                windowSimd += (t2 - t1) - recentSimd[round % WINDOW];
                recentScalar[round % WINDOW] = t1 - t0;
                recentSimd[round % WINDOW] = t2 - t1;
                wins = round >= MIN_ROUNDS && t2 - t1 < t1 - t0 ? wins + 1 : 0;
                if (wins >= WINS && windowSimd < windowScalar) {
                    current = simd;
                    return false;
                }
                // A SIMD kernel that runs compiled (it allocates nothing) and whose best time has
                // stopped improving is done warming: if it has not won by then, more rounds only
                // keep a caller of Sepax.warmUp() waiting. Rounds while it still boxes (C2 may be
                // seconds away on a busy machine, with a flat C1 time meanwhile) never count.
                if (simdBytes < 0 || simdBytes > COMPILED_ROUND_BYTES || t2 - t1 < bestSimd * (1 - STALL_GAIN)) {
                    sinceSimdGain = 0;
                } else if (++sinceSimdGain >= STALL_ROUNDS && round >= MIN_ROUNDS) {
                    SimdSupport.log().log(System.Logger.Level.INFO, "sepax: the SIMD " + what + " kernel was not"
                            + " faster than the scalar one once compiled (" + round + " warm-up rounds);"
                            + " " + kept());
                    return false;
                }
                bestSimd = Math.min(bestSimd, t2 - t1);
                // Idle twice as long as the round took: the thread uses at most a third of a core
                // while C2 compiles (the compile runs on the JIT's own thread), so that callers
                // on a busy machine lose little to the warm-up. Not when a caller waits for it in
                // awaitSettled (Sepax.warmUp): then idling only makes the caller wait longer.
                if (urgent.getCount() > 0) {
                    long idle = Math.min(2 * (t2 - t0), MAX_IDLE_NANOS);
                    Thread.sleep(idle / 1_000_000, (int) (idle % 1_000_000));
                }
                if (t2 - start > maxWarmNanos) {
                    long seconds = TimeUnit.NANOSECONDS.toSeconds(maxWarmNanos);
                    if (retry < RETRIES) {
                        SimdSupport.log().log(System.Logger.Level.INFO, "sepax: the SIMD " + what + " kernel was"
                                + " still undecided after " + seconds + " s of warm-up (not yet compiled, or still"
                                + " getting faster); serving the scalar kernel and warming again in "
                                + TimeUnit.MILLISECONDS.toSeconds(retryDelayMillis) + " s");
                        return true;
                    }
                    SimdSupport.log().log(System.Logger.Level.INFO, "sepax: the SIMD " + what + " kernel was not"
                            + " faster than the scalar one after " + attempts + (attempts == 1 ? " warm-up" : " warm-ups")
                            + " of " + seconds + " s; " + kept());
                    return false;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // the warm-up thread only; the scalar kernel stays
            return false;
        } catch (RuntimeException | LinkageError | OutOfMemoryError e) {
            SimdSupport.log().log(System.Logger.Level.WARNING, "sepax: warming up the SIMD " + what
                    + " kernel failed; " + kept(), e);
            return false;
        } finally {
            settled.countDown();
        }
    }
}
