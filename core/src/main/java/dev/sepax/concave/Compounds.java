package dev.sepax.concave;

import dev.sepax.internal.HilbertCurve;
import dev.sepax.shape.ConvexPolygons;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * An immutable store of compound shapes: concave polygons with holes, or several of them (a
 * {@code MULTIPOLYGON}), each decomposed into convex parts by {@link Decomposition}.
 *
 * <h2>Layout</h2>
 * <pre>
 *  compound c owns parts [firstPart(c), firstPart(c + 1)) of parts(), a ConvexPolygons store
 *  parent(part) = c                        bounds: the union of its parts' float AABBs
 *  parts in Hilbert order of their vertex means; blocks of 8 consecutive parts with their bounds
 * </pre>
 * The parts are ordinary shapes of a {@link ConvexPolygons} store, so every kernel runs on them;
 * {@link CompoundOverlap} reduces part verdicts to one verdict per compound pair. A compound
 * intersects another iff some part of one intersects some part of the other: the union of the
 * parts is the polygon, and touching counts as intersecting (see {@link dev.sepax.narrow.SatKernel}).
 * The parts' store welds nearly collinear vertices (see {@link ConvexPolygons}), which moves a
 * part's boundary by less than the float band.
 *
 * <h2>Threads and allocation</h2>
 * Immutable and safe to share between threads once built. Building allocates; reading does not,
 * except that the first {@link CompoundOverlap} call on a store builds its lattice of interior
 * points (threads racing there may each build one; all are equal and one is kept). The
 * {@link Builder} is not thread-safe.
 */
public final class Compounds {
    private final ConvexPolygons parts;
    private final int[] firstPart;
    private final int[] parent;
    private final float[] bounds;
    private final int maxPartCount;

    /**
     * Parts per block: each compound's parts, in Hilbert order, are grouped into blocks of this
     * many consecutive parts (the last one shorter) with the union of their AABBs, so a search
     * skips eight parts with one compare.
     */
    static final int BLOCK = 8;
    private final int[] firstBlock;
    private final float[] blockBounds;
    /**
     * Built on first use: fence indexes and distance queries over large stores never need it.
     * Immutable with final fields, so a racy publication is safe.
     */
    private volatile Lattice lattice;

    private Compounds(ConvexPolygons parts, int[] firstPart, int[] parent, float[] bounds,
                      int[] firstBlock, float[] blockBounds) {
        this.firstBlock = firstBlock;
        this.blockBounds = blockBounds;
        int m = 0;
        for (int c = 0; c + 1 < firstPart.length; c++) {
            m = Math.max(m, firstPart[c + 1] - firstPart[c]);
        }
        this.maxPartCount = m;
        this.parts = parts;
        this.firstPart = firstPart;
        this.parent = parent;
        this.bounds = bounds;
    }

    /** A new builder without a vertex cap per part. */
    public static Builder builder() {
        return new Builder();
    }

    /** Collects compounds, decomposing each as it is added. */
    public static final class Builder {
        private final ConvexPolygons.Builder parts = ConvexPolygons.builder();
        private final List<Integer> firsts = new ArrayList<>();
        private int maxVertices = Decomposition.NO_CAP;
        private long decomposedVertices;

        private Builder() {}

        /**
         * The most vertices a part of the compounds added from here on may have (at least 3;
         * {@link Decomposition#NO_CAP} for none). Smaller parts prune better against AABBs.
         */
        public Builder maxVerticesPerPart(int cap) {
            if (cap < 3) {
                throw new IllegalArgumentException("maxVerticesPerPart=" + cap + " < 3");
            }
            this.maxVertices = cap;
            return this;
        }

        /**
         * Adds one polygon: ring 0 is the outer ring, the others holes ({@code x0, y0, ...}
         * each, either winding).
         *
         * @throws IllegalArgumentException {@code compound=c ring=r vertex=v: reason}
         */
        public Builder add(float[]... rings) {
            return addMulti(new float[][][] {rings});
        }

        /**
         * Adds one compound made of several polygons (a {@code MULTIPOLYGON}), each given as its
         * rings (outer first).
         *
         * @throws IllegalArgumentException {@code compound=c polygon=p ring=r vertex=v: reason};
         *     the builder is then as before the call
         */
        public Builder addMulti(float[][]... polygons) {
            int c = firsts.size();
            if (polygons == null || polygons.length == 0) {
                throw new IllegalArgumentException("compound=" + c + ": no polygons");
            }
            List<float[]> all = new ArrayList<>();
            long vertices = 0;
            for (int p = 0; p < polygons.length; p++) {
                String where = "compound=" + c + (polygons.length > 1 ? " polygon=" + p : "") + " ";
                float[][] pieces;
                try {
                    pieces = Decomposition.decompose(maxVertices, polygons[p]);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(where + e.getMessage(), e);
                }
                for (float[] r : polygons[p]) {
                    vertices += r.length / 2;
                }
                all.addAll(Arrays.asList(pieces));
            }
            int first = parts.size();
            try {
                for (float[] piece : spatialOrder(all)) {
                    parts.add(piece);
                }
            } catch (IllegalArgumentException e) {
                // All or nothing: parts already added would otherwise count as the previous
                // compound's for a caller that catches this and goes on adding.
                parts.truncate(first);
                throw new IllegalArgumentException("compound=" + c + ": a convex part is refused by the store: "
                        + e.getMessage(), e);
            }
            firsts.add(first);
            decomposedVertices += vertices;
            return this;
        }

        /**
         * The pieces in Hilbert order of their vertex means, so
         * that consecutive parts, and so each block of {@link #BLOCK} parts, are close in space
         * and the blocks' bounds prune well (see {@link CompoundOverlap}). Ties keep the
         * decomposition's order, so a build is deterministic.
         */
        private static List<float[]> spatialOrder(List<float[]> pieces) {
            double[] mx = new double[pieces.size()];
            double[] my = new double[pieces.size()];
            for (int i = 0; i < mx.length; i++) {
                float[] piece = pieces.get(i);
                for (int v = 0; v < piece.length; v += 2) {
                    mx[i] += piece[v];
                    my[i] += piece[v + 1];
                }
                mx[i] /= piece.length / 2;
                my[i] /= piece.length / 2;
            }
            List<float[]> ordered = new ArrayList<>(mx.length);
            for (int i : HilbertCurve.order(mx, my)) {
                ordered.add(pieces.get(i));
            }
            return ordered;
        }

        /** Number of compounds added so far. */
        public int size() {
            return firsts.size();
        }

        /** Input vertices decomposed so far (for cost-per-vertex figures). */
        public long decomposedVertices() {
            return decomposedVertices;
        }

        /** Builds the store. */
        public Compounds build() {
            ConvexPolygons store = parts.build();
            int n = firsts.size();
            int[] first = new int[n + 1];
            for (int c = 0; c < n; c++) {
                first[c] = firsts.get(c);
            }
            first[n] = store.size();
            int[] parent = new int[store.size()];
            float[] bounds = new float[4 * n];
            for (int c = 0; c < n; c++) {
                float minX = Float.POSITIVE_INFINITY;
                float minY = Float.POSITIVE_INFINITY;
                float maxX = Float.NEGATIVE_INFINITY;
                float maxY = Float.NEGATIVE_INFINITY;
                for (int p = first[c]; p < first[c + 1]; p++) {
                    parent[p] = c;
                    minX = Math.min(minX, store.minX(p));
                    minY = Math.min(minY, store.minY(p));
                    maxX = Math.max(maxX, store.maxX(p));
                    maxY = Math.max(maxY, store.maxY(p));
                }
                bounds[4 * c] = minX;
                bounds[4 * c + 1] = minY;
                bounds[4 * c + 2] = maxX;
                bounds[4 * c + 3] = maxY;
            }
            int[] firstBlock = new int[n + 1];
            for (int c = 0; c < n; c++) {
                firstBlock[c + 1] = firstBlock[c] + (first[c + 1] - first[c] + BLOCK - 1) / BLOCK;
            }
            float[] blockBounds = new float[4 * firstBlock[n]];
            for (int c = 0; c < n; c++) {
                for (int q = firstBlock[c]; q < firstBlock[c + 1]; q++) {
                    int p0 = first[c] + (q - firstBlock[c]) * BLOCK;
                    int p1 = Math.min(first[c + 1], p0 + BLOCK);
                    float minX = Float.POSITIVE_INFINITY;
                    float minY = Float.POSITIVE_INFINITY;
                    float maxX = Float.NEGATIVE_INFINITY;
                    float maxY = Float.NEGATIVE_INFINITY;
                    for (int p = p0; p < p1; p++) {
                        minX = Math.min(minX, store.minX(p));
                        minY = Math.min(minY, store.minY(p));
                        maxX = Math.max(maxX, store.maxX(p));
                        maxY = Math.max(maxY, store.maxY(p));
                    }
                    blockBounds[4 * q] = minX;
                    blockBounds[4 * q + 1] = minY;
                    blockBounds[4 * q + 2] = maxX;
                    blockBounds[4 * q + 3] = maxY;
                }
            }
            return new Compounds(store, first, parent, bounds, firstBlock, blockBounds);
        }
    }

    /** Number of compounds. */
    public int size() {
        return firstPart.length - 1;
    }

    /** The convex parts of all compounds, in compound order. */
    public ConvexPolygons parts() {
        return parts;
    }

    /** The first part of compound {@code c}; its parts are {@code [firstPart(c), firstPart(c + 1))}. */
    public int firstPart(int c) {
        return firstPart[c];
    }

    /** The number of parts of compound {@code c}. */
    public int partCount(int c) {
        return firstPart[c + 1] - firstPart[c];
    }

    /** The largest number of parts of one compound. */
    public int maxPartCount() {
        return maxPartCount;
    }

    /** The compound that part {@code part} belongs to. */
    public int parent(int part) {
        return parent[part];
    }

    /** Compound {@code c}'s AABB: the union of its parts' float AABBs. */
    public float minX(int c) {
        return bounds[4 * c];
    }

    /** See {@link #minX}. */
    public float minY(int c) {
        return bounds[4 * c + 1];
    }

    /** See {@link #minX}. */
    public float maxX(int c) {
        return bounds[4 * c + 2];
    }

    /** See {@link #minX}. */
    public float maxY(int c) {
        return bounds[4 * c + 3];
    }

    /** The AABBs interleaved, four floats per compound, for indexes: the store's own array, read-only. */
    float[] boundsArray() {
        return bounds;
    }

    int[] firstPartArray() {
        return firstPart;
    }

    /**
     * Compound {@code c}'s blocks are {@code [firstBlock(c), firstBlock(c + 1))}; block
     * {@code q} holds parts {@code firstPart(c) + (q - firstBlock(c)) * BLOCK} onwards, at most
     * {@link #BLOCK} of them, within the compound.
     */
    int firstBlock(int c) {
        return firstBlock[c];
    }

    /** The blocks' AABBs (the union of their parts' float AABBs), four floats per block, read-only. */
    float[] blockBoundsArray() {
        return blockBounds;
    }

    /** The lattice of points inside each compound (see {@link Lattice}), built on first call. */
    Lattice lattice() {
        Lattice l = lattice;
        if (l == null) {
            l = Lattice.of(parts, firstPart, bounds);
            lattice = l;
        }
        return l;
    }

    @Override
    public String toString() {
        return "Compounds[size=" + size() + ", parts=" + parts.size() + "]";
    }
}
