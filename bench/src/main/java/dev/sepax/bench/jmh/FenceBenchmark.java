package dev.sepax.bench.jmh;

import dev.sepax.bench.ConcaveWorkloads;
import dev.sepax.concave.Compounds;
import dev.sepax.query.FenceIndex;
import dev.sepax.query.FenceQuery;
import dev.sepax.query.OneVsMany;
import dev.sepax.shape.ConvexPolygons;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.locationtech.jts.algorithm.locate.IndexedPointInAreaLocator;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.Envelope;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.Location;
import org.locationtech.jts.geom.prep.PreparedGeometry;
import org.locationtech.jts.geom.prep.PreparedGeometryFactory;
import org.locationtech.jts.index.strtree.STRtree;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * Workload G100k: 10^5 concave fences (6..16 vertices), one query per op; the score is queries
 * per second, over 1024 different queries per invocation. {@code sepax_fence}: convex query
 * polygons from caller arrays through a {@link FenceQuery} on a {@link FenceIndex}, as a server
 * with a queue of requests would call it: the batched call, {@value #BATCH} queries at a time;
 * {@code sepax_fence_single}: the same queries one call each;
 * {@code jts_fence}: {@link STRtree} candidates, then {@link PreparedGeometry#intersects} of the
 * prepared fence (fences prepared in the setup). {@code sepax_point}: {@link FenceQuery#containing};
 * {@code jts_point}: {@link STRtree} candidates, then an {@link IndexedPointInAreaLocator} per fence
 * (built in the setup). {@code sepax_fence_linear}: the same polygon queries without the index, as
 * {@link OneVsMany} ran them: the fences' parts and the queries in one store, each query against
 * every part with the selected SIMD kernel (AABB compares first), part hits mapped to fences;
 * over the first {@value #LINEAR_QUERIES} queries per invocation (a query costs about a
 * millisecond). The setup checks that each pair of kernels finds the same hit counts.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@OperationsPerInvocation(FenceBenchmark.QUERIES)
@Fork(value = 1, jvmArgsAppend = {"--add-modules", "jdk.incubator.vector", "-Xmx4g"})
@State(Scope.Thread)
public class FenceBenchmark {
    static final int QUERIES = 1024;
    static final int FENCES = 100_000;
    static final int LINEAR_QUERIES = 64;
    /** Queries per batched call in {@code sepax_fence}: the requests a server takes off its queue at once. */
    static final int BATCH = 64;

    FenceQuery query;
    float[][] polygons;
    float[] points;
    int[] hits = new int[256];
    int[] ends = new int[BATCH];
    int[] batchHits = new int[64 * BATCH];
    STRtree tree;
    Geometry[] jtsQueries;
    PreparedGeometry[] prepared;
    IndexedPointInAreaLocator[] locators;
    Coordinate[] coordinates;
    OneVsMany linear;
    ConvexPolygons linearStore;
    int[] partFence;
    int linearParts;
    int[] partHits;
    boolean[] seen;

    @Setup(Level.Trial)
    public void setUp(BenchmarkParams params) {
        List<ConcaveWorkloads.Shape> fences = ConcaveWorkloads.fences(FENCES, 5);
        polygons = ConcaveWorkloads.queries(FENCES, QUERIES, 6);
        points = ConcaveWorkloads.points(FENCES, QUERIES, 7);
        String method = params.getBenchmark();
        GeometryFactory f = new GeometryFactory();
        if (method.contains(".sepax_")) {
            Compounds.Builder b = Compounds.builder();
            for (ConcaveWorkloads.Shape s : fences) {
                b.add(s.rings());
            }
            Compounds compounds = b.build();
            query = FenceIndex.of(compounds).newQuery();
            if (method.endsWith(".sepax_fence_linear")) {
                ConvexPolygons parts = compounds.parts();
                linearParts = parts.size();
                float[][] all = new float[linearParts + LINEAR_QUERIES][];
                partFence = new int[linearParts];
                for (int i = 0; i < linearParts; i++) {
                    all[i] = parts.vertices(i);
                    partFence[i] = compounds.parent(i);
                }
                System.arraycopy(polygons, 0, all, linearParts, LINEAR_QUERIES);
                linearStore = ConvexPolygons.of(all);
                linear = new OneVsMany();
                partHits = new int[4096];
                seen = new boolean[FENCES];
                for (int i = 0; i < LINEAR_QUERIES; i++) {
                    if (!java.util.Arrays.equals(linearStore.vertices(linearParts + i), polygons[i])) {
                        throw new IllegalStateException("the store changed query " + i + "'s vertices");
                    }
                }
                int indexed = 0;
                for (int i = 0; i < LINEAR_QUERIES; i++) {
                    indexed += query.intersecting(polygons[i], 0f, hits);
                }
                if (indexed != sepax_fence_linear()) {
                    throw new IllegalStateException("index and linear scan disagree: " + indexed + " vs "
                            + sepax_fence_linear());
                }
            }
            if (method.endsWith(".sepax_fence") && sepax_fence() != sepax_fence_single()) {
                throw new IllegalStateException("batched and single queries disagree: " + sepax_fence() + " vs "
                        + sepax_fence_single());
            }
            SteadyState.warm(params, this, method.endsWith(".sepax_fence_linear") ? LINEAR_QUERIES : QUERIES); // compiled before JMH times it
            return;
        }
        tree = new STRtree();
        Geometry[] g = new Geometry[FENCES];
        for (int i = 0; i < FENCES; i++) {
            g[i] = ConcaveWorkloads.jts(f, fences.get(i).rings());
            tree.insert(g[i].getEnvelopeInternal(), i);
        }
        tree.build();
        if (method.endsWith(".jts_fence")) {
            prepared = new PreparedGeometry[FENCES];
            for (int i = 0; i < FENCES; i++) {
                prepared[i] = PreparedGeometryFactory.prepare(g[i]);
            }
            jtsQueries = new Geometry[QUERIES];
            for (int i = 0; i < QUERIES; i++) {
                jtsQueries[i] = ConcaveWorkloads.jts(f, polygons[i]);
            }
        } else {
            locators = new IndexedPointInAreaLocator[FENCES];
            for (int i = 0; i < FENCES; i++) {
                locators[i] = new IndexedPointInAreaLocator(g[i]);
            }
            coordinates = new Coordinate[QUERIES];
            for (int i = 0; i < QUERIES; i++) {
                coordinates[i] = new Coordinate(points[2 * i], points[2 * i + 1]);
            }
        }
    }

    /** The batched call, {@value #BATCH} queries a call; the total of their hit counts, as {@link #sepax_fence_single}. */
    @Benchmark
    public int sepax_fence() {
        int total = 0;
        int from = 0;
        while (from < QUERIES) {
            int a = query.intersecting(polygons, from, Math.min(BATCH, QUERIES - from), 0f, ends, batchHits);
            if (a == 0) {
                throw new IllegalStateException("query " + from + " hits more than " + batchHits.length + " fences");
            }
            total += ends[a - 1];
            from += a;
        }
        return total;
    }

    /** One call per query. */
    @Benchmark
    public int sepax_fence_single() {
        int total = 0;
        for (float[] q : polygons) {
            total += query.intersecting(q, 0f, hits);
        }
        return total;
    }

    /** The linear scan: each query against all 10^5 fences' parts ({@link OneVsMany}), part hits to fences. */
    @Benchmark
    @OperationsPerInvocation(LINEAR_QUERIES)
    public int sepax_fence_linear() {
        int total = 0;
        for (int i = 0; i < LINEAR_QUERIES; i++) {
            int m = linear.query(linearStore, linearParts + i, 0, linearParts, 0f, partHits);
            if (m > partHits.length) {
                throw new IllegalStateException("query " + i + " hits " + m + " parts");
            }
            for (int j = 0; j < m; j++) {
                int f = partFence[partHits[j]];
                if (!seen[f]) {
                    seen[f] = true;
                    total++;
                }
            }
            for (int j = 0; j < m; j++) {
                seen[partFence[partHits[j]]] = false;
            }
        }
        return total;
    }

    @Benchmark
    @SuppressWarnings("unchecked")
    public int jts_fence() {
        int total = 0;
        for (Geometry q : jtsQueries) {
            List<Integer> near = tree.query(q.getEnvelopeInternal());
            for (int i : near) {
                if (prepared[i].intersects(q)) {
                    total++;
                }
            }
        }
        return total;
    }

    @Benchmark
    public int sepax_point() {
        int total = 0;
        float[] p = points;
        for (int i = 0; i < QUERIES; i++) {
            total += query.containing(p[2 * i], p[2 * i + 1], hits);
        }
        return total;
    }

    @Benchmark
    @SuppressWarnings("unchecked")
    public int jts_point() {
        int total = 0;
        for (Coordinate c : coordinates) {
            List<Integer> near = tree.query(new Envelope(c));
            for (int i : near) {
                if (locators[i].locate(c) != Location.EXTERIOR) {
                    total++;
                }
            }
        }
        return total;
    }
}
