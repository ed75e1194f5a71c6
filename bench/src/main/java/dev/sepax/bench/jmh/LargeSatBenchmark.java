package dev.sepax.bench.jmh;

import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.bench.Workloads;
import dev.sepax.narrow.SatKernel;
import dev.sepax.narrow.ScalarSat;
import dev.sepax.shape.ConvexPolygons;
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
 * Boolean SAT on large polygons: the standard workload generator at W256 and W1024 (4096 k-gons,
 * 32 768 broad-phase pairs, about half intersecting; W1024's store holds 4 M vertex slots, about
 * 120 MB), one thread, tolerance 0, no axis cache. Kernels: {@code simd} (O(log k) support
 * above the cutoff), {@code simd-linear} (the linear scan forced, {@code VectorSat.LINEAR}) and
 * {@code scalar} (the reference, O(log k) above the cutoff too). Score: pairs per second; each
 * must report {@code gc.alloc.rate.norm} of about 0 B/op.
 *
 * <p>Other sizes run with {@code -p k=64,128}: that is how the cutoff was measured, with
 * {@code -Dsepax.logSupportMinCapacity=16} in the fork so that {@code simd} searches at every
 * size (docs/decisions.md).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@OperationsPerInvocation(32768)
@Fork(value = 1, jvmArgsAppend = {"--add-modules", "jdk.incubator.vector"})
@State(Scope.Thread)
public class LargeSatBenchmark {
    /** Vertices per polygon: workload "W" + k. */
    @Param({"256", "1024"})
    int k;

    private ConvexPolygons shapes;
    private PairBatch pairs;
    private OverlapBits out;
    private final SatKernel simd = VectorSat.INSTANCE;
    private final SatKernel simdLinear = VectorSat.LINEAR;
    private final SatKernel scalar = ScalarSat.INSTANCE;

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

    /** The Vector API kernel, O(log k) support above the cutoff. */
    @Benchmark
    public int simd() {
        return simd.test(shapes, pairs, 0f, out);
    }

    /** The Vector API kernel with the linear scan forced. */
    @Benchmark
    public int simd_linear() {
        return simdLinear.test(shapes, pairs, 0f, out);
    }

    /** The scalar reference kernel. */
    @Benchmark
    public int scalar() {
        return scalar.test(shapes, pairs, 0f, out);
    }

    /**
     * A/B of {@code simd} and {@code simd-linear} that a busy host cannot skew (the method of
     * {@link SatBenchmark#main}): {@code java --add-modules jdk.incubator.vector -cp
     * bench/target/sepax-bench.jar dev.sepax.bench.jmh.LargeSatBenchmark [W256 W1024 ...]
     * [--seconds S]}. Prints one line per workload.
     */
    public static void main(String[] args) {
        java.util.List<String> names = new java.util.ArrayList<>();
        double seconds = 20;
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--seconds") && i + 1 < args.length) {
                seconds = Double.parseDouble(args[++i]);
            } else {
                names.add(args[i]);
            }
        }
        if (names.isEmpty()) {
            names.add("W256");
        }
        for (String name : names) {
            Workloads.Scene scene = Workloads.standard(Integer.parseInt(name.substring(1)), 42);
            SatKernel[] kernels = {VectorSat.INSTANCE, VectorSat.LINEAR};
            double[] rates = SatBenchmark.alternate(scene, kernels, seconds);
            System.out.printf(java.util.Locale.ROOT, "%s: simd %.2f M pairs/s, simd-linear %.2f M pairs/s, simd / simd-linear %.2f%n",
                    name, rates[0] / 1e6, rates[1] / 1e6, rates[0] / rates[1]);
        }
    }
}
