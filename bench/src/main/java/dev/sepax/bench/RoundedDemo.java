package dev.sepax.bench;

import dev.sepax.Sepax;
import dev.sepax.batch.Casts;
import dev.sepax.batch.Distances;
import dev.sepax.batch.PairBatch;
import dev.sepax.batch.Penetrations;
import dev.sepax.contact.ContactManifolds;
import dev.sepax.contact.RoundedManifoldKernel;
import dev.sepax.contact.ScalarRoundedManifolds;
import dev.sepax.narrow.CastKernel;
import dev.sepax.narrow.DistanceKernel;
import dev.sepax.narrow.RoundedPenetrationKernel;
import dev.sepax.narrow.ScalarCast;
import dev.sepax.narrow.ScalarDistance;
import dev.sepax.narrow.ScalarRoundedPenetration;
import dev.sepax.shape.RoundedShapes;
import dev.sepax.shape.Velocities;
import java.util.Arrays;
import java.util.List;

/**
 * The rounded-shape part of {@code ./sepax demo}: the workload R8 (circles, capsules and 8-gons
 * mixed, 32 768 candidate pairs) through the distance, penetration, manifold and shape-cast
 * queries, each with its scalar reference and the facade's kernel; the outputs must agree bit
 * for bit.
 */
final class RoundedDemo {
    private RoundedDemo() {}

    /**
     * Adds the rows of the rounded queries to {@code stages}, best of {@code reps} (after a short
     * warm-up of each kernel); returns the name of the first query whose outputs differ, or null.
     */
    static String run(List<Demo.Stage> stages, int reps, Progress progress) {
        RoundedWorkloads.Scene scene = RoundedWorkloads.r8(42);
        RoundedShapes s = scene.shapes();
        PairBatch pairs = scene.pairs();
        int m = pairs.size();
        String differs = null;

        DistanceKernel distance = Sepax.distance();
        RoundedPenetrationKernel mtv = Sepax.roundedPenetration();
        RoundedManifoldKernel manifolds = Sepax.roundedManifolds();
        CastKernel cast = Sepax.cast();
        // As a caller would: the rounded kernels' warm-up switches settle before they are timed.
        Sepax.warmUp();
        Distances dRef = new Distances(m);
        Distances dSel = new Distances(m);
        int[] hits = new int[2];
        double tRef = time(reps, () -> hits[0] = ScalarDistance.INSTANCE.distances(s, pairs, dRef), progress, "distance scalar");
        double tSel = time(reps, () -> hits[1] = distance.distances(s, pairs, dSel), progress, "distance " + distance.name());
        add(stages, "rounded R8: distance", distance.name(), m, hits, tRef, tSel, "Sepax.distance() (GJK)");
        if (!Arrays.equals(dRef.distances(), dSel.distances()) || !Arrays.equals(dRef.normalXs(), dSel.normalXs())) {
            differs = "distance";
        }

        Penetrations pRef = new Penetrations(m);
        Penetrations pSel = new Penetrations(m);
        tRef = time(reps, () -> hits[0] = ScalarRoundedPenetration.INSTANCE.penetrations(s, pairs, pRef), progress, "MTV scalar");
        tSel = time(reps, () -> hits[1] = mtv.penetrations(s, pairs, pSel), progress, "MTV " + mtv.name());
        add(stages, "rounded R8: MTV", mtv.name(), m, hits, tRef, tSel, "Sepax.roundedPenetration()");
        if (differs == null && (!Arrays.equals(pRef.depths(), pSel.depths()) || !Arrays.equals(pRef.axes(), pSel.axes()))) {
            differs = "penetration";
        }

        ContactManifolds mRef = new ContactManifolds(m);
        ContactManifolds mSel = new ContactManifolds(m);
        tRef = time(reps, () -> hits[0] = ScalarRoundedManifolds.INSTANCE.manifolds(s, pairs, 0f, pRef, mRef), progress,
                "manifolds scalar");
        tSel = time(reps, () -> hits[1] = manifolds.manifolds(s, pairs, 0f, pSel, mSel), progress,
                "manifolds " + manifolds.name());
        add(stages, "rounded R8: manifolds", manifolds.name(), m, hits, tRef, tSel, "Sepax.roundedManifolds()");
        if (differs == null && (!Arrays.equals(mRef.pointXs(), mSel.pointXs()) || !Arrays.equals(mRef.ids(), mSel.ids()))) {
            differs = "manifolds";
        }

        Velocities v = velocities(s.size());
        Casts cRef = new Casts(m);
        Casts cSel = new Casts(m);
        tRef = time(reps, () -> hits[0] = ScalarCast.INSTANCE.casts(s, v, pairs, 1f, 1e-3f, cRef), progress, "cast scalar");
        tSel = time(reps, () -> hits[1] = cast.casts(s, v, pairs, 1f, 1e-3f, cSel), progress, "cast " + cast.name());
        add(stages, "rounded R8: shape cast", cast.name(), m, hits, tRef, tSel, "Sepax.cast(), window [0, 1]");
        if (differs == null && (!Arrays.equals(cRef.times(), cSel.times()) || !Arrays.equals(cRef.exits(), cSel.exits()))) {
            differs = "cast";
        }
        return differs;
    }

    /** Velocities with components in [-2, 2), seeded (the sweep benchmarks' convention). */
    private static Velocities velocities(int n) {
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(42);
        Velocities v = new Velocities(n);
        for (int i = 0; i < n; i++) {
            v.set(i, (float) rnd.nextDouble(-2, 2), (float) rnd.nextDouble(-2, 2));
        }
        return v;
    }

    private static void add(List<Demo.Stage> stages, String name, String selected, int m, int[] hits, double tRef,
                            double tSel, String note) {
        stages.add(new Demo.Stage(name + ", scalar", m, hits[0], tRef, 1.0, "reference kernel"));
        stages.add(new Demo.Stage(name + ", " + selected, m, hits[1], tSel, tRef / tSel, note));
    }

    /** Warms {@code r} up (20 runs), then its best time of {@code reps}. */
    private static double time(int reps, Runnable r, Progress progress, String what) {
        Demo.best(20, r, progress, "rounded warm-up " + what);
        return Demo.best(reps, r, progress, "rounded " + what);
    }
}
