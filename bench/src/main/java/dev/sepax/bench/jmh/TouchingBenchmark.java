package dev.sepax.bench.jmh;

import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.bench.Peers;
import dev.sepax.bench.Workloads;
import dev.sepax.narrow.ExactSat;
import dev.sepax.narrow.SatKernel;
import dev.sepax.shape.ConvexPolygons;
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

/**
 * Boolean throughput on the touching workload Tk ({@link Workloads#touching}: 32 768 exactly
 * touching pairs, every one within the float band at tolerance 0), one thread: the float SIMD
 * kernel, the exact kernels, and JTS {@code intersects} (exact, double-double predicates), the
 * exact peer. {@code ./sepax bench} reports these as workload "T" + k. Every method returns
 * the hit count (all pairs touch, so it is 32 768 for the exact kernels and JTS).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@OperationsPerInvocation(32768)
@Fork(value = 1, jvmArgsAppend = {"--add-modules", "jdk.incubator.vector"})
@State(Scope.Thread)
public class TouchingBenchmark {
    /** Vertices per polygon: workload "T" + k. */
    @Param({"8"})
    int k;

    private ConvexPolygons shapes;
    private PairBatch pairs;
    private OverlapBits out;
    private Peers peers;
    private int[] as;
    private int[] bs;
    private final SatKernel simd = VectorSat.INSTANCE;
    private final SatKernel simdExact = VectorExactSat.INSTANCE;
    private final SatKernel scalarExact = ExactSat.INSTANCE;

    /** Builds Tk with seed 42 and checks that the exact kernel sees every pair touching. */
    @Setup(Level.Trial)
    public void setUp() {
        Workloads.Scene scene = Workloads.touching(k, 42);
        shapes = scene.shapes();
        pairs = scene.pairs();
        out = new OverlapBits(pairs.size());
        if (pairs.size() != 32768 || simdExact.test(shapes, pairs, 0f, out) != 32768) {
            throw new IllegalStateException("T" + k + ": expected 32768 touching pairs");
        }
        peers = new Peers(shapes);
        as = new int[pairs.size()];
        bs = new int[pairs.size()];
        pairs.copyIndices(as, bs);
    }

    /** The float Vector API kernel (touching pairs sit in its band). */
    @Benchmark
    public int simd() {
        return simd.test(shapes, pairs, 0f, out);
    }

    /** The Vector API exact kernel. */
    @Benchmark
    public int simd_exact() {
        return simdExact.test(shapes, pairs, 0f, out);
    }

    /** The scalar exact kernel. */
    @Benchmark
    public int scalar_exact() {
        return scalarExact.test(shapes, pairs, 0f, out);
    }

    /** JTS {@code Polygon.intersects}, pair by pair. */
    @Benchmark
    public int jts() {
        int hits = 0;
        for (int p = 0; p < as.length; p++) {
            hits += peers.jts(as[p], bs[p]) ? 1 : 0;
        }
        return hits;
    }
}
