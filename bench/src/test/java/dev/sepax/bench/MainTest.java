package dev.sepax.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.Timeout;
import java.util.concurrent.TimeUnit;

@Timeout(value = 10, unit = TimeUnit.MINUTES)
class MainTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void everyCommandHasHelp() {
        for (String cmd : new String[] {"demo", "check", "bench", "draw", "peers-check", "probe"}) {
            out.reset();
            assertEquals(0, run(cmd, "--help"), cmd);
            assertTrue(out().startsWith("Usage: ./sepax " + cmd), cmd + ": " + out());
        }
        out.reset();
        assertEquals(0, run("--help"));
        assertTrue(out().contains("peers-check"));
    }

    @Test
    void unknownOptionsCommandsAndMissingValuesExitWithTwo() {
        assertEquals(2, run("check", "--shapes"));
        assertTrue(err().contains("option --shapes needs a value"), err());
        assertEquals(2, run("bench", "--fast"));
        assertTrue(err().contains("unknown option '--fast'"), err());
        assertEquals(2, run("bench", "--forks", "0"));
        assertTrue(err().contains("--forks=0 out of range [1, 20]"), err());
        assertEquals(2, run("frobnicate"));
        assertEquals(2, run("demo", "--shapes", "many"));
        assertEquals(2, run("check"));
        assertTrue(err().contains("--shapes is required"), err());
    }

    @Test
    void probePrintsOneRowOfFiveRatesPerRound() {
        assertEquals(0, run("probe", "--k", "4", "--seconds", "0.2", "--round-ms", "5"));
        String[] rows = out().lines().filter(l -> !l.startsWith("#")).toArray(String[]::new);
        assertTrue(rows.length >= 2, out());
        assertTrue(rows[0].trim().startsWith("round"), rows[0]);
        for (int r = 1; r < rows.length; r++) {
            String[] f = rows[r].trim().split("\\s+");
            assertEquals(6, f.length, rows[r]);
            assertEquals(r, Integer.parseInt(f[0]), rows[r]);
            for (int c = 1; c < f.length; c++) {
                assertTrue(Double.parseDouble(f[c]) >= 0, rows[r]); // an interpreted first round may print 0.0
            }
        }
        assertEquals(2, run("probe", "--seconds", "0"));
        assertTrue(err().contains("--seconds"), err());
        assertEquals(2, run("probe", "--k", "2"));
        assertTrue(err().contains("out of range"), err());
    }

    @Test
    void checkWritesTheIntersectingPairsOfATinyFile(@TempDir Path dir) throws Exception {
        Path shapes = dir.resolve("shapes.csv");
        Files.writeString(shapes, """
                # id,x0,y0,...   (a and b overlap, b and c touch at x = 3, d is far away)
                a,0,0,2,0,2,2,0,2
                b,1,1,3,1,3,3,1,3
                c,3,1,5,1,5,3
                d,10,10,11,10,11,11
                """);
        Path result = dir.resolve("out.csv");
        assertEquals(0, run("check", "--shapes", shapes.toString(), "--out", result.toString()));
        assertEquals(java.util.Set.of("a,b", "b,c"), java.util.Set.copyOf(Files.readAllLines(result).subList(1, 3)));
        assertEquals("a,b", Files.readAllLines(result).get(0)); // header
        assertEquals(3, Files.readAllLines(result).size());

        // A negative tolerance lets the touching pair count as apart.
        out.reset();
        assertEquals(0, run("check", "--shapes", shapes.toString(), "--tolerance", "-0.01"));
        assertEquals("a,b\na,b\n", out());

        // With a pairs file only the listed pairs are tested.
        Path pairs = dir.resolve("pairs.csv");
        Files.writeString(pairs, "a,b\nc,b\nd,a\n");
        out.reset();
        assertEquals(0, run("check", "--shapes", shapes.toString(), "--pairs", pairs.toString(), "--kernel", "scalar"));
        assertEquals("a,b\na,b\nc,b\n", out()); // header, then the listed pairs that intersect, in file order
    }

    @Test
    void checkNamesTheFileAndLineOfABadShape(@TempDir Path dir) throws Exception {
        Path shapes = dir.resolve("bad.wkt");
        Files.writeString(shapes, "POLYGON ((0 0, 1 0, 1 1, 0 0))\nPOLYGON ((0 0, 1 0, 0.5 nope, 0 0))\n");
        assertEquals(1, run("check", "--shapes", shapes.toString()));
        assertTrue(err().contains("bad.wkt:2: bad number 'nope' in vertex 2 y"), err());
        assertEquals(1, run("check", "--shapes", dir.resolve("missing.wkt").toString()));
        assertTrue(err().contains("no such file"), err());
    }

    @Test
    void drawWritesAnSvgWithTheVerdict(@TempDir Path dir) throws Exception {
        Path svg = dir.resolve("p.svg");
        assertEquals(0, run("draw", "--a", "POLYGON ((0 0, 1 0, 1 1, 0 1))", "--b", "POLYGON ((2 0, 3 0, 3 1, 2 1))",
                "--out", svg.toString()));
        assertTrue(out().startsWith("separated"), out());
        assertTrue(Files.readString(svg).contains("separation 1"), Files.readString(svg));
        Path png = dir.resolve("p.png");
        out.reset();
        assertEquals(0, run("draw", "--a", "POLYGON ((0 0, 2 0, 2 2, 0 2))", "--b", "POLYGON ((1 1, 3 1, 3 3, 1 3))",
                "--out", png.toString()));
        assertTrue(out().startsWith("intersect"), out());
        assertTrue(Files.size(png) > 0);
    }

    @Test
    void benchIncludeMatchingNothingNamesTheRegexAndListsTheBenchmarks() {
        assertEquals(2, run("bench", "--include", "NoSuchBench"));
        assertTrue(err().contains("--include 'NoSuchBench' matches no benchmark"), err());
        assertTrue(err().contains("dev.sepax.bench.jmh.SatBenchmark.simd"), err());
        assertTrue(err().contains("dev.sepax.bench.jmh.PeerBenchmark.jts_prepared"), err());
        assertTrue(err().contains("dev.sepax.bench.jmh.PeerBenchmark.jbox2d_overlap"), err());
    }

    @Test
    void benchMarksRecordsThatAreNotSteady() {
        BenchCommand.Row steady = new BenchCommand.Row("W8", "simd", 5e7, 1e6, 0.0004);
        BenchCommand.Row boxed = new BenchCommand.Row("W8", "simd-sweep", 2.7e5, 1e4, 6000);
        BenchCommand.Row noError = new BenchCommand.Row("W8", "scalar", 1e7, Double.NaN, 0);
        BenchCommand.Row peer = new BenchCommand.Row("W8", "jts", 5e5, 1e4, 5000); // peers allocate by design
        assertEquals(null, steady.notSteady());
        assertEquals("allocates 6000.0 B/pair", boxed.notSteady());
        assertEquals("no error", noError.notSteady());
        assertEquals(null, peer.notSteady());
        assertEquals(false, steady.toJson().containsKey("notSteady"));
        assertEquals("allocates 6000.0 B/pair", boxed.toJson().get("notSteady"));
        assertEquals(java.util.List.of("workload", "kernel", "pairsPerSecond", "error", "allocBytesPerPair"),
                java.util.List.copyOf(steady.toJson().keySet())); // the contract's fields, in order
        BenchCommand.printTable(new PrintStream(out, true, StandardCharsets.UTF_8),
                java.util.List.of(steady, boxed, noError, peer));
        String[] lines = out().split("\n");
        assertTrue(lines[1].endsWith("  "), lines[1]);
        assertTrue(lines[2].endsWith("not steady (allocates 6000.0 B/pair)"), lines[2]);
        assertTrue(lines[3].endsWith("not steady (no error)"), lines[3]);
        assertTrue(lines[5].startsWith("2 records are not steady"), lines[5]);
    }

    @Test
    void checkSaysWhyItCannotWriteAndWhyItCannotRead(@TempDir Path dir) throws Exception {
        Path shapes = dir.resolve("s.csv");
        Files.writeString(shapes, "a,0,0,2,0,0,2\nb,1,0,3,0,1,2\n");
        assertEquals(2, run("check", "--shapes", shapes.toString(), "--out", dir.resolve("no/such/out.csv").toString()));
        assertTrue(err().contains("does not exist"), err());
        assertEquals(2, run("check", "--shapes", shapes.toString(), "--out", dir.toString()));
        assertTrue(err().contains("is a folder"), err());
        Files.write(shapes, new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'});
        assertEquals(1, run("check", "--shapes", shapes.toString()));
        assertTrue(err().contains(shapes + ":1: not UTF-8 text"), err());
    }

    @Test
    void checkOutputIdsAreWktPositionsAndNothingIsDroppedSilently(@TempDir Path dir) throws Exception {
        Path shapes = dir.resolve("s.wkt");
        // A first line after a byte order mark is shape 1 (not a header), and it hits shape 2.
        Files.writeString(shapes, "\uFEFFPOLYGON ((0 0, 2 0, 0 2))\n# comment\n\nPOLYGON ((1 0, 3 0, 1 2))\n");
        assertEquals(0, run("check", "--shapes", shapes.toString()));
        assertEquals("a,b\n1,2\n", out());
        assertTrue(err().contains("2 shapes") && err().contains("1 intersecting"), err());

        Files.writeString(shapes, "MULTIPOINT ((0 0), (2 0))\nPOLYGON ((1 0, 3 0, 1 2))\nPOLYGON ((1 0, 3 0, 1 2))\n");
        err.reset();
        assertEquals(1, run("check", "--shapes", shapes.toString()));
        assertTrue(err().contains("s.wkt:1: MULTIPOINT is not supported"), err());

        out.reset();
        err.reset();
        assertEquals(0, run("check", "--shapes", shapes.toString(), "--skip-invalid"));
        assertEquals("a,b\n2,3\n", out());
        assertTrue(err().contains("sepax check: skipped " + shapes + ":1: MULTIPOINT"), err());
        assertTrue(err().contains("sepax check: skipped 1 invalid line"), err());
    }

    @Test
    void skipInvalidReportsABadPairLineOfConvexShapes(@TempDir Path dir) throws Exception {
        Path shapes = dir.resolve("s.wkt");
        Files.writeString(shapes, "POLYGON ((0 0, 2 0, 0 2))\nPOLYGON ((1 0, 3 0, 1 2))\n");
        Path pairs = dir.resolve("p.csv");
        Files.writeString(pairs, "a,b\n1,2\n1,5\n");
        assertEquals(0, run("check", "--shapes", shapes.toString(), "--pairs", pairs.toString(), "--skip-invalid"));
        assertEquals("a,b\n1,2\n", out());
        // The shapes' reports are held until the convex reader is sure of the file; a pair line
        // read after that is reported too, not only counted.
        assertTrue(err().contains("sepax check: skipped " + pairs + ":3: unknown shape id '5'"), err());
        assertTrue(err().contains("sepax check: skipped 1 invalid line"), err());
    }

    @Test
    void decimalOptionsArePlainDecimals(@TempDir Path dir) throws Exception {
        Path shapes = dir.resolve("s.csv");
        Files.writeString(shapes, "a,0,0,2,0,0,2\nb,1,0,3,0,1,2\n");
        for (String bad : new String[] {"1e-3f", "0x1p-3", " 1", "1d", "NaN", "+Infinity"}) {
            err.reset();
            assertEquals(2, run("check", "--shapes", shapes.toString(), "--tolerance", bad), bad);
            assertTrue(err().contains("check: --tolerance=" + bad + " is not a number (expected a decimal number"), err());
        }
        err.reset();
        assertEquals(2, run("check", "--shapes", shapes.toString(), "--tolerance", "1e400"));
        assertTrue(err().contains("--tolerance=1e400 is not finite"), err());
        out.reset();
        assertEquals(0, run("check", "--shapes", shapes.toString(), "--tolerance", "+1e-3"), err());
        assertEquals("a,b\na,b\n", out());
    }

    @Test
    void anOptionGivenTwiceOrAnEmptyListEntryIsAUsageError() {
        List<String> valued = List.of("--shapes", "--k");
        String m = assertThrows(Options.UsageException.class, () -> Options.parse("check",
                new String[] {"--shapes", "a", "--shapes", "b"}, valued, List.of())).getMessage();
        assertEquals("check: option --shapes given twice ('a' and 'b'); give it once", m);
        m = assertThrows(Options.UsageException.class, () -> Options.parse("check",
                new String[] {"--shapes=a", "--shapes", "a"}, valued, List.of())).getMessage();
        assertTrue(m.startsWith("check: option --shapes given twice"), m);
        for (String list : new String[] {"4,8,", ",4", "4,,8", "4, "}) {
            Options o = Options.parse("bench", new String[] {"--k", list}, valued, List.of());
            m = assertThrows(Options.UsageException.class, () -> o.intList("--k", null)).getMessage();
            assertTrue(m.startsWith("bench: --k=" + list + ": entry "), m);
            assertTrue(m.contains(" is empty"), m);
        }
        assertArrayEquals(new int[] {4, 8, 16},
                Options.parse("bench", new String[] {"--k", "4, 8,16"}, valued, List.of()).intList("--k", null));
        assertEquals(2, run("check", "--shapes", "a", "--shapes", "b"));
        assertTrue(err().contains("option --shapes given twice"), err());
    }

    @Test
    void drawTakesExactlyOneShapeInEachOfItsArguments(@TempDir Path dir) throws Exception {
        String svg = dir.resolve("p.svg").toString();
        String tri = "POLYGON ((0 0, 1 0, 0 1))";
        String far = "POLYGON ((5 0, 6 0, 5 1))";
        String[][] bad = {
            {"", tri, "draw: --a is empty"},
            {tri, "  ", "draw: --b is empty"},
            {"# a comment", tri, "draw: --a is a comment, not a shape"},
            {tri + "\n" + far, tri, "draw: --a holds several lines"},
            {"# c\n" + far, tri, "draw: --a holds several lines"},
            {tri, "id,x0,y0,x1,y1,x2,y2", "draw: --b is a header line, not a shape"},
            {"POINT (0 0) RADIUS 1\n" + far, tri, "draw: --a holds several lines"},
        };
        for (String[] c : bad) {
            err.reset();
            out.reset();
            assertEquals(2, run("draw", "--a", c[0], "--b", c[1], "--out", svg), c[0] + " / " + c[1] + ": " + out());
            assertTrue(err().contains(c[2]), err());
        }
        // A bad shape names the argument it is in.
        err.reset();
        assertEquals(1, run("draw", "--a", tri, "--b", "POLYGON ((0 0, 1 0))", "--out", svg));
        assertTrue(err().contains("--b:1: "), err());
        // A convex polygon and a circle, in either order, are both drawn.
        out.reset();
        assertEquals(0, run("draw", "--a", far, "--b", "POINT (0 0) RADIUS 1", "--out", svg), err());
        assertTrue(out().startsWith("separated"), out());
        assertTrue(out().contains("distance 4"), out());
        Path shapes = dir.resolve("s.csv");
        Files.writeString(shapes, "a,0,0,2,0,0,2\nb,1,0,3,0,1,2\n");
        err.reset();
        assertEquals(2, run("draw", "--shapes", shapes.toString(), "--pair", "a,b,", "--out", svg));
        assertTrue(err().contains("--pair must be IDA,IDB"), err());
    }
}
