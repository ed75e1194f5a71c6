package dev.sepax.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sepax.batch.PairBatch;
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

@Timeout(value = 5, unit = TimeUnit.MINUTES)
class ShapeFilesTest {
    private static String error(String text) {
        return assertThrows(ShapeFiles.InputException.class, () -> ShapeFiles.parseShapes("f.txt", text)).getMessage();
    }

    @Test
    void wktAndCsvLinesMixWithCommentsAndBlankLines() {
        ShapeFiles.Shapes s = ShapeFiles.parseShapes("f.txt", """
                # a comment
                POLYGON ((0 0, 2 0, 2 2, 0 2, 0 0))

                sq,3,0,5,0,5,2,3,2
                polygon((1 1,4 1,1 4))
                """);
        // WKT ids count shape lines (1, 2, 3, ...), not file lines with comments and blanks.
        assertEquals(List.of("1", "sq", "3"), s.ids());
        assertEquals(4, s.store().count(0)); // closing vertex dropped
        assertEquals(3, s.store().count(2));
        assertEquals(5f, s.store().maxX(1));
    }

    @Test
    void aCsvHeaderLineIsSkippedButOnlyBeforeTheFirstShape() {
        ShapeFiles.Shapes s = ShapeFiles.parseShapes("f.csv", "id,x0,y0,x1,y1,x2,y2\nt,0,0,1,0,0,1\n");
        assertEquals(List.of("t"), s.ids());
        String m = error("t,0,0,1,0,0,1\nid,x0,y0,x1,y1,x2,y2\n");
        assertTrue(m.startsWith("f.txt:2: bad number 'x0' in column 2"), m);
    }

    @Test
    void aBadNumberNamesTheLineAndTheColumn() {
        String m = error("a,0,0,1,0,1,x1\n");
        assertTrue(m.startsWith("f.txt:1: bad number 'x1' in column 7"), m);
    }

    @Test
    void anOddCoordinateCountIsReported() {
        String m = error("# header\na,0,0,1,0,1\n");
        assertTrue(m.startsWith("f.txt:2: odd coordinate count 5"), m);
    }

    @Test
    void aConcaveOrHoledPolygonOrAMultipolygonSendsTheFileToTheCompoundReader() {
        for (String line : List.of("POLYGON ((0 0, 4 0, 4 4, 2 1, 0 4, 0 0))",
                "POLYGON ((0 0, 9 0, 9 9, 0 0), (1 1, 2 1, 2 2, 1 1))", "MULTIPOLYGON (((0 0, 1 0, 0 1)))")) {
            ShapeFiles.Escalation e = assertThrows(ShapeFiles.Escalation.class,
                    () -> ShapeFiles.parseShapes("f.txt", "POLYGON ((0 0, 1 0, 0 1))\n" + line + "\n"));
            assertEquals(ShapeFiles.Escalation.Kind.COMPOUND, e.kind());
            assertTrue(e.getMessage().startsWith("f.txt:2: "), e.getMessage());
            assertEquals(2, ShapeFiles.parseFeatures("f.txt", "POLYGON ((0 0, 1 0, 0 1))\n" + line + "\n", null).size());
        }
        for (String line : List.of("POINT (1 2) RADIUS 3", "LINESTRING (0 0, 1 1)", "POLYGON ((0 0, 1 0, 0 1)) RADIUS 1")) {
            ShapeFiles.Escalation e = assertThrows(ShapeFiles.Escalation.class,
                    () -> ShapeFiles.parseShapes("f.txt", line + "\n"));
            assertEquals(ShapeFiles.Escalation.Kind.ROUNDED, e.kind());
        }
    }

    @Test
    void verticesAndPointsAreNumberedFromZeroAsInTheStoresMessages() {
        assertTrue(error("POLYGON ((0 0, 1 0, 1 x, 0 0))").startsWith("f.txt:1: bad number 'x' in vertex 2 y"));
        String m = assertThrows(ShapeFiles.InputException.class,
                () -> ShapeFiles.parseRounded("f.txt", "LINESTRING (0 0, 1 x) RADIUS 1\n", null)).getMessage();
        assertTrue(m.startsWith("f.txt:1: bad number 'x' in point 1 y"), m);
    }

    @Test
    void verticesBelowTheStoresSmallestMagnitudeAreCalledTooSmallNotFewer() {
        // 1e-300 rounds to a float 0: the store sees one vertex where the file has four.
        String tooSmall = "too small for float arithmetic (edge 0 has length 1.0E-300 at coordinates up to 1.0E-300";
        String m = error("POLYGON ((0 0, 1e-300 0, 1e-300 1e-300, 0 1e-300, 0 0))\n");
        assertTrue(m.startsWith("f.txt:1: shape=0: " + tooSmall), m);
        m = error("a,0,0,1e-300,0,1e-300,1e-300\n");
        assertTrue(m.startsWith("f.txt:1: shape=0: " + tooSmall), m);
        m = error("POLYGON ((0 0, 1 0, 1 1e-46, 1 1e-46))\n"); // a float 0: collinear
        assertTrue(m.startsWith("f.txt:1: shape=0: too small for float arithmetic (edge 1 has length 1.0E-46"), m);
        m = assertThrows(ShapeFiles.InputException.class,
                () -> ShapeFiles.parseRounded("f.txt", "LINESTRING (0 0, 1e-300 0) RADIUS 1\n", null)).getMessage();
        assertTrue(m.startsWith("f.txt:1: " + tooSmall), m);
        // Vertices that are the same in the file keep the store's own reason.
        m = error("POLYGON ((0 0, 1 0, 0 0, 1 0))\n");
        assertTrue(m.contains("fewer than 3 distinct vertices"), m);
    }

    @Test
    void aSelfIntersectingPolygonCarriesTheCoreMessage() {
        String m = error("POLYGON ((0 0, 4 4, 4 0, 0 4, 0 0))\n");
        assertTrue(m.startsWith("f.txt:1: shape=0: self-intersecting"), m);
    }

    @Test
    void holesDuplicateIdsAndMalformedWktAreRejected() {
        assertTrue(error("a,0,0,1,0,1,1\na,5,5,6,5,6,6\n").startsWith("f.txt:2: duplicate id 'a' (first on line 1)"));
        assertTrue(error("POLYGON (0 0, 1 0, 1 1)").contains("malformed WKT"));
        assertTrue(error("POLYGON ((0 0 1, 1 0, 1 1))").contains("vertex 0 '0 0 1' must have exactly 2 coordinates"));
        assertTrue(error("POLYGON EMPTY").contains("EMPTY"));
        assertTrue(error("a,0,0,1,1").contains("only 2 vertices"));
        assertTrue(error("").contains("no polygons"));
    }

    @Test
    void pairsResolveIdsSkipAHeaderAndNameUnknownIds() {
        ShapeFiles.Shapes s = ShapeFiles.parseShapes("s", "a,0,0,1,0,1,1\nb,2,0,3,0,3,1\nc,5,5,6,5,6,6\n");
        PairBatch p = ShapeFiles.parsePairs("p", "a,b\nb,c\nc,a\n", s);
        assertEquals(3, p.size()); // "a,b" on line 1 names known ids: a pair, not a header
        assertEquals(0, p.shapeA(0));
        assertEquals(2, p.shapeA(2));
        PairBatch withHeader = ShapeFiles.parsePairs("p", "idA,idB\na,b\n", s);
        assertEquals(1, withHeader.size());
        String m = assertThrows(ShapeFiles.InputException.class,
                () -> ShapeFiles.parsePairs("p", "a,b\nb,zz\n", s)).getMessage();
        assertEquals("p:2: unknown shape id 'zz'", m);
    }

    @Test
    void aHeaderIsOnlyAFirstLineOfNonNumericNames() {
        assertEquals(List.of("t"), ShapeFiles.parseShapes("f", "id,x,y,x,y,x,y\nt,0,0,1,0,0,1\n").ids());
        assertEquals(List.of("t"), ShapeFiles.parseShapes("f", "\"id\",\"wkt\"\nt,\"POLYGON ((0 0, 1 0, 0 1))\"\n").ids());
        // A second field that is not a number does not make a header: it is a bad number.
        assertTrue(error("a,abc,0,1,0,0,1\nb,0,0,1,0,0,1\n").startsWith("f.txt:1: bad number 'abc' in column 2"));
        assertTrue(error("id,x0,0,1,0,0,1\n").startsWith("f.txt:1: bad number 'x0' in column 2"));
        assertTrue(ShapeFiles.isHeader("id, x0 , y0,name with blanks"));
        assertFalse(ShapeFiles.isHeader("id,NaN,y0"));
        assertFalse(ShapeFiles.isHeader("id"));
        assertFalse(ShapeFiles.isHeader("POLYGON ((0 0, 1 0, 0 1))"));
        assertFalse(ShapeFiles.isHeader("id,(x0)"));
    }

    @Test
    void aByteOrderMarkIsNotAHeaderAndNotPartOfTheFirstShape() {
        ShapeFiles.Shapes s = ShapeFiles.parseShapes("f", "\uFEFFPOLYGON ((0 0, 2 0, 0 2))\nPOLYGON ((1 0, 3 0, 1 2))\n");
        assertEquals(List.of("1", "2"), s.ids());
        assertEquals(List.of("a"), ShapeFiles.parseShapes("f", "\uFEFFa,0,0,1,0,0,1\n").ids());
    }

    @Test
    void otherGeometryTypesTyposAndGeoJsonAreErrorsNamingTheLine() {
        String m = error("MULTIPOINT ((0 0), (1 0))\nPOLYGON ((0 0, 2 0, 0 2))\n");
        assertTrue(m.startsWith("f.txt:1: MULTIPOINT is not supported"), m);
        m = error("POLYGON ((0 0, 2 0, 0 2))\n# c\nTRIANGLE ((0 0, 1 1, 1 0, 0 0))\n");
        assertTrue(m.startsWith("f.txt:3: TRIANGLE is not supported"), m);
        m = error("POLYGN ((0 0, 2 0, 0 2))\nPOLYGON ((0 0, 2 0, 0 2))\n");
        assertTrue(m.startsWith("f.txt:1: unknown geometry type 'POLYGN'"), m);
        m = error("{\"type\": \"FeatureCollection\", \"features\": []}\n");
        assertTrue(m.startsWith("f.txt:1: looks like GeoJSON"), m);
        m = error("POLYGON Z ((0 0 1, 2 0 1, 0 2 1))\n");
        assertTrue(m.startsWith("f.txt:1: POLYGON Z: only 2D coordinates"), m);
        m = error("POLYGON ((0 0, 2 0, 0 2))\nhello\n");
        assertTrue(m.startsWith("f.txt:2: unknown geometry type 'hello'"), m);
        m = error("POLYGON ((0 0, 2 0, 0 2))\n12 13\n");
        assertTrue(m.startsWith("f.txt:2: not a shape"), m);
    }

    @Test
    void anIdColumnMayPrecedeWktAndCsvIdsMayContainBlanks() {
        ShapeFiles.Shapes s = ShapeFiles.parseShapes("f", """
                lake,POLYGON ((0 0, 2 0, 0 2))
                "field 7","POLYGON ((5 5, 6 5, 5 6))"
                my shape,9,9,10,9,9,10
                """);
        assertEquals(List.of("lake", "field 7", "my shape"), s.ids());
        assertEquals(3, s.store().size());
    }

    @Test
    void skipInvalidReportsEachSkippedLineAndKeepsTheOthersIds() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ShapeFiles.Skips skips = new ShapeFiles.Skips("check", new PrintStream(bytes, true, StandardCharsets.UTF_8));
        ShapeFiles.Shapes s = ShapeFiles.parseShapes("f", """
                POLYGON ((0 0, 2 0, 0 2))
                MULTIPOINT ((0 0), (1 0))
                POLYGON ((0 0, 4 4, 4 0, 0 4, 0 0))
                POLYGON ((5 5, 6 5, 5 6))
                """, skips);
        assertEquals(List.of("1", "4"), s.ids()); // the 4th shape line keeps id 4
        assertEquals(2, skips.count());
        String[] lines = bytes.toString(StandardCharsets.UTF_8).split("\n");
        assertEquals(2, lines.length);
        assertTrue(lines[0].startsWith("sepax check: skipped f:2: MULTIPOINT is not supported"), lines[0]);
        assertTrue(lines[1].startsWith("sepax check: skipped f:3: shape=1: "), lines[1]);
        String m = assertThrows(ShapeFiles.InputException.class,
                () -> ShapeFiles.parseShapes("f", "TRIANGLE ((0 0, 1 1, 1 0, 0 0))\n", skips)).getMessage();
        assertEquals("f: no polygons left after skipping 1 invalid lines", m);
    }

    @Test
    void aDuplicateIdOfASkippedLineIsNotReserved() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ShapeFiles.Skips skips = new ShapeFiles.Skips("check", new PrintStream(bytes, true, StandardCharsets.UTF_8));
        ShapeFiles.Shapes s = ShapeFiles.parseShapes("f", "a,0,0,1,1,2,2\na,0,0,1,0,0,1\n", skips);
        assertEquals(List.of("a"), s.ids()); // the collinear first 'a' was rejected, so the second is no duplicate
        assertEquals(1, skips.count());
    }

    @Test
    void binaryInputIsNotUtf8TextAndNamesTheLine(@TempDir Path dir) throws Exception {
        Path bin = dir.resolve("x.bin");
        Files.write(bin, new byte[] {'#', ',', '0', '\n', 'b', (byte) 0xFF, (byte) 0xFE, '\n'});
        String m = assertThrows(ShapeFiles.InputException.class, () -> ShapeFiles.readShapes(bin)).getMessage();
        assertTrue(m.startsWith(bin + ":2: not UTF-8 text (byte 0xFF at byte 2"), m);
        Files.write(bin, new byte[] {'P', 'K', 3, 4, 0, 0});
        m = assertThrows(ShapeFiles.InputException.class, () -> ShapeFiles.readShapes(bin)).getMessage();
        assertTrue(m.startsWith(bin + ":1: not UTF-8 text (byte 0x03 at byte 3"), m);
        // Valid multi-byte UTF-8 in a comment and in an id is fine.
        Files.writeString(bin, "# größe\nÄ,0,0,1,0,0,1\n");
        assertEquals(List.of("Ä"), ShapeFiles.readShapes(bin).ids());
        String folder = assertThrows(ShapeFiles.InputException.class, () -> ShapeFiles.readShapes(dir)).getMessage();
        assertTrue(folder.endsWith("is a folder, not a file"), folder);
    }

    @Test
    void aFileIsReadLineByLineAcrossBufferBoundaries(@TempDir Path dir) throws Exception {
        // 20 000 lines of about 60 bytes: many 64 KiB buffers, lines split across them, CRLF ends.
        Path file = dir.resolve("many.csv");
        StringBuilder sb = new StringBuilder("id,x0,y0,x1,y1,x2,y2\r\n");
        for (int i = 0; i < 20_000; i++) {
            sb.append("s").append(i).append(',').append(3 * i).append(",0,").append(3 * i + 1).append(".25,0,")
                    .append(3 * i).append(",1.5\r\n");
        }
        Files.writeString(file, sb.toString().substring(0, sb.length() - 2)); // no line end at the end
        ShapeFiles.Shapes s = ShapeFiles.readShapes(file);
        assertEquals(20_000, s.ids().size());
        assertEquals("s19999", s.ids().get(19_999));
        assertEquals(3 * 19_999 + 1.25f, s.store().maxX(19_999));
    }

    @Test
    void aCsvIdThatSpellsTheSamePositionAsAWktShapeIsADuplicate() {
        // Line 1 is shape 1 (WKT, id "1"); a CSV shape named "1" later clashes with it, and a CSV
        // shape named "3" clashes with the WKT shape that comes third.
        assertTrue(error("POLYGON ((0 0, 1 0, 0 1))\n1,5,5,6,5,5,6\n").startsWith("f.txt:2: duplicate id '1' (first on line 1)"));
        assertTrue(error("3,5,5,6,5,5,6\nPOLYGON ((0 0, 1 0, 0 1))\n# c\nPOLYGON ((9 9, 10 9, 9 10))\n")
                .startsWith("f.txt:4: duplicate id '3' (first on line 1)"));
        // "01" and "x1" spell no position.
        assertEquals(List.of("1", "01", "x1"), ShapeFiles.parseShapes("f",
                "POLYGON ((0 0, 1 0, 0 1))\n01,5,5,6,5,5,6\nx1,7,7,8,7,7,8\n").ids());
    }

    @Test
    void numbersArePlainDecimalsNotJavaLiterals() {
        // Java's parsers would read each of these as some number.
        for (String bad : List.of("1f", "1d", "1D", "0x1p0", "NaN", "Infinity", "-Infinity", "1e", ".", "1.5.2", "--1",
                "1_0", "+-1", "e3", "1e+", "0x10")) {
            String m = error("a,0,0," + bad + ",0,0,1\n");
            assertTrue(m.startsWith("f.txt:1: bad number '" + bad + "' in column 4 (expected a decimal number"), m);
        }
        String m = error("POLYGON ((0 0, 1d 0, 0x1p0 1))\n");
        assertTrue(m.startsWith("f.txt:1: bad number '1d' in vertex 1 x"), m);
        m = assertThrows(ShapeFiles.InputException.class,
                () -> ShapeFiles.parseFeatures("f.txt", "POLYGON ((0 0, 4 0, 4 4, 2 1, 0 4, 0 1f))\n", null)).getMessage();
        assertTrue(m.startsWith("f.txt:1: ring=0 vertex=5: bad number '1f' for y (expected a decimal number"), m);
        m = assertThrows(ShapeFiles.InputException.class,
                () -> ShapeFiles.parseFeatures("f.txt", "a,0,0,4,0,4,4,2,1,0,4,0,1d\n", null)).getMessage();
        assertTrue(m.startsWith("f.txt:1: bad number '1d' in column 13"), m);
        m = assertThrows(ShapeFiles.InputException.class,
                () -> ShapeFiles.parseRounded("f.txt", "POINT (0 0) RADIUS 1f\n", null)).getMessage();
        assertTrue(m.startsWith("f.txt:1: bad number '1f' in RADIUS"), m);
        // Too large for a float is still refused, not read as infinity.
        assertTrue(error("a,0,0,1e400,0,0,1\n").contains("(not finite as a float)"));
        assertTrue(error("a,0,0,1e39,0,0,1\n").contains("(not finite as a float)"));
        m = assertThrows(ShapeFiles.InputException.class,
                () -> ShapeFiles.parseFeatures("f.txt", "POLYGON ((0 0, 4 0, 4 4, 2 1, 0 4, 0 1e400))\n", null)).getMessage();
        assertTrue(m.contains("non-finite y '1e400'"), m);
        // Signs, a bare fraction or point, exponents and blanks around a CSV field are fine.
        ShapeFiles.Shapes s = ShapeFiles.parseShapes("f", "t, -.5 ,0,1.,0,+0,1E+0\nPOLYGON ((5 5, 6e0 5, 5 6.))\n");
        assertEquals(1f, s.store().maxX(0));
        assertEquals(-0.5f, s.store().minX(0));
        assertEquals(6f, s.store().maxY(1));
        assertTrue(Decimals.isDecimal("-12.5e-3"));
        assertFalse(Decimals.isDecimal(" 1"));
        assertFalse(Decimals.isDecimal(""));
    }

    @Test
    void aFirstLineIsAHeaderOnlyWithTheDocumentedNames() {
        ShapeFiles.Shapes s = ShapeFiles.parseShapes("s", "a,0,0,1,0,1,1\nb,2,0,3,0,3,1\n");
        // Two unknown ids on the first line are a bad pair, as on any other line.
        String m = assertThrows(ShapeFiles.InputException.class,
                () -> ShapeFiles.parsePairs("p", "Lake,Park\na,b\n", s)).getMessage();
        assertEquals("p:1: unknown shape id 'Lake' (a header line is a,b or idA,idB)", m);
        m = assertThrows(ShapeFiles.InputException.class,
                () -> ShapeFiles.parsePairs("p", "first,second\na,b\n", s)).getMessage();
        assertTrue(m.startsWith("p:1: unknown shape id 'first'"), m);
        assertEquals(1, ShapeFiles.parsePairs("p", "A,B\na,b\n", s).size());
        assertEquals(1, ShapeFiles.parsePairs("p", "\"idA\",\"idB\"\na,b\n", s).size());
        // Shapes: a first line of names is a header only when its first field is id.
        for (String line : List.of("x,y,z", "name,wkt", "Lake,Park")) {
            m = error(line + "\nt,0,0,1,0,0,1\n");
            assertTrue(m.startsWith("f.txt:1: '" + line + "' is not a shape, and not a header"), m);
            m = assertThrows(ShapeFiles.InputException.class,
                    () -> ShapeFiles.parseFeatures("f.txt", line + "\nt,0,0,1,0,0,1\n", null)).getMessage();
            assertTrue(m.startsWith("f.txt:1: '" + line + "' is not a shape, and not a header"), m);
            m = assertThrows(ShapeFiles.InputException.class,
                    () -> ShapeFiles.parseRounded("f.txt", line + "\nPOINT (0 0) RADIUS 1\n", null)).getMessage();
            assertTrue(m.startsWith("f.txt:1: '" + line + "' is not a shape, and not a header"), m);
        }
        assertEquals(List.of("t"), ShapeFiles.parseShapes("f", "ID,WKT\nt,POLYGON ((0 0, 1 0, 0 1))\n").ids());
        // A geometry without coordinates is a bad shape, not a name.
        assertTrue(error("lake,POLYGON EMPTY\n").startsWith("f.txt:1: POLYGON EMPTY has no vertices"));
    }

    @Test
    void crLineEndingsAreNamedNotReadAsOneLine(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("mac.csv");
        Files.writeString(f, "a,0,0,1,0,0,1\rb,5,5,6,5,5,6\r");
        String m = assertThrows(ShapeFiles.InputException.class, () -> ShapeFiles.readShapes(f)).getMessage();
        assertEquals(f + ":1: CR line endings are not supported; use LF or CRLF (a CR not followed by LF at byte 14"
                + " of the line)", m);
        Files.writeString(f, "a,0,0,1,0,0,1\r\nb,5,5,6,5,5,6\nc,7,7,8,7,7,8\rd,0,0,1,0,0,1\n");
        m = assertThrows(ShapeFiles.InputException.class, () -> ShapeFiles.readShapes(f)).getMessage();
        assertTrue(m.startsWith(f + ":3: CR line endings are not supported"), m);
        // Binary input that holds a CR is still not text.
        Files.write(f, new byte[] {'a', '\r', 'b', 0, '\n'});
        m = assertThrows(ShapeFiles.InputException.class, () -> ShapeFiles.readShapes(f)).getMessage();
        assertTrue(m.startsWith(f + ":1: not UTF-8 text (byte 0x00"), m);
    }
}
