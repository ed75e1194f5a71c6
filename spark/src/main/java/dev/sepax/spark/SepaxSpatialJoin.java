package dev.sepax.spark;

import dev.sepax.narrow.Precision;
import dev.sepax.shape.ConvexPolygons;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.util.LongAccumulator;
import scala.Tuple2;

/**
 * A spatial join of two polygon datasets on Spark whose refine step is Sepax: every pair
 * {@code (left row, right row)} whose polygons intersect, touching included at
 * tolerance 0 (the contract of {@link dev.sepax.narrow.SatKernel}, on the coordinates rounded
 * to float; with {@link Precision#EXACT} every verdict is exact on those floats, not on the
 * input doubles). Rounding moves a vertex by up to half a float step (0.25 m at UTM northings
 * around 5 x 10^6), and the float kernel's verdicts may be wrong for pairs closer than its band
 * ({@link dev.sepax.narrow.FloatBand}: about 4.8 m at UTM northings, 19 m at lon/lat). An
 * {@link #origin} near the data makes both follow the data's extent instead of its distance
 * from 0.
 *
 * <h2>How the partitioned join works</h2>
 * <ol>
 *   <li>A sample of both sides' box centres (Spark's Bernoulli sample at one rate for both
 *       sides, after counting their rows, so that only the sampled rows are decoded and parsed)
 *       builds a KDB split of the plane into {@link #partitions(int)} cells.</li>
 *   <li>Each row goes to every cell its bounding box meets (one shuffle). With a positive
 *       {@link #tolerance(float)} the left rows' boxes are grown by it (rounded outwards), so a
 *       pair within the tolerance has boxes that meet.</li>
 *   <li>Per cell, one task puts its shapes of both sides (their convex parts, see below) in one
 *       {@link dev.sepax.shape.ConvexPolygons} store, finds candidates with
 *       {@link dev.sepax.broad.SweepAndPrune}, keeps the left-right pairs whose reference point
 *       (the lower-left corner of the intersection of the two rows' boxes) lies in its own cell,
 *       and tests them with the batch kernel
 *       {@link dev.sepax.Sepax#overlap(Precision)} in chunks through reusable buffers.</li>
 * </ol>
 * The reference point lies in exactly one cell, and both shapes reach that cell, so each pair
 * is reported exactly once and the result does not depend on the number of partitions, the
 * sample or the input's partitioning.
 * {@link #broadcastJoin} ships the right side whole to every task of the left side instead:
 * no shuffle, no sample, for a right side that fits in every executor's memory.
 *
 * <h2>Output</h2>
 * A {@code Dataset<Row>} with columns {@code left_id} and {@code right_id}, of the id columns'
 * types, one row per intersecting pair of input rows, in no particular order (rows that share
 * an id are not merged: each pair of rows gives its own output row). Lazy, like every Spark
 * transformation: the sample job runs when {@link #join} is called, the join when an action runs.
 *
 * <h2>Bad rows</h2>
 * See {@link BadRows}: by default the job fails naming the dataset, the row and the reason;
 * with {@link BadRows#SKIP} the rows are left out, counted ({@link SkippedRows}, and one warning
 * per dataset in the log at the end of each action that computes the result), and
 * {@link #rejects} lists them.
 *
 * <h2>Shapes</h2>
 * One polygon or multipolygon per row: convex or concave, with holes or without (see
 * {@link PolygonSource.Format}). A row of one convex ring is one shape of the task's store; any
 * other row is split into convex parts ({@link dev.sepax.concave.Decomposition}) in each task
 * it reaches, and two rows intersect iff some part of one intersects some part of the other
 * (the rule of {@link dev.sepax.concave.CompoundOverlap}). The cells and the reference point
 * read the rows' boxes, not the parts', so a row pair is still decided in exactly one task.
 * Rings that cross, spikes, holes outside their polygon and the other faults
 * {@link dev.sepax.concave.Decomposition} rejects are bad rows, with its reason (ring and
 * vertex).
 *
 * <p>Immutable and thread-safe: the {@code with}-style setters return new instances. Runs on
 * any Spark 4 cluster whose JVMs are Java 21 or newer (see the README's "Running on Spark").
 */
public final class SepaxSpatialJoin implements Serializable {
    private static final long serialVersionUID = 1L;

    /** Output column names. */
    public static final String LEFT_ID = "left_id";
    /** Output column names. */
    public static final String RIGHT_ID = "right_id";

    private final int partitions;
    private final float tolerance;
    private final Precision precision;
    private final BadRows badRows;
    private final int sampleSize;
    private final double originX;
    private final double originY;

    /**
     * Rows (both sides) per cell when the cell count is chosen: a task's store, its candidate
     * pairs and its result rows then stay a few megabytes. With 8 cells at 10^6 x 10^6 the
     * refine stage spent 4.2 s in GC against 8.1 s of CPU (0 at 10^5): the cells grew with the
     * input.
     */
    static final int ROWS_PER_CELL = 50_000;
    /** The most cells chosen automatically (a shuffle partition each). */
    static final int MAX_AUTO_CELLS = 4096;

    private SepaxSpatialJoin(int partitions, float tolerance, Precision precision, BadRows badRows, int sampleSize,
                             double originX, double originY) {
        this.originX = originX;
        this.originY = originY;
        this.partitions = partitions;
        this.tolerance = tolerance;
        this.precision = precision;
        this.badRows = badRows;
        this.sampleSize = sampleSize;
    }

    /**
     * A join with the defaults: partitions chosen from the sample (the larger of 4 x Spark's
     * default parallelism and one cell per {@value #ROWS_PER_CELL} rows), tolerance 0,
     * {@link Precision#FLOAT}, {@link BadRows#FAIL}, a sample of 20 000 box centres.
     */
    public static SepaxSpatialJoin create() {
        return new SepaxSpatialJoin(0, 0f, Precision.FLOAT, BadRows.FAIL, 20_000, 0, 0);
    }

    /**
     * The number of cells, which is the number of join tasks. More cells give smaller stores and
     * more parallelism; boxes that straddle cells are copied to each. The result is the same
     * for any value.
     *
     * @throws IllegalArgumentException if {@code n < 1}
     */
    public SepaxSpatialJoin partitions(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("partitions=" + n + ": must be >= 1");
        }
        return new SepaxSpatialJoin(n, tolerance, precision, badRows, sampleSize, originX, originY);
    }

    /**
     * The kernel's tolerance in coordinate units (see {@link dev.sepax.narrow.SatKernel}): {@code t > 0} also
     * reports pairs whose SAT gap is at most {@code t}, {@code t < 0} lets shallow contact count as apart.
     *
     * @throws IllegalArgumentException if {@code t} is not finite
     */
    public SepaxSpatialJoin tolerance(float t) {
        if (!Float.isFinite(t)) {
            throw new IllegalArgumentException("tolerance=" + t + ": must be finite");
        }
        return new SepaxSpatialJoin(partitions, t, precision, badRows, sampleSize, originX, originY);
    }

    /** Float kernel (the default) or exact verdicts ({@link Precision#EXACT}). */
    public SepaxSpatialJoin precision(Precision p) {
        if (p == null) {
            throw new IllegalArgumentException("precision is null");
        }
        return new SepaxSpatialJoin(partitions, tolerance, p, badRows, sampleSize, originX, originY);
    }

    /** What to do with rows the join cannot use. */
    public SepaxSpatialJoin badRows(BadRows policy) {
        if (policy == null) {
            throw new IllegalArgumentException("badRows is null");
        }
        return new SepaxSpatialJoin(partitions, tolerance, precision, policy, sampleSize, originX, originY);
    }

    /**
     * How many box centres the partitioning samples, over both sides together.
     *
     * @throws IllegalArgumentException if {@code n < 1}
     */
    public SepaxSpatialJoin sampleSize(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("sampleSize=" + n + ": must be >= 1");
        }
        return new SepaxSpatialJoin(partitions, tolerance, precision, badRows, n, originX, originY);
    }

    /**
     * The origin the coordinates are taken relative to: each coordinate is read as a double,
     * {@code x} or {@code y} is subtracted, and the difference is rounded to float. The default
     * {@code (0, 0)} rounds the coordinates themselves, whose float step grows with their
     * magnitude: 0.5 m at UTM northings around 5 x 10^6, where the float kernel's band (see the
     * class doc) is about 4.8 m. A point near the data (the centre of its extent) makes the step
     * and the band follow the data's extent instead: within 10 km of the origin the step is at
     * most 0.001 m and the band about 0.01 m, and {@link Precision#EXACT} decides on coordinates
     * that close to the doubles. Tolerances are in the same units and the output carries the
     * same ids; boxes, cells and verdicts are computed in the shifted frame.
     * {@link #rejected} lists the bad rows at this origin.
     *
     * @throws IllegalArgumentException if {@code x} or {@code y} is not finite
     */
    public SepaxSpatialJoin origin(double x, double y) {
        if (!Double.isFinite(x) || !Double.isFinite(y)) {
            throw new IllegalArgumentException("origin=(" + x + ", " + y + "): must be finite");
        }
        return new SepaxSpatialJoin(partitions, tolerance, precision, badRows, sampleSize, x, y);
    }

    /**
     * The partitioned join (see class doc). Runs the sample job now. Under
     * {@link BadRows#SKIP} each action that computes the result logs one warning per dataset
     * with rows skipped; {@link #join(PolygonSource, PolygonSource, SkippedRows)} also gives the
     * counts.
     *
     * @throws IllegalArgumentException if both sources have the same name
     */
    public Dataset<Row> join(PolygonSource left, PolygonSource right) {
        return join(left, right, new SkippedRows());
    }

    /**
     * {@link #join(PolygonSource, PolygonSource)}, counting the rows it skips in {@code skipped}
     * (0 under {@link BadRows#FAIL}).
     *
     * @throws IllegalArgumentException if both sources have the same name or {@code skipped} is null
     */
    public Dataset<Row> join(PolygonSource left, PolygonSource right, SkippedRows skipped) {
        checkNames(left, right);
        if (skipped == null) {
            throw new IllegalArgumentException("skipped is null");
        }
        SparkSession spark = left.data().sparkSession();
        JavaSparkContext sc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        RowReader lr = left.reader().at(originX, originY);
        RowReader rr = right.reader().at(originX, originY);
        LongAccumulator leftSkipped = skipped.accumulator(sc.sc(), left.name());
        LongAccumulator rightSkipped = skipped.accumulator(sc.sc(), right.name());
        float widen = Math.max(0f, tolerance) == 0f ? 0f : tolerance * (1f + 0x1p-20f);
        KdbPartitioning cells = sample(left, lr, right, rr, partitions, Math.max(1, 4 * sc.defaultParallelism()), widen);
        int n = cells.leaves();
        BadRows policy = badRows;
        JavaPairRDD<Integer, byte[]> keyed = cellsOf(read(left, lr, true, widen, policy), cells)
                .union(cellsOf(read(right, rr, false, 0f, policy), cells));
        PartitionRefine refine = new PartitionRefine(lr, rr, tolerance, precision, policy, cells, leftSkipped,
                rightSkipped);
        JavaRDD<Row> pairs = CellRowSerializer.shuffle(keyed, n)
                .mapPartitionsWithIndex((leaf, it) -> refine.refine(leaf, values(it)), false);
        if (policy == BadRows.SKIP) {
            SkipReport.watch(sc.sc(), pairs.rdd(), Map.of(leftSkipped.id(), left.name(), rightSkipped.id(), right.name()));
        }
        return spark.createDataFrame(pairs, schema(left, right));
    }

    /**
     * The broadcast join: the right side is read and checked now (it must fit in the driver's
     * and every executor's memory) and sent to every task of the left side, which joins its own
     * rows against all of it. No shuffle and no sample; the same pairs as {@link #join}. A bad
     * right row fails this call under {@link BadRows#FAIL}, even when the left side is empty;
     * under {@link BadRows#SKIP} the right side's skipped rows are logged now, the left side's by
     * each action that computes the result.
     *
     * @throws IllegalArgumentException if both sources have the same name
     */
    public Dataset<Row> broadcastJoin(PolygonSource left, PolygonSource right) {
        return broadcastJoin(left, right, new SkippedRows());
    }

    /**
     * {@link #broadcastJoin(PolygonSource, PolygonSource)}, counting the rows it skips in
     * {@code skipped} (the right side's now, once; see {@link SkippedRows}).
     *
     * @throws IllegalArgumentException if both sources have the same name or {@code skipped} is null
     */
    public Dataset<Row> broadcastJoin(PolygonSource left, PolygonSource right, SkippedRows skipped) {
        checkNames(left, right);
        if (skipped == null) {
            throw new IllegalArgumentException("skipped is null");
        }
        SparkSession spark = left.data().sparkSession();
        JavaSparkContext sc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        RowReader lr = left.reader().at(originX, originY);
        RowReader rr = right.reader().at(originX, originY);
        LongAccumulator leftSkipped = skipped.accumulator(sc.sc(), left.name());
        LongAccumulator rightSkipped = skipped.accumulator(sc.sc(), right.name());
        BadRows policy = badRows;
        float widen = 0f; // no cells, no reference points
        // Checked as the tasks would check them, so that no task refuses a right row: the left
        // side may have no task at all, and every task would refuse the same rows again.
        List<ShapeRow> read = read(right, rr, false, widen, policy).map(s -> {
            if (!s.skipped) {
                try {
                    PartitionRefine.addRow(ConvexPolygons.builder(), s);
                } catch (IllegalArgumentException e) {
                    if (policy == BadRows.FAIL) {
                        throw rr.refused(s, e);
                    }
                    return ShapeRow.skipped(false, s.partition, s.index);
                }
            }
            return s;
        }).collect();
        List<ShapeRow> small = new ArrayList<>(read.size());
        long bad = 0;
        for (ShapeRow s : read) {
            if (s.skipped) {
                bad++;
            } else {
                small.add(s);
            }
        }
        if (bad > 0) {
            rightSkipped.add(bad);
            SkipReport.log(right.name(), bad, "from the broadcast side");
        }
        Broadcast<List<ShapeRow>> shared = sc.broadcast(small);
        PartitionRefine refine = new PartitionRefine(lr, rr, tolerance, precision, policy, null, leftSkipped,
                rightSkipped);
        JavaRDD<Row> pairs = read(left, lr, true, widen, policy).mapPartitions(it -> {
            if (!it.hasNext()) {
                return java.util.Collections.emptyIterator();
            }
            List<ShapeRow> all = new ArrayList<>(shared.value());
            it.forEachRemaining(all::add);
            return refine.refine(0, all.iterator());
        });
        if (policy == BadRows.SKIP) {
            SkipReport.watch(sc.sc(), pairs.rdd(), Map.of(leftSkipped.id(), left.name()));
        }
        return spark.createDataFrame(pairs, schema(left, right));
    }

    /**
     * The rows of {@code source} that a join cannot use, one row each with the string columns
     * {@code dataset}, {@code row} ({@code partition:index}), {@code id} and {@code reason}: the
     * rows {@link BadRows#SKIP} leaves out, and the first of which {@link BadRows#FAIL} fails on,
     * for a join at the default {@link #origin} (see {@link #rejected} for another).
     */
    public static Dataset<Row> rejects(PolygonSource source) {
        return rejects(source, source.reader());
    }

    /**
     * {@link #rejects}, with the coordinates taken relative to this join's {@link #origin}: the
     * rows this join cannot use (a row can be degenerate at one origin's float step and not at
     * another's, two vertices closer than a step apart, say).
     */
    public Dataset<Row> rejected(PolygonSource source) {
        if (source == null) {
            throw new IllegalArgumentException("source is null");
        }
        return rejects(source, source.reader().at(originX, originY));
    }

    private static Dataset<Row> rejects(PolygonSource source, RowReader reader) {
        JavaRDD<Row> bad = internalRows(source.data()).mapPartitionsWithIndex((part, it) -> {
            List<Row> out = new ArrayList<>();
            long index = 0;
            while (it.hasNext()) {
                InternalRow r = it.next();
                try {
                    ShapeRow s = reader.read(r, true, 0f, part, index);
                    try {
                        PartitionRefine.addRow(ConvexPolygons.builder(), s);
                    } catch (IllegalArgumentException e) {
                        throw reader.refused(s, e);
                    }
                } catch (BadRowException e) {
                    Object id = reader.id(r);
                    out.add(RowFactory.create(e.dataset(), e.row(), id == null ? null : String.valueOf(id), e.reason()));
                }
                index++;
            }
            return out.iterator();
        }, false);
        StructType schema = new StructType()
                .add("dataset", DataTypes.StringType, false)
                .add("row", DataTypes.StringType, false)
                .add("id", DataTypes.StringType, true)
                .add("reason", DataTypes.StringType, false);
        return source.data().sparkSession().createDataFrame(bad, schema);
    }

    private static void checkNames(PolygonSource left, PolygonSource right) {
        if (left == null || right == null) {
            throw new IllegalArgumentException("left or right source is null");
        }
        if (left.name().equals(right.name())) {
            throw new IllegalArgumentException("both sources are named " + left.name()
                    + "; give them different names so that messages can tell them apart");
        }
    }

    private static StructType schema(PolygonSource left, PolygonSource right) {
        return new StructType().add(LEFT_ID, left.idType(), false).add(RIGHT_ID, right.idType(), false);
    }

    /**
     * The rows in Spark's internal form, which {@link RowReader} reads without converting each
     * row (and its WKT text) to Java objects first. The iterators may reuse one row object, so
     * a row is read completely before the next is asked for.
     */
    private static JavaRDD<InternalRow> internalRows(Dataset<Row> data) {
        return data.queryExecution().toRdd().toJavaRDD();
    }

    /**
     * The rows as shapes; a bad row fails the task ({@link BadRows#FAIL}) or becomes its
     * {@link ShapeRow#skipped} stand-in, which the refine step counts.
     */
    private static JavaRDD<ShapeRow> read(PolygonSource source, RowReader reader, boolean left, float widen,
                                          BadRows policy) {
        return internalRows(source.data()).mapPartitionsWithIndex((part, it) -> new Iterator<ShapeRow>() {
            private long index;
            private ShapeRow next = advance();

            private ShapeRow advance() {
                while (it.hasNext()) {
                    InternalRow r = it.next();
                    long i = index++;
                    try {
                        return reader.read(r, left, widen, part, i);
                    } catch (BadRowException e) {
                        if (policy == BadRows.FAIL) {
                            throw e;
                        }
                        return ShapeRow.skipped(left, part, i);
                    }
                }
                return null;
            }

            @Override
            public boolean hasNext() {
                return next != null;
            }

            @Override
            public ShapeRow next() {
                if (next == null) {
                    throw new java.util.NoSuchElementException();
                }
                ShapeRow s = next;
                next = advance();
                return s;
            }
        }, true);
    }

    /**
     * Each row keyed by every cell its box meets, streamed (a partition is never held in a list),
     * the row encoded once ({@link ShapeRow#encode}) however many cells it goes to. A skipped
     * row's stand-in goes to one cell, chosen by its position, to be counted there.
     */
    private static JavaPairRDD<Integer, byte[]> cellsOf(JavaRDD<ShapeRow> shapes, KdbPartitioning cells) {
        return shapes.mapPartitionsToPair(it -> new Iterator<Tuple2<Integer, byte[]>>() {
            private final int[] leaves = new int[cells.leaves()];
            private int k;
            private int next;
            private byte[] row;

            @Override
            public boolean hasNext() {
                while (next == k && it.hasNext()) {
                    ShapeRow s = it.next();
                    if (s.skipped) {
                        leaves[0] = Math.floorMod(31 * s.partition + Long.hashCode(s.index), cells.leaves());
                        k = 1;
                    } else {
                        k = cells.leavesOf(s.minX, s.minY, s.maxX, s.maxY, leaves);
                    }
                    next = 0;
                    row = k > 0 ? s.encode() : null;
                }
                return next < k;
            }

            @Override
            public Tuple2<Integer, byte[]> next() {
                if (!hasNext()) {
                    throw new java.util.NoSuchElementException();
                }
                return new Tuple2<>(leaves[next++], row);
            }
        });
    }

    private static Iterator<ShapeRow> values(Iterator<Tuple2<Integer, byte[]>> it) {
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                return it.hasNext();
            }

            @Override
            public ShapeRow next() {
                return ShapeRow.decode(it.next()._2());
            }
        };
    }

    /** The automatic cell count for {@code rows} rows (both sides): see {@link #ROWS_PER_CELL}. */
    static int autoCells(double rows, int least) {
        return (int) Math.max(least, Math.min(MAX_AUTO_CELLS, Math.ceil(rows / ROWS_PER_CELL)));
    }

    /**
     * The cells from a sample of box centres: {@code requested} of them, or when that is 0, the
     * larger of {@code least} and one per {@value #ROWS_PER_CELL} rows of both sides together
     * (counted exactly before the sample is drawn).
     */
    private KdbPartitioning sample(PolygonSource left, RowReader lr, PolygonSource right, RowReader rr, int requested,
                                   int least, float widen) {
        if (requested == 1) {
            return KdbPartitioning.build(1, new float[0], new float[0], new double[0]);
        }
        // Row counts first (cheap on cached or columnar data: no row is decoded), then one
        // Bernoulli sample of both sides at the same rate, drawn by Spark on its internal rows,
        // so only the sampled rows are turned into Java rows and parsed.
        long rows = left.data().count() + right.data().count();
        double fraction = rows <= sampleSize ? 1.0 : (double) sampleSize / rows;
        List<double[]> points = new ArrayList<>(centres(left, lr, true, widen, fraction).collect());
        points.addAll(centres(right, rr, false, 0f, fraction).collect());
        float[] xs = new float[points.size()];
        float[] ys = new float[points.size()];
        double[] ws = new double[points.size()];
        for (int i = 0; i < xs.length; i++) {
            xs[i] = (float) points.get(i)[0];
            ys[i] = (float) points.get(i)[1];
            ws[i] = points.get(i)[2];
        }
        return KdbPartitioning.build(requested == 0 ? autoCells(rows, least) : requested, xs, ys, ws);
    }

    /**
     * The sampled box centres of one side: a Bernoulli sample at {@code fraction} (Spark's own,
     * with a fixed seed, so reruns over the same partitions agree), each centre weighing
     * {@code 1 / fraction} rows. Unreadable sampled rows are left out here; the join itself
     * reports them.
     */
    private static JavaRDD<double[]> centres(PolygonSource source, RowReader reader, boolean left, float widen,
                                             double fraction) {
        Dataset<Row> rows = fraction >= 1.0 ? source.data() : source.data().sample(false, fraction, 0x5EBA5L);
        double weight = 1.0 / fraction;
        return internalRows(rows).mapPartitionsWithIndex((part, it) -> {
            List<double[]> out = new ArrayList<>();
            while (it.hasNext()) {
                try {
                    ShapeRow s = reader.read(it.next(), left, widen, part, -1);
                    out.add(new double[] {0.5 * ((double) s.minX + s.maxX), 0.5 * ((double) s.minY + s.maxY), weight});
                } catch (BadRowException e) {
                    // reported by the join or by rejects()
                }
            }
            return out.iterator();
        }, false);
    }
}
