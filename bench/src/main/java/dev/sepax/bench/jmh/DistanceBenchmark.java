package dev.sepax.bench.jmh;

import dev.sepax.batch.Casts;
import dev.sepax.batch.Distances;
import dev.sepax.batch.PairBatch;
import dev.sepax.bench.RoundedWorkloads;
import dev.sepax.bench.Workloads;
import dev.sepax.narrow.ScalarCast;
import dev.sepax.narrow.ScalarDistance;
import dev.sepax.shape.RoundedShapes;
import dev.sepax.shape.Velocities;
import dev.sepax.simd.VectorCast;
import dev.sepax.simd.VectorDistance;
import java.util.concurrent.TimeUnit;
import org.dyn4j.collision.narrowphase.Gjk;
import org.dyn4j.collision.narrowphase.Separation;
import org.dyn4j.geometry.Capsule;
import org.dyn4j.geometry.Circle;
import org.dyn4j.geometry.Convex;
import org.dyn4j.geometry.Polygon;
import org.dyn4j.geometry.Transform;
import org.dyn4j.geometry.Vector2;
import org.jbox2d.collision.Distance;
import org.jbox2d.collision.DistanceInput;
import org.jbox2d.collision.DistanceOutput;
import org.jbox2d.collision.shapes.CircleShape;
import org.jbox2d.collision.shapes.EdgeShape;
import org.jbox2d.collision.shapes.PolygonShape;
import org.jbox2d.collision.shapes.Shape;
import org.jbox2d.common.Vec2;
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
 * Distance (GJK: distance, closest points) throughput: every one of the 32 768 candidate pairs of
 * the standard workload Wk ({@code k} = 4..64, polygons only) or of the rounded workload R8
 * ({@code k} = 0 stands for R8: circles, capsules and 8-gons mixed), into one reused buffer.
 * Peers: dyn4j {@code Gjk.distance} (double) and JBox2D {@code Distance.distance} (float, cold
 * simplex cache per pair, radii used; at most 8 polygon vertices, so its setup refuses k above 8).
 * The shape cast ({@code simd-cast}, {@code scalar-cast}) runs on the same pairs with the sweep
 * workloads' seeded velocities ({@link SweepBenchmark#velocities}), window [0, 1], tolerance 1e-3.
 * The score is pairs per second; Sepax's kernels must allocate 0 B/op under {@code -prof gc}.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@OperationsPerInvocation(32768)
@Fork(value = 1, jvmArgsAppend = {"--add-modules", "jdk.incubator.vector"})
@State(Scope.Thread)
public class DistanceBenchmark {
    /** The shape cast's window end. */
    static final float CAST_WINDOW = 1f;
    /** The shape cast's contact tolerance (shapes are about 1 across). */
    static final float CAST_TOLERANCE = 1e-3f;

    @Param({"4", "8", "16", "32", "64"})
    int k;

    RoundedShapes shapes;
    PairBatch pairs;
    Distances out;
    Velocities velocities;
    Casts casts;
    int[] as;
    int[] bs;

    @Setup(Level.Trial)
    public void setUp(org.openjdk.jmh.infra.BenchmarkParams params) {
        if (k == 0) {
            RoundedWorkloads.Scene scene = RoundedWorkloads.r8(42);
            shapes = scene.shapes();
            pairs = scene.pairs();
        } else {
            Workloads.Scene scene = Workloads.standard(k, 42);
            shapes = RoundedShapes.of(scene.shapes());
            pairs = scene.pairs();
        }
        if (pairs.size() != 32768) {
            throw new IllegalStateException("k=" + k + " has " + pairs.size() + " pairs, expected 32768");
        }
        out = new Distances(pairs.size());
        velocities = SweepBenchmark.velocities(shapes.size(), 42);
        casts = new Casts(pairs.size());
        as = new int[pairs.size()];
        bs = new int[pairs.size()];
        pairs.copyIndices(as, bs);
        String method = params.getBenchmark().substring(params.getBenchmark().lastIndexOf('.') + 1);
        if (method.startsWith("simd_") || method.startsWith("scalar_")) {
            // Compiled before JMH times it: the vector GJK runs slowly until C2 has it (the peers
            // allocate per call and are warmed by JMH's iterations).
            SteadyState.warm(params, this, pairs.size());
        }
    }

    /** The Vector API kernel; returns the number of touching or overlapping pairs. */
    @Benchmark
    public int simd_distance() {
        return VectorDistance.INSTANCE.distances(shapes, pairs, out);
    }

    /** The scalar reference kernel; returns the number of touching or overlapping pairs. */
    @Benchmark
    public int scalar_distance() {
        return ScalarDistance.INSTANCE.distances(shapes, pairs, out);
    }

    /**
     * The Vector API shape cast (the sweep workloads' velocities, window [0, 1], tolerance
     * 1e-3, cold); returns the number of pairs that hit.
     */
    @Benchmark
    public int simd_cast() {
        return VectorCast.INSTANCE.casts(shapes, velocities, pairs, CAST_WINDOW, CAST_TOLERANCE, casts);
    }

    /** The scalar reference shape cast, as {@link #simd_cast}. */
    @Benchmark
    public int scalar_cast() {
        return ScalarCast.INSTANCE.casts(shapes, velocities, pairs, CAST_WINDOW, CAST_TOLERANCE, casts);
    }

    /** dyn4j {@code Gjk.distance}; returns the sum of distances (so the work cannot be dropped). */
    @Benchmark
    public double dyn4j_distance(Dyn4jShapes d) {
        double sum = 0;
        for (int p = 0; p < as.length; p++) {
            int a = as[p];
            int b = bs[p];
            if (d.gjk.distance(d.convex[a], d.transform[a], d.convex[b], d.transform[b], d.separation)) {
                sum += d.separation.getDistance();
            }
        }
        return sum;
    }

    /** JBox2D {@code Distance.distance} (k 8 or less, or R8); returns the sum of distances. */
    @Benchmark
    public double jbox2d_distance(Box2dShapes j) {
        double sum = 0;
        DistanceInput in = j.input;
        for (int p = 0; p < as.length; p++) {
            in.proxyA = j.proxy[as[p]];
            in.proxyB = j.proxy[bs[p]];
            j.cache.count = 0;
            j.distance.distance(j.output, j.cache, in);
            sum += j.output.distance;
        }
        return sum;
    }

    /** dyn4j forms of the shapes: polygons and segments in world coordinates, circles and capsules placed by a transform. */
    @State(Scope.Thread)
    public static class Dyn4jShapes {
        Convex[] convex;
        Transform[] transform;
        final Gjk gjk = new Gjk();
        final Separation separation = new Separation();

        @Setup(Level.Trial)
        public void build(DistanceBenchmark b) {
            RoundedShapes s = b.shapes;
            convex = new Convex[s.size()];
            transform = new Transform[s.size()];
            for (int i = 0; i < s.size(); i++) {
                Transform t = new Transform();
                int n = s.count(i);
                float r = s.radius(i);
                if (n == 1) {
                    convex[i] = new Circle(r);
                    t.translate(s.pointX(i, 0), s.pointY(i, 0));
                } else if (n == 2) {
                    double dx = s.pointX(i, 1) - s.pointX(i, 0);
                    double dy = s.pointY(i, 1) - s.pointY(i, 0);
                    convex[i] = new Capsule(Math.hypot(dx, dy) + 2 * r, 2 * r);
                    t.rotate(Math.atan2(dy, dx));
                    t.translate((s.pointX(i, 0) + s.pointX(i, 1)) / 2.0, (s.pointY(i, 0) + s.pointY(i, 1)) / 2.0);
                } else {
                    Vector2[] v = new Vector2[n];
                    for (int j = 0; j < n; j++) {
                        v[j] = new Vector2(s.pointX(i, j), s.pointY(i, j));
                    }
                    convex[i] = new Polygon(v);
                }
                transform[i] = t;
            }
        }
    }

    /** JBox2D forms of the shapes as distance proxies (circle, edge with radius, polygon); refuses polygons over 8 vertices. */
    @State(Scope.Thread)
    public static class Box2dShapes {
        Distance.DistanceProxy[] proxy;
        final Distance distance = new Distance();
        final Distance.SimplexCache cache = new Distance.SimplexCache();
        final DistanceInput input = new DistanceInput();
        final DistanceOutput output = new DistanceOutput();

        @Setup(Level.Trial)
        public void build(DistanceBenchmark b) {
            RoundedShapes s = b.shapes;
            if (s.maxCount() > org.jbox2d.common.Settings.maxPolygonVertices) {
                throw new IllegalStateException("jbox2d: k=" + b.k + " has polygons over "
                        + org.jbox2d.common.Settings.maxPolygonVertices + " vertices; skipped");
            }
            proxy = new Distance.DistanceProxy[s.size()];
            for (int i = 0; i < s.size(); i++) {
                int n = s.count(i);
                Shape shape;
                if (n == 1) {
                    CircleShape c = new CircleShape();
                    c.m_p.set(s.pointX(i, 0), s.pointY(i, 0));
                    shape = c;
                } else if (n == 2) {
                    EdgeShape e = new EdgeShape();
                    e.set(new Vec2(s.pointX(i, 0), s.pointY(i, 0)), new Vec2(s.pointX(i, 1), s.pointY(i, 1)));
                    shape = e;
                } else {
                    Vec2[] v = new Vec2[n];
                    for (int j = 0; j < n; j++) {
                        v[j] = new Vec2(s.pointX(i, j), s.pointY(i, j));
                    }
                    PolygonShape p = new PolygonShape();
                    p.set(v, n);
                    shape = p;
                }
                shape.m_radius = s.radius(i);
                proxy[i] = new Distance.DistanceProxy();
                proxy[i].set(shape, 0);
            }
            input.transformA.setIdentity();
            input.transformB.setIdentity();
            input.useRadii = true;
        }
    }
}
