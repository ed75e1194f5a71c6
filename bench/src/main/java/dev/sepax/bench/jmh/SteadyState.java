package dev.sepax.bench.jmh;

import java.lang.management.ManagementFactory;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * Warms the benchmark method of a trial until it runs compiled, in the trial's setup, so that
 * even a short measurement ({@code ./sepax bench --quick}) sees only steady state.
 *
 * <p>Until C2 has compiled a Vector API kernel, every vector is a heap object: the interpreted
 * and C1-compiled kernel allocates hundreds of bytes per pair and runs many times slower. The
 * Sepax kernels allocate nothing once compiled, so the method is called until
 * {@value #SETTLED_CALLS} calls in a row allocate less than 1 byte per pair (counted by the
 * thread's allocation counter) and its best time has not improved by more than 3% for as many
 * calls; however long that takes, up to {@link #MAX_SECONDS}. Past the cap the trial is measured
 * anyway, and the allocation shows in {@code gc.alloc.rate.norm} (then {@code ./sepax bench} marks
 * the record {@code not steady}). One line on standard error says how long it took.
 *
 * <p>Only for benchmarks of allocation-free calls (the Sepax kernels); the peers allocate per
 * call by design and are warmed by JMH's warm-up iterations alone.
 */
public final class SteadyState {
    /** Calls in a row that must be allocation-free and no faster than the best so far. */
    static final int SETTLED_CALLS = 20;
    /** Longest warm-up of one trial, in seconds. */
    static final int MAX_SECONDS = 120;

    private static volatile long sink;

    private SteadyState() {}

    /**
     * Calls {@code benchmark}'s method named by {@code params} (a public method without
     * arguments) until it is steady, as described in the class comment; {@code pairs} is the
     * number of pairs one call handles.
     */
    public static void warm(BenchmarkParams params, Object benchmark, int pairs) {
        String name = params.getBenchmark().substring(params.getBenchmark().lastIndexOf('.') + 1);
        Method method;
        try {
            method = benchmark.getClass().getMethod(name);
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException("benchmark=" + params.getBenchmark() + ": no public method " + name
                    + "() to warm", e);
        }
        com.sun.management.ThreadMXBean threads = allocationCounter();
        long start = System.nanoTime();
        long deadline = start + MAX_SECONDS * 1_000_000_000L;
        long best = Long.MAX_VALUE;
        int sinceBest = 0;
        int quiet = 0;
        int calls = 0;
        while (true) {
            long a0 = threads == null ? 0 : threads.getCurrentThreadAllocatedBytes();
            long t0 = System.nanoTime();
            sink += call(method, benchmark);
            long time = System.nanoTime() - t0;
            long allocated = threads == null ? 0 : threads.getCurrentThreadAllocatedBytes() - a0;
            calls++;
            quiet = allocated < pairs ? quiet + 1 : 0;
            if (time < best - best / 33) {
                best = time;
                sinceBest = 0;
            } else {
                best = Math.min(best, time);
                sinceBest++;
            }
            long now = System.nanoTime();
            if (quiet >= SETTLED_CALLS && sinceBest >= SETTLED_CALLS) {
                System.err.printf("sepax warm-up: %s %s steady after %.1f s (%d calls)%n", name, params.getParam("k") == null
                        ? "" : "W" + params.getParam("k"), (now - start) / 1e9, calls);
                return;
            }
            if (now > deadline) {
                System.err.printf("sepax warm-up: %s %s NOT steady after %d s (%d calls; last call %d B/pair)%n", name,
                        params.getParam("k") == null ? "" : "W" + params.getParam("k"), MAX_SECONDS, calls,
                        allocated / Math.max(1, pairs));
                return;
            }
        }
    }

    private static long call(Method method, Object benchmark) {
        try {
            Object r = method.invoke(benchmark);
            return r instanceof Number n ? n.longValue() : 0;
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        } catch (InvocationTargetException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        }
    }

    /** The thread allocation counter, or null on a VM without one (then only time decides). */
    private static com.sun.management.ThreadMXBean allocationCounter() {
        if (ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean t
                && t.isThreadAllocatedMemorySupported()) {
            t.setThreadAllocatedMemoryEnabled(true);
            return t;
        }
        return null;
    }
}
