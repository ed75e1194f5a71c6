package dev.sepax.bench;

import dev.sepax.concave.Compounds;
import dev.sepax.query.FenceIndex;
import dev.sepax.query.FenceQuery;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;
import java.util.Locale;
import org.locationtech.jts.algorithm.locate.IndexedPointInAreaLocator;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.Envelope;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.Location;
import org.locationtech.jts.geom.prep.PreparedGeometry;
import org.locationtech.jts.geom.prep.PreparedGeometryFactory;
import org.locationtech.jts.index.strtree.STRtree;

/**
 * G100k in one JVM: {@code sepax-fence} (batched, 64 queries a call), {@code sepax-fence-single},
 * {@code jts-fence}, {@code sepax-point} and {@code jts-point} exactly as {@code FenceBenchmark}
 * runs them (same seeds, 1024 queries per round), interleaved round by round, each timed in thread CPU time; prints the best round of
 * each, per query, and the ratios, after checking that each pair finds the same hits. On a
 * shared host the best thread CPU time of many rounds is steadier than JMH's short runs.
 *
 * <p>{@code java --add-modules jdk.incubator.vector -cp bench/target/sepax-bench.jar dev.sepax.bench.FenceProbe [rounds]}
 */
public final class FenceProbe {
    /** Queries per batched call, as {@code FenceBenchmark.BATCH}. */
    private static final int BATCH = 64;

    private FenceProbe() {}

    /** The batched call over all queries, {@value #BATCH} at a time; the total of their hit counts. */
    private static int batched(FenceQuery query, float[][] polygons, int[] ends, int[] hits) {
        int total = 0;
        for (int from = 0; from < polygons.length; ) {
            int a = query.intersecting(polygons, from, Math.min(BATCH, polygons.length - from), 0f, ends, hits);
            if (a == 0) {
                throw new IllegalStateException("query " + from + " hits more than " + hits.length + " fences");
            }
            total += ends[a - 1];
            from += a;
        }
        return total;
    }

    /** One call per query; the total of their hit counts. */
    private static int single(FenceQuery query, float[][] polygons, int[] hits) {
        int total = 0;
        for (float[] q : polygons) {
            total += query.intersecting(q, 0f, hits);
        }
        return total;
    }

    @SuppressWarnings("unchecked")
    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 300;
        int fences = 100_000;
        int queries = 1024;
        List<ConcaveWorkloads.Shape> shapes = ConcaveWorkloads.fences(fences, 5);
        float[][] polygons = ConcaveWorkloads.queries(fences, queries, 6);
        float[] points = ConcaveWorkloads.points(fences, queries, 7);
        Compounds.Builder b = Compounds.builder();
        GeometryFactory f = new GeometryFactory();
        Geometry[] g = new Geometry[fences];
        PreparedGeometry[] prepared = new PreparedGeometry[fences];
        IndexedPointInAreaLocator[] locators = new IndexedPointInAreaLocator[fences];
        STRtree tree = new STRtree();
        for (int i = 0; i < fences; i++) {
            b.add(shapes.get(i).rings());
            g[i] = ConcaveWorkloads.jts(f, shapes.get(i).rings());
            prepared[i] = PreparedGeometryFactory.prepare(g[i]);
            locators[i] = new IndexedPointInAreaLocator(g[i]);
            tree.insert(g[i].getEnvelopeInternal(), i);
        }
        tree.build();
        Geometry[] jtsQueries = new Geometry[queries];
        Coordinate[] coordinates = new Coordinate[queries];
        for (int i = 0; i < queries; i++) {
            jtsQueries[i] = ConcaveWorkloads.jts(f, polygons[i]);
            coordinates[i] = new Coordinate(points[2 * i], points[2 * i + 1]);
        }
        FenceIndex index = FenceIndex.of(b.build());
        FenceQuery query = index.newQuery();
        int[] hits = new int[256];
        int[] ends = new int[BATCH];
        int[] batchHits = new int[64 * BATCH];
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long[] best = {Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE};
        for (int r = 0; r < rounds; r++) {
            // The batched and single rounds alternate which goes first (the first follows the
            // JTS point round, which leaves the caches colder).
            int batched = 0;
            int sepaxFence = 0;
            long batchedTime = 0;
            long singleTime = 0;
            for (int turn = 0; turn < 2; turn++) {
                long ts = threads.getCurrentThreadCpuTime();
                if ((turn + r & 1) == 0) {
                    batched = batched(query, polygons, ends, batchHits);
                    batchedTime = threads.getCurrentThreadCpuTime() - ts;
                } else {
                    sepaxFence = single(query, polygons, hits);
                    singleTime = threads.getCurrentThreadCpuTime() - ts;
                }
            }
            long t1 = threads.getCurrentThreadCpuTime();
            int jtsFence = 0;
            for (Geometry q : jtsQueries) {
                List<Integer> near = tree.query(q.getEnvelopeInternal());
                for (int i : near) {
                    if (prepared[i].intersects(q)) {
                        jtsFence++;
                    }
                }
            }
            long t2 = threads.getCurrentThreadCpuTime();
            int sepaxPoint = 0;
            for (int i = 0; i < queries; i++) {
                sepaxPoint += query.containing(points[2 * i], points[2 * i + 1], hits);
            }
            long t3 = threads.getCurrentThreadCpuTime();
            int jtsPoint = 0;
            for (Coordinate c : coordinates) {
                List<Integer> near = tree.query(new Envelope(c));
                for (int i : near) {
                    if (locators[i].locate(c) != Location.EXTERIOR) {
                        jtsPoint++;
                    }
                }
            }
            long t4 = threads.getCurrentThreadCpuTime();
            if (batched != jtsFence || sepaxFence != jtsFence || sepaxPoint != jtsPoint) {
                throw new IllegalStateException("G100k: sepax found " + batched + " (batched) and " + sepaxFence
                        + " (single) fence hits and " + sepaxPoint
                        + " point hits, jts " + jtsFence + " and " + jtsPoint);
            }
            best[0] = Math.min(best[0], singleTime);
            best[1] = Math.min(best[1], t2 - t1);
            best[2] = Math.min(best[2], t3 - t2);
            best[3] = Math.min(best[3], t4 - t3);
            best[4] = Math.min(best[4], batchedTime);
        }
        System.out.printf(Locale.ROOT, "G100k, best of %d rounds of %d queries in thread CPU time, per query: sepax-fence"
                + " %.3f us (%.1fx), sepax-fence-single %.3f us (%.1fx), jts-fence %.3f us; sepax-point %.3f us, jts-point"
                + " %.3f us (%.1fx)%n", rounds, queries,
                best[4] / 1e3 / queries, (double) best[1] / best[4], best[0] / 1e3 / queries, (double) best[1] / best[0],
                best[1] / 1e3 / queries, best[2] / 1e3 / queries, best[3] / 1e3 / queries, (double) best[3] / best[2]);
    }
}
