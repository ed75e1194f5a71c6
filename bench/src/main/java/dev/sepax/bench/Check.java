package dev.sepax.bench;

import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.narrow.ExactSat;
import dev.sepax.narrow.SatKernel;
import dev.sepax.Sepax;
import dev.sepax.broad.SweepAndPrune;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code ./sepax check}: which polygons of a file intersect? Reads the shapes (WKT or CSV, see
 * {@link ShapeFiles}), takes the pairs from a file or from the sweep-and-prune broad phase, runs
 * the selected kernel and writes the intersecting pairs as CSV {@code a,b} (ids).
 */
final class Check {
    static final String HELP = """
            Usage: ./sepax check --shapes FILE [--pairs FILE] [--out FILE] [--tolerance T]
              Reads convex polygons, one per line: WKT  POLYGON ((x y, x y, ...))  (id = line
              number) or CSV  id,x0,y0,x1,y1,...  ('#' comments and blank lines skipped;
              a first CSV line whose second field is not a number is a header).
              Without --pairs, the sweep-and-prune broad phase proposes the candidate pairs.
              Writes the intersecting pairs as CSV lines idA,idB after a header a,b.
              Touching counts as intersecting at tolerance 0.
            Options:
              --shapes FILE     polygons (required)
              --pairs FILE      candidate pairs, CSV idA,idB per line (optional header)
              --out FILE        output CSV (default: standard output)
              --tolerance T     SAT tolerance in coordinate units (default 0): > 0 also reports
                                pairs closer than T, < 0 lets shallow contact count as apart
              --kernel NAME     selected (default), scalar or textbook
              --exact           exact verdicts (Precision.EXACT): every answer is what exact
                                arithmetic on the file's coordinates (rounded to float) gives,
                                touching included; with --kernel selected or scalar
              --help            this text
            Exit codes: 0 done, 1 bad input file (the message names file, line and reason),
            2 bad command line.
            """;

    private Check() {}

    static int run(String[] args, PrintStream out, PrintStream err) throws IOException {
        Options o = Options.parse("check", args, List.of("--shapes", "--pairs", "--out", "--tolerance", "--kernel"),
                List.of("--exact"));
        if (o.help()) {
            out.print(HELP);
            return 0;
        }
        Path shapesFile = Path.of(o.require("--shapes"));
        float tol = o.floatValue("--tolerance", 0f);
        boolean exact = o.flag("--exact");
        SatKernel kernel = switch (o.get("--kernel", "selected")) {
            case "selected" -> exact ? Kernels.selectedExact() : Kernels.selected();
            case "scalar" -> exact ? ExactSat.INSTANCE : Sepax.scalar();
            case "textbook" -> {
                if (exact) {
                    throw new Options.UsageException("check: --exact works with --kernel selected or scalar");
                }
                yield Sepax.textbook();
            }
            default -> throw new Options.UsageException("check: --kernel must be selected, scalar or textbook");
        };
        ShapeFiles.Shapes shapes = ShapeFiles.readShapes(shapesFile);
        PairBatch pairs;
        if (o.get("--pairs", null) != null) {
            pairs = ShapeFiles.readPairs(Path.of(o.get("--pairs", null)), shapes);
        } else {
            pairs = new PairBatch(shapes.store(), 16);
            // A margin of the tolerance (when positive) keeps every pair the kernel could report.
            new SweepAndPrune().findPairs(shapes.store(), Math.max(0f, tol), pairs);
        }
        OverlapBits bits = new OverlapBits(pairs.size());
        int hits = kernel.test(shapes.store(), pairs, tol, bits);
        StringBuilder csv = new StringBuilder("a,b\n");
        for (int p = 0; p < pairs.size(); p++) {
            if (bits.get(p)) {
                csv.append(shapes.ids().get(pairs.shapeA(p))).append(',').append(shapes.ids().get(pairs.shapeB(p))).append('\n');
            }
        }
        String target = o.get("--out", null);
        if (target == null) {
            out.print(csv);
        } else {
            Files.writeString(Path.of(target), csv, StandardCharsets.UTF_8);
        }
        err.printf("sepax check: %d shapes, %d candidate pairs (%s), %d intersecting, kernel %s, tolerance %s%s%n",
                shapes.ids().size(), pairs.size(), o.get("--pairs", null) != null ? "from file" : "sweep and prune",
                hits, kernel.name(), tol, target == null ? "" : " -> " + target);
        return 0;
    }
}
