package dev.sepax.broad;

import dev.sepax.internal.PolygonArrays;
import dev.sepax.batch.PairBatch;
import dev.sepax.internal.ArrayGrowth;
import dev.sepax.internal.SingleCaller;
import dev.sepax.shape.ConvexPolygons;

/**
 * Broad phase: sweep-and-prune over the shapes' axis-aligned bounding boxes.
 *
 * <h2>What it reports</h2>
 * {@link #findPairs} writes every pair {@code (i, j)}, {@code i < j}, whose boxes are at most
 * {@code margin} apart on both world axes, using exactly the comparisons of the kernels' AABB
 * axes ({@code min[j] - max[i] <= margin}, both ways, both axes). So
 * {@code findPairs(shapes, t, out)} followed by a kernel at tolerance {@code t} finds every
 * intersecting pair: the broad phase never drops a pair the narrow phase would report. Touching
 * boxes (gap exactly 0) are reported at margin 0. Each pair appears once, smaller index first;
 * the order of pairs in the batch is the sweep order (deterministic for a given store).
 *
 * <h2>How</h2>
 * The sweep axis is x or y, whichever the boxes cover more thinly (mean box extent over the
 * spread of the box minima). Boxes are sorted on their minimum along that axis with an LSD radix
 * sort on the float bits (linear, stable, allocation-free). The other axis is cut into strips
 * about one mean box extent high; each box joins the strips its extent (plus margin) touches,
 * in sweep order, so every strip is sorted too. Each strip is then swept: a box scans forward
 * over the boxes that start at most {@code margin} after it ends, tests the other axis, and
 * reports the pair only in the strip of the larger lower bound, so each pair appears once.
 * Cost: {@code O(n + a)} with {@code a} the box pairs that share a strip and overlap along the
 * sweep axis; for scattered shapes of similar size that is a small multiple of the reported
 * pairs (a plain one-axis sweep would pay about {@code n * sqrt(n)} on a uniform square).
 * Strips are coarsened when a few huge boxes would join too many, keeping the scratch linear.
 *
 * <h2>Threads and allocation</h2>
 * An instance owns scratch arrays and serves one caller at a time: use one instance per thread.
 * A call that starts while another is running on the same instance throws
 * {@link IllegalStateException} before touching the scratch, so the running call's pairs stay
 * right; calls from different threads one after another are fine.
 * The scratch grows to the largest store seen and is then reused, so a steady-state frame
 * (same or fewer shapes, an output batch already large enough) allocates nothing.
 */
public final class SweepAndPrune {
    private static final int RADIX_BITS = 11;
    private static final int BUCKETS = 1 << RADIX_BITS;

    private int[] keys = new int[0];
    private int[] keysTmp = new int[0];
    private int[] order = new int[0];
    private int[] orderTmp = new int[0];
    private final int[] histogram = new int[BUCKETS];
    private final SingleCaller caller = new SingleCaller("SweepAndPrune");
    private int[] eId = new int[0];
    private float[] eLo = new float[0];
    private float[] eHi = new float[0];
    private float[] eOtherLo = new float[0];
    private float[] eOtherHi = new float[0];
    private int[] stripBegin = new int[0];
    private int[] stripFill = new int[0];

    /** A sweep with empty scratch; it grows on first use. */
    public SweepAndPrune() {}

    /**
     * Clears {@code out} and fills it with the candidate pairs of {@code shapes}.
     *
     * @param margin non-negative distance: boxes up to this far apart on both axes are reported
     * @return the number of pairs written ({@code out.size()})
     * @throws IllegalArgumentException if {@code margin} is negative or not finite, or
     *     {@code out} was made for a different shape count
     * @throws IllegalStateException if another call on this instance is running
     */
    public int findPairs(ConvexPolygons shapes, float margin, PairBatch out) {
        return find(shapes, -1, margin, out);
    }

    /**
     * Clears {@code out} and fills it with the candidate pairs between two groups of one store:
     * the pairs {@code (i, j)} with {@code i < split <= j} that {@link #findPairs} would report,
     * in its order. Pairs inside a group are never written, so a join of two sets (shapes
     * {@code [0, split)} against {@code [split, size)}) gets no output it would throw away.
     *
     * @param split the first shape of the second group, {@code 0 <= split <= shapes.size()}
     * @return the number of pairs written ({@code out.size()})
     * @throws IllegalArgumentException as {@link #findPairs}, or if {@code split} is out of range
     * @throws IllegalStateException if another call on this instance is running
     */
    public int findPairsBetween(ConvexPolygons shapes, int split, float margin, PairBatch out) {
        if (shapes != null && (split < 0 || split > shapes.size())) {
            throw new IllegalArgumentException("split=" + split + ": must be in [0, " + shapes.size() + "]");
        }
        return find(shapes, split, margin, out);
    }

    /** {@code split < 0}: every pair; otherwise only pairs across {@code split}. */
    private int find(ConvexPolygons shapes, int split, float margin, PairBatch out) {
        if (shapes == null || out == null) {
            throw new IllegalArgumentException("shapes or out is null");
        }
        if (!(margin >= 0f) || margin == Float.POSITIVE_INFINITY) {
            throw new IllegalArgumentException("margin=" + margin + ": must be finite and >= 0");
        }
        if (out.shapeCount() != shapes.size()) {
            throw new IllegalArgumentException("out.shapeCount=" + out.shapeCount() + " != shapes.size="
                    + shapes.size());
        }
        caller.enter();
        try {
            out.clear();
            return run(shapes, split, margin, out);
        } finally {
            caller.exit();
        }
    }

    private int run(ConvexPolygons shapes, int split, float margin, PairBatch out) {
        int n = shapes.size();
        if (n < 2 || split == 0 || split == n) {
            return 0;
        }
        ensureCapacity(n);
        boolean sweepX = thinnerAlongX(shapes, n);
        PolygonArrays r = shapes.arrays();
        float[] lo = sweepX ? r.minX : r.minY;
        float[] hi = sweepX ? r.maxX : r.maxY;
        float[] otherLo = sweepX ? r.minY : r.minX;
        float[] otherHi = sweepX ? r.maxY : r.maxX;
        sortByLo(lo, n);
        sweep(lo, hi, otherLo, otherHi, n, split, margin, out);
        return out.size();
    }

    /** Does sweeping along x leave fewer boxes active than along y? */
    private static boolean thinnerAlongX(ConvexPolygons s, int n) {
        double sizeX = 0;
        double sizeY = 0;
        float loX = Float.POSITIVE_INFINITY;
        float hiX = Float.NEGATIVE_INFINITY;
        float loY = Float.POSITIVE_INFINITY;
        float hiY = Float.NEGATIVE_INFINITY;
        PolygonArrays r = s.arrays();
        for (int i = 0; i < n; i++) {
            sizeX += (double) r.maxX[i] - r.minX[i];
            sizeY += (double) r.maxY[i] - r.minY[i];
            loX = Math.min(loX, r.minX[i]);
            hiX = Math.max(hiX, r.minX[i]);
            loY = Math.min(loY, r.minY[i]);
            hiY = Math.max(hiY, r.minY[i]);
        }
        // Expected active boxes ~ n * extent / spread; compare the two ratios cross-multiplied.
        double spreadX = (double) hiX - loX;
        double spreadY = (double) hiY - loY;
        return sizeX * spreadY <= sizeY * spreadX;
    }

    private void sweep(float[] lo, float[] hi, float[] otherLo, float[] otherHi, int n, int split, float margin,
                       PairBatch out) {
        // Strips along the other axis, about one mean box extent high: a box joins every strip
        // its (margin-widened) extent touches, and each strip is swept on its own, so a box
        // meets only the boxes of its own strips instead of every box in its column.
        double oLo = Double.POSITIVE_INFINITY;
        double oHi = Double.NEGATIVE_INFINITY;
        double extent = 0;
        double maxAbs = 0;
        for (int i = 0; i < n; i++) {
            oLo = Math.min(oLo, otherLo[i]);
            oHi = Math.max(oHi, otherHi[i]);
            extent += (double) otherHi[i] - otherLo[i];
            maxAbs = Math.max(maxAbs, Math.max(Math.abs(otherLo[i]), Math.abs(otherHi[i])));
        }
        // The float test fl(lo_j - hi_i) <= margin allows lo_j - hi_i to exceed margin by a few
        // ulps of the coordinates; widening each box's strip range by this slack keeps every
        // reported pair inside a strip both boxes joined (extra membership costs time only).
        double slack = 0x1p-20 * (maxAbs + margin);
        double span = oHi + margin + slack - oLo;
        double height = extent / n + margin;
        int strips = height > 0 && span > 0 && Double.isFinite(span) ? (int) Math.min(n, Math.ceil(span / height)) : 1;
        strips = Math.max(1, strips);
        long entries;
        double inv;
        while (true) {
            inv = strips == 1 ? 0 : strips / span;
            entries = 0;
            for (int i = 0; i < n; i++) {
                entries += strip(otherHi[i] + (double) margin + slack, oLo, inv, strips) - strip(otherLo[i], oLo, inv, strips) + 1;
            }
            // A few huge boxes could join many strips: coarsen until entries stay linear.
            if (entries <= 4L * n || strips == 1) {
                break;
            }
            strips = Math.max(1, strips / 2);
        }
        ensureEntryCapacity(entries, strips);
        int[] begin = stripBegin;
        java.util.Arrays.fill(begin, 0, strips + 1, 0);
        for (int i = 0; i < n; i++) {
            int first = strip(otherLo[i], oLo, inv, strips);
            int last = strip(otherHi[i] + (double) margin + slack, oLo, inv, strips);
            for (int t = first; t <= last; t++) {
                begin[t + 1]++;
            }
        }
        for (int t = 0; t < strips; t++) {
            begin[t + 1] += begin[t];
        }
        int[] fill = stripFill;
        System.arraycopy(begin, 0, fill, 0, strips);
        // Distribute in sweep order: a stable bucket pass, so every strip comes out sorted on lo.
        int[] ord = order;
        for (int r = 0; r < n; r++) {
            int i = ord[r];
            int first = strip(otherLo[i], oLo, inv, strips);
            int last = strip(otherHi[i] + (double) margin + slack, oLo, inv, strips);
            for (int t = first; t <= last; t++) {
                int e = fill[t]++;
                eId[e] = i;
                eLo[e] = lo[i];
                eHi[e] = hi[i];
                eOtherLo[e] = otherLo[i];
                eOtherHi[e] = otherHi[i];
            }
        }
        for (int t = 0; t < strips; t++) {
            int end = begin[t + 1];
            for (int r = begin[t]; r < end; r++) {
                float iHi = eHi[r];
                float iOtherLo = eOtherLo[r];
                float iOtherHi = eOtherHi[r];
                // Later entries start no earlier (lo[j] >= lo[i] <= hi[i]), so along the sweep
                // axis only lo[j] - hi[i] <= margin is left, and once it fails it fails for
                // every later entry (float subtraction is monotone).
                // Across a split, only entries of the other group count (split = -1: all do).
                boolean firstGroup = eId[r] < split;
                for (int q = r + 1; q < end && eLo[q] - iHi <= margin; q++) {
                    if (eOtherLo[q] - iOtherHi <= margin && iOtherLo - eOtherHi[q] <= margin
                            && (split < 0 || (eId[q] < split) != firstGroup)
                            // Report the pair only in the strip holding the larger of the two
                            // lower bounds: both boxes joined it, so each pair comes out once.
                            && strip(Math.max(iOtherLo, eOtherLo[q]), oLo, inv, strips) == t) {
                        int i = eId[r];
                        int j = eId[q];
                        out.add(Math.min(i, j), Math.max(i, j));
                    }
                }
            }
        }
    }

    /** The strip holding coordinate {@code v}: monotone in {@code v}, clamped to the strips. */
    private static int strip(double v, double origin, double inv, int strips) {
        double f = Math.floor((v - origin) * inv);
        return f <= 0 ? 0 : f >= strips - 1 ? strips - 1 : (int) f;
    }

    private void ensureEntryCapacity(long entries, int strips) {
        if (eId.length < entries) {
            int cap = ArrayGrowth.grownLength(eId.length, entries, 0, "SweepAndPrune strip entries");
            eId = new int[cap];
            eLo = new float[cap];
            eHi = new float[cap];
            eOtherLo = new float[cap];
            eOtherHi = new float[cap];
        }
        if (stripBegin.length < strips + 1) {
            stripBegin = new int[strips + 1];
            stripFill = new int[strips + 1];
        }
    }

    /** Fills {@code order[0, n)} with the shape indices sorted on {@code lo} (stable). */
    private void sortByLo(float[] lo, int n) {
        for (int i = 0; i < n; i++) {
            keys[i] = sortableBits(lo[i]);
            order[i] = i;
        }
        int[] k = keys;
        int[] kt = keysTmp;
        int[] o = order;
        int[] ot = orderTmp;
        // Three passes of 11 bits cover the 32 key bits; each pass is a stable counting sort.
        for (int shift = 0; shift < 32; shift += RADIX_BITS) {
            java.util.Arrays.fill(histogram, 0);
            for (int i = 0; i < n; i++) {
                histogram[(k[i] >>> shift) & (BUCKETS - 1)]++;
            }
            int sum = 0;
            for (int b = 0; b < BUCKETS; b++) {
                int c = histogram[b];
                histogram[b] = sum;
                sum += c;
            }
            for (int i = 0; i < n; i++) {
                int dst = histogram[(k[i] >>> shift) & (BUCKETS - 1)]++;
                kt[dst] = k[i];
                ot[dst] = o[i];
            }
            int[] t = k;
            k = kt;
            kt = t;
            t = o;
            o = ot;
            ot = t;
        }
        // An odd number of passes leaves the result in the temporary arrays: swap the fields.
        keys = k;
        keysTmp = kt;
        order = o;
        orderTmp = ot;
        assert isSorted(lo, n);
    }

    private boolean isSorted(float[] lo, int n) {
        for (int i = 1; i < n; i++) {
            if (lo[order[i - 1]] > lo[order[i]]) {
                return false;
            }
        }
        return true;
    }

    /** Maps a finite float to an int whose unsigned order is the float order (-0 before +0). */
    static int sortableBits(float f) {
        int bits = Float.floatToRawIntBits(f);
        // Negative: flip every bit (larger magnitude sorts first); positive: set the sign bit.
        return bits ^ ((bits >> 31) | Integer.MIN_VALUE);
    }

    private void ensureCapacity(int n) {
        if (keys.length >= n) {
            return;
        }
        keys = new int[n];
        keysTmp = new int[n];
        order = new int[n];
        orderTmp = new int[n];
    }
}
