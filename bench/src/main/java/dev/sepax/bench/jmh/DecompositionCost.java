package dev.sepax.bench.jmh;

import dev.sepax.bench.ConcaveWorkloads;
import dev.sepax.concave.Compounds;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The cost of decomposition per input vertex: building the {@link Compounds} store of J200's
 * polygons (decomposition, the parts' convex store, bounds). Average time per vertex. Not part of
 * {@code ./sepax bench} (the class name does not end in "Benchmark"); run it with JMH directly:
 * {@code org.openjdk.jmh.Main DecompositionCost}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1)
@State(Scope.Thread)
public class DecompositionCost {
    /** Vertices of J200 (seed 17), checked in the setup. */
    static final int VERTICES = 56_864;

    List<ConcaveWorkloads.Shape> shapes;

    @Setup(Level.Trial)
    public void setUp() {
        shapes = ConcaveWorkloads.join(17);
        int n = 0;
        for (ConcaveWorkloads.Shape s : shapes) {
            for (float[] r : s.rings()) {
                n += r.length / 2;
            }
        }
        if (n != VERTICES) {
            throw new IllegalStateException("J200 has " + n + " vertices; set VERTICES to it");
        }
    }

    @Benchmark
    @OperationsPerInvocation(VERTICES)
    public Compounds decompose_j200() {
        Compounds.Builder b = Compounds.builder();
        for (ConcaveWorkloads.Shape s : shapes) {
            b.add(s.rings());
        }
        return b.build();
    }
}
