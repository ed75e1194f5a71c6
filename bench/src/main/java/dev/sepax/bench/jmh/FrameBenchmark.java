package dev.sepax.bench.jmh;

import dev.sepax.Sepax;
import dev.sepax.bench.FrameEngines;
import dev.sepax.bench.FrameScene;
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
 * The collision frame on the workload {@code F<bodies>} ({@link FrameScene}): one op is one
 * frame (step the scene, pose, persistent broad phase, narrow phase, contact manifolds of the
 * touching pairs), so the score is frames per second. Each engine steps its own copy of the
 * scene from the same seed, so all three see the same poses at the same frame number; they find
 * the same contacts (FrameEnginesTest). Sepax must allocate 0 B per frame under {@code -prof gc}.
 * See {@link FrameEngines} for the exact peer pipelines.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"--add-modules", "jdk.incubator.vector"})
@State(Scope.Thread)
public class FrameBenchmark {
    @Param({"2000", "20000"})
    int bodies;

    FrameEngines.SepaxFrame sepax;
    FrameEngines.Jbox2dFrame jbox2d;
    FrameEngines.Dyn4jFrame dyn4j;

    /** Frames each engine runs on a throw-away F2000 copy before the trial. */
    static final int WARM_FRAMES = 300;
    /** Frames each measured scene runs before the measurement. */
    static final int RUN_IN = 20;

    @Setup(Level.Trial)
    public void setUp() {
        // The Vector API kernels run boxed, thousands of times slower, until C2 has compiled
        // them, and a frame calls them only once per frame: within JMH's short warm-up
        // iterations a large frame would still be measuring the interpreter. Every engine runs
        // the same number of frames on a separate copy of the scene first (the same code paths,
        // so C2 has compiled them), then starts its measured scene from frame 0.
        for (FrameEngines.Engine e : FrameEngines.all(2000)) {
            for (int f = 0; f < WARM_FRAMES; f++) {
                e.frame();
            }
        }
        sepax = new FrameEngines.SepaxFrame(new FrameScene(bodies, 42));
        // The Sepax frame runs the facade's kernels, as an engine built on Sepax would, and the
        // facade serves the scalar kernels while a daemon thread warms the SIMD ones (up to 10 s,
        // longer than this trial's iterations). An engine calls Sepax.warmUp() at start-up to
        // wait for that decision; so does the benchmark, or it would time the scalar kernels and
        // the warm-up thread's competition for the cores.
        if (!Sepax.warmUp()) {
            System.err.println("sepax-frame: the facade kept a scalar kernel after its warm-up (SIMD not faster here"
                    + " or not compiled within 10 s); the frame is timed with the facade's choice");
        }
        jbox2d = new FrameEngines.Jbox2dFrame(new FrameScene(bodies, 42));
        dyn4j = new FrameEngines.Dyn4jFrame(new FrameScene(bodies, 42));
        // The measured scenes' first frames grow the engines' buffers (pair tables, contact
        // lists): run them in, the same number of frames for all three, so that the measured
        // frames are the steady state (Sepax's must then allocate 0 B).
        for (int f = 0; f < RUN_IN; f++) {
            sepax.frame();
            jbox2d.frame();
            dyn4j.frame();
        }
    }

    /** Sepax: the selected SIMD kernels; returns the contact points. */
    @Benchmark
    public int sepax_frame() {
        return sepax.frame();
    }

    /** JBox2D: DynamicTree broad phase, collidePolygons per contact; returns the contact points. */
    @Benchmark
    public int jbox2d_frame() {
        return jbox2d.frame();
    }

    /** dyn4j: DynamicAABBTree, Gjk and ClippingManifoldSolver; returns the contact points. */
    @Benchmark
    public int dyn4j_frame() {
        return dyn4j.frame();
    }
}
