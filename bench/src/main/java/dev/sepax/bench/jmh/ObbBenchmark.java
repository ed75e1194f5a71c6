package dev.sepax.bench.jmh;

import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.batch.PairOrder;
import dev.sepax.bench.SolidPeers;
import dev.sepax.bench.SolidWorkloads;
import dev.sepax.simd.VectorObbSat;
import dev.sepax.solid.OrientedBoxes;
import dev.sepax.solid.ScalarObbSat;
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
 * The OBB workload ({@link SolidWorkloads#boxes}): 32 768 box pairs per operation, score in
 * pairs per second. {@code simd_obb} is {@link VectorObbSat}, the SIMD kernel the facade selects,
 * {@code scalar_obb} the scalar reference, {@code joml_obb} JOML's {@code testObOb} per pair on
 * {@code Vector3f}s held per box (its object form, as its users call it), {@code joml_obb_floats}
 * its float form fed from a flat array of 15 floats per box (the faster way to call it).
 *
 * <p>{@code order}: {@code random} is the workload's order (the default, and the figure the
 * targets are measured on); {@code sorted} is the same pairs sorted on their first box by
 * {@link PairOrder#sortByFirst}, the order a broad phase's per-box queries emit, in which
 * consecutive pairs share their first box. Every kernel, JOML included, runs on the same pairs.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@OperationsPerInvocation(SolidWorkloads.PAIRS)
@Fork(value = 1, jvmArgsAppend = {"--add-modules", "jdk.incubator.vector"})
@State(Scope.Thread)
public class ObbBenchmark {
    @Param({"OBB"})
    String solid;

    @Param({"random"})
    String order;

    OrientedBoxes boxes;
    PairBatch pairs;
    OverlapBits out;
    int[] as;
    int[] bs;
    SolidPeers.JomlBoxes joml;

    @Setup(Level.Trial)
    public void setUp(org.openjdk.jmh.infra.BenchmarkParams params) {
        SolidWorkloads.Boxes w = SolidWorkloads.boxes(42);
        boxes = w.boxes();
        pairs = w.pairs();
        if (order.equals("sorted")) {
            new PairOrder().sortByFirst(pairs, null);
        } else if (!order.equals("random")) {
            throw new IllegalArgumentException("order=" + order + ": expected random or sorted");
        }
        out = new OverlapBits(pairs.size());
        as = new int[pairs.size()];
        bs = new int[pairs.size()];
        pairs.copyIndices(as, bs);
        joml = new SolidPeers.JomlBoxes(boxes);
        SteadyState.warm(params, this, pairs.size()); // compiled before JMH times it
    }

    @Benchmark
    public int simd_obb() {
        return VectorObbSat.INSTANCE.test(boxes, pairs, 0f, out);
    }

    @Benchmark
    public int scalar_obb() {
        return ScalarObbSat.INSTANCE.test(boxes, pairs, 0f, out);
    }

    @Benchmark
    public int joml_obb() {
        int hits = 0;
        for (int p = 0; p < as.length; p++) {
            hits += joml.test(as[p], bs[p]) ? 1 : 0;
        }
        return hits;
    }

    @Benchmark
    public int joml_obb_floats() {
        int hits = 0;
        for (int p = 0; p < as.length; p++) {
            hits += joml.testFloats(as[p], bs[p]) ? 1 : 0;
        }
        return hits;
    }
}
