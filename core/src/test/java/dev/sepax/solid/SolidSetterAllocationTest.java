package dev.sepax.solid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The 3D pose and box setters run per shape per frame: once compiled they allocate nothing (the
 * subject of a failure message is named only when one is thrown).
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class SolidSetterAllocationTest {
    private static final float S = (float) Math.sqrt(0.5);

    private static void frame(SolidPoses poses, OrientedBoxes boxes, float[] matrix, int n, float t) {
        for (int i = 0; i < n; i++) {
            poses.setQuaternion(i, 0, 0, S, S, t + i, 2, 3);
            poses.setMatrix(i, matrix, 0, t, i, 1);
            boxes.setRotated(i, t, i, 0, 0, S, 0, S, 1, 2, 3);
            boxes.set(i, i, t, 0, 0, 1, 0, -1, 0, 0, 0, 0, 1, 1, 2, 3);
        }
    }

    @Test
    void settingPosesAndBoxesAllocatesNothing() {
        int n = 64;
        SolidPoses poses = new SolidPoses(n);
        OrientedBoxes boxes = new OrientedBoxes(n);
        float[] matrix = {0, -1, 0, 1, 0, 0, 0, 0, 1};
        for (int round = 0; round < 3000; round++) {
            frame(poses, boxes, matrix, n, round * 0.001f);
        }
        java.lang.management.ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        assumeTrue(bean instanceof com.sun.management.ThreadMXBean, "no per-thread allocation counter");
        com.sun.management.ThreadMXBean counter = (com.sun.management.ThreadMXBean) bean;
        counter.getCurrentThreadAllocatedBytes();
        long least = Long.MAX_VALUE;
        for (int round = 0; round < 10; round++) {
            long before = counter.getCurrentThreadAllocatedBytes();
            frame(poses, boxes, matrix, n, round);
            least = Math.min(least, counter.getCurrentThreadAllocatedBytes() - before);
        }
        assertEquals(0, least, "bytes allocated by a frame of 64 poses and boxes set four ways");
    }
}
