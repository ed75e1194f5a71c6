package dev.sepax.spark;

import static dev.sepax.spark.JoinPairs.assertSameOnce;
import static dev.sepax.spark.JoinPairs.pairs;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sepax.Sepax;
import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.concave.CompoundOverlap;
import dev.sepax.concave.Compounds;
import dev.sepax.narrow.Precision;
import dev.sepax.narrow.SatKernel;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
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
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.Polygon;

/**
 * The join on concave rows (WKT polygons with holes and multipolygons, concave coordinate
 * rings, mixed with convex rows) against two single-JVM answers: the core's compound path
 * ({@link Compounds} and {@link CompoundOverlap} over every left-right pair, the same kernel on
 * the same convex parts) for the float kernel, and JTS's {@code intersects} on the same float
 * coordinates for {@link Precision#EXACT}. Data: random star-shaped polygons (concave, some
 * with a hole, some in pairs as multipolygons, some convex), plus built cases whose boxes
 * overlap while the polygons do not (a square in a hole, a square in a U's notch) or touch only
 * along a hole's edge.
 */
@Timeout(value = 600, unit = TimeUnit.SECONDS)
class SepaxSpatialJoinConcaveTest {
    private static final int RANDOM_PER_SIDE = 500;
    private static SparkSession spark;
    /** Per row its polygons, each as its rings (outer first), float coordinates. */
    private static List<float[][][]> left;
    private static List<float[][][]> right;
    private static Dataset<Row> leftWkt;
    private static Dataset<Row> rightWkt;

    @BeforeAll
    static void start() {
        spark = SparkSession.builder().master("local[2]").appName("SepaxSpatialJoinConcaveTest")
                .config("spark.ui.enabled", "false")
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.driver.bindAddress", "127.0.0.1")
                .config("spark.sql.shuffle.partitions", "4")
                .getOrCreate();
        double side = 2.2 * Math.sqrt(RANDOM_PER_SIDE);
        left = new ArrayList<>();
        right = new ArrayList<>();
        SplittableRandom rnd = new SplittableRandom(20);
        for (int i = 0; i < RANDOM_PER_SIDE; i++) {
            left.add(randomRow(rnd, i, side));
            right.add(randomRow(rnd, i + 1, side));
        }
        // Built cases, far from the random ones (x >= 1000), on integer coordinates.
        float[] frameOuter = {1000, 0, 1010, 0, 1010, 10, 1000, 10};
        float[] frameHole = {1002, 2, 1008, 2, 1008, 8, 1002, 8};
        left.add(new float[][][] {{frameOuter, frameHole}});                       // L0: a frame
        right.add(new float[][][] {{square(1004, 4, 2)}});                         // R0: inside its hole: apart
        right.add(new float[][][] {{square(1002, 5, 1)}});                         // R1: on the hole's edge x = 1002: touching
        left.add(new float[][][] {{{1020, 0, 1030, 0, 1030, 10, 1027, 10, 1027, 3, 1023, 3, 1023, 10, 1020, 10}}}); // L1: a U
        right.add(new float[][][] {{square(1024, 5, 2)}});                         // R2: in the U's notch: apart
        right.add(new float[][][] {{square(1024, 2, 2)}});                         // R3: dips into the U's floor: overlap
        left.add(new float[][][] {{square(1040, 0, 4)}, {square(1050, 0, 4)}});   // L2: two squares
        right.add(new float[][][] {{square(1045, 0, 4)}});                         // R4: between them: apart
        right.add(new float[][][] {{square(1054, 4, 1)}});                         // R5: touches the second at a corner
        leftWkt = wktFrame(left, 3);
        rightWkt = wktFrame(right, 2);
    }

    @AfterAll
    static void stop() {
        if (spark != null) {
            spark.stop();
        }
    }

    private static float[] square(float x, float y, float s) {
        return new float[] {x, y, x + s, y, x + s, y + s, x, y + s};
    }

    /**
     * A star-shaped ring around {@code (cx, cy)}: angles increasing with jitter, radii in
     * {@code [0.35 r, r]} (concave; all equal when {@code convex}), so the ring is simple.
     */
    private static float[] star(SplittableRandom rnd, double cx, double cy, double r, boolean convex) {
        int k = 6 + rnd.nextInt(9);
        float[] xy = new float[2 * k];
        for (int i = 0; i < k; i++) {
            double a = 2 * Math.PI * (i + 0.5 * rnd.nextDouble()) / k;
            double ri = convex ? r : r * (0.35 + 0.65 * rnd.nextDouble());
            xy[2 * i] = (float) (cx + ri * Math.cos(a));
            xy[2 * i + 1] = (float) (cy + ri * Math.sin(a));
        }
        return xy;
    }

    /**
     * Kinds by {@code i % 5}: convex, concave, concave with a square hole (half-size 0.15 r: inside
     * the disc of radius {@code 0.35 r cos(3 pi / 12)} that every such star contains), two
     * concave stars as a multipolygon, concave.
     */
    private static float[][][] randomRow(SplittableRandom rnd, int i, double side) {
        double cx = rnd.nextDouble(side);
        double cy = rnd.nextDouble(side);
        double r = 0.6 + 0.8 * rnd.nextDouble();
        return switch (i % 5) {
            case 0 -> new float[][][] {{star(rnd, cx, cy, r, true)}};
            case 2 -> {
                float h = (float) (0.15 * r);
                float[] hole = {(float) cx - h, (float) cy - h, (float) cx + h, (float) cy - h, (float) cx + h,
                        (float) cy + h, (float) cx - h, (float) cy + h};
                yield new float[][][] {{star(rnd, cx, cy, r, false), hole}};
            }
            case 3 -> new float[][][] {{star(rnd, cx, cy, r, false)}, {star(rnd, cx + 3 * r, cy, r, false)}};
            default -> new float[][][] {{star(rnd, cx, cy, r, false)}};
        };
    }

    static String wkt(float[][][] polygons) {
        StringBuilder b = new StringBuilder(polygons.length > 1 ? "MULTIPOLYGON (" : "POLYGON ");
        for (int p = 0; p < polygons.length; p++) {
            b.append(p > 0 ? ", (" : "(");
            for (int r = 0; r < polygons[p].length; r++) {
                float[] ring = polygons[p][r];
                b.append(r > 0 ? ", (" : "(");
                for (int i = 0; i <= ring.length; i += 2) {
                    int at = i % ring.length; // the closing vertex repeats the first
                    b.append(i > 0 ? ", " : "").append(ring[at]).append(' ').append(ring[at + 1]);
                }
                b.append(')');
            }
            b.append(')');
        }
        return b.append(polygons.length > 1 ? ")" : "").toString();
    }

    private static Dataset<Row> wktFrame(List<float[][][]> rows, int partitions) {
        List<Row> out = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            out.add(RowFactory.create((long) i, wkt(rows.get(i))));
        }
        StructType schema = new StructType().add("id", DataTypes.LongType).add("wkt", DataTypes.StringType);
        return spark.createDataFrame(out, schema).repartition(partitions);
    }

    /** The core's compound path: every left-right row pair through {@link CompoundOverlap}. */
    private static Set<String> compoundAnswer(float tolerance, SatKernel kernel) {
        return compoundAnswer(left, tolerance, kernel);
    }

    private static Set<String> compoundAnswer(List<float[][][]> left, float tolerance, SatKernel kernel) {
        Compounds.Builder b = Compounds.builder();
        left.forEach(b::addMulti);
        right.forEach(b::addMulti);
        Compounds compounds = b.build();
        int nl = left.size();
        PairBatch pairs = new PairBatch(compounds.size(), nl * right.size());
        for (int i = 0; i < nl; i++) {
            for (int j = 0; j < right.size(); j++) {
                pairs.add(i, nl + j);
            }
        }
        OverlapBits bits = new OverlapBits(pairs.size());
        new CompoundOverlap(kernel).test(compounds, pairs, tolerance, bits);
        Set<String> out = new TreeSet<>();
        for (int p = bits.nextSet(0, pairs.size()); p >= 0; p = bits.nextSet(p + 1, pairs.size())) {
            out.add(pairs.shapeA(p) + "," + (pairs.shapeB(p) - nl));
        }
        return out;
    }

    /** JTS's {@code intersects} on the same float coordinates, every left-right pair whose envelopes meet. */
    private static Set<String> jtsAnswer() {
        GeometryFactory f = new GeometryFactory();
        List<Geometry> l = new ArrayList<>();
        left.forEach(row -> l.add(jts(f, row)));
        List<Geometry> r = new ArrayList<>();
        right.forEach(row -> r.add(jts(f, row)));
        Set<String> out = new TreeSet<>();
        for (int i = 0; i < l.size(); i++) {
            for (int j = 0; j < r.size(); j++) {
                if (l.get(i).getEnvelopeInternal().intersects(r.get(j).getEnvelopeInternal())
                        && l.get(i).intersects(r.get(j))) {
                    out.add(i + "," + j);
                }
            }
        }
        return out;
    }

    private static Geometry jts(GeometryFactory f, float[][][] polygons) {
        Polygon[] ps = new Polygon[polygons.length];
        for (int p = 0; p < polygons.length; p++) {
            LinearRing[] rings = new LinearRing[polygons[p].length];
            for (int r = 0; r < rings.length; r++) {
                float[] ring = polygons[p][r];
                Coordinate[] c = new Coordinate[ring.length / 2 + 1];
                for (int i = 0; i < ring.length; i += 2) {
                    c[i / 2] = new Coordinate(ring[i], ring[i + 1]);
                }
                c[c.length - 1] = c[0];
                rings[r] = f.createLinearRing(c);
            }
            ps[p] = f.createPolygon(rings[0], java.util.Arrays.copyOfRange(rings, 1, rings.length));
        }
        return ps.length == 1 ? ps[0] : f.createMultiPolygon(ps);
    }



    private static PolygonSource leftSource() {
        return PolygonSource.wkt("left", leftWkt, "id", "wkt");
    }

    private static PolygonSource rightSource() {
        return PolygonSource.wkt("right", rightWkt, "id", "wkt");
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 7, 64})
    void everyPartitionCountGivesTheCompoundPairsOnce(int partitions) {
        Set<String> expected = compoundAnswer(0f, Sepax.overlap());
        assertTrue(expected.size() > RANDOM_PER_SIDE / 4, "the data has hits: " + expected.size());
        assertSameOnce(expected, pairs(SepaxSpatialJoin.create().partitions(partitions).join(leftSource(), rightSource())),
                partitions + " partitions");
    }

    @Test
    void theBuiltCasesTellHolesNotchesAndTouchingApart() {
        int l0 = RANDOM_PER_SIDE;
        int r0 = RANDOM_PER_SIDE;
        Set<String> got = new TreeSet<>(pairs(SepaxSpatialJoin.create().partitions(7).join(leftSource(), rightSource())));
        assertTrue(!got.contains(l0 + "," + r0), "a square inside the frame's hole is apart");
        assertTrue(got.contains(l0 + "," + (r0 + 1)), "a square on the hole's edge touches");
        assertTrue(!got.contains((l0 + 1) + "," + (r0 + 2)), "a square in the U's notch is apart");
        assertTrue(got.contains((l0 + 1) + "," + (r0 + 3)), "a square dipping into the U's floor overlaps");
        assertTrue(!got.contains((l0 + 2) + "," + (r0 + 4)), "a square between a multipolygon's pieces is apart");
        assertTrue(got.contains((l0 + 2) + "," + (r0 + 5)), "a corner shared with a multipolygon's piece touches");
    }

    @Test
    void exactVerdictsMatchJtsAndTheFloatKernelMatchesTheCompoundPath() {
        Set<String> jts = jtsAnswer();
        // The random vertices are far from one another's edges at float precision, so the float
        // kernel, the exact one and JTS agree; the built cases touch exactly.
        assertEquals(jts, compoundAnswer(0f, Sepax.scalar()), "compound path (scalar kernel) vs JTS");
        assertSameOnce(jts, pairs(SepaxSpatialJoin.create().partitions(5).precision(Precision.EXACT)
                .join(leftSource(), rightSource())), "exact join vs JTS");
    }

    @Test
    void positiveToleranceAndTheBroadcastJoinMatchTheCompoundPath() {
        assertSameOnce(compoundAnswer(0.3f, Sepax.overlap()), pairs(SepaxSpatialJoin.create().partitions(7).tolerance(0.3f)
                .join(leftSource(), rightSource())), "tolerance 0.3");
        assertSameOnce(compoundAnswer(0f, Sepax.overlap()), pairs(SepaxSpatialJoin.create()
                .broadcastJoin(leftSource(), rightSource())), "broadcast");
    }

    @Test
    void concaveCoordinateRingsJoinLikeTheirWkt() {
        // One ring per row: the first polygon's outer ring of every row.
        List<Row> rows = new ArrayList<>();
        List<float[][][]> outers = new ArrayList<>();
        for (int i = 0; i < left.size(); i++) {
            float[] ring = left.get(i)[0][0];
            List<Double> xy = new ArrayList<>();
            for (float v : ring) {
                xy.add((double) v);
            }
            rows.add(RowFactory.create("c" + i, xy));
            outers.add(new float[][][] {{ring}});
        }
        Dataset<Row> coords = spark.createDataFrame(rows, new StructType().add("key", DataTypes.StringType)
                .add("xy", DataTypes.createArrayType(DataTypes.DoubleType))).repartition(2);
        List<String> got = pairs(SepaxSpatialJoin.create().partitions(4)
                .join(PolygonSource.coordinates("rings", coords, "key", "xy"), rightSource()));
        Set<String> expected = new TreeSet<>();
        compoundAnswer(outers, 0f, Sepax.overlap()).forEach(p -> expected.add("c" + p));
        assertSameOnce(expected, got, "coordinate rings");
    }

    @Test
    void badConcaveRowsAreNamedWithTheDecompositionsReason() {
        List<Row> rows = new ArrayList<>(leftWkt.collectAsList());
        rows.add(RowFactory.create(80001L, "POLYGON ((0 0, 4 0, 4 4, 0 4), (10 10, 11 10, 11 11))"));
        rows.add(RowFactory.create(80002L, "MULTIPOLYGON (((0 0, 4 0, 0 4)), ((10 10, 14 14, 14 10, 10 14)))"));
        Dataset<Row> withBad = spark.createDataFrame(rows, leftWkt.schema()).repartition(3);
        PolygonSource source = PolygonSource.wkt("zones", withBad, "id", "wkt");
        Exception e = assertThrows(Exception.class,
                () -> SepaxSpatialJoin.create().partitions(3).join(source, rightSource()).count());
        StringBuilder m = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause()) {
            m.append(t.getMessage()).append('\n');
        }
        assertTrue(m.toString().matches("(?s).*dataset=zones row=\\d+:\\d+ id=8000[12]: .*"), m.toString());
        assertSameOnce(compoundAnswer(0f, Sepax.overlap()),
                pairs(SepaxSpatialJoin.create().partitions(3).badRows(BadRows.SKIP).join(source, rightSource())),
                "the good rows of a dataset with bad ones");
        Set<String> reasons = new TreeSet<>();
        for (Row r : SepaxSpatialJoin.rejects(source).collectAsList()) {
            reasons.add(r.getString(2) + " " + r.getString(3));
        }
        assertEquals(Set.of("80001 ring=1 vertex=2: hole is not inside the outer ring",
                "80002 polygon=1 ring=0 vertex=0: its edge crosses the edge starting at ring=0 vertex=2 (self-intersection)"),
                reasons);
    }
}
