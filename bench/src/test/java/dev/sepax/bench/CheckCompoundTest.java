package dev.sepax.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.Polygon;

/**
 * {@code ./sepax check} on concave polygons with holes, multipolygons and GeoJSON, against JTS
 * {@code intersects} on the same doubles: a jittered grid of cells whose borders are shared
 * exactly (concave, some with concave holes, some shrunk to leave gaps), concave stars with holes
 * across them, tiny stars inside the cells' holes, and multipolygons of two stars.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class CheckCompoundTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private static final GeometryFactory JTS = new GeometryFactory();

    private int run(String... args) {
        return Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    /** A generated feature: its id as check writes it, and polygons[p][r] (open rings, doubles). */
    private record Gen(String id, String jsonId, double[][][] polygons, boolean shrunk) {}

    /** Cells of a jittered n x n grid of size s at (x0, y0), plus stars; shared borders exact. */
    private static List<Gen> scene(double x0, double y0, double s, int n, long seed) {
        Random rnd = new Random(seed);
        double[][][] corner = new double[n + 1][n + 1][];
        for (int i = 0; i <= n; i++) {
            for (int j = 0; j <= n; j++) {
                corner[i][j] = new double[] {x0 + (i + 0.2 * (rnd.nextDouble() - 0.5)) * s,
                        y0 + (j + 0.2 * (rnd.nextDouble() - 0.5)) * s};
            }
        }
        // Interior points of each grid edge, generated once and used by both cells (reversed by one).
        Map<String, double[]> edge = new HashMap<>();
        for (int i = 0; i <= n; i++) {
            for (int j = 0; j <= n; j++) {
                if (i < n) {
                    edge.put("h" + i + "," + j, edgePoints(corner[i][j], corner[i + 1][j], s, rnd));
                }
                if (j < n) {
                    edge.put("v" + i + "," + j, edgePoints(corner[i][j], corner[i][j + 1], s, rnd));
                }
            }
        }
        List<Gen> gens = new ArrayList<>();
        int next = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                List<Double> ring = new ArrayList<>();
                add(ring, corner[i][j]);
                add(ring, edge.get("h" + i + "," + j));
                add(ring, corner[i + 1][j]);
                add(ring, edge.get("v" + (i + 1) + "," + j));
                add(ring, corner[i + 1][j + 1]);
                add(ring, reversed(edge.get("h" + i + "," + (j + 1))));
                add(ring, corner[i][j + 1]);
                add(ring, reversed(edge.get("v" + i + "," + j)));
                double[] outer = toArray(ring);
                double cx = (corner[i][j][0] + corner[i + 1][j + 1][0]) / 2;
                double cy = (corner[i][j][1] + corner[i + 1][j + 1][1]) / 2;
                boolean shrunk = rnd.nextInt(4) == 0;
                if (shrunk) {
                    for (int k = 0; k < outer.length; k += 2) {
                        outer[k] = cx + 0.9 * (outer[k] - cx);
                        outer[k + 1] = cy + 0.9 * (outer[k + 1] - cy);
                    }
                }
                double[][] rings = rnd.nextInt(3) == 0
                        ? new double[][] {outer, star(cx, cy, 0.15 * s, 0.07 * s, 5, rnd)} : new double[][] {outer};
                String id = "c" + i + "_" + j;
                gens.add(new Gen(id, "\"id\": \"" + id + "\"", new double[][][] {rings}, shrunk));
                next++;
                if (rings.length == 2 && rnd.nextBoolean()) {
                    // A tiny star inside the hole: it intersects nothing of this cell.
                    String tid = Integer.toString(1000 + next);
                    gens.add(new Gen(tid, "\"id\": " + tid,
                            new double[][][] {{star(cx, cy, 0.04 * s, 0.02 * s, 4, rnd)}}, false));
                }
            }
        }
        for (int k = 0; k < 24; k++) {
            double r = (0.3 + 0.6 * rnd.nextDouble()) * s;
            double[][] a = {star(x0 + rnd.nextDouble() * n * s, y0 + rnd.nextDouble() * n * s, r, 0.5 * r, 7, rnd)};
            double[][] withHole = {a[0], star(centreX(a[0]), centreY(a[0]), 0.15 * r, 0.1 * r, 3, rnd)};
            if (k % 6 == 5) {
                double r2 = 0.4 * s;
                // Apart from the first star, so that the multipolygon is valid.
                double[][] b = {star(centreX(a[0]) + r + r2 + 0.1 * s, centreY(a[0]), r2, 0.5 * r2, 6, rnd)};
                gens.add(new Gen(null, null, new double[][][] {withHole, b}, false)); // id: its index
            } else {
                String name = "star " + k;
                gens.add(new Gen(name, "\"properties\": {\"name\": \"" + name + "\"}",
                        new double[][][] {k % 2 == 0 ? withHole : a}, false));
            }
        }
        return gens;
    }

    private static double centreX(double[] ring) {
        double s = 0;
        for (int i = 0; i < ring.length; i += 2) {
            s += ring[i];
        }
        return s / (ring.length / 2);
    }

    private static double centreY(double[] ring) {
        double s = 0;
        for (int i = 1; i < ring.length; i += 2) {
            s += ring[i];
        }
        return s / (ring.length / 2);
    }

    private static double[] edgePoints(double[] a, double[] b, double s, Random rnd) {
        double dx = b[0] - a[0];
        double dy = b[1] - a[1];
        double l = Math.hypot(dx, dy);
        double[] pts = new double[6];
        for (int k = 0; k < 3; k++) {
            double t = 0.25 * (k + 1);
            double off = 0.16 * (rnd.nextDouble() - 0.5) * s;
            pts[2 * k] = a[0] + t * dx - dy / l * off;
            pts[2 * k + 1] = a[1] + t * dy + dx / l * off;
        }
        return pts;
    }

    /** A star of {@code k} points alternating radii R and r, CCW, with a random rotation. */
    private static double[] star(double cx, double cy, double big, double small, int k, Random rnd) {
        double rot = rnd.nextDouble() * 2 * Math.PI;
        double[] xy = new double[4 * k];
        for (int i = 0; i < 2 * k; i++) {
            double a = rot + Math.PI * i / k;
            double r = i % 2 == 0 ? big : small;
            xy[2 * i] = cx + r * Math.cos(a);
            xy[2 * i + 1] = cy + r * Math.sin(a);
        }
        return xy;
    }

    private static void add(List<Double> ring, double[] xy) {
        for (double v : xy) {
            ring.add(v);
        }
    }

    private static double[] reversed(double[] xy) {
        double[] r = new double[xy.length];
        for (int i = 0; i < xy.length; i += 2) {
            r[xy.length - 2 - i] = xy[i];
            r[xy.length - 1 - i] = xy[i + 1];
        }
        return r;
    }

    private static double[] toArray(List<Double> l) {
        double[] a = new double[l.size()];
        for (int i = 0; i < a.length; i++) {
            a[i] = l.get(i);
        }
        return a;
    }

    private static String geoJson(List<Gen> gens) {
        StringBuilder sb = new StringBuilder("{\"type\": \"FeatureCollection\", \"features\": [\n");
        for (int f = 0; f < gens.size(); f++) {
            Gen g = gens.get(f);
            sb.append("  {\"type\": \"Feature\", ");
            if (g.jsonId() != null) {
                sb.append(g.jsonId()).append(", ");
            }
            boolean multi = g.polygons().length > 1;
            sb.append("\"geometry\": {\"type\": \"").append(multi ? "MultiPolygon" : "Polygon").append("\", \"coordinates\": ");
            if (multi) {
                sb.append('[');
            }
            for (int p = 0; p < g.polygons().length; p++) {
                sb.append(p > 0 ? ", [" : "[");
                double[][] rings = g.polygons()[p];
                for (int r = 0; r < rings.length; r++) {
                    sb.append(r > 0 ? ", [" : "[");
                    double[] xy = rings[r];
                    for (int i = 0; i <= xy.length; i += 2) {
                        int k = i % xy.length; // the closing repeat
                        sb.append(i > 0 ? ", [" : "[").append(xy[k]).append(", ").append(xy[k + 1]).append(']');
                    }
                    sb.append(']');
                }
                sb.append(']');
            }
            if (multi) {
                sb.append(']');
            }
            sb.append("}}").append(f + 1 < gens.size() ? ",\n" : "\n");
        }
        return sb.append("]}\n").toString();
    }

    private static String wkt(List<Gen> gens) {
        StringBuilder sb = new StringBuilder("id,geometry\n");
        for (int f = 0; f < gens.size(); f++) {
            Gen g = gens.get(f);
            boolean multi = g.polygons().length > 1;
            sb.append(id(g, f)).append(",\"").append(multi ? "MULTIPOLYGON (" : "POLYGON ");
            for (int p = 0; p < g.polygons().length; p++) {
                sb.append(p > 0 ? ", (" : "(");
                double[][] rings = g.polygons()[p];
                for (int r = 0; r < rings.length; r++) {
                    sb.append(r > 0 ? ", (" : "(");
                    double[] xy = rings[r];
                    for (int i = 0; i <= xy.length; i += 2) {
                        int k = i % xy.length;
                        sb.append(i > 0 ? ", " : "").append(xy[k]).append(' ').append(xy[k + 1]);
                    }
                    sb.append(')');
                }
                sb.append(')');
            }
            sb.append(multi ? ")\"\n" : "\"\n");
        }
        return sb.toString();
    }

    private static String id(Gen g, int index) {
        return g.id() != null ? g.id() : Integer.toString(index);
    }

    private static Geometry jts(Gen g) {
        Polygon[] ps = new Polygon[g.polygons().length];
        for (int p = 0; p < ps.length; p++) {
            double[][] rings = g.polygons()[p];
            LinearRing[] lr = new LinearRing[rings.length];
            for (int r = 0; r < rings.length; r++) {
                double[] xy = rings[r];
                Coordinate[] c = new Coordinate[xy.length / 2 + 1];
                for (int i = 0; i < xy.length / 2; i++) {
                    c[i] = new Coordinate(xy[2 * i], xy[2 * i + 1]);
                }
                c[c.length - 1] = c[0];
                lr[r] = JTS.createLinearRing(c);
            }
            ps[p] = JTS.createPolygon(lr[0], java.util.Arrays.copyOfRange(lr, 1, lr.length));
            assertTrue(ps[p].isValid(), "generated polygon is valid: " + g.id());
        }
        Geometry geom = ps.length == 1 ? ps[0] : JTS.createMultiPolygon(ps);
        assertTrue(geom.isValid(), "generated geometry is valid: " + g.id());
        return geom;
    }

    @ParameterizedTest(name = "{0} at ({1}, {2}), cells {3}")
    @CsvSource({
        "geojson, 100.0, 40.0, 0.001",   // lon/lat: cells about 100 m
        "wkt, 0.0, 0.0, 0.1",            // magnitude 1
        "wkt, -100.0, 100.0, 2.0",       // magnitude 10^2
        "wkt, 500000.0, 5000000.0, 20.0" // UTM metres: easting, northing
    })
    void intersectingPairsEqualJtsIntersectsAndSharedBordersIntersect(String format, double x0, double y0, double s,
            @TempDir Path dir) throws Exception {
        List<Gen> gens = scene(x0, y0, s, 8, 17);
        Path shapes = dir.resolve("shapes." + format);
        Files.writeString(shapes, format.equals("geojson") ? geoJson(gens) : wkt(gens));
        Path result = dir.resolve("pairs.csv");
        assertEquals(0, run("check", "--shapes", shapes.toString(), "--out", result.toString()), err.toString());
        TreeSet<String> sepax = new TreeSet<>(Files.readAllLines(result));
        assertTrue(sepax.remove("a,b"), "header");

        Geometry[] g = new Geometry[gens.size()];
        for (int i = 0; i < g.length; i++) {
            g[i] = jts(gens.get(i));
        }
        // In band: apart by less than 1e-7 of a cell by JTS's distance (none expected by chance).
        double band = 1e-7 * s;
        int compared = 0;
        int intersecting = 0;
        int shared = 0;
        int inBand = 0;
        for (int a = 0; a < g.length; a++) {
            for (int b = a + 1; b < g.length; b++) {
                String pair = id(gens.get(a), a) + "," + id(gens.get(b), b);
                boolean jts = g[a].intersects(g[b]);
                if (!jts && g[a].distance(g[b]) <= band) {
                    inBand++;
                    sepax.remove(pair);
                    continue;
                }
                compared++;
                assertEquals(jts, sepax.remove(pair), pair + ": JTS intersects " + jts);
                if (jts) {
                    intersecting++;
                    // Cells that share a border and neither is shrunk: interiors disjoint, touching only.
                    boolean cells = gens.get(a).jsonId() != null && gens.get(a).id().startsWith("c")
                            && gens.get(b).id() != null && gens.get(b).id().startsWith("c");
                    if (cells && !gens.get(a).shrunk() && !gens.get(b).shrunk()
                            && !g[a].relate(g[b], "T********")) {
                        shared++;
                    }
                }
            }
        }
        assertTrue(sepax.isEmpty(), "pairs that are no pair of the input: " + sepax);
        assertTrue(inBand <= 2, "in band: " + inBand);
        assertTrue(shared >= 40, "pairs that only share a border or a corner: " + shared);
        assertTrue(intersecting > shared + 20 && compared > 1000, compared + " compared, " + intersecting
                + " intersecting");
    }

    private String checkError(Path dir, String name, String text) throws Exception {
        Path f = dir.resolve(name);
        Files.writeString(f, text);
        out.reset();
        err.reset();
        assertEquals(1, run("check", "--shapes", f.toString()), err.toString());
        return err.toString(StandardCharsets.UTF_8).strip();
    }

    private static String feature(String id, String coordinates) {
        return "{\"type\": \"FeatureCollection\", \"features\": [\n"
                + "{\"type\": \"Feature\", \"id\": \"ok\", \"geometry\": {\"type\": \"Polygon\", \"coordinates\":"
                + " [[[0, 0], [1, 0], [1, 1], [0, 0]]]}},\n"
                + "{\"type\": \"Feature\", \"id\": \"" + id + "\", \"geometry\": {\"type\": \"Polygon\", \"coordinates\": "
                + coordinates + "}}\n]}\n";
    }

    @Test
    void aRingBelowTheStoresSmallestMagnitudeIsCalledTooSmall(@TempDir Path dir) throws Exception {
        // Its float offsets from the anchor round to 0, so the decomposition sees one vertex.
        String m = checkError(dir, "s.json", feature("s", "[[[0, 0], [1e-300, 0], [1e-300, 1e-300], [0, 1e-300], [0, 0]]]"));
        assertTrue(m.contains("s.json: features[1] (id 's', line 3): ring=0: too small for float arithmetic (edge 0 has"
                + " length 1.0E-300 at coordinates up to 5.0E-301"), m);
        // A hole at the anchor (the outer ring's centre): its offsets are the coordinates.
        m = checkError(dir, "s.wkt", "POLYGON ((0 0, 1 0, 0 1))\nPOLYGON ((-2 -2, 2 -2, 2 2, -2 2, -2 -2),"
                + " (0 0, 0 1e-300, 1e-300 0, 0 0))\n");
        assertTrue(m.contains("s.wkt:2: ring=1: too small for float arithmetic (edge 0 has length 1.0E-300"), m);
    }

    @Test
    void aBadRingNamesTheFileTheFeatureTheRingTheVertexAndTheReason(@TempDir Path dir) throws Exception {
        String m = checkError(dir, "u.json", feature("u", "[[[0, 0], [4, 0], [4, 4], [0, 4]]]"));
        assertTrue(m.contains("u.json: features[1] (id 'u', line 3) ring=0: unclosed ring (the last position,"
                + " vertex=3, must repeat the first)"), m);
        m = checkError(dir, "t.json", feature("t", "[[[0, 0], [4, 0], [4, 4], [0, 4], [0, 0]], [[1, 1], [2, 1], [1, 1]]]"));
        assertTrue(m.contains("t.json: features[1] (id 't', line 3) ring=1: too few positions (3;"), m);
        m = checkError(dir, "n.json", feature("n", "[[[0, 0], [4, 0], [4, 1e999], [0, 4], [0, 0]]]"));
        assertTrue(m.contains("n.json: features[1] (id 'n', line 3) ring=0 vertex=2: non-finite coordinate 1e999"), m);
        // A bowtie hole: its edges cross.
        m = checkError(dir, "x.json", feature("x",
                "[[[0, 0], [9, 0], [9, 9], [0, 9], [0, 0]], [[1, 1], [3, 3], [3, 1], [1, 3], [1, 1]]]"));
        assertTrue(m.contains("x.json: features[1] (id 'x', line 3): ring=1 vertex="), m);
        assertTrue(m.contains("cross"), m);
        m = checkError(dir, "w.wkt", "POLYGON ((0 0, 1 0, 0 1))\nMULTIPOLYGON (((0 0, 9 0, 9 9, 0 9)), "
                + "((20 0, 29 0, 20 9, 29 9)))\n");
        assertTrue(m.contains("w.wkt:2: polygon=1 ring=0 vertex="), m);
        assertTrue(m.contains("cross"), m);
        m = checkError(dir, "p.json", feature("p", "[[[0, 0], [4, 0]]]").replace("\"Polygon\", \"coordinates\": [[[0, 0], [4, 0]]]",
                "\"Point\", \"coordinates\": [0, 0]"));
        assertTrue(m.contains("p.json: features[1] (id 'p', line 3): geometry type \"Point\" is not supported"), m);
        m = checkError(dir, "j.json", "{\"type\": \"FeatureCollection\",\n \"features\": [,]}");
        assertTrue(m.contains("j.json:2:15: unexpected ','"), m);
        m = checkError(dir, "d.json", feature("ok", "[[[5, 5], [6, 5], [6, 6], [5, 5]]]"));
        assertTrue(m.contains("features[1] (id 'ok', line 3): duplicate id 'ok'"), m);
        m = checkError(dir, "g.json", "{\"type\": \"FeatureCollection\", \"features\": [{\"type\": \"Feature\","
                + " \"geometry\": null}]}");
        assertTrue(m.contains("g.json: features[0] (id '0', line 1): no geometry (found null"), m);
    }

    @Test
    void skipInvalidReportsABadFeatureAndKeepsTheOthers(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("s.json");
        Files.writeString(f, feature("u", "[[[0, 0], [4, 0], [4, 4], [0, 4]]]").replace("]}\n", "]}")
                .replace("\n]}", ",\n{\"type\": \"Feature\", \"properties\": {\"id\": 9}, \"geometry\": {\"type\":"
                        + " \"Polygon\", \"coordinates\": [[[1, 0], [2, 0], [2, 1], [1, 0]]]}}\n]}\n"));
        assertEquals(0, run("check", "--shapes", f.toString(), "--skip-invalid"), err.toString());
        assertEquals("a,b\nok,9\n", out.toString(StandardCharsets.UTF_8));
        String e = err.toString(StandardCharsets.UTF_8);
        assertTrue(e.contains("skipped " + f + ": features[1] (id 'u', line 3) ring=0: unclosed ring"), e);
        assertTrue(e.contains("skipped 1 invalid line"), e);
    }

    @Test
    void aConvexFileWithOneConcaveLineIsReadAgainAsCompounds(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("c.wkt");
        Files.writeString(f, String.format(Locale.ROOT, "%s%n%s%n%s%n",
                "POLYGON ((0 0, 4 0, 4 4, 2 1, 0 4, 0 0))",   // a V: (2, 2) is outside it
                "POLYGON ((1.5 2, 2.5 2, 2.5 3, 1.5 3))",
                "POLYGON ((4 0, 5 0, 5 1, 4 1))"));           // shares the V's edge from (4 0) to (4 1)
        assertEquals(0, run("check", "--shapes", f.toString()), err.toString());
        assertEquals("a,b\n1,3\n", out.toString(StandardCharsets.UTF_8));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("3 polygons"), err.toString());
    }

    @Test
    void skipInvalidAlsoSkipsAFeatureWhosePartTheAnchoredStoreRefuses(@TempDir Path dir) throws Exception {
        // "tiny" decomposes, but its one part is too small for float arithmetic in its own frame.
        Path f = dir.resolve("tiny.json");
        Files.writeString(f, "{\"type\": \"FeatureCollection\", \"features\": [\n"
                + "{\"type\": \"Feature\", \"id\": \"ok\", \"geometry\": {\"type\": \"Polygon\", \"coordinates\":"
                + " [[[0, 0], [4, 0], [4, 4], [0, 0]]]}},\n"
                + "{\"type\": \"Feature\", \"id\": \"tiny\", \"geometry\": {\"type\": \"Polygon\", \"coordinates\":"
                + " [[[0, 0], [1e-15, 0], [0, 1e-15], [0, 0]]]}},\n"
                + "{\"type\": \"Feature\", \"id\": \"near\", \"geometry\": {\"type\": \"Polygon\", \"coordinates\":"
                + " [[[1, 0], [5, 0], [5, 4], [1, 0]]]}}\n]}\n");
        assertEquals(1, run("check", "--shapes", f.toString()));
        String e = err.toString(StandardCharsets.UTF_8);
        assertTrue(e.contains(f + ": features[1] (id 'tiny', line 3): a convex part (part 0, vertices"), e);
        assertTrue(e.contains("is refused by the anchored store: shape=") && e.contains("too small for float arithmetic"), e);
        err.reset();
        assertEquals(0, run("check", "--shapes", f.toString(), "--skip-invalid"), err.toString());
        assertEquals("a,b\nok,near\n", out.toString(StandardCharsets.UTF_8));
        e = err.toString(StandardCharsets.UTF_8);
        assertTrue(e.contains("sepax check: skipped " + f + ": features[1] (id 'tiny', line 3): a convex part (part 0,"), e);
        assertTrue(e.contains("skipped 1 invalid line"), e);
    }
}
