package dev.sepax.bench.jmh;

import dev.sepax.batch.Distances;
import dev.sepax.batch.PairBatch;
import dev.sepax.bench.GjkRegimes;
import dev.sepax.bench.RoundedWorkloads;
import dev.sepax.narrow.DistanceKernel;
import dev.sepax.narrow.GjkAcceleration;
import dev.sepax.narrow.ScalarDistance;
import dev.sepax.shape.RoundedShapes;
import dev.sepax.simd.VectorDistance;
import java.util.Locale;
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
 * Plain versus Nesterov-accelerated GJK per regime: the distance of every pair of a
 * {@link GjkRegimes} scene ({@code near}: gap 1e-3 of the size, {@code far}: three sizes apart,
 * {@code deep}: centres 0.2 apart; 4096 independent pairs of random convex k-gons), cold starts,
 * with the kernels of acceleration {@code mode} ({@code none}, {@code nesterov},
 * {@code proximity}). The mean iterations of the same scenes come from
 * {@code GjkRegimes.main} (the SIMD kernel takes the scalar kernel's iterations, bit for bit).
 * The score is pairs per second; the kernels must allocate 0 B/op under {@code -prof gc}.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@OperationsPerInvocation(GjkRegimes.PAIRS)
@Fork(value = 1, jvmArgsAppend = {"--add-modules", "jdk.incubator.vector"})
@State(Scope.Thread)
public class GjkRegimeBenchmark {
    @Param({"near", "far", "deep"})
    String regime;

    @Param({"none", "nesterov", "proximity"})
    String mode;

    @Param({"32"})
    int k;

    RoundedShapes shapes;
    PairBatch pairs;
    Distances out;
    DistanceKernel simd;
    DistanceKernel scalar;

    @Setup(Level.Trial)
    public void setUp(org.openjdk.jmh.infra.BenchmarkParams params) {
        RoundedWorkloads.Scene scene = GjkRegimes.scene(regime, k, 42);
        shapes = scene.shapes();
        pairs = scene.pairs();
        out = new Distances(pairs.size());
        GjkAcceleration m = GjkAcceleration.valueOf(mode.toUpperCase(Locale.ROOT));
        simd = VectorDistance.of(m);
        scalar = ScalarDistance.of(m);
        SteadyState.warm(params, this, pairs.size());
    }

    /** The Vector API kernel; returns the number of touching or overlapping pairs. */
    @Benchmark
    public int simd_distance() {
        return simd.distances(shapes, pairs, out);
    }

    /** The scalar reference kernel; returns the number of touching or overlapping pairs. */
    @Benchmark
    public int scalar_distance() {
        return scalar.distances(shapes, pairs, out);
    }
}
