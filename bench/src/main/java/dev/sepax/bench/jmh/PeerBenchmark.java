package dev.sepax.bench.jmh;

import dev.sepax.bench.Peers;
import dev.sepax.bench.Workloads;
import dev.sepax.batch.PairBatch;
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
 * Peer baselines on the standard workload Wk: the same 32 768 candidate pairs, each answered by
 * a peer library's own intersection test (see {@link Peers} for the exact calls and their
 * conventions). Shapes are converted in the trial setup; the peers allocate per pair, which
 * {@code -prof gc} shows. The score is pairs per second.
 *
 * <p>JBox2D holds at most 8 vertices per polygon: for k above 8 its setup fails on purpose, so
 * JMH records no score rather than a meaningless one ({@code ./sepax bench} runs it for k 4 and
 * 8 only).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@OperationsPerInvocation(32768)
@Fork(value = 1, jvmArgsAppend = {"--add-modules", "jdk.incubator.vector"})
@State(Scope.Thread)
public class PeerBenchmark {
    @Param({"4", "8", "16", "32", "64", "128", "256"})
    int k;

    Peers peers;
    int[] as;
    int[] bs;

    @Setup(Level.Trial)
    public void setUp() {
        Workloads.Scene scene = Workloads.standard(k, 42);
        PairBatch pairs = scene.pairs();
        if (pairs.size() != 32768) {
            throw new IllegalStateException("W" + k + " has " + pairs.size() + " pairs, expected 32768");
        }
        peers = new Peers(scene.shapes());
        as = new int[pairs.size()];
        bs = new int[pairs.size()];
        pairs.copyIndices(as, bs);
    }

    /** dyn4j {@code Sat.detect}; returns the number of intersecting pairs. */
    @Benchmark
    public int dyn4j_sat() {
        int hits = 0;
        for (int p = 0; p < as.length; p++) {
            hits += peers.dyn4jSat(as[p], bs[p]) ? 1 : 0;
        }
        return hits;
    }

    /** dyn4j {@code Gjk.detect}; returns the number of intersecting pairs. */
    @Benchmark
    public int dyn4j_gjk() {
        int hits = 0;
        for (int p = 0; p < as.length; p++) {
            hits += peers.dyn4jGjk(as[p], bs[p]) ? 1 : 0;
        }
        return hits;
    }

    /** JBox2D {@code Collision.collidePolygons} (k at most 8); returns the number of pairs with contact points. */
    @Benchmark
    public int jbox2d(Box2dOnly guard) {
        int hits = 0;
        for (int p = 0; p < as.length; p++) {
            hits += peers.jbox2d(as[p], bs[p]) ? 1 : 0;
        }
        return hits;
    }

    /** MTV peer: dyn4j {@code Sat.detect} with a {@code Penetration}; returns the number of intersecting pairs. */
    @Benchmark
    public int dyn4j_mtv() {
        int hits = 0;
        for (int p = 0; p < as.length; p++) {
            hits += peers.dyn4jMtv(as[p], bs[p]) >= 0 ? 1 : 0;
        }
        return hits;
    }

    /**
     * MTV peer: JBox2D {@code Collision.collidePolygons} (axis of least penetration, then the
     * clipped manifold; k at most 8); returns the total number of contact points.
     */
    @Benchmark
    public int jbox2d_mtv(Box2dOnly guard) {
        int points = 0;
        for (int p = 0; p < as.length; p++) {
            points += peers.jbox2dMtv(as[p], bs[p]);
        }
        return points;
    }

    /** JTS {@code Polygon.intersects}; returns the number of intersecting pairs. */
    @Benchmark
    public int jts() {
        int hits = 0;
        for (int p = 0; p < as.length; p++) {
            hits += peers.jts(as[p], bs[p]) ? 1 : 0;
        }
        return hits;
    }

    /** Fails the trial for workloads JBox2D cannot hold, so no bogus score is recorded. */
    @State(Scope.Thread)
    public static class Box2dOnly {
        @Setup(Level.Trial)
        public void check(PeerBenchmark b) {
            if (!b.peers.hasJbox2d()) {
                throw new IllegalStateException("jbox2d: W" + b.k + " has polygons over "
                        + org.jbox2d.common.Settings.maxPolygonVertices + " vertices; skipped");
            }
        }
    }
}
