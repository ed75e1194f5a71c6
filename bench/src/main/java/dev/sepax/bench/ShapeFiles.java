package dev.sepax.bench;

import dev.sepax.shape.ConvexPolygons;
import dev.sepax.batch.PairBatch;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads polygons and pairs for {@code ./sepax check}.
 *
 * <p>Shapes: one polygon per line, either WKT {@code POLYGON ((x y, x y, ...))} (the closing
 * vertex may repeat the first; holes are rejected; the id is the line number) or CSV
 * {@code id,x0,y0,x1,y1,...} (a first CSV line whose second field is not a number is a header
 * and skipped). Blank lines and lines starting with {@code #} are skipped. Pairs:
 * {@code idA,idB} per line (a first line that names no known ids, such as {@code a,b}, is taken
 * as a header). Every error is an {@link InputException} naming the file, the line and the
 * reason; a polygon the core store rejects carries the core's message (for example
 * {@code shape=3: not convex ...}).
 */
final class ShapeFiles {
    private ShapeFiles() {}

    /** A bad input file: the message names file, line and reason. */
    static final class InputException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        InputException(String message) {
            super(message);
        }
    }

    /** Shapes with their ids (index = shape index in the store). */
    record Shapes(ConvexPolygons store, List<String> ids) {
        /** Shape index by id. */
        Map<String, Integer> index() {
            Map<String, Integer> m = new HashMap<>();
            for (int i = 0; i < ids.size(); i++) {
                m.put(ids.get(i), i);
            }
            return m;
        }
    }

    static Shapes readShapes(Path file) {
        return parseShapes(file.toString(), read(file));
    }

    static PairBatch readPairs(Path file, Shapes shapes) {
        return parsePairs(file.toString(), read(file), shapes);
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new InputException(file + ": no such file");
        } catch (IOException e) {
            throw new InputException(file + ": cannot read (" + e.getMessage() + ")");
        }
    }

    /** Parses shape lines; {@code name} prefixes every error. */
    static Shapes parseShapes(String name, String text) {
        ConvexPolygons.Builder b = ConvexPolygons.builder();
        List<String> ids = new ArrayList<>();
        Map<String, Integer> firstLine = new HashMap<>();
        int lineNo = 0;
        try (BufferedReader r = new BufferedReader(new StringReader(text))) {
            for (String line; (line = r.readLine()) != null; ) {
                lineNo++;
                String t = line.strip();
                if (t.isEmpty() || t.startsWith("#")) {
                    continue;
                }
                String where = name + ":" + lineNo + ": ";
                String id;
                float[] xy;
                if (t.regionMatches(true, 0, "POLYGON", 0, 7)) {
                    id = Integer.toString(lineNo);
                    xy = parseWkt(where, t);
                } else {
                    String[] f = t.split(",", -1);
                    if (ids.isEmpty() && f.length > 1 && !looksNumeric(f[1])) {
                        continue; // a CSV header such as id,x0,y0,...
                    }
                    id = f[0].strip();
                    if (id.isEmpty()) {
                        throw new InputException(where + "empty id (expected id,x0,y0,x1,y1,... or POLYGON ((...)))");
                    }
                    int coords = f.length - 1;
                    if (coords % 2 != 0) {
                        throw new InputException(where + "odd coordinate count " + coords + " (x and y must come in pairs)");
                    }
                    if (coords < 6) {
                        throw new InputException(where + "only " + coords / 2 + " vertices, a polygon needs at least 3");
                    }
                    xy = new float[coords];
                    for (int c = 0; c < coords; c++) {
                        xy[c] = number(where, f[c + 1], "column " + (c + 2));
                    }
                }
                Integer seen = firstLine.putIfAbsent(id, lineNo);
                if (seen != null) {
                    throw new InputException(where + "duplicate id '" + id + "' (first on line " + seen + ")");
                }
                try {
                    b.add(xy);
                } catch (IllegalArgumentException e) {
                    throw new InputException(where + e.getMessage());
                }
                ids.add(id);
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e); // cannot happen on a StringReader
        }
        if (ids.isEmpty()) {
            throw new InputException(name + ": no polygons");
        }
        return new Shapes(b.build(), ids);
    }

    /** Parses one WKT {@code POLYGON ((x y, ...))} into {@code x0, y0, x1, y1, ...}. */
    static float[] parseWkt(String where, String t) {
        String s = t.strip();
        String body = s.substring(7).strip();
        if (body.toUpperCase(Locale.ROOT).startsWith("EMPTY")) {
            throw new InputException(where + "POLYGON EMPTY has no vertices");
        }
        if (!body.startsWith("(") || !body.endsWith(")")) {
            throw new InputException(where + "malformed WKT: expected POLYGON ((x y, x y, ...))");
        }
        String rings = body.substring(1, body.length() - 1).strip();
        if (!rings.startsWith("(") || rings.indexOf(')') < 0) {
            throw new InputException(where + "malformed WKT: expected POLYGON ((x y, x y, ...))");
        }
        int close = rings.indexOf(')');
        if (!rings.substring(close + 1).isBlank()) {
            throw new InputException(where + "polygons with holes are not supported (only one ring)");
        }
        String[] points = rings.substring(1, close).split(",");
        List<Float> xy = new ArrayList<>();
        for (int p = 0; p < points.length; p++) {
            String[] c = points[p].strip().split("\\s+");
            if (c.length != 2) {
                throw new InputException(where + "vertex " + (p + 1) + " '" + points[p].strip()
                        + "' must have exactly 2 coordinates");
            }
            xy.add(number(where, c[0], "vertex " + (p + 1) + " x"));
            xy.add(number(where, c[1], "vertex " + (p + 1) + " y"));
        }
        int n = xy.size();
        // WKT closes the ring by repeating the first vertex: drop the repeat.
        if (n >= 4 && xy.get(0).equals(xy.get(n - 2)) && xy.get(1).equals(xy.get(n - 1))) {
            n -= 2;
        }
        if (n < 6) {
            throw new InputException(where + "only " + n / 2 + " distinct vertices, a polygon needs at least 3");
        }
        float[] out = new float[n];
        for (int i = 0; i < n; i++) {
            out[i] = xy.get(i);
        }
        return out;
    }

    private static boolean looksNumeric(String field) {
        try {
            Float.parseFloat(field.strip());
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static float number(String where, String text, String what) {
        String s = text.strip();
        try {
            float f = Float.parseFloat(s);
            if (!Float.isFinite(f)) {
                throw new InputException(where + "bad number '" + s + "' in " + what + " (not finite as a float)");
            }
            return f;
        } catch (NumberFormatException e) {
            throw new InputException(where + "bad number '" + s + "' in " + what);
        }
    }

    /** Parses {@code idA,idB} lines against {@code shapes}' ids. */
    static PairBatch parsePairs(String name, String text, Shapes shapes) {
        Map<String, Integer> index = shapes.index();
        PairBatch pairs = new PairBatch(shapes.store(), 16);
        int lineNo = 0;
        boolean first = true;
        for (String line : text.split("\r?\n", -1)) {
            lineNo++;
            String t = line.strip();
            if (t.isEmpty() || t.startsWith("#")) {
                continue;
            }
            String where = name + ":" + lineNo + ": ";
            String[] f = t.split(",", -1);
            if (f.length != 2) {
                throw new InputException(where + "expected idA,idB but found " + f.length + " fields");
            }
            Integer a = index.get(f[0].strip());
            Integer b = index.get(f[1].strip());
            if (first && a == null && b == null) {
                first = false;
                continue; // a header line such as "a,b"
            }
            first = false;
            if (a == null) {
                throw new InputException(where + "unknown shape id '" + f[0].strip() + "'");
            }
            if (b == null) {
                throw new InputException(where + "unknown shape id '" + f[1].strip() + "'");
            }
            pairs.add(a, b);
        }
        return pairs;
    }
}
