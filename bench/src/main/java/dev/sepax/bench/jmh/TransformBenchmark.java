package dev.sepax.bench.jmh;

import dev.sepax.bench.FrameScene;
import dev.sepax.shape.ConvexPolygons;
import dev.sepax.shape.Poses;
import dev.sepax.shape.ScalarTransform;
import dev.sepax.simd.VectorTransform;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The pose transform stage of a frame on {@code F<bodies>} ({@link FrameScene}'s shapes and its
 * poses after 100 frames): the SIMD kernel against the scalar reference. One op is one
 * transform of the whole store, so the score is frames per second of that stage alone; both
 * must allocate 0 B per op.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"--add-modules", "jdk.incubator.vector"})
@State(Scope.Thread)
public class TransformBenchmark {
    @Param({"2000", "20000"})
    int bodies;

    ConvexPolygons local;
    ConvexPolygons world;
    Poses poses;

    @Setup
    public void setUp() {
        FrameScene scene = new FrameScene(bodies, 42);
        for (int f = 0; f < 100; f++) {
            scene.step();
        }
        local = scene.local();
        world = local.newWorldStore();
        poses = new Poses(bodies);
        for (int i = 0; i < bodies; i++) {
            poses.setCosSin(i, (float) scene.x[i], (float) scene.y[i], (float) scene.cos[i], (float) scene.sin[i]);
        }
    }

    /** {@code VectorTransform}, the SIMD kernel {@code Sepax.transform()} selects. */
    @Benchmark
    public ConvexPolygons sepax_transform_simd() {
        VectorTransform.INSTANCE.transform(poses, local, world);
        return world;
    }

    /** {@code Poses.transform}, the scalar reference. */
    @Benchmark
    public ConvexPolygons sepax_transform_scalar() {
        ScalarTransform.INSTANCE.transform(poses, local, world);
        return world;
    }
}
