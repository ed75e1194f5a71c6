package dev.sepax.bench;

import dev.sepax.Sepax;
import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.concave.CompoundOverlap;
import dev.sepax.concave.Compounds;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;
import java.util.Locale;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.prep.PreparedGeometry;
import org.locationtech.jts.geom.prep.PreparedGeometryFactory;
import org.locationtech.jts.index.strtree.STRtree;

/**
 * J200 in one JVM: {@code sepax-join} and {@code jts-join} exactly as {@code ConcaveJoinBenchmark}
 * runs them, interleaved round by round, each timed in thread CPU time; prints the best round of
 * each and their ratio. On a shared host, where other tenants' load stretches wall time and
 * starves JMH's short warm-ups, the best thread CPU time of many rounds is the steadier figure.
 *
 * <p>{@code java --add-modules jdk.incubator.vector -cp bench/target/sepax-bench.jar dev.sepax.bench.ConcaveJoinProbe [rounds]}
 */
public final class ConcaveJoinProbe {
    private ConcaveJoinProbe() {}

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 400;
        List<ConcaveWorkloads.Shape> shapes = ConcaveWorkloads.join(17);
        Compounds.Builder b = Compounds.builder();
        GeometryFactory f = new GeometryFactory();
        Geometry[] g = new Geometry[shapes.size()];
        PreparedGeometry[] prepared = new PreparedGeometry[shapes.size()];
        STRtree tree = new STRtree();
        for (int i = 0; i < shapes.size(); i++) {
            b.add(shapes.get(i).rings());
            g[i] = ConcaveWorkloads.jts(f, shapes.get(i).rings());
            prepared[i] = PreparedGeometryFactory.prepare(g[i]);
            tree.insert(g[i].getEnvelopeInternal(), i);
        }
        tree.build();
        Compounds c = b.build();
        int n = c.size();
        PairBatch candidates = new PairBatch(n, 1024);
        OverlapBits bits = new OverlapBits(n * n);
        CompoundOverlap overlap = new CompoundOverlap();
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long bestSepax = Long.MAX_VALUE;
        long bestJts = Long.MAX_VALUE;
        // A Sepax join is about a tenth of a JTS join: ten per round keep the two rounds comparable.
        int reps = 10;
        for (int r = 0; r < rounds; r++) {
            long t0 = threads.getCurrentThreadCpuTime();
            int sepax = 0;
            for (int k = 0; k < reps; k++) {
                candidates.clear();
                for (int i = 0; i < n; i++) {
                    for (int j = i + 1; j < n; j++) {
                        if (c.minX(j) <= c.maxX(i) && c.minX(i) <= c.maxX(j) && c.minY(j) <= c.maxY(i) && c.minY(i) <= c.maxY(j)) {
                            candidates.add(i, j);
                        }
                    }
                }
                sepax = overlap.test(c, candidates, 0f, bits);
            }
            long t1 = threads.getCurrentThreadCpuTime();
            int jts = 0;
            for (int i = 0; i < g.length; i++) {
                @SuppressWarnings("unchecked")
                List<Integer> near = tree.query(g[i].getEnvelopeInternal());
                for (int j : near) {
                    if (j > i && prepared[i].intersects(g[j])) {
                        jts++;
                    }
                }
            }
            long t2 = threads.getCurrentThreadCpuTime();
            if (sepax != jts) {
                throw new IllegalStateException("J200: sepax-join found " + sepax + " pairs, jts-join " + jts);
            }
            bestSepax = Math.min(bestSepax, (t1 - t0) / reps);
            bestJts = Math.min(bestJts, t2 - t1);
        }
        System.out.printf(Locale.ROOT, "J200, best of %d rounds in thread CPU time (%s kernel): sepax-join %.3f ms, jts-join %.3f ms, %.1fx%n",
                rounds, Sepax.overlap().name(), bestSepax / 1e6, bestJts / 1e6, (double) bestJts / bestSepax);
    }
}
