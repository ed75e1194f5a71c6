package dev.sepax.bench;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * The lines of a UTF-8 text stream, one at a time, so that a large input file costs memory for
 * one line, not for the whole text. Lines end at {@code \n}; a {@code \r} before it is dropped,
 * and so is a byte order mark at the start of the first line. Any other {@code \r} is an error,
 * {@code FILE:LINE: CR line endings are not supported; use LF or CRLF (...)}: a file with
 * classic Mac line ends would otherwise be one long line. Bytes are decoded line by line, so
 * that a byte which is not UTF-8 text (a malformed sequence, or a control byte other than tab
 * and form feed, as in binary files) is reported with the line it is on:
 * {@code FILE:LINE: not UTF-8 text (byte 0xFF at column 7)}.
 *
 * <p>Not thread-safe; one reader per stream. Closing closes the stream.
 */
final class TextLines implements Closeable {
    /** Longest accepted line in bytes; longer lines are refused rather than grown without bound. */
    static final int MAX_LINE_BYTES = 1 << 30;

    private final String name;
    private final InputStream in;
    private final byte[] buf = new byte[1 << 16];
    private int pos;
    private int lim;
    private byte[] line = new byte[256];
    private int number;
    private final CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);

    /** Lines of {@code in}; {@code name} (the file) prefixes every error. */
    TextLines(String name, InputStream in) {
        this.name = name;
        this.in = in;
    }

    /** 1-based number of the line last returned by {@link #next()} (0 before the first). */
    int number() {
        return number;
    }

    /**
     * The next line without its line end, or null at the end of the stream.
     *
     * @throws ShapeFiles.InputException when the line is not UTF-8 text or longer than
     *     {@link #MAX_LINE_BYTES}
     */
    String next() throws IOException {
        int len = 0;
        boolean any = false;
        while (true) {
            if (pos == lim) {
                int r = in.read(buf, 0, buf.length);
                if (r <= 0) {
                    pos = 0;
                    lim = 0;
                    if (!any) {
                        return null;
                    }
                    break;
                }
                pos = 0;
                lim = r;
            }
            any = true;
            int end = pos;
            while (end < lim && buf[end] != '\n') {
                end++;
            }
            len = append(len, end - pos);
            if (end < lim) {
                pos = end + 1;
                break;
            }
            pos = lim;
        }
        number++;
        if (len > 0 && line[len - 1] == '\r') {
            len--;
        }
        int from = 0;
        if (number == 1 && len >= 3 && line[0] == (byte) 0xEF && line[1] == (byte) 0xBB && line[2] == (byte) 0xBF) {
            from = 3; // UTF-8 byte order mark
        }
        return decode(from, len);
    }

    private int append(int len, int n) {
        if (n == 0) {
            return len;
        }
        if ((long) len + n > MAX_LINE_BYTES) {
            throw new ShapeFiles.InputException(name + ":" + (number + 1) + ": line longer than "
                    + (MAX_LINE_BYTES >> 20) + " MiB");
        }
        if (len + n > line.length) {
            long grown = Math.max((long) len + n, 2L * line.length);
            line = java.util.Arrays.copyOf(line, (int) Math.min(grown, MAX_LINE_BYTES));
        }
        System.arraycopy(buf, pos, line, len, n);
        return len + n;
    }

    private String decode(int from, int len) {
        boolean ascii = true;
        // A lone CR is reported only if the line is otherwise text: binary input that happens to
        // hold a CR is still "not UTF-8 text".
        int cr = -1;
        for (int i = from; i < len; i++) {
            byte b = line[i];
            if (b < 0) {
                ascii = false;
            } else if (b == '\r') {
                cr = cr < 0 ? i : cr;
            } else if ((b < 0x20 && b != '\t' && b != '\f') || b == 0x7F) {
                throw notText(b, i - from);
            }
        }
        if (ascii) {
            checkNoCr(cr, from);
            return new String(line, from, len - from, StandardCharsets.ISO_8859_1);
        }
        ByteBuffer bytes = ByteBuffer.wrap(line, from, len - from);
        CharBuffer chars = CharBuffer.allocate(len - from);
        utf8.reset();
        CoderResult r = utf8.decode(bytes, chars, true);
        if (r.isError()) {
            throw notText(line[bytes.position()], bytes.position() - from);
        }
        r = utf8.flush(chars);
        if (r.isError()) {
            throw notText(line[len - 1], len - 1 - from);
        }
        checkNoCr(cr, from);
        return chars.flip().toString();
    }

    private void checkNoCr(int cr, int from) {
        if (cr >= 0) {
            throw new ShapeFiles.InputException(String.format("%s:%d: CR line endings are not supported; use LF or CRLF"
                    + " (a CR not followed by LF at byte %d of the line)", name, number, cr - from + 1));
        }
    }

    private ShapeFiles.InputException notText(byte b, int offset) {
        return new ShapeFiles.InputException(String.format("%s:%d: not UTF-8 text (byte 0x%02X at byte %d of the line)",
                name, number, b & 0xFF, offset + 1));
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
