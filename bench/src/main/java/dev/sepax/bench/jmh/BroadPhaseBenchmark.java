package dev.sepax.bench.jmh;

import dev.sepax.batch.PairBatch;
import dev.sepax.bench.FrameEngines;
import dev.sepax.bench.FrameScene;
import dev.sepax.broad.PersistentBroadPhase;
import dev.sepax.broad.SweepAndPrune;
import dev.sepax.shape.ConvexPolygons;
import dev.sepax.shape.Poses;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The broad phase alone on {@code F<bodies>}: the persistent {@link PersistentBroadPhase}
 * against rebuilding the pairs with {@link SweepAndPrune} every frame. The trial setup runs the
 * scene for {@link #RUN_IN} frames, feeding the persistent broad phase each one (so its fat boxes
 * were made at different frames, as in a running simulation); then every invocation's setup
 * steps the scene one frame forward and transforms it, untimed, and the benchmark runs the broad
 * phase on that frame: the scene's own coherent motion, bounces at the walls included. One op is
 * one frame: frames per second. (A per-invocation setup costs JMH a timestamp pair per op,
 * negligible against a broad phase of 20 000 bodies, and the same for both variants.)
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"--add-modules", "jdk.incubator.vector"})
@State(Scope.Thread)
public class BroadPhaseBenchmark {
    static final int RUN_IN = 300;

    @Param({"2000", "20000"})
    int bodies;

    FrameScene scene;
    Poses poses;
    ConvexPolygons world;
    PersistentBroadPhase incremental;
    SweepAndPrune rebuild;
    PairBatch rebuilt;

    @Setup(Level.Trial)
    public void setUp() {
        scene = new FrameScene(bodies, 42);
        incremental = new PersistentBroadPhase(bodies, 0f, FrameEngines.FAT_MARGIN);
        rebuild = new SweepAndPrune();
        rebuilt = new PairBatch(bodies, 0);
        poses = new Poses(bodies);
        world = scene.local().newWorldStore();
        for (int f = 0; f < RUN_IN; f++) {
            nextFrame();
            incremental.update(world);
            rebuild.findPairs(world, 0f, rebuilt);
        }
    }

    /** The next frame's world store (untimed). */
    @Setup(Level.Invocation)
    public void nextFrame() {
        scene.step();
        for (int i = 0; i < bodies; i++) {
            poses.setCosSin(i, (float) scene.x[i], (float) scene.y[i], (float) scene.cos[i], (float) scene.sin[i]);
        }
        poses.transform(scene.local(), world);
    }

    /** The persistent broad phase; returns the live pairs. */
    @Benchmark
    public int sepax_broad_incremental() {
        incremental.update(world);
        return incremental.liveCount();
    }

    /** Sweep-and-prune from scratch (margin 0: the exact AABB pairs); returns the pairs. */
    @Benchmark
    public int sepax_broad_rebuild() {
        return rebuild.findPairs(world, 0f, rebuilt);
    }
}
