package dev.sepax.bench;

import dev.sepax.narrow.FloatBand;
import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.Sepax;
import dev.sepax.narrow.TextbookSat;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code ./sepax peers-check}: before timing the peers, do they answer the same question? For
 * every Wk pair it compares each peer's verdict with Sepax's (selected kernel, tolerance 0) and
 * sorts the disagreements by the true separation {@code d} (TextbookSat, double): within Sepax's
 * float band of 0 (touching, where float vs double and each library's convention decide), within
 * Box2D's skin ({@code 0 < d <= 2 * polygonRadius}), or elsewhere (a real disagreement).
 */
final class PeersCheck {
    static final String HELP = """
            Usage: ./sepax peers-check [--k LIST] [--json FILE]
              Compares the verdicts of dyn4j (SAT, GJK), JBox2D and JTS with Sepax's on the
              standard workloads Wk and on a scene of exactly touching squares (T: shared
              edges and corners), and explains every disagreement by the pair's true gap.
            Options:
              --k LIST      workloads, e.g. 4,8 (default 4,8,16,32,64)
              --json FILE   also write the counts as JSON
              --help        this text
            """;

    private PeersCheck() {}

    /**
     * The touching scene "T": a 32 x 32 grid of unit squares on integer corners; every pair is
     * a square and its right, upper or diagonal neighbour, so every pair touches exactly (true
     * separation 0: a shared edge or a shared corner).
     */
    static Workloads.Scene touching() {
        int side = 32;
        dev.sepax.shape.ConvexPolygons.Builder b = dev.sepax.shape.ConvexPolygons.builder();
        for (int y = 0; y < side; y++) {
            for (int x = 0; x < side; x++) {
                b.add(x, y, x + 1, y, x + 1, y + 1, x, y + 1);
            }
        }
        dev.sepax.shape.ConvexPolygons shapes = b.build();
        PairBatch pairs = new PairBatch(shapes, 3 * side * side);
        for (int y = 0; y + 1 < side; y++) {
            for (int x = 0; x + 1 < side; x++) {
                int s = y * side + x;
                pairs.add(s, s + 1);
                pairs.add(s, s + side);
                pairs.add(s, s + side + 1);
            }
        }
        return new Workloads.Scene("T", shapes, pairs);
    }

    static int run(String[] args, PrintStream out, PrintStream err) throws IOException {
        Options o = Options.parse("peers-check", args, List.of("--k", "--json"), List.of());
        if (o.help()) {
            out.print(HELP);
            return 0;
        }
        int[] ks = o.intList("--k", new int[] {4, 8, 16, 32, 64});
        float skin = 2 * org.jbox2d.common.Settings.polygonRadius;
        out.printf("%-6s %-16s %7s %8s %8s %9s %9s %9s %9s%n", "work", "peer", "pairs", "sepax", "peer",
                "disagree", "|d|<=band", "0<d<=skin", "other");
        List<Object> rows = new ArrayList<>();
        int unexplained = 0;
        List<Workloads.Scene> scenes = new ArrayList<>();
        for (int k : ks) {
            if (k < 3) {
                throw new Options.UsageException("peers-check: k=" + k + " must be >= 3");
            }
            scenes.add(Workloads.standard(k, 42));
        }
        scenes.add(touching());
        for (Workloads.Scene w : scenes) {
            PairBatch pairs = w.pairs();
            OverlapBits bits = new OverlapBits(pairs.size());
            int sepaxHits = Kernels.selected().test(w.shapes(), pairs, 0f, bits);
            Peers peers = new Peers(w.shapes());
            Peers bare = new Peers(w.shapes(), 0f);
            List<String> names = new ArrayList<>(Peers.NAMES);
            names.add("jbox2d-radius0");
            for (String name : names) {
                boolean box2d = name.startsWith("jbox2d");
                if (box2d && !peers.hasJbox2d()) {
                    continue;
                }
                Peers.Verdict v = name.equals("jbox2d-radius0") ? bare.byName("jbox2d") : peers.byName(name);
                int peerHits = 0;
                int disagree = 0;
                int touching = 0;
                int inSkin = 0;
                int other = 0;
                for (int p = 0; p < pairs.size(); p++) {
                    int a = pairs.shapeA(p);
                    int b = pairs.shapeB(p);
                    boolean pv = v.test(a, b);
                    peerHits += pv ? 1 : 0;
                    if (pv != bits.get(p)) {
                        disagree++;
                        double d = TextbookSat.separation(w.shapes(), a, b);
                        if (Math.abs(d) <= FloatBand.of(w.shapes(), a, b)) {
                            touching++;
                        } else if (box2d && d > 0 && d <= skin) {
                            inSkin++;
                        } else {
                            other++;
                        }
                    }
                }
                unexplained += other;
                out.printf("%-6s %-16s %7d %8d %8d %9d %9d %9d %9d%n", w.name(), name, pairs.size(), sepaxHits,
                        peerHits, disagree, touching, inSkin, other);
                Map<String, Object> r = new LinkedHashMap<>();
                r.put("workload", w.name());
                r.put("peer", name);
                r.put("pairs", pairs.size());
                r.put("sepaxHits", sepaxHits);
                r.put("peerHits", peerHits);
                r.put("disagreements", disagree);
                r.put("withinFloatBand", touching);
                r.put("withinBox2dSkin", inSkin);
                r.put("other", other);
                rows.add(r);
            }
        }
        out.printf("sepax kernel: %s; band = 16 * 2^-24 * max|coord| (Sepax float band); skin = 2 * Box2D"
                + " polygonRadius = %s%n", Kernels.selected().name(), skin);
        String json = o.get("--json", null);
        if (json != null) {
            Files.writeString(Path.of(json), Json.write(rows));
        }
        if (unexplained > 0) {
            out.printf("%d disagreements are not explained by touching or by Box2D's skin%n", unexplained);
        }
        return 0;
    }
}
