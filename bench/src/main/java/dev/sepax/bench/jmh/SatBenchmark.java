package dev.sepax.bench.jmh;

import dev.sepax.bench.Workloads;
import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.narrow.SatKernel;
import dev.sepax.Sepax;
import dev.sepax.shape.ConvexPolygons;
import dev.sepax.narrow.ExactSat;
import dev.sepax.simd.VectorExactSat;
import dev.sepax.simd.VectorSat;
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

/**
 * Boolean SAT throughput on the standard workload Wk (4096 k-gons, 32 768 broad-phase pairs,
 * about half intersecting), one thread, tolerance 0, no axis cache. The score is pairs per
 * second ({@code @OperationsPerInvocation(32768)}). Each method returns the hit count so nothing
 * is dead code; all three must report {@code gc.alloc.rate.norm} of about 0 B/op.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@OperationsPerInvocation(32768)
@Fork(value = 1, jvmArgsAppend = {"--add-modules", "jdk.incubator.vector"})
@State(Scope.Thread)
public class SatBenchmark {
    /** Vertices per polygon: workload "W" + k. */
    @Param({"4", "8", "16", "32", "64"})
    int k;

    private ConvexPolygons shapes;
    private PairBatch pairs;
    private OverlapBits out;
    private final SatKernel simd = VectorSat.INSTANCE;
    private final SatKernel scalar = Sepax.scalar();
    private final SatKernel textbook = Sepax.textbook();
    private final SatKernel simdExact = VectorExactSat.INSTANCE;
    private final SatKernel scalarExact = ExactSat.INSTANCE;

    /** Builds Wk with seed 42 and checks it has the agreed size. */
    @Setup(Level.Trial)
    public void setUp(BenchmarkParams params) {
        Workloads.Scene scene = Workloads.standard(k, 42);
        shapes = scene.shapes();
        pairs = scene.pairs();
        if (pairs.size() != 32768) {
            throw new IllegalStateException("W" + k + " has " + pairs.size() + " pairs, expected 32768");
        }
        out = new OverlapBits(pairs.size());
        SteadyState.warm(params, this, pairs.size()); // compiled before JMH times it
    }

    /** The Vector API kernel. */
    @Benchmark
    public int simd() {
        return simd.test(shapes, pairs, 0f, out);
    }

    /** The scalar reference kernel. */
    @Benchmark
    public int scalar() {
        return scalar.test(shapes, pairs, 0f, out);
    }

    /** The Vector API exact kernel (Precision.EXACT): float filter, band pairs exact. */
    @Benchmark
    public int simd_exact() {
        return simdExact.test(shapes, pairs, 0f, out);
    }

    /** The scalar exact kernel (Precision.EXACT). */
    @Benchmark
    public int scalar_exact() {
        return scalarExact.test(shapes, pairs, 0f, out);
    }

    /** The textbook oracle (projects both shapes on every normal, in double). */
    @Benchmark
    public int textbook() {
        return textbook.test(shapes, pairs, 0f, out);
    }
}
