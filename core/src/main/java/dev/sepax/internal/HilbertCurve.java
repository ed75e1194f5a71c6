package dev.sepax.internal;

/**
 * Positions on the Hilbert curve through the {@code 2^16 x 2^16} grid, used to give stores and
 * compound parts a spatial order: consecutive positions are neighbouring cells, so things close
 * on the curve are close in space. Stateless; allocates nothing.
 */
public final class HilbertCurve {
    /** Bits per coordinate: cells {@code [0, 2^16)} on each axis. */
    public static final int BITS = 16;
    /** The largest cell coordinate. */
    public static final int LAST = (1 << BITS) - 1;

    private HilbertCurve() {}

    /**
     * Position of cell {@code (x, y)} on the curve, in {@code [0, 2^32)}. At each level the
     * quadrant picks two bits of the position; the remaining coordinates are then turned into
     * that quadrant's frame (a transpose, and a flip in the last quadrant), which is what makes
     * consecutive cells adjacent.
     */
    public static long index(int x, int y) {
        assert x >= 0 && x <= LAST && y >= 0 && y <= LAST : "cell (" + x + ", " + y + ") outside the grid";
        long d = 0;
        for (int half = 1 << (BITS - 1); half > 0; half >>>= 1) {
            int rx = (x & half) != 0 ? 1 : 0;
            int ry = (y & half) != 0 ? 1 : 0;
            d += (long) half * half * ((3 * rx) ^ ry);
            if (ry == 0) {
                if (rx == 1) {
                    x = LAST - x;
                    y = LAST - y;
                }
                int t = x;
                x = y;
                y = t;
            }
        }
        return d;
    }

    /**
     * The order of the points {@code (x[i], y[i])} along the curve through the grid laid over
     * their bounds (one scale for both axes, so cells are square): {@code order[r]} is the
     * index of the point of rank {@code r}; ties keep index order. Allocates the result.
     */
    public static int[] order(double[] x, double[] y) {
        assert x.length == y.length : "x and y differ in length";
        int n = x.length;
        double lx = Double.POSITIVE_INFINITY;
        double ly = Double.POSITIVE_INFINITY;
        double hx = Double.NEGATIVE_INFINITY;
        double hy = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            lx = Math.min(lx, x[i]);
            ly = Math.min(ly, y[i]);
            hx = Math.max(hx, x[i]);
            hy = Math.max(hy, y[i]);
        }
        double extent = Math.max(hx - lx, hy - ly);
        double scale = extent > 0 ? LAST / extent : 0;
        long[] keyed = new long[n];
        for (int i = 0; i < n; i++) {
            keyed[i] = index(cell(x[i], lx, scale), cell(y[i], ly, scale)) << 31 | i;
        }
        java.util.Arrays.sort(keyed);
        int[] order = new int[n];
        for (int r = 0; r < n; r++) {
            order[r] = (int) (keyed[r] & Integer.MAX_VALUE);
        }
        return order;
    }

    /**
     * The cell of coordinate {@code v} on an axis that starts at {@code low} with
     * {@code scale} cells per unit, clamped into the grid.
     */
    private static int cell(double v, double low, double scale) {
        return (int) Math.min(LAST, Math.max(0, (v - low) * scale));
    }
}
