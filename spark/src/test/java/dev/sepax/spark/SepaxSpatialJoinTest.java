package dev.sepax.spark;

import static dev.sepax.spark.JoinPairs.assertSameOnce;
import static dev.sepax.spark.JoinPairs.pairs;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sepax.Sepax;
import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.broad.SweepAndPrune;
import dev.sepax.narrow.Precision;
import dev.sepax.narrow.SatKernel;
import dev.sepax.shape.ConvexPolygons;
import dev.sepax.spark.compare.GeneratedPolygons;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The join on Spark's local mode against a single-JVM run of the same shapes: one store of
 * both sides, sweep-and-prune and the selected kernel over the left-right pairs (the code path
 * of {@code ./sepax check}), itself checked against the scalar kernel over every left-right
 * pair. Data: random convex polygons plus a grid of unit and 2x2 squares that share edges and
 * corners exactly, whose box centres put KDB cuts on shared edges.
 */
@Timeout(value = 600, unit = TimeUnit.SECONDS)
class SepaxSpatialJoinTest {
    private static final int RANDOM_PER_SIDE = 1200;
    private static SparkSession spark;
    private static List<double[]> leftShapes;
    private static List<double[]> rightShapes;
    private static Dataset<Row> leftWkt;
    private static Dataset<Row> rightWkt;

    @BeforeAll
    static void start() {
        spark = SparkSession.builder().master("local[2]").appName("SepaxSpatialJoinTest")
                .config("spark.ui.enabled", "false")
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.driver.bindAddress", "127.0.0.1")
                .config("spark.sql.shuffle.partitions", "4")
                .getOrCreate();
        double side = GeneratedPolygons.side(RANDOM_PER_SIDE);
        leftShapes = new ArrayList<>();
        rightShapes = new ArrayList<>();
        for (int i = 0; i < RANDOM_PER_SIDE; i++) {
            leftShapes.add(GeneratedPolygons.polygon(1, i, side));
            rightShapes.add(GeneratedPolygons.polygon(2, i, side));
        }
        // Touching squares: unit squares on the left, 2x2 squares on the right, at integer
        // corners; edges and corners are shared exactly, and cuts fall on those coordinates.
        for (int gx = 0; gx < 12; gx++) {
            for (int gy = 0; gy < 12; gy++) {
                leftShapes.add(square(gx, gy, 1));
                if ((gx + gy) % 3 == 0) {
                    rightShapes.add(square(gx, gy + 0.5, 2));
                }
            }
        }
        leftWkt = wktFrame(leftShapes, 3);
        rightWkt = wktFrame(rightShapes, 2);
    }

    @AfterAll
    static void stop() {
        if (spark != null) {
            spark.stop();
        }
    }

    private static double[] square(double x, double y, double s) {
        return new double[] {x, y, x + s, y, x + s, y + s, x, y + s};
    }

    private static Dataset<Row> wktFrame(List<double[]> shapes, int partitions) {
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < shapes.size(); i++) {
            rows.add(RowFactory.create((long) i, GeneratedPolygons.wkt(shapes.get(i))));
        }
        StructType schema = new StructType().add("id", DataTypes.LongType).add("wkt", DataTypes.StringType);
        return spark.createDataFrame(rows, schema).repartition(partitions);
    }

    private static Dataset<Row> coordinateFrame(List<double[]> shapes) {
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < shapes.size(); i++) {
            List<Double> xy = new ArrayList<>();
            for (double v : shapes.get(i)) {
                xy.add(v);
            }
            rows.add(RowFactory.create("s" + i, xy));
        }
        StructType schema = new StructType().add("key", DataTypes.StringType)
                .add("xy", DataTypes.createArrayType(DataTypes.DoubleType));
        return spark.createDataFrame(rows, schema);
    }

    /** The single-JVM answer: "leftIndex,rightIndex" of every intersecting pair. */
    private static Set<String> singleJvm(List<double[]> left, List<double[]> right, float tolerance) {
        ConvexPolygons.Builder b = ConvexPolygons.builder();
        left.forEach(s -> b.add(toFloat(s)));
        right.forEach(s -> b.add(toFloat(s)));
        ConvexPolygons store = b.build();
        int nl = left.size();
        PairBatch all = new PairBatch(store, 1024);
        new SweepAndPrune().findPairs(store, Math.max(0f, tolerance), all);
        PairBatch cross = new PairBatch(store, 1024);
        for (int p = 0; p < all.size(); p++) {
            int i = all.shapeA(p);
            int j = all.shapeB(p);
            if ((i < nl) != (j < nl)) {
                cross.add(Math.min(i, j), Math.max(i, j));
            }
        }
        Set<String> viaSweep = hits(store, cross, Sepax.overlap(), tolerance, nl);
        // Independent of the broad phase: the scalar kernel over every left-right pair.
        PairBatch every = new PairBatch(store, nl * right.size());
        for (int i = 0; i < nl; i++) {
            for (int j = 0; j < right.size(); j++) {
                every.add(i, nl + j);
            }
        }
        assertEquals(hits(store, every, Sepax.scalar(), tolerance, nl), viaSweep,
                "sweep-and-prune + selected kernel vs scalar brute force");
        return viaSweep;
    }

    private static Set<String> hits(ConvexPolygons store, PairBatch pairs, SatKernel k, float tol, int nl) {
        OverlapBits bits = new OverlapBits(pairs.size());
        k.test(store, pairs, tol, bits);
        Set<String> out = new TreeSet<>();
        for (int p = bits.nextSet(0, pairs.size()); p >= 0; p = bits.nextSet(p + 1, pairs.size())) {
            out.add(pairs.shapeA(p) + "," + (pairs.shapeB(p) - nl));
        }
        return out;
    }

    private static float[] toFloat(double[] xy) {
        float[] f = new float[xy.length];
        for (int i = 0; i < xy.length; i++) {
            f[i] = (float) xy[i];
        }
        return f;
    }



    @ParameterizedTest
    @ValueSource(ints = {1, 2, 7, 64})
    void everyPartitionCountGivesTheSingleJvmPairsOnce(int partitions) {
        Set<String> expected = singleJvm(leftShapes, rightShapes, 0f);
        assertTrue(expected.size() > RANDOM_PER_SIDE / 2, "the data has hits: " + expected.size());
        List<String> got = pairs(SepaxSpatialJoin.create().partitions(partitions)
                .join(PolygonSource.wkt("left", leftWkt, "id", "wkt"), PolygonSource.wkt("right", rightWkt, "id", "wkt")));
        assertSameOnce(expected, got, partitions + " partitions");
    }

    @Test
    void theDefaultCellCountFollowsTheRowCount() {
        // Small inputs: 4 x the default parallelism (local[2]); large ones: a cell per 50 000 rows.
        assertEquals(8, SepaxSpatialJoin.autoCells(2 * RANDOM_PER_SIDE, 8));
        assertEquals(8, SepaxSpatialJoin.autoCells(200_000, 8));
        assertEquals(40, SepaxSpatialJoin.autoCells(2_000_000, 8));
        assertEquals(41, SepaxSpatialJoin.autoCells(2_000_001, 8));
        assertEquals(SepaxSpatialJoin.MAX_AUTO_CELLS, SepaxSpatialJoin.autoCells(1e12, 8));
        Set<String> expected = singleJvm(leftShapes, rightShapes, 0f);
        Dataset<Row> joined = SepaxSpatialJoin.create()
                .join(PolygonSource.wkt("left", leftWkt, "id", "wkt"), PolygonSource.wkt("right", rightWkt, "id", "wkt"));
        assertEquals(8, joined.javaRDD().getNumPartitions(), "one task per cell");
        assertSameOnce(expected, pairs(joined), "default cells");
    }

    @Test
    void touchingSquaresAreReported() {
        List<String> got = pairs(SepaxSpatialJoin.create().partitions(7)
                .join(PolygonSource.wkt("left", leftWkt, "id", "wkt"), PolygonSource.wkt("right", rightWkt, "id", "wkt")));
        // Left unit square at (0,0) and right 2x2 square at (0,0.5) overlap; the unit square at
        // (2,0) touches the right square's edge x = 2 only.
        int unit00 = RANDOM_PER_SIDE;
        int unit20 = RANDOM_PER_SIDE + 2 * 12;
        int big00 = RANDOM_PER_SIDE;
        assertTrue(got.contains(unit00 + "," + big00), "overlap");
        assertTrue(got.contains(unit20 + "," + big00), "touching along x = 2 counts");
    }

    @Test
    void positiveToleranceAndExactPrecisionMatchTheSingleJvmRun() {
        Set<String> expected = singleJvm(leftShapes, rightShapes, 0.25f);
        List<String> got = pairs(SepaxSpatialJoin.create().partitions(7).tolerance(0.25f)
                .join(PolygonSource.wkt("left", leftWkt, "id", "wkt"), PolygonSource.wkt("right", rightWkt, "id", "wkt")));
        assertSameOnce(expected, got, "tolerance 0.25");
        List<String> exact = pairs(SepaxSpatialJoin.create().partitions(5).precision(Precision.EXACT)
                .join(PolygonSource.wkt("left", leftWkt, "id", "wkt"), PolygonSource.wkt("right", rightWkt, "id", "wkt")));
        // The generated vertices are far from the float band, so exact verdicts agree.
        assertSameOnce(singleJvm(leftShapes, rightShapes, 0f), exact, "exact");
    }

    @Test
    void broadcastJoinGivesTheSamePairs() {
        Set<String> expected = singleJvm(leftShapes, rightShapes, 0f);
        List<String> got = pairs(SepaxSpatialJoin.create()
                .broadcastJoin(PolygonSource.wkt("left", leftWkt, "id", "wkt"), PolygonSource.wkt("right", rightWkt, "id", "wkt")));
        assertSameOnce(expected, got, "broadcast");
    }

    @Test
    void coordinateArraysGiveTheSamePairsWithTheirOwnIds() {
        Set<String> expected = new HashSet<>();
        for (String p : singleJvm(leftShapes, rightShapes, 0f)) {
            String[] ab = p.split(",");
            expected.add("s" + ab[0] + ",s" + ab[1]);
        }
        Dataset<Row> result = SepaxSpatialJoin.create().partitions(3).join(
                PolygonSource.coordinates("left", coordinateFrame(leftShapes), "key", "xy"),
                PolygonSource.coordinates("right", coordinateFrame(rightShapes), "key", "xy"));
        assertEquals(DataTypes.StringType, result.schema().apply(SepaxSpatialJoin.LEFT_ID).dataType());
        assertSameOnce(new TreeSet<>(expected), pairs(result), "coordinate arrays");
    }

    /**
     * Ids of types read through Spark's conversion (decimal, date) and of int type, with float
     * coordinate arrays on one side: the output carries each id as {@code Row.get} gives it.
     */
    @Test
    void idsOfOtherTypesAndFloatArraysPassThrough() {
        List<Row> left = new ArrayList<>();
        for (int i = 0; i < leftShapes.size(); i++) {
            List<Float> xy = new ArrayList<>();
            for (double v : leftShapes.get(i)) {
                xy.add((float) v);
            }
            left.add(RowFactory.create(java.math.BigDecimal.valueOf(i, 2), xy));
        }
        List<Row> right = new ArrayList<>();
        for (int i = 0; i < rightShapes.size(); i++) {
            right.add(RowFactory.create(java.sql.Date.valueOf(java.time.LocalDate.ofEpochDay(i)), i,
                    GeneratedPolygons.wkt(rightShapes.get(i))));
        }
        Dataset<Row> l = spark.createDataFrame(left, new StructType().add("d", DataTypes.createDecimalType(12, 2))
                .add("xy", DataTypes.createArrayType(DataTypes.FloatType))).repartition(2);
        Dataset<Row> r = spark.createDataFrame(right, new StructType().add("day", DataTypes.DateType)
                .add("n", DataTypes.IntegerType).add("wkt", DataTypes.StringType)).repartition(2);
        Set<String> expected = new TreeSet<>();
        Set<String> expectedInt = new TreeSet<>();
        for (String p : singleJvm(leftShapes, rightShapes, 0f)) {
            String[] ab = p.split(",");
            int a = Integer.parseInt(ab[0]);
            int b = Integer.parseInt(ab[1]);
            expected.add(java.math.BigDecimal.valueOf(a, 2) + "," + java.sql.Date.valueOf(java.time.LocalDate.ofEpochDay(b)));
            expectedInt.add(java.math.BigDecimal.valueOf(a, 2) + "," + b);
        }
        PolygonSource ls = PolygonSource.coordinates("left", l, "d", "xy");
        Dataset<Row> byDay = SepaxSpatialJoin.create().partitions(3).join(ls, PolygonSource.wkt("right", r, "day", "wkt"));
        assertEquals(DataTypes.DateType, byDay.schema().apply(SepaxSpatialJoin.RIGHT_ID).dataType());
        assertSameOnce(expected, pairs(byDay), "decimal and date ids");
        assertSameOnce(expectedInt, pairs(SepaxSpatialJoin.create().partitions(2)
                .join(ls, PolygonSource.wkt("right", r, "n", "wkt"))), "int ids");
    }

    private static Dataset<Row> withBadRows() {
        List<Row> rows = new ArrayList<>(leftWkt.collectAsList());
        rows.add(RowFactory.create(90001L, "POLYGON ((0 0, 1 1))"));
        rows.add(RowFactory.create(90002L, "POLYGON ((0 0, 4 4, 4 0, 0 4))"));
        rows.add(RowFactory.create(90003L, "LINESTRING (0 0, 1 1)"));
        rows.add(RowFactory.create(90004L, null));
        rows.add(RowFactory.create(90005L, "POLYGON ((0 0, 1 0, 1 x))"));
        return spark.createDataFrame(rows, leftWkt.schema()).repartition(3);
    }

    @Test
    void aBadRowFailsTheJobNamingDatasetRowAndReason() {
        Dataset<Row> bad = spark.createDataFrame(List.of(RowFactory.create(7L, "POLYGON ((0 0, 4 4, 4 0, 0 4))")),
                leftWkt.schema());
        Exception e = assertThrows(Exception.class, () -> SepaxSpatialJoin.create().partitions(2)
                .join(PolygonSource.wkt("parcels", bad, "id", "wkt"), PolygonSource.wkt("right", rightWkt, "id", "wkt"))
                .count());
        String m = messages(e);
        assertTrue(m.contains("dataset=parcels row=0:0 id=7: ring=0 vertex=0: its edge crosses the edge starting at ring=0"
                + " vertex=2 (self-intersection)"), m);
        Dataset<Row> unreadable = spark.createDataFrame(List.of(RowFactory.create(8L, "POLYGON ((0 0, 1 0, 1 x))")),
                leftWkt.schema());
        Exception e2 = assertThrows(Exception.class, () -> SepaxSpatialJoin.create().partitions(2)
                .join(PolygonSource.wkt("left", leftWkt, "id", "wkt"), PolygonSource.wkt("zones", unreadable, "id", "wkt"))
                .count());
        String m2 = messages(e2);
        assertTrue(m2.contains("dataset=zones row=0:0 id=8: malformed WKT: 'x' is not a number"), m2);
    }

    /** The messages of {@code e} and its causes, one per line. */
    static String messages(Throwable e) {
        StringBuilder b = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause()) {
            b.append(t.getMessage()).append('\n');
        }
        return b.toString();
    }

    @Test
    void skippedBadRowsAreListedWithTheirReasonsAndTheRestIsJoined() {
        Dataset<Row> left = withBadRows();
        PolygonSource source = PolygonSource.wkt("left", left, "id", "wkt");
        List<String> got = pairs(SepaxSpatialJoin.create().partitions(7).badRows(BadRows.SKIP)
                .join(source, PolygonSource.wkt("right", rightWkt, "id", "wkt")));
        assertSameOnce(singleJvm(leftShapes, rightShapes, 0f), got, "good rows of a dataset with bad ones");
        List<String> broadcast = pairs(SepaxSpatialJoin.create().badRows(BadRows.SKIP)
                .broadcastJoin(PolygonSource.wkt("right", rightWkt, "id", "wkt"), source));
        assertEquals(got.size(), broadcast.size(), "broadcast, sides swapped");
        Set<String> reasons = new TreeSet<>();
        for (Row r : SepaxSpatialJoin.rejects(source).collectAsList()) {
            assertEquals("left", r.getString(0));
            assertTrue(r.getString(1).matches("\\d+:\\d+"), r.getString(1));
            reasons.add(r.getString(2) + " " + r.getString(3));
        }
        assertEquals(5, reasons.size(), reasons.toString());
        String all = reasons.toString();
        assertTrue(all.contains("90001 ring=0: fewer than 3 distinct vertices") && all.contains("90002 ring=0 vertex=0: its edge crosses")
                && all.contains("90003 LINESTRING is not supported")
                && all.contains("90004 the geometry is null") && all.contains("90005 malformed WKT"), all);
    }

    @Test
    void misuseIsRefusedNamingTheProblem() {
        IllegalArgumentException sameName = assertThrows(IllegalArgumentException.class, () -> SepaxSpatialJoin.create()
                .join(PolygonSource.wkt("a", leftWkt, "id", "wkt"), PolygonSource.wkt("a", rightWkt, "id", "wkt")));
        assertTrue(sameName.getMessage().contains("both sources are named a"));
        IllegalArgumentException column = assertThrows(IllegalArgumentException.class,
                () -> PolygonSource.wkt("a", leftWkt, "id", "geom"));
        assertTrue(column.getMessage().startsWith("dataset=a: no column geom"), column.getMessage());
        IllegalArgumentException type = assertThrows(IllegalArgumentException.class,
                () -> PolygonSource.coordinates("a", leftWkt, "id", "wkt"));
        assertTrue(type.getMessage().contains("needs array<double> or array<float>"), type.getMessage());
        assertThrows(IllegalArgumentException.class, () -> SepaxSpatialJoin.create().partitions(0));
        assertThrows(IllegalArgumentException.class, () -> SepaxSpatialJoin.create().tolerance(Float.NaN));
    }
}
