package dev.sepax.geo;

import dev.sepax.shape.ConvexPolygons;

/**
 * An immutable store of convex polygons given in double coordinates (lon/lat degrees, UTM metres),
 * kept as a double anchor per shape (its AABB centre) plus float coordinates relative to it.
 *
 * <h2>Why</h2>
 * A float store's band is {@code 16 · 2^-24 · M} with {@code M} the largest absolute coordinate:
 * about 4.8 m at UTM northings ({@code M ≈ 5·10^6}) and 1.7·10^-4 degrees (about 19 m) at
 * lon/lat. Relative to its anchor a shape's coordinates are as small as its own extent, and
 * {@link AnchoredSat} evaluates a pair in A's frame, so its band is
 * {@link #band(int, int) 20 · 2^-24 · M_pair}, {@code M_pair} the pair's extent in that frame
 * (a few times the shapes' size plus their distance).
 *
 * <h2>Layout</h2>
 * <pre>
 *  shape s:  anchorX[s], anchorY[s]   double, the AABB centre of the caller's double vertices
 *            local() shape s          ConvexPolygons: (float) (x - anchorX[s]), (float) (y - anchorY[s])
 * </pre>
 * The local store validates and canonicalises as {@link ConvexPolygons} does (CCW, duplicates and
 * collinear vertices dropped, nearly collinear ones welded within its band); rounding each
 * relative coordinate to float moves a vertex by at most {@code 2^-24} times its distance from
 * the anchor.
 *
 * <h2>Threads and allocation</h2>
 * Immutable; safe to share. Building allocates, reading does not.
 */
public final class AnchoredPolygons {
    private final ConvexPolygons local;
    private final double[] anchorX;
    private final double[] anchorY;
    private final float[] magnitude;

    private AnchoredPolygons(ConvexPolygons local, double[] anchorX, double[] anchorY) {
        this.local = local;
        this.anchorX = anchorX;
        this.anchorY = anchorY;
        magnitude = new float[local.size()];
        for (int s = 0; s < local.size(); s++) {
            magnitude[s] = Math.max(Math.max(Math.abs(local.minX(s)), Math.abs(local.maxX(s))),
                    Math.max(Math.abs(local.minY(s)), Math.abs(local.maxY(s))));
        }
    }

    /**
     * Builds a store from one flat double array per shape, {@code x0, y0, x1, y1, ...}.
     *
     * @throws IllegalArgumentException {@code shape=i: reason} for a non-finite coordinate or
     *     anything the local {@link ConvexPolygons} store refuses
     */
    public static AnchoredPolygons of(double[]... shapes) {
        if (shapes == null) {
            throw new IllegalArgumentException("shapes is null");
        }
        double[] ax = new double[shapes.length];
        double[] ay = new double[shapes.length];
        ConvexPolygons.Builder b = ConvexPolygons.builder();
        for (int s = 0; s < shapes.length; s++) {
            double[] xy = shapes[s];
            if (xy == null || (xy.length & 1) != 0 || xy.length < 6) {
                throw new IllegalArgumentException("shape=" + s + ": null, odd or fewer than 3 vertices");
            }
            double minX = Double.POSITIVE_INFINITY;
            double minY = Double.POSITIVE_INFINITY;
            double maxX = Double.NEGATIVE_INFINITY;
            double maxY = Double.NEGATIVE_INFINITY;
            for (int i = 0; i < xy.length; i += 2) {
                if (!Double.isFinite(xy[i]) || !Double.isFinite(xy[i + 1])) {
                    throw new IllegalArgumentException("shape=" + s + ": vertex " + (i / 2) + " is not finite");
                }
                minX = Math.min(minX, xy[i]);
                maxX = Math.max(maxX, xy[i]);
                minY = Math.min(minY, xy[i + 1]);
                maxY = Math.max(maxY, xy[i + 1]);
            }
            ax[s] = minX / 2 + maxX / 2;
            ay[s] = minY / 2 + maxY / 2;
            float[] rel = new float[xy.length];
            for (int i = 0; i < xy.length; i += 2) {
                rel[i] = (float) (xy[i] - ax[s]);
                rel[i + 1] = (float) (xy[i + 1] - ay[s]);
            }
            b.add(rel);
        }
        return new AnchoredPolygons(b.build(), ax, ay);
    }

    /** Number of shapes. */
    public int size() {
        return local.size();
    }

    /** The shapes in their own frames (float, relative to their anchors). */
    public ConvexPolygons local() {
        return local;
    }

    /** Shape {@code s}'s anchor, x (double). */
    public double anchorX(int s) {
        return anchorX[check(s)];
    }

    /** Shape {@code s}'s anchor, y (double). */
    public double anchorY(int s) {
        return anchorY[check(s)];
    }

    /** B's anchor in A's frame, rounded once to float: {@code (float) (anchorX[b] - anchorX[a])}. */
    public float offsetX(int a, int b) {
        return (float) (anchorX[check(b)] - anchorX[check(a)]);
    }

    /** See {@link #offsetX}. */
    public float offsetY(int a, int b) {
        return (float) (anchorY[check(b)] - anchorY[check(a)]);
    }

    /**
     * The verdict band of pair {@code (a, b)} in distance units, valid for {@code |tolerance| <= M_pair}:
     * {@code 20 · 2^-24 · M_pair}, with {@code M_pair = max(mag(a), mag(b) + max(|ox|, |oy|))},
     * {@code mag} a shape's largest absolute local coordinate and {@code (ox, oy)} the rounded offset.
     *
     * <p>Proof. {@link AnchoredSat} sees A's float vertices and B's vertices
     * {@code b' = fl(b + o)}, all of absolute value at most {@code M_pair (1 + u)}. (1) On those
     * floats the separations are within {@code 16 u M_pair} of their exact values: that is
     * {@link dev.sepax.narrow.FloatBand}'s proof, which needs only the coordinates' magnitude;
     * along B's edges the normals come from B's own local vertices, which differ from the edges
     * of the {@code b'} by (2). (2) Rounding {@code b + o} moves each B vertex by at most
     * {@code u |b + o|} per coordinate, at most {@code sqrt(2) u M_pair} in distance, and a
     * separation is 1-Lipschitz in each vertex. (3) The offset itself: {@code o = fl(fl64(Δ))}
     * with {@code Δ} the exact anchor difference, so {@code |o - Δ| <= (u + 2^-53)|Δ|} per
     * coordinate, and {@code |Δ| <= |o|(1 + 2u)}: another {@code sqrt(2) u M_pair (1 + 3u)},
     * shifting all of B rigidly. Summed, {@code (16 + 2 sqrt(2) + O(u)) u M_pair < 20 u M_pair}.
     * The AABB compares see the same rounded coordinates and are exact on them. A pair whose
     * exact separation (of the anchored double geometry, after the local store's rounding to float)
     * lies farther than the band from the tolerance gets the exact verdict.
     */
    public float band(int a, int b) {
        float ox = Math.abs(offsetX(a, b));
        float oy = Math.abs(offsetY(a, b));
        float m = Math.max(magnitude[a], magnitude[b] + Math.max(ox, oy));
        return 20 * 0x1p-24f * m * (1 + 0x1p-20f);
    }

    private int check(int s) {
        if (s < 0 || s >= magnitude.length) {
            throw new IndexOutOfBoundsException("shape=" + s + ": out of range [0, " + magnitude.length + ")");
        }
        return s;
    }
}
