package dev.sepax.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./sepax draw} on two convex polyhedra: the separating plane is drawn where the two hulls'
 * facing extremes along the MTV normal meet, the caption gives the gap or the overlap, bad points
 * are named.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class SolidDrawTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private static String cube(double x, double y, double z, double h) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 8; i++) {
            if (i > 0) {
                sb.append(", ");
            }
            sb.append(x + ((i & 1) == 0 ? -h : h)).append(' ').append(y + ((i & 2) == 0 ? -h : h)).append(' ')
                    .append(z + ((i & 4) == 0 ? -h : h));
        }
        return sb.toString();
    }

    @Test
    void separatedCubesShowTheGapAndThePlaneMidway(@TempDir Path dir) throws Exception {
        Path svg = dir.resolve("pair.svg");
        // Unit cubes 0.5 apart along x: the MTV is a face normal along x, the gap 0.5.
        assertEquals(0, run("draw", "--hull-a", cube(0, 0, 0, 0.5), "--hull-b", cube(1.5, 0.25, 0.1, 0.5),
                "--out", svg.toString()), err.toString(StandardCharsets.UTF_8));
        String o = out.toString(StandardCharsets.UTF_8);
        assertTrue(o.startsWith("separated"), o);
        assertTrue(o.contains("depth -0.500000,"), o);
        String text = Files.readString(svg);
        assertTrue(text.contains("separated, gap 0.500000 along the MTV axis (face"), text);
        // The dashed plane line sits midway between the two silhouettes' facing sides.
        Matcher plane = Pattern.compile("<line x1=\"([0-9.]+)\" y1=\"0\" x2=\"\\1\" y2=\"600\" stroke=\"black\"").matcher(text);
        assertTrue(plane.find(), text);
        double px = Double.parseDouble(plane.group(1));
        Matcher polys = Pattern.compile("<polygon points=\"([^\"]+)\"").matcher(text);
        double[] maxX = new double[2];
        double[] minX = new double[2];
        for (int s = 0; s < 2; s++) {
            assertTrue(polys.find(), text);
            maxX[s] = Double.NEGATIVE_INFINITY;
            minX[s] = Double.POSITIVE_INFINITY;
            for (String pt : polys.group(1).split(" ")) {
                double x = Double.parseDouble(pt.split(",")[0]);
                maxX[s] = Math.max(maxX[s], x);
                minX[s] = Math.min(minX[s], x);
            }
        }
        assertEquals((maxX[0] + minX[1]) / 2, px, 0.02, text);
        assertTrue(maxX[0] < px && px < minX[1], text);
    }

    @Test
    void overlappingHullsShowTheOverlapSlabAndAPng(@TempDir Path dir) throws Exception {
        Path svg = dir.resolve("pair.svg");
        assertEquals(0, run("draw", "--hull-a", "MULTIPOINT Z ((0 0 0), (2 0 0), (0 2 0), (0 0 2))",
                "--hull-b", cube(0.6, 0.6, 0.6, 0.5), "--out", svg.toString()), err.toString(StandardCharsets.UTF_8));
        assertTrue(out.toString(StandardCharsets.UTF_8).startsWith("intersect"), out.toString(StandardCharsets.UTF_8));
        String text = Files.readString(svg);
        assertTrue(text.contains("intersecting, overlap "), text);
        assertTrue(text.contains("fill=\"#d62728\""), "the overlap slab is drawn: " + text);
        Path png = dir.resolve("pair.png");
        out.reset();
        assertEquals(0, run("draw", "--solid", "H16", "--seed", "7", "--out", png.toString()),
                err.toString(StandardCharsets.UTF_8));
        assertEquals(630, ImageIO.read(png.toFile()).getHeight());
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("MTV "), out.toString(StandardCharsets.UTF_8));
    }

    @Test
    void badPointsAndFlatHullsAreNamed(@TempDir Path dir) {
        String file = dir.resolve("p.svg").toString();
        assertEquals(2, run("draw", "--hull-a", "0 0 0, 1 0 0, 0 1", "--hull-b", cube(0, 0, 0, 1), "--out", file));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("hull A point 2: expected 'x y z', got '0 1'"),
                err.toString(StandardCharsets.UTF_8));
        err.reset();
        assertEquals(2, run("draw", "--hull-a", cube(0, 0, 0, 1), "--hull-b", "0 0 0, 1 0 0, 0 1 0, 1 1 0",
                "--out", file));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("hull B"), err.toString(StandardCharsets.UTF_8));
        err.reset();
        assertEquals(2, run("draw", "--hull-a", "0 0 0, 1 0 0, 0 1 0, 0 0 1f", "--hull-b", cube(0, 0, 0, 1), "--out", file));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("hull A point 3: bad number '1f' (expected a decimal"),
                err.toString(StandardCharsets.UTF_8));
        err.reset();
        assertEquals(2, run("draw", "--hull-a", cube(0, 0, 0, 1), "--hull-b", "0 0 0, 1 0 0, 0x1p0 1 0, 0 0 1", "--out", file));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("hull B point 2: bad number '0x1p0'"),
                err.toString(StandardCharsets.UTF_8));
        err.reset();
        assertEquals(2, run("draw", "--solid", "W8", "--out", file));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("expected H4..H256"), err.toString(StandardCharsets.UTF_8));
    }
}
