package dev.sepax.bench.jmh;

import dev.sepax.bench.Workloads;
import dev.sepax.shape.ConvexPolygons;
import dev.sepax.batch.PairBatch;
import dev.sepax.batch.Penetrations;
import dev.sepax.narrow.ScalarPenetration;
import dev.sepax.simd.VectorPenetration;
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
 * Penetration (MTV) throughput on the standard workload Wk: normal, depth and axis for every
 * one of the 32 768 candidate pairs, into one reused {@link Penetrations} buffer. The score is
 * pairs per second; the result must allocate 0 B/op under {@code -prof gc}.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@OperationsPerInvocation(32768)
@Fork(value = 1, jvmArgsAppend = {"--add-modules", "jdk.incubator.vector"})
@State(Scope.Thread)
public class MtvBenchmark {
    @Param({"4", "8", "16", "32", "64", "128", "256"})
    int k;

    ConvexPolygons shapes;
    PairBatch pairs;
    Penetrations out;

    @Setup(Level.Trial)
    public void setUp() {
        Workloads.Scene scene = Workloads.standard(k, 42);
        shapes = scene.shapes();
        pairs = scene.pairs();
        if (pairs.size() != 32768) {
            throw new IllegalStateException("W" + k + " has " + pairs.size() + " pairs, expected 32768");
        }
        out = new Penetrations(pairs.size());
    }

    /** The Vector API kernel; returns the number of intersecting pairs. */
    @Benchmark
    public int simd_mtv() {
        return VectorPenetration.INSTANCE.penetrations(shapes, pairs, out);
    }

    /** The scalar reference kernel; returns the number of intersecting pairs. */
    @Benchmark
    public int scalar_mtv() {
        return ScalarPenetration.INSTANCE.penetrations(shapes, pairs, out);
    }
}
