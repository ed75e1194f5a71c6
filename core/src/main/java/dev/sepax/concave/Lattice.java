package dev.sepax.concave;

import dev.sepax.shape.ConvexPolygons;
import java.util.Arrays;

/**
 * Points of a power-of-two lattice inside each compound, to find a part pair of two compounds
 * that contains a common point before any AABB search: {@link CompoundOverlap} hands such pairs
 * to the kernel first. The lattice only chooses which part pairs are tried first; the kernel
 * gives every verdict, so it never changes one.
 *
 * <h2>Why</h2>
 * Intersecting compounds with many parts usually overlap by far more than a part's width, yet
 * the block search reaches its first hit only after dozens of AABB compares and several kernel
 * calls. Two compounds that contain a common lattice point have a part each that contains it,
 * and that part pair is almost always a hit.
 *
 * <h2>Layout</h2>
 * <pre>
 *  compound c: cell 2^level[c]; lattice points (i, j) * 2^level[c] with
 *    i in [col0[c], col0[c] + cols[c]), j in [row0[c], row0[c] + rows)     (cols, rows &lt;= 64)
 *  rows [rowStart[c], rowStart[c + 1]): bit q of bits[row] set iff point (col0 + q, row0 + row)
 *    lies in one of c's parts; that part is part[rank[row] + (set bits of the row below q)]
 * </pre>
 * The level is chosen so that the AABB holds about {@link #POINTS_PER_PART} points per part
 * and at most 64 per axis. Compounds of equal level compare their rows word by word; otherwise
 * the coarser lattice's points, which are also points of the finer one, are looked up one by one.
 * Point containment is decided in double from the parts' float vertices; it needs no exactness.
 */
final class Lattice {
    /** Lattice points per part aimed at within a compound's AABB. */
    static final int POINTS_PER_PART = 16;
    /** At most this many lattice columns and rows per compound: a row is one {@code long}. */
    static final int WIDTH = 64;
    /** Lattice indices stay within this magnitude, so index arithmetic fits an {@code int}. */
    private static final double MAX_INDEX = 1 << 29;

    private final int[] level;
    private final int[] col0;
    private final int[] row0;
    private final int[] cols;
    private final int[] rowStart;
    private final long[] bits;
    private final int[] rank;
    private final int[] part;

    private Lattice(int[] level, int[] col0, int[] row0, int[] cols, int[] rowStart, long[] bits, int[] rank, int[] part) {
        this.level = level;
        this.col0 = col0;
        this.row0 = row0;
        this.cols = cols;
        this.rowStart = rowStart;
        this.bits = bits;
        this.rank = rank;
        this.part = part;
    }

    /** The lattice of the compounds whose parts are {@code [firstPart[c], firstPart[c + 1])} with AABBs {@code bounds}. */
    static Lattice of(ConvexPolygons parts, int[] firstPart, float[] bounds) {
        int n = firstPart.length - 1;
        int[] level = new int[n];
        int[] col0 = new int[n];
        int[] row0 = new int[n];
        int[] cols = new int[n];
        int[] rowStart = new int[n + 1];
        long[] bits = new long[Math.max(16, n)];
        int[] rank = new int[bits.length];
        int[] part = new int[Math.max(16, n)];
        int rowCount = 0;
        int points = 0;
        int[] grid = new int[WIDTH * WIDTH];
        for (int c = 0; c < n; c++) {
            double minX = bounds[4 * c];
            double minY = bounds[4 * c + 1];
            double maxX = bounds[4 * c + 2];
            double maxY = bounds[4 * c + 3];
            int k = firstPart[c + 1] - firstPart[c];
            double w = maxX - minX;
            double h = maxY - minY;
            int e = Integer.MIN_VALUE;
            if (k > 0 && w > 0 && h > 0) {
                e = Math.max(Math.getExponent(Math.sqrt(w * h / ((double) POINTS_PER_PART * k))),
                        Math.getExponent(Math.max(w, h) / WIDTH));
                while (span(minX, maxX, e) > WIDTH || span(minY, maxY, e) > WIDTH) {
                    e++;
                }
                double cell = Math.scalb(1.0, e);
                if (Math.max(Math.max(Math.abs(minX), Math.abs(maxX)), Math.max(Math.abs(minY), Math.abs(maxY))) / cell > MAX_INDEX) {
                    e = Integer.MIN_VALUE; // indices would not fit: no lattice, the search alone decides
                }
            }
            if (e == Integer.MIN_VALUE) {
                level[c] = 0;
                rowStart[c + 1] = rowCount;
                continue;
            }
            double cell = Math.scalb(1.0, e);
            int i0 = (int) Math.ceil(minX / cell);
            int j0 = (int) Math.ceil(minY / cell);
            int nc = span(minX, maxX, e);
            int nr = span(minY, maxY, e);
            level[c] = e;
            col0[c] = i0;
            row0[c] = j0;
            cols[c] = nc;
            Arrays.fill(grid, 0, nc * nr, -1);
            for (int p = firstPart[c]; p < firstPart[c + 1]; p++) {
                int pi0 = Math.max(i0, (int) Math.ceil(parts.minX(p) / cell));
                int pi1 = Math.min(i0 + nc - 1, (int) Math.floor(parts.maxX(p) / cell));
                int pj0 = Math.max(j0, (int) Math.ceil(parts.minY(p) / cell));
                int pj1 = Math.min(j0 + nr - 1, (int) Math.floor(parts.maxY(p) / cell));
                for (int j = pj0; j <= pj1; j++) {
                    double y = Math.scalb((double) j, e);
                    // The part's chord at y; columns more than a cell inside it are inside (the
                    // chord's rounding is far below a cell: cells are at least 2^-29 of the
                    // coordinates), the few near its ends get the inside test.
                    double xl = Double.POSITIVE_INFINITY;
                    double xr = Double.NEGATIVE_INFINITY;
                    int pk = parts.count(p);
                    double ax = parts.vertexX(p, pk - 1);
                    double ay = parts.vertexY(p, pk - 1);
                    for (int v = 0; v < pk; v++) {
                        double bx = parts.vertexX(p, v);
                        double by = parts.vertexY(p, v);
                        if (Math.min(ay, by) <= y && y <= Math.max(ay, by)) {
                            double x0 = ay == by ? Math.min(ax, bx) : ax + (y - ay) * (bx - ax) / (by - ay);
                            double x1 = ay == by ? Math.max(ax, bx) : x0;
                            xl = Math.min(xl, x0);
                            xr = Math.max(xr, x1);
                        }
                        ax = bx;
                        ay = by;
                    }
                    if (!(xl <= xr)) {
                        continue;
                    }
                    int lo = (int) Math.ceil(xl / cell);
                    int hi = (int) Math.floor(xr / cell);
                    int row = (j - j0) * nc - i0;
                    for (int i = Math.max(pi0, lo - 1); i <= Math.min(pi1, hi + 1); i++) {
                        int g = row + i;
                        if (grid[g] >= 0) {
                            continue;
                        }
                        if ((i > lo && i < hi) || inside(parts, p, Math.scalb((double) i, e), y)) {
                            grid[g] = p;
                        }
                    }
                }
            }
            if (rowCount + nr > bits.length) {
                bits = Arrays.copyOf(bits, Math.max(2 * bits.length, rowCount + nr));
                rank = Arrays.copyOf(rank, bits.length);
            }
            for (int r = 0; r < nr; r++) {
                long word = 0;
                rank[rowCount + r] = points;
                for (int q = 0; q < nc; q++) {
                    int p = grid[r * nc + q];
                    if (p >= 0) {
                        word |= 1L << q;
                        if (points == part.length) {
                            part = Arrays.copyOf(part, 2 * points);
                        }
                        part[points++] = p;
                    }
                }
                bits[rowCount + r] = word;
            }
            rowCount += nr;
            rowStart[c + 1] = rowCount;
        }
        return new Lattice(level, col0, row0, cols, rowStart, Arrays.copyOf(bits, rowCount),
                Arrays.copyOf(rank, rowCount), Arrays.copyOf(part, points));
    }

    /** Lattice indices {@code i} with {@code min <= i * 2^e <= max}. */
    private static int span(double min, double max, int e) {
        double cell = Math.scalb(1.0, e);
        return (int) Math.max(0, Math.floor(max / cell) - Math.ceil(min / cell) + 1);
    }

    /** Whether {@code (x, y)} lies in part {@code p} (CCW, boundary included), in double. */
    static boolean inside(ConvexPolygons parts, int p, double x, double y) {
        int k = parts.count(p);
        double ax = parts.vertexX(p, k - 1);
        double ay = parts.vertexY(p, k - 1);
        for (int v = 0; v < k; v++) {
            double bx = parts.vertexX(p, v);
            double by = parts.vertexY(p, v);
            if ((bx - ax) * (y - ay) - (by - ay) * (x - ax) < 0) {
                return false;
            }
            ax = bx;
            ay = by;
        }
        return true;
    }

    /** Compound {@code c}'s lattice: the cell is {@code 2^level(c)} (meaningless when it has no rows). */
    int level(int c) {
        return level[c];
    }

    int col0(int c) {
        return col0[c];
    }

    int row0(int c) {
        return row0[c];
    }

    int cols(int c) {
        return cols[c];
    }

    int rows(int c) {
        return rowStart[c + 1] - rowStart[c];
    }

    /** The part of {@code c} recorded at its lattice point {@code (col0 + q, row0 + r)}, or -1 if none. */
    int partAt(int c, int r, int q) {
        int row = rowStart[c] + r;
        long word = bits[row];
        if ((word >>> q & 1) == 0) {
            return -1;
        }
        return part[rank[row] + Long.bitCount(word & ((1L << q) - 1))];
    }

    /**
     * Up to {@code max} part pairs {@code (outA[i], outB[i])}, a part of {@code a} and a part of
     * {@code b} recorded at a common lattice point, in row-major order of the coarser lattice's
     * points, each pair different from the one before it. Allocates nothing.
     *
     * @return how many pairs were written
     */
    int common(int a, int b, int[] outA, int[] outB, int max) {
        if (rows(a) == 0 || rows(b) == 0) {
            return 0;
        }
        if (level[a] == level[b]) {
            return sameLevel(a, b, outA, outB, max);
        }
        return level[a] < level[b] ? mixedLevel(a, b, outA, outB, max) : mixedLevel(b, a, outB, outA, max);
    }

    private int sameLevel(int a, int b, int[] outA, int[] outB, int max) {
        int c0 = Math.max(col0[a], col0[b]);
        int c1 = Math.min(col0[a] + cols[a], col0[b] + cols[b]);
        int r0 = Math.max(row0[a], row0[b]);
        int r1 = Math.min(row0[a] + rows(a), row0[b] + rows(b));
        if (c0 >= c1 || r0 >= r1) {
            return 0;
        }
        int sa = c0 - col0[a];
        int sb = c0 - col0[b];
        long mask = c1 - c0 == 64 ? -1L : (1L << (c1 - c0)) - 1;
        int baseA = rowStart[a] - row0[a];
        int baseB = rowStart[b] - row0[b];
        int n = 0;
        int lastA = -1;
        int lastB = -1;
        for (int r = r0; r < r1; r++) {
            long w = (bits[baseA + r] >>> sa) & (bits[baseB + r] >>> sb) & mask;
            while (w != 0) {
                int q = Long.numberOfTrailingZeros(w);
                w &= w - 1;
                int pa = partAt(a, r - row0[a], q + sa);
                int pb = partAt(b, r - row0[b], q + sb);
                if (pa != lastA || pb != lastB) {
                    outA[n] = pa;
                    outB[n] = pb;
                    lastA = pa;
                    lastB = pb;
                    if (++n == max) {
                        return n;
                    }
                }
            }
        }
        return n;
    }

    /**
     * {@code f}'s lattice is finer than {@code g}'s: g's point {@code (i, j)} is f's point
     * {@code (i, j) * 2^(level g - level f)}.
     */
    private int mixedLevel(int f, int g, int[] outF, int[] outG, int max) {
        int s = level[g] - level[f];
        if (s >= 30) {
            return 0; // f spans less than a cell of g: at most a point or two in common
        }
        int c0 = Math.max(col0[g], Math.ceilDiv(col0[f], 1 << s));
        int c1 = Math.min(col0[g] + cols[g] - 1, Math.floorDiv(col0[f] + cols[f] - 1, 1 << s));
        int r0 = Math.max(row0[g], Math.ceilDiv(row0[f], 1 << s));
        int r1 = Math.min(row0[g] + rows(g) - 1, Math.floorDiv(row0[f] + rows(f) - 1, 1 << s));
        if (c0 > c1 || r0 > r1) {
            return 0;
        }
        int sg = c0 - col0[g];
        long mask = c1 - c0 == 63 ? -1L : (1L << (c1 - c0 + 1)) - 1;
        int n = 0;
        int lastF = -1;
        int lastG = -1;
        for (int r = r0; r <= r1; r++) {
            int rg = r - row0[g];
            int rf = (r << s) - row0[f];
            long wf = bits[rowStart[f] + rf];
            long w = (bits[rowStart[g] + rg] >>> sg) & mask;
            while (w != 0) {
                int q = Long.numberOfTrailingZeros(w);
                w &= w - 1;
                int qf = ((c0 + q) << s) - col0[f];
                if ((wf >>> qf & 1) == 0) {
                    continue;
                }
                int pf = partAt(f, rf, qf);
                int pg = partAt(g, rg, q + sg);
                if (pf != lastF || pg != lastG) {
                    outF[n] = pf;
                    outG[n] = pg;
                    lastF = pf;
                    lastG = pg;
                    if (++n == max) {
                        return n;
                    }
                }
            }
        }
        return n;
    }
}
