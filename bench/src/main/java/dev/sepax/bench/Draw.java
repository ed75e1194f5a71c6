package dev.sepax.bench;

import dev.sepax.shape.ConvexPolygons;
import dev.sepax.Sepax;
import dev.sepax.batch.Distances;
import dev.sepax.narrow.DistanceKernel;
import dev.sepax.shape.RoundedShapes;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Path2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import javax.imageio.ImageIO;

/**
 * {@code ./sepax draw}: a picture of one pair (debugging aid). Separated pairs show the
 * separating edge's line and the gap; intersecting pairs show the overlap region (clipped in
 * double). Writes SVG or PNG, by the output file's extension.
 */
final class Draw {
    static final String HELP = """
            Usage: ./sepax draw (--a WKT --b WKT | --shapes FILE --pair IDA,IDB | --k K --seed S)
                                --out FILE.svg|FILE.png
                   ./sepax draw (--hull-a POINTS --hull-b POINTS | --solid HK --seed S) --out FILE
              Draws one pair of convex polygons: A blue, B orange; if they are separated, the
              separating edge's line (dashed) and the gap; if they intersect, the overlap (red).
              Prints the verdict of the selected kernel and the true separation (double).
              Circles, capsules and segments (POINT (x y) RADIUS r, LINESTRING (x0 y0, x1 y1)
              RADIUS r, POLYGON ((...)) RADIUS r, as for check): their outlines, and if they are
              apart the closest points (green); prints the distance kernel's distance.
              Convex polyhedra (3D): the hulls of two point clouds, seen along a direction
              perpendicular to the MTV axis, so the separating plane is a vertical dashed
              line; the horizontal axis is the MTV normal (A blue, B orange, silhouettes and
              edges; overlap along the normal red); prints the verdict, the MTV and its feature.
            Options:
              --hull-a P, --hull-b P  3D points 'x y z, x y z, ...' (or MULTIPOINT Z ((x y z), ...))
              --solid HK         a pair of the 3D workload HK, e.g. H16 (with --seed)
              --a WKT, --b WKT   one shape each, as WKT POLYGON ((x y, ...)), POINT, LINESTRING
              --shapes FILE      a shapes file as for check, with --pair IDA,IDB
              --k K              a random pair of the standard workload WK (with --seed, default 42)
              --seed S           which pair of WK (default 42)
              --out FILE         .svg or .png (default sepax-out/pair.svg)
              --help             this text
            """;

    private Draw() {}

    static int run(String[] args, PrintStream out, PrintStream err) throws IOException {
        if (SolidDraw.wants(args) && !Arrays.asList(args).contains("--help")) {
            return SolidDraw.run(args, out);
        }
        Options o = Options.parse("draw", args, List.of("--a", "--b", "--shapes", "--pair", "--k", "--seed", "--out"),
                List.of());
        if (o.help()) {
            out.print(HELP);
            return 0;
        }
        ConvexPolygons s;
        int a;
        int b;
        if (o.get("--a", null) != null || o.get("--b", null) != null) {
            String textA = oneShape("--a", o.require("--a"));
            String textB = oneShape("--b", o.require("--b"));
            try {
                // Each argument is read on its own, so that an error names it and neither can
                // lend a shape to the other.
                s = ConvexPolygons.of(ShapeFiles.parseShapes("--a", textA).store().vertices(0),
                        ShapeFiles.parseShapes("--b", textB).store().vertices(0));
            } catch (ShapeFiles.Escalation e) {
                if (e.kind() != ShapeFiles.Escalation.Kind.ROUNDED) {
                    throw e;
                }
                RoundedShapes ra = ShapeFiles.parseRounded("--a", textA, null).store();
                RoundedShapes rb = ShapeFiles.parseRounded("--b", textB, null).store();
                RoundedShapes both = RoundedShapes.builder().add(ra.radius(0), ra.core(0)).add(rb.radius(0), rb.core(0))
                        .build();
                return drawRounded(both, 0, 1, o, out);
            }
            a = 0;
            b = 1;
        } else if (o.get("--shapes", null) != null) {
            String[] ids = o.require("--pair").split(",", -1);
            if (ids.length != 2) {
                throw new Options.UsageException("draw: --pair must be IDA,IDB");
            }
            ShapeFiles.Shapes sh;
            try {
                sh = ShapeFiles.readShapes(Path.of(o.get("--shapes", null)));
            } catch (ShapeFiles.Escalation e) {
                if (e.kind() != ShapeFiles.Escalation.Kind.ROUNDED) {
                    throw e;
                }
                ShapeFiles.Rounded r = ShapeFiles.readRounded(Path.of(o.get("--shapes", null)), null);
                Integer ra = r.index().get(ids[0].strip());
                Integer rb = r.index().get(ids[1].strip());
                if (ra == null || rb == null) {
                    throw new Options.UsageException("draw: --pair " + o.get("--pair", "") + ": unknown id");
                }
                return drawRounded(r.store(), ra, rb, o, out);
            }
            Integer ia = sh.index().get(ids[0].strip());
            Integer ib = sh.index().get(ids[1].strip());
            if (ia == null || ib == null) {
                throw new Options.UsageException("draw: --pair " + o.get("--pair", "") + ": unknown id");
            }
            s = sh.store();
            a = ia;
            b = ib;
        } else if (o.get("--k", null) != null) {
            Workloads.Scene w = Workloads.standard(o.intValue("--k", 8, 3, 1024), 42);
            int p = (int) Math.floorMod(o.longValue("--seed", 42L), (long) w.pairs().size());
            s = w.shapes();
            a = w.pairs().shapeA(p);
            b = w.pairs().shapeB(p);
        } else {
            throw new Options.UsageException("draw: give --a and --b, or --shapes and --pair, or --k (see --help)");
        }
        boolean hit = Kernels.selected().intersects(s, a, b, 0f);
        Picture pic = picture(s, a, b);
        Path file = write(pic, o);
        out.printf(Locale.ROOT, "%s (%s kernel, tolerance 0); true separation %.6g; %s -> %s%n",
                hit ? "intersect" : "separated", Kernels.selected().name(), pic.separation,
                pic.axisLabel, file);
        return 0;
    }

    /**
     * The text of {@code option} ({@code --a} or {@code --b}) when it is exactly one shape line,
     * as a shapes file line without an id column or with one; a {@link Options.UsageException}
     * saying why otherwise (empty, several lines, a comment, a header).
     */
    static String oneShape(String option, String text) {
        String t = text.strip();
        if (t.isEmpty()) {
            throw new Options.UsageException("draw: " + option + " is empty; give one shape, e.g. POLYGON ((0 0, 1 0, 0 1))");
        }
        if (t.indexOf('\n') >= 0 || t.indexOf('\r') >= 0) {
            throw new Options.UsageException("draw: " + option + " holds several lines; give exactly one shape, on one line");
        }
        if (t.startsWith("#")) {
            throw new Options.UsageException("draw: " + option + " is a comment, not a shape");
        }
        if (ShapeFiles.isHeader(t)) {
            throw new Options.UsageException("draw: " + option + " is a header line, not a shape");
        }
        return t;
    }

    /** Writes the picture to {@code --out} (SVG or PNG by its extension); returns the file. */
    private static Path write(Picture pic, Options o) throws IOException {
        Path file = output(o, "sepax-out/pair.svg");
        if (isPng(file)) {
            writePng(pic, file);
        } else {
            Files.writeString(file, svg(pic));
        }
        return file;
    }

    /** The {@code --out} file (default {@code fallback}), checked to end in .svg or .png, its folder created. */
    static Path output(Options o, String fallback) throws IOException {
        Path file = Path.of(o.get("--out", fallback));
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (!name.endsWith(".png") && !name.endsWith(".svg")) {
            throw new Options.UsageException("draw: --out must end in .svg or .png");
        }
        if (file.toAbsolutePath().getParent() != null) {
            Files.createDirectories(file.toAbsolutePath().getParent());
        }
        return file;
    }

    /** Is {@code file} (checked by {@link #output}) a PNG? */
    static boolean isPng(Path file) {
        return file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".png");
    }

    /** A pair of rounded shapes: outlines, the distance kernel's distance and closest points. */
    private static int drawRounded(RoundedShapes s, int a, int b, Options o, PrintStream out) throws IOException {
        DistanceKernel kernel = Sepax.distance();
        Distances d = new Distances(1);
        boolean hit = kernel.distance(s, a, b, d, 0);
        Picture pic = roundedPicture(s, a, b, d);
        Path file = write(pic, o);
        out.printf(Locale.ROOT, "%s (%s distance kernel); distance %.6g; %s -> %s%n",
                hit ? "intersect" : "separated", kernel.name(), d.distance(0),
                hit ? "touching or overlapping" : "closest points (" + d.pointAX(0) + ", " + d.pointAY(0) + ") and ("
                        + d.pointBX(0) + ", " + d.pointBY(0) + ")", file);
        return 0;
    }

    /** Points along rounded shape {@code i}'s outline (the core's hull grown by the radius), CCW. */
    static double[][] outline(RoundedShapes s, int i) {
        int k = s.count(i);
        double r = s.radius(i);
        if (r == 0) {
            double[][] c = new double[2][k];
            for (int v = 0; v < k; v++) {
                c[0][v] = s.pointX(i, v);
                c[1][v] = s.pointY(i, v);
            }
            return c;
        }
        List<double[]> pts = new ArrayList<>();
        if (k == 1) {
            for (int step = 0; step < 64; step++) {
                double t = 2 * Math.PI * step / 64;
                pts.add(new double[] {s.pointX(i, 0) + r * Math.cos(t), s.pointY(i, 0) + r * Math.sin(t)});
            }
        } else {
            // At each core point, an arc from the previous edge's outward normal to the next one's
            // (a two-point core has the edges p0-p1 and p1-p0: half circles at both ends).
            for (int v = 0; v < k; v++) {
                int prev = (v + k - 1) % k;
                int next = (v + 1) % k;
                double from = normalAngle(s, i, prev, v);
                double to = normalAngle(s, i, v, next);
                double sweep = to - from;
                while (sweep <= 0) {
                    sweep += 2 * Math.PI;
                }
                if (sweep > 2 * Math.PI - 1e-12) {
                    sweep -= 2 * Math.PI;
                }
                int steps = Math.max(1, (int) Math.ceil(sweep / (Math.PI / 32)));
                for (int step = 0; step <= steps; step++) {
                    double t = from + sweep * step / steps;
                    pts.add(new double[] {s.pointX(i, v) + r * Math.cos(t), s.pointY(i, v) + r * Math.sin(t)});
                }
            }
        }
        double[][] c = new double[2][pts.size()];
        for (int p = 0; p < pts.size(); p++) {
            c[0][p] = pts.get(p)[0];
            c[1][p] = pts.get(p)[1];
        }
        return c;
    }

    /** The angle of the outward normal of the core edge from point {@code u} to point {@code v} (CCW core). */
    private static double normalAngle(RoundedShapes s, int i, int u, int v) {
        double dx = (double) s.pointX(i, v) - s.pointX(i, u);
        double dy = (double) s.pointY(i, v) - s.pointY(i, u);
        return Math.atan2(-dx, dy);
    }

    static Picture roundedPicture(RoundedShapes s, int a, int b, Distances d) {
        double[][] pa = outline(s, a);
        double[][] pb = outline(s, b);
        double dist = d.distance(0);
        double[] closest = dist > 0 ? new double[] {d.pointAX(0), d.pointAY(0), d.pointBX(0), d.pointBY(0)} : null;
        return new Picture(pa[0], pa[1], pb[0], pb[1], dist, null, new double[0], new double[0],
                dist > 0 ? "closest points" : "touching or overlapping", closest);
    }

    /**
     * Everything to draw, in double world coordinates; {@code closest} (rounded shapes only,
     * else null): the closest points {@code ax, ay, bx, by}.
     */
    record Picture(double[] ax, double[] ay, double[] bx, double[] by, double separation,
                   double[] axisLine, double[] overlapX, double[] overlapY, String axisLabel, double[] closest) {}

    static Picture picture(ConvexPolygons s, int a, int b) {
        double[][] pa = coords(s, a);
        double[][] pb = coords(s, b);
        // Best axis over both shapes' edges: largest min over the other's vertices of n.(v - p).
        double best = Double.NEGATIVE_INFINITY;
        double[] line = null;
        String label = "";
        for (int side = 0; side < 2; side++) {
            double[][] ref = side == 0 ? pa : pb;
            double[][] oth = side == 0 ? pb : pa;
            int k = ref[0].length;
            for (int i = 0; i < k; i++) {
                int j = (i + 1) % k;
                double ex = ref[0][j] - ref[0][i];
                double ey = ref[1][j] - ref[1][i];
                double l = Math.hypot(ex, ey);
                double nx = ey / l;
                double ny = -ex / l;
                double min = Double.POSITIVE_INFINITY;
                for (int v = 0; v < oth[0].length; v++) {
                    min = Math.min(min, nx * (oth[0][v] - ref[0][i]) + ny * (oth[1][v] - ref[1][i]));
                }
                if (min > best) {
                    best = min;
                    line = new double[] {ref[0][i], ref[1][i], ref[0][j], ref[1][j], nx, ny};
                    label = (side == 0 ? "A" : "B") + "'s edge " + i;
                }
            }
        }
        double[][] clip = best <= 0 ? clip(pa, pb) : new double[][] {new double[0], new double[0]};
        return new Picture(pa[0], pa[1], pb[0], pb[1], best, line, clip[0], clip[1],
                best > 0 ? "separating axis: normal of " + label : "least-overlap axis: " + label, null);
    }

    private static double[][] coords(ConvexPolygons s, int i) {
        int k = s.count(i);
        double[][] c = new double[2][k];
        for (int v = 0; v < k; v++) {
            c[0][v] = s.vertexX(i, v);
            c[1][v] = s.vertexY(i, v);
        }
        return c;
    }

    /** Sutherland-Hodgman: subject clipped by the convex CCW clip polygon. */
    static double[][] clip(double[][] subject, double[][] clipper) {
        List<double[]> poly = new ArrayList<>();
        for (int i = 0; i < subject[0].length; i++) {
            poly.add(new double[] {subject[0][i], subject[1][i]});
        }
        int k = clipper[0].length;
        for (int e = 0; e < k && !poly.isEmpty(); e++) {
            double px = clipper[0][e];
            double py = clipper[1][e];
            double qx = clipper[0][(e + 1) % k];
            double qy = clipper[1][(e + 1) % k];
            List<double[]> next = new ArrayList<>();
            for (int i = 0; i < poly.size(); i++) {
                double[] u = poly.get(i);
                double[] v = poly.get((i + 1) % poly.size());
                double su = (qx - px) * (u[1] - py) - (qy - py) * (u[0] - px);
                double sv = (qx - px) * (v[1] - py) - (qy - py) * (v[0] - px);
                if (su >= 0) {
                    next.add(u);
                }
                if ((su >= 0) != (sv >= 0)) {
                    double t = su / (su - sv);
                    next.add(new double[] {u[0] + t * (v[0] - u[0]), u[1] + t * (v[1] - u[1])});
                }
            }
            poly = next;
        }
        double[][] out = new double[2][poly.size()];
        for (int i = 0; i < poly.size(); i++) {
            out[0][i] = poly.get(i)[0];
            out[1][i] = poly.get(i)[1];
        }
        return out;
    }

    /** Maps world coordinates into a {@code size}-pixel square, y up. */
    record View(double minX, double minY, double scale, int size) {
        static View of(Picture p, int size) {
            return around(size, p.ax(), p.ay(), p.bx(), p.by());
        }

        /** The view of the points {@code (xy[0][i], xy[1][i])}, {@code (xy[2][i], xy[3][i])}, ... with a margin. */
        static View around(int size, double[]... xy) {
            double lx = Double.POSITIVE_INFINITY;
            double ly = Double.POSITIVE_INFINITY;
            double hx = Double.NEGATIVE_INFINITY;
            double hy = Double.NEGATIVE_INFINITY;
            for (int c = 0; c + 1 < xy.length; c += 2) {
                for (int i = 0; i < xy[c].length; i++) {
                    lx = Math.min(lx, xy[c][i]);
                    hx = Math.max(hx, xy[c][i]);
                    ly = Math.min(ly, xy[c + 1][i]);
                    hy = Math.max(hy, xy[c + 1][i]);
                }
            }
            double span = Math.max(hx - lx, hy - ly) * 1.2 + 1e-9;
            return new View(lx - (span - (hx - lx)) / 2, ly - (span - (hy - ly)) / 2, size / span, size);
        }

        double x(double wx) {
            return (wx - minX) * scale;
        }

        double y(double wy) {
            return size - (wy - minY) * scale;
        }
    }

    static String svg(Picture p) {
        int size = 600;
        View v = View.of(p, size);
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">%n",
                size, size + 30, size, size + 30));
        sb.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
        sb.append(poly(v, p.ax(), p.ay(), "#1f77b4", 0.35));
        sb.append(poly(v, p.bx(), p.by(), "#ff7f0e", 0.35));
        if (p.overlapX().length >= 3) {
            sb.append(poly(v, p.overlapX(), p.overlapY(), "#d62728", 0.8));
        }
        if (p.axisLine() != null) {
            double[] l = p.axisLine();
            double dx = l[2] - l[0];
            double dy = l[3] - l[1];
            double ext = 10;
            sb.append(String.format(Locale.ROOT,
                    "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"black\" stroke-dasharray=\"6,4\"/>%n",
                    v.x(l[0] - ext * dx), v.y(l[1] - ext * dy), v.x(l[2] + ext * dx), v.y(l[3] + ext * dy)));
            double mx = (l[0] + l[2]) / 2;
            double my = (l[1] + l[3]) / 2;
            double gap = Math.max(p.separation(), 0);
            sb.append(String.format(Locale.ROOT,
                    "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"green\" stroke-width=\"2\"/>%n",
                    v.x(mx), v.y(my), v.x(mx + l[4] * gap), v.y(my + l[5] * gap)));
        }
        if (p.closest() != null) {
            double[] c = p.closest();
            sb.append(String.format(Locale.ROOT,
                    "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"green\" stroke-width=\"2\"/>%n",
                    v.x(c[0]), v.y(c[1]), v.x(c[2]), v.y(c[3])));
        }
        sb.append(String.format(Locale.ROOT, "<text x=\"8\" y=\"%d\" font-family=\"sans-serif\" font-size=\"14\">%s, separation %.6g</text>%n",
                size + 20, p.separation() > 0 ? "separated" : "intersecting", p.separation()));
        return sb.append("</svg>\n").toString();
    }

    private static String poly(View v, double[] xs, double[] ys, String color, double opacity) {
        StringBuilder pts = new StringBuilder();
        for (int i = 0; i < xs.length; i++) {
            pts.append(String.format(Locale.ROOT, "%.2f,%.2f ", v.x(xs[i]), v.y(ys[i])));
        }
        return String.format(Locale.ROOT,
                "<polygon points=\"%s\" fill=\"%s\" fill-opacity=\"%.2f\" stroke=\"%s\" stroke-width=\"1.5\"/>%n",
                pts.toString().strip(), color, opacity, color);
    }

    static void writePng(Picture p, Path file) throws IOException {
        System.setProperty("java.awt.headless", "true");
        int size = 600;
        View v = View.of(p, size);
        BufferedImage img = new BufferedImage(size, size + 30, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, size, size + 30);
        fill(g, v, p.ax(), p.ay(), new Color(31, 119, 180, 100), new Color(31, 119, 180));
        fill(g, v, p.bx(), p.by(), new Color(255, 127, 14, 100), new Color(255, 127, 14));
        if (p.overlapX().length >= 3) {
            fill(g, v, p.overlapX(), p.overlapY(), new Color(214, 39, 40, 200), new Color(214, 39, 40));
        }
        if (p.axisLine() != null) {
            double[] l = p.axisLine();
            double dx = l[2] - l[0];
            double dy = l[3] - l[1];
            g.setColor(Color.BLACK);
            g.setStroke(new BasicStroke(1f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {6f, 4f}, 0f));
            g.drawLine((int) v.x(l[0] - 10 * dx), (int) v.y(l[1] - 10 * dy), (int) v.x(l[2] + 10 * dx), (int) v.y(l[3] + 10 * dy));
        }
        if (p.closest() != null) {
            double[] c = p.closest();
            g.setColor(new Color(0, 128, 0));
            g.setStroke(new BasicStroke(2f));
            g.drawLine((int) v.x(c[0]), (int) v.y(c[1]), (int) v.x(c[2]), (int) v.y(c[3]));
        }
        g.setColor(Color.BLACK);
        g.drawString(String.format(Locale.ROOT, "%s, separation %.6g", p.separation() > 0 ? "separated" : "intersecting",
                p.separation()), 8, size + 20);
        g.dispose();
        ImageIO.write(img, "png", file.toFile());
    }

    static void fill(Graphics2D g, View v, double[] xs, double[] ys, Color fill, Color line) {
        Path2D.Double path = new Path2D.Double();
        for (int i = 0; i < xs.length; i++) {
            if (i == 0) {
                path.moveTo(v.x(xs[i]), v.y(ys[i]));
            } else {
                path.lineTo(v.x(xs[i]), v.y(ys[i]));
            }
        }
        path.closePath();
        g.setColor(fill);
        g.fill(path);
        g.setColor(line);
        g.setStroke(new BasicStroke(1.5f));
        g.draw(path);
    }
}
