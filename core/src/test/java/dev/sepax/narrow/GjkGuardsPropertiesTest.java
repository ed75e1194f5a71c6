package dev.sepax.narrow;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.sepax.batch.Distances;
import dev.sepax.testing.RoundedFixtures;
import dev.sepax.shape.RoundedShapes;
import dev.sepax.testing.PropertyTimeout;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import org.junit.jupiter.api.Timeout;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.statistics.Statistics;

/** The termination guards on random near-touching and deep pairs (see {@link GjkGuardsTest}). */
@Timeout(60)
@AddLifecycleHook(PropertyTimeout.class)
class GjkGuardsPropertiesTest {
    private static Distances run(RoundedShapes s, int a, int b) {
        Distances out = new Distances(1);
        ScalarDistance.INSTANCE.distance(s, a, b, out, 0);
        return out;
    }

    @Property(tries = 1500)
    void nearTouchingPairsEndWithinTheCapAtTheTrueDistance(@ForAll long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        RoundedShapes s = RoundedFixtures.randomPair(rnd, 40);
        Distances first = run(s, 0, 1);
        // Move B along the normal until the gap is a few ulps either side of touching.
        double gap = first.distance(0);
        double scale = Math.abs(s.pointX(0, 0)) + Math.abs(s.pointY(0, 0)) + 1;
        double eps = scale * 0x1p-23 * rnd.nextInt(-4, 5);
        double move = -(gap - eps);
        RoundedShapes near = first.normalX(0) == 0 && first.normalY(0) == 0 ? s
                : RoundedFixtures.withBMoved(s, 0, 1, move * first.normalX(0), move * first.normalY(0));
        Distances d = run(near, 0, 1);
        Statistics.collect(GjkGuardsTest.name(d.exit(0)));
        GjkGuardsTest.assertSane(near, d, near.kind(0) + "/" + near.kind(1));
    }

    @Property(tries = 800)
    void deepPairsEndInOverlap(@ForAll long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        RoundedShapes s = RoundedFixtures.randomPair(rnd, 40);
        float[] c = s.core(0);
        float[] moved = c.clone();
        double tiny = (Math.abs(c[0]) + 1) * 1e-5;
        for (int i = 0; i < moved.length; i += 2) {
            moved[i] = (float) (moved[i] + tiny);
        }
        // A radius beyond the offset, so that points and segments overlap too.
        float r = (float) (s.radius(0) + 10 * tiny);
        RoundedShapes deep = RoundedShapes.builder().add(r, c).add(r, moved).build();
        Distances d = run(deep, 0, 1);
        assertEquals(0f, d.distance(0));
        GjkGuardsTest.assertSane(deep, d, deep.kind(0).toString());
    }

}
