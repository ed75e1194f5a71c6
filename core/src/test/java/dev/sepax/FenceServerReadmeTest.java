package dev.sepax;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sepax.concave.Compounds;
import dev.sepax.query.FenceIndex;
import dev.sepax.query.FenceQuery;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The README's multi-threaded fence server example, compiled and run; the README quotes it verbatim. */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class FenceServerReadmeTest {
    @Test
    void fenceServerExampleRunsAndIsQuotedVerbatim() throws Exception {
        List<float[][]> fenceRings = List.of(
                new float[][] {{0, 0, 10, 0, 10, 10, 0, 10}, {3, 3, 7, 3, 7, 7, 3, 7}},  // a square with a hole
                new float[][] {{10, 0, 20, 0, 20, 5, 15, 5, 15, 10, 10, 10}});          // an L sharing x = 10
        float[] vehicleXy = {9, 4, 11, 4, 11, 6, 9, 6};                                // across the shared border
        float lon = 12;
        float lat = 2;
        // README-FENCE-BEGIN
        Compounds.Builder b = Compounds.builder();
        for (float[][] rings : fenceRings) {          // ring 0 outer, then holes; either winding
            b.add(rings);                             // throws "compound=c ring=r vertex=v: reason"
        }
        FenceIndex index = FenceIndex.of(b.build());  // grids over the fences' convex parts
        ThreadLocal<FenceQuery> query = ThreadLocal.withInitial(index::newQuery);
        ExecutorService server = Executors.newFixedThreadPool(8);

        // per request, on any thread: a vehicle polygon (convex, caller arrays) and a point
        Future<String> reply = server.submit(() -> {
            int[] hits = new int[64];                                // n > 64: only 64 written
            int n = query.get().intersecting(vehicleXy, 0f, hits);   // fences touched, sorted
            String touched = Arrays.toString(Arrays.copyOf(hits, Math.min(n, hits.length)));
            int m = query.get().containing(lon, lat, hits);          // fences containing the point
            return touched + " " + Arrays.toString(Arrays.copyOf(hits, Math.min(m, hits.length)));
        });

        // a server draining a queue: many polygons in one call (less time per query)
        Future<int[]> replies = server.submit(() -> {
            float[][] queued = {vehicleXy, {16, 6, 18, 6, 18, 8}, vehicleXy};  // from the queue
            int[] ends = new int[queued.length];                     // query i's fences:
            int[] hits = new int[256];                               // hits[ends[i-1] .. ends[i])
            int done = query.get().intersecting(queued, 0, queued.length, 0f, ends, hits);
            return Arrays.copyOf(hits, ends[done - 1]);              // done < 3: hits was full
        });
        // README-FENCE-END
        assertEquals("[0, 1] [1]", reply.get(1, TimeUnit.MINUTES));
        assertArrayEquals(new int[] {0, 1, 0, 1}, replies.get(1, TimeUnit.MINUTES),
                "the second polygon lies in the L's notch, outside both fences");
        server.shutdown();
        assertTrue(server.awaitTermination(1, TimeUnit.MINUTES));

        String code = Files.readString(Path.of("src/test/java/dev/sepax/FenceServerReadmeTest.java"));
        String begin = "// README-FENCE-BEGIN\n";
        String body = code.substring(code.indexOf(begin) + begin.length(), code.indexOf("        // README-FENCE-END"));
        String readme = Files.readString(Path.of("../README.md"));
        assertTrue(readme.contains(body.stripTrailing().stripIndent()),
                "README.md must quote the fence server example of FenceServerReadmeTest verbatim");
    }
}
