package dev.sepax.bench.jmh;

import dev.sepax.bench.Workloads;
import dev.sepax.shape.ConvexPolygons;
import dev.sepax.batch.PairBatch;
import dev.sepax.narrow.ScalarSweep;
import dev.sepax.narrow.SweepKernel;
import dev.sepax.batch.SweepResults;
import dev.sepax.shape.Velocities;
import dev.sepax.simd.VectorSweep;
import java.util.SplittableRandom;
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
 * Swept (continuous) SAT throughput on the standard workload Wk, in pairs per second.
 *
 * <p>Motion convention: {@link #velocities(int, long)} with the workload seed 42: every shape
 * gets a velocity with components uniform in {@code [-2, 2)} (shape radii are about 1) and the
 * window is {@code tMax = 1}, so a pair's relative displacement over the window is up to about
 * 5.7 radii and a substantial share of the candidate pairs makes contact.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@OperationsPerInvocation(32768)
@Fork(value = 1, jvmArgsAppend = {"--add-modules", "jdk.incubator.vector"})
@State(Scope.Thread)
public class SweepBenchmark {
    /** The sweep window used by the benchmark. */
    public static final float T_MAX = 1f;
    /** Bound of each velocity component. */
    public static final float SPEED = 2f;

    @Param({"4", "8", "16", "32", "64", "128", "256"})
    int k;

    ConvexPolygons shapes;
    PairBatch pairs;
    Velocities velocities;
    SweepResults out;

    /**
     * The seeded velocities of the sweep workloads: {@code n} shapes, components uniform in
     * {@code [-SPEED, SPEED)}, drawn from {@code SplittableRandom(seed)} in shape order, x then y.
     */
    public static Velocities velocities(int n, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        Velocities v = new Velocities(n);
        for (int s = 0; s < n; s++) {
            v.set(s, (float) rnd.nextDouble(-SPEED, SPEED), (float) rnd.nextDouble(-SPEED, SPEED));
        }
        return v;
    }

    @Setup(Level.Trial)
    public void setup() {
        Workloads.Scene scene = Workloads.standard(k, 42);
        shapes = scene.shapes();
        pairs = scene.pairs();
        velocities = velocities(shapes.size(), 42);
        out = new SweepResults(pairs.size());
    }

    private int run(SweepKernel kernel) {
        return kernel.sweep(shapes, velocities, pairs, T_MAX, out);
    }

    @Benchmark
    public int simd_sweep() {
        return run(VectorSweep.INSTANCE);
    }

    @Benchmark
    public int scalar_sweep() {
        return run(ScalarSweep.INSTANCE);
    }
}
