package dev.sepax.query;

import dev.sepax.concave.Compounds;
import dev.sepax.shape.ConvexPolygons;

import java.util.Arrays;

/**
 * An immutable spatial index over fences (convex polygons, or compounds of convex parts) for
 * servers: which fences contain this point, which fences does this polygon touch?
 *
 * <h2>Layout: a packed bounding-volume hierarchy</h2>
 * <pre>
 *  node i (depth-first preorder):  bounds[4i .. 4i+3] = minX, minY, maxX, maxY (float, exact
 *                                  unions of the parts' float AABBs)
 *                                  escape[i]  = the node after i's subtree (skip it on a miss)
 *                                  first[i], count[i] = its parts in item[] (count 0: inner node)
 *  item[], itemBounds[4e ..]       part indices and their AABBs in leaf order; parent[part] = its fence
 * </pre>
 * Built by median splits along the longer axis of the parts' AABB centres, at most {@value #LEAF}
 * parts per leaf. A query walks it without a stack: on a hit it goes to {@code i + 1}, on a miss
 * to {@code escape[i]}, so a query visits {@code O(log n + hits)} nodes for small query shapes.
 * A grid was the other candidate; fences span widely different sizes (parcels, counties), which
 * a hierarchy adapts to and a single cell size does not.
 *
 * <h2>Threads and allocation</h2>
 * Immutable once built: any number of threads may query it at once, each through its own
 * {@link FenceQuery} ({@link #newQuery()}), which holds the only per-thread state. Building
 * allocates {@code O(parts)}; queries allocate nothing.
 */
public final class FenceIndex {
    /** The most parts in a leaf. */
    static final int LEAF = 4;

    final ConvexPolygons parts;
    final int fences;
    final int[] parent;
    final float[] bounds;
    final int[] escape;
    final int[] first;
    final int[] count;
    final int[] item;
    /** The parts' AABBs in leaf order (4 floats per item), so a leaf's checks read one cache line. */
    final float[] itemBounds;
    final int nodes;

    private FenceIndex(ConvexPolygons parts, int fences, int[] parent) {
        this.parts = parts;
        this.fences = fences;
        this.parent = parent;
        int n = parts.size();
        // Every leaf holds at least 2 parts (a median split of more than LEAF), so n nodes suffice.
        int maxNodes = Math.max(1, 2 * n);
        bounds = new float[4 * maxNodes];
        escape = new int[maxNodes];
        first = new int[maxNodes];
        count = new int[maxNodes];
        item = new int[n];
        for (int i = 0; i < n; i++) {
            item[i] = i;
        }
        float[] cx = new float[n];
        float[] cy = new float[n];
        for (int i = 0; i < n; i++) {
            // Centres only steer the split; halving after the add keeps them finite near 2^60.
            cx[i] = parts.minX(i) / 2 + parts.maxX(i) / 2;
            cy[i] = parts.minY(i) / 2 + parts.maxY(i) / 2;
        }
        nodes = n == 0 ? 0 : build(0, n, 0, cx, cy);
        itemBounds = new float[4 * n];
        for (int e = 0; e < n; e++) {
            int p = item[e];
            itemBounds[4 * e] = parts.minX(p);
            itemBounds[4 * e + 1] = parts.minY(p);
            itemBounds[4 * e + 2] = parts.maxX(p);
            itemBounds[4 * e + 3] = parts.maxY(p);
        }
    }

    /** An index whose fences are the shapes of {@code fences} (fence i = shape i). */
    public static FenceIndex of(ConvexPolygons fences) {
        if (fences == null) {
            throw new IllegalArgumentException("fences is null");
        }
        int[] parent = new int[fences.size()];
        for (int i = 0; i < parent.length; i++) {
            parent[i] = i;
        }
        return new FenceIndex(fences, fences.size(), parent);
    }

    /** An index whose fences are the compounds of {@code fences} (fence c = compound c). */
    public static FenceIndex of(Compounds fences) {
        if (fences == null) {
            throw new IllegalArgumentException("fences is null");
        }
        int[] parent = new int[fences.parts().size()];
        for (int i = 0; i < parent.length; i++) {
            parent[i] = fences.parent(i);
        }
        return new FenceIndex(fences.parts(), fences.size(), parent);
    }

    /** A new query object for one thread. */
    public FenceQuery newQuery() {
        return new FenceQuery(this);
    }

    /** Number of fences. */
    public int size() {
        return fences;
    }

    /** The convex parts the index holds (the fences' own store, not a copy). */
    public ConvexPolygons parts() {
        return parts;
    }

    /** The fence that part {@code part} belongs to. */
    public int fenceOf(int part) {
        return parent[part];
    }

    /** Builds the subtree of items {@code [lo, hi)} at node {@code at}; returns the next free node. */
    private int build(int lo, int hi, int at, float[] cx, float[] cy) {
        float minX = Float.POSITIVE_INFINITY;
        float minY = Float.POSITIVE_INFINITY;
        float maxX = Float.NEGATIVE_INFINITY;
        float maxY = Float.NEGATIVE_INFINITY;
        float cMinX = Float.POSITIVE_INFINITY;
        float cMinY = Float.POSITIVE_INFINITY;
        float cMaxX = Float.NEGATIVE_INFINITY;
        float cMaxY = Float.NEGATIVE_INFINITY;
        for (int i = lo; i < hi; i++) {
            int p = item[i];
            minX = Math.min(minX, parts.minX(p));
            minY = Math.min(minY, parts.minY(p));
            maxX = Math.max(maxX, parts.maxX(p));
            maxY = Math.max(maxY, parts.maxY(p));
            cMinX = Math.min(cMinX, cx[p]);
            cMinY = Math.min(cMinY, cy[p]);
            cMaxX = Math.max(cMaxX, cx[p]);
            cMaxY = Math.max(cMaxY, cy[p]);
        }
        bounds[4 * at] = minX;
        bounds[4 * at + 1] = minY;
        bounds[4 * at + 2] = maxX;
        bounds[4 * at + 3] = maxY;
        if (hi - lo <= LEAF) {
            first[at] = lo;
            count[at] = hi - lo;
            escape[at] = at + 1;
            return at + 1;
        }
        boolean byX = (double) cMaxX - cMinX >= (double) cMaxY - cMinY;
        int mid = (lo + hi) >>> 1;
        select(lo, hi, mid, byX ? cx : cy);
        first[at] = lo;
        count[at] = 0;
        int next = build(lo, mid, at + 1, cx, cy);
        next = build(mid, hi, next, cx, cy);
        escape[at] = next;
        return next;
    }

    /** Reorders item[lo, hi) so that item[mid] has the median key, smaller keys before (quickselect). */
    private void select(int lo, int hi, int mid, float[] key) {
        int l = lo;
        int r = hi - 1;
        while (l < r) {
            float pivot = key[item[(l + r) >>> 1]];
            int i = l;
            int j = r;
            while (i <= j) {
                while (key[item[i]] < pivot) {
                    i++;
                }
                while (key[item[j]] > pivot) {
                    j--;
                }
                if (i <= j) {
                    int t = item[i];
                    item[i] = item[j];
                    item[j] = t;
                    i++;
                    j--;
                }
            }
            if (mid <= j) {
                r = j;
            } else if (mid >= i) {
                l = i;
            } else {
                return;
            }
        }
    }

    @Override
    public String toString() {
        return "FenceIndex[fences=" + fences + ", parts=" + parts.size() + ", nodes=" + nodes + "]";
    }

    int[] itemsForTest() {
        return Arrays.copyOf(item, item.length);
    }
}
