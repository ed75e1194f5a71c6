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

    /**
     * A/B of {@code simd} and {@code simd-exact} that a busy shared host cannot skew: in one JVM
     * on one thread, the two kernels take turns on each range of 2 048 pairs of the workload
     * (which goes first flips every sweep), range after range, for the given time after 3 s of warm-up; each (kernel, range) keeps its
     * fastest time, and a kernel's figure is the pairs over the sum of its fastest times. A
     * slice of time lost to another process lands in one sample of one kernel and is dropped,
     * where in JMH it lands in a whole iteration of whichever benchmark runs at that moment.
     * Usage: {@code java --add-modules jdk.incubator.vector -cp bench/target/sepax-bench.jar
     * dev.sepax.bench.jmh.SatBenchmark [W8|T8|Wk|Tk ...] [--seconds S]} (default W8, 20 s per
     * workload; Tk is {@link Workloads#touching}). Prints one line per workload.
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
            names.add("W8");
        }
        for (String name : names) {
            int k = Integer.parseInt(name.substring(1));
            Workloads.Scene scene = name.charAt(0) == 'T' ? Workloads.touching(k, 42) : Workloads.standard(k, 42);
            SatKernel[] kernels = {VectorSat.INSTANCE, VectorExactSat.INSTANCE};
            double[] rates = alternate(scene, kernels, seconds);
            System.out.printf(java.util.Locale.ROOT, "%s: simd %.1f M pairs/s, simd-exact %.1f M pairs/s, simd-exact / simd %.3f%n",
                    name, rates[0] / 1e6, rates[1] / 1e6, rates[1] / rates[0]);
        }
    }

    /** Pairs per second of each kernel, from the fastest time of each (kernel, range); see {@link #main}. */
    static double[] alternate(Workloads.Scene scene, SatKernel[] kernels, double seconds) {
        ConvexPolygons shapes = scene.shapes();
        PairBatch pairs = scene.pairs();
        OverlapBits out = new OverlapBits(pairs.size());
        int range = 2048;
        int ranges = pairs.size() / range;
        long[][] best = new long[kernels.length][ranges];
        for (long[] b : best) {
            java.util.Arrays.fill(b, Long.MAX_VALUE);
        }
        long sink = 0;
        long warm = System.nanoTime() + 3_000_000_000L;
        while (System.nanoTime() < warm) {
            for (SatKernel kernel : kernels) {
                sink += kernel.test(shapes, pairs, 0f, out);
            }
        }
        long end = System.nanoTime() + (long) (seconds * 1e9);
        for (int sweep = 0; System.nanoTime() < end; sweep++) {
            for (int c = 0; c < ranges; c++) {
                // The order flips every sweep: the second kernel on a range finds its shapes
                // in the caches the first one filled.
                for (int turn = 0; turn < kernels.length; turn++) {
                    int i = (sweep & 1) == 0 ? turn : kernels.length - 1 - turn;
                    long t0 = System.nanoTime();
                    sink += kernels[i].test(shapes, pairs, c * range, (c + 1) * range, 0f, out, null);
                    best[i][c] = Math.min(best[i][c], System.nanoTime() - t0);
                }
            }
        }
        double[] rates = new double[kernels.length];
        for (int i = 0; i < kernels.length; i++) {
            long sum = 0;
            for (long t : best[i]) {
                sum += t;
            }
            rates[i] = (double) ranges * range / (sum / 1e9);
        }
        if (sink == 42) {
            System.out.print(""); // keeps the hit counts alive
        }
        return rates;
    }

    /** The textbook oracle (projects both shapes on every normal, in double). */
    @Benchmark
    public int textbook() {
        return textbook.test(shapes, pairs, 0f, out);
    }
}
