package dev.sepax.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sepax.batch.PairBatch;
import dev.sepax.batch.Penetrations;
import dev.sepax.narrow.ScalarPenetration;
import dev.sepax.narrow.ScalarSat;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Inputs that used to slip past the entry checks of {@link Poses} and {@link Velocities}. */
@Timeout(value = 1, unit = TimeUnit.MINUTES)
class PoseAndVelocityBoundsTest {
    @Test
    void aRotationOffUnitLengthIsRenormalisedSoAGapStaysAGap() {
        // Two unit squares 2e-4 apart; square 0's pose is the identity rotation given 4e-4 long.
        ConvexPolygons local = ConvexPolygons.of(
                new float[] {0, 0, 1, 0, 1, 1, 0, 1},
                new float[] {1.0002f, 0, 2.0002f, 0, 2.0002f, 1, 1.0002f, 1});
        ConvexPolygons world = local.newWorldStore();
        new Poses(2).setCosSin(0, 0, 0, 1.0004f, 0).transform(local, world);
        assertEquals(1f, world.maxX(0), "the pose scaled the square");
        assertFalse(ScalarSat.INSTANCE.intersects(world, 0, 1, 0f), "a 2e-4 gap read as an overlap");
        Penetrations out = new Penetrations(1);
        ScalarPenetration.INSTANCE.penetrations(world, PairBatch.of(new int[] {0}, new int[] {1}, world), out);
        assertEquals(-2e-4f, out.depth(0), 1e-6f);
    }

    @Test
    void aRotationWithinFloatRoundingKeepsItsBits() {
        double angle = 0.7;
        float c = (float) Math.cos(angle);
        float s = (float) Math.sin(angle);
        ConvexPolygons local = ConvexPolygons.of(new float[] {1, 0, 2, 0, 2, 1});
        ConvexPolygons viaAngle = local.newWorldStore();
        ConvexPolygons viaCosSin = local.newWorldStore();
        new Poses(1).set(0, 3, 4, angle).transform(local, viaAngle);
        new Poses(1).setCosSin(0, 3, 4, c, s).transform(local, viaCosSin);
        assertEquals(c * 1f - s * 0f + 3f, viaCosSin.vertices(0)[0]);
        assertTrue(java.util.Arrays.equals(viaAngle.vertices(0), viaCosSin.vertices(0)));
    }

    @Test
    void velocitiesBeyondTheBoundAreRefusedNamingTheShape() {
        Velocities v = new Velocities(3);
        // 3e38 - (-3e38) overflows to infinity in the sweep's relative velocity.
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> v.set(2, 3e38f, 0));
        assertEquals("shape=2: velocity (vx=3.0E38, vy=0.0) beyond +-2^60 (relative velocities would overflow)",
                e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> v.set(0, 0, -Float.MAX_VALUE));
        assertThrows(IllegalArgumentException.class,
                () -> Velocities.of(new float[] {0, 0x1p61f}, new float[] {0, 0}));
        v.set(1, 0x1p60f, -0x1p60f); // Velocities.MAX_SPEED itself is accepted
        assertEquals(0x1p60f, v.vx(1));
    }
}
