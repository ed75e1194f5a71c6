package dev.sepax.parallel;

import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.internal.BatchArguments;
import dev.sepax.internal.SingleCaller;
import dev.sepax.narrow.SatKernel;
import dev.sepax.shape.ConvexPolygons;

import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.locks.LockSupport;

/**
 * Runs one {@link SatKernel} batch on several threads: the pairs are cut into
 * {@code parallelism} contiguous chunks whose starts are multiples of 64, so each chunk writes its
 * own words of the {@link OverlapBits} and the verdicts are exactly those of a single-threaded
 * {@code kernel.test} over the whole batch (same bits, same hit count, same axis-cache entries).
 *
 * <p>The calling thread runs one chunk itself and hands the others to the {@link Executor}
 * (the common {@link ForkJoinPool} by default). When it finishes its own chunk it also runs any
 * chunk the executor has not started yet, so a busy or single-threaded pool delays nothing and
 * a call from inside the pool cannot deadlock. Batches under {@link #MIN_CHUNK} pairs per thread
 * run on the calling thread only.
 *
 * <h2>Threads and allocation</h2>
 * An instance holds the per-chunk task objects and is used by one caller at a time (not
 * reentrant: use one instance per calling thread). A second call that starts while one is
 * running, from another thread or from inside the kernel, throws {@link IllegalStateException}
 * at once and leaves the running call's results intact. Calls from different threads one after
 * another are fine. The kernel and the executor may be shared.
 *
 * <p>An exception a chunk's kernel call throws, or one the executor throws other than
 * {@link RejectedExecutionException} (the caller then runs the chunks it could not hand over), is
 * thrown by the call once every chunk has finished, so no thread still writes into the caller's
 * buffers when the call ends.
 *
 * <p>An interrupt does not abandon the call: the chunks write into the caller's buffers, so the
 * caller waits (parked, not spinning) until every chunk has finished, then returns with its
 * interrupt status set again.
 * Per call it allocates nothing itself; an executor may allocate to queue a task (the
 * {@link ForkJoinPool} wraps each {@code Runnable} in a small task object), i.e. a few objects
 * per call and none per pair.
 */
public final class ParallelSat {
    /** Fewest pairs worth giving a thread of its own (a multiple of 64). */
    public static final int MIN_CHUNK = 1024;

    private final SatKernel kernel;
    private final Executor executor;
    private final Chunk[] chunks;
    /** Per chunk: 0 unclaimed, 1 claimed (by a pool thread or by the caller). */
    private final AtomicIntegerArray claimed;
    private final AtomicInteger pending = new AtomicInteger();
    private final SingleCaller caller = new SingleCaller("ParallelSat");
    private volatile Thread waiter;
    private volatile Throwable failure;

    // Arguments of the current call, published to the chunks by the claim flags' volatile writes.
    private ConvexPolygons shapes;
    private PairBatch pairs;
    private float tolerance;
    private OverlapBits out;
    private int[] axisCache;

    /** Splits over {@code parallelism} threads, the caller plus the common {@link ForkJoinPool}. */
    public ParallelSat(SatKernel kernel, int parallelism) {
        this(kernel, ForkJoinPool.commonPool(), parallelism);
    }

    /**
     * Splits over {@code parallelism} threads: the caller plus tasks on {@code executor}.
     *
     * @throws IllegalArgumentException if an argument is null or {@code parallelism < 1}
     */
    public ParallelSat(SatKernel kernel, Executor executor, int parallelism) {
        if (kernel == null || executor == null) {
            throw new IllegalArgumentException("kernel or executor is null");
        }
        if (parallelism < 1) {
            throw new IllegalArgumentException("parallelism=" + parallelism + ": must be >= 1");
        }
        this.kernel = kernel;
        this.executor = executor;
        this.chunks = new Chunk[parallelism];
        for (int c = 0; c < parallelism; c++) {
            chunks[c] = new Chunk(c);
        }
        this.claimed = new AtomicIntegerArray(parallelism);
    }

    /** The kernel every chunk runs. */
    public SatKernel kernel() {
        return kernel;
    }

    /** The most threads one call uses, the caller included. */
    public int parallelism() {
        return chunks.length;
    }

    /** {@link #test(ConvexPolygons, PairBatch, float, OverlapBits, int[])} without an axis cache. */
    public int test(ConvexPolygons shapes, PairBatch pairs, float tolerance, OverlapBits out) {
        return test(shapes, pairs, tolerance, out, null);
    }

    /**
     * Tests every pair of {@code pairs} as {@link SatKernel#test} does, on up to
     * {@link #parallelism()} threads, and returns the number of intersecting pairs.
     *
     * @throws IllegalArgumentException as {@link SatKernel#test} does for bad arguments
     * @throws IllegalStateException if another call on this instance is running
     */
    public int test(ConvexPolygons shapes, PairBatch pairs, float tolerance, OverlapBits out, int[] axisCache) {
        BatchArguments.check(shapes, pairs, 0, pairs == null ? 0 : pairs.size(), tolerance, out, axisCache);
        caller.enter();
        try {
            return run(shapes, pairs, tolerance, out, axisCache);
        } finally {
            caller.exit();
        }
    }

    private int run(ConvexPolygons shapes, PairBatch pairs, float tolerance, OverlapBits out, int[] axisCache) {
        int n = pairs.size();
        int parts = Math.min(chunks.length, Math.max(1, n / MIN_CHUNK));
        if (parts == 1) {
            return kernel.test(shapes, pairs, 0, n, tolerance, out, axisCache);
        }
        int step = chunkStep(n, parts);
        for (int c = 0; c < parts; c++) {
            chunks[c].from = chunkBound(n, step, c);
            chunks[c].to = chunkBound(n, step, c + 1);
            chunks[c].hits = 0;
        }
        this.shapes = shapes;
        this.pairs = pairs;
        this.tolerance = tolerance;
        this.out = out;
        this.axisCache = axisCache;
        this.failure = null;
        this.waiter = Thread.currentThread();
        pending.set(parts);
        for (int c = 0; c < parts; c++) {
            claimed.set(c, 0); // volatile write: publishes the fields above to whoever claims c
        }
        // An executor that fails otherwise than by rejecting (an OutOfMemoryError queuing the
        // task, an executor breaking its contract) is treated alike, and its exception is thrown
        // only once every chunk has finished: thrown at once, it would leave chunks already
        // handed over writing into the caller's buffers, and counting down a later call's
        // pending chunks, after the call had ended and released this instance.
        Throwable submitFailure = null;
        for (int c = 1; c < parts; c++) {
            try {
                executor.execute(chunks[c]);
            } catch (RejectedExecutionException e) {
                break; // the caller runs whatever nobody claimed
            } catch (RuntimeException | Error e) {
                submitFailure = e;
                break;
            }
        }
        // The caller's own chunk, then any chunk no pool thread has started yet.
        for (int c = 0; c < parts; c++) {
            chunks[c].runIfUnclaimed();
        }
        // park returns at once while the interrupt flag is set: clear it, keep waiting (the
        // chunks still write into the caller's buffers), and restore it before returning.
        boolean interrupted = false;
        while (pending.get() != 0) {
            LockSupport.park(this);
            interrupted |= Thread.interrupted();
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        this.shapes = null;
        this.pairs = null;
        this.out = null;
        this.axisCache = null;
        Throwable t = failure != null ? failure : submitFailure;
        if (t != null) {
            failure = null;
            if (t instanceof RuntimeException r) {
                throw r;
            }
            if (t instanceof Error e) {
                throw e;
            }
            throw new IllegalStateException(t);
        }
        int hits = 0;
        for (int c = 0; c < parts; c++) {
            hits += chunks[c].hits;
        }
        return hits;
    }

    /**
     * Chunk length for {@code n} pairs in {@code parts >= 2} chunks: {@code ceil(n / parts)}
     * rounded up to a multiple of 64, so every chunk starts on a word of the output. Written
     * without {@code n + parts - 1}, which overflows near {@code 2^31}.
     */
    static int chunkStep(int n, int parts) {
        assert n > 0 && parts >= 2 : "n=" + n + ", parts=" + parts;
        int ceil = (n - 1) / parts + 1;
        return (ceil + 63) & ~63; // ceil <= 2^30, so this cannot overflow
    }

    /** Start of chunk {@code c} (end of chunk {@code c - 1}): {@code min(n, c * step)} in long. */
    static int chunkBound(int n, int step, int c) {
        return (int) Math.min(n, (long) c * step);
    }

    /** One contiguous, word-aligned range of the batch. */
    private final class Chunk implements Runnable {
        private final int index;
        int from;
        int to;
        int hits;

        Chunk(int index) {
            this.index = index;
        }

        @Override
        public void run() {
            runIfUnclaimed();
        }

        void runIfUnclaimed() {
            if (!claimed.compareAndSet(index, 0, 1)) {
                return; // someone else runs it (or a stale queued copy from an earlier call)
            }
            assert (from & 63) == 0 : "chunk start " + from + " not word-aligned";
            try {
                if (from < to) {
                    hits = kernel.test(shapes, pairs, from, to, tolerance, out, axisCache);
                }
            } catch (Throwable t) {
                failure = t;
            } finally {
                if (pending.decrementAndGet() == 0) {
                    LockSupport.unpark(waiter);
                }
            }
        }
    }
}
