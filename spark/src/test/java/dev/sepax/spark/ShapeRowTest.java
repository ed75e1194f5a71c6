package dev.sepax.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The shuffle form of a row: every field back bit for bit, for each kind of id. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class ShapeRowTest {
    @Test
    void encodedRowsComeBackFieldForFieldForEveryKindOfId() {
        SplittableRandom rnd = new SplittableRandom(3);
        Object[] ids = {42L, Long.MIN_VALUE, -7, Integer.MAX_VALUE, "", "zone-7", "Zürich 東京 🚗",
                new BigDecimal("12345678901234567890.5"), java.sql.Date.valueOf("2026-01-31")};
        for (Object id : ids) {
            for (boolean left : new boolean[] {true, false}) {
                float[] xy = new float[2 * (3 + rnd.nextInt(6))];
                for (int i = 0; i < xy.length; i++) {
                    xy[i] = Float.intBitsToFloat(rnd.nextInt());
                    if (!Float.isFinite(xy[i])) {
                        xy[i] = -0.0f;
                    }
                }
                float widen = left ? 0.25f : 0f;
                // One ring, or the same coordinates as a polygon with a hole plus a second polygon.
                int[] rings = left ? null : new int[] {2, xy.length - 4, 2, 1, 2};
                ShapeRow row = new ShapeRow(id, left, xy, rings, widen, rnd.nextInt(1000), rnd.nextLong(1L << 40));
                ShapeRow back = ShapeRow.decode(row.encode());
                String what = id.getClass().getSimpleName() + " " + id + (left ? " left" : " right");
                assertEquals(id, back.id, what);
                assertEquals(id.getClass(), back.id.getClass(), what);
                assertEquals(left, back.left, what);
                assertEquals(row.partition, back.partition, what);
                assertEquals(row.index, back.index, what);
                assertEquals(row.position(), back.position(), what);
                assertArrayEquals(bits(xy), bits(back.xy), what + ": vertices");
                assertArrayEquals(rings, back.rings, what + ": rings");
                assertArrayEquals(bits(new float[] {row.minX, row.minY, row.maxX, row.maxY}),
                        bits(new float[] {back.minX, back.minY, back.maxX, back.maxY}), what + ": box");
            }
        }
    }

    @Test
    void aSkippedRowComesBackAsOneWithItsSideAndPosition() {
        for (boolean left : new boolean[] {true, false}) {
            ShapeRow back = ShapeRow.decode(ShapeRow.skipped(left, 12, 1L << 35).encode());
            assertTrue(back.skipped);
            assertEquals(left, back.left);
            assertEquals("12:" + (1L << 35), back.position());
        }
        assertTrue(!ShapeRow.decode(new ShapeRow(1L, true, new float[] {0, 0, 1, 0, 0, 1}, null, 0f, 0, 0).encode()).skipped);
    }

    @Test
    void anIdThatCannotBeSerializedIsNamedWithItsRow() {
        Object id = new Object() {
            @Override
            public String toString() {
                return "plain-object";
            }
        };
        ShapeRow row = new ShapeRow(id, true, new float[] {0, 0, 1, 0, 0, 1}, null, 0f, 3, 17);
        IllegalStateException e = assertThrows(IllegalStateException.class, row::encode);
        assertTrue(e.getMessage().startsWith("row 3:17: id plain-object of "), e.getMessage());
        assertThrows(IllegalStateException.class, () -> ShapeRow.decode(new byte[] {9, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}));
    }

    @Test
    void polygonsSplitTheCoordinatesByTheRingSizes() {
        float[] xy = {0, 0, 9, 0, 9, 9, 0, 9, 1, 1, 2, 1, 1, 2, 20, 20, 21, 20, 20, 21};
        ShapeRow row = new ShapeRow(1L, true, xy, new int[] {2, 8, 6, 1, 6}, 0f, 0, 0);
        float[][][] polygons = row.polygons();
        assertEquals(2, polygons.length);
        assertArrayEquals(new float[] {0, 0, 9, 0, 9, 9, 0, 9}, polygons[0][0]);
        assertArrayEquals(new float[] {1, 1, 2, 1, 1, 2}, polygons[0][1]);
        assertArrayEquals(new float[] {20, 20, 21, 20, 20, 21}, polygons[1][0]);
        assertEquals(1, polygons[1].length);
        assertEquals(21f, row.maxX);
        assertTrue(!row.oneRing());
        ShapeRow plain = new ShapeRow(1L, true, new float[] {0, 0, 1, 0, 0, 1}, null, 0f, 0, 0);
        assertTrue(plain.oneRing());
        assertArrayEquals(plain.xy, plain.polygons()[0][0]);
    }

    private static int[] bits(float[] v) {
        int[] b = new int[v.length];
        for (int i = 0; i < v.length; i++) {
            b[i] = Float.floatToRawIntBits(v[i]);
        }
        return b;
    }
}
