package dev.sepax.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sepax.batch.PairBatch;
import java.util.List;
import org.junit.jupiter.api.Test;

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
        assertEquals(List.of("2", "sq", "5"), s.ids());
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
    void aNonConvexPolygonCarriesTheCoreMessage() {
        String m = error("POLYGON ((0 0, 4 0, 4 4, 2 1, 0 4, 0 0))\n");
        assertTrue(m.startsWith("f.txt:1: shape=0: "), m);
        assertTrue(m.contains("convex"), m);
    }

    @Test
    void holesDuplicateIdsAndMalformedWktAreRejected() {
        assertTrue(error("POLYGON ((0 0, 9 0, 9 9, 0 0), (1 1, 2 1, 2 2, 1 1))").contains("holes"));
        assertTrue(error("a,0,0,1,0,1,1\na,5,5,6,5,6,6\n").startsWith("f.txt:2: duplicate id 'a' (first on line 1)"));
        assertTrue(error("POLYGON (0 0, 1 0, 1 1)").contains("malformed WKT"));
        assertTrue(error("POLYGON ((0 0 1, 1 0, 1 1))").contains("vertex 1 '0 0 1' must have exactly 2 coordinates"));
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
        PairBatch withHeader = ShapeFiles.parsePairs("p", "first,second\na,b\n", s);
        assertEquals(1, withHeader.size());
        String m = assertThrows(ShapeFiles.InputException.class,
                () -> ShapeFiles.parsePairs("p", "a,b\nb,zz\n", s)).getMessage();
        assertEquals("p:2: unknown shape id 'zz'", m);
    }
}
