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
 * One input row on its way to the refine step: its id, its side, its vertices (rounded to
 * float, as the caller wrote them) and its reference box. The reference box is the vertices'
 * bounding box, widened on the left side by the join's positive tolerance (rounded outwards);
 * the partitioning and the duplicate rule read only these boxes, so both see the same numbers
 * in every task.
 */
final class ShapeRow implements Serializable {
    private static final long serialVersionUID = 1L;

    final Object id;
    final boolean left;
    final float[] xy;
    final float minX;
    final float minY;
    final float maxX;
    final float maxY;
    /** Position in its dataset: input partition and index inside it, for messages. */
    final int partition;
    final long index;

    private ShapeRow(Object id, boolean left, float[] xy, float minX, float minY, float maxX, float maxY,
                     int partition, long index) {
        this.id = id;
        this.left = left;
        this.xy = xy;
        this.minX = minX;
        this.minY = minY;
        this.maxX = maxX;
        this.maxY = maxY;
        this.partition = partition;
        this.index = index;
    }

    ShapeRow(Object id, boolean left, float[] xy, float widen, int partition, long index) {
        this.id = id;
        this.left = left;
        this.xy = xy;
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
    private static final int HEADER = 1 + 1 + 4 + 8 + 4 * 4 + 4;

    /**
     * The row as the shuffle carries it: one byte array, so the serializer (Kryo or Java) writes
     * a registered primitive array instead of this class's fields and name for every row. Ids
     * that are longs, ints or strings are written directly, any other serializable id through
     * Java serialization. {@link #decode} gives back the same fields, floats bit for bit.
     *
     * @throws IllegalStateException if the id cannot be serialized
     */
    byte[] encode() {
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
        byte[] b = new byte[HEADER + 4 * xy.length + idLength];
        b[0] = tag;
        b[1] = (byte) (left ? 1 : 0);
        INT.set(b, 2, partition);
        LONG.set(b, 6, index);
        INT.set(b, 14, Float.floatToRawIntBits(minX));
        INT.set(b, 18, Float.floatToRawIntBits(minY));
        INT.set(b, 22, Float.floatToRawIntBits(maxX));
        INT.set(b, 26, Float.floatToRawIntBits(maxY));
        INT.set(b, 30, xy.length);
        int o = HEADER;
        for (float v : xy) {
            INT.set(b, o, Float.floatToRawIntBits(v));
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
        int n = (int) INT.get(b, 30);
        float[] xy = new float[n];
        int o = HEADER;
        for (int i = 0; i < n; i++) {
            xy[i] = Float.intBitsToFloat((int) INT.get(b, o));
            o += 4;
        }
        Object id = switch (b[0]) {
            case LONG_ID -> (long) LONG.get(b, o);
            case INT_ID -> (int) INT.get(b, o);
            case STRING_ID -> new String(b, o + 4, (int) INT.get(b, o), StandardCharsets.UTF_8);
            case SERIALIZED_ID -> deserialize(b, o + 4, (int) INT.get(b, o));
            default -> throw new IllegalStateException("not an encoded row: id tag " + b[0]);
        };
        return new ShapeRow(id, b[1] != 0, xy,
                Float.intBitsToFloat((int) INT.get(b, 14)), Float.intBitsToFloat((int) INT.get(b, 18)),
                Float.intBitsToFloat((int) INT.get(b, 22)), Float.intBitsToFloat((int) INT.get(b, 26)),
                (int) INT.get(b, 2), (long) LONG.get(b, 6));
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
