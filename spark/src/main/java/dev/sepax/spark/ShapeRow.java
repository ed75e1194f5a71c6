package dev.sepax.spark;

import java.io.Serializable;

/**
 * One input row on its way to the refine step: its id, its side, its vertices (rounded to
 * float, as the caller wrote them) and its reference box. The reference box is the vertices'
 * bounding box, widened on the left side by the join's positive tolerance (rounded outwards);
 * the partitioning and the duplicate rule read only these boxes, so both see the same numbers
 * in every task.
 */
final class ShapeRow implements Serializable {
    private static final long serialVersionUID = 1L;

    final Object id;
    final boolean left;
    final float[] xy;
    final float minX;
    final float minY;
    final float maxX;
    final float maxY;
    /** Position in its dataset: input partition and index inside it, for messages. */
    final int partition;
    final long index;

    ShapeRow(Object id, boolean left, float[] xy, float widen, int partition, long index) {
        this.id = id;
        this.left = left;
        this.xy = xy;
        this.partition = partition;
        this.index = index;
        float x0 = Float.POSITIVE_INFINITY;
        float y0 = Float.POSITIVE_INFINITY;
        float x1 = Float.NEGATIVE_INFINITY;
        float y1 = Float.NEGATIVE_INFINITY;
        for (int i = 0; i + 1 < xy.length; i += 2) {
            x0 = Math.min(x0, xy[i]);
            x1 = Math.max(x1, xy[i]);
            y0 = Math.min(y0, xy[i + 1]);
            y1 = Math.max(y1, xy[i + 1]);
        }
        if (widen > 0f) {
            x0 = down(x0 - (double) widen);
            y0 = down(y0 - (double) widen);
            x1 = up(x1 + (double) widen);
            y1 = up(y1 + (double) widen);
        }
        minX = x0;
        minY = y0;
        maxX = x1;
        maxY = y1;
    }

    /** The largest float at most {@code v}. */
    private static float down(double v) {
        float f = (float) v;
        return f > v ? Math.nextDown(f) : f;
    }

    /** The smallest float at least {@code v}. */
    private static float up(double v) {
        float f = (float) v;
        return f < v ? Math.nextUp(f) : f;
    }

    /** {@code partition:index}, the row's position as messages give it. */
    String position() {
        return partition + ":" + index;
    }
}
