package dev.sepax.spark;

import java.io.Serializable;
import java.util.Arrays;

/**
 * A KDB split of the plane into exactly {@code n} cells, built from a weighted sample of box
 * centres, and the rules that make a join's result independent of it.
 *
 * <h2>Cells</h2>
 * Every inner node cuts its cell along x or y at a value {@code c}: the lower child takes
 * {@code v < c}, the upper child {@code v >= c}. The root cell is the whole plane, so the leaves
 * are half-open boxes that tile it: every point lies in exactly one leaf. A node with {@code n}
 * leaves gives {@code n / 2} to its lower child and cuts where that share of the sample's weight
 * lies below the cut, on the axis along which its sample spreads wider; so any {@code n >= 1}
 * works, and leaves hold about equal sample weight. A node that the sample leaves empty (more
 * leaves than distinct sample points, or no sample at all) halves its own cell where that is
 * finite, so that its cut, like every sampled one, lies inside the node's cell.
 * {@link #cell} also clamps each cut to the cell it splits: a leaf's cell is then exactly the
 * set of points {@link #leafOf} sends to it (possibly empty), which the duplicate rule needs.
 *
 * <h2>The duplicate rule</h2>
 * A box {@code [minX, maxX] x [minY, maxY]} (closed) is sent to every leaf it meets:
 * {@code minX < c} for a lower child, {@code maxX >= c} for an upper one. A pair whose boxes
 * meet has a reference point, the lower-left corner of the two boxes' intersection,
 * {@code (max(minX), max(minY))}; it lies in both boxes, so the one leaf that contains it has
 * received both shapes, and the pair is kept only there. The cuts change which task finds a
 * pair, never whether exactly one does. All comparisons are on floats, exact.
 *
 * <p>Immutable and thread-safe once built; lookups allocate nothing except the leaf list they fill.
 */
final class KdbPartitioning implements Serializable {
    private static final long serialVersionUID = 1L;

    /** Per node: 0 leaf, 1 cut on x, 2 cut on y. */
    private final byte[] axis;
    private final float[] cut;
    private final int[] lower;
    private final int[] upper;
    /** Per node: the leaf number, for leaves. */
    private final int[] leaf;
    private final int leaves;
    private int nodes;

    private KdbPartitioning(int leaves) {
        int cap = 2 * leaves - 1;
        axis = new byte[cap];
        cut = new float[cap];
        lower = new int[cap];
        upper = new int[cap];
        leaf = new int[cap];
        this.leaves = leaves;
    }

    /**
     * Splits the plane into {@code n} leaves from sample points {@code (xs[i], ys[i])} of weight
     * {@code ws[i]} (each the number of rows the point stands for). An empty sample gives
     * leaves cut around 0, still correct, only unbalanced.
     *
     * @throws IllegalArgumentException if {@code n < 1}, the arrays differ in length, or a point
     *         is not finite or a weight not positive and finite (a NaN cut would send the points
     *         on one side of it to no leaf)
     */
    static KdbPartitioning build(int n, float[] xs, float[] ys, double[] ws) {
        if (n < 1) {
            throw new IllegalArgumentException("partitions=" + n + ": must be >= 1");
        }
        if (xs.length != ys.length || xs.length != ws.length) {
            throw new IllegalArgumentException("sample arrays of lengths " + xs.length + ", " + ys.length + ", "
                    + ws.length + ": must be equal");
        }
        for (int i = 0; i < xs.length; i++) {
            if (!Float.isFinite(xs[i]) || !Float.isFinite(ys[i])) {
                throw new IllegalArgumentException("sample point " + i + " = (" + xs[i] + ", " + ys[i]
                        + "): not finite");
            }
            if (!(ws[i] > 0) || ws[i] == Double.POSITIVE_INFINITY) {
                throw new IllegalArgumentException("sample point " + i + ": weight " + ws[i]
                        + " is not positive and finite");
            }
        }
        KdbPartitioning k = new KdbPartitioning(n);
        Integer[] idx = new Integer[xs.length];
        for (int i = 0; i < idx.length; i++) {
            idx[i] = i;
        }
        int[] nextLeaf = {0};
        float[] plane = {Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.POSITIVE_INFINITY,
            Float.POSITIVE_INFINITY};
        k.split(n, idx, 0, idx.length, xs, ys, ws, plane, 0, nextLeaf);
        return k;
    }

    /**
     * Builds the subtree of {@code n} leaves over the sample points {@code idx[from, to)}, which
     * all lie in {@code region} ({@code {minX, minY, maxX, maxY}}, half-open as {@link #cell}).
     */
    private int split(int n, Integer[] idx, int from, int to, float[] xs, float[] ys, double[] ws, float[] region,
                      int depth, int[] nextLeaf) {
        int node = nodes++;
        if (n == 1) {
            axis[node] = 0;
            leaf[node] = nextLeaf[0]++;
            return node;
        }
        float loX = Float.POSITIVE_INFINITY;
        float hiX = Float.NEGATIVE_INFINITY;
        float loY = Float.POSITIVE_INFINITY;
        float hiY = Float.NEGATIVE_INFINITY;
        double total = 0;
        for (int i = from; i < to; i++) {
            loX = Math.min(loX, xs[idx[i]]);
            hiX = Math.max(hiX, xs[idx[i]]);
            loY = Math.min(loY, ys[idx[i]]);
            hiY = Math.max(hiY, ys[idx[i]]);
            total += ws[idx[i]];
        }
        int nLower = n / 2;
        boolean onX;
        float c;
        int mid;
        if (from == to) {
            // No sample here: halve the cell along its wider finite side.
            double wideX = (double) region[2] - region[0];
            double wideY = (double) region[3] - region[1];
            boolean finiteX = Double.isFinite(wideX);
            boolean finiteY = Double.isFinite(wideY);
            onX = finiteX != finiteY ? finiteX : finiteX ? wideX >= wideY : depth % 2 == 0;
            c = inside(onX ? region[0] : region[1], onX ? region[2] : region[3]);
            mid = from;
        } else {
            onX = (double) hiX - loX >= (double) hiY - loY;
            float[] v = onX ? xs : ys;
            Arrays.sort(idx, from, to, (a, b) -> Float.compare(v[a], v[b]));
            double want = total * nLower / n;
            // The cut is the first sample value whose preceding weight reaches the lower share;
            // the lower child takes the values strictly below it. A sample value lies in the
            // region, so the cut does too.
            int m = from;
            double acc = 0;
            while (m < to && acc + ws[idx[m]] <= want) {
                acc += ws[idx[m]];
                m++;
            }
            c = m < to ? v[idx[m]] : v[idx[to - 1]];
            // Points equal to the cut go up with it, as the cells do.
            mid = from;
            while (mid < to && v[idx[mid]] < c) {
                mid++;
            }
        }
        axis[node] = (byte) (onX ? 1 : 2);
        cut[node] = c;
        int lo = onX ? 0 : 1;
        float[] below = region.clone();
        below[lo + 2] = Math.min(region[lo + 2], c);
        float[] above = region.clone();
        above[lo] = Math.max(region[lo], c);
        lower[node] = split(nLower, idx, from, mid, xs, ys, ws, below, depth + 1, nextLeaf);
        upper[node] = split(n - nLower, idx, mid, to, xs, ys, ws, above, depth + 1, nextLeaf);
        return node;
    }

    /**
     * A cut for the cell {@code [lo, hi)} of one axis that lies in {@code [lo, hi]}: the midpoint
     * when both bounds are finite, else the finite one, else 0.
     */
    private static float inside(float lo, float hi) {
        if (Float.isFinite(lo) && Float.isFinite(hi)) {
            return Math.min(hi, Math.max(lo, (float) (0.5 * ((double) lo + hi))));
        }
        return Float.isFinite(lo) ? lo : Float.isFinite(hi) ? hi : 0f;
    }

    /** The cut values of the inner nodes, in node order (for tests that probe the cells at their edges). */
    float[] cuts() {
        float[] out = new float[nodes];
        int n = 0;
        for (int node = 0; node < nodes; node++) {
            if (axis[node] != 0) {
                out[n++] = cut[node];
            }
        }
        return Arrays.copyOf(out, n);
    }

    /** Number of leaves (= Spark partitions of the join). */
    int leaves() {
        return leaves;
    }

    /** Writes the leaves that the closed box meets into {@code out}; returns how many. */
    int leavesOf(float minX, float minY, float maxX, float maxY, int[] out) {
        return collect(0, minX, minY, maxX, maxY, out, 0);
    }

    private int collect(int node, float minX, float minY, float maxX, float maxY, int[] out, int n) {
        switch (axis[node]) {
            case 0 -> {
                out[n] = leaf[node];
                return n + 1;
            }
            case 1 -> {
                if (minX < cut[node]) {
                    n = collect(lower[node], minX, minY, maxX, maxY, out, n);
                }
                return maxX >= cut[node] ? collect(upper[node], minX, minY, maxX, maxY, out, n) : n;
            }
            default -> {
                if (minY < cut[node]) {
                    n = collect(lower[node], minX, minY, maxX, maxY, out, n);
                }
                return maxY >= cut[node] ? collect(upper[node], minX, minY, maxX, maxY, out, n) : n;
            }
        }
    }

    /**
     * The half-open cell of leaf {@code leafNumber}: {@code {minX, minY, maxX, maxY}} with
     * {@code minX <= x < maxX}, {@code minY <= y < maxY}, infinite where the plane is open
     * (an infinite upper bound includes every point, +infinity too). A point is in it exactly
     * when {@link #leafOf} gives this leaf ({@link #contains}).
     */
    float[] cell(int leafNumber) {
        float[] box = {Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY};
        if (!narrow(0, leafNumber, box)) {
            throw new IllegalArgumentException("leaf=" + leafNumber + ": there are " + leaves + " leaves");
        }
        return box;
    }

    /** Narrows {@code box} to the cell of {@code node}'s descendant leaf {@code target}; false if none. */
    private boolean narrow(int node, int target, float[] box) {
        if (axis[node] == 0) {
            return leaf[node] == target;
        }
        // Clamped to the node's own cell: the children split that cell, not the whole line.
        int lo = axis[node] == 1 ? 0 : 1;
        float[] below = box.clone();
        below[lo + 2] = Math.min(box[lo + 2], cut[node]);
        if (narrow(lower[node], target, below)) {
            System.arraycopy(below, 0, box, 0, 4);
            return true;
        }
        box[lo] = Math.max(box[lo], cut[node]);
        return narrow(upper[node], target, box);
    }

    /** Whether the point lies in {@code cell} (from {@link #cell}): the same answer as {@link #leafOf}. */
    static boolean contains(float[] cell, float x, float y) {
        return x >= cell[0] && (x < cell[2] || cell[2] == Float.POSITIVE_INFINITY)
                && y >= cell[1] && (y < cell[3] || cell[3] == Float.POSITIVE_INFINITY);
    }

    /** The one leaf whose half-open cell contains the point. */
    int leafOf(float x, float y) {
        int node = 0;
        while (axis[node] != 0) {
            float v = axis[node] == 1 ? x : y;
            node = v < cut[node] ? lower[node] : upper[node];
        }
        return leaf[node];
    }
}
