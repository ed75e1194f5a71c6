package dev.sepax.core;

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
 * spread of the box minima), so that fewer boxes are active at a time. Boxes are sorted on their
 * minimum along that axis with an LSD radix sort on the float bits (linear, stable,
 * allocation-free) and copied into sweep order; then each box scans forward over the boxes that
 * start at most {@code margin} after it ends along the sweep axis, testing the other axis. Cost: {@code O(n + a)} where {@code a} is the number of box pairs that
 * overlap along the sweep axis (for uniformly scattered shapes about {@code n * sqrt(n)} in the
 * worst case, close to the number of reported pairs when the scene is sparse along that axis).
 *
 * <h2>Threads and allocation</h2>
 * An instance owns scratch arrays and is <em>not</em> thread-safe: use one instance per thread.
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
    private float[] sortedLo = new float[0];
    private float[] sortedOtherLo = new float[0];
    private float[] sortedOtherHi = new float[0];

    /** A sweep with empty scratch; it grows on first use. */
    public SweepAndPrune() {}

    /**
     * Clears {@code out} and fills it with the candidate pairs of {@code shapes}.
     *
     * @param margin non-negative distance: boxes up to this far apart on both axes are reported
     * @return the number of pairs written ({@code out.size()})
     * @throws IllegalArgumentException if {@code margin} is negative or not finite, or
     *     {@code out} was made for a different shape count
     */
    public int findPairs(ConvexPolygons shapes, float margin, PairBatch out) {
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
        out.clear();
        int n = shapes.size();
        if (n < 2) {
            return 0;
        }
        ensureCapacity(n);
        boolean sweepX = thinnerAlongX(shapes, n);
        float[] lo = sweepX ? shapes.minX : shapes.minY;
        float[] hi = sweepX ? shapes.maxX : shapes.maxY;
        float[] otherLo = sweepX ? shapes.minY : shapes.minX;
        float[] otherHi = sweepX ? shapes.maxY : shapes.maxX;
        sortByLo(lo, n);
        sweep(lo, hi, otherLo, otherHi, n, margin, out);
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
        for (int i = 0; i < n; i++) {
            sizeX += (double) s.maxX[i] - s.minX[i];
            sizeY += (double) s.maxY[i] - s.minY[i];
            loX = Math.min(loX, s.minX[i]);
            hiX = Math.max(hiX, s.minX[i]);
            loY = Math.min(loY, s.minY[i]);
            hiY = Math.max(hiY, s.minY[i]);
        }
        // Expected active boxes ~ n * extent / spread; compare the two ratios cross-multiplied.
        double spreadX = (double) hiX - loX;
        double spreadY = (double) hiY - loY;
        return sizeX * spreadY <= sizeY * spreadX;
    }

    private void sweep(float[] lo, float[] hi, float[] otherLo, float[] otherHi, int n, float margin,
                       PairBatch out) {
        // Copy the boxes into sweep order so the inner scan reads contiguous memory.
        float[] sLo = sortedLo;
        float[] sOtherLo = sortedOtherLo;
        float[] sOtherHi = sortedOtherHi;
        int[] ord = order;
        for (int r = 0; r < n; r++) {
            int i = ord[r];
            sLo[r] = lo[i];
            sOtherLo[r] = otherLo[i];
            sOtherHi[r] = otherHi[i];
        }
        for (int r = 0; r < n; r++) {
            float iHi = hi[ord[r]];
            float iOtherLo = sOtherLo[r];
            float iOtherHi = sOtherHi[r];
            // Later boxes start no earlier (lo[j] >= lo[i] <= hi[i]), so along the sweep axis only
            // lo[j] - hi[i] <= margin is left to check, and it fails for good once it fails:
            // lo[j] - hi[i] only grows with j (float subtraction is monotone).
            for (int q = r + 1; q < n && sLo[q] - iHi <= margin; q++) {
                if (sOtherLo[q] - iOtherHi <= margin && iOtherLo - sOtherHi[q] <= margin) {
                    int i = ord[r];
                    int j = ord[q];
                    out.add(Math.min(i, j), Math.max(i, j));
                }
            }
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
        sortedLo = new float[n];
        sortedOtherLo = new float[n];
        sortedOtherHi = new float[n];
    }
}
