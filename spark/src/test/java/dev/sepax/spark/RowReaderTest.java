package dev.sepax.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.apache.spark.unsafe.types.UTF8String;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The WKT subset the join reads, and the reason given for each form it refuses. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class RowReaderTest {
    @Test
    void readsPolygonsWithOrWithoutTheClosingVertex() {
        float[] square = {0, 0, 1, 0, 1, 1, 0, 1};
        assertArrayEquals(square, RowReader.parseWkt(UTF8String.fromString("POLYGON ((0 0, 1 0, 1 1, 0 1, 0 0))")).xy());
        assertArrayEquals(square, RowReader.parseWkt(UTF8String.fromString("  polygon((0 0,1 0,1 1,0 1))  ")).xy());
        assertArrayEquals(new float[] {-1.5f, 2e3f, 3, 4, 5, -6}, RowReader.parseWkt(UTF8String.fromString("POLYGON ((-1.5 2E3, +3 4, 5 -6))")).xy());
    }

    @Test
    void refusesEveryOtherFormWithTheReason() {
        assertReason("GEOMETRYCOLLECTION is not supported (a POLYGON or MULTIPOLYGON per row)",
                "GEOMETRYCOLLECTION (POLYGON ((0 0, 1 0, 0 1)))");
        assertReason("MULTIPOLYGON EMPTY is not supported (a non-empty 2D MULTIPOLYGON (((x y, ...))) is)", "MULTIPOLYGON EMPTY");
        assertReason("only 2D coordinates (x y) are supported, at vertex 1 of polygon 1 of ring 1",
                "MULTIPOLYGON (((0 0, 1 0, 0 1)), ((5 5, 9 5, 5 9), (6 6, 7 6 1, 6 7)))");
        assertReason("coordinate 5 of polygon 0 = 1.0E300 is not a finite float", "MULTIPOLYGON (((0 0, 1 0, 0 1e300)))");
        assertReason("malformed WKT: text after the multipolygon: 'x'", "MULTIPOLYGON (((0 0, 1 0, 0 1))) x");
        assertReason("POLYGON EMPTY is not supported (a non-empty 2D POLYGON ((x y, ...)) is)", "POLYGON EMPTY");
        assertReason("POLYGON Z is not supported (a non-empty 2D POLYGON ((x y, ...)) is)", "POLYGON Z ((0 0 0, 1 0 0, 0 1 0))");
        assertReason("only 2D coordinates (x y) are supported, at vertex 0", "POLYGON ((0 0 0, 1 0 0, 0 1 0))");
        assertReason("malformed WKT: 'x' is not a number", "POLYGON ((0 0, 1 0, x 1))");
        assertReason("malformed WKT: expected ')' at character 24 but the text ended", "POLYGON ((0 0, 1 0, 0 1)");
        assertReason("malformed WKT: text after the polygon: 'junk'", "POLYGON ((0 0, 1 0, 0 1)) junk");
        assertReason("coordinate 2 = 1.0E300 is not a finite float", "POLYGON ((0 0, 1e300 0, 0 1))");
        assertReason("coordinate 1 = NaN is not a finite float", "POLYGON ((0 NaN, 1 0, 0 1))");
        assertReason("malformed WKT: expected POLYGON ((x y, ...))", "");
    }

    /**
     * The one-pass reader either gives exactly the checked reader's floats or defers to it:
     * random polygons in many spellings (case, blanks, signs, leading zeros, long fractions,
     * exponents) and random one-character mutations of them.
     */
    @Test
    void theOnePassReaderAgreesWithTheCheckedOneOrDefers() {
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(11);
        String[] blanks = {"", " ", "  ", "\t", "\n", "\r\n", "\u2003", "\u00a0"};
        String[] keywords = {"POLYGON", "polygon", "Polygon", "POLYGONZ", "POLYGO", "MULTIPOLYGON"};
        int accepted = 0;
        int tried = 0;
        for (int t = 0; t < 20_000; t++) {
            StringBuilder b = new StringBuilder();
            b.append(blanks[rnd.nextInt(blanks.length)]).append(keywords[rnd.nextInt(10) < 7 ? rnd.nextInt(3) : rnd.nextInt(keywords.length)]);
            b.append(blanks[rnd.nextInt(blanks.length)]).append('(').append(blanks[rnd.nextInt(blanks.length)]).append('(');
            int k = 3 + rnd.nextInt(6);
            for (int v = 0; v <= k; v++) {
                if (v > 0) {
                    b.append(blanks[rnd.nextInt(3)]).append(',');
                }
                for (int c = 0; c < 2; c++) {
                    b.append(c == 0 ? blanks[rnd.nextInt(3)] : " " + blanks[rnd.nextInt(3)]);
                    b.append(number(rnd));
                }
            }
            b.append(blanks[rnd.nextInt(blanks.length)]).append(')').append(blanks[rnd.nextInt(blanks.length)]).append(')');
            b.append(blanks[rnd.nextInt(blanks.length)]);
            String text = b.toString();
            if (rnd.nextInt(4) == 0) { // one character replaced
                int at = rnd.nextInt(text.length());
                // Non-ASCII too: an em space (white to the checked reader) and a Latin-1 letter.
                String with = String.valueOf("0123456789.,()+-eE xPZ\t\u2003\u00e9".charAt(rnd.nextInt(25)));
                text = text.substring(0, at) + with + text.substring(at + 1);
            }
            tried++;
            float[] fast = RowReader.plainWkt(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            UTF8String utf8 = UTF8String.fromString(text);
            float[] checked;
            try {
                RowReader.Rings rings = RowReader.checkedWkt(text);
                checked = rings.xy();
                assertNull(rings.structure(), text);
            } catch (IllegalArgumentException e) {
                assertEquals(null, fast, "the one-pass reader accepted a text the checked one refuses (" + e.getMessage() + "): " + text);
                assertEquals(e.getMessage(), assertThrows(IllegalArgumentException.class,
                        () -> RowReader.parseWkt(utf8)).getMessage(), "Spark's UTF-8 text: " + text);
                continue;
            }
            assertArrayEquals(checked, RowReader.parseWkt(utf8).xy(), "Spark's UTF-8 text: " + text);
            if (fast != null) {
                accepted++;
                assertEquals(checked.length, fast.length, text);
                for (int i = 0; i < fast.length; i++) {
                    assertEquals(Float.floatToRawIntBits(checked[i]), Float.floatToRawIntBits(fast[i]), text + " coordinate " + i);
                }
            }
            assertArrayEquals(checked, RowReader.parseWkt(UTF8String.fromString(text)).xy(), text);
        }
        assertTrue(accepted > tried / 50, "the one-pass reader took only " + accepted + " of " + tried + " texts");
        assertArrayEquals(new float[] {12.5f, -3.25f, 4096.00390625f, 7, 0.5f, 1e-3f},
                RowReader.plainWkt("POLYGON ((12.5 -3.25, 4096.00390625 7, .5 0.001, 12.5 -3.25))".getBytes(java.nio.charset.StandardCharsets.UTF_8)),
                "the join's usual rows take the one-pass reader");
    }

    @Test
    void readsHolesAndMultipolygonsRingByRing() {
        RowReader.Rings holed = RowReader.parseWkt(UTF8String.fromString("POLYGON ((0 0, 9 0, 9 9, 0 9, 0 0), (1 1, 1 2, 2 1, 1 1))"));
        assertArrayEquals(new float[] {0, 0, 9, 0, 9, 9, 0, 9, 1, 1, 1, 2, 2, 1}, holed.xy());
        assertArrayEquals(new int[] {2, 8, 6}, holed.structure());
        RowReader.Rings multi = RowReader.parseWkt(UTF8String.fromString(
                "multipolygon(((0 0,4 0,0 4)),( (10 10, 14 10, 14 14, 10 14), (11 11,12 11,11 12) ),((20 20,21 20,20 21,20 20)))"));
        assertArrayEquals(new float[] {0, 0, 4, 0, 0, 4, 10, 10, 14, 10, 14, 14, 10, 14, 11, 11, 12, 11, 11, 12, 20, 20, 21, 20, 20, 21},
                multi.xy());
        assertArrayEquals(new int[] {1, 6, 2, 8, 6, 1, 6}, multi.structure());
        // A multipolygon of one polygon of one ring is the usual row.
        RowReader.Rings one = RowReader.parseWkt(UTF8String.fromString("MULTIPOLYGON (((0 0, 1 0, 0 1)))"));
        assertArrayEquals(new float[] {0, 0, 1, 0, 0, 1}, one.xy());
        assertNull(one.structure());
    }

    /**
     * Relative to an origin, every coordinate is {@code (float) (Double.parseDouble(text) - origin)}:
     * on the one-pass reader's texts, on the checked reader's (holes, multipolygons, 17 and more
     * digits), and on coordinate arrays of doubles and of floats.
     */
    @Test
    void coordinatesAreRoundedRelativeToTheOrigin() {
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(23);
        double ox = 500_123.25;
        double oy = 5_499_876.5;
        for (int t = 0; t < 2_000; t++) {
            String[] tokens = new String[8];
            for (int i = 0; i < tokens.length; i++) {
                double base = i % 2 == 0 ? ox : oy;
                double v = base + rnd.nextDouble(-5_000, 5_000);
                tokens[i] = switch (t % 3) {
                    case 0 -> String.format(java.util.Locale.ROOT, "%.3f", v);
                    case 1 -> Double.toString(v); // up to 17 digits: the JDK's parser
                    default -> new java.math.BigDecimal(v).toPlainString(); // the double's exact value
                };
            }
            String ring = tokens[0] + " " + tokens[1] + ", " + tokens[2] + " " + tokens[3] + ", " + tokens[4] + " " + tokens[5]
                    + ", " + tokens[6] + " " + tokens[7];
            float[] expected = new float[tokens.length];
            for (int i = 0; i < tokens.length; i++) {
                expected[i] = (float) (Double.parseDouble(tokens[i]) - (i % 2 == 0 ? ox : oy));
            }
            assertArrayEquals(expected, RowReader.parseWkt(UTF8String.fromString("POLYGON ((" + ring + "))"), ox, oy).xy(), ring);
            assertArrayEquals(expected, RowReader.checkedWkt("MULTIPOLYGON (((" + ring + ")))", ox, oy).xy(), ring);
        }
        assertArrayEquals(new float[] {0, 0, 1, 0, 0, 1},
                RowReader.parseWkt(UTF8String.fromString("POLYGON ((0 0, 1 0, 0 1))"), 0, 0).xy(), "origin 0: the values themselves");
        RowReader doubles = new RowReader("d", 0, org.apache.spark.sql.types.DataTypes.LongType, 1,
                org.apache.spark.sql.types.DataTypes.createArrayType(org.apache.spark.sql.types.DataTypes.DoubleType),
                PolygonSource.Format.COORDINATES).at(ox, oy);
        ShapeRow s = doubles.read(new org.apache.spark.sql.catalyst.expressions.GenericInternalRow(new Object[] {7L,
                new org.apache.spark.sql.catalyst.util.GenericArrayData(new Object[] {500_123.5, 5_499_876.75, 500_124.25,
                        5_499_876.5, 500_123.25, 5_499_877.0})}), true, 0f, 0, 0);
        assertArrayEquals(new float[] {0.25f, 0.25f, 1, 0, 0, 0.5f}, s.xy);
        RowReader floats = new RowReader("f", 0, org.apache.spark.sql.types.DataTypes.LongType, 1,
                org.apache.spark.sql.types.DataTypes.createArrayType(org.apache.spark.sql.types.DataTypes.FloatType),
                PolygonSource.Format.COORDINATES).at(-1e38, 0);
        IllegalArgumentException e = assertThrows(BadRowException.class, () -> floats.read(
                new org.apache.spark.sql.catalyst.expressions.GenericInternalRow(new Object[] {8L,
                        new org.apache.spark.sql.catalyst.util.GenericArrayData(new Object[] {3e38f, 0f, 1f, 0f, 0f, 1f})}),
                true, 0f, 0, 0));
        assertEquals("dataset=f row=0:0 id=8: coordinate 0 = 3.0000000054977558E38 is not a finite float relative to the"
                + " origin's -1.0E38", e.getMessage());
    }

    private static String number(java.util.SplittableRandom rnd) {
        return switch (rnd.nextInt(8)) {
            case 0 -> Integer.toString(rnd.nextInt(-1000, 1000));
            case 1 -> Float.toString((float) rnd.nextDouble(-1e4, 1e4));
            case 2 -> Double.toString(rnd.nextDouble(-1e6, 1e6)); // up to 17 digits
            case 3 -> (rnd.nextBoolean() ? "+" : "-") + "000" + rnd.nextInt(100) + "." + rnd.nextInt(1000);
            case 4 -> "." + rnd.nextInt(1_000_000);
            case 5 -> rnd.nextInt(100) + ".";
            case 6 -> rnd.nextLong(1L << 62) + "." + rnd.nextLong(1L << 62); // beyond 18 digits
            default -> Math.scalb(rnd.nextInt(1 << 22), -8) + "";
        };
    }

    private static void assertReason(String reason, String wkt) {
        assertEquals(reason, assertThrows(IllegalArgumentException.class, () -> RowReader.parseWkt(UTF8String.fromString(wkt))).getMessage());
    }
}
