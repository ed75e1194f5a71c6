package dev.sepax.bench;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.imageio.ImageIO;

/**
 * A log-log line chart of throughput (pairs/s) by polygon size k, one line per kernel, drawn
 * headless with Java2D and written as PNG. Missing points (NaN) break a line.
 */
final class Chart {
    private static final Color[] PALETTE = {
        new Color(0xD62728), new Color(0x1F77B4), new Color(0x2CA02C), new Color(0x9467BD),
        new Color(0xFF7F0E), new Color(0x8C564B), new Color(0x17BECF), new Color(0x7F7F7F),
        new Color(0xE377C2), new Color(0xBCBD22), new Color(0x000000), new Color(0x393B79),
        new Color(0x637939), new Color(0xAD494A)};

    private final int[] ks;
    private final Map<String, double[]> series = new LinkedHashMap<>();

    Chart(int[] ks) {
        this.ks = ks.clone();
    }

    /** Sets the pairs/s of {@code kernel} at {@code k} (ignored if k is not on the axis). */
    void put(String kernel, int k, double pairsPerSecond) {
        double[] v = series.computeIfAbsent(kernel, x -> {
            double[] a = new double[ks.length];
            java.util.Arrays.fill(a, Double.NaN);
            return a;
        });
        for (int i = 0; i < ks.length; i++) {
            if (ks[i] == k) {
                v[i] = pairsPerSecond;
            }
        }
    }

    boolean isEmpty() {
        return series.isEmpty();
    }

    void writePng(Path file, String title) throws IOException {
        System.setProperty("java.awt.headless", "true");
        int w = 900;
        int h = 560;
        int left = 90;
        int right = 190;
        int top = 50;
        int bottom = 60;
        BufferedImage img = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, w, h);
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (double[] v : series.values()) {
            for (double d : v) {
                if (d > 0) {
                    lo = Math.min(lo, d);
                    hi = Math.max(hi, d);
                }
            }
        }
        if (!(lo < hi)) {
            lo = 1e5;
            hi = 1e9;
        }
        double decLo = Math.floor(Math.log10(lo));
        double decHi = Math.ceil(Math.log10(hi));
        if (decHi == decLo) {
            decHi++;
        }
        int pw = w - left - right;
        int ph = h - top - bottom;
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 16));
        g.setColor(Color.BLACK);
        g.drawString(title, left, 30);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        // Grid: one line per decade of pairs/s, one per k.
        for (double d = decLo; d <= decHi; d++) {
            int y = top + (int) Math.round(ph * (decHi - d) / (decHi - decLo));
            g.setColor(new Color(0xDDDDDD));
            g.drawLine(left, y, left + pw, y);
            g.setColor(Color.DARK_GRAY);
            g.drawString(label(Math.pow(10, d)), 10, y + 4);
        }
        for (int i = 0; i < ks.length; i++) {
            int x = xOf(i, left, pw);
            g.setColor(new Color(0xDDDDDD));
            g.drawLine(x, top, x, top + ph);
            g.setColor(Color.DARK_GRAY);
            g.drawString("k=" + ks[i], x - 12, top + ph + 20);
        }
        g.setColor(Color.BLACK);
        g.drawRect(left, top, pw, ph);
        g.drawString("pairs/s (log)", 10, top - 12);
        g.drawString("vertices per polygon (workload Wk)", left + pw / 2 - 90, h - 15);
        int c = 0;
        int legendY = top + 10;
        for (Map.Entry<String, double[]> e : series.entrySet()) {
            Color col = PALETTE[c++ % PALETTE.length];
            g.setColor(col);
            g.setStroke(new BasicStroke(e.getKey().startsWith("simd") ? 3f : 2f));
            double[] v = e.getValue();
            int px = -1;
            int py = -1;
            for (int i = 0; i < ks.length; i++) {
                if (!(v[i] > 0)) {
                    px = -1;
                    continue;
                }
                int x = xOf(i, left, pw);
                int y = top + (int) Math.round(ph * (decHi - Math.log10(v[i])) / (decHi - decLo));
                g.fillOval(x - 4, y - 4, 8, 8);
                if (px >= 0) {
                    g.drawLine(px, py, x, y);
                }
                px = x;
                py = y;
            }
            g.fillRect(left + pw + 20, legendY - 8, 14, 8);
            g.setColor(Color.BLACK);
            g.drawString(e.getKey(), left + pw + 40, legendY);
            legendY += 20;
        }
        g.dispose();
        ImageIO.write(img, "png", file.toFile());
    }

    private int xOf(int i, int left, int pw) {
        return ks.length == 1 ? left + pw / 2 : left + 30 + (int) Math.round((pw - 60) * i / (double) (ks.length - 1));
    }

    private static String label(double v) {
        if (v >= 1e9) {
            return String.format("%.0f G", v / 1e9);
        }
        if (v >= 1e6) {
            return String.format("%.0f M", v / 1e6);
        }
        if (v >= 1e3) {
            return String.format("%.0f k", v / 1e3);
        }
        return String.format("%.0f", v);
    }
}
