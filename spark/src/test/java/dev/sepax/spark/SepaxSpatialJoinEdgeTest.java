package dev.sepax.spark;

import static dev.sepax.spark.JoinPairs.assertSameOnce;
import static dev.sepax.spark.JoinPairs.pairs;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sepax.narrow.Precision;
import java.util.ArrayList;
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
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.io.ParseException;
import org.locationtech.jts.io.WKTReader;

/**
 * The join where the input is awkward for it: many identical rows (whose equal box centres leave
 * most cells without a sample point), rows it must refuse, and skipped rows it must count.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class SepaxSpatialJoinEdgeTest {
    private static SparkSession spark;

    @BeforeAll
    static void start() {
        spark = SparkSession.builder().master("local[2]").appName("SepaxSpatialJoinEdgeTest")
                .config("spark.ui.enabled", "false")
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.driver.bindAddress", "127.0.0.1")
                .config("spark.sql.shuffle.partitions", "4")
                .getOrCreate();
    }

    @AfterAll
    static void stop() {
        if (spark != null) {
            spark.stop();
        }
    }

    private static String square(double x, double y, double s) {
        return "POLYGON ((" + x + " " + y + ", " + (x + s) + " " + y + ", " + (x + s) + " " + (y + s) + ", " + x + " "
                + (y + s) + ", " + x + " " + y + "))";
    }

    private static Dataset<Row> frame(List<String> wkt, int partitions) {
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < wkt.size(); i++) {
            rows.add(RowFactory.create((long) i, wkt.get(i)));
        }
        StructType schema = new StructType().add("id", DataTypes.LongType).add("wkt", DataTypes.StringType);
        return spark.createDataFrame(rows, schema).repartition(partitions);
    }

    /** JTS's {@code intersects} on the rows' double coordinates, every left-right pair. */
    private static Set<String> jts(List<String> left, List<String> right) throws ParseException {
        WKTReader reader = new WKTReader();
        List<Geometry> r = new ArrayList<>();
        for (String w : right) {
            r.add(reader.read(w));
        }
        Set<String> out = new TreeSet<>();
        for (int i = 0; i < left.size(); i++) {
            Geometry g = reader.read(left.get(i));
            for (int j = 0; j < r.size(); j++) {
                if (g.intersects(r.get(j))) {
                    out.add(i + "," + j);
                }
            }
        }
        return out;
    }

    /**
     * 30 copies of one parcel and 30 of an L-shaped zone over it, with neighbours that overlap or
     * touch them: the copies share one box centre, so with many cells most of them get no sample
     * point, and every copy pair has the same reference point. Each pair must come out once.
     */
    @Test
    void manyIdenticalRowsAtManyCellsGiveEachPairOnce() throws ParseException {
        List<String> left = new ArrayList<>();
        List<String> right = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            left.add(square(10, 10, 10));
            right.add("POLYGON ((14 14, 30 14, 30 18, 18 18, 18 30, 14 30, 14 14))");
        }
        for (int i = 0; i < 20; i++) {
            left.add(square(2 + 2 * i, 8 + i % 3, 6));
            right.add(square(1 + 2.5 * i, 15 - i % 4, 5));
        }
        Set<String> expected = jts(left, right);
        assertTrue(expected.size() > 30 * 30, "the data has the copies' pairs: " + expected.size());
        Dataset<Row> l = frame(left, 3);
        Dataset<Row> r = frame(right, 2);
        for (int cells : new int[] {64, 256}) {
            for (int sample : new int[] {3, 20_000}) {
                List<String> got = pairs(SepaxSpatialJoin.create().partitions(cells).sampleSize(sample)
                        .precision(Precision.EXACT)
                        .join(PolygonSource.wkt("parcels", l, "id", "wkt"), PolygonSource.wkt("zones", r, "id", "wkt")));
                assertSameOnce(expected, got, cells + " cells, sample " + sample);
            }
        }
    }

    private static Dataset<Row> coordinates(List<String> ids, List<double[]> shapes) {
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < shapes.size(); i++) {
            List<Double> xy = new ArrayList<>();
            for (double v : shapes.get(i)) {
                xy.add(v);
            }
            rows.add(RowFactory.create(ids.get(i), xy));
        }
        StructType schema = new StructType().add("key", DataTypes.StringType)
                .add("xy", DataTypes.createArrayType(DataTypes.DoubleType));
        return spark.createDataFrame(rows, schema).repartition(2);
    }

    private static double[] box(double x, double y, double s) {
        return new double[] {x, y, x + s, y, x + s, y + s, x, y + s};
    }

    /**
     * A coordinate array with fewer than 3 vertices is a bad row: an empty one would get the box
     * (+inf, +inf, -inf, -inf), reach no cell and vanish under FAIL, and its NaN box centre in the
     * sample would make cuts NaN, so that good rows beyond them were lost.
     */
    @Test
    void coordinateArraysOfFewerThanThreeVerticesAreBadRows() {
        List<String> ids = new ArrayList<>();
        List<double[]> shapes = new ArrayList<>();
        for (int i = 1; i <= 4; i++) {
            ids.add("s" + i);
            shapes.add(box(10 * i, 10 * i, 5));
        }
        PolygonSource good = PolygonSource.coordinates("parcels", coordinates(ids, shapes), "key", "xy");
        Set<String> expected = Set.of("s1,z1", "s2,z2", "s3,z3", "s4,z4");
        for (double[] bad : new double[][] {{}, {1, 1, 2, 2}}) {
            List<String> zoneIds = new ArrayList<>(List.of("z1", "z2", "z3", "z4", "bad"));
            List<double[]> zones = new ArrayList<>(shapes);
            zones.add(bad);
            PolygonSource withBad = PolygonSource.coordinates("zones", coordinates(zoneIds, zones), "key", "xy");
            String reason = "id=bad: fewer than 3 vertices (" + bad.length + " coordinates)";
            for (int cells : new int[] {1, 4}) {
                Exception e = assertThrows(Exception.class, () -> SepaxSpatialJoin.create().partitions(cells)
                        .join(good, withBad).count(), cells + " cells");
                assertTrue(SepaxSpatialJoinTest.messages(e).matches("(?s).*dataset=zones row=\\d+:\\d+ " + java.util.regex.Pattern.quote(reason)
                        + ".*"), SepaxSpatialJoinTest.messages(e));
                assertSameOnce(expected, pairs(SepaxSpatialJoin.create().partitions(cells).badRows(BadRows.SKIP)
                        .join(good, withBad)), "skipped, " + cells + " cells");
            }
            Exception e = assertThrows(Exception.class, () -> SepaxSpatialJoin.create().broadcastJoin(good, withBad));
            assertTrue(SepaxSpatialJoinTest.messages(e).contains(reason), SepaxSpatialJoinTest.messages(e));
            List<Row> rejects = SepaxSpatialJoin.rejects(withBad).collectAsList();
            assertEquals(1, rejects.size(), rejects.toString());
            assertEquals("fewer than 3 vertices (" + bad.length + " coordinates)", rejects.get(0).getString(3));
        }
    }

    /** A box that a positive tolerance grows beyond the float range reaches no cell: a bad row. */
    @Test
    void aBoxGrownBeyondTheFloatRangeIsABadRow() {
        PolygonSource far = PolygonSource.coordinates("far", coordinates(List.of("f"),
                List.<double[]>of(new double[] {3e38, 0, 3.4e38, 0, 3.4e38, 1})), "key", "xy");
        PolygonSource near = PolygonSource.coordinates("near", coordinates(List.of("n"), List.of(box(0, 0, 1))), "key", "xy");
        Exception e = assertThrows(Exception.class, () -> SepaxSpatialJoin.create().partitions(2).tolerance(1e38f)
                .join(far, near).count());
        assertTrue(SepaxSpatialJoinTest.messages(e).matches("(?s).*dataset=far row=\\d+:0 id=f: its box, grown by [0-9.E]+ for the tolerance, is beyond"
                + " the float range.*"), SepaxSpatialJoinTest.messages(e));
    }

    /** 100 unit squares on a grid and 7 bad rows: 3 the reader refuses, 4 the store does (one spans every cell). */
    private static List<String> leftWithBadRows() {
        List<String> rows = new ArrayList<>();
        for (int x = 0; x < 10; x++) {
            for (int y = 0; y < 10; y++) {
                rows.add(square(x, y, 1));
            }
        }
        rows.add(null);
        rows.add("POLYGON ((0 0, 1 0, 1 x))");
        rows.add("LINESTRING (0 0, 1 1)");
        rows.add("POLYGON ((0 0, 10 10, 10 0, 0 10))");
        rows.add("POLYGON ((2 2, 3 3, 3 2, 2 3))");
        rows.add("POLYGON ((0 0, 1 1))");
        rows.add("POLYGON ((0 0, 4 0, 4 4, 0 4), (10 10, 11 10, 11 11))");
        return rows;
    }

    /** 25 squares of side 2 and 2 bad rows: one the reader refuses, one the store does. */
    private static List<String> rightWithBadRows() {
        List<String> rows = new ArrayList<>();
        for (int x = 0; x < 10; x += 2) {
            for (int y = 0; y < 10; y += 2) {
                rows.add(square(x + 0.5, y + 0.5, 2));
            }
        }
        rows.add("POLYGON EMPTY");
        rows.add("POLYGON ((-1 -1, 11 11, 11 -1, -1 11))");
        return rows;
    }

    private static Set<String> jtsOfGoodRows(List<String> left, List<String> right) throws ParseException {
        Set<String> out = new TreeSet<>();
        for (String pair : jts(good(left), good(right))) {
            out.add(pair);
        }
        return out;
    }

    /** The rows JTS reads as valid polygons, the others replaced by a far-away empty polygon. */
    private static List<String> good(List<String> rows) {
        List<String> out = new ArrayList<>();
        WKTReader reader = new WKTReader();
        for (String w : rows) {
            boolean ok;
            try {
                Geometry g = w == null ? null : reader.read(w);
                ok = g != null && g.getGeometryType().equals("Polygon") && g.isValid() && !g.isEmpty();
            } catch (ParseException | IllegalArgumentException e) {
                ok = false; // malformed, or a ring JTS will not build (not closed, too short)
            }
            out.add(ok ? w : "POLYGON EMPTY");
        }
        return out;
    }

    private static List<String> warnings(Captured log, String dataset, int atLeast) throws InterruptedException {
        // The listener runs on Spark's listener thread, after the action has returned.
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        List<String> lines;
        do {
            lines = log.lines(dataset);
            if (lines.size() >= atLeast) {
                return lines;
            }
            Thread.sleep(50);
        } while (System.nanoTime() < until);
        return lines;
    }

    /**
     * Under SKIP every skipped row is counted once per computation of the result, whichever
     * stage refuses it and however many cells its box spans, and each action logs one line per
     * dataset with its count.
     */
    @Test
    void skippedRowsAreCountedOncePerComputationAndLogged() throws Exception {
        List<String> left = leftWithBadRows();
        List<String> right = rightWithBadRows();
        Set<String> expected = jtsOfGoodRows(left, right);
        assertTrue(expected.size() > 50, "the data has hits: " + expected.size());
        PolygonSource l = PolygonSource.wkt("parcels", frame(left, 3), "id", "wkt");
        PolygonSource r = PolygonSource.wkt("zones", frame(right, 2), "id", "wkt");
        try (Captured log = Captured.open()) {
            for (int cells : new int[] {1, 7, 64}) {
                SkippedRows skipped = new SkippedRows();
                Dataset<Row> result = SepaxSpatialJoin.create().partitions(cells).badRows(BadRows.SKIP)
                        .precision(Precision.EXACT).join(l, r, skipped);
                log.clear();
                assertSameOnce(expected, pairs(result), cells + " cells");
                assertEquals(java.util.Map.of("parcels", 7L, "zones", 2L), skipped.counts(), cells + " cells");
                assertEquals(List.of("parcels 7"), warnings(log, "parcels", 1), cells + " cells");
                assertEquals(List.of("zones 2"), warnings(log, "zones", 1), cells + " cells");
                // A second action computes the result again, and counts again.
                assertEquals(expected.size(), result.count());
                assertEquals(14, skipped.count("parcels"));
                assertEquals(4, skipped.count("zones"));
                assertEquals(List.of("parcels 7", "parcels 7"), warnings(log, "parcels", 2));
            }
            SkippedRows skipped = new SkippedRows();
            log.clear();
            Dataset<Row> broadcast = SepaxSpatialJoin.create().badRows(BadRows.SKIP).precision(Precision.EXACT)
                    .broadcastJoin(l, r, skipped);
            assertEquals(2, skipped.count("zones"), "the broadcast side is read by broadcastJoin");
            assertEquals(0, skipped.count("parcels"), "the left side is not read yet");
            assertSameOnce(expected, pairs(broadcast), "broadcast");
            assertEquals(java.util.Map.of("parcels", 7L, "zones", 2L), skipped.counts());
            assertEquals(List.of("parcels 7"), warnings(log, "parcels", 1));
            assertEquals(List.of("zones 2"), warnings(log, "zones", 1));
            IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class, () -> skipped.count("parcel"));
            assertTrue(unknown.getMessage().contains("dataset=parcel: no join"), unknown.getMessage());
        }
        SkippedRows none = new SkippedRows();
        assertEquals(expected.size(), SepaxSpatialJoin.create().partitions(3).precision(Precision.EXACT)
                .join(PolygonSource.wkt("parcels", frame(left.subList(0, 100), 3), "id", "wkt"),
                        PolygonSource.wkt("zones", frame(right.subList(0, 25), 2), "id", "wkt"), none).count());
        assertEquals(java.util.Map.of("parcels", 0L, "zones", 0L), none.counts(), "nothing skipped");
    }

    /**
     * The broadcast side is checked on the driver: with no left rows no task of the left side
     * runs, so a check in those tasks alone would let a bad right row pass under FAIL.
     */
    @Test
    void theBroadcastSidesBadRowsFailEvenWithAnEmptyLeftSide() {
        StructType schema = new StructType().add("id", DataTypes.LongType).add("wkt", DataTypes.StringType);
        PolygonSource empty = PolygonSource.wkt("parcels", spark.createDataFrame(List.<Row>of(), schema), "id", "wkt");
        List<String> zones = new ArrayList<>(List.of(square(0, 0, 1), "POLYGON ((0 0, 4 4, 4 0, 0 4))", square(5, 5, 1)));
        PolygonSource withBowtie = PolygonSource.wkt("zones", frame(zones, 1), "id", "wkt");
        Exception e = assertThrows(Exception.class, () -> SepaxSpatialJoin.create().broadcastJoin(empty, withBowtie));
        assertTrue(SepaxSpatialJoinTest.messages(e).matches("(?s).*dataset=zones row=0:\\d id=1: ring=0 vertex=0: its edge crosses the edge"
                + " starting at ring=0 vertex=2 \\(self-intersection\\).*"), SepaxSpatialJoinTest.messages(e));
        SkippedRows skipped = new SkippedRows();
        assertEquals(0, SepaxSpatialJoin.create().badRows(BadRows.SKIP).broadcastJoin(empty, withBowtie, skipped).count());
        assertEquals(1, skipped.count("zones"));
    }

    /**
     * Parcels at UTM magnitudes: the float step at northings around 5.5 x 10^6 is 0.5 m, so
     * without an origin two parcels 0.15 m apart round to touching floats. With an origin near
     * the data, EXACT keeps them apart, a tolerance of 0.2 joins them, and random parcels get
     * JTS's verdicts on the doubles.
     */
    @Test
    void anOriginNearTheDataKeepsUtmParcelsApartThatFloatsWouldMerge() throws ParseException {
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(17);
        List<String> left = new ArrayList<>();
        List<String> right = new ArrayList<>();
        left.add("POLYGON ((500000 5499990, 500010 5499990, 500010 5500010.3, 500000 5500010.3, 500000 5499990))");
        right.add("POLYGON ((500000 5500010.45, 500010 5500010.45, 500010 5500030, 500000 5500030, 500000 5500010.45))");
        for (int i = 0; i < 300; i++) {
            left.add(utmParcel(rnd));
            right.add(utmParcel(rnd));
        }
        Dataset<Row> l = frame(left, 3);
        Dataset<Row> r = frame(right, 2);
        PolygonSource ls = PolygonSource.wkt("parcels", l, "id", "wkt");
        PolygonSource rs = PolygonSource.wkt("zones", r, "id", "wkt");
        SepaxSpatialJoin near = SepaxSpatialJoin.create().partitions(7).origin(500_300, 5_500_300);
        // JTS on the doubles; pairs closer than 1 mm without meeting are left out of the comparison.
        WKTReader reader = new WKTReader();
        Set<String> expected = new TreeSet<>();
        Set<String> unclear = new TreeSet<>();
        for (int i = 0; i < left.size(); i++) {
            Geometry a = reader.read(left.get(i));
            for (int j = 0; j < right.size(); j++) {
                Geometry b = reader.read(right.get(j));
                if (a.intersects(b)) {
                    expected.add(i + "," + j);
                } else if (a.isWithinDistance(b, 1e-3)) {
                    unclear.add(i + "," + j);
                }
            }
        }
        assertTrue(expected.size() > 100 && !expected.contains("0,0"), expected.size() + " pairs");
        for (Precision precision : Precision.values()) {
            Set<String> got = new TreeSet<>(pairs(near.precision(precision).join(ls, rs)));
            got.removeAll(unclear);
            assertEquals(expected, got, precision + " at the origin (500300, 5500300)");
        }
        assertTrue(pairs(near.tolerance(0.2f).join(ls, rs)).contains("0,0"), "0.15 m apart, tolerance 0.2");
        assertTrue(!pairs(near.tolerance(0.1f).join(ls, rs)).contains("0,0"), "0.15 m apart, tolerance 0.1");
        assertTrue(pairs(SepaxSpatialJoin.create().partitions(7).precision(Precision.EXACT).join(ls, rs)).contains("0,0"),
                "at the default origin both edges round to 5 500 010.5");
        // A sliver that is a triangle in doubles and flat in floats at the default origin.
        List<String> sliver = List.of("POLYGON ((500000 5500000, 500000.1 5500000.1, 500000.2 5500000, 500000 5500000))");
        PolygonSource slivers = PolygonSource.wkt("slivers", frame(sliver, 1), "id", "wkt");
        assertEquals(1, SepaxSpatialJoin.rejects(slivers).count());
        assertEquals(0, near.rejected(slivers).count());
    }

    /** A rectangle or a rotated quadrilateral of 5 to 30 m within 600 m of (500000, 5500000), centimetre coordinates. */
    private static String utmParcel(java.util.SplittableRandom rnd) {
        double cx = 500_000 + rnd.nextInt(60_000) / 100.0;
        double cy = 5_500_000 + rnd.nextInt(60_000) / 100.0;
        double w = 5 + rnd.nextInt(2500) / 100.0;
        double h = 5 + rnd.nextInt(2500) / 100.0;
        double a = rnd.nextBoolean() ? 0 : rnd.nextDouble(Math.PI / 2);
        double[] xy = new double[8];
        double[][] corners = {{-w, -h}, {w, -h}, {w, h}, {-w, h}};
        for (int k = 0; k < 4; k++) {
            xy[2 * k] = Math.round((cx + (corners[k][0] * Math.cos(a) - corners[k][1] * Math.sin(a)) / 2) * 100) / 100.0;
            xy[2 * k + 1] = Math.round((cy + (corners[k][0] * Math.sin(a) + corners[k][1] * Math.cos(a)) / 2) * 100) / 100.0;
        }
        StringBuilder b = new StringBuilder("POLYGON ((");
        for (int k = 0; k <= 4; k++) {
            b.append(k > 0 ? ", " : "").append(xy[2 * (k % 4)]).append(' ').append(xy[2 * (k % 4) + 1]);
        }
        return b.append("))").toString();
    }

    /** Collects the join's warnings as "dataset count" per line. */
    private static final class Captured extends org.apache.logging.log4j.core.appender.AbstractAppender
            implements AutoCloseable {
        private final List<String> lines = new java.util.concurrent.CopyOnWriteArrayList<>();
        private final org.apache.logging.log4j.core.Logger logger;

        private Captured(org.apache.logging.log4j.core.Logger logger) {
            super("sepax-test", null, null, true, org.apache.logging.log4j.core.config.Property.EMPTY_ARRAY);
            this.logger = logger;
        }

        static Captured open() {
            org.apache.logging.log4j.core.Logger logger = (org.apache.logging.log4j.core.Logger)
                    org.apache.logging.log4j.LogManager.getLogger(SepaxSpatialJoin.class);
            Captured c = new Captured(logger);
            c.start();
            logger.addAppender(c);
            return c;
        }

        @Override
        public void append(org.apache.logging.log4j.core.LogEvent event) {
            String m = event.getMessage().getFormattedMessage();
            java.util.regex.Matcher d = java.util.regex.Pattern.compile("dataset=(\\S+): (\\d+) row\\(s\\) skipped").matcher(m);
            if (d.find()) {
                lines.add(d.group(1) + " " + d.group(2));
            }
        }

        List<String> lines(String dataset) {
            List<String> out = new ArrayList<>();
            for (String line : lines) {
                if (line.startsWith(dataset + " ")) {
                    out.add(line);
                }
            }
            return out;
        }

        void clear() {
            lines.clear();
        }

        @Override
        public void close() {
            logger.removeAppender(this);
            stop();
        }
    }
}
