package dev.sepax.bench;

import dev.sepax.geom.FloatConsistency;
import dev.sepax.shape.ConvexPolygons;
import dev.sepax.shape.RoundedShapes;
import dev.sepax.batch.PairBatch;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Reads polygons and pairs for {@code ./sepax check} and {@code ./sepax draw}, streaming: the
 * text is read one line at a time, so memory grows with the number of shapes, not with the size
 * of the file.
 *
 * <p>Every line of a shapes file is exactly one of:
 * <ul>
 *   <li>blank, or a comment starting with {@code #}: ignored;
 *   <li>a header: only the first non-blank, non-comment line, and only when its first field is
 *       {@code id} (any case, may be quoted) and each of its (at least two) comma-separated
 *       fields is a non-numeric name, such as {@code id,x0,y0,x1,y1} or {@code id,wkt}. A first
 *       line of names that does not start with {@code id} ({@code x,y,z}, {@code name,wkt}) is
 *       neither a header nor a shape: an error, as it would be on any other line;
 *   <li>a WKT geometry {@code POLYGON ((x y, x y, ...))} (the closing vertex may repeat the
 *       first; one ring only). Its id is the 1-based position of the shape among the file's
 *       shape lines (comments, blank lines and the header are not counted);
 *   <li>CSV {@code id,x0,y0,x1,y1,...}, or an id column before a WKT geometry,
 *       {@code id,POLYGON ((...))} (the geometry may be in double quotes); the id is the first
 *       field;
 *   <li>anything else: an {@link InputException} naming the file, the line and the reason. Other
 *       WKT types ({@code MULTIPOLYGON}, {@code LINESTRING}, ...), unknown type names such as
 *       {@code POLYGN}, GeoJSON and text that is not UTF-8 are errors, never skipped silently.
 * </ul>
 * A polygon that the core store rejects carries the core's message (for example
 * {@code shape=3: not convex ...}). With a {@link Skips} (the {@code --skip-invalid} option),
 * a bad line is reported and skipped instead; an unreadable or non-UTF-8 file stays an error.
 *
 * <p>Geometry types are looked up by keyword in {@link #GEOMETRIES}; supporting another type is
 * one entry there (its reader turns the text after the keyword into polygon vertices).
 *
 * <p>Pairs: {@code idA,idB} per line; the first line is a header when it is {@code a,b} (what
 * {@code check} writes) or {@code idA,idB}, in any case, and neither field is a known id. Any
 * other first line is a pair, so {@code Lake,Park} with unknown ids is an "unknown shape id"
 * error there as on any other line.
 *
 * <p>Numbers (coordinates, radii) are in the {@link Decimals} syntax; blanks around a CSV field
 * are allowed.
 *
 * <p>Holds no state: each call keeps its own, so calls on different files may run at once.
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

    /**
     * A line that the convex reader cannot hold but another reader can: a concave polygon, holes
     * or a {@code MULTIPOLYGON} ({@link Kind#COMPOUND}, read by {@link #readFeatures}), or a
     * {@code POINT}, {@code LINESTRING} or a geometry with a {@code RADIUS}
     * ({@link Kind#ROUNDED}, read by {@link #readRounded}). Not an input error: the caller reads
     * the file again with that reader, or says which command does not take such shapes.
     */
    static final class Escalation extends RuntimeException {
        private static final long serialVersionUID = 1L;

        /** Which reader the line needs. */
        enum Kind { COMPOUND, ROUNDED }

        private final Kind kind;

        Escalation(Kind kind, String message) {
            super(message, null, false, false);
            this.kind = kind;
        }

        Kind kind() {
            return kind;
        }
    }

    /**
     * Bad lines skipped under {@code --skip-invalid}: each is reported on {@code err} as
     * {@code sepax COMMAND: skipped FILE:LINE: reason}, and counted.
     */
    static final class Skips {
        private final String command;
        private final PrintStream err;
        private int count;
        /** Reports held back until {@link #flush}; null: printed at once. */
        private List<String> held;

        Skips(String command, PrintStream err) {
            this.command = command;
            this.err = err;
        }

        /**
         * Reports held back until {@link #flush()}, for a read that may be abandoned (the file is
         * then read again with another reader, whose skips are reported instead).
         */
        static Skips held(String command, PrintStream err) {
            Skips s = new Skips(command, err);
            s.held = new ArrayList<>();
            return s;
        }

        void skip(InputException e) {
            count++;
            String line = "sepax " + command + ": skipped " + e.getMessage();
            if (held != null) {
                held.add(line);
            } else {
                err.println(line);
            }
        }

        /**
         * Prints the reports held back; later reports (a pairs file read after the shapes) are
         * printed at once, since nothing is held for a read that can no longer be abandoned.
         */
        void flush() {
            if (held != null) {
                held.forEach(err::println);
                held = null;
            }
        }

        /** Lines skipped so far. */
        int count() {
            return count;
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

    /**
     * Turns the text after a geometry keyword (for {@code POLYGON ((0 0, 1 0, 0 1))} the text
     * {@code ((0 0, 1 0, 0 1))}, stripped) into polygon vertices {@code x0, y0, x1, y1, ...}.
     * Throws an {@link InputException} starting with {@code where} on bad text.
     */
    @FunctionalInterface
    interface GeometryReader {
        float[] read(String where, String body);
    }

    /** Supported geometry types by upper-case WKT keyword. */
    static final Map<String, GeometryReader> GEOMETRIES = Map.of("POLYGON", ShapeFiles::polygonBody);

    /** WKT types that are recognised, so that the error names them, but not supported. */
    private static final Set<String> OTHER_WKT = Set.of("POINT", "LINESTRING", "LINEARRING", "MULTIPOINT",
            "MULTILINESTRING", "MULTIPOLYGON", "GEOMETRYCOLLECTION", "TRIANGLE", "TIN", "POLYHEDRALSURFACE",
            "CIRCULARSTRING", "COMPOUNDCURVE", "CURVEPOLYGON", "MULTICURVE", "MULTISURFACE");

    private static final String EXPECTED = "expected WKT POLYGON ((x y, ...)), MULTIPOLYGON, POINT (x y) RADIUS r,"
            + " LINESTRING (x0 y0, x1 y1) RADIUS r, or CSV id,x0,y0,x1,y1,...";

    static Shapes readShapes(Path file) {
        return readShapes(file, null);
    }

    /** Streams {@code file}; {@code skips} null: the first bad line is an error. */
    static Shapes readShapes(Path file, Skips skips) {
        try (TextLines lines = new TextLines(file.toString(), open(file))) {
            return shapes(file.toString(), lines, skips);
        } catch (IOException e) {
            throw new InputException(file + ": cannot read (" + reason(e) + ")");
        }
    }

    static PairBatch readPairs(Path file, Shapes shapes) {
        return readPairs(file, shapes, null);
    }

    static PairBatch readPairs(Path file, Shapes shapes, Skips skips) {
        return readPairs(file, shapes.index(), shapes.store().size(), skips);
    }

    /** Pairs by id against {@code index} (id to shape index) over {@code count} shapes. */
    static PairBatch readPairs(Path file, Map<String, Integer> index, int count, Skips skips) {
        try (TextLines lines = new TextLines(file.toString(), open(file))) {
            return pairs(file.toString(), lines, index, count, skips);
        } catch (IOException e) {
            throw new InputException(file + ": cannot read (" + reason(e) + ")");
        }
    }

    /** Parses shape lines; {@code name} prefixes every error. */
    static Shapes parseShapes(String name, String text) {
        return parseShapes(name, text, null);
    }

    static Shapes parseShapes(String name, String text, Skips skips) {
        try (TextLines lines = new TextLines(name, bytes(text))) {
            return shapes(name, lines, skips);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e); // cannot happen on a byte array
        }
    }

    /** Parses {@code idA,idB} lines against {@code shapes}' ids. */
    static PairBatch parsePairs(String name, String text, Shapes shapes) {
        return parsePairs(name, text, shapes, null);
    }

    static PairBatch parsePairs(String name, String text, Shapes shapes, Skips skips) {
        try (TextLines lines = new TextLines(name, bytes(text))) {
            return pairs(name, lines, shapes.index(), shapes.store().size(), skips);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e); // cannot happen on a byte array
        }
    }

    /** A readable description of an I/O failure: the reason, not only the path. */
    static String reason(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file or folder";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    /** The failure with the file it concerns and the reason ({@code x/y.csv: no such file or folder}). */
    static String describe(IOException e) {
        if (e instanceof FileSystemException f && f.getFile() != null) {
            return f.getFile() + (f.getOtherFile() != null ? " -> " + f.getOtherFile() : "") + ": " + reason(e);
        }
        return reason(e);
    }

    private static InputStream open(Path file) {
        if (Files.isDirectory(file)) {
            throw new InputException(file + ": is a folder, not a file");
        }
        try {
            return Files.newInputStream(file);
        } catch (NoSuchFileException e) {
            throw new InputException(file + ": no such file");
        } catch (IOException e) {
            throw new InputException(file + ": cannot read (" + reason(e) + ")");
        }
    }

    private static InputStream bytes(String text) {
        return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
    }

    /** One shape line: its id (null for WKT: its position) and its vertices. */
    private record Shape(String id, float[] xy) {}

    /**
     * The ids of the shapes read so far, compactly: a WKT shape's id is its position among the
     * shape lines, kept as an int and spelled out on request, so that a file of a million WKT
     * polygons costs 8 bytes per id rather than a string and a hash-map entry.
     */
    private static final class ShapeIds extends java.util.AbstractList<String> implements java.util.RandomAccess {
        private int size;
        private int[] ordinals = new int[1024];
        private String[] explicit; // null until the first CSV id; then null for WKT shapes
        /** Line of the WKT shape with each position, 0 where that position is not a WKT shape. */
        private int[] wktLine = new int[1024];
        private final Map<String, Integer> explicitLine = new HashMap<>();

        /**
         * Adds the id of a shape (its position {@code ordinal}, and {@code id}, null for WKT);
         * returns the line of an earlier shape with the same id, or 0 (then the id is taken).
         */
        int add(int ordinal, String id, int line) {
            if (id == null) {
                Integer seen = explicitLine.get(Integer.toString(ordinal));
                if (seen != null) {
                    return seen;
                }
            } else {
                int clash = positionNamed(id);
                if (clash > 0 && clash < wktLine.length && wktLine[clash] != 0) {
                    return wktLine[clash];
                }
                Integer seen = explicitLine.putIfAbsent(id, line);
                if (seen != null) {
                    return seen;
                }
            }
            if (size == ordinals.length) {
                ordinals = java.util.Arrays.copyOf(ordinals, grown(size));
                if (explicit != null) {
                    explicit = java.util.Arrays.copyOf(explicit, ordinals.length);
                }
            }
            if (id != null && explicit == null) {
                explicit = new String[ordinals.length];
            }
            if (id == null) {
                while (ordinal >= wktLine.length) {
                    wktLine = java.util.Arrays.copyOf(wktLine, grown(wktLine.length));
                }
                wktLine[ordinal] = line;
            } else {
                explicit[size] = id;
            }
            ordinals[size++] = ordinal;
            return 0;
        }

        /** Undoes the last {@link #add} (its shape was rejected by the store). */
        void undoLast() {
            size--;
            if (explicit != null && explicit[size] != null) {
                explicitLine.remove(explicit[size]);
                explicit[size] = null;
            } else {
                wktLine[ordinals[size]] = 0;
            }
        }

        /** The position that {@code id} spells (as a WKT id would), or 0 when it spells none. */
        private static int positionNamed(String id) {
            if (id.isEmpty() || id.length() > 10 || id.charAt(0) < '1' || id.charAt(0) > '9') {
                return 0;
            }
            long v = 0;
            for (int i = 0; i < id.length(); i++) {
                char c = id.charAt(i);
                if (c < '0' || c > '9') {
                    return 0;
                }
                v = 10 * v + (c - '0');
            }
            return v <= Integer.MAX_VALUE ? (int) v : 0;
        }

        private static int grown(int n) {
            if (n >= Integer.MAX_VALUE - 8) {
                throw new InputException("more than " + (Integer.MAX_VALUE - 8) + " shapes");
            }
            return (int) Math.min(Integer.MAX_VALUE - 8L, 2L * n);
        }

        @Override
        public String get(int i) {
            java.util.Objects.checkIndex(i, size);
            String id = explicit == null ? null : explicit[i];
            return id != null ? id : Integer.toString(ordinals[i]);
        }

        @Override
        public int size() {
            return size;
        }
    }

    private static Shapes shapes(String name, TextLines lines, Skips skips) throws IOException {
        ConvexPolygons.Builder b = ConvexPolygons.builder();
        ShapeIds ids = new ShapeIds();
        boolean first = true;
        int ordinal = 0;
        int skipped = 0;
        for (String line; (line = lines.next()) != null; ) {
            String t = line.strip();
            if (t.isEmpty() || t.startsWith("#")) {
                continue;
            }
            int lineNo = lines.number();
            boolean firstLine = first;
            if (first) {
                first = false;
                if (isHeader(t)) {
                    continue;
                }
            }
            ordinal++;
            String where = name + ":" + lineNo + ": ";
            try {
                if (firstLine) {
                    requireNotAHeaderLookalike(where, t);
                }
                Shape s = shape(where, t);
                int seen = ids.add(ordinal, s.id(), lineNo);
                if (seen != 0) {
                    throw new InputException(where + "duplicate id '" + (s.id() == null ? Integer.toString(ordinal) : s.id())
                            + "' (first on line " + seen + ")");
                }
                try {
                    b.add(s.xy());
                } catch (IllegalArgumentException e) {
                    ids.undoLast();
                    if (e.getMessage() != null && e.getMessage().contains(": non-convex")) {
                        throw new Escalation(Escalation.Kind.COMPOUND, where + "concave POLYGON");
                    }
                    throw new InputException(where + collapsed(e.getMessage(), () -> exactCoordinates(where, t)));
                }
            } catch (InputException e) {
                if (skips == null) {
                    throw e;
                }
                skips.skip(e);
                skipped++;
            }
        }
        if (ids.isEmpty()) {
            throw new InputException(name + ": no polygons" + (skipped > 0 ? " left after skipping " + skipped
                    + " invalid lines" : " (" + EXPECTED + ")"));
        }
        return new Shapes(b.build(), ids);
    }

    /**
     * Where the geometry text of {@code body} (the text after the type keyword) ends when a
     * {@code RADIUS r} suffix follows its last {@code ')'}; -1 when there is none.
     */
    static int radiusAt(String body) {
        int close = body.lastIndexOf(')');
        if (close < 0) {
            return -1;
        }
        String rest = body.substring(close + 1).strip();
        return rest.length() > 6 && rest.substring(0, 6).equalsIgnoreCase("RADIUS")
                && Character.isWhitespace(rest.charAt(6)) ? close + 1 : -1;
    }

    /** The shapes of a rounded file ({@link #readRounded}) with their ids, index = shape index. */
    record Rounded(RoundedShapes store, List<String> ids) {
        Map<String, Integer> index() {
            Map<String, Integer> m = new HashMap<>();
            for (int i = 0; i < ids.size(); i++) {
                m.put(ids.get(i), i);
            }
            return m;
        }
    }

    /** What a line handler gets: the line's place, its explicit id (null: use the position) and geometry text. */
    @FunctionalInterface
    private interface LineHandler {
        void shape(String where, String id, String keyword, String text);
    }

    /**
     * The line loop of the compound and rounded readers: comments, blanks, the header, ids (the
     * id column or the position among the shape lines), duplicate ids, skips. {@code handler}
     * gets the geometry keyword (null for CSV coordinates) and the text from the keyword on (or
     * the whole CSV line); it throws an {@link InputException} for a bad shape.
     */
    private static List<String> eachShape(String name, TextLines lines, Skips skips, LineHandler handler)
            throws IOException {
        List<String> ids = new ArrayList<>();
        Map<String, Integer> seen = new HashMap<>();
        boolean first = true;
        int ordinal = 0;
        int skipped = 0;
        for (String line; (line = lines.next()) != null; ) {
            String t = line.strip();
            if (t.isEmpty() || t.startsWith("#")) {
                continue;
            }
            int lineNo = lines.number();
            boolean firstLine = first;
            if (first) {
                first = false;
                if (isHeader(t)) {
                    continue;
                }
            }
            ordinal++;
            String where = name + ":" + lineNo + ": ";
            try {
                if (firstLine) {
                    requireNotAHeaderLookalike(where, t);
                }
                if (t.startsWith("{") || t.startsWith("[")) {
                    throw new InputException(where + "looks like GeoJSON; a GeoJSON file must be one FeatureCollection"
                            + " (its first character '{'), not mixed with shape lines");
                }
                String id = null;
                String keyword = geometryKeyword(t);
                String text = t;
                if (keyword == null) {
                    int comma = t.indexOf(',');
                    if (comma < 0) {
                        throw new InputException(where + "not a shape (" + EXPECTED + ")");
                    }
                    id = unquote(t.substring(0, comma).strip());
                    if (id.isEmpty()) {
                        throw new InputException(where + "empty id (" + EXPECTED + ")");
                    }
                    String rest = unquote(t.substring(comma + 1).strip());
                    keyword = geometryKeyword(rest);
                    if (keyword != null) {
                        text = rest;
                    }
                }
                String key = id == null ? Integer.toString(ordinal) : id;
                Integer before = seen.get(key);
                if (before != null) {
                    throw new InputException(where + "duplicate id '" + key + "' (first on line " + before + ")");
                }
                handler.shape(where, id, keyword, text);
                seen.put(key, lineNo);
                ids.add(key);
            } catch (InputException e) {
                if (skips == null) {
                    throw e;
                }
                skips.skip(e);
                skipped++;
            }
        }
        if (ids.isEmpty()) {
            throw new InputException(name + ": no shapes" + (skipped > 0 ? " left after skipping " + skipped
                    + " invalid lines" : ""));
        }
        return ids;
    }

    /**
     * Reads a file of polygons that may be concave, have holes or be {@code MULTIPOLYGON}s (and
     * CSV {@code id,x0,y0,...} polygons), in double; see {@link CompoundFiles}.
     */
    static List<CompoundFiles.Feature> readFeatures(Path file, Skips skips) {
        try (TextLines lines = new TextLines(file.toString(), open(file))) {
            return features(file.toString(), lines, skips);
        } catch (IOException e) {
            throw new InputException(file + ": cannot read (" + reason(e) + ")");
        }
    }

    static List<CompoundFiles.Feature> parseFeatures(String name, String text, Skips skips) {
        try (TextLines lines = new TextLines(name, bytes(text))) {
            return features(name, lines, skips);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e); // cannot happen on a byte array
        }
    }

    private static List<CompoundFiles.Feature> features(String name, TextLines lines, Skips skips) throws IOException {
        List<double[][][]> polys = new ArrayList<>();
        List<String> wheres = new ArrayList<>();
        List<String> ids = eachShape(name, lines, skips, (where, id, keyword, text) -> {
            double[][][] p;
            if (keyword == null) {
                float[] xy = csvCoordinates(where, text, text.indexOf(','));
                double[] d = new double[xy.length];
                String[] f = text.split(",");
                for (int i = 0; i < d.length; i++) {
                    d[i] = Decimals.parseDouble(f[i + 1].strip()); // validated as a float above
                }
                p = new double[][][] {{d}};
            } else {
                String type = keyword.toUpperCase(Locale.ROOT);
                if (!type.equals("POLYGON") && !type.equals("MULTIPOLYGON")) {
                    throw new InputException(where + type + " cannot be checked together with concave polygons or"
                            + " MULTIPOLYGONs (one file holds polygons, or convex polygons, circles and capsules)");
                }
                p = CompoundFiles.wkt(where, type, text.substring(keyword.length()).strip());
            }
            polys.add(p);
            wheres.add(where.substring(0, where.length() - 2));
        });
        List<CompoundFiles.Feature> out = new ArrayList<>(ids.size());
        for (int i = 0; i < ids.size(); i++) {
            out.add(new CompoundFiles.Feature(ids.get(i), wheres.get(i), polys.get(i)));
        }
        return out;
    }

    /**
     * Reads a file of rounded shapes: {@code POINT (x y) RADIUS r} (a circle; a point without
     * the radius), {@code LINESTRING (x0 y0, x1 y1) RADIUS r} (a capsule; a segment without
     * it), convex {@code POLYGON ((...))} with an optional {@code RADIUS r} (a rounded polygon),
     * and CSV polygons; ids and line forms as for {@link #readShapes}.
     */
    static Rounded readRounded(Path file, Skips skips) {
        try (TextLines lines = new TextLines(file.toString(), open(file))) {
            return rounded(file.toString(), lines, skips);
        } catch (IOException e) {
            throw new InputException(file + ": cannot read (" + reason(e) + ")");
        }
    }

    static Rounded parseRounded(String name, String text, Skips skips) {
        try (TextLines lines = new TextLines(name, bytes(text))) {
            return rounded(name, lines, skips);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e); // cannot happen on a byte array
        }
    }

    private static Rounded rounded(String name, TextLines lines, Skips skips) throws IOException {
        RoundedShapes.Builder b = RoundedShapes.builder();
        List<String> ids = eachShape(name, lines, skips, (where, id, keyword, text) -> {
            float radius = 0f;
            float[] core;
            if (keyword == null) {
                core = csvCoordinates(where, text, text.indexOf(','));
            } else {
                String type = keyword.toUpperCase(Locale.ROOT);
                String body = text.substring(keyword.length()).strip();
                int r = radiusAt(body);
                if (r >= 0) {
                    String rt = body.substring(r).strip().substring(6);
                    radius = number(where, rt, "RADIUS");
                    if (radius < 0) {
                        throw new InputException(where + "negative RADIUS " + rt.strip());
                    }
                    body = body.substring(0, r).strip();
                }
                core = switch (type) {
                    case "POINT" -> points(where, type, body, 1, 1);
                    case "LINESTRING" -> points(where, type, body, 2, 2);
                    case "POLYGON" -> {
                        try {
                            yield polygonBody(where, body);
                        } catch (Escalation e) {
                            throw new InputException(e.getMessage() + " cannot be checked together with circles and"
                                    + " capsules (one file holds polygons, or convex polygons, circles and capsules)");
                        }
                    }
                    case "MULTIPOLYGON" -> throw new InputException(where + "MULTIPOLYGON cannot be checked together"
                            + " with circles and capsules (one file holds polygons, or convex polygons, circles and capsules)");
                    default -> throw new InputException(where + (OTHER_WKT.contains(type) ? type + " is not supported"
                            : "unknown geometry type '" + keyword + "'") + " (POINT, LINESTRING, POLYGON, each with an"
                            + " optional RADIUS r)");
                };
            }
            int shape = b.size();
            try {
                b.add(radius, core);
            } catch (IllegalArgumentException e) {
                String m = e.getMessage() == null ? "" : e.getMessage();
                if (m.contains(": non-convex")) {
                    throw new InputException(where + "concave POLYGON cannot be checked together with circles and"
                            + " capsules: " + m);
                }
                throw new InputException(where + collapsed(m.replace("shape=" + shape + ": ", ""),
                        () -> exactCoordinates(where, text)));
            }
        });
        return new Rounded(b.build(), ids);
    }

    /** The store's refusals that float rounding of distinct decimal vertices can cause. */
    private static final List<String> COLLAPSES = List.of("fewer than 3 distinct vertices", "zero area",
            "the two core points coincide");

    /**
     * {@code message}, a store's refusal of a shape, with its reason replaced by the store's
     * "too small for float arithmetic" one when the shape's vertices merged because they are
     * below the store's smallest magnitude: {@code 1e-300} rounds to a float {@code 0}, so a
     * shape of such coordinates reaches the store with fewer distinct vertices than the file
     * gives, and "fewer than 3 distinct vertices" would contradict the file. The rule is the
     * store's own ({@link FloatConsistency#MIN_EDGE_SCALE}), applied to {@code xy}, the vertices
     * in double in the frame the store sees (null: unknown, the message is kept).
     */
    static String collapsed(String message, Supplier<double[]> xy) {
        String m = String.valueOf(message);
        int at = -1;
        for (String c : COLLAPSES) {
            int i = m.indexOf(c);
            if (i >= 0 && (at < 0 || i < at)) {
                at = i;
            }
        }
        if (at < 0) {
            return m;
        }
        double[] d = xy.get();
        String small = d == null ? null : tooSmall(d);
        return small == null ? m : m.substring(0, at) + small;
    }

    /**
     * The store's "too small" reason for the first edge of the closed ring {@code xy} (double)
     * whose length times the largest |coordinate| is below {@link FloatConsistency#MIN_EDGE_SCALE},
     * or null when none is (an edge of length 0, a repeated vertex, is not small but absent).
     */
    static String tooSmall(double[] xy) {
        double max = 0;
        for (double c : xy) {
            max = Math.max(max, Math.abs(c));
        }
        int n = xy.length / 2;
        for (int i = 0; i < n; i++) {
            int j = i + 1 == n ? 0 : i + 1;
            double len = Math.hypot(xy[2 * j] - xy[2 * i], xy[2 * j + 1] - xy[2 * i + 1]);
            if (len > 0 && len * max < FloatConsistency.MIN_EDGE_SCALE) {
                return "too small for float arithmetic (edge " + i + " has length " + len + " at coordinates up to "
                        + max + ", below the store's smallest magnitude, where rounding to float merges vertices;"
                        + " length * max|coordinate| must be >= 2^-100)";
            }
        }
        return null;
    }

    /**
     * The vertices of a convex or rounded shape line in double: {@code t} from the geometry
     * keyword on, or a whole CSV line. Read again on the error path only, so that the streamed
     * readers keep floats alone; null when the text does not read as double (it read as float).
     */
    private static double[] exactCoordinates(String where, String t) {
        try {
            String keyword = geometryKeyword(t);
            String text = t;
            if (keyword == null) {
                int comma = t.indexOf(',');
                String rest = unquote(t.substring(comma + 1).strip());
                keyword = geometryKeyword(rest);
                if (keyword == null) {
                    String[] f = t.substring(comma + 1).split(",", -1);
                    double[] d = new double[f.length];
                    for (int i = 0; i < f.length; i++) {
                        d[i] = Decimals.parseDouble(f[i].strip());
                    }
                    return d;
                }
                text = rest;
            }
            String type = keyword.toUpperCase(Locale.ROOT);
            String body = text.substring(keyword.length()).strip();
            int r = radiusAt(body);
            if (r >= 0) {
                body = body.substring(0, r).strip();
            }
            if (type.equals("POLYGON")) {
                return CompoundFiles.wkt(where, type, body)[0][0];
            }
            String[] points = body.substring(1, body.length() - 1).split(",");
            double[] d = new double[2 * points.length];
            for (int i = 0; i < points.length; i++) {
                String[] c = points[i].strip().split("\\s+");
                d[2 * i] = Decimals.parseDouble(c[0]);
                d[2 * i + 1] = Decimals.parseDouble(c[1]);
            }
            return d;
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** The {@code (x y, ...)} of a POINT or LINESTRING, with {@code min..max} points. */
    private static float[] points(String where, String type, String body, int min, int max) {
        if (body.toUpperCase(Locale.ROOT).startsWith("EMPTY")) {
            throw new InputException(where + type + " EMPTY has no points");
        }
        if (!body.startsWith("(") || !body.endsWith(")") || body.indexOf('(', 1) >= 0) {
            throw new InputException(where + "malformed WKT: expected " + type
                    + (max == 1 ? " (x y)" : " (x0 y0, x1 y1)") + " [RADIUS r]");
        }
        String[] pts = body.substring(1, body.length() - 1).split(",", -1);
        if (pts.length < min || pts.length > max) {
            throw new InputException(where + type + " has " + pts.length + " point" + (pts.length == 1 ? "" : "s")
                    + "; " + (max == 1 ? "a POINT has 1" : "a LINESTRING here is one segment: 2 points"));
        }
        float[] xy = new float[2 * pts.length];
        for (int i = 0; i < pts.length; i++) {
            String[] c = pts[i].strip().split("\\s+");
            if (c.length != 2 || c[0].isEmpty()) {
                throw new InputException(where + "point " + i + " '" + pts[i].strip()
                        + "' must have exactly 2 coordinates");
            }
            xy[2 * i] = number(where, c[0], "point " + i + " x");
            xy[2 * i + 1] = number(where, c[1], "point " + i + " y");
        }
        return xy;
    }

    private static Shape shape(String where, String t) {
        if (t.startsWith("{") || t.startsWith("[")) {
            throw new InputException(where + "looks like GeoJSON, which is not supported (" + EXPECTED
                    + ", one shape per line)");
        }
        String keyword = geometryKeyword(t);
        if (keyword != null) {
            return new Shape(null, geometry(where, keyword, t));
        }
        int comma = t.indexOf(',');
        if (comma < 0) {
            throw new InputException(where + "not a shape (" + EXPECTED + ")");
        }
        String id = unquote(t.substring(0, comma).strip());
        if (id.isEmpty()) {
            throw new InputException(where + "empty id (" + EXPECTED + ")");
        }
        String rest = unquote(t.substring(comma + 1).strip());
        String restKeyword = geometryKeyword(rest);
        if (restKeyword != null) {
            return new Shape(id, geometry(where, restKeyword, rest));
        }
        return new Shape(id, csvCoordinates(where, t, comma));
    }

    /**
     * The leading word of {@code t} when {@code t} reads as a WKT geometry: letters, then
     * optional blanks and {@code (}, or the end, or a blank and one of {@code EMPTY Z M ZM}.
     * Null for anything else (a CSV line such as {@code sq,0,0,...}).
     */
    static String geometryKeyword(String t) {
        int i = 0;
        while (i < t.length() && isAsciiLetter(t.charAt(i))) {
            i++;
        }
        if (i == 0) {
            return null;
        }
        int j = i;
        while (j < t.length() && Character.isWhitespace(t.charAt(j))) {
            j++;
        }
        if (j == t.length() || t.charAt(j) == '(') {
            return t.substring(0, i);
        }
        if (j == i) {
            return null;
        }
        int k = j;
        while (k < t.length() && isAsciiLetter(t.charAt(k))) {
            k++;
        }
        String next = t.substring(j, k).toUpperCase(Locale.ROOT);
        boolean modifier = next.equals("EMPTY") || next.equals("Z") || next.equals("M") || next.equals("ZM");
        return modifier && (k == t.length() || t.charAt(k) == '(' || Character.isWhitespace(t.charAt(k)))
                ? t.substring(0, i) : null;
    }

    private static boolean isAsciiLetter(char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
    }

    private static float[] geometry(String where, String keyword, String t) {
        String type = keyword.toUpperCase(Locale.ROOT);
        String body = t.substring(keyword.length()).strip();
        if (type.equals("MULTIPOLYGON")) {
            throw new Escalation(Escalation.Kind.COMPOUND, where + "MULTIPOLYGON");
        }
        if (type.equals("POINT") || type.equals("LINESTRING") || radiusAt(body) >= 0) {
            throw new Escalation(Escalation.Kind.ROUNDED, where + type + (radiusAt(body) >= 0 ? " RADIUS" : ""));
        }
        GeometryReader reader = GEOMETRIES.get(type);
        if (reader == null) {
            if (OTHER_WKT.contains(type)) {
                throw new InputException(where + type + " is not supported (POLYGON, MULTIPOLYGON, POINT or"
                        + " LINESTRING, one per line; see ./sepax check --help)");
            }
            throw new InputException(where + "unknown geometry type '" + keyword + "' (" + EXPECTED + ")");
        }
        String upper = body.toUpperCase(Locale.ROOT);
        if (upper.startsWith("Z") || upper.startsWith("M")) {
            throw new InputException(where + type + " " + body.split("[\\s(]", 2)[0]
                    + ": only 2D coordinates (x y) are supported");
        }
        return reader.read(where, body);
    }

    private static String unquote(String s) {
        return s.length() >= 2 && s.charAt(0) == '"' && s.charAt(s.length() - 1) == '"'
                ? s.substring(1, s.length() - 1).strip() : s;
    }

    /** The coordinates after the id of a CSV line {@code id,x0,y0,...}. */
    private static float[] csvCoordinates(String where, String t, int firstComma) {
        int coords = 0;
        for (int i = firstComma; i >= 0; i = t.indexOf(',', i + 1)) {
            coords++;
        }
        if (coords % 2 != 0) {
            throw new InputException(where + "odd coordinate count " + coords + " (x and y must come in pairs)");
        }
        if (coords < 6) {
            throw new InputException(where + "only " + coords / 2 + " vertices, a polygon needs at least 3");
        }
        float[] xy = new float[coords];
        int from = firstComma + 1;
        for (int c = 0; c < coords; c++) {
            int to = t.indexOf(',', from);
            if (to < 0) {
                to = t.length();
            }
            xy[c] = number(where, t.substring(from, to), "column " + (c + 2));
            from = to + 1;
        }
        return xy;
    }

    /** The text after {@code POLYGON}: {@code ((x y, ...))} or {@code EMPTY}. */
    private static float[] polygonBody(String where, String body) {
        if (body.toUpperCase(Locale.ROOT).startsWith("EMPTY")) {
            throw new InputException(where + "POLYGON EMPTY has no vertices");
        }
        if (!body.startsWith("(") || !body.endsWith(")")) {
            throw new InputException(where + "malformed WKT: expected POLYGON ((x y, x y, ...))");
        }
        String rings = body.substring(1, body.length() - 1).strip();
        int close = rings.indexOf(')');
        if (!rings.startsWith("(") || close < 0) {
            throw new InputException(where + "malformed WKT: expected POLYGON ((x y, x y, ...))");
        }
        if (!rings.substring(close + 1).isBlank()) {
            throw new Escalation(Escalation.Kind.COMPOUND, where + "POLYGON with holes");
        }
        float[] xy = new float[16];
        int n = 0;
        int vertex = 0;
        int from = 1;
        while (from <= close) {
            int to = rings.indexOf(',', from);
            if (to < 0 || to > close) {
                to = close;
            }
            String point = rings.substring(from, to).strip();
            int blank = 0;
            while (blank < point.length() && !Character.isWhitespace(point.charAt(blank))) {
                blank++;
            }
            String x = point.substring(0, blank);
            String y = point.substring(blank).strip();
            if (x.isEmpty() || y.isEmpty() || hasBlank(y)) {
                throw new InputException(where + "vertex " + vertex + " '" + point + "' must have exactly 2 coordinates");
            }
            if (n + 2 > xy.length) {
                xy = java.util.Arrays.copyOf(xy, 2 * xy.length);
            }
            xy[n++] = number(where, x, "vertex " + vertex + " x");
            xy[n++] = number(where, y, "vertex " + vertex + " y");
            vertex++; // 0-based, as the store's and the compound reader's messages count vertices
            from = to + 1;
        }
        // WKT closes the ring by repeating the first vertex: drop the repeat.
        if (n >= 4 && xy[0] == xy[n - 2] && xy[1] == xy[n - 1]) {
            n -= 2;
        }
        if (n < 6) {
            throw new InputException(where + "only " + n / 2 + " distinct vertices, a polygon needs at least 3");
        }
        return java.util.Arrays.copyOf(xy, n);
    }

    private static boolean hasBlank(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (Character.isWhitespace(s.charAt(i))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether {@code t} is a shapes header: {@link #isNames names} whose first is {@code id} (any
     * case, may be quoted). Other names are not enough: {@code Lake,Park} or {@code x,y,z} is
     * more likely a broken shape line than a header, and dropping it would be silent.
     */
    static boolean isHeader(String t) {
        return isNames(t) && unquote(t.substring(0, t.indexOf(',')).strip()).equalsIgnoreCase("id");
    }

    /**
     * A first line of names that is not a header ({@link #isHeader}) is an error with that
     * reason, rather than the CSV reader's "odd coordinate count" or "bad number" about it.
     */
    private static void requireNotAHeaderLookalike(String where, String t) {
        if (isNames(t)) {
            throw new InputException(where + "'" + t + "' is not a shape, and not a header (a header's first field is"
                    + " id, such as id,x0,y0,x1,y1,... or id,wkt)");
        }
    }

    /**
     * Whether {@code t} is at least two comma-separated fields, each a non-numeric name (a letter
     * or {@code _} first, then letters, digits, {@code _ - . } or blanks).
     */
    static boolean isNames(String t) {
        if (geometryKeyword(t) != null) {
            return false;
        }
        String[] fields = t.split(",", -1);
        if (fields.length < 2) {
            return false;
        }
        for (String f : fields) {
            String name = unquote(f.strip());
            if (!isName(name) || isGeometryText(name)) {
                return false;
            }
        }
        return true;
    }

    /** A field such as {@code POLYGON EMPTY}: a WKT type, a blank and more. */
    private static boolean isGeometryText(String field) {
        int blank = field.indexOf(' ');
        String word = (blank < 0 ? "" : field.substring(0, blank)).toUpperCase(Locale.ROOT);
        return GEOMETRIES.containsKey(word) || OTHER_WKT.contains(word);
    }

    private static boolean isName(String f) {
        if (f.isEmpty() || !(Character.isLetter(f.charAt(0)) || f.charAt(0) == '_') || looksNumeric(f)) {
            return false;
        }
        for (int i = 1; i < f.length(); i++) {
            char c = f.charAt(i);
            if (!(Character.isLetterOrDigit(c) || c == '_' || c == '-' || c == '.' || c == ' ')) {
                return false;
            }
        }
        return true;
    }

    private static boolean looksNumeric(String field) {
        try {
            Float.parseFloat(field.strip()); // also NaN and Infinity: numbers, not names
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /**
     * A coordinate or radius in the {@link Decimals} syntax; blanks around it (CSV padding such
     * as {@code a, 0, 0, ...}) are not part of it.
     */
    private static float number(String where, String text, String what) {
        String s = text.strip();
        float f;
        try {
            f = Decimals.parseFloat(s);
        } catch (NumberFormatException e) {
            throw new InputException(where + "bad number '" + s + "' in " + what + " (expected " + Decimals.SYNTAX + ")");
        }
        if (!Float.isFinite(f)) {
            throw new InputException(where + "bad number '" + s + "' in " + what + " (not finite as a float)");
        }
        return f;
    }

    /**
     * Whether the (unquoted, stripped) fields {@code f} of a pairs line are a header:
     * {@code a,b} or {@code idA,idB}, in any case.
     */
    static boolean isPairsHeader(String[] f) {
        return f.length == 2 && ((f[0].equalsIgnoreCase("a") && f[1].equalsIgnoreCase("b"))
                || (f[0].equalsIgnoreCase("idA") && f[1].equalsIgnoreCase("idB")));
    }

    private static PairBatch pairs(String name, TextLines lines, Map<String, Integer> index, int count, Skips skips)
            throws IOException {
        PairBatch pairs = new PairBatch(count, 16);
        boolean first = true;
        for (String line; (line = lines.next()) != null; ) {
            String t = line.strip();
            if (t.isEmpty() || t.startsWith("#")) {
                continue;
            }
            String where = name + ":" + lines.number() + ": ";
            String[] f = t.split(",", -1);
            for (int i = 0; i < f.length; i++) {
                f[i] = unquote(f[i].strip());
            }
            boolean firstLine = first;
            if (first) {
                first = false;
                if (isPairsHeader(f) && !index.containsKey(f[0]) && !index.containsKey(f[1])) {
                    continue;
                }
            }
            try {
                if (f.length != 2) {
                    throw new InputException(where + "expected idA,idB but found " + f.length + " fields");
                }
                Integer a = index.get(f[0]);
                Integer b = index.get(f[1]);
                // On the first line, two unknown names may have been meant as a header.
                String hint = firstLine && a == null && b == null && isNames(t)
                        ? " (a header line is a,b or idA,idB)" : "";
                if (a == null) {
                    throw new InputException(where + "unknown shape id '" + f[0] + "'" + hint);
                }
                if (b == null) {
                    throw new InputException(where + "unknown shape id '" + f[1] + "'");
                }
                pairs.add(a, b);
            } catch (InputException e) {
                if (skips == null) {
                    throw e;
                }
                skips.skip(e);
            }
        }
        return pairs;
    }
}
