package dev.sepax.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code ./sepax check} and {@code ./sepax draw} on circles, capsules, segments and rounded polygons. */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class CheckRoundedTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        out.reset();
        err.reset();
        return Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private static final String SHAPES = """
            # analytic distances in the comments
            POINT (0 0) RADIUS 1
            POINT (2 0) RADIUS 1
            POINT (5 0) RADIUS 1
            LINESTRING (7 -5, 7 5) RADIUS 0.5
            LINESTRING (0 5, 4 5)
            POLYGON ((1 4, 3 4, 3 6, 1 6))
            POLYGON ((10 0, 12 0, 12 2, 10 2)) RADIUS 0.5
            pt,POINT (13 1) RADIUS 0.6
            POINT (20 20)
            20,19,19,21,19,21,21,19,21
            """;
    // 1-2: centres 2 apart, radii 1 + 1: touching. 3-4: 2 - 1 - 0.5 = 0.5 apart. 5-6: the segment
    // crosses the square. 7-pt: 1 - 0.5 - 0.6 < 0. 9-20: the point is inside the square.

    @Test
    void circlesCapsulesSegmentsAndRoundedPolygonsGetTheAnalyticVerdicts(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("r.wkt");
        Files.writeString(f, SHAPES);
        assertEquals(0, run("check", "--shapes", f.toString()), err.toString());
        assertEquals("a,b\n1,2\n5,6\n7,pt\n9,20\n", out.toString(StandardCharsets.UTF_8));
        assertTrue(err.toString().contains("10 rounded shapes"), err.toString());
        assertEquals(0, run("check", "--shapes", f.toString(), "--tolerance", "0.51", "--kernel", "scalar"),
                err.toString());
        assertEquals("a,b\n1,2\n3,4\n5,6\n7,pt\n9,20\n", out.toString(StandardCharsets.UTF_8));
        assertEquals(0, run("check", "--shapes", f.toString(), "--tolerance", "0.49"), err.toString());
        assertEquals("a,b\n1,2\n5,6\n7,pt\n9,20\n", out.toString(StandardCharsets.UTF_8));
        Path pairs = dir.resolve("p.csv");
        Files.writeString(pairs, "a,b\n3,4\n1,2\n");
        assertEquals(0, run("check", "--shapes", f.toString(), "--pairs", pairs.toString()), err.toString());
        assertEquals("a,b\n1,2\n", out.toString(StandardCharsets.UTF_8));
        assertEquals(2, run("check", "--shapes", f.toString(), "--exact"));
        assertTrue(err.toString().contains("--exact takes convex polygons only"), err.toString());
    }

    private String error(Path dir, String text) throws Exception {
        Path f = dir.resolve("e.wkt");
        Files.writeString(f, text);
        assertEquals(1, run("check", "--shapes", f.toString()), err.toString());
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void badRoundedShapesNameTheLineAndTheReason(@TempDir Path dir) throws Exception {
        String m = error(dir, "POINT (0 0) RADIUS 1\nPOINT (1 2) RADIUS -1\n");
        assertTrue(m.contains("e.wkt:2: negative RADIUS -1"), m);
        m = error(dir, "POINT (0 0) RADIUS 1\nLINESTRING (0 0, 1 1, 2 2) RADIUS 1\n");
        assertTrue(m.contains("e.wkt:2: LINESTRING has 3 points; a LINESTRING here is one segment: 2 points"), m);
        m = error(dir, "POINT (0 0) RADIUS 1\nPOLYGON ((0 0, 4 0, 4 4, 2 1, 0 4))\n");
        assertTrue(m.contains("e.wkt:2: concave POLYGON cannot be checked together with circles and capsules"), m);
        m = error(dir, "POINT (0 0) RADIUS 1\nLINESTRING (1 1, 1 1) RADIUS 1\n");
        assertTrue(m.contains("e.wkt:2: "), m);
        assertTrue(m.contains("coincide"), m);
        m = error(dir, "POINT (0 0) RADIUS x\n");
        assertTrue(m.contains("e.wkt:1: bad number 'x' in RADIUS"), m);
        m = error(dir, "POINT (0 0) RADIUS 1\nMULTIPOLYGON (((0 0, 1 0, 0 1)))\n");
        assertTrue(m.contains("e.wkt:2: MULTIPOLYGON cannot be checked together"), m);
    }

    @Test
    void drawShowsCirclesAndCapsulesWithTheirClosestPoints(@TempDir Path dir) throws Exception {
        Path svg = dir.resolve("c.svg");
        assertEquals(0, run("draw", "--a", "POINT (0 0) RADIUS 1", "--b", "LINESTRING (3 -1, 3 1) RADIUS 0.5",
                "--out", svg.toString()), err.toString());
        assertTrue(out.toString().startsWith("separated"), out.toString());
        assertTrue(out.toString().contains("distance 1.50000"), out.toString());
        String text = Files.readString(svg);
        assertTrue(text.contains("stroke=\"green\""), "closest points drawn");
        // The circle's outline: 64 points, each at distance 1 from the centre.
        double[][] c = Draw.outline(ShapeFiles.parseRounded("t", "POINT (0 0) RADIUS 1\n", null).store(), 0);
        assertEquals(64, c[0].length);
        for (int i = 0; i < 64; i++) {
            assertEquals(1.0, Math.hypot(c[0][i], c[1][i]), 1e-12);
        }
        // The capsule's outline: every point at distance 0.5 from its segment.
        double[][] k = Draw.outline(ShapeFiles.parseRounded("t", "LINESTRING (3 -1, 3 1) RADIUS 0.5\n", null).store(), 0);
        for (int i = 0; i < k[0].length; i++) {
            double y = Math.max(-1, Math.min(1, k[1][i]));
            assertEquals(0.5, Math.hypot(k[0][i] - 3, k[1][i] - y), 1e-6);
        }
        Path png = dir.resolve("s.png");
        Path file = dir.resolve("s.wkt");
        Files.writeString(file, SHAPES);
        assertEquals(0, run("draw", "--shapes", file.toString(), "--pair", "7,pt", "--out", png.toString()), err.toString());
        assertTrue(out.toString().startsWith("intersect"), out.toString());
        assertTrue(Files.size(png) > 0);
    }
}
