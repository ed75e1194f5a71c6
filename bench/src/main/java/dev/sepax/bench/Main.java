package dev.sepax.bench;

import dev.sepax.core.OverlapBits;
import dev.sepax.core.SatKernel;
import dev.sepax.core.Sepax;

/** The command-line main job. For now: a small demo scene, verdict counts and throughput. */
public final class Main {
    private Main() {}

    public static void main(String[] args) {
        Workloads.Scene scene = Workloads.scene("demo", 20_000, 3, 16, 160_000, 42L);
        System.out.printf("scene: %d shapes, %d candidate pairs%n", scene.shapes().size(), scene.pairs().size());
        OverlapBits ref = null;
        for (SatKernel k : new SatKernel[] {Sepax.textbook(), Sepax.scalar(), Sepax.kernel()}) {
            OverlapBits out = new OverlapBits(scene.pairs().size());
            int hits = 0;
            long best = Long.MAX_VALUE;
            for (int rep = 0; rep < 15; rep++) {
                long t0 = System.nanoTime();
                hits = k.test(scene.shapes(), scene.pairs(), 0f, out);
                best = Math.min(best, System.nanoTime() - t0);
            }
            if (ref == null) {
                ref = out;
            }
            System.out.printf("%-9s hits=%d  %.1f M pairs/s  differs-from-textbook-at=%d%n", k.name(), hits,
                    scene.pairs().size() / (best / 1e9) / 1e6, ref.firstDifference(out, scene.pairs().size()));
        }
    }
}
