package dev.sepax.spark;

import dev.sepax.Sepax;
import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.broad.SweepAndPrune;
import dev.sepax.concave.Decomposition;
import dev.sepax.narrow.Precision;
import dev.sepax.narrow.SatKernel;
import dev.sepax.shape.ConvexPolygons;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.util.LongAccumulator;

/**
 * The refine step of one join task: the task's shapes of both sides as convex parts in one
 * Sepax store, sweep-and-prune for candidate part pairs, the reference-point rule on the rows'
 * boxes (partitioned joins only), and the selected batch kernel over fixed-size chunks of
 * left-right part pairs. The store holds the left rows' parts first, so the sweep reports
 * left-right pairs only ({@link SweepAndPrune#findPairsBetween}).
 *
 * <h2>Convex and concave rows</h2>
 * A row of one ring goes into the store as it is when the store accepts it (a convex polygon:
 * one part). Any other row, a concave ring, holes or a multipolygon, is split into convex parts
 * by {@link Decomposition} (per polygon; the parts' union is the polygon). Two rows intersect
 * iff some part of one intersects some part of the other, which is the rule of
 * {@link dev.sepax.concave.CompoundOverlap} on the same parts, so the kernel's verdicts and its
 * band carry over. A row pair of two one-part rows has exactly one part pair, so its hit is
 * reported as it comes; a hit of a row pair with a many-part row is collected and reported once.
 *
 * <p>The store, the candidate batch and the result list are per task; the chunk batch and its
 * bit set are filled and drained {@link #CHUNK} pairs at a time, so the kernel's working set
 * stays in cache whatever the task's pair count. Serialisable settings only; one task per call,
 * no shared mutable state.
 */
final class PartitionRefine implements Serializable {
    private static final long serialVersionUID = 1L;

    /** Pairs per kernel call. */
    static final int CHUNK = 4096;

    private final RowReader leftReader;
    private final RowReader rightReader;
    private final float tolerance;
    private final Precision precision;
    private final BadRows badRows;
    /** Null for the broadcast join, where every pair has one task: its left row's. */
    private final KdbPartitioning cells;
    /** The skipped rows of each side ({@link BadRows#SKIP}). */
    private final LongAccumulator leftSkipped;
    private final LongAccumulator rightSkipped;

    PartitionRefine(RowReader leftReader, RowReader rightReader, float tolerance, Precision precision,
                    BadRows badRows, KdbPartitioning cells, LongAccumulator leftSkipped, LongAccumulator rightSkipped) {
        this.leftReader = leftReader;
        this.rightReader = rightReader;
        this.tolerance = tolerance;
        this.precision = precision;
        this.badRows = badRows;
        this.cells = cells;
        this.leftSkipped = leftSkipped;
        this.rightSkipped = rightSkipped;
    }

    /**
     * The intersecting pairs {@code (leftId, rightId)} among {@code shapes} that belong to leaf
     * {@code leaf} (any leaf when there are no cells). Counts the skipped rows this task owns:
     * the stand-ins of rows the reader refused ({@link ShapeRow#skipped}, each sent to one task),
     * and the rows the store refuses here whose box's lower-left corner lies in this task's cell
     * (every task that gets the row refuses it, and exactly one cell holds that corner); in the
     * broadcast join, the left rows the store refuses (the right side is checked on the driver).
     *
     * @throws BadRowException under {@link BadRows#FAIL}, for the first polygon the store or the
     *         decomposition refuses
     */
    Iterator<Row> refine(int leaf, Iterator<ShapeRow> shapes) {
        // Left rows first, then right rows: the store's parts [0, split) are the left side's.
        List<ShapeRow> lefts = new ArrayList<>();
        List<ShapeRow> rights = new ArrayList<>();
        while (shapes.hasNext()) {
            ShapeRow s = shapes.next();
            if (s.skipped) {
                (s.left ? leftSkipped : rightSkipped).add(1);
                continue;
            }
            (s.left ? lefts : rights).add(s);
        }
        ConvexPolygons.Builder builder = ConvexPolygons.builder();
        Parts parts = new Parts(lefts.size() + rights.size());
        add(builder, lefts, parts, leaf);
        int split = builder.size();
        int leftRows = parts.rows.size();
        add(builder, rights, parts, leaf);
        List<Row> out = new ArrayList<>();
        if (leftRows == 0 || leftRows == parts.rows.size()) {
            return out.iterator();
        }
        ConvexPolygons store = builder.build();
        ShapeRow[] row = parts.rows.toArray(new ShapeRow[0]);
        int[] owner = parts.owner;
        boolean[] many = parts.many;
        PairBatch candidates = new PairBatch(store, Math.min(1 << 20, 2 * store.size()));
        // A margin of the tolerance (when positive) keeps every pair the kernel could report;
        // only left-right pairs come out.
        new SweepAndPrune().findPairsBetween(store, split, Math.max(0f, tolerance), candidates);
        SatKernel kernel = Sepax.overlap(precision);
        PairBatch chunk = new PairBatch(store.size(), CHUNK);
        OverlapBits bits = new OverlapBits(CHUNK);
        Hits hits = new Hits(row, owner, many, out);
        // Four comparisons per pair instead of a walk down the tree (the same answer).
        float[] cell = cells == null ? null : cells.cell(leaf);
        for (int p = 0; p < candidates.size(); p++) {
            int a = owner[candidates.shapeA(p)]; // parts below the split: left
            int b = owner[candidates.shapeB(p)];
            if (a < 0 || b < 0) {
                continue; // a part of a row refused after some of its parts went in (SKIP)
            }
            assert row[a].left && !row[b].left;
            if (cell != null && !KdbPartitioning.contains(cell, Math.max(row[a].minX, row[b].minX),
                    Math.max(row[a].minY, row[b].minY))) {
                continue; // the pair's reference point lies in another task's cell
            }
            chunk.add(candidates.shapeA(p), candidates.shapeB(p));
            if (chunk.size() == CHUNK) {
                drain(store, chunk, bits, kernel, hits);
            }
        }
        drain(store, chunk, bits, kernel, hits);
        hits.reportMany();
        return out.iterator();
    }

    /** The store's parts of the accepted rows: the owning row of each part (-1: none), per row whether it has several. */
    private static final class Parts {
        final List<ShapeRow> rows;
        int[] owner = new int[16];
        boolean[] many;

        Parts(int rowCount) {
            rows = new ArrayList<>(rowCount);
            many = new boolean[Math.max(1, rowCount)];
        }

        void own(int from, int to, int row) {
            if (to > owner.length) {
                owner = Arrays.copyOf(owner, Math.max(to, 2 * owner.length));
            }
            Arrays.fill(owner, from, to, row);
        }
    }

    /** Adds the rows the store accepts (as one or several parts) to it and to {@code parts}, in order. */
    private void add(ConvexPolygons.Builder builder, List<ShapeRow> rows, Parts parts, int leaf) {
        for (ShapeRow s : rows) {
            int first = builder.size();
            try {
                addRow(builder, s);
            } catch (IllegalArgumentException e) {
                if (badRows == BadRows.FAIL) {
                    throw (s.left ? leftReader : rightReader).refused(s, e);
                }
                // SKIP: the row fails the same way in every task and in rejects(), which lists it.
                parts.own(first, builder.size(), -1);
                if (cells == null ? s.left : cells.leafOf(s.minX, s.minY) == leaf) {
                    (s.left ? leftSkipped : rightSkipped).add(1);
                }
                continue;
            }
            int r = parts.rows.size();
            parts.rows.add(s);
            parts.own(first, builder.size(), r);
            parts.many[r] = builder.size() - first > 1;
        }
    }

    /**
     * Adds row {@code s} to the store: as it is when it is one ring the store accepts, else as
     * the convex parts of its polygons. On a refusal, parts added before it stay in the store.
     *
     * @throws IllegalArgumentException with the reason (the decomposition's, which names the
     *         ring and the vertex, when the row is not one convex ring)
     */
    static void addRow(ConvexPolygons.Builder builder, ShapeRow s) {
        if (s.oneRing() && !turnsBothWays(s.xy)) {
            try {
                builder.add(s.xy);
                return;
            } catch (IllegalArgumentException notConvex) {
                // Concave, or refused for a reason the decomposition names as well (with the vertex).
            }
        }
        float[][][] polygons = s.polygons();
        for (int p = 0; p < polygons.length; p++) {
            float[][] pieces;
            try {
                pieces = Decomposition.decompose(polygons[p]);
            } catch (IllegalArgumentException e) {
                throw polygons.length == 1 ? e : new IllegalArgumentException("polygon=" + p + " " + e.getMessage(), e);
            }
            for (float[] piece : pieces) {
                try {
                    builder.add(piece);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException((polygons.length == 1 ? "" : "polygon=" + p + " ")
                            + "a convex part is refused by the store: " + e.getMessage(), e);
                }
            }
        }
    }

    /**
     * True when the ring certainly turns both left and right at some vertices, so the store
     * would refuse it as not convex and the refusal (an exception, about 2 us) can be skipped.
     * Each turn is taken from a double cross product and counted only when it is larger than
     * a bound on its rounding error ({@code 2^-50} of the sum of the products' magnitudes, above
     * the few ulps the differences and the products can lose), so its sign is exact. The store
     * decides on the same vertices exactly and refuses any ring with turns of both signs: it
     * drops duplicate and collinear vertices first, which keeps the sign of every other turn.
     */
    static boolean turnsBothWays(float[] xy) {
        int n = xy.length / 2;
        boolean left = false;
        boolean right = false;
        for (int i = 0; i < n; i++) {
            int p = 2 * ((i + n - 1) % n);
            int q = 2 * i;
            int r = 2 * ((i + 1) % n);
            double t1 = ((double) xy[q] - xy[p]) * ((double) xy[r + 1] - xy[q + 1]);
            double t2 = ((double) xy[q + 1] - xy[p + 1]) * ((double) xy[r] - xy[q]);
            double cross = t1 - t2;
            double bound = 0x1p-50 * (Math.abs(t1) + Math.abs(t2));
            left |= cross > bound;
            right |= cross < -bound;
        }
        return left && right;
    }

    private void drain(ConvexPolygons store, PairBatch chunk, OverlapBits bits, SatKernel kernel, Hits hits) {
        int n = chunk.size();
        if (n == 0) {
            return;
        }
        kernel.test(store, chunk, tolerance, bits);
        for (int p = bits.nextSet(0, n); p >= 0; p = bits.nextSet(p + 1, n)) {
            hits.hit(chunk.shapeA(p), chunk.shapeB(p));
        }
        chunk.clear();
    }

    /**
     * Part hits turned into row pairs: reported at once when both rows are one part each (their
     * only part pair), else collected as {@code (left row, right row)} keys and reported once
     * each by {@link #reportMany}.
     */
    private static final class Hits {
        private final ShapeRow[] row;
        private final int[] owner;
        private final boolean[] many;
        private final List<Row> out;
        private long[] keys = new long[64];
        private int size;

        Hits(ShapeRow[] row, int[] owner, boolean[] many, List<Row> out) {
            this.row = row;
            this.owner = owner;
            this.many = many;
            this.out = out;
        }

        void hit(int partA, int partB) {
            int a = owner[partA];
            int b = owner[partB];
            if (!many[a] && !many[b]) {
                out.add(RowFactory.create(row[a].id, row[b].id));
                return;
            }
            if (size == keys.length) {
                keys = Arrays.copyOf(keys, 2 * size);
            }
            keys[size++] = (long) a << 32 | b;
        }

        void reportMany() {
            Arrays.sort(keys, 0, size);
            for (int i = 0; i < size; i++) {
                if (i == 0 || keys[i] != keys[i - 1]) {
                    out.add(RowFactory.create(row[(int) (keys[i] >>> 32)].id, row[(int) keys[i]].id));
                }
            }
        }
    }
}
