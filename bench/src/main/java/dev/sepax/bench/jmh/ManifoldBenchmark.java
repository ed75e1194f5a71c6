package dev.sepax.bench.jmh;

import dev.sepax.batch.PairBatch;
import dev.sepax.bench.Workloads;
import dev.sepax.contact.ContactManifolds;
import dev.sepax.contact.ScalarManifolds;
import dev.sepax.shape.ConvexPolygons;
import dev.sepax.simd.VectorManifolds;
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
 * Contact-manifold throughput on the standard workload Wk: a manifold (margin 0) for every one
 * of the 32 768 candidate pairs, about half of which touch, into one reused
 * {@link ContactManifolds}. The score is pairs per second; 0 B/op under {@code -prof gc}.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@OperationsPerInvocation(32768)
@Fork(value = 1, jvmArgsAppend = {"--add-modules", "jdk.incubator.vector"})
@State(Scope.Thread)
public class ManifoldBenchmark {
    @Param({"4", "8", "16", "32", "64"})
    int k;

    ConvexPolygons shapes;
    PairBatch pairs;
    ContactManifolds out;

    @Setup(Level.Trial)
    public void setUp() {
        Workloads.Scene scene = Workloads.standard(k, 42);
        shapes = scene.shapes();
        pairs = scene.pairs();
        if (pairs.size() != 32768) {
            throw new IllegalStateException("W" + k + " has " + pairs.size() + " pairs, expected 32768");
        }
        out = new ContactManifolds(pairs.size());
    }

    /** The Vector API kernel; returns the number of pairs with contact points. */
    @Benchmark
    public int simd_manifolds() {
        return VectorManifolds.INSTANCE.manifolds(shapes, pairs, 0f, out);
    }

    /** The scalar reference ({@code ContactManifoldFinder}); returns the number of pairs with points. */
    @Benchmark
    public int scalar_manifolds() {
        return ScalarManifolds.INSTANCE.manifolds(shapes, pairs, 0f, out);
    }
}
