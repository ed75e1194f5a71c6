package dev.sepax.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The WKT subset the join reads, and the reason given for each form it refuses. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class RowReaderTest {
    @Test
    void readsPolygonsWithOrWithoutTheClosingVertex() {
        float[] square = {0, 0, 1, 0, 1, 1, 0, 1};
        assertArrayEquals(square, RowReader.parseWkt("POLYGON ((0 0, 1 0, 1 1, 0 1, 0 0))"));
        assertArrayEquals(square, RowReader.parseWkt("  polygon((0 0,1 0,1 1,0 1))  "));
        assertArrayEquals(new float[] {-1.5f, 2e3f, 3, 4, 5, -6}, RowReader.parseWkt("POLYGON ((-1.5 2E3, +3 4, 5 -6))"));
    }

    @Test
    void refusesEveryOtherFormWithTheReason() {
        assertReason("MULTIPOLYGON is not supported (one convex POLYGON per row)", "MULTIPOLYGON (((0 0, 1 0, 0 1)))");
        assertReason("POLYGON EMPTY is not supported (a non-empty 2D POLYGON ((x y, ...)) is)", "POLYGON EMPTY");
        assertReason("POLYGON Z is not supported (a non-empty 2D POLYGON ((x y, ...)) is)", "POLYGON Z ((0 0 0, 1 0 0, 0 1 0))");
        assertReason("only 2D coordinates (x y) are supported, at vertex 0", "POLYGON ((0 0 0, 1 0 0, 0 1 0))");
        assertReason("polygons with holes are not supported", "POLYGON ((0 0, 9 0, 0 9), (1 1, 2 1, 1 2))");
        assertReason("malformed WKT: 'x' is not a number", "POLYGON ((0 0, 1 0, x 1))");
        assertReason("malformed WKT: expected ')' at character 24 but the text ended", "POLYGON ((0 0, 1 0, 0 1)");
        assertReason("malformed WKT: text after the polygon: 'junk'", "POLYGON ((0 0, 1 0, 0 1)) junk");
        assertReason("coordinate 2 = 1.0E300 is not a finite float", "POLYGON ((0 0, 1e300 0, 0 1))");
        assertReason("coordinate 1 = NaN is not a finite float", "POLYGON ((0 NaN, 1 0, 0 1))");
        assertReason("malformed WKT: expected POLYGON ((x y, ...))", "");
    }

    private static void assertReason(String reason, String wkt) {
        assertEquals(reason, assertThrows(IllegalArgumentException.class, () -> RowReader.parseWkt(wkt)).getMessage());
    }
}
