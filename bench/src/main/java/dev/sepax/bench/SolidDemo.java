package dev.sepax.bench;

import dev.sepax.Sepax;
import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.solid.BoxOverlapKernel;
import dev.sepax.solid.ConvexPolyhedra;
import dev.sepax.solid.HullOverlapKernel;
import dev.sepax.solid.HullPenetrationKernel;
import dev.sepax.solid.HullPenetrations;
import dev.sepax.solid.ScalarHullPenetration;
import dev.sepax.solid.ScalarHullSat;
import dev.sepax.solid.ScalarObbSat;
import java.util.Arrays;
import java.util.List;

/**
 * The 3D part of {@code ./sepax demo}: the first {@value #HULL_PAIRS} candidate pairs of the hull
 * workload H16 through the boolean hull test and the hull MTV, and the OBB workload's 32 768
 * pairs through the box test, each with its scalar reference and the facade's kernel; the outputs
 * must agree bit for bit.
 */
final class SolidDemo {
    /** Hull pairs timed: a slice of H16 (its full 32 768 pairs take seconds per scalar pass). */
    static final int HULL_PAIRS = 4096;

    private SolidDemo() {}

    /**
     * Adds the rows of the 3D queries to {@code stages}, best of {@code reps} (after a short
     * warm-up of each kernel); returns the name of the first query whose outputs differ, or null.
     */
    static String run(List<Demo.Stage> stages, int reps, Progress progress) {
        SolidWorkloads.Hulls hulls = SolidWorkloads.hulls("H16", 42);
        ConvexPolyhedra w = hulls.world();
        PairBatch pairs = hulls.pairs();
        int m = Math.min(HULL_PAIRS, pairs.size());
        String differs = null;
        HullOverlapKernel overlap = Sepax.hullOverlap();
        HullPenetrationKernel mtv = Sepax.hullPenetration();
        BoxOverlapKernel box = Sepax.boxOverlap();
        // As a caller would: the 3D kernels' warm-up switches settle before they are timed.
        Sepax.warmUp();
        int[] hits = new int[2];

        OverlapBits bRef = new OverlapBits(m);
        OverlapBits bSel = new OverlapBits(m);
        double tRef = time(reps, () -> hits[0] = ScalarHullSat.INSTANCE.test(w, pairs, 0, m, 0f, bRef, null), progress,
                "hull overlap scalar");
        double tSel = time(reps, () -> hits[1] = overlap.test(w, pairs, 0, m, 0f, bSel, null), progress,
                "hull overlap " + overlap.name());
        add(stages, "3D H16: hull overlap", overlap.name(), m, hits, tRef, tSel, "Sepax.hullOverlap(), Gauss-map pruning");
        if (bRef.firstDifference(bSel, m) >= 0 || hits[0] != hits[1]) {
            differs = "hull overlap";
        }

        HullPenetrations pRef = new HullPenetrations(m);
        HullPenetrations pSel = new HullPenetrations(m);
        tRef = time(reps, () -> hits[0] = ScalarHullPenetration.INSTANCE.penetrations(w, pairs, 0, m, pRef), progress,
                "hull MTV scalar");
        tSel = time(reps, () -> hits[1] = mtv.penetrations(w, pairs, 0, m, pSel), progress, "hull MTV " + mtv.name());
        add(stages, "3D H16: hull MTV", mtv.name(), m, hits, tRef, tSel, "Sepax.hullPenetration(): depth, normal, features");
        if (differs == null && (!Arrays.equals(pRef.depths(), pSel.depths()) || !Arrays.equals(pRef.axes(), pSel.axes())
                || !Arrays.equals(pRef.normalXs(), pSel.normalXs()) || !Arrays.equals(pRef.normalZs(), pSel.normalZs()))) {
            differs = "hull MTV";
        }

        SolidWorkloads.Boxes boxes = SolidWorkloads.boxes(42);
        int nb = boxes.pairs().size();
        OverlapBits oRef = new OverlapBits(nb);
        OverlapBits oSel = new OverlapBits(nb);
        tRef = time(reps, () -> hits[0] = ScalarObbSat.INSTANCE.test(boxes.boxes(), boxes.pairs(), 0f, oRef), progress,
                "box overlap scalar");
        tSel = time(reps, () -> hits[1] = box.test(boxes.boxes(), boxes.pairs(), 0f, oSel), progress,
                "box overlap " + box.name());
        add(stages, "3D OBB: box overlap", box.name(), nb, hits, tRef, tSel, "Sepax.boxOverlap(), 15 axes");
        if (differs == null && (oRef.firstDifference(oSel, nb) >= 0 || hits[0] != hits[1])) {
            differs = "box overlap";
        }
        return differs;
    }

    private static void add(List<Demo.Stage> stages, String name, String selected, int m, int[] hits, double tRef,
                            double tSel, String note) {
        stages.add(new Demo.Stage(name + ", scalar", m, hits[0], tRef, 1.0, "reference kernel"));
        stages.add(new Demo.Stage(name + ", " + selected, m, hits[1], tSel, tRef / tSel, note));
    }

    /** Warms {@code r} up (10 runs), then its best time of {@code reps}. */
    private static double time(int reps, Runnable r, Progress progress, String what) {
        Demo.best(10, r, progress, "3D warm-up " + what);
        return Demo.best(reps, r, progress, "3D " + what);
    }
}
