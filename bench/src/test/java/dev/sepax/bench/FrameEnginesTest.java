package dev.sepax.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sepax.contact.ScalarManifolds;
import dev.sepax.narrow.ScalarSat;
import dev.sepax.shape.ScalarTransform;
import dev.sepax.simd.VectorManifolds;
import dev.sepax.simd.VectorSat;
import dev.sepax.simd.VectorTransform;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The frame benchmark's three engines see the same scene: frame after frame they find nearly
 * the same number of contact points (the peers compute in their own precision and tie-breaks),
 * and the scene has the density it promises.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class FrameEnginesTest {
    @Test
    void theEnginesFindTheSameContactsFrameAfterFrame() {
        int n = 600;
        // The SIMD kernels named, not the facade's: the facade serves the scalar kernels until its
        // warm-up switches (a second or more), so it would compare scalar with scalar here.
        FrameEngines.SepaxFrame sepax = new FrameEngines.SepaxFrame(new FrameScene(n, 42), VectorTransform.INSTANCE,
                VectorSat.INSTANCE, VectorManifolds.INSTANCE).timed();
        FrameEngines.SepaxFrame facade = new FrameEngines.SepaxFrame(new FrameScene(n, 42));
        FrameEngines.SepaxFrame scalar = new FrameEngines.SepaxFrame(new FrameScene(n, 42), ScalarTransform.INSTANCE, ScalarSat.INSTANCE,
                ScalarManifolds.INSTANCE);
        FrameEngines.Jbox2dFrame box2d = new FrameEngines.Jbox2dFrame(new FrameScene(n, 42));
        FrameEngines.Dyn4jFrame dyn4j = new FrameEngines.Dyn4jFrame(new FrameScene(n, 42));
        long sum = 0;
        long pairs = 0;
        long hits = 0;
        for (int f = 0; f < 100; f++) {
            int s = sepax.frame();
            assertEquals(scalar.frame(), s, "frame " + f + ": SIMD and scalar frames differ");
            assertEquals(s, facade.frame(), "frame " + f + ": the facade's frame differs");
            int b = box2d.frame();
            int d = dyn4j.frame();
            // Exactly touching pairs and float-versus-double rounding may differ by a few points.
            assertTrue(Math.abs(s - b) <= 2 + s / 50, "frame " + f + ": sepax " + s + " vs jbox2d " + b);
            assertTrue(Math.abs(s - d) <= 2 + s / 20, "frame " + f + ": sepax " + s + " vs dyn4j " + d);
            sum += s;
            pairs += sepax.pairs();
            hits += sepax.hits();
        }
        double pairsPerBody = pairs / 100.0 / n;
        double hitsPerBody = hits / 100.0 / n;
        System.out.printf("F%d: %.2f candidate pairs and %.2f hits per body, %.1f points per frame%n",
                n, pairsPerBody, hitsPerBody, sum / 100.0);
        assertTrue(pairsPerBody > 1.5 && pairsPerBody < 4, "candidate pairs per body " + pairsPerBody);
        assertTrue(hitsPerBody > 0.8 && hitsPerBody < 3, "hits per body " + hitsPerBody);
    }
}
