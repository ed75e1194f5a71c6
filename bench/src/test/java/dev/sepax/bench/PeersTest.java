package dev.sepax.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sepax.shape.ConvexPolygons;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 5, unit = TimeUnit.MINUTES)
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
        assertTrue(new Peers(s).jbox2dOverlap(0, 1));
        assertFalse(new Peers(s, 0f).jbox2dOverlap(0, 1));
    }

    @Test
    void shapesOverEightVerticesHaveNoBox2dForm() {
        float[] nine = new float[18];
        for (int i = 0; i < 9; i++) {
            nine[2 * i] = (float) Math.cos(2 * Math.PI * i / 9);
            nine[2 * i + 1] = (float) Math.sin(2 * Math.PI * i / 9);
        }
        assertFalse(new Peers(ConvexPolygons.of(nine)).hasJbox2d());
        assertEquals(6, Peers.NAMES.size());
    }

    @Test
    void preparedJtsGivesTheSameVerdictsAsPlainJtsOnAWorkload() {
        Workloads.Scene w = Workloads.standard(8, 7);
        Peers peers = new Peers(w.shapes());
        int hits = 0;
        for (int p = 0; p < w.pairs().size(); p++) {
            int a = w.pairs().shapeA(p);
            int b = w.pairs().shapeB(p);
            boolean plain = peers.jts(a, b);
            assertEquals(plain, peers.jtsPrepared(a, b), "pair=" + p);
            assertEquals(plain, peers.jtsPrepared(a, b), "pair=" + p + " (prepared indexes built)");
            hits += plain ? 1 : 0;
        }
        assertTrue(hits > 0 && hits < w.pairs().size(), "hits=" + hits); // both verdicts occur
    }
}
