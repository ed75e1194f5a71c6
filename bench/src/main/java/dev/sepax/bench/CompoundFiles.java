package dev.sepax.bench;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads polygons that may be concave, have holes or come in several pieces, for
 * {@code ./sepax check}: GeoJSON {@code FeatureCollection}s of {@code Polygon} and
 * {@code MultiPolygon} features, and text files of WKT {@code POLYGON} (holes allowed) and
 * {@code MULTIPOLYGON} lines (with the line forms of {@link ShapeFiles}: an optional id column,
 * CSV {@code id,x0,y0,...}, comments, blank lines, a header, numbers in the {@link Decimals}
 * syntax). Coordinates are kept in double.
 *
 * <h2>Ids</h2>
 * GeoJSON: the feature's {@code id} (string or number, as written), else its properties'
 * {@code id}, else its properties' {@code name}, else its position {@code features[i]} (0-based,
 * written {@code i}). WKT: as {@link ShapeFiles} (the id column, else the 1-based position among
 * the shape lines). Duplicate ids are errors.
 *
 * <h2>Errors</h2>
 * Nothing is dropped silently: every feature and every line is a polygon, or an
 * {@link ShapeFiles.InputException} naming the file, the feature ({@code features[i]}, its id
 * and its line) or the line, the ring and the vertex (0-based, ring 0 the outer ring, polygon
 * {@code p} of a multipolygon) and the reason: non-finite coordinates, too few positions, an
 * unclosed GeoJSON ring (RFC 7946 rings repeat their first position last; in WKT the repeat is
 * optional), other geometry types, a missing geometry, bad JSON (with line and column).
 * Self-intersections and the other ring faults are found by the decomposition, see
 * {@link CompoundCheck}. With a {@link ShapeFiles.Skips}, a bad feature or line is reported and
 * skipped; bad JSON syntax stays an error.
 *
 * <p>A GeoJSON position may carry a third number (altitude, RFC 7946); it is ignored, as the
 * verdicts are 2D.
 *
 * <p>Stateless; reads the whole GeoJSON text at once (a WKT file is streamed line by line).
 */
final class CompoundFiles {
    private CompoundFiles() {}

    /**
     * One input polygon or multipolygon: {@code polygons[p][r]} is ring {@code r} (0 outer, then
     * holes) of polygon {@code p}, {@code x0, y0, x1, y1, ...} without the closing repeat.
     * {@code where} names it in messages.
     */
    record Feature(String id, String where, double[][][] polygons) {}

    /** Whether {@code file} looks like JSON: its first non-blank character is '{' or '['. */
    static boolean looksLikeJson(Path file) {
        try (var in = Files.newInputStream(file)) {
            byte[] head = in.readNBytes(4096);
            for (int i = 0; i < head.length; i++) {
                int c = head[i] & 0xff;
                if (i < 3 && (c == 0xEF || c == 0xBB || c == 0xBF)) {
                    continue; // a byte order mark
                }
                if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
                    continue;
                }
                return c == '{' || c == '[';
            }
            return false;
        } catch (IOException e) {
            return false; // the reader reports why
        }
    }

    /** Reads a GeoJSON FeatureCollection file. */
    static List<Feature> readGeoJson(Path file, ShapeFiles.Skips skips) {
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(Files.readAllBytes(file)))
                    .toString();
        } catch (CharacterCodingException e) {
            throw new ShapeFiles.InputException(file + ": not UTF-8 text");
        } catch (IOException e) {
            throw new ShapeFiles.InputException(file + ": cannot read (" + ShapeFiles.reason(e) + ")");
        }
        return parseGeoJson(file.toString(), text, skips);
    }

    /** Parses GeoJSON text; {@code name} prefixes every error. */
    static List<Feature> parseGeoJson(String name, String text, ShapeFiles.Skips skips) {
        Object root = JsonReader.parse(name, text);
        if (!(root instanceof JsonReader.Obj top)) {
            throw new ShapeFiles.InputException(name + ": expected a GeoJSON FeatureCollection object, found "
                    + JsonReader.kind(root));
        }
        Object type = top.get("type");
        if (!"FeatureCollection".equals(type)) {
            throw new ShapeFiles.InputException(name + ": expected \"type\": \"FeatureCollection\", found "
                    + (type instanceof String t ? "\"" + t + "\"" : JsonReader.kind(type))
                    + " (only FeatureCollections of Polygon and MultiPolygon features are read)");
        }
        if (!(top.get("features") instanceof List<?> items)) {
            throw new ShapeFiles.InputException(name + ": \"features\" must be an array, found "
                    + JsonReader.kind(top.get("features")));
        }
        List<Feature> out = new ArrayList<>();
        Map<String, String> seen = new HashMap<>();
        int skipped = 0;
        for (int i = 0; i < items.size(); i++) {
            String where = name + ": features[" + i + "]";
            try {
                if (!(items.get(i) instanceof JsonReader.Obj f)) {
                    throw new ShapeFiles.InputException(where + ": expected a Feature object, found "
                            + JsonReader.kind(items.get(i)));
                }
                String id = featureId(where, f, i);
                where = name + ": features[" + i + "] (id '" + id + "', line " + f.line() + ")";
                if (!"Feature".equals(f.get("type"))) {
                    throw new ShapeFiles.InputException(where + ": \"type\" must be \"Feature\"");
                }
                double[][][] polygons = geometry(where, f.get("geometry"));
                String first = seen.putIfAbsent(id, where);
                if (first != null) {
                    throw new ShapeFiles.InputException(where + ": duplicate id '" + id + "' (first at " + first + ")");
                }
                out.add(new Feature(id, where, polygons));
            } catch (ShapeFiles.InputException e) {
                if (skips == null) {
                    throw e;
                }
                skips.skip(e);
                skipped++;
            }
        }
        if (out.isEmpty()) {
            throw new ShapeFiles.InputException(name + ": no polygon features"
                    + (skipped > 0 ? " left after skipping " + skipped : ""));
        }
        return out;
    }

    private static String featureId(String where, JsonReader.Obj f, int index) {
        Object id = f.get("id");
        if (id == null && f.get("properties") instanceof JsonReader.Obj p) {
            id = p.get("id") != null ? p.get("id") : p.get("name");
        }
        if (id == null || id == JsonReader.NULL) {
            return Integer.toString(index);
        }
        if (id instanceof String s) {
            if (s.isEmpty()) {
                throw new ShapeFiles.InputException(where + ": empty id");
            }
            return s;
        }
        if (id instanceof JsonReader.Num n) {
            return n.text();
        }
        throw new ShapeFiles.InputException(where + ": id must be a string or a number, found " + JsonReader.kind(id));
    }

    private static double[][][] geometry(String where, Object g) {
        if (!(g instanceof JsonReader.Obj geom)) {
            throw new ShapeFiles.InputException(where + ": no geometry (found " + JsonReader.kind(g)
                    + "; a Polygon or MultiPolygon is needed)");
        }
        Object type = geom.get("type");
        Object coords = geom.get("coordinates");
        if ("Polygon".equals(type)) {
            return new double[][][] {polygon(where, "", coords)};
        }
        if ("MultiPolygon".equals(type)) {
            List<?> ps = list(where, "coordinates", coords);
            if (ps.isEmpty()) {
                throw new ShapeFiles.InputException(where + ": empty MultiPolygon");
            }
            double[][][] out = new double[ps.size()][][];
            for (int p = 0; p < ps.size(); p++) {
                out[p] = polygon(where, " polygon=" + p, ps.get(p));
            }
            return out;
        }
        throw new ShapeFiles.InputException(where + ": geometry type "
                + (type instanceof String t ? "\"" + t + "\"" : JsonReader.kind(type))
                + " is not supported (only Polygon and MultiPolygon)");
    }

    private static List<?> list(String where, String what, Object v) {
        if (!(v instanceof List<?> l)) {
            throw new ShapeFiles.InputException(where + ": " + what + " must be an array, found " + JsonReader.kind(v));
        }
        return l;
    }

    private static double[][] polygon(String where, String poly, Object coords) {
        List<?> rings = list(where + poly, "coordinates", coords);
        if (rings.isEmpty()) {
            throw new ShapeFiles.InputException(where + poly + ": empty Polygon (no rings)");
        }
        double[][] out = new double[rings.size()][];
        for (int r = 0; r < rings.size(); r++) {
            String at = where + poly + " ring=" + r;
            List<?> pos = list(at, "a ring", rings.get(r));
            double[] xy = new double[2 * pos.size()];
            for (int v = 0; v < pos.size(); v++) {
                String vat = at + " vertex=" + v;
                List<?> p = list(vat, "a position", pos.get(v));
                if (p.size() < 2 || p.size() > 3) {
                    throw new ShapeFiles.InputException(vat + ": a position has 2 numbers (x y, or 3 with altitude), found "
                            + p.size());
                }
                for (int c = 0; c < 2; c++) {
                    if (!(p.get(c) instanceof JsonReader.Num n)) {
                        throw new ShapeFiles.InputException(vat + ": coordinate " + c + " must be a number, found "
                                + JsonReader.kind(p.get(c)));
                    }
                    if (!Double.isFinite(n.value())) {
                        throw new ShapeFiles.InputException(vat + ": non-finite coordinate " + n.text());
                    }
                    xy[2 * v + c] = n.value();
                }
                if (p.size() == 3 && !(p.get(2) instanceof JsonReader.Num)) {
                    throw new ShapeFiles.InputException(vat + ": altitude must be a number, found " + JsonReader.kind(p.get(2)));
                }
            }
            int n = pos.size();
            if (n < 4) {
                throw new ShapeFiles.InputException(at + ": too few positions (" + n
                        + "; a closed ring has at least 4, the last repeating the first)");
            }
            if (xy[0] != xy[2 * n - 2] || xy[1] != xy[2 * n - 1]) {
                throw new ShapeFiles.InputException(at + ": unclosed ring (the last position, vertex=" + (n - 1)
                        + ", must repeat the first)");
            }
            out[r] = java.util.Arrays.copyOf(xy, 2 * n - 2);
        }
        return out;
    }

    // ---- WKT ----------------------------------------------------------------------------------

    /**
     * The rings of a WKT {@code POLYGON} body {@code ((x y, ...), (x y, ...))} or a
     * {@code MULTIPOLYGON} body {@code (((...)), ((...)))}, as {@code polygons[p][r]}; the closing
     * repeat of a ring is dropped when present. {@code where} prefixes errors.
     */
    static double[][][] wkt(String where, String type, String body) {
        String upper = body.toUpperCase(Locale.ROOT);
        if (upper.startsWith("EMPTY")) {
            throw new ShapeFiles.InputException(where + type + " EMPTY has no vertices");
        }
        if (upper.startsWith("Z") || upper.startsWith("M")) {
            throw new ShapeFiles.InputException(where + type + " " + body.split("[\\s(]", 2)[0]
                    + ": only 2D coordinates (x y) are supported");
        }
        Wkt p = new Wkt(where, body);
        double[][][] out;
        if (type.equals("POLYGON")) {
            out = new double[][][] {p.polygon("")};
        } else {
            List<double[][]> ps = new ArrayList<>();
            p.expect('(');
            do {
                ps.add(p.polygon(" polygon=" + ps.size()));
            } while (p.comma());
            p.expect(')');
            out = ps.toArray(new double[0][][]);
        }
        p.end();
        return out;
    }

    /** A cursor over WKT text. */
    private static final class Wkt {
        private final String where;
        private final String s;
        private int pos;

        Wkt(String where, String s) {
            this.where = where;
            this.s = s;
        }

        private void blanks() {
            while (pos < s.length() && Character.isWhitespace(s.charAt(pos))) {
                pos++;
            }
        }

        ShapeFiles.InputException error(String what) {
            return new ShapeFiles.InputException(where + "malformed WKT at column " + (pos + 1) + ": " + what);
        }

        void expect(char c) {
            blanks();
            if (pos >= s.length() || s.charAt(pos) != c) {
                throw error("expected '" + c + "'" + (pos < s.length() ? ", found '" + s.charAt(pos) + "'" : ", found the end"));
            }
            pos++;
        }

        boolean comma() {
            blanks();
            if (pos < s.length() && s.charAt(pos) == ',') {
                pos++;
                return true;
            }
            return false;
        }

        void end() {
            blanks();
            if (pos < s.length()) {
                throw error("unexpected text after the geometry");
            }
        }

        double[][] polygon(String poly) {
            List<double[]> rings = new ArrayList<>();
            expect('(');
            do {
                rings.add(ring(poly + " ring=" + rings.size()));
            } while (comma());
            expect(')');
            return rings.toArray(new double[0][]);
        }

        private double[] ring(String at) {
            expect('(');
            double[] xy = new double[16];
            int n = 0;
            do {
                if (n + 2 > xy.length) {
                    xy = java.util.Arrays.copyOf(xy, 2 * xy.length);
                }
                String vat = where.strip() + at + " vertex=" + n / 2 + ": ";
                xy[n] = coordinate(vat, "x");
                xy[n + 1] = coordinate(vat, "y");
                n += 2;
                blanks();
                if (pos < s.length() && s.charAt(pos) != ',' && s.charAt(pos) != ')') {
                    throw new ShapeFiles.InputException(vat + "a vertex has exactly 2 coordinates (x y)");
                }
            } while (comma());
            expect(')');
            if (n >= 4 && xy[0] == xy[n - 2] && xy[1] == xy[n - 1]) {
                n -= 2;
            }
            if (n < 6) {
                throw new ShapeFiles.InputException(where.strip() + at + ": too few points (" + n / 2
                        + " distinct; a ring needs at least 3)");
            }
            return java.util.Arrays.copyOf(xy, n);
        }

        private double coordinate(String vat, String axis) {
            blanks();
            int from = pos;
            while (pos < s.length() && !Character.isWhitespace(s.charAt(pos)) && s.charAt(pos) != ','
                    && s.charAt(pos) != ')' && s.charAt(pos) != '(') {
                pos++;
            }
            String t = s.substring(from, pos);
            if (t.isEmpty()) {
                throw new ShapeFiles.InputException(vat + "missing " + axis + " coordinate");
            }
            double d;
            try {
                d = Decimals.parseDouble(t);
            } catch (NumberFormatException e) {
                throw new ShapeFiles.InputException(vat + "bad number '" + t + "' for " + axis + " (expected "
                        + Decimals.SYNTAX + ")");
            }
            if (!Double.isFinite(d)) {
                throw new ShapeFiles.InputException(vat + "non-finite " + axis + " '" + t + "'");
            }
            return d;
        }
    }
}
