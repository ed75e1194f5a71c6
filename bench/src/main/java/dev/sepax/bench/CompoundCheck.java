package dev.sepax.bench;

import dev.sepax.batch.PairBatch;
import dev.sepax.concave.Decomposition;
import dev.sepax.geo.AnchoredPolygons;
import dev.sepax.geo.AnchoredSat;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code ./sepax check} on polygons that may be concave, have holes or be multipolygons, in any
 * coordinates (lon/lat degrees, UTM metres): which features intersect? Touching counts.
 *
 * <h2>How</h2>
 * <ol>
 *   <li>Each feature gets a double anchor (the centre of its outer rings' AABB); its rings, as
 *       floats relative to the anchor, are decomposed into convex parts by
 *       {@link Decomposition} (which rejects a bad ring naming the ring, the vertex and the
 *       reason). A part's vertices are input vertices, so each is mapped back to the input's
 *       double coordinates.
 *   <li>The parts of all features go into one {@link AnchoredPolygons} store (a double anchor per
 *       part, float coordinates relative to it), so a float verdict's band scales with the pair's
 *       own extent, not with the magnitude of lon/lat or UTM coordinates.
 *   <li>Candidate feature pairs come from a sweep over the features' double AABBs (closed: boxes
 *       that touch are candidates); their part pairs whose double AABBs touch or overlap go to
 *       {@link AnchoredSat}.
 *   <li>A part pair whose float verdict could depend on rounding is decided exactly (below).
 * </ol>
 *
 * <h2>The band and the exact step</h2>
 * {@link AnchoredSat} is exact outside {@link AnchoredPolygons#band(int, int) band} {@code b} of
 * the store's float geometry, which differs from the double parts by the rounding to the part's
 * frame ({@code <= sqrt(2) · 2^-24 · mag} per vertex) and the store's welding of nearly
 * collinear vertices ({@code < 16 · 2^-24 · mag}), together less than {@code 2b}. So a hit at
 * tolerance {@code -8b} proves the double parts intersect, and a miss at {@code +8b} proves them
 * apart (the factor 8 instead of the 3 this needs leaves room for the Lipschitz argument's
 * rotation of edge normals). A pair between the two is decided by the separating-axis test on
 * the double parts with exact orientation signs: a double filter with Shewchuk's error bound
 * {@code (3 + 16ε) ε}, else {@link BigDecimal} arithmetic. Shared borders (the same input
 * vertices on both sides) are therefore always reported as intersecting.
 *
 * <p>What stays inexact: the decomposition decides convexity and drops collinear vertices in the
 * feature's float frame, so a part may differ from the input polygon by
 * {@code 2^-24 · extent} of the feature (about 1 cm for a feature 1° across) near vertices that
 * are collinear at float precision.
 *
 * <p>Not thread-safe: one instance per file. Building allocates; so does the exact step.
 */
final class CompoundCheck {
    /** Margin of the float verdicts, in bands; see the class comment. */
    static final float MARGIN_BANDS = 8f;
    private static final double CCW_BOUND = (3 + 16 * 0x1p-53) * 0x1p-53;
    /** Below this sum of products the filter's bound could underflow: use exact arithmetic. */
    private static final double FILTER_FLOOR = 0x1p-900;

    private final List<CompoundFiles.Feature> features;
    private final AnchoredPolygons parts;
    /** Part {@code p}'s double vertices, CCW. */
    private final double[][] partXy;
    /** Feature {@code f} owns parts {@code [first[f], first[f + 1])}. */
    private final int[] first;
    /** Feature AABBs, 4 doubles each: minX, minY, maxX, maxY. */
    private final double[] box;
    private final double[] partBox;
    private long partPairs;
    private long exactPairs;

    private CompoundCheck(List<CompoundFiles.Feature> features, AnchoredPolygons parts, double[][] partXy,
            int[] first) {
        this.features = features;
        this.parts = parts;
        this.partXy = partXy;
        this.first = first;
        partBox = new double[4 * partXy.length];
        for (int p = 0; p < partXy.length; p++) {
            bounds(partXy[p], partBox, p);
        }
        box = new double[4 * features.size()];
        for (int f = 0; f < features.size(); f++) {
            box[4 * f] = Double.POSITIVE_INFINITY;
            box[4 * f + 1] = Double.POSITIVE_INFINITY;
            box[4 * f + 2] = Double.NEGATIVE_INFINITY;
            box[4 * f + 3] = Double.NEGATIVE_INFINITY;
            for (int p = first[f]; p < first[f + 1]; p++) {
                box[4 * f] = Math.min(box[4 * f], partBox[4 * p]);
                box[4 * f + 1] = Math.min(box[4 * f + 1], partBox[4 * p + 1]);
                box[4 * f + 2] = Math.max(box[4 * f + 2], partBox[4 * p + 2]);
                box[4 * f + 3] = Math.max(box[4 * f + 3], partBox[4 * p + 3]);
            }
        }
    }

    /**
     * Decomposes every feature. A feature that cannot be decomposed is an
     * {@link ShapeFiles.InputException} naming it (its place and id), the polygon of a
     * multipolygon, the ring, the vertex and the reason, and so is one with a convex part that
     * the anchored store refuses (a sliver of zero area at float precision); with {@code skips},
     * it is reported and left out instead (the returned check holds the features kept,
     * {@link #features()}).
     */
    static CompoundCheck of(List<CompoundFiles.Feature> input, ShapeFiles.Skips skips) {
        List<CompoundFiles.Feature> kept = new ArrayList<>();
        List<double[]> all = new ArrayList<>();
        List<Integer> firsts = new ArrayList<>();
        for (CompoundFiles.Feature f : input) {
            try {
                List<double[]> ps = decompose(f);
                if (skips != null) {
                    // The store judges each part alone, so a part it would refuse in the one
                    // store of all features is found here, where its feature can still be left
                    // out. Without skips the first refusal ends the run anyway: the one store
                    // below finds it without building every feature's parts twice.
                    try {
                        AnchoredPolygons.of(ps.toArray(new double[0][]));
                    } catch (IllegalArgumentException e) {
                        int part = refusedPart(e);
                        throw refused(f, part, part >= 0 && part < ps.size() ? ps.get(part) : null, e);
                    }
                }
                firsts.add(all.size());
                all.addAll(ps);
                kept.add(f);
            } catch (ShapeFiles.InputException e) {
                if (skips == null) {
                    throw e;
                }
                skips.skip(e);
            }
        }
        if (kept.isEmpty()) {
            throw new ShapeFiles.InputException("no polygons left after skipping " + input.size() + " invalid ones");
        }
        int[] first = new int[kept.size() + 1];
        for (int f = 0; f < kept.size(); f++) {
            first[f] = firsts.get(f);
        }
        first[kept.size()] = all.size();
        double[][] xy = all.toArray(new double[0][]);
        AnchoredPolygons store;
        try {
            store = AnchoredPolygons.of(xy);
        } catch (IllegalArgumentException e) {
            int part = refusedPart(e);
            int f = -1;
            for (int k = 0; k < kept.size() && part >= 0; k++) {
                if (first[k] <= part && part < first[k + 1]) {
                    f = k;
                }
            }
            throw refused(f < 0 ? null : kept.get(f), f < 0 ? -1 : part - first[f],
                    part >= 0 && part < xy.length ? xy[part] : null, e);
        }
        return new CompoundCheck(kept, store, xy, first);
    }

    /** The shape index {@code i} of the store's {@code "shape=i: reason"} message, or -1. */
    private static int refusedPart(IllegalArgumentException e) {
        String m = String.valueOf(e.getMessage());
        if (!m.startsWith("shape=")) {
            return -1;
        }
        int colon = m.indexOf(':');
        try {
            return Integer.parseInt(m.substring(6, colon < 0 ? m.length() : colon));
        } catch (NumberFormatException ignored) {
            return -1;
        }
    }

    /**
     * The error for a convex part that the anchored store refuses, naming feature {@code f}
     * (null: unknown), the part's index among the feature's parts ({@code -1}: unknown) and its
     * vertices ({@code null}: unknown).
     */
    private static ShapeFiles.InputException refused(CompoundFiles.Feature f, int part, double[] xy,
            IllegalArgumentException e) {
        return new ShapeFiles.InputException((f == null ? "" : f.where() + ": ")
                + "a convex part (" + (f == null || part < 0 ? "" : "part " + part + ", ") + "vertices "
                + (xy == null ? "?" : Arrays.toString(xy)) + ") is refused by the anchored store: " + e.getMessage());
    }

    /** One feature's convex parts, double, CCW. */
    private static List<double[]> decompose(CompoundFiles.Feature f) {
        double minX = Double.POSITIVE_INFINITY;
        double minY = Double.POSITIVE_INFINITY;
        double maxX = Double.NEGATIVE_INFINITY;
        double maxY = Double.NEGATIVE_INFINITY;
        for (double[][] poly : f.polygons()) {
            double[] outer = poly[0];
            for (int i = 0; i < outer.length; i += 2) {
                minX = Math.min(minX, outer[i]);
                maxX = Math.max(maxX, outer[i]);
                minY = Math.min(minY, outer[i + 1]);
                maxY = Math.max(maxY, outer[i + 1]);
            }
        }
        double ax = minX / 2 + maxX / 2;
        double ay = minY / 2 + maxY / 2;
        // Input vertex by its float position relative to the anchor (the first one wins).
        Map<Long, double[]> original = new HashMap<>();
        List<double[]> out = new ArrayList<>();
        for (int p = 0; p < f.polygons().length; p++) {
            double[][] rings = f.polygons()[p];
            float[][] local = new float[rings.length][];
            for (int r = 0; r < rings.length; r++) {
                double[] ring = rings[r];
                float[] l = new float[ring.length];
                for (int i = 0; i < ring.length; i += 2) {
                    l[i] = (float) (ring[i] - ax);
                    l[i + 1] = (float) (ring[i + 1] - ay);
                    original.putIfAbsent(key(l[i], l[i + 1]), new double[] {ring[i], ring[i + 1]});
                }
                local[r] = l;
            }
            float[][] pieces;
            try {
                pieces = Decomposition.decompose(local);
            } catch (IllegalArgumentException e) {
                String m = ShapeFiles.collapsed(e.getMessage(), () -> localRing(rings, e.getMessage(), ax, ay));
                throw new ShapeFiles.InputException(f.where() + ":" + (f.polygons().length > 1 ? " polygon=" + p : "")
                        + " " + m);
            }
            for (float[] piece : pieces) {
                double[] xy = new double[piece.length];
                for (int i = 0; i < piece.length; i += 2) {
                    double[] o = original.get(key(piece[i], piece[i + 1]));
                    xy[i] = o != null ? o[0] : ax + piece[i];
                    xy[i + 1] = o != null ? o[1] : ay + piece[i + 1];
                }
                out.add(xy);
            }
        }
        return out;
    }

    /**
     * The ring that {@link Decomposition}'s {@code "ring=r: reason"} message names, in double
     * relative to the anchor (the frame whose float offsets the decomposition saw); null when the
     * message names no ring.
     */
    private static double[] localRing(double[][] rings, String message, double ax, double ay) {
        String m = String.valueOf(message);
        int colon = m.indexOf(':');
        if (!m.startsWith("ring=") || colon < 0) {
            return null;
        }
        int r;
        try {
            r = Integer.parseInt(m.substring(5, colon));
        } catch (NumberFormatException e) {
            return null;
        }
        if (r < 0 || r >= rings.length) {
            return null;
        }
        double[] l = new double[rings[r].length];
        for (int i = 0; i < l.length; i += 2) {
            l[i] = rings[r][i] - ax;
            l[i + 1] = rings[r][i + 1] - ay;
        }
        return l;
    }

    private static long key(float x, float y) {
        return ((long) Float.floatToIntBits(x + 0f) << 32) | (Float.floatToIntBits(y + 0f) & 0xffffffffL);
    }

    private static void bounds(double[] xy, double[] out, int i) {
        double minX = Double.POSITIVE_INFINITY;
        double minY = Double.POSITIVE_INFINITY;
        double maxX = Double.NEGATIVE_INFINITY;
        double maxY = Double.NEGATIVE_INFINITY;
        for (int k = 0; k < xy.length; k += 2) {
            minX = Math.min(minX, xy[k]);
            maxX = Math.max(maxX, xy[k]);
            minY = Math.min(minY, xy[k + 1]);
            maxY = Math.max(maxY, xy[k + 1]);
        }
        out[4 * i] = minX;
        out[4 * i + 1] = minY;
        out[4 * i + 2] = maxX;
        out[4 * i + 3] = maxY;
    }

    /** The features kept (all of them unless some were skipped). */
    List<CompoundFiles.Feature> features() {
        return features;
    }

    /** Number of convex parts. */
    int partCount() {
        return partXy.length;
    }

    /** Part pairs tested so far. */
    long partPairs() {
        return partPairs;
    }

    /** Part pairs decided by the exact step so far. */
    long exactPairs() {
        return exactPairs;
    }

    /** The features' id index. */
    Map<String, Integer> index() {
        Map<String, Integer> m = new HashMap<>();
        for (int i = 0; i < features.size(); i++) {
            m.put(features.get(i).id(), i);
        }
        return m;
    }

    /**
     * Candidate pairs {@code (a, b)}, {@code a < b}, of features whose double AABBs touch or
     * overlap, sorted by {@code a} then {@code b}.
     */
    PairBatch candidates() {
        return sweep(box, features.size());
    }

    /**
     * Pairs {@code (a, b)}, {@code a < b}, of the {@code n} boxes {@code box[4i..4i+3]} (minX,
     * minY, maxX, maxY) that touch or overlap, sorted by {@code a} then {@code b}: a sort on minX
     * and a sweep.
     */
    static PairBatch sweep(double[] box, int n) {
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (i, j) -> Double.compare(box[4 * i], box[4 * j]));
        List<long[]> found = new ArrayList<>();
        long[] keys = new long[16];
        int size = 0;
        for (int s = 0; s < n; s++) {
            int i = order[s];
            for (int t = s + 1; t < n && box[4 * order[t]] <= box[4 * i + 2]; t++) {
                int j = order[t];
                if (box[4 * j + 1] <= box[4 * i + 3] && box[4 * i + 1] <= box[4 * j + 3]) {
                    if (size == keys.length) {
                        keys = Arrays.copyOf(keys, 2 * size);
                    }
                    keys[size++] = ((long) Math.min(i, j) << 32) | Math.max(i, j);
                }
            }
        }
        Arrays.sort(keys, 0, size);
        PairBatch pairs = new PairBatch(n, Math.max(16, size));
        for (int k = 0; k < size; k++) {
            pairs.add((int) (keys[k] >>> 32), (int) keys[k]);
        }
        return pairs;
    }

    /** Do features {@code a} and {@code b} intersect (touching counts)? */
    boolean intersects(int a, int b) {
        if (box[4 * b] > box[4 * a + 2] || box[4 * a] > box[4 * b + 2]
                || box[4 * b + 1] > box[4 * a + 3] || box[4 * a + 1] > box[4 * b + 3]) {
            return false;
        }
        for (int pa = first[a]; pa < first[a + 1]; pa++) {
            if (partBox[4 * pa] > box[4 * b + 2] || box[4 * b] > partBox[4 * pa + 2]
                    || partBox[4 * pa + 1] > box[4 * b + 3] || box[4 * b + 1] > partBox[4 * pa + 3]) {
                continue;
            }
            for (int pb = first[b]; pb < first[b + 1]; pb++) {
                if (partBox[4 * pb] > partBox[4 * pa + 2] || partBox[4 * pa] > partBox[4 * pb + 2]
                        || partBox[4 * pb + 1] > partBox[4 * pa + 3] || partBox[4 * pa + 1] > partBox[4 * pb + 3]) {
                    continue;
                }
                if (partsIntersect(pa, pb)) {
                    return true;
                }
            }
        }
        return false;
    }

    private boolean partsIntersect(int pa, int pb) {
        partPairs++;
        float margin = MARGIN_BANDS * parts.band(pa, pb);
        if (AnchoredSat.intersects(parts, pa, pb, -margin)) {
            return true;
        }
        if (!AnchoredSat.intersects(parts, pa, pb, margin)) {
            return false;
        }
        exactPairs++;
        return !edgeSeparates(partXy[pa], partXy[pb]) && !edgeSeparates(partXy[pb], partXy[pa]);
    }

    /**
     * Whether some edge of the CCW polygon {@code p} has every vertex of {@code q} strictly on its
     * outer (right) side, by exact orientation signs.
     */
    static boolean edgeSeparates(double[] p, double[] q) {
        int k = p.length / 2;
        for (int i = 0; i < k; i++) {
            int j = (i + 1) % k;
            boolean all = true;
            for (int v = 0; v < q.length && all; v += 2) {
                all = orientation(p[2 * i], p[2 * i + 1], p[2 * j], p[2 * j + 1], q[v], q[v + 1]) < 0;
            }
            if (all) {
                return true;
            }
        }
        return false;
    }

    /**
     * The exact sign of the orientation of {@code (a, b, c)}: positive when {@code c} is left of
     * the line from {@code a} to {@code b}, 0 on it. A double evaluation whose rounding error
     * Shewchuk's bound {@code (3 + 16ε) ε (|l| + |r|)} cannot flip answers; otherwise exact
     * {@link BigDecimal} arithmetic on the same doubles.
     */
    static int orientation(double ax, double ay, double bx, double by, double cx, double cy) {
        double left = (ax - cx) * (by - cy);
        double right = (ay - cy) * (bx - cx);
        double det = left - right;
        double sum = Math.abs(left) + Math.abs(right);
        if (sum > FILTER_FLOOR && Math.abs(det) > CCW_BOUND * sum) {
            return det > 0 ? 1 : -1;
        }
        BigDecimal l = new BigDecimal(ax).subtract(new BigDecimal(cx)).multiply(new BigDecimal(by).subtract(new BigDecimal(cy)));
        BigDecimal r = new BigDecimal(ay).subtract(new BigDecimal(cy)).multiply(new BigDecimal(bx).subtract(new BigDecimal(cx)));
        return l.compareTo(r);
    }
}
