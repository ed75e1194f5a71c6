package dev.sepax.narrow;

import dev.sepax.Sepax;
import dev.sepax.batch.PairBatch;
import dev.sepax.batch.SweepResults;
import dev.sepax.shape.ConvexPolygons;
import dev.sepax.shape.Velocities;

import static dev.sepax.testing.SweepCases.box;
import static dev.sepax.testing.SweepCases.movedTo;
import static dev.sepax.testing.SweepCases.sweepOne;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Small hand-computed cases of the swept test, one behaviour each (ScalarSweep, the reference). */
class SweepExamplesTest {
    private static final SweepKernel K = ScalarSweep.INSTANCE;

    private static Velocities velocities(float vax, float vay, float vbx, float vby) {
        return new Velocities(2).set(0, vax, vay).set(1, vbx, vby);
    }

    @Test
    void headOnBoxesMeetAndPartAtTheHandComputedTimes() {
        // B = [3,4]x[0,1] moves left at 1 past A = [0,1]^2: contact while 3 - t <= 1 and 4 - t >= 0.
        ConvexPolygons s = ConvexPolygons.of(box(0, 0, 1, 1), box(3, 0, 4, 1));
        SweepResults r = sweepOne(K, s, velocities(0, 0, -1, 0), 10f);
        assertTrue(r.hit(0));
        assertEquals(2f, r.tFirst(0));
        assertEquals(4f, r.tLast(0));
        assertEquals(1f, r.normalX(0)); // from A to B: B arrives from the right
        assertEquals(0f, r.normalY(0));
    }

    @Test
    void onlyRelativeVelocityMatters() {
        ConvexPolygons s = ConvexPolygons.of(box(0, 0, 1, 1), box(3, 0, 4, 1));
        SweepResults r = sweepOne(K, s, velocities(0.5f, 0, -0.5f, 0), 10f);
        assertEquals(2f, r.tFirst(0));
        assertEquals(4f, r.tLast(0));
    }

    @Test
    void contactAfterTheWindowIsAMiss() {
        ConvexPolygons s = ConvexPolygons.of(box(0, 0, 1, 1), box(3, 0, 4, 1));
        SweepResults r = sweepOne(K, s, velocities(0, 0, -1, 0), 1.5f);
        assertFalse(r.hit(0));
        assertTrue(Float.isNaN(r.tFirst(0)) && Float.isNaN(r.tLast(0)));
        assertEquals(0f, r.normalX(0));
        assertEquals(0f, r.normalY(0));
    }

    @Test
    void contactExactlyAtTheEndOfTheWindowCounts() {
        ConvexPolygons s = ConvexPolygons.of(box(0, 0, 1, 1), box(3, 0, 4, 1));
        SweepResults r = sweepOne(K, s, velocities(0, 0, -1, 0), 2f);
        assertTrue(r.hit(0));
        assertEquals(2f, r.tFirst(0));
        assertEquals(2f, r.tLast(0)); // capped at tMax
    }

    @Test
    void alreadyOverlappingPairsReportTimeZeroAndTheirEntryAxis() {
        // B = [0.5,1.5]x[0,1] moving right at 1 entered through A's right side at t = -0.5.
        ConvexPolygons s = ConvexPolygons.of(box(0, 0, 1, 1), box(0.5f, 0, 1.5f, 1));
        SweepResults r = sweepOne(K, s, velocities(0, 0, -1, 0), 10f);
        assertTrue(r.hit(0));
        assertEquals(0f, r.tFirst(0));
        assertEquals(1.5f, r.tLast(0)); // B's right side passes x = 0 at t = 1.5
        assertEquals(1f, r.normalX(0));
    }

    @Test
    void movingApartAfterTouchingEndsContactAtTimeZero() {
        ConvexPolygons s = ConvexPolygons.of(box(0, 0, 1, 1), box(1, 0, 2, 1)); // touching
        SweepResults r = sweepOne(K, s, velocities(0, 0, 1, 0), 1f);
        assertTrue(r.hit(0));
        assertEquals(0f, r.tFirst(0));
        assertEquals(0f, r.tLast(0));
        assertEquals(0, Float.floatToRawIntBits(r.tLast(0)), "never -0");
    }

    @Test
    void movingApartMisses() {
        ConvexPolygons s = ConvexPolygons.of(box(0, 0, 1, 1), box(3, 0, 4, 1));
        assertFalse(sweepOne(K, s, velocities(0, 0, 1, 0.5f), 100f).hit(0));
    }

    @Test
    void aFastSmallShapeDoesNotTunnelThroughAThinWall() {
        // Wall 0.01 thick; bullet 0.02 wide, 5 to the left, moving 1000 per time unit: in the
        // window [0, 0.1] it travels 100 and is far past the wall at both ends of the step.
        ConvexPolygons s = ConvexPolygons.of(box(0, -10, 0.01f, 10), box(-5.02f, -0.01f, -5f, 0.01f));
        Velocities v = velocities(0, 0, 1000, 0);
        ScalarSat sat = ScalarSat.INSTANCE;
        assertFalse(sat.intersects(movedTo(s, v, 0f), 0, 1, 0f));
        assertFalse(sat.intersects(movedTo(s, v, 0.1f), 0, 1, 0f));
        SweepResults r = sweepOne(K, s, v, 0.1f);
        assertTrue(r.hit(0));
        assertEquals(5f / 1000, r.tFirst(0), 1e-6f);
        assertEquals(5.03f / 1000, r.tLast(0), 1e-6f);
        assertEquals(-1f, r.normalX(0)); // B comes from A's left
        assertTrue(sat.intersects(movedTo(s, v, (r.tFirst(0) + r.tLast(0)) / 2), 0, 1, 0f));
    }

    @Test
    void slidingAlongASharedEdgeStaysInContactUntilTheEndsPass() {
        // B sits on A's top edge and slides right: the y axes have rate 0 and separation 0.
        ConvexPolygons s = ConvexPolygons.of(box(0, 0, 2, 1), box(0, 1, 1, 2));
        SweepResults r = sweepOne(K, s, velocities(0, 0, 1, 0), 5f);
        assertTrue(r.hit(0));
        assertEquals(0f, r.tFirst(0));
        assertEquals(2f, r.tLast(0)); // B's left side leaves x = 2
    }

    @Test
    void slidingParallelWithAGapNeverTouches() {
        ConvexPolygons s = ConvexPolygons.of(box(0, 0, 2, 1), box(-5, 1.001f, -4, 2));
        assertFalse(sweepOne(K, s, velocities(0, 0, 1, 0), 100f).hit(0));
    }

    @Test
    void slidingParallelToASlantedEdge() {
        // A's hypotenuse runs from (2,0) to (0,2); B is a triangle just outside it, moving along it.
        ConvexPolygons s = ConvexPolygons.of(new float[] {0, 0, 2, 0, 0, 2},
                new float[] {3, 0.5f, 4, 0.5f, 3, 1.5f});
        SweepResults r = sweepOne(K, s, velocities(0, 0, -1, 1), 10f);
        assertFalse(r.hit(0), "B's nearest vertex keeps its distance 1.5/sqrt(2) from the hypotenuse");
    }

    @Test
    void equalVelocitiesAreTheStaticTestWithNoNormal() {
        ConvexPolygons s = ConvexPolygons.of(box(0, 0, 1, 1), box(0.5f, 0.5f, 2, 2));
        SweepResults r = sweepOne(K, s, velocities(3, -2, 3, -2), 1f);
        assertTrue(r.hit(0));
        assertEquals(0f, r.tFirst(0));
        assertEquals(1f, r.tLast(0));
        assertEquals(0f, r.normalX(0));
        assertEquals(0f, r.normalY(0));
    }

    @Test
    void tiesGoToTheAabbAxisBeforeEdges() {
        // Boxes: A's right edge normal (1, 0) and the x+ AABB axis give the same entry time.
        ConvexPolygons s = ConvexPolygons.of(box(0, 0, 1, 1), box(2, 0.25f, 3, 0.75f));
        SweepResults r = sweepOne(K, s, velocities(0, 0, -2, 0), 1f);
        assertEquals(0.5f, r.tFirst(0));
        assertEquals(1f, r.normalX(0));
    }

    @Test
    void theProviderReturnsAWorkingKernel() {
        ConvexPolygons s = ConvexPolygons.of(box(0, 0, 1, 1), box(3, 0, 4, 1));
        SweepResults r = sweepOne(Sepax.sweep(), s, velocities(0, 0, -1, 0), 10f);
        assertEquals(2f, r.tFirst(0));
    }

    @Test
    void badCallsAreRejectedWithTheReason() {
        ConvexPolygons s = ConvexPolygons.of(box(0, 0, 1, 1), box(3, 0, 4, 1));
        PairBatch pairs = PairBatch.of(new int[] {0, 1}, new int[] {1, 0}, s);
        SweepResults out = new SweepResults(2);
        Velocities v = new Velocities(2);
        assertMessage("tMax=-1.0", () -> K.sweep(s, v, pairs, -1f, out));
        assertMessage("tMax=NaN", () -> K.sweep(s, v, pairs, Float.NaN, out));
        assertMessage("tMax=Infinity", () -> K.sweep(s, v, pairs, Float.POSITIVE_INFINITY, out));
        assertMessage("velocities.size=1 < shapes.size=2", () -> K.sweep(s, new Velocities(1), pairs, 1f, out));
        assertMessage("out.capacity=1 < to=2", () -> K.sweep(s, v, pairs, 1f, new SweepResults(1)));
        assertMessage("from=1", () -> K.sweep(s, v, pairs, 1, 2, 1f, out));
        assertMessage("velocities is null", () -> K.sweep(s, null, pairs, 1f, out));
        assertMessage("shape=1: non-finite velocity", () -> v.set(1, Float.NaN, 0));
        assertMessage("shape=0: non-finite velocity", () -> Velocities.of(new float[] {Float.POSITIVE_INFINITY}, new float[] {0}));
        assertMessage("vx.length=2 != vy.length=1", () -> Velocities.of(new float[2], new float[1]));
        assertThrows(IndexOutOfBoundsException.class, () -> v.set(2, 0, 0));
    }

    private static void assertMessage(String expected, Runnable call) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call::run);
        assertTrue(e.getMessage().contains(expected), () -> "message '" + e.getMessage() + "' lacks '" + expected + "'");
    }
}
