package dev.sepax.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.apache.spark.serializer.SerializationStream;
import org.apache.spark.serializer.SerializerInstance;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import scala.Tuple2;
import scala.collection.Iterator;
import scala.reflect.ClassTag;
import scala.reflect.ClassTag$;

/** The join's shuffle format: what goes in comes out, the end is found, and corruption is named. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CellRowSerializerTest {
    private static final ClassTag<Object> ANY = ClassTag$.MODULE$.apply(Object.class);

    private static byte[] written(SerializerInstance s, int[] cells, byte[][] rows) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        SerializationStream out = s.serializeStream(bytes);
        for (int i = 0; i < cells.length; i++) {
            out.writeKey(cells[i], ANY);
            out.writeValue(rows[i], ANY);
        }
        out.close();
        return bytes.toByteArray();
    }

    @Test
    void recordsComeBackInOrderAndTheStreamEndsAtItsEnd() {
        SerializerInstance s = new CellRowSerializer().newInstance();
        SplittableRandom r = new SplittableRandom(7);
        int n = 500;
        int[] cells = new int[n];
        byte[][] rows = new byte[n][];
        for (int i = 0; i < n; i++) {
            cells[i] = r.nextInt(Integer.MIN_VALUE, Integer.MAX_VALUE);
            rows[i] = new byte[r.nextInt(0, 300)];
            r.nextBytes(rows[i]);
        }
        Iterator<Tuple2<Object, Object>> it = s.deserializeStream(new ByteArrayInputStream(written(s, cells, rows)))
                .asKeyValueIterator();
        for (int i = 0; i < n; i++) {
            assertTrue(it.hasNext(), "record " + i);
            Tuple2<Object, Object> kv = it.next();
            assertEquals(cells[i], kv._1());
            assertArrayEquals(rows[i], (byte[]) kv._2(), "record " + i);
        }
        assertFalse(it.hasNext());
    }

    @Test
    void singleObjectsRoundTripThroughBuffers() {
        SerializerInstance s = new CellRowSerializer().newInstance();
        ByteBuffer cell = s.serialize(41, ANY);
        assertEquals(41, (Integer) s.deserialize(cell, ANY));
        byte[] row = {1, 2, 3, -4};
        assertArrayEquals(row, (byte[]) s.deserialize(s.serialize(row, ANY), ANY));
    }

    @Test
    void aTruncatedRecordAndAForeignObjectAreRefusedByName() {
        SerializerInstance s = new CellRowSerializer().newInstance();
        byte[] whole = written(s, new int[] {3}, new byte[][] {{9, 9, 9, 9}});
        byte[] cut = Arrays.copyOf(whole, whole.length - 2);
        Iterator<Tuple2<Object, Object>> it = s.deserializeStream(new ByteArrayInputStream(cut)).asKeyValueIterator();
        IllegalStateException e = assertThrows(IllegalStateException.class, it::hasNext);
        assertTrue(e.getMessage().contains("ends early"), e.getMessage());
        SerializationStream out = s.serializeStream(new ByteArrayOutputStream());
        IllegalArgumentException f = assertThrows(IllegalArgumentException.class, () -> out.writeObject("text", ANY));
        assertTrue(f.getMessage().contains("java.lang.String"), f.getMessage());
    }
}
