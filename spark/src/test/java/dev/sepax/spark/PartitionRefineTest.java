package dev.sepax.spark;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sepax.shape.ConvexPolygons;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The refine step's shortcut past the store for rings that are certainly not convex. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PartitionRefineTest {
    @Test
    void aRingSaidToTurnBothWaysIsOneTheStoreRefuses() {
        SplittableRandom rnd = new SplittableRandom(41);
        int both = 0;
        int accepted = 0;
        for (int t = 0; t < 200_000; t++) {
            int k = 3 + rnd.nextInt(8);
            float[] xy = new float[2 * k];
            // Small grids (duplicates, collinear runs, spikes), random floats, and nearly
            // collinear vertices at large magnitudes, where the double cross product rounds.
            int kind = t % 3;
            for (int i = 0; i < xy.length; i++) {
                xy[i] = switch (kind) {
                    case 0 -> rnd.nextInt(4);
                    case 1 -> (float) rnd.nextDouble(-10, 10);
                    default -> 1e7f + (i % 2 == 0 ? i / 2 : rnd.nextInt(3)) * (float) Math.ulp(1e7f);
                };
            }
            if (PartitionRefine.turnsBothWays(xy)) {
                both++;
                assertThrows(IllegalArgumentException.class, () -> ConvexPolygons.builder().add(xy),
                        () -> "turns both ways, yet the store accepts " + java.util.Arrays.toString(xy));
            } else {
                try {
                    ConvexPolygons.builder().add(xy);
                    accepted++;
                } catch (IllegalArgumentException e) {
                    // not convex in a way the shortcut leaves to the store (or degenerate)
                }
            }
        }
        assertTrue(both > 50_000 && accepted > 5_000, "both ways " + both + ", accepted " + accepted);
    }

    @Test
    void convexRingsDoNotTurnBothWaysAndAnLDoes() {
        assertFalse(PartitionRefine.turnsBothWays(new float[] {0, 0, 1, 0, 1, 1, 0, 1}));
        assertFalse(PartitionRefine.turnsBothWays(new float[] {0, 0, 0, 1, 1, 1, 1, 0}));
        assertFalse(PartitionRefine.turnsBothWays(new float[] {0, 0, 1, 0, 2, 0, 2, 2, 2, 2}));
        assertTrue(PartitionRefine.turnsBothWays(new float[] {0, 0, 2, 0, 2, 1, 1, 1, 1, 2, 0, 2}));
    }
}
