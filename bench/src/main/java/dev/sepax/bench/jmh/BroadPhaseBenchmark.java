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
 * against rebuilding the pairs with {@link SweepAndPrune} every frame. The setup runs the scene
 * for {@link #RUN_IN} frames, feeding the persistent broad phase each one (so its fat boxes were
 * made at different frames, as in a running simulation, instead of all at frame 0, which would
 * make every body refit in the same frames), then keeps the next {@link #FRAMES} world stores;
 * the benchmark walks them forward and back (coherent motion, no pose transform in the timing).
 * One op is one frame: frames per second.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"--add-modules", "jdk.incubator.vector"})
@State(Scope.Thread)
public class BroadPhaseBenchmark {
    static final int FRAMES = 32;
    static final int RUN_IN = 300;

    @Param({"2000", "20000"})
    int bodies;

    ConvexPolygons[] worlds;
    PersistentBroadPhase incremental;
    SweepAndPrune rebuild;
    PairBatch rebuilt;
    int frame;
    int direction = 1;

    @Setup(Level.Trial)
    public void setUp() {
        FrameScene scene = new FrameScene(bodies, 42);
        incremental = new PersistentBroadPhase(bodies, 0f, FrameEngines.FAT_MARGIN);
        rebuild = new SweepAndPrune();
        rebuilt = new PairBatch(bodies, 0);
        Poses poses = new Poses(bodies);
        ConvexPolygons running = scene.local().newWorldStore();
        worlds = new ConvexPolygons[FRAMES];
        for (int f = 0; f < RUN_IN + FRAMES; f++) {
            scene.step();
            for (int i = 0; i < bodies; i++) {
                poses.setCosSin(i, (float) scene.x[i], (float) scene.y[i], (float) scene.cos[i], (float) scene.sin[i]);
            }
            ConvexPolygons w = f < RUN_IN ? running : scene.local().newWorldStore();
            poses.transform(scene.local(), w);
            incremental.update(w);
            rebuild.findPairs(w, 0f, rebuilt);
            if (f >= RUN_IN) {
                worlds[f - RUN_IN] = w;
            }
        }
        frame = FRAMES - 1;
        direction = -1;
    }

    private ConvexPolygons next() {
        if (frame + direction < 0 || frame + direction >= FRAMES) {
            direction = -direction;
        }
        frame += direction;
        return worlds[frame];
    }

    /** The persistent broad phase; returns the live pairs. */
    @Benchmark
    public int sepax_broad_incremental() {
        incremental.update(next());
        return incremental.liveCount();
    }

    /** Sweep-and-prune from scratch (margin 0: the exact AABB pairs); returns the pairs. */
    @Benchmark
    public int sepax_broad_rebuild() {
        return rebuild.findPairs(next(), 0f, rebuilt);
    }
}
