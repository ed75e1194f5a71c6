package dev.sepax.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sepax.shape.ConvexPolygons;
import org.junit.jupiter.api.Test;

class PeersTest {
    @Test
    void everyPeerAgreesOnADeepOverlapAndAClearGap() {
        ConvexPolygons s = ConvexPolygons.of(
                new float[] {0, 0, 2, 0, 2, 2, 0, 2},
                new float[] {1, 1, 3, 1, 3, 3, 1, 3},
                new float[] {6, 6, 7, 6, 7, 7});
        Peers peers = new Peers(s);
        assertTrue(peers.hasJbox2d());
        for (String name : Peers.NAMES) {
            Peers.Verdict v = peers.byName(name);
            assertTrue(v.test(0, 1), name + " overlap");
            assertFalse(v.test(0, 2), name + " gap");
        }
    }

    @Test
    void box2dReportsPairsWithinItsSkinUnlessTheRadiusIsZero() {
        ConvexPolygons s = ConvexPolygons.of(
                new float[] {0, 0, 1, 0, 1, 1, 0, 1},
                new float[] {1.015f, 0, 2, 0, 2, 1, 1.015f, 1}); // gap 0.015 < 2 * 0.01
        assertTrue(new Peers(s).jbox2d(0, 1));
        assertFalse(new Peers(s, 0f).jbox2d(0, 1));
    }

    @Test
    void shapesOverEightVerticesHaveNoBox2dForm() {
        float[] nine = new float[18];
        for (int i = 0; i < 9; i++) {
            nine[2 * i] = (float) Math.cos(2 * Math.PI * i / 9);
            nine[2 * i + 1] = (float) Math.sin(2 * Math.PI * i / 9);
        }
        assertFalse(new Peers(ConvexPolygons.of(nine)).hasJbox2d());
        assertEquals(4, Peers.NAMES.size());
    }
}
