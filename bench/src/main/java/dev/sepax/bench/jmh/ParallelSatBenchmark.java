package dev.sepax.bench.jmh;

import dev.sepax.bench.Workloads;
import dev.sepax.shape.ConvexPolygons;
import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.parallel.ParallelSat;
import dev.sepax.Sepax;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Thread scaling of {@link ParallelSat} with the selected kernel ({@link Sepax#overlap()}) on the
 * standard workload Wk: {@code simd_threads_1} is the plain single-threaded kernel call,
 * {@code simd_threads_2} splits the same 32 768 pairs over the caller and one pool thread. The
 * score is pairs per second; the ratio of the two is the 2-thread speed-up.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@OperationsPerInvocation(32768)
@Fork(value = 1, jvmArgsAppend = {"--add-modules", "jdk.incubator.vector"})
@State(Scope.Thread)
public class ParallelSatBenchmark {
    @Param({"4", "8", "16", "32", "64"})
    int k;

    ConvexPolygons shapes;
    PairBatch pairs;
    OverlapBits out;
    ExecutorService pool;
    ParallelSat two;

    @Setup(Level.Trial)
    public void setUp(BenchmarkParams params) {
        Workloads.Scene scene = Workloads.standard(k, 42);
        shapes = scene.shapes();
        pairs = scene.pairs();
        out = new OverlapBits(pairs.size());
        pool = Executors.newFixedThreadPool(1, r -> {
            Thread t = new Thread(r, "sepax-bench-worker");
            t.setDaemon(true);
            return t;
        });
        two = new ParallelSat(Sepax.overlap(), pool, 2);
        SteadyState.warm(params, this, pairs.size()); // compiled before JMH times it
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        pool.shutdownNow();
    }

    /** One thread: the selected kernel over the whole batch. */
    @Benchmark
    public int simd_threads_1() {
        return Sepax.overlap().test(shapes, pairs, 0f, out);
    }

    /** Two threads: the caller and one pool thread, half the batch each. */
    @Benchmark
    public int simd_threads_2() {
        return two.test(shapes, pairs, 0f, out);
    }
}
