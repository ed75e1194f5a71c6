package dev.sepax.spark;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * One input row on its way to the refine step: its id, its side, its rings (rounded to float,
 * as the caller wrote them, relative to the join's origin) and its reference box. The reference box is the bounding box of
 * all its vertices, widened on the left side by the join's positive tolerance (rounded
 * outwards); the partitioning and the duplicate rule read only these boxes, so both see the
 * same numbers in every task.
 *
 * <p>The rings: {@link #xy} holds every ring's vertices one ring after the other, and
 * {@link #rings} says how they split, per polygon its ring count and then each ring's
 * coordinate count ({@code [2, 8, 6]}: one polygon, an outer ring of 4 vertices and a hole of
 * 3). {@code rings} is null for the usual row, one polygon of one ring (all of {@code xy}).
 */
final class ShapeRow implements Serializable {
    private static final long serialVersionUID = 1L;

    final Object id;
    final boolean left;
    final float[] xy;
    /** Null for one ring; see the class doc. */
    final int[] rings;
    final float minX;
    final float minY;
    final float maxX;
    final float maxY;
    /** Position in its dataset: input partition and index inside it, for messages. */
    final int partition;
    final long index;
    /**
     * A row that {@link BadRows#SKIP} leaves out, carried to the refine step only to be counted
     * there: no id, no rings, an empty box ({@link #skipped(boolean, int, long)}).
     */
    final boolean skipped;

    private ShapeRow(Object id, boolean left, float[] xy, int[] rings, float minX, float minY, float maxX, float maxY,
                     int partition, long index, boolean skipped) {
        this.skipped = skipped;
        this.id = id;
        this.left = left;
        this.xy = xy;
        this.rings = rings;
        this.minX = minX;
        this.minY = minY;
        this.maxX = maxX;
        this.maxY = maxY;
        this.partition = partition;
        this.index = index;
    }

    ShapeRow(Object id, boolean left, float[] xy, int[] rings, float widen, int partition, long index) {
        assert rings == null || ringsCover(rings, xy.length) : "ring sizes do not add up to the coordinates";
        this.skipped = false;
        this.id = id;
        this.left = left;
        this.xy = xy;
        this.rings = rings;
        this.partition = partition;
        this.index = index;
        float x0 = Float.POSITIVE_INFINITY;
        float y0 = Float.POSITIVE_INFINITY;
        float x1 = Float.NEGATIVE_INFINITY;
        float y1 = Float.NEGATIVE_INFINITY;
        for (int i = 0; i + 1 < xy.length; i += 2) {
            x0 = Math.min(x0, xy[i]);
            x1 = Math.max(x1, xy[i]);
            y0 = Math.min(y0, xy[i + 1]);
            y1 = Math.max(y1, xy[i + 1]);
        }
        if (widen > 0f) {
            x0 = down(x0 - (double) widen);
            y0 = down(y0 - (double) widen);
            x1 = up(x1 + (double) widen);
            y1 = up(y1 + (double) widen);
        }
        minX = x0;
        minY = y0;
        maxX = x1;
        maxY = y1;
    }

    /** The stand-in for a skipped row of the given side and position ({@link #skipped}). */
    static ShapeRow skipped(boolean left, int partition, long index) {
        return new ShapeRow(null, left, new float[0], null, Float.NaN, Float.NaN, Float.NaN, Float.NaN, partition,
                index, true);
    }

    private static boolean ringsCover(int[] rings, int coordinates) {
        int sum = 0;
        for (int i = 0; i < rings.length; i += rings[i] + 1) {
            for (int r = 1; r <= rings[i]; r++) {
                sum += rings[i + r];
            }
        }
        return sum == coordinates;
    }

    /** One polygon of one ring: the usual convex row, which the store may take as it is. */
    boolean oneRing() {
        return rings == null;
    }

    /**
     * The polygons, each as its rings (outer first), for {@link dev.sepax.concave.Decomposition}:
     * copies of the ranges of {@link #xy}.
     */
    float[][][] polygons() {
        if (rings == null) {
            return new float[][][] {{xy}};
        }
        int count = 0;
        for (int i = 0; i < rings.length; i += rings[i] + 1) {
            count++;
        }
        float[][][] out = new float[count][][];
        int at = 0;
        int o = 0;
        for (int i = 0; i < rings.length; i += rings[i] + 1) {
            float[][] polygon = new float[rings[i]][];
            for (int r = 0; r < polygon.length; r++) {
                polygon[r] = java.util.Arrays.copyOfRange(xy, o, o + rings[i + 1 + r]);
                o += polygon[r].length;
            }
            out[at++] = polygon;
        }
        return out;
    }

    /** The largest float at most {@code v}. */
    private static float down(double v) {
        float f = (float) v;
        return f > v ? Math.nextDown(f) : f;
    }

    /** The smallest float at least {@code v}. */
    private static float up(double v) {
        float f = (float) v;
        return f < v ? Math.nextUp(f) : f;
    }

    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final byte LONG_ID = 0;
    private static final byte INT_ID = 1;
    private static final byte STRING_ID = 2;
    private static final byte SERIALIZED_ID = 3;
    /** A skipped row: the tag, the side, the position; nothing else. */
    private static final byte SKIPPED = 4;
    private static final int SKIPPED_LENGTH = 1 + 1 + 4 + 8;
    private static final int HEADER = 1 + 1 + 4 + 8 + 4 * 4 + 4 + 4;

    /**
     * The row as the shuffle carries it: one byte array, so the serializer (Kryo or Java) writes
     * a registered primitive array instead of this class's fields and name for every row. Ids
     * that are longs, ints or strings are written directly, any other serializable id through
     * Java serialization. {@link #decode} gives back the same fields, floats bit for bit.
     *
     * @throws IllegalStateException if the id cannot be serialized
     */
    byte[] encode() {
        if (skipped) {
            byte[] b = new byte[SKIPPED_LENGTH];
            b[0] = SKIPPED;
            b[1] = (byte) (left ? 1 : 0);
            INT.set(b, 2, partition);
            LONG.set(b, 6, index);
            return b;
        }
        byte tag;
        byte[] idBytes = null;
        int idLength;
        if (id instanceof Long) {
            tag = LONG_ID;
            idLength = 8;
        } else if (id instanceof Integer) {
            tag = INT_ID;
            idLength = 4;
        } else if (id instanceof String str) {
            tag = STRING_ID;
            idBytes = str.getBytes(StandardCharsets.UTF_8);
            idLength = 4 + idBytes.length;
        } else {
            tag = SERIALIZED_ID;
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
                out.writeObject(id);
            } catch (IOException e) {
                throw new IllegalStateException("row " + position() + ": id " + id + " of "
                        + id.getClass().getName() + " cannot be serialized: " + e.getMessage(), e);
            }
            idBytes = bytes.toByteArray();
            idLength = 4 + idBytes.length;
        }
        int ringInts = rings == null ? 0 : rings.length;
        byte[] b = new byte[HEADER + 4 * xy.length + 4 * ringInts + idLength];
        b[0] = tag;
        b[1] = (byte) (left ? 1 : 0);
        INT.set(b, 2, partition);
        LONG.set(b, 6, index);
        INT.set(b, 14, Float.floatToRawIntBits(minX));
        INT.set(b, 18, Float.floatToRawIntBits(minY));
        INT.set(b, 22, Float.floatToRawIntBits(maxX));
        INT.set(b, 26, Float.floatToRawIntBits(maxY));
        INT.set(b, 30, xy.length);
        INT.set(b, 34, ringInts);
        int o = HEADER;
        for (float v : xy) {
            INT.set(b, o, Float.floatToRawIntBits(v));
            o += 4;
        }
        for (int i = 0; i < ringInts; i++) {
            INT.set(b, o, rings[i]);
            o += 4;
        }
        switch (tag) {
            case LONG_ID -> LONG.set(b, o, (long) (Long) id);
            case INT_ID -> INT.set(b, o, (int) (Integer) id);
            default -> {
                INT.set(b, o, idBytes.length);
                System.arraycopy(idBytes, 0, b, o + 4, idBytes.length);
            }
        }
        return b;
    }

    /** The row {@link #encode} wrote. */
    static ShapeRow decode(byte[] b) {
        if (b.length == SKIPPED_LENGTH && b[0] == SKIPPED) {
            return skipped(b[1] != 0, (int) INT.get(b, 2), (long) LONG.get(b, 6));
        }
        if (b.length < HEADER || b[0] < LONG_ID || b[0] > SERIALIZED_ID) {
            throw new IllegalStateException("not an encoded row: " + (b.length < HEADER ? b.length + " bytes"
                    : "id tag " + b[0]));
        }
        int n = (int) INT.get(b, 30);
        float[] xy = new float[n];
        int o = HEADER;
        for (int i = 0; i < n; i++) {
            xy[i] = Float.intBitsToFloat((int) INT.get(b, o));
            o += 4;
        }
        int ringInts = (int) INT.get(b, 34);
        int[] rings = ringInts == 0 ? null : new int[ringInts];
        for (int i = 0; i < ringInts; i++) {
            rings[i] = (int) INT.get(b, o);
            o += 4;
        }
        Object id = switch (b[0]) {
            case LONG_ID -> (long) LONG.get(b, o);
            case INT_ID -> (int) INT.get(b, o);
            case STRING_ID -> new String(b, o + 4, (int) INT.get(b, o), StandardCharsets.UTF_8);
            case SERIALIZED_ID -> deserialize(b, o + 4, (int) INT.get(b, o));
            default -> throw new IllegalStateException("not an encoded row: id tag " + b[0]);
        };
        return new ShapeRow(id, b[1] != 0, xy, rings,
                Float.intBitsToFloat((int) INT.get(b, 14)), Float.intBitsToFloat((int) INT.get(b, 18)),
                Float.intBitsToFloat((int) INT.get(b, 22)), Float.intBitsToFloat((int) INT.get(b, 26)),
                (int) INT.get(b, 2), (long) LONG.get(b, 6), false);
    }

    private static Object deserialize(byte[] b, int offset, int length) {
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(b, offset, length))) {
            return in.readObject();
        } catch (IOException | ClassNotFoundException e) {
            throw new IllegalStateException("an encoded row's id cannot be read back: " + e.getMessage(), e);
        }
    }

    /** {@code partition:index}, the row's position as messages give it. */
    String position() {
        return partition + ":" + index;
    }
}
