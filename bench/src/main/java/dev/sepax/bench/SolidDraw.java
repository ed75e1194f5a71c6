package dev.sepax.bench;

import dev.sepax.Sepax;
import dev.sepax.shape.ConvexPolygons;
import dev.sepax.solid.ConvexPolyhedra;
import dev.sepax.solid.HullPenetrations;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Line2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import javax.imageio.ImageIO;

/**
 * {@code ./sepax draw} for a pair of convex polyhedra: an orthographic picture seen along a
 * direction perpendicular to the MTV axis {@code n}, so that the separating plane (normal
 * {@code n}) is seen edge-on, as a vertical line. The horizontal screen axis is {@code n} itself:
 * a shape's extent along {@code n} is its horizontal extent, and the gap (or overlap) the kernel
 * reports is the horizontal distance between the shapes' facing extremes. Hulls are drawn as
 * their projected silhouettes (the 2D hull of the projected vertices) with every edge on top.
 */
final class SolidDraw {
    static final List<String> OPTIONS = List.of("--hull-a", "--hull-b", "--solid", "--seed", "--out");

    private SolidDraw() {}

    /** Is this a 3D draw call? (Any of its options present.) */
    static boolean wants(String[] args) {
        for (String a : args) {
            if (a.equals("--hull-a") || a.equals("--hull-b") || a.equals("--solid")) {
                return true;
            }
        }
        return false;
    }

    static int run(String[] args, PrintStream out) throws IOException {
        Options o = Options.parse("draw", args, OPTIONS, List.of());
        float[] a;
        float[] b;
        if (o.get("--solid", null) != null) {
            String name = o.get("--solid", null);
            if (!name.matches("H\\d+") || Integer.parseInt(name.substring(1)) < 4
                    || Integer.parseInt(name.substring(1)) > 256) {
                throw new Options.UsageException("draw: --solid " + name + ": expected H4..H256 (as in ./sepax bench)");
            }
            SolidWorkloads.Hulls w = SolidWorkloads.hulls(name, 42);
            int p = (int) Math.floorMod(o.longValue("--seed", 42L), (long) w.pairs().size());
            a = w.points()[w.pairs().shapeA(p)];
            b = w.points()[w.pairs().shapeB(p)];
        } else {
            a = points("A", o.require("--hull-a"));
            b = points("B", o.require("--hull-b"));
        }
        ConvexPolyhedra s;
        try {
            s = ConvexPolyhedra.of(a, b);
        } catch (IllegalArgumentException e) {
            throw new Options.UsageException("draw: " + e.getMessage().replace("shape=0", "hull A")
                    .replace("shape=1", "hull B"));
        }
        boolean hit = Sepax.hullOverlap().intersects(s, 0, 1, 0f);
        HullPenetrations m = new HullPenetrations(1);
        Sepax.hullPenetration().penetration(s, 0, 1, m, 0);
        Picture pic = picture(s, m);
        Path file = Draw.output(o, "sepax-out/pair3d.svg");
        if (Draw.isPng(file)) {
            writePng(pic, file);
        } else {
            Files.writeString(file, svg(pic));
        }
        out.printf(Locale.ROOT, "%s (%s kernel, tolerance 0); MTV %s, depth %.6g, normal (%.6g, %.6g, %.6g); "
                        + "true separation along it %.6g -> %s%n",
                hit ? "intersect" : "separated", Sepax.hullOverlap().name(), pic.feature, m.depth(0),
                m.normalX(0), m.normalY(0), m.normalZ(0), pic.gap, file);
        return 0;
    }

    /** Points {@code x y z, x y z, ...}, optionally wrapped as {@code MULTIPOINT Z ((x y z), ...)}. */
    static float[] points(String which, String text) {
        String t = text.strip();
        String upper = t.toUpperCase(Locale.ROOT);
        if (upper.startsWith("MULTIPOINT")) {
            t = t.substring("MULTIPOINT".length()).strip();
            if (t.toUpperCase(Locale.ROOT).startsWith("Z")) {
                t = t.substring(1);
            }
        }
        t = t.replace('(', ' ').replace(')', ' ').strip();
        String[] parts = t.split(",");
        float[] xyz = new float[3 * parts.length];
        for (int i = 0; i < parts.length; i++) {
            String[] c = parts[i].strip().split("\\s+");
            if (c.length != 3) {
                throw new Options.UsageException("draw: hull " + which + " point " + i + ": expected 'x y z', got '"
                        + parts[i].strip() + "'");
            }
            for (int j = 0; j < 3; j++) {
                try {
                    xyz[3 * i + j] = Decimals.parseFloat(c[j]);
                } catch (NumberFormatException e) {
                    throw new Options.UsageException("draw: hull " + which + " point " + i + ": bad number '" + c[j]
                            + "' (expected " + Decimals.SYNTAX + ")");
                }
                if (!Float.isFinite(xyz[3 * i + j])) {
                    throw new Options.UsageException("draw: hull " + which + " point " + i + ": " + c[j] + " is not finite");
                }
            }
        }
        return xyz;
    }

    /**
     * The picture in screen-plane coordinates: {@code u = n.p} (horizontal), {@code w.p}
     * (vertical), with {@code w} a unit vector perpendicular to {@code n}. {@code minB, maxA}: B's
     * least and A's greatest extent along n, so {@code gap = minB - maxA} (negative: overlap).
     */
    record Picture(double[][] silhouetteA, double[][] silhouetteB, double[][] edgesA, double[][] edgesB,
                   double maxA, double minB, double gap, String feature) {}

    static Picture picture(ConvexPolyhedra s, HullPenetrations m) {
        double nx = m.normalX(0);
        double ny = m.normalY(0);
        double nz = m.normalZ(0);
        double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
        nx /= len;
        ny /= len;
        nz /= len;
        // w: perpendicular to n, from the world axis least aligned with n.
        double[] axis = Math.abs(nx) <= Math.abs(ny) && Math.abs(nx) <= Math.abs(nz) ? new double[] {1, 0, 0}
                : Math.abs(ny) <= Math.abs(nz) ? new double[] {0, 1, 0} : new double[] {0, 0, 1};
        double dot = axis[0] * nx + axis[1] * ny + axis[2] * nz;
        double wx = axis[0] - dot * nx;
        double wy = axis[1] - dot * ny;
        double wz = axis[2] - dot * nz;
        double wl = Math.sqrt(wx * wx + wy * wy + wz * wz);
        double[] n = {nx, ny, nz};
        double[] w = {wx / wl, wy / wl, wz / wl};
        double[][] pa = project(s, 0, n, w);
        double[][] pb = project(s, 1, n, w);
        double maxA = Arrays.stream(pa[0]).max().orElseThrow();
        double minB = Arrays.stream(pb[0]).min().orElseThrow();
        return new Picture(silhouette(pa), silhouette(pb), edges(s, 0, pa), edges(s, 1, pb), maxA, minB, minB - maxA,
                feature(m.axis(0)));
    }

    private static String feature(int code) {
        if (code == HullPenetrations.AXIS_WORLD_X || code == HullPenetrations.AXIS_WORLD_Y
                || code == HullPenetrations.AXIS_WORLD_Z) {
            return "world axis " + "xyz".charAt(HullPenetrations.AXIS_WORLD_X - code) + " (AABB)";
        }
        if (HullPenetrations.faceOfA(code) >= 0) {
            return "face " + HullPenetrations.faceOfA(code) + " of A";
        }
        if (HullPenetrations.faceOfB(code) >= 0) {
            return "face " + HullPenetrations.faceOfB(code) + " of B";
        }
        if (HullPenetrations.edgeOfA(code) >= 0) {
            return "edge " + HullPenetrations.edgeOfA(code) + " of A x edge " + HullPenetrations.edgeOfB(code) + " of B";
        }
        return "no axis";
    }

    private static double[][] project(ConvexPolyhedra s, int i, double[] n, double[] w) {
        int k = s.vertexCount(i);
        double[][] p = new double[2][k];
        for (int v = 0; v < k; v++) {
            double x = s.vertex(i, v, 0);
            double y = s.vertex(i, v, 1);
            double z = s.vertex(i, v, 2);
            p[0][v] = n[0] * x + n[1] * y + n[2] * z;
            p[1][v] = w[0] * x + w[1] * y + w[2] * z;
        }
        return p;
    }

    /** Each edge as {@code u0, v0, u1, v1} in screen-plane coordinates. */
    private static double[][] edges(ConvexPolyhedra s, int i, double[][] p) {
        int e = s.edgeCount(i);
        double[][] out = new double[e][];
        for (int j = 0; j < e; j++) {
            int[] ends = s.edge(i, j);
            out[j] = new double[] {p[0][ends[0]], p[1][ends[0]], p[0][ends[1]], p[1][ends[1]]};
        }
        return out;
    }

    /** The silhouette: the exact 2D hull of the projected points (rounded to float), counter-clockwise. */
    private static double[][] silhouette(double[][] p) {
        float[] xy = new float[2 * p[0].length];
        for (int i = 0; i < p[0].length; i++) {
            xy[2 * i] = (float) p[0][i];
            xy[2 * i + 1] = (float) p[1][i];
        }
        float[] h = ConvexPolygons.hull(xy);
        double[][] out = new double[2][h.length / 2];
        for (int i = 0; i < h.length / 2; i++) {
            out[0][i] = h[2 * i];
            out[1][i] = h[2 * i + 1];
        }
        return out;
    }

    private static String caption(Picture p) {
        return String.format(Locale.ROOT, "%s, %s %.6g along the MTV axis (%s); dashed: the plane",
                p.gap() > 0 ? "separated" : "intersecting", p.gap() > 0 ? "gap" : "overlap", Math.abs(p.gap()),
                p.feature());
    }

    static String svg(Picture p) {
        int size = 600;
        Draw.View v = Draw.View.around(size, p.silhouetteA()[0], p.silhouetteA()[1], p.silhouetteB()[0],
                p.silhouetteB()[1]);
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">%n",
                size, size + 30, size, size + 30));
        sb.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
        if (p.gap() <= 0) {
            // The overlap along n: the slab between B's least and A's greatest extent.
            sb.append(String.format(Locale.ROOT,
                    "<rect x=\"%.2f\" y=\"0\" width=\"%.2f\" height=\"%d\" fill=\"#d62728\" fill-opacity=\"0.25\"/>%n",
                    v.x(p.minB()), v.x(p.maxA()) - v.x(p.minB()), size));
        }
        sb.append(polygon(v, p.silhouetteA(), "#1f77b4"));
        sb.append(polygon(v, p.silhouetteB(), "#ff7f0e"));
        sb.append(edgeLines(v, p.edgesA(), "#1f77b4"));
        sb.append(edgeLines(v, p.edgesB(), "#ff7f0e"));
        double plane = (p.maxA() + p.minB()) / 2;
        sb.append(String.format(Locale.ROOT,
                "<line x1=\"%.2f\" y1=\"0\" x2=\"%.2f\" y2=\"%d\" stroke=\"black\" stroke-dasharray=\"6,4\"/>%n",
                v.x(plane), v.x(plane), size));
        sb.append(String.format(Locale.ROOT,
                "<text x=\"8\" y=\"%d\" font-family=\"sans-serif\" font-size=\"13\">%s</text>%n", size + 20,
                caption(p)));
        return sb.append("</svg>\n").toString();
    }

    private static String polygon(Draw.View v, double[][] c, String color) {
        StringBuilder pts = new StringBuilder();
        for (int i = 0; i < c[0].length; i++) {
            pts.append(String.format(Locale.ROOT, "%.2f,%.2f ", v.x(c[0][i]), v.y(c[1][i])));
        }
        return String.format(Locale.ROOT,
                "<polygon points=\"%s\" fill=\"%s\" fill-opacity=\"0.30\" stroke=\"%s\" stroke-width=\"1.5\"/>%n",
                pts.toString().strip(), color, color);
    }

    private static String edgeLines(Draw.View v, double[][] edges, String color) {
        StringBuilder sb = new StringBuilder();
        for (double[] e : edges) {
            sb.append(String.format(Locale.ROOT,
                    "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"%s\" stroke-opacity=\"0.6\"/>%n",
                    v.x(e[0]), v.y(e[1]), v.x(e[2]), v.y(e[3]), color));
        }
        return sb.toString();
    }

    static void writePng(Picture p, Path file) throws IOException {
        System.setProperty("java.awt.headless", "true");
        int size = 600;
        Draw.View v = Draw.View.around(size, p.silhouetteA()[0], p.silhouetteA()[1], p.silhouetteB()[0],
                p.silhouetteB()[1]);
        BufferedImage img = new BufferedImage(size, size + 30, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, size, size + 30);
        if (p.gap() <= 0) {
            g.setColor(new Color(214, 39, 40, 64));
            g.fill(new java.awt.geom.Rectangle2D.Double(v.x(p.minB()), 0, v.x(p.maxA()) - v.x(p.minB()), size));
        }
        Color blue = new Color(31, 119, 180);
        Color orange = new Color(255, 127, 14);
        Draw.fill(g, v, p.silhouetteA()[0], p.silhouetteA()[1], new Color(31, 119, 180, 77), blue);
        Draw.fill(g, v, p.silhouetteB()[0], p.silhouetteB()[1], new Color(255, 127, 14, 77), orange);
        g.setStroke(new BasicStroke(1f));
        for (double[][] edges : new double[][][] {p.edgesA(), p.edgesB()}) {
            g.setColor(edges == p.edgesA() ? blue : orange);
            for (double[] e : edges) {
                g.draw(new Line2D.Double(v.x(e[0]), v.y(e[1]), v.x(e[2]), v.y(e[3])));
            }
        }
        double plane = (p.maxA() + p.minB()) / 2;
        g.setColor(Color.BLACK);
        g.setStroke(new BasicStroke(1f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {6f, 4f}, 0f));
        g.draw(new Line2D.Double(v.x(plane), 0, v.x(plane), size));
        g.drawString(caption(p), 8, size + 20);
        g.dispose();
        ImageIO.write(img, "png", file.toFile());
    }
}
