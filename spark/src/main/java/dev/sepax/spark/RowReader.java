package dev.sepax.spark;

import java.io.Serializable;
import java.util.Locale;
import org.apache.spark.sql.catalyst.CatalystTypeConverters;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.util.ArrayData;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * Reads one side's rows into {@link ShapeRow}s on the executors. The checks here are the ones
 * the partitioning needs (a parseable polygon with finite float coordinates, at least 3
 * vertices in a coordinate array, a finite box); simplicity, area and the rest are checked when
 * the refine step adds the polygon to its store or decomposes it, with the same message form.
 * Stateless and thread-safe; allocates the row's vertex array.
 *
 * <p>Rows are Spark's internal rows ({@code Dataset.queryExecution().toRdd()}), not
 * {@link org.apache.spark.sql.Row}s: a WKT column is parsed from its UTF-8 bytes, which saves
 * decoding every text into a {@code String} and encoding it back (a third of the reading time
 * at 10^6 rows). Ids of long, int and string type are read directly, any other type through
 * Spark's own conversion to the external type, so the output carries what
 * {@code Row.get} would have given.
 */
final class RowReader implements Serializable {
    private static final long serialVersionUID = 1L;

    final String dataset;
    private final int idField;
    private final int geometryField;
    private final DataType idType;
    private final PolygonSource.Format format;
    /** Array elements are floats (otherwise doubles); COORDINATES only. */
    private final boolean floatElements;
    /** Subtracted from every coordinate (as read, in double) before it is rounded to float. */
    private final double originX;
    private final double originY;

    RowReader(String dataset, int idField, DataType idType, int geometryField, DataType geometryType,
              PolygonSource.Format format) {
        this(dataset, idField, idType, geometryField, format,
                geometryType instanceof ArrayType a && a.elementType().equals(DataTypes.FloatType), 0, 0);
    }

    private RowReader(String dataset, int idField, DataType idType, int geometryField, PolygonSource.Format format,
                      boolean floatElements, double originX, double originY) {
        this.dataset = dataset;
        this.idField = idField;
        this.idType = idType;
        this.geometryField = geometryField;
        this.format = format;
        this.floatElements = floatElements;
        this.originX = originX;
        this.originY = originY;
    }

    /**
     * This reader with the origin {@code (x, y)}: each coordinate becomes
     * {@code (float) (value - origin)}, the value being the double the text or the array holds.
     */
    RowReader at(double x, double y) {
        return new RowReader(dataset, idField, idType, geometryField, format, floatElements, x, y);
    }

    /** The row's id as the output carries it (null when the column is null). */
    Object id(InternalRow row) {
        if (row.isNullAt(idField)) {
            return null;
        }
        if (idType.equals(DataTypes.LongType)) {
            return row.getLong(idField);
        }
        if (idType.equals(DataTypes.IntegerType)) {
            return row.getInt(idField);
        }
        if (idType.equals(DataTypes.StringType)) {
            return row.getUTF8String(idField).toString();
        }
        return CatalystTypeConverters.convertToScala(row.get(idField, idType), idType);
    }

    /**
     * The row as a shape of the given side.
     *
     * @throws BadRowException naming this dataset, the row and the reason
     */
    ShapeRow read(InternalRow row, boolean left, float widen, int partition, long index) {
        Object id = id(row);
        if (id == null) {
            throw new BadRowException(dataset, partition + ":" + index, null, "the id is null");
        }
        if (row.isNullAt(geometryField)) {
            throw new BadRowException(dataset, partition + ":" + index, id, "the geometry is null");
        }
        float[] xy;
        int[] rings = null;
        try {
            if (format == PolygonSource.Format.WKT) {
                UTF8String text = row.getUTF8String(geometryField);
                xy = plainWkt(text.getBytes(), originX, originY);
                if (xy == null) {
                    Rings r = checkedWkt(text.toString(), originX, originY);
                    xy = r.xy();
                    rings = r.structure();
                }
            } else {
                xy = rounded(row.getArray(geometryField), floatElements, originX, originY);
            }
        } catch (IllegalArgumentException e) {
            throw new BadRowException(dataset, partition + ":" + index, id, e.getMessage());
        }
        ShapeRow s = new ShapeRow(id, left, xy, rings, widen, partition, index);
        // The cells route rows by their boxes: a row with a non-finite box would reach no cell
        // (and its centre would be NaN in the sample).
        if (!(Float.isFinite(s.minX) && Float.isFinite(s.minY) && Float.isFinite(s.maxX) && Float.isFinite(s.maxY))) {
            throw new BadRowException(dataset, s.position(), id, "its box, grown by " + widen
                    + " for the tolerance, is beyond the float range");
        }
        return s;
    }

    /**
     * The message for a polygon the store or the decomposition refused: its reason without the
     * store's shape index.
     */
    BadRowException refused(ShapeRow s, IllegalArgumentException e) {
        String m = e.getMessage() == null ? e.toString() : e.getMessage();
        int colon = m.startsWith("shape=") ? m.indexOf(": ") : -1;
        return new BadRowException(dataset, s.position(), s.id, colon < 0 ? m : m.substring(colon + 2));
    }

    private static float[] rounded(ArrayData coordinates, boolean floats, double originX, double originY) {
        int n = coordinates.numElements();
        if (n % 2 != 0) {
            throw new IllegalArgumentException("odd number of coordinates (" + n + ")");
        }
        if (n < 6) {
            throw new IllegalArgumentException("fewer than 3 vertices (" + n + " coordinates)");
        }
        float[] xy = new float[n];
        for (int i = 0; i < n; i++) {
            if (coordinates.isNullAt(i)) {
                throw new IllegalArgumentException("coordinate " + i + " is null");
            }
            double v = floats ? coordinates.getFloat(i) : coordinates.getDouble(i);
            double origin = i % 2 == 0 ? originX : originY;
            float f = (float) (v - origin);
            if (!Float.isFinite(f)) {
                throw new IllegalArgumentException("coordinate " + i + " = " + v + " is not a finite float" + relative(origin));
            }
            xy[i] = f;
        }
        return xy;
    }

    /** The end of a message about a coordinate taken relative to {@code origin} (empty for 0). */
    private static String relative(double origin) {
        return origin == 0 ? "" : " relative to the origin's " + origin;
    }

    /**
     * A 2D {@code POLYGON} (holes allowed) or {@code MULTIPOLYGON} in Spark's UTF-8 text, each
     * ring's closing vertex optional. Every other form is refused with the reason. The text is
     * decoded to a {@code String} only when the one-pass reader (one ring) defers to the checked one.
     */
    static Rings parseWkt(UTF8String text) {
        return parseWkt(text, 0, 0);
    }

    /** {@link #parseWkt(UTF8String)} relative to the origin {@code (originX, originY)} (see {@link #at}). */
    static Rings parseWkt(UTF8String text, double originX, double originY) {
        float[] fast = plainWkt(text.getBytes(), originX, originY);
        return fast != null ? new Rings(fast, null) : checkedWkt(text.toString(), originX, originY);
    }

    /**
     * The usual rows in one pass over their UTF-8 bytes: {@code POLYGON ((x y, ...))} with
     * spaces, tabs or line breaks around the tokens, and numbers as plain decimals of at most
     * 18 significant digits that {@link DecimalFloats#fromParts} decides. Gives exactly what
     * {@link #checkedWkt} gives for those texts, and null for anything else (which then goes
     * there, for its float or its reason). The usual form is ASCII; a byte of any other
     * character (negative here) matches nothing this reader accepts, so such a text is deferred.
     * Relative to an origin other than 0, the numbers it takes are those that
     * {@link DecimalFloats#doubleFromParts} decides.
     */
    static float[] plainWkt(byte[] s) {
        return plainWkt(s, 0, 0);
    }

    /** {@link #plainWkt(byte[])} relative to the origin {@code (originX, originY)} (see {@link #at}). */
    static float[] plainWkt(byte[] s, double originX, double originY) {
        int length = s.length;
        int p = blank(s, 0);
        if (p + 7 > length) {
            return null;
        }
        for (int i = 0; i < 7; i++) {
            if ((s[p + i] & ~0x20) != "POLYGON".charAt(i)) {
                return null;
            }
        }
        p = blank(s, p + 7);
        if (p >= length || s[p] != '(') {
            return null;
        }
        p = blank(s, p + 1);
        if (p >= length || s[p] != '(') {
            return null;
        }
        p++;
        float[] xy = new float[16];
        int n = 0;
        while (true) {
            if (n + 2 > xy.length) {
                xy = java.util.Arrays.copyOf(xy, xy.length * 2);
            }
            for (int c = 0; c < 2; c++) {
                p = blank(s, p);
                boolean negative = false;
                if (p < length && (s[p] == '-' || s[p] == '+')) {
                    negative = s[p] == '-';
                    p++;
                }
                long m = 0;
                int digits = 0;
                int scale = 0;
                boolean any = false;
                boolean point = false;
                for (; p < length; p++) {
                    int d = s[p] - '0';
                    if (d >= 0 && d <= 9) {
                        any = true;
                        m = 10 * m + d;
                        digits += m == 0 ? 0 : 1;
                        scale -= point ? 1 : 0;
                    } else if (s[p] == '.' && !point) {
                        point = true;
                    } else {
                        break;
                    }
                }
                if (!any || digits > 18 || p >= length || !(s[p] == ',' || s[p] == ')' || white(s[p]))) {
                    return null;
                }
                double origin = c == 0 ? originX : originY;
                float v;
                if (origin == 0) {
                    v = DecimalFloats.fromParts(negative, m, scale);
                } else {
                    v = (float) (DecimalFloats.doubleFromParts(negative, m, scale) - origin);
                    v = Float.isFinite(v) ? v : Float.NaN;
                }
                if (v != v) {
                    return null;
                }
                xy[n + c] = v;
            }
            n += 2;
            p = blank(s, p);
            if (p < length && s[p] == ',') {
                p++;
                continue;
            }
            if (p < length && s[p] == ')') {
                break;
            }
            return null;
        }
        p = blank(s, p + 1);
        if (p >= length || s[p] != ')' || blank(s, p + 1) != length) {
            return null;
        }
        if (n >= 4 && xy[n - 2] == xy[0] && xy[n - 1] == xy[1]) {
            n -= 2; // the closing vertex
        }
        return java.util.Arrays.copyOf(xy, n);
    }

    private static int blank(byte[] s, int p) {
        while (p < s.length && white(s[p])) {
            p++;
        }
        return p;
    }

    /** Space, tab, line feed, carriage return: white to {@link #checkedWkt} too. */
    private static boolean white(byte c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r';
    }

    /**
     * A parsed geometry: every ring's coordinates one after the other, and how they split
     * ({@link ShapeRow#rings}'s form, null for one polygon of one ring).
     */
    record Rings(float[] xy, int[] structure) {}

    /**
     * {@link #parseWkt} for every text, with the reason for each one it refuses: a 2D
     * {@code POLYGON} (holes allowed) or {@code MULTIPOLYGON}, each ring's closing vertex
     * optional. Whether the rings make a valid polygon is decided later, by the store or the
     * decomposition.
     */
    static Rings checkedWkt(String text) {
        return checkedWkt(text, 0, 0);
    }

    /** {@link #checkedWkt(String)} relative to the origin {@code (originX, originY)} (see {@link #at}). */
    static Rings checkedWkt(String text, double originX, double originY) {
        double[] origin = {originX, originY};
        String s = text.strip();
        String upper = s.toUpperCase(Locale.ROOT);
        boolean multi = upper.startsWith("MULTIPOLYGON");
        if (!multi && !upper.startsWith("POLYGON")) {
            int end = 0;
            while (end < upper.length() && Character.isLetter(upper.charAt(end))) {
                end++;
            }
            throw new IllegalArgumentException(end == 0 ? "malformed WKT: expected POLYGON ((x y, ...))"
                    : upper.substring(0, end) + " is not supported (a POLYGON or MULTIPOLYGON per row)");
        }
        String keyword = multi ? "MULTIPOLYGON" : "POLYGON";
        int p = skip(s, keyword.length());
        if (p < s.length() && Character.isLetter(s.charAt(p))) {
            throw new IllegalArgumentException(keyword + " " + upper.substring(p).split("[\\s(]", 2)[0]
                    + " is not supported (a non-empty 2D " + keyword + (multi ? " (((x y, ...)))" : " ((x y, ...))") + " is)");
        }
        float[][] xy = {new float[16]};
        int[] n = {0};
        java.util.List<Integer> structure = new java.util.ArrayList<>();
        if (multi) {
            p = expect(s, p, '(');
            for (int polygon = 0; ; polygon++) {
                p = polygon(s, p, polygon, xy, n, structure, origin);
                if (p < s.length() && s.charAt(p) == ',') {
                    p = skip(s, p + 1);
                    continue;
                }
                p = expect(s, p, ')');
                break;
            }
        } else {
            p = polygon(s, p, -1, xy, n, structure, origin);
        }
        if (p != s.length()) {
            throw new IllegalArgumentException("malformed WKT: text after the " + keyword.toLowerCase(Locale.ROOT)
                    + ": '" + s.substring(p) + "'");
        }
        float[] coordinates = java.util.Arrays.copyOf(xy[0], n[0]);
        if (structure.size() == 2) {
            return new Rings(coordinates, null);
        }
        int[] split = new int[structure.size()];
        for (int i = 0; i < split.length; i++) {
            split[i] = structure.get(i);
        }
        return new Rings(coordinates, split);
    }

    /**
     * One polygon's {@code ((x y, ...), (x y, ...))} from {@code p}: its rings appended to
     * {@code xy[0]} (at {@code n[0]}), its ring count and ring sizes to {@code structure}.
     * {@code polygon} is its index in a multipolygon, -1 in a plain polygon (for messages).
     */
    private static int polygon(String s, int p, int polygon, float[][] xy, int[] n, java.util.List<Integer> structure,
                               double[] origin) {
        int countAt = structure.size();
        structure.add(0);
        p = expect(s, p, '(');
        for (int ring = 0; ; ring++) {
            p = expect(s, p, '(');
            int first = n[0];
            while (true) {
                if (n[0] + 2 > xy[0].length) {
                    xy[0] = java.util.Arrays.copyOf(xy[0], xy[0].length * 2);
                }
                int[] at = {p};
                int c = n[0] - first;
                xy[0][n[0]] = number(s, at, c, polygon, ring, origin[0]);
                xy[0][n[0] + 1] = number(s, at, c + 1, polygon, ring, origin[1]);
                n[0] += 2;
                p = skip(s, at[0]);
                if (p < s.length() && (Character.isDigit(s.charAt(p)) || s.charAt(p) == '-' || s.charAt(p) == '+'
                        || s.charAt(p) == '.')) {
                    throw new IllegalArgumentException("only 2D coordinates (x y) are supported, at vertex "
                            + (c / 2) + where(polygon, ring));
                }
                if (p < s.length() && s.charAt(p) == ',') {
                    p = skip(s, p + 1);
                    continue;
                }
                p = expect(s, p, ')');
                break;
            }
            float[] v = xy[0];
            if (n[0] - first >= 4 && v[n[0] - 2] == v[first] && v[n[0] - 1] == v[first + 1]) {
                n[0] -= 2; // the closing vertex
            }
            structure.add(n[0] - first);
            structure.set(countAt, ring + 1);
            if (p < s.length() && s.charAt(p) == ',') {
                p = skip(s, p + 1);
                continue;
            }
            return expect(s, p, ')');
        }
    }

    private static int skip(String s, int p) {
        while (p < s.length() && space(s.charAt(p))) {
            p++;
        }
        return p;
    }

    /** {@link Character#isWhitespace}, without its table lookup for printable ASCII (never white). */
    private static boolean space(char c) {
        return c == ' ' || ((c < '!' || c > '~') && Character.isWhitespace(c));
    }

    private static int expect(String s, int p, char c) {
        p = skip(s, p);
        if (p >= s.length() || s.charAt(p) != c) {
            throw new IllegalArgumentException("malformed WKT: expected '" + c + "' at character " + p
                    + (p < s.length() ? " but found '" + s.charAt(p) + "'" : " but the text ended"));
        }
        return skip(s, p + 1);
    }

    /** Where a ring is, for messages: empty for the outer ring of a plain polygon. */
    private static String where(int polygon, int ring) {
        return (polygon >= 0 ? " of polygon " + polygon : "") + (ring > 0 ? " of ring " + ring : "");
    }

    private static float number(String s, int[] at, int coordinate, int polygon, int ring, double origin) {
        int p = skip(s, at[0]);
        int end = p;
        int length = s.length();
        while (end < length) {
            char c = s.charAt(end);
            if (c == ',' || c == ')' || c == '(' || space(c)) {
                break;
            }
            end++;
        }
        if (end == p) {
            throw new IllegalArgumentException("malformed WKT: expected a number at character " + p);
        }
        float v;
        try {
            v = origin == 0 ? DecimalFloats.parse(s, p, end) : (float) (DecimalFloats.parseDouble(s, p, end) - origin);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("malformed WKT: '" + s.substring(p, end) + "' is not a number");
        }
        at[0] = end;
        if (!Float.isFinite(v)) {
            // Only reached with text the JDK parses (the fast path accepts finite values only).
            throw new IllegalArgumentException("coordinate " + coordinate + where(polygon, ring) + " = "
                    + Double.parseDouble(s.substring(p, end)) + " is not a finite float" + relative(origin));
        }
        return v;
    }
}
