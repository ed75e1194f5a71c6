package dev.sepax.bench;

import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.narrow.ExactSat;
import dev.sepax.narrow.SatKernel;
import dev.sepax.Sepax;
import dev.sepax.broad.SweepAndPrune;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.Writer;
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
                                 [--skip-invalid]
              Reads convex polygons (UTF-8 text, streamed), one per line:
                POLYGON ((x y, x y, ...))       WKT; id = 1-based position of the shape
                                                among the shape lines (1, 2, 3, ...)
                id,x0,y0,x1,y1,...              CSV; id = first field
                id,POLYGON ((x y, ...))         an id column before WKT (may be quoted)
              Blank lines and lines starting with '#' are ignored; the first line is a
              header only if every field is a non-numeric name (id,x0,y0,...). Any other
              line (MULTIPOLYGON, LINESTRING, GeoJSON, a typo) is an error naming the file,
              the line and the reason.
              Without --pairs, the sweep-and-prune broad phase proposes the candidate pairs.
              Writes the intersecting pairs as CSV lines idA,idB (the ids above) after a
              header a,b. Touching counts as intersecting at tolerance 0.
            Options:
              --shapes FILE     polygons (required)
              --pairs FILE      candidate pairs, CSV idA,idB per line (optional header)
              --out FILE        output CSV (default: standard output)
              --tolerance T     SAT tolerance in coordinate units (default 0): > 0 also reports
                                pairs closer than T, < 0 lets shallow contact count as apart
              --kernel NAME     selected (default), scalar or textbook
              --skip-invalid    report each bad shape or pair line on standard error, skip
                                it and go on; the count is printed at the end
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
                List.of("--skip-invalid", "--exact"));
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
        String target = o.get("--out", null);
        if (target != null) {
            checkWritable(Path.of(target)); // before the work, not after
        }
        ShapeFiles.Skips skips = o.flag("--skip-invalid") ? new ShapeFiles.Skips("check", err) : null;
        ShapeFiles.Shapes shapes = ShapeFiles.readShapes(shapesFile, skips);
        PairBatch pairs;
        if (o.get("--pairs", null) != null) {
            pairs = ShapeFiles.readPairs(Path.of(o.get("--pairs", null)), shapes, skips);
        } else {
            pairs = new PairBatch(shapes.store(), 16);
            // A margin of the tolerance (when positive) keeps every pair the kernel could report.
            new SweepAndPrune().findPairs(shapes.store(), Math.max(0f, tol), pairs);
        }
        OverlapBits bits = new OverlapBits(pairs.size());
        int hits = kernel.test(shapes.store(), pairs, tol, bits);
        Writer w = null;
        try {
            w = target == null
                    ? new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8))
                    : Files.newBufferedWriter(Path.of(target), StandardCharsets.UTF_8);
            w.write("a,b\n");
            for (int p = 0; p < pairs.size(); p++) {
                if (bits.get(p)) {
                    w.write(shapes.ids().get(pairs.shapeA(p)));
                    w.write(',');
                    w.write(shapes.ids().get(pairs.shapeB(p)));
                    w.write('\n');
                }
            }
            w.flush(); // standard output stays open
            if (target != null) {
                w.close();
            }
        } catch (IOException e) {
            throw new IOException("cannot write " + (target == null ? "standard output" : target) + ": "
                    + ShapeFiles.reason(e), e);
        }
        err.printf("sepax check: %d shapes, %d candidate pairs (%s), %d intersecting, kernel %s, tolerance %s%s%n",
                shapes.ids().size(), pairs.size(), o.get("--pairs", null) != null ? "from file" : "sweep and prune",
                hits, kernel.name(), tol, target == null ? "" : " -> " + target);
        if (skips != null) {
            err.printf("sepax check: skipped %d invalid line%s%n", skips.count(), skips.count() == 1 ? "" : "s");
        }
        return 0;
    }

    /** Fails with the reason when {@code file} cannot be created: a missing folder, a folder. */
    static void checkWritable(Path file) {
        Path parent = file.toAbsolutePath().getParent();
        if (Files.isDirectory(file)) {
            throw new Options.UsageException("check: --out " + file + " is a folder, not a file");
        }
        if (parent != null && !Files.isDirectory(parent)) {
            throw new Options.UsageException("check: --out " + file + ": folder " + parent
                    + (Files.exists(parent) ? " is not a folder" : " does not exist"));
        }
        if (parent != null && !Files.isWritable(parent)) {
            throw new Options.UsageException("check: --out " + file + ": folder " + parent + " is not writable");
        }
    }
}
