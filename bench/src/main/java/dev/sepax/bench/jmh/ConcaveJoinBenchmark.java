package dev.sepax.bench.jmh;

import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.bench.ConcaveWorkloads;
import dev.sepax.concave.CompoundOverlap;
import dev.sepax.concave.Compounds;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.prep.PreparedGeometry;
import org.locationtech.jts.geom.prep.PreparedGeometryFactory;
import org.locationtech.jts.index.strtree.STRtree;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * Workload J200: the spatial self-join of 200 concave polygons (50..500 vertices, a third with
 * holes): every intersecting pair {@code i < j}. One op is one whole join; the score is joins per
 * second. {@code sepax_join}: compound AABB candidates (a plain double loop over 200 bounds, no
 * allocation), then {@link CompoundOverlap} through the facade's kernel. {@code jts_join}: an
 * {@link STRtree} over the envelopes and a {@link PreparedGeometry} per polygon, both built in the
 * setup, as Sepax's compounds are. The setup checks that both joins find the same pairs.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"--add-modules", "jdk.incubator.vector"})
@State(Scope.Thread)
public class ConcaveJoinBenchmark {
    Compounds compounds;
    PairBatch candidates;
    OverlapBits bits;
    CompoundOverlap overlap;
    Geometry[] geometries;
    PreparedGeometry[] prepared;
    STRtree tree;
    int expected;

    @Setup(Level.Trial)
    public void setUp(BenchmarkParams params) {
        List<ConcaveWorkloads.Shape> shapes = ConcaveWorkloads.join(17);
        Compounds.Builder b = Compounds.builder();
        GeometryFactory f = new GeometryFactory();
        geometries = new Geometry[shapes.size()];
        prepared = new PreparedGeometry[shapes.size()];
        tree = new STRtree();
        for (int i = 0; i < shapes.size(); i++) {
            b.add(shapes.get(i).rings());
            geometries[i] = ConcaveWorkloads.jts(f, shapes.get(i).rings());
            prepared[i] = PreparedGeometryFactory.prepare(geometries[i]);
            tree.insert(geometries[i].getEnvelopeInternal(), i);
        }
        tree.build();
        compounds = b.build();
        candidates = new PairBatch(compounds.size(), 1024);
        bits = new OverlapBits(compounds.size() * compounds.size());
        overlap = new CompoundOverlap();
        expected = jts_join();
        int sepax = sepax_join();
        if (sepax != expected) {
            throw new IllegalStateException("J200: sepax-join found " + sepax + " pairs, jts-join " + expected);
        }
        if (params.getBenchmark().endsWith(".sepax_join")) {
            // Compiled before JMH times it. Per candidate compound pair: the reflective call
            // boxes its int result (16 bytes a call), which is not the join's allocation.
            SteadyState.warm(params, this, Math.max(1, candidates.size()));
        }
    }

    @Benchmark
    public int sepax_join() {
        Compounds c = compounds;
        int n = c.size();
        candidates.clear();
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                if (c.minX(j) <= c.maxX(i) && c.minX(i) <= c.maxX(j) && c.minY(j) <= c.maxY(i) && c.minY(i) <= c.maxY(j)) {
                    candidates.add(i, j);
                }
            }
        }
        return overlap.test(c, candidates, 0f, bits);
    }

    @Benchmark
    @SuppressWarnings("unchecked")
    public int jts_join() {
        int hits = 0;
        for (int i = 0; i < geometries.length; i++) {
            List<Integer> near = tree.query(geometries[i].getEnvelopeInternal());
            for (int j : near) {
                if (j > i && prepared[i].intersects(geometries[j])) {
                    hits++;
                }
            }
        }
        return hits;
    }
}
