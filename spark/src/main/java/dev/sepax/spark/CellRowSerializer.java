package dev.sepax.spark;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import org.apache.spark.HashPartitioner;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.rdd.ShuffledRDD;
import org.apache.spark.serializer.DeserializationStream;
import org.apache.spark.serializer.SerializationStream;
import org.apache.spark.serializer.Serializer;
import org.apache.spark.serializer.SerializerInstance;
import org.apache.spark.util.ByteBufferInputStream;
import scala.Tuple2;
import scala.reflect.ClassTag;
import scala.reflect.ClassTag$;

/**
 * The join's shuffle format: records of a cell number ({@code Integer}) and an encoded row
 * ({@code byte[]}, {@link ShapeRow#encode}), each object written as a one-byte tag and its
 * bytes. Nothing else is accepted.
 *
 * <p>Why the join does not use the application's {@code spark.serializer}: with up to 200
 * cells Spark writes a map task's output through one serializer stream per cell, and a Kryo
 * stream borrows a Kryo instance, which Spark builds by registering several hundred classes.
 * At 10^6 x 10^6 (40 cells, 80 map tasks) building those instances and Kryo's per-record
 * class handling took about a third of the map stage's CPU. A stream here is a small buffer; Spark still
 * compresses and spills it as usual.
 *
 * <p>Stateless and serialisable; each stream belongs to one Spark task (one thread), as Spark's
 * own streams do.
 */
final class CellRowSerializer extends Serializer implements Serializable {
    private static final long serialVersionUID = 1L;

    private static final int CELL = 0;
    private static final int ROW = 1;

    /** {@code keyed} moved to {@code cells} partitions, key {@code c} to partition {@code c}. */
    static JavaPairRDD<Integer, byte[]> shuffle(JavaPairRDD<Integer, byte[]> keyed, int cells) {
        ClassTag<Integer> key = ClassTag$.MODULE$.apply(Integer.class);
        ClassTag<byte[]> value = ClassTag$.MODULE$.apply(byte[].class);
        // Integer keys below the count hash to themselves, so each cell is its own partition.
        ShuffledRDD<Integer, byte[], byte[]> moved = new ShuffledRDD<>(keyed.rdd(), new HashPartitioner(cells),
                key, value, value);
        moved.setSerializer(new CellRowSerializer());
        return JavaPairRDD.fromJavaRDD(JavaRDD.fromRDD(moved, ClassTag$.MODULE$.apply(Tuple2.class)));
    }

    @Override
    public SerializerInstance newInstance() {
        return new Instance();
    }

    /** Single objects go through the same streams as the shuffle's records. */
    private static final class Instance extends SerializerInstance {
        @Override
        public <T> ByteBuffer serialize(T t, ClassTag<T> tag) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            new Out(bytes).writeObject(t, tag).close();
            return ByteBuffer.wrap(bytes.toByteArray());
        }

        @Override
        public <T> T deserialize(ByteBuffer bytes, ClassTag<T> tag) {
            return new In(new ByteBufferInputStream(bytes)).readObject(tag);
        }

        @Override
        public <T> T deserialize(ByteBuffer bytes, ClassLoader loader, ClassTag<T> tag) {
            return deserialize(bytes, tag);
        }

        @Override
        public SerializationStream serializeStream(OutputStream s) {
            return new Out(s);
        }

        @Override
        public DeserializationStream deserializeStream(InputStream s) {
            return new In(s);
        }
    }

    private static IllegalArgumentException unsupported(Object t) {
        return new IllegalArgumentException("the join's shuffle carries cell numbers and encoded rows, not "
                + (t == null ? "null" : t.getClass().getName()));
    }

    private static final class Out extends SerializationStream {
        private final OutputStream out;
        private final byte[] head = new byte[5];

        Out(OutputStream out) {
            this.out = out;
        }

        @Override
        public <T> SerializationStream writeObject(T t, ClassTag<T> tag) {
            try {
                if (t instanceof Integer c) {
                    header(CELL, c);
                    out.write(head, 0, 5);
                } else if (t instanceof byte[] a) {
                    header(ROW, a.length);
                    out.write(head, 0, 5);
                    out.write(a);
                } else {
                    throw unsupported(t);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return this;
        }

        private void header(int tag, int v) {
            head[0] = (byte) tag;
            head[1] = (byte) (v >>> 24);
            head[2] = (byte) (v >>> 16);
            head[3] = (byte) (v >>> 8);
            head[4] = (byte) v;
        }

        @Override
        public void flush() {
            try {
                out.flush();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public void close() {
            try {
                out.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    private static final class In extends DeserializationStream {
        private final DataInputStream in;

        In(InputStream in) {
            this.in = new DataInputStream(in);
        }

        /**
         * The next object. Spark's iterators end a stream at the {@link EOFException} that a
         * stream ending between records gives; one ending inside a record is corrupt, and says so.
         */
        @Override
        @SuppressWarnings("unchecked")
        public <T> T readObject(ClassTag<T> tag) {
            int t;
            try {
                t = in.read();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            if (t < 0) {
                throw sneaky(new EOFException());
            }
            try {
                if (t == CELL) {
                    return (T) Integer.valueOf(in.readInt());
                }
                if (t == ROW) {
                    byte[] a = new byte[in.readInt()];
                    in.readFully(a);
                    return (T) a;
                }
            } catch (EOFException e) {
                throw new IllegalStateException("a join shuffle record ends early", e);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            throw new IllegalStateException("not a join shuffle record: tag " + t);
        }

        @Override
        public void close() {
            try {
                in.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** Throws a checked exception from a method that Scala declares without {@code throws}. */
    @SuppressWarnings("unchecked")
    private static <E extends Throwable> RuntimeException sneaky(Throwable e) throws E {
        throw (E) e;
    }
}
