package dev.sepax.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.sepax.testing.PropertyTimeout;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import org.junit.jupiter.api.Timeout;

/**
 * The cells tile the plane: for tiny samples (0 to 5 points on a 7 x 7 grid, so centres repeat
 * and most nodes get no sample) and up to 64 leaves, every point lies in the cell of exactly
 * one leaf, the one {@link KdbPartitioning#leafOf} gives. The probes are the cuts themselves,
 * the floats beside them, grid points and the extremes: where a cell bound that strays outside
 * its parent's cell would make two cells claim the same reference point.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@AddLifecycleHook(PropertyTimeout.class)
class KdbCellsPropertiesTest {
    /**
     * {@code points}: each encodes a sample point, {@code x = v % 7 - 3}, {@code y = v / 7 % 7 - 3},
     * weight {@code 1 + v / 49}.
     */
    @Property(tries = 1000)
    void everyPointLiesInTheCellOfItsLeafOnly(@ForAll @Size(max = 5) List<@IntRange(min = 0, max = 146) Integer> points,
                                               @ForAll @IntRange(min = 1, max = 64) int n, @ForAll long seed) {
        int m = points.size();
        float[] xs = new float[m];
        float[] ys = new float[m];
        double[] ws = new double[m];
        for (int i = 0; i < m; i++) {
            int v = points.get(i);
            xs[i] = v % 7 - 3;
            ys[i] = v / 7 % 7 - 3;
            ws[i] = 1 + v / 49;
        }
        KdbPartitioning k = KdbPartitioning.build(n, xs, ys, ws);
        float[][] cells = new float[n][];
        for (int leaf = 0; leaf < n; leaf++) {
            cells[leaf] = k.cell(leaf);
        }
        List<Float> values = new ArrayList<>();
        for (float c : k.cuts()) {
            values.add(c);
            values.add(Math.nextUp(c));
            values.add(Math.nextDown(c));
        }
        for (int i = -20; i <= 20; i++) {
            values.add(i / 4f);
        }
        values.addAll(List.of(Float.NEGATIVE_INFINITY, Float.POSITIVE_INFINITY, -Float.MAX_VALUE, Float.MAX_VALUE,
                -0f, Float.MIN_VALUE));
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int t = 0; t < 300; t++) {
            float x = values.get(rnd.nextInt(values.size()));
            float y = values.get(rnd.nextInt(values.size()));
            int expected = k.leafOf(x, y);
            int owners = 0;
            for (int leaf = 0; leaf < n; leaf++) {
                if (KdbPartitioning.contains(cells[leaf], x, y)) {
                    owners++;
                    assertEquals(expected, leaf, "n=" + n + " point (" + x + ", " + y + ") in the cell of leaf " + leaf
                            + " " + java.util.Arrays.toString(cells[leaf]) + "; leafOf says " + expected);
                }
            }
            assertEquals(1, owners, "n=" + n + " point (" + x + ", " + y + "): cells holding it");
        }
    }
}
