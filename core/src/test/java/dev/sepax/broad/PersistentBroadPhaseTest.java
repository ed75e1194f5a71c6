package dev.sepax.broad;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.shape.ConvexPolygons;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The persistent broad phase against brute force, frame after frame: the live pairs are exactly
 * the fat-box overlaps, include every pair the rebuilt sweep-and-prune reports at the reach,
 * keep their slots while live, and the added and removed lists are exactly the set differences.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class PersistentBroadPhaseTest {

    @ParameterizedTest(name = "seed={0} n={1} side={2} speed={3} reach={4} margin={5}")
    @CsvSource({
        "1, 300, 20, 0.05, 0, 0.2",
        "2, 300, 12, 0.2, 0.1, 0.1",
        "3, 500, 30, 0.02, 0, 0",
        "4, 200, 8, 0.5, 0.5, 0.3",
        "5, 1, 4, 0.1, 0, 0.1",
        "6, 0, 4, 0.1, 0, 0.1",
        "7, 400, 25, 0.1, 0.05, 1.0",
        "8, 120, 4, 0.15, 0, 0.1",
    })
    void everyFrameMatchesBruteForceAndKeepsSlots(long seed, int n, double side, double speed, float reach,
                                                  float margin) {
        MovingScene scene = new MovingScene(seed, n, side, speed);
        PersistentBroadPhase bp = new PersistentBroadPhase(n, reach, margin);
        Map<Long, Integer> previous = new HashMap<>();
        SplittableRandom rnd = new SplittableRandom(seed);
        int churned = 0;
        int kept = 0;
        for (int frame = 0; frame < 60; frame++) {
            if (frame == 30) {
                scene.teleport(rnd); // incoherent: forces the full re-sort path
            } else if (frame > 0) {
                scene.step();
            }
            bp.update(scene.world);
            Map<Long, Integer> now = check(bp, scene.world, reach, n);
            // Stable slots: a pair live in both frames keeps its slot.
            for (Map.Entry<Long, Integer> e : now.entrySet()) {
                Integer before = previous.get(e.getKey());
                if (before != null) {
                    assertEquals(before, e.getValue(), "frame " + frame + ": pair " + pair(e.getKey()) + " moved slot");
                    kept++;
                }
            }
            // Added and removed are exactly the differences.
            Set<Long> added = new HashSet<>();
            for (int i = 0; i < bp.addedCount(); i++) {
                int s = bp.addedSlot(i);
                long key = key(bp.pairs().shapeA(s), bp.pairs().shapeB(s));
                assertTrue(added.add(key), "frame " + frame + ": pair added twice");
                assertEquals(s, now.get(key), "frame " + frame + ": added slot");
            }
            Set<Long> expectAdded = new HashSet<>(now.keySet());
            expectAdded.removeAll(previous.keySet());
            assertEquals(expectAdded, added, "frame " + frame + ": added pairs");
            Set<Long> removed = new HashSet<>();
            for (int i = 0; i < bp.removedCount(); i++) {
                long key = key(bp.removedA(i), bp.removedB(i));
                assertTrue(removed.add(key), "frame " + frame + ": pair removed twice");
                assertEquals(previous.get(key), bp.removedSlot(i), "frame " + frame + ": removed slot");
            }
            Set<Long> expectRemoved = new HashSet<>(previous.keySet());
            expectRemoved.removeAll(now.keySet());
            assertEquals(expectRemoved, removed, "frame " + frame + ": removed pairs");
            churned += added.size() + removed.size();
            previous = now;
        }
        if (n > 100) {
            assertTrue(churned > 0 && kept > 0, "the scene exercised neither churn nor persistence");
        }
    }

    /** Checks the pair set of the last update; returns it as key to slot. */
    private static Map<Long, Integer> check(PersistentBroadPhase bp, ConvexPolygons world, float reach, int n) {
        PairBatch pairs = bp.pairs();
        assertEquals(bp.slotCount(), pairs.size());
        Map<Long, Integer> live = new HashMap<>();
        for (int s = 0; s < bp.slotCount(); s++) {
            if (bp.isLive(s)) {
                int a = pairs.shapeA(s);
                int b = pairs.shapeB(s);
                assertTrue(a < b, "slot " + s + ": (" + a + ", " + b + ") not smaller index first");
                assertEquals(null, live.put(key(a, b), s), "pair (" + a + ", " + b + ") in two slots");
                assertEquals(s, bp.slotOf(b, a));
            }
        }
        assertEquals(live.size(), bp.liveCount());
        if (bp.slotCount() > 0) {
            assertTrue(bp.isLive(bp.slotCount() - 1), "the last slot is free: the tail was not trimmed");
        }
        // Exactly the fat-box overlaps, and every fat box holds its shape's AABB.
        float[][] fat = new float[n][4];
        for (int i = 0; i < n; i++) {
            bp.fatBox(i, fat[i]);
            assertTrue(fat[i][0] <= world.minX(i) && fat[i][1] <= world.minY(i)
                    && fat[i][2] >= world.maxX(i) + reach && fat[i][3] >= world.maxY(i) + reach, "shape " + i + ": fat box");
        }
        Set<Long> expected = new HashSet<>();
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                if (fat[j][0] <= fat[i][2] && fat[i][0] <= fat[j][2] && fat[j][1] <= fat[i][3] && fat[i][1] <= fat[j][3]) {
                    expected.add(key(i, j));
                }
            }
        }
        assertEquals(expected, live.keySet(), "live pairs != fat-box overlaps");
        // Never drops a pair the rebuilt sweep reports at the reach.
        PairBatch rebuilt = new PairBatch(n, 0);
        new SweepAndPrune().findPairs(world, reach, rebuilt);
        for (int p = 0; p < rebuilt.size(); p++) {
            assertTrue(live.containsKey(key(rebuilt.shapeA(p), rebuilt.shapeB(p))), "dropped pair (" + rebuilt.shapeA(p) + ", " + rebuilt.shapeB(p) + ")");
        }
        return live;
    }

    @Test
    void crowdedShapesKeepPairsBeyondTheFirstChunk() {
        // 120 shapes of size about 1 on a 4 x 4 field: most shapes overlap dozens of others, so
        // their partner entries run over several chunks, which are taken and given back as the
        // crowd moves. Every frame is checked against brute force.
        int n = 120;
        MovingScene scene = new MovingScene(12, n, 4, 0.2);
        PersistentBroadPhase bp = new PersistentBroadPhase(n, 0f, 0.05f);
        int mostPairs = 0;
        int churn = 0;
        for (int frame = 0; frame < 40; frame++) {
            if (frame > 0) {
                scene.step();
            }
            bp.update(scene.world);
            Map<Long, Integer> live = check(bp, scene.world, 0f, n);
            int[] perShape = new int[n];
            for (long key : live.keySet()) {
                perShape[(int) (key >>> 32)]++;
                perShape[(int) key]++;
            }
            for (int count : perShape) {
                mostPairs = Math.max(mostPairs, count);
            }
            churn += bp.addedCount() + bp.removedCount();
        }
        assertTrue(mostPairs > 3 * PersistentBroadPhase.CHUNK, "most pairs of one shape: " + mostPairs);
        assertTrue(churn > 100, "churn=" + churn);
    }

    @Test
    void restingShapesRefitNothingAndChangeNothing() {
        MovingScene scene = new MovingScene(9, 300, 15, 0);
        PersistentBroadPhase bp = new PersistentBroadPhase(300, 0f, 0.1f);
        bp.update(scene.world);
        int live = bp.liveCount();
        assertEquals(300, bp.refitCount());
        assertTrue(live > 0);
        bp.update(scene.world);
        assertEquals(0, bp.refitCount());
        assertEquals(0, bp.addedCount());
        assertEquals(0, bp.removedCount());
        assertEquals(live, bp.liveCount());
    }

    @Test
    void aShapeMovingSteadilyRefitsLessOftenThanItsMarginAlone() {
        // Two unit boxes far apart, one moving 0.02 per frame along x: with a margin of 0.1
        // alone it would leave its fat box every 5 frames (40 refits in 200 frames); the box
        // stretched ahead of its motion (16 frames of it, at most 2 margins: 0.2) lasts 15.
        PersistentBroadPhase bp = new PersistentBroadPhase(2, 0f, 0.1f);
        int refits = 0;
        float[] fat = new float[4];
        for (int frame = 0; frame < 200; frame++) {
            float x = 0.02f * frame;
            ConvexPolygons s = ConvexPolygons.of(new float[] {x, 0, x + 1, 0, x + 1, 1, x, 1},
                    new float[] {0, 50, 1, 50, 1, 51, 0, 51});
            bp.update(s);
            refits += frame > 0 ? bp.refitCount() : 0;
            bp.fatBox(0, fat);
            assertTrue(fat[0] <= x && fat[2] >= x + 1, "frame " + frame + ": the fat box lost its shape");
            assertEquals(0, bp.liveCount());
        }
        assertTrue(refits >= 10 && refits <= 20, "refits=" + refits);
    }

    @Test
    void touchingBoxesAreLiveAtReachAndMarginZero() {
        ConvexPolygons s = ConvexPolygons.of(
                new float[] {0, 0, 1, 0, 1, 1, 0, 1},
                new float[] {1, 1, 2, 1, 2, 2, 1, 2},   // corner to corner with 0
                new float[] {3, 0, 4, 0, 4, 1, 3, 1});  // 1 away from 1 along x
        PersistentBroadPhase bp = new PersistentBroadPhase(3, 0f, 0f);
        bp.update(s);
        assertEquals(1, bp.liveCount());
        assertEquals(0, bp.slotOf(0, 1));
        assertEquals(-1, bp.slotOf(1, 2));
        PersistentBroadPhase wide = new PersistentBroadPhase(3, 1f, 0f);
        wide.update(s);
        assertTrue(wide.slotOf(1, 2) >= 0, "a gap of exactly the reach is reported");
        assertEquals(-1, wide.slotOf(0, 2), "a gap of 2 is beyond a reach of 1");
    }

    /**
     * A unit-wide box at the origin and one at {@code high} along {@code axis} (0: x, 1: y), the
     * second as shape {@code highIndex}. Across the axis each spans {@code [0, 1]} stretched by
     * its {@code reach} ({@code r > 0}: down to {@code -r}; {@code r < 0}: up to {@code 1 - r}).
     */
    private static ConvexPolygons boxesAlong(int axis, int highIndex, float high, float lowReach, float highReach) {
        float[][] b = new float[2][];
        for (int k = 0; k < 2; k++) {
            float at = k == 0 ? 0f : high;
            float r = k == 0 ? lowReach : highReach;
            float a0 = Math.min(-r, 0f);
            float a1 = Math.max(1f, 1f - r);
            float x0 = axis == 0 ? at : a0;
            float x1 = axis == 0 ? at + 1 : a1;
            float y0 = axis == 1 ? at : a0;
            float y1 = axis == 1 ? at + 1 : a1;
            b[k] = new float[] {x0, y0, x1, y0, x1, y1, x0, y1};
        }
        return highIndex == 1 ? ConvexPolygons.of(b[0], b[1]) : ConvexPolygons.of(b[1], b[0]);
    }

    @Test
    void fatBoxesThatExactlyTouchAreLiveOnEverySide() {
        // The fat boxes carry a relative slack, so shapes that touch give fat boxes that
        // overlap, and a strict '<' in the box compare would go unnoticed: here a box is
        // stepped a float at a time away from one at the origin until its fat box starts
        // exactly where the other's ends. Which shape's query decides the pair depends on the
        // refresh (cell) order, so the stepped box is shape 1 or 0, along x or y, and either
        // box reaches across the axis, which moves its minimum corner to another cell.
        float[][] reaches = {{0, 0}, {5, 0}, {-3, 0}, {0, 5}, {0, -3}};
        float[] fatLow = new float[4];
        float[] fatHigh = new float[4];
        for (int c = 0; c < 4 * reaches.length; c++) {
            int axis = c % 2;
            int high = (c / 2) % 2; // the stepped box's index
            float[] reach = reaches[c / 4];
            float offset = 1f; // touching already: the fat boxes overlap
            boolean touched = false;
            for (int step = 0; step < 1000 && !touched; step++) {
                PersistentBroadPhase bp = new PersistentBroadPhase(2, 0f, 0f);
                bp.update(boxesAlong(axis, high, offset, reach[0], reach[1]));
                bp.fatBox(1 - high, fatLow);
                bp.fatBox(high, fatHigh);
                float gap = fatHigh[axis] - fatLow[2 + axis]; // min of the high box - max of the low
                String what = "case " + c + " (axis " + axis + ", stepped box " + high + ", reaches "
                        + reach[0] + " " + reach[1] + ", offset " + offset + ")";
                if (gap == 0f) {
                    touched = true;
                    assertTrue(bp.slotOf(0, 1) >= 0, what + ": fat boxes touching must be a live pair");
                } else {
                    assertTrue(gap < 0f, what + ": stepped past an exact touch");
                    assertTrue(bp.slotOf(0, 1) >= 0, what + ": overlapping fat boxes must be a live pair");
                }
                offset = Math.nextUp(offset);
            }
            assertTrue(touched, "case " + c + ": no exact touch within 1000 steps");
        }
    }

    @Test
    void retainLiveClearsFreeSlotsOnly() {
        MovingScene scene = new MovingScene(10, 400, 20, 0.3);
        PersistentBroadPhase bp = new PersistentBroadPhase(400, 0f, 0.05f);
        bp.update(scene.world);
        int freeSeen = 0;
        for (int frame = 0; frame < 30; frame++) {
            scene.step();
            bp.update(scene.world);
            OverlapBits all = new OverlapBits(bp.slotCount() + 5);
            for (int i = 0; i < all.capacity(); i++) {
                all.set(i, true);
            }
            bp.retainLive(all);
            for (int s = 0; s < bp.slotCount(); s++) {
                assertEquals(bp.isLive(s), all.get(s), "slot " + s);
                freeSeen += bp.isLive(s) ? 0 : 1;
            }
            for (int i = bp.slotCount(); i < all.capacity(); i++) {
                assertTrue(all.get(i), "a verdict past the slots was touched");
            }
        }
        assertTrue(freeSeen > 0, "no free slot below the last live one was ever seen");
    }

    @Test
    void misuseIsRejectedWithTheRule() {
        MovingScene scene = new MovingScene(11, 50, 5, 0.1);
        PersistentBroadPhase bp = new PersistentBroadPhase(50, 0f, 0.1f);
        bp.update(scene.world);
        IllegalArgumentException size = assertThrows(IllegalArgumentException.class,
                () -> bp.update(ConvexPolygons.of(new float[] {0, 0, 1, 0, 0, 1})));
        assertTrue(size.getMessage().contains("world.size=1 != shapeCount=50"), size.getMessage());
        assertTrue(bp.slotCount() > 0);
        bp.pairs().add(0, 1);
        IllegalStateException resized = assertThrows(IllegalStateException.class, () -> bp.update(scene.world));
        assertTrue(resized.getMessage().startsWith("PersistentBroadPhase: pairs() was resized"), resized.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new PersistentBroadPhase(5, -1f, 0f));
        assertThrows(IllegalArgumentException.class, () -> new PersistentBroadPhase(5, 0f, Float.NaN));
        assertThrows(IllegalArgumentException.class, () -> new PersistentBroadPhase(-1, 0f, 0f));
        assertFalse(bp.toString().isEmpty());
    }

    @Test
    void writesIntoThePairTableAreRejectedFromThenOn() {
        MovingScene scene = new MovingScene(13, 200, 8, 0.1);
        PersistentBroadPhase bp = new PersistentBroadPhase(200, 0f, 0.1f);
        bp.update(scene.world);
        assertTrue(bp.slotCount() > 1, "the scene needs at least two slots");
        int a = bp.pairs().shapeA(0);
        int b = bp.pairs().shapeB(0);
        bp.pairs().set(0, a, b); // same values: still a write the table cannot vouch for
        for (int attempt = 0; attempt < 2; attempt++) {
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> bp.update(scene.world));
            assertTrue(e.getMessage().startsWith("PersistentBroadPhase: pairs() was changed by the caller"),
                    e.getMessage());
        }
        PersistentBroadPhase sorted = new PersistentBroadPhase(200, 0f, 0.1f);
        sorted.update(scene.world);
        new dev.sepax.batch.PairOrder().sortByFirst(sorted.pairs(), null);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> sorted.update(scene.world));
        assertTrue(e.getMessage().contains("changed by the caller"), e.getMessage());
        // An untouched table passes frame after frame, moving or not.
        PersistentBroadPhase clean = new PersistentBroadPhase(200, 0f, 0.1f);
        for (int frame = 0; frame < 5; frame++) {
            clean.update(scene.world);
            check(clean, scene.world, 0f, 200);
            scene.step();
        }
    }

    @Test
    void racingUpdatesAreRefusedAndLeaveAConsistentTable() throws Exception {
        int n = 2000;
        MovingScene[] scenes = {new MovingScene(21, n, 60, 0.1), new MovingScene(22, n, 60, 0.1)};
        PersistentBroadPhase bp = new PersistentBroadPhase(n, 0.05f, 0.1f);
        java.util.concurrent.atomic.AtomicInteger refused = new java.util.concurrent.atomic.AtomicInteger();
        java.util.List<Throwable> wrong = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
        for (int round = 0; round < 200 && refused.get() == 0; round++) {
            java.util.concurrent.CyclicBarrier start = new java.util.concurrent.CyclicBarrier(2);
            Thread[] ts = new Thread[2];
            for (int t = 0; t < 2; t++) {
                ConvexPolygons world = scenes[t].world;
                ts[t] = new Thread(() -> {
                    try {
                        start.await();
                        for (int i = 0; i < 4; i++) {
                            try {
                                bp.update(world);
                            } catch (IllegalStateException e) {
                                if (e.getMessage().startsWith("PersistentBroadPhase: one caller at a time")) {
                                    refused.incrementAndGet();
                                } else {
                                    wrong.add(e);
                                }
                            }
                        }
                    } catch (Throwable e) {
                        wrong.add(e);
                    }
                });
                ts[t].start();
            }
            for (Thread t : ts) {
                t.join(60_000);
            }
        }
        assertEquals(java.util.List.of(), wrong);
        assertTrue(refused.get() > 0, "two threads never met inside update in 200 rounds");
        // Whatever order the accepted updates ran in, the table is that of a sequence of frames.
        bp.update(scenes[0].world);
        check(bp, scenes[0].world, 0.05f, n);
    }

    private static long key(int a, int b) {
        return (long) a << 32 | b;
    }

    private static String pair(long key) {
        return "(" + (key >>> 32) + ", " + (int) key + ")";
    }
}
