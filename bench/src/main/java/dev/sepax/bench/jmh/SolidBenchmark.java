package dev.sepax.bench.jmh;

import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.bench.NativeBulletPeer;
import dev.sepax.bench.SolidPeers;
import dev.sepax.bench.SolidWorkloads;
import dev.sepax.simd.VectorHullPenetration;
import dev.sepax.simd.VectorHullSat;
import dev.sepax.solid.HullPenetrations;
import dev.sepax.solid.ScalarHullPenetration;
import dev.sepax.solid.ScalarHullSat;
import dev.sepax.solid.UnprunedHullSat;
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
 * The 3D hull workloads {@code H8..H64} ({@link SolidWorkloads}): 32 768 pairs per operation,
 * score in pairs per second. {@code simd_hull} is {@link VectorHullSat}, the SIMD
 * kernel the facade selects, {@code scalar_hull} the pruned scalar reference,
 * {@code unpruned_hull} every edge pair with full projections, {@code jbullet_hull} JBullet's
 * GJK/EPA per pair ({@link SolidPeers}), which also computes the distance or penetration depth.
 * {@code simd_hull_mtv} and {@code scalar_hull_mtv} are the 3D MTV ({@link VectorHullPenetration},
 * {@link ScalarHullPenetration}): depth, normal and features for every pair.
 * {@code bulletjme_hull} is native Bullet's contact pair test through Libbulletjme
 * ({@link NativeBulletPeer}), built only for that benchmark (its library ships for Linux x86-64).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@OperationsPerInvocation(SolidWorkloads.PAIRS)
@Fork(value = 1, jvmArgsAppend = {"--add-modules", "jdk.incubator.vector", "--enable-native-access=ALL-UNNAMED"})
@State(Scope.Thread)
public class SolidBenchmark {
    @Param({"H8", "H16", "H32", "H64"})
    String solid;

    SolidWorkloads.Hulls scene;
    OverlapBits out;
    HullPenetrations mtv;
    SolidPeers peers;
    NativeBulletPeer bullet;
    int[] as;
    int[] bs;

    @Setup(Level.Trial)
    public void setUp(org.openjdk.jmh.infra.BenchmarkParams params) {
        scene = SolidWorkloads.hulls(solid, 42);
        PairBatch pairs = scene.pairs();
        out = new OverlapBits(pairs.size());
        mtv = new HullPenetrations(pairs.size());
        peers = new SolidPeers(scene.points());
        if (params.getBenchmark().endsWith(".bulletjme_hull")) {
            bullet = new NativeBulletPeer(scene.points());
        }
        as = new int[pairs.size()];
        bs = new int[pairs.size()];
        pairs.copyIndices(as, bs);
        String method = params.getBenchmark().substring(params.getBenchmark().lastIndexOf('.') + 1);
        if (!method.startsWith("jbullet") && !method.startsWith("bulletjme")) {
            // Sepax kernels only: the peers allocate per call, so they never look steady to it
            // and would spend its whole cap; JMH's warm-up iterations warm them.
            SteadyState.warm(params, this, scene.pairs().size());
        }
    }

    @Benchmark
    public int simd_hull() {
        return VectorHullSat.INSTANCE.test(scene.world(), scene.pairs(), 0f, out);
    }

    @Benchmark
    public int scalar_hull() {
        return ScalarHullSat.INSTANCE.test(scene.world(), scene.pairs(), 0f, out);
    }

    @Benchmark
    public int simd_hull_mtv() {
        return VectorHullPenetration.INSTANCE.penetrations(scene.world(), scene.pairs(), mtv);
    }

    @Benchmark
    public int scalar_hull_mtv() {
        return ScalarHullPenetration.INSTANCE.penetrations(scene.world(), scene.pairs(), mtv);
    }

    @Benchmark
    public int unpruned_hull() {
        return UnprunedHullSat.INSTANCE.test(scene.world(), scene.pairs(), 0f, out);
    }

    @Benchmark
    public int jbullet_hull() {
        int hits = 0;
        for (int p = 0; p < as.length; p++) {
            hits += peers.jbullet(as[p], bs[p]) ? 1 : 0;
        }
        return hits;
    }

    @Benchmark
    public int bulletjme_hull() {
        int hits = 0;
        for (int p = 0; p < as.length; p++) {
            hits += bullet.intersects(as[p], bs[p]) ? 1 : 0;
        }
        return hits;
    }
}
