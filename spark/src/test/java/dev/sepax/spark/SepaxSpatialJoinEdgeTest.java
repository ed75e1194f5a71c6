package dev.sepax.spark;

import static dev.sepax.spark.JoinPairs.assertSameOnce;
import static dev.sepax.spark.JoinPairs.pairs;
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
}
