package dev.sepax.bench;

import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.narrow.ExactSat;
import dev.sepax.narrow.SatKernel;
import dev.sepax.Sepax;
import dev.sepax.batch.Distances;
import dev.sepax.narrow.DistanceKernel;
import dev.sepax.narrow.ScalarDistance;
import dev.sepax.shape.RoundedShapes;
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
 * {@code ./sepax check}: which shapes of a file intersect? Convex polygons (WKT or CSV, see
 * {@link ShapeFiles}) go through the sweep-and-prune broad phase and the selected SAT kernel;
 * concave polygons, holes, multipolygons and GeoJSON through {@link CompoundCheck} (decomposed,
 * double-anchored, exact near the band); circles, capsules and segments through the distance
 * kernel on a {@link RoundedShapes} store. The reader is chosen by the file: GeoJSON by its
 * first character, otherwise the convex reader until a line needs another one
 * ({@link ShapeFiles.Escalation}), when the file is read again. Writes the intersecting pairs
 * as CSV {@code a,b} (ids).
 */
final class Check {
    static final String HELP = """
            Usage: ./sepax check --shapes FILE [--pairs FILE] [--out FILE] [--tolerance T]
                                 [--kernel NAME] [--exact] [--skip-invalid]
              Reads shapes (UTF-8 text) and writes the ids of the pairs that intersect.
              Convex polygons, one per line (streamed):
                POLYGON ((x y, x y, ...))       WKT; id = 1-based position of the shape
                                                among the shape lines (1, 2, 3, ...)
                id,x0,y0,x1,y1,...              CSV; id = first field
                id,POLYGON ((x y, ...))         an id column before WKT (may be quoted)
              Concave polygons, holes and multipolygons, one per line (same id rules):
                POLYGON ((x y, ...), (x y, ...))        ring 0 outer, then holes
                MULTIPOLYGON (((x y, ...)), ((x y, ...), (x y, ...)))
              GeoJSON: a file whose first character is '{' is one FeatureCollection of
                Polygon and MultiPolygon features (lon/lat or any units); id = the feature's
                "id", else properties "id", else properties "name", else its 0-based index.
              Circles, capsules and segments, one per line (with convex polygons):
                POINT (x y) RADIUS r             circle (without RADIUS: a point)
                LINESTRING (x0 y0, x1 y1) RADIUS r   capsule (without RADIUS: a segment)
                POLYGON ((x y, ...)) RADIUS r    rounded convex polygon
              Blank lines and lines starting with '#' are ignored; the first line is a
              header only if its first field is id and every field is a non-numeric name
              (id,x0,y0,... or id,wkt). Numbers are plain decimals (-12.5, .5, 1e-3; not
              1f, 0x1p0 or NaN); lines end in LF or CRLF. Anything else is an error naming
              the file, the line (or the feature), the ring and the vertex (0-based), and
              the reason; nothing is skipped silently.
              Concave, holed and GeoJSON inputs are decomposed into convex parts and tested
              in double-anchored frames (the float error scales with the features' size, not
              with lon/lat or UTM magnitudes); verdicts near the float band are decided
              exactly, so shared borders count as intersecting.
              Without --pairs, a sweep over the bounding boxes proposes the candidate pairs.
              Writes the intersecting pairs as CSV lines idA,idB (the ids above) after a
              header a,b. Touching counts as intersecting at tolerance 0.
            Options:
              --shapes FILE     shapes (required)
              --pairs FILE      candidate pairs, CSV idA,idB per line (optional header
                                line a,b or idA,idB)
              --out FILE        output CSV (default: standard output)
              --tolerance T     tolerance in coordinate units (default 0): > 0 also reports
                                pairs closer than T, < 0 lets shallow contact count as apart
                                (convex polygons); >= 0 for circles and capsules; 0 only for
                                concave, holed and GeoJSON inputs
              --kernel NAME     selected (default), scalar or textbook (textbook: convex
                                polygons only)
              --skip-invalid    report each bad shape, feature or pair line on standard
                                error, skip it and go on; the count is printed at the end
              --exact           exact verdicts (Precision.EXACT) for convex polygons: every
                                answer is what exact arithmetic on the file's coordinates
                                (rounded to float) gives, touching included; with --kernel
                                selected or scalar (concave inputs are exact already)
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
        String kernelName = o.get("--kernel", "selected");
        if (!List.of("selected", "scalar", "textbook").contains(kernelName)) {
            throw new Options.UsageException("check: --kernel must be selected, scalar or textbook");
        }
        if (exact && kernelName.equals("textbook")) {
            throw new Options.UsageException("check: --exact works with --kernel selected or scalar");
        }
        String target = o.get("--out", null);
        if (target != null) {
            checkWritable(Path.of(target)); // before the work, not after
        }
        boolean skipInvalid = o.flag("--skip-invalid");
        if (CompoundFiles.looksLikeJson(shapesFile)) {
            ShapeFiles.Skips skips = skipInvalid ? new ShapeFiles.Skips("check", err) : null;
            return compound(o, CompoundFiles.readGeoJson(shapesFile, skips), skips, tol, kernelName, target, out, err);
        }
        ShapeFiles.Skips skips = skipInvalid ? ShapeFiles.Skips.held("check", err) : null;
        ShapeFiles.Shapes shapes;
        try {
            shapes = ShapeFiles.readShapes(shapesFile, skips);
        } catch (ShapeFiles.Escalation e) {
            skips = skipInvalid ? new ShapeFiles.Skips("check", err) : null;
            if (e.kind() == ShapeFiles.Escalation.Kind.COMPOUND) {
                return compound(o, ShapeFiles.readFeatures(shapesFile, skips), skips, tol, kernelName, target, out, err);
            }
            return rounded(o, ShapeFiles.readRounded(shapesFile, skips), skips, tol, exact, kernelName, target,
                    out, err);
        }
        if (skips != null) {
            skips.flush();
        }
        SatKernel kernel = switch (kernelName) {
            case "selected" -> exact ? Kernels.selectedExact() : Kernels.selected();
            case "scalar" -> exact ? ExactSat.INSTANCE : Sepax.scalar();
            default -> Sepax.textbook();
        };
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
        write(target, out, pairs, bits::get, shapes.ids());
        err.printf("sepax check: %d shapes, %d candidate pairs (%s), %d intersecting, kernel %s, tolerance %s%s%n",
                shapes.ids().size(), pairs.size(), o.get("--pairs", null) != null ? "from file" : "sweep and prune",
                hits, kernel.name(), tol, target == null ? "" : " -> " + target);
        skipped(skips, err);
        return 0;
    }

    private static void skipped(ShapeFiles.Skips skips, PrintStream err) {
        if (skips != null) {
            err.printf("sepax check: skipped %d invalid line%s%n", skips.count(), skips.count() == 1 ? "" : "s");
        }
    }

    /** Concave polygons, holes, multipolygons, GeoJSON: the anchored compound path. */
    private static int compound(Options o, List<CompoundFiles.Feature> features, ShapeFiles.Skips skips, float tol,
            String kernelName, String target, PrintStream out, PrintStream err) throws IOException {
        if (tol != 0f) {
            throw new Options.UsageException("check: --tolerance must be 0 for concave, holed or GeoJSON polygons");
        }
        if (kernelName.equals("textbook")) {
            throw new Options.UsageException("check: --kernel textbook takes convex polygons only");
        }
        CompoundCheck c = CompoundCheck.of(features, skips);
        PairBatch pairs = o.get("--pairs", null) != null
                ? ShapeFiles.readPairs(Path.of(o.get("--pairs", null)), c.index(), c.features().size(), skips)
                : c.candidates();
        boolean[] hit = new boolean[pairs.size()];
        int hits = 0;
        for (int p = 0; p < pairs.size(); p++) {
            hit[p] = c.intersects(pairs.shapeA(p), pairs.shapeB(p));
            hits += hit[p] ? 1 : 0;
        }
        List<String> ids = c.features().stream().map(CompoundFiles.Feature::id).toList();
        write(target, out, pairs, p -> hit[p], ids);
        err.printf("sepax check: %d polygons (%d convex parts), %d candidate pairs (%s), %d intersecting;"
                        + " %d part pairs, %d decided exactly; anchored frames%s%n",
                ids.size(), c.partCount(), pairs.size(), o.get("--pairs", null) != null ? "from file" : "box sweep",
                hits, c.partPairs(), c.exactPairs(), target == null ? "" : " -> " + target);
        skipped(skips, err);
        return 0;
    }

    /** Circles, capsules, segments and convex polygons: the distance kernel on rounded shapes. */
    private static int rounded(Options o, ShapeFiles.Rounded shapes, ShapeFiles.Skips skips, float tol, boolean exact,
            String kernelName, String target, PrintStream out, PrintStream err) throws IOException {
        if (tol < 0f) {
            throw new Options.UsageException("check: --tolerance must be >= 0 for circles and capsules");
        }
        if (exact || kernelName.equals("textbook")) {
            throw new Options.UsageException("check: " + (exact ? "--exact" : "--kernel textbook")
                    + " takes convex polygons only, not circles or capsules");
        }
        RoundedShapes store = shapes.store();
        DistanceKernel kernel = kernelName.equals("scalar") ? ScalarDistance.INSTANCE : Sepax.distance();
        PairBatch pairs;
        if (o.get("--pairs", null) != null) {
            pairs = ShapeFiles.readPairs(Path.of(o.get("--pairs", null)), shapes.index(), store.size(), skips);
        } else {
            double[] box = new double[4 * store.size()];
            for (int s = 0; s < store.size(); s++) {
                double r = store.radius(s) + (double) tol;
                double minX = Double.POSITIVE_INFINITY;
                double minY = Double.POSITIVE_INFINITY;
                double maxX = Double.NEGATIVE_INFINITY;
                double maxY = Double.NEGATIVE_INFINITY;
                for (int i = 0; i < store.count(s); i++) {
                    minX = Math.min(minX, store.pointX(s, i));
                    maxX = Math.max(maxX, store.pointX(s, i));
                    minY = Math.min(minY, store.pointY(s, i));
                    maxY = Math.max(maxY, store.pointY(s, i));
                }
                // Widened by one float ulp per side: the kernel's own float sums may reach it.
                box[4 * s] = Math.nextDown((float) (minX - r));
                box[4 * s + 1] = Math.nextDown((float) (minY - r));
                box[4 * s + 2] = Math.nextUp((float) (maxX + r));
                box[4 * s + 3] = Math.nextUp((float) (maxY + r));
            }
            pairs = CompoundCheck.sweep(box, store.size());
        }
        Distances d = new Distances(Math.max(1, pairs.size()));
        kernel.distances(store, pairs, d);
        boolean[] hit = new boolean[pairs.size()];
        int hits = 0;
        for (int p = 0; p < pairs.size(); p++) {
            hit[p] = d.distance(p) <= tol;
            hits += hit[p] ? 1 : 0;
        }
        write(target, out, pairs, p -> hit[p], shapes.ids());
        err.printf("sepax check: %d rounded shapes, %d candidate pairs (%s), %d intersecting, distance kernel %s,"
                        + " tolerance %s%s%n",
                store.size(), pairs.size(), o.get("--pairs", null) != null ? "from file" : "box sweep", hits,
                kernel.name(), tol, target == null ? "" : " -> " + target);
        skipped(skips, err);
        return 0;
    }

    private static void write(String target, PrintStream out, PairBatch pairs, java.util.function.IntPredicate hit,
            List<String> ids) throws IOException {
        Writer w;
        try {
            w = target == null
                    ? new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8))
                    : Files.newBufferedWriter(Path.of(target), StandardCharsets.UTF_8);
            w.write("a,b\n");
            for (int p = 0; p < pairs.size(); p++) {
                if (hit.test(p)) {
                    w.write(ids.get(pairs.shapeA(p)));
                    w.write(',');
                    w.write(ids.get(pairs.shapeB(p)));
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
