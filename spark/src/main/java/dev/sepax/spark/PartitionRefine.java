package dev.sepax.spark;

import dev.sepax.Sepax;
import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.broad.SweepAndPrune;
import dev.sepax.narrow.Precision;
import dev.sepax.narrow.SatKernel;
import dev.sepax.shape.ConvexPolygons;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;

/**
 * The refine step of one join task: the task's shapes of both sides in one Sepax store,
 * sweep-and-prune for candidate pairs, the reference-point rule (partitioned joins only), and
 * the selected batch kernel over fixed-size chunks of left-right pairs. The store holds the left
 * rows first, so the sweep reports left-right pairs only ({@link SweepAndPrune#findPairsBetween}).
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

    PartitionRefine(RowReader leftReader, RowReader rightReader, float tolerance, Precision precision,
                    BadRows badRows, KdbPartitioning cells) {
        this.leftReader = leftReader;
        this.rightReader = rightReader;
        this.tolerance = tolerance;
        this.precision = precision;
        this.badRows = badRows;
        this.cells = cells;
    }

    /**
     * The intersecting pairs {@code (leftId, rightId)} among {@code shapes} that belong to leaf
     * {@code leaf} (any leaf when there are no cells).
     *
     * @throws BadRowException under {@link BadRows#FAIL}, for the first polygon the store refuses
     */
    Iterator<Row> refine(int leaf, Iterator<ShapeRow> shapes) {
        // Left rows first, then right rows: the store's shapes [0, split) are the left side's.
        List<ShapeRow> lefts = new ArrayList<>();
        List<ShapeRow> rights = new ArrayList<>();
        while (shapes.hasNext()) {
            ShapeRow s = shapes.next();
            (s.left ? lefts : rights).add(s);
        }
        ConvexPolygons.Builder builder = ConvexPolygons.builder();
        List<ShapeRow> rows = new ArrayList<>(lefts.size() + rights.size());
        add(builder, lefts, rows);
        int split = rows.size();
        add(builder, rights, rows);
        List<Row> out = new ArrayList<>();
        if (split == 0 || split == rows.size()) {
            return out.iterator();
        }
        ConvexPolygons store = builder.build();
        ShapeRow[] row = rows.toArray(new ShapeRow[0]);
        PairBatch candidates = new PairBatch(store, Math.min(1 << 20, 2 * row.length));
        // A margin of the tolerance (when positive) keeps every pair the kernel could report;
        // only left-right pairs come out.
        new SweepAndPrune().findPairsBetween(store, split, Math.max(0f, tolerance), candidates);
        SatKernel kernel = Sepax.overlap(precision);
        PairBatch chunk = new PairBatch(store.size(), CHUNK);
        OverlapBits bits = new OverlapBits(CHUNK);
        // Four comparisons per pair instead of a walk down the tree (the same answer).
        float[] cell = cells == null ? null : cells.cell(leaf);
        for (int p = 0; p < candidates.size(); p++) {
            int a = candidates.shapeA(p); // below the split: left
            int b = candidates.shapeB(p);
            assert row[a].left && !row[b].left;
            if (cell != null && !KdbPartitioning.contains(cell, Math.max(row[a].minX, row[b].minX),
                    Math.max(row[a].minY, row[b].minY))) {
                continue; // the pair's reference point lies in another task's cell
            }
            chunk.add(a, b);
            if (chunk.size() == CHUNK) {
                drain(store, chunk, bits, kernel, row, out);
            }
        }
        drain(store, chunk, bits, kernel, row, out);
        return out.iterator();
    }

    /** Adds the rows the store accepts to it and to {@code kept}, in order. */
    private void add(ConvexPolygons.Builder builder, List<ShapeRow> rows, List<ShapeRow> kept) {
        for (ShapeRow s : rows) {
            try {
                builder.add(s.xy);
                kept.add(s);
            } catch (IllegalArgumentException e) {
                if (badRows == BadRows.FAIL) {
                    throw (s.left ? leftReader : rightReader).refused(s, e);
                }
                // SKIP: the row fails the same way in every task and in rejects(), which lists it.
            }
        }
    }

    private void drain(ConvexPolygons store, PairBatch chunk, OverlapBits bits, SatKernel kernel, ShapeRow[] row,
                       List<Row> out) {
        int n = chunk.size();
        if (n == 0) {
            return;
        }
        kernel.test(store, chunk, tolerance, bits);
        for (int p = bits.nextSet(0, n); p >= 0; p = bits.nextSet(p + 1, n)) {
            out.add(RowFactory.create(row[chunk.shapeA(p)].id, row[chunk.shapeB(p)].id));
        }
        chunk.clear();
    }
}
