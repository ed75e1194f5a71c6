package dev.sepax.query;

import dev.sepax.geom.Orientation;
import dev.sepax.internal.BatchArguments;
import dev.sepax.internal.PolygonArrays;
import dev.sepax.internal.SingleCaller;
import dev.sepax.shape.ConvexPolygons;

import java.util.Arrays;

/**
 * One thread's reusable query against a shared {@link FenceIndex}: the fences that contain a
 * point, or that a convex polygon given per request in caller arrays intersects.
 *
 * <h2>Verdicts</h2>
 * A polygon query evaluates, for each fence part whose AABB the index does not rule out, the
 * linear-scan kernel's expressions ({@link dev.sepax.narrow.ScalarSat#LINEAR}): the AABB
 * compares, then along every edge of the query and of the part the separation
 * {@code enx*(bx-ax) + eny*(by-ay)} against {@code tolerance * len}, with the edge normals
 * computed from the float vertices exactly as {@link ConvexPolygons} computes them. The verdict
 * does not depend on the order of the axes, so it equals that kernel's verdict on a store holding
 * the query and the fence with the same vertices (and {@code ScalarSat.INSTANCE}'s, except inside
 * {@link dev.sepax.narrow.FloatBand#ofLargePairs} when both have 64 or more vertex slots). A point is a degenerate query: it is in a part iff it lies in the part's AABB
 * ({@code minX <= px <= maxX} and {@code minY <= py <= maxY}, the bounds of the part's float
 * vertices) and no edge of the part has it strictly outside
 * ({@code enx*(px-ax) + eny*(py-ay) <= 0} in float along every edge, with the edge normal
 * {@code (by-ay, -(bx-ax))} of the CCW part). The AABB compare is part of the rule, not only a
 * filter: a point outside the AABB is outside the part even where every edge's rounded
 * expression is {@code <= 0}. Touching counts as intersecting; the band is
 * {@link dev.sepax.narrow.FloatBand}'s, {@code 16 u M}.
 *
 * <p>The query polygon is validated per call (finite, within {@link ConvexPolygons#MAX_COORDINATE},
 * at least 3 distinct vertices, convex in either winding, winding round once, no spike where
 * the boundary doubles back: exact orientation tests); consecutive duplicates are skipped, and a
 * vertex straight between its neighbours is kept. Unlike a store, a query is not welded, so a nearly collinear query
 * vertex touching a fence exactly is classified within the band, not exactly.
 *
 * <h2>Output</h2>
 * The fences hit, each once, in increasing order, into a caller-owned {@code int[]}; the return
 * value is their number, which may exceed the array (only the first {@code hits.length} are
 * written). A batch of polygons ({@link #intersecting(float[][], int, int, float, int[], int[])})
 * gets, per query, the same fences in the same order, one list after another in one
 * {@code int[]} with each list's end in another: the server's form, since a single query waits
 * for three dependent cache misses that a batch overlaps with the other queries' (about 8-10%
 * less time per query on G100k: the number of lines that miss then bounds it).
 *
 * <h2>Threads and allocation</h2>
 * One caller at a time (a concurrent call throws {@link IllegalStateException} before touching
 * anything); make one per thread with {@link FenceIndex#newQuery()}. Its scratch grows to the
 * largest query polygon, hit count, row-run count and candidate count seen (a batch call's, for
 * each of {@value #WINDOW} queries in flight, on its first call), then calls allocate nothing.
 */
public final class FenceQuery {
    /**
     * Queries a batch call carries through its stages together. A stage's loads for all of them
     * are independent, so they miss together up to the core's limit of outstanding misses (about
     * ten on the hosts measured); 32 measured as fast as 64 and faster than 8 or 16 on G100k, and
     * 32 queries' lines (about 25 each) stay in the L2 until the next stage reads them.
     */
    static final int WINDOW = 32;

    private final FenceIndex index;
    private final SingleCaller caller = new SingleCaller("FenceQuery");
    /**
     * The queries in flight: slot 0 serves the single-query call, slots 0 .. WINDOW - 1 a batch
     * (made on the first batch call, so that a query object used one query at a time stays small).
     */
    private final Slot[] slots;
    private int[] found = new int[64];
    private int touched;

    /** One query polygon and its candidates between the stages. */
    private static final class Slot {
        float[] qx = new float[16];
        float[] qy = new float[16];
        float[] qnx = new float[16];
        float[] qny = new float[16];
        /** The query's edge lengths, computed only for a nonzero tolerance ({@code 0 * len} is a zero of the tolerance's sign). */
        float[] qlen = new float[16];
        int qk;
        float qMinX;
        float qMinY;
        float qMaxX;
        float qMaxY;
        /**
         * The query's widened bounds on the index's lattice as guarded words (see
         * {@link FenceIndex#GUARDS}): {@code G | hiX | hiY << 16} and
         * {@code G | (QUANT_MAX - loX) | (QUANT_MAX - loY) << 16}.
         */
        int qhi;
        int qlo;
        /** The query's runs of ranks: start, end. */
        int[] runFrom = new int[32];
        int[] runTo = new int[32];
        int runs;
        /** The record offsets of the query's candidate parts. */
        int[] candidates = new int[64];
        int count;
    }

    FenceQuery(FenceIndex index) {
        this.index = index;
        slots = new Slot[WINDOW];
        slots[0] = new Slot();
    }

    /** The index this query reads. */
    public FenceIndex index() {
        return index;
    }

    /**
     * The fences containing point {@code (x, y)} (on the boundary counts): those with a part
     * whose AABB holds the point ({@code minX <= x <= maxX}, {@code minY <= y <= maxY}) and
     * along every edge of which {@code enx*(x-ax) + eny*(y-ay) <= 0} in float (see the class
     * comment).
     *
     * @throws IllegalArgumentException if {@code hits} is null or a coordinate is not finite
     * @throws IllegalStateException if another call on this object is running
     */
    public int containing(float x, float y, int[] hits) {
        if (hits == null) {
            throw new IllegalArgumentException("hits is null");
        }
        if (!Float.isFinite(x) || !Float.isFinite(y)) {
            throw new IllegalArgumentException("point x=" + x + " y=" + y + " is not finite");
        }
        caller.enter();
        try {
            return point(x, y, hits);
        } finally {
            caller.exit();
        }
    }

    /**
     * The fences that the convex polygon {@code xy = x0, y0, x1, y1, ...} (either winding)
     * intersects at {@code tolerance} (see {@link dev.sepax.narrow.SatKernel} for its meaning).
     *
     * @throws IllegalArgumentException naming the query vertex and the reason for a bad polygon,
     *     or if {@code hits} is null or the tolerance is not finite
     * @throws IllegalStateException if another call on this object is running
     */
    public int intersecting(float[] xy, float tolerance, int[] hits) {
        if (hits == null || xy == null) {
            throw new IllegalArgumentException("xy or hits is null");
        }
        BatchArguments.checkTolerance(tolerance);
        caller.enter();
        try {
            Slot s = slots[0];
            load(s, xy, -1);
            runs(s, tolerance);
            int sum = touchBoxes(s);
            filter(s);
            touched = sum + touchRecords(s);
            return finish(test(s, tolerance), hits);
        } finally {
            caller.exit();
        }
    }

    /**
     * The fences that each of the convex polygons {@code polygons[from]}, ...,
     * {@code polygons[from + count - 1]} intersects at {@code tolerance}: for every query the
     * fences, in the order, that {@link #intersecting(float[], float, int[])} finds for it alone.
     * A server with a queue of requests calls this on a batch of them: the queries are taken
     * through the index's stages {@value #WINDOW} at a time, so that one query's memory loads
     * overlap the others' (a single query waits for three dependent cache misses).
     *
     * <p>Output: query {@code from + i}'s fences, increasing, are {@code hits[s .. ends[i])} with
     * {@code s = 0} for {@code i = 0} and {@code s = ends[i - 1]} after. The return value is the
     * number of queries answered, {@code count} unless {@code hits} ran out of room: if it is
     * {@code a < count}, the fences of query {@code from + a} did not fit, none of them is written,
     * and {@code ends[a]} holds where its list would have ended (more than {@code hits.length});
     * continue with {@code from + a} (with a larger {@code hits} if {@code a == 0}).
     *
     * @throws IllegalArgumentException if an array is null, the range is not within
     *     {@code polygons}, {@code ends} is shorter than {@code count} or the tolerance is not
     *     finite; or naming the query (its index in {@code polygons}), its vertex where there is
     *     one, and the reason for a null or bad polygon (the queries before it may already have
     *     been written)
     * @throws IllegalStateException if another call on this object is running
     */
    public int intersecting(float[][] polygons, int from, int count, float tolerance, int[] ends, int[] hits) {
        if (polygons == null || ends == null || hits == null) {
            throw new IllegalArgumentException("polygons, ends or hits is null");
        }
        if (from < 0 || count < 0 || from > polygons.length - count) {
            throw new IllegalArgumentException("from=" + from + " count=" + count + ": not within polygons.length="
                    + polygons.length);
        }
        if (ends.length < count) {
            throw new IllegalArgumentException("ends.length=" + ends.length + " < count=" + count);
        }
        BatchArguments.checkTolerance(tolerance);
        caller.enter();
        try {
            return batch(polygons, from, count, tolerance, ends, hits);
        } finally {
            caller.exit();
        }
    }

    /**
     * Windows of up to {@link #WINDOW} queries, each window stage by stage: every query's
     * validation; every query's run bounds; every query's first and last box lines; every
     * query's filter; every query's record lines; then the tests in query order. Each loop of
     * loads issues, for all the window's queries, loads that do not depend on each other, so
     * that they miss together, and holds little else: a miss that reaches the head of the
     * core's reorder window stalls it, and a loop with a query's validation or filter between
     * its loads would let only one query's loads into that window at a time. A stage reads what
     * the stage before it touched. The verdicts are those of the single call: the same functions
     * on the same slot state, the same order of candidates within a query.
     */
    private int batch(float[][] polygons, int from, int count, float tol, int[] ends, int[] hits) {
        Slot[] sl = slots;
        if (sl[sl.length - 1] == null) {
            for (int i = 1; i < sl.length; i++) {
                sl[i] = new Slot();
            }
        }
        int out = 0;
        int sum = 0;
        for (int w = 0; w < count; w += sl.length) {
            int size = Math.min(sl.length, count - w);
            for (int j = 0; j < size; j++) {
                int q = from + w + j;
                float[] xy = polygons[q];
                if (xy == null) {
                    throw new IllegalArgumentException("query " + q + ": null");
                }
                load(sl[j], xy, q);
            }
            for (int j = 0; j < size; j++) {
                runs(sl[j], tol);
            }
            for (int j = 0; j < size; j++) {
                sum += touchBoxes(sl[j]);
            }
            for (int j = 0; j < size; j++) {
                filter(sl[j]);
            }
            for (int j = 0; j < size; j++) {
                sum += touchRecords(sl[j]);
            }
            for (int j = 0; j < size; j++) {
                int m = distinct(test(sl[j], tol));
                int end = out + m;
                ends[w + j] = end;
                if (m > hits.length - out) {
                    touched = sum;
                    return w + j;
                }
                System.arraycopy(found, 0, hits, out, m);
                out = end;
            }
        }
        // Kept in a field so that the compiler cannot drop the loads.
        touched = sum;
        return count;
    }

    private int point(float px, float py, int[] hits) {
        FenceIndex ix = index;
        int n = 0;
        // A part containing the point has it inside its AABB, so the point's cell is in
        // the part's cell range (cellX is monotone): the part is on this cell's list.
        int cell = ix.pointX(px) + ix.pointY(py) * ix.pointCols;
        int[] r = ix.records;
        int[] list = ix.cover;
        for (int k = FenceIndex.COVER * ix.coverStart[cell], end = FenceIndex.COVER * ix.coverStart[cell + 1]; k < end;
                k += FenceIndex.COVER) {
            if (px >= Float.intBitsToFloat(list[k]) && py >= Float.intBitsToFloat(list[k + 1])
                    && px <= Float.intBitsToFloat(list[k + 2]) && py <= Float.intBitsToFloat(list[k + 3])) {
                int e = list[k + 4];
                if (inside(r, e + FenceIndex.HEADER, r[e + 5], px, py)) {
                    n = add(n, r[e + 4]);
                }
            }
        }
        float[] b = ix.bounds;
        int i = 0;
        while (i < ix.nodes) {
            if (px < b[4 * i] || py < b[4 * i + 1] || px > b[4 * i + 2] || py > b[4 * i + 3]) {
                i = ix.escape[i];
                continue;
            }
            int c = ix.count[i];
            float[] ib = ix.itemBounds;
            for (int e = ix.first[i]; e < ix.first[i] + c; e++) {
                if (px >= ib[4 * e] && py >= ib[4 * e + 1] && px <= ib[4 * e + 2] && py <= ib[4 * e + 3]) {
                    int o = ix.itemRecord[e];
                    if (inside(ix.largeRecords, o + FenceIndex.HEADER, ix.largeRecords[o + 5], px, py)) {
                        n = add(n, ix.largeRecords[o + 4]);
                    }
                }
            }
            i++;
        }
        return finish(n, hits);
    }

    /**
     * Stage 1: the query's widened bounds on the lattice and, per grid level and row, the run
     * of parts whose min corner may lie in the widened query box (see {@link FenceIndex}): loads
     * of the cell starts whose addresses come from the query alone, independent of each other.
     */
    private void runs(Slot s, float tol) {
        FenceIndex ix = index;
        if (tol != 0) {
            float[] qx = s.qx;
            float[] qy = s.qy;
            int qk = s.qk;
            for (int i = 0; i < qk; i++) {
                int j = i + 1 == qk ? 0 : i + 1;
                double dx = (double) qx[j] - qx[i];
                double dy = (double) qy[j] - qy[i];
                s.qlen[i] = (float) Math.sqrt(dx * dx + dy * dy);
            }
        }
        // The cells a part passing the AABB compares can reach (see FenceIndex: the margin covers
        // the float compare's slack at tol and the double sums' rounding).
        double t = tol;
        double slack = 0x1p-22 * Math.abs(t);
        double lo = s.qMinX - t - (slack + 0x1p-40 * Math.abs(s.qMinX));
        double hi = s.qMaxX + t + (slack + 0x1p-40 * Math.abs(s.qMaxX));
        double loY = s.qMinY - t - (slack + 0x1p-40 * Math.abs(s.qMinY));
        double hiY = s.qMaxY + t + (slack + 0x1p-40 * Math.abs(s.qMaxY));
        s.qhi = FenceIndex.GUARDS | ix.quantX(hi) | ix.quantY(hiY) << 16;
        s.qlo = FenceIndex.GUARDS | (FenceIndex.QUANT_MAX - ix.quantX(lo)) | (FenceIndex.QUANT_MAX - ix.quantY(loY)) << 16;
        int runs = 0;
        for (int l = 0; l < ix.levels; l++) {
            int x0 = ix.cellX(l, lo - ix.reach[l]);
            // At a negative tolerance lo may pass hi by more than a cell: clamped, the run is
            // empty (its start is its end), as the filter's loop needs (it stops at the end).
            int x1 = Math.max(ix.cellX(l, hi), x0 - 1);
            int y0 = ix.cellY(l, loY - ix.reach[l]);
            int y1 = ix.cellY(l, hiY);
            if (runs + y1 - y0 + 1 > s.runFrom.length) {
                int cap = Math.max(runs + y1 - y0 + 1, 2 * s.runFrom.length);
                s.runFrom = Arrays.copyOf(s.runFrom, cap);
                s.runTo = Arrays.copyOf(s.runTo, cap);
            }
            int[] c = ix.cellFirst[l];
            int cols = ix.cols[l];
            int[] f = s.runFrom;
            int[] to = s.runTo;
            for (int y = y0; y <= y1; y++) {
                f[runs] = c[x0 + y * cols];
                to[runs] = c[x1 + 1 + y * cols];
                runs++;
            }
        }
        s.runs = runs;
    }

    /**
     * Stage 2: the first and last box line of every run, independent loads again; returns a sum
     * of what they read, which the caller keeps so that the loads stay. Sizes the candidate list.
     */
    private int touchBoxes(Slot s) {
        int[] box = index.boxes;
        int[] f = s.runFrom;
        int[] t = s.runTo;
        int total = 0;
        int sum = 0;
        int last = box.length - 1;
        for (int i = 0, runs = s.runs; i < runs; i++) {
            // Clamped: an empty run may start at the end of the array (or the array be empty).
            sum += box[Math.max(Math.min(FenceIndex.BOX * f[i], last), 0)] + box[Math.max(FenceIndex.BOX * t[i] - 1, 0)];
            total += t[i] - f[i];
        }
        if (total > s.candidates.length) {
            s.candidates = Arrays.copyOf(s.candidates, Math.max(total, 2 * s.candidates.length));
        }
        return sum;
    }

    /**
     * Stage 3: each run's lattice boxes against the query's (lines now in flight or in cache),
     * the record offsets of the parts that pass kept in the slot's candidates.
     */
    private void filter(Slot s) {
        int[] box = index.boxes;
        int[] f = s.runFrom;
        int[] t = s.runTo;
        int qhi = s.qhi;
        int qlo = s.qlo;
        int[] c = s.candidates;
        int n = 0;
        for (int k = 0, runs = s.runs; k < runs; k++) {
            // != (the run's ends are whole entries): not a counted loop, so the compiler does
            // not unroll it into pre-, main and post-loops, whose exits a run of about four
            // boxes would each take at random.
            for (int i = FenceIndex.BOX * f[k], end = FenceIndex.BOX * t[k]; i != end; i += FenceIndex.BOX) {
                // Each lane's guard stays set iff hiX >= minX, hiY >= minY (first word), and
                // maxX >= loX, maxY >= loY (second word, both sides complemented).
                int meet = (qhi - box[i]) & (qlo - box[i + 1]) & FenceIndex.GUARDS;
                c[n] = box[i + 2];
                n += meet == FenceIndex.GUARDS ? 1 : 0;
            }
        }
        s.count = n;
    }

    /**
     * Stage 4: the first two lines of every candidate's record, independent loads; returns a sum
     * of what they read.
     */
    private int touchRecords(Slot s) {
        int[] r = index.records;
        int[] c = s.candidates;
        int rl = r.length - 1;
        int sum = 0;
        for (int i = 0, n = s.count; i < n; i++) {
            int e = c[i];
            sum += r[e] + r[Math.min(e + 16, rl)];
        }
        return sum;
    }

    /**
     * Is the point on no edge's outer side? Reads a record's vertices; each edge normal is
     * recomputed with {@link ConvexPolygons}' expression, so it has the store's bits.
     */
    private static boolean inside(int[] r, int o, int k, float px, float py) {
        int last = o + 2 * (k - 1);
        for (int v = o; v <= last; v += 2) {
            int j = v == last ? o : v + 2;
            float ax = Float.intBitsToFloat(r[v]);
            float ay = Float.intBitsToFloat(r[v + 1]);
            float enx = Float.intBitsToFloat(r[j + 1]) - ay;
            float eny = -(Float.intBitsToFloat(r[j]) - ax);
            if (enx * (px - ax) + eny * (py - ay) > 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * Stage 5: the kernel's AABB compares and tests over the slot's candidates, then the
     * hierarchy of large parts; the fences hit go to {@code found} (unsorted, perhaps repeated);
     * returns their number.
     */
    private int test(Slot s, float tol) {
        FenceIndex ix = index;
        PolygonArrays st = ix.parts.arrays();
        int n = 0;
        float qMinX = s.qMinX;
        float qMinY = s.qMinY;
        float qMaxX = s.qMaxX;
        float qMaxY = s.qMaxY;
        int[] r = ix.records;
        int[] cand = s.candidates;
        float[] qx = s.qx;
        float[] qy = s.qy;
        float[] qnx = s.qnx;
        float[] qny = s.qny;
        float[] qlen = s.qlen;
        int qk = s.qk;
        int u = 0;
        // The last four fences found (-1: none; fences are numbered from 0). A fence's parts lie
        // in nearby cells, so most parts of a fence already hit are skipped without their test
        // (the output is per fence: no verdict changes); four compares, no loop, no branch but
        // the skip.
        int f0 = -1;
        int f1 = -1;
        int f2 = -1;
        int f3 = -1;
        for (int k = 0, m = s.count; k < m; k++) {
            int e = cand[k];
            float minX = Float.intBitsToFloat(r[e]);
            float minY = Float.intBitsToFloat(r[e + 1]);
            float maxX = Float.intBitsToFloat(r[e + 2]);
            float maxY = Float.intBitsToFloat(r[e + 3]);
            if (minX - qMaxX > tol || qMinX - maxX > tol || minY - qMaxY > tol || qMinY - maxY > tol) {
                continue;
            }
            int fence = r[e + 4];
            if ((fence == f0 | fence == f1) | (fence == f2 | fence == f3)) {
                continue;
            }
            // partTest(s, st, r, e, tol, u), written out: called from here, the hottest site, it
            // was at times compiled on its own first and then too big to inline.
            int o = e + FenceIndex.HEADER;
            int last = o + 2 * (r[e + 5] - 1);
            boolean apart = false;
            int w = o;
            float wx = Float.intBitsToFloat(r[w]);
            float wy = Float.intBitsToFloat(r[w + 1]);
            for (int q = 0; q < qk; q++) {
                float nx = qnx[q];
                float ny = qny[q];
                float ax = qx[q];
                float ay = qy[q];
                float limit = tol == 0 ? tol : tol * qlen[q];
                if (nx * (wx - ax) + ny * (wy - ay) > limit) {
                    int nw = -1;
                    for (int v = o; v <= last; v += 2) {
                        nw = nx * (Float.intBitsToFloat(r[v]) - ax) + ny * (Float.intBitsToFloat(r[v + 1]) - ay) <= limit ? v : nw;
                    }
                    if (nw < 0) {
                        apart = true;
                        break;
                    }
                    w = nw;
                    wx = Float.intBitsToFloat(r[nw]);
                    wy = Float.intBitsToFloat(r[nw + 1]);
                }
            }
            if (!apart) {
                int base = tol == 0 ? 0 : st.start[r[e + 6]];
                // The query's witness carries over from its last tested part: the candidates
                // lie near each other, so a query vertex inside one is often inside the next.
                float ux = qx[u];
                float uy = qy[u];
                // Each edge's end is the next edge's start: read once.
                float ax = Float.intBitsToFloat(r[o]);
                float ay = Float.intBitsToFloat(r[o + 1]);
                for (int v = o; v <= last; v += 2) {
                    int j = v == last ? o : v + 2;
                    float bx = Float.intBitsToFloat(r[j]);
                    float by = Float.intBitsToFloat(r[j + 1]);
                    float nx = by - ay;
                    float ny = -(bx - ax);
                    float limit = tol == 0 ? tol : tol * st.len[base + (v - o) / 2];
                    if (nx * (ux - ax) + ny * (uy - ay) > limit) {
                        int nu = -1;
                        for (int i = 0; i < qk; i++) {
                            nu = nx * (qx[i] - ax) + ny * (qy[i] - ay) <= limit ? i : nu;
                        }
                        if (nu < 0) {
                            apart = true;
                            break;
                        }
                        u = nu;
                        ux = qx[nu];
                        uy = qy[nu];
                    }
                    ax = bx;
                    ay = by;
                }
            }
            if (!apart) {
                n = add(n, fence);
                f3 = f2;
                f2 = f1;
                f1 = f0;
                f0 = fence;
            }
        }
        float[] b = ix.bounds;
        int i = 0;
        while (i < ix.nodes) {
            // The kernel's AABB compares with the node as shape B: a node bound is a min or max
            // over its parts' bounds, so a node gap > tol implies that gap for every part in it.
            if (b[4 * i] - qMaxX > tol || qMinX - b[4 * i + 2] > tol
                    || b[4 * i + 1] - qMaxY > tol || qMinY - b[4 * i + 3] > tol) {
                i = ix.escape[i];
                continue;
            }
            int c = ix.count[i];
            float[] ib = ix.itemBounds;
            for (int e = ix.first[i]; e < ix.first[i] + c; e++) {
                if (ib[4 * e] - qMaxX > tol || qMinX - ib[4 * e + 2] > tol
                        || ib[4 * e + 1] - qMaxY > tol || qMinY - ib[4 * e + 3] > tol) {
                    continue;
                }
                int o = ix.itemRecord[e];
                int witness = partTest(s, st, ix.largeRecords, o, tol, u);
                if (witness >= 0) {
                    u = witness;
                    n = add(n, ix.largeRecords[o + 4]);
                }
            }
            i++;
        }
        return n;
    }

    /**
     * The verdict for the part whose record starts at {@code r[e]}: no edge of the query or of
     * the part separates by more than tol ({@link #test} holds a copy of this body for the grid
     * parts, written out there). The verdict does not depend on the order of the axes; they are
     * taken in plain order (the query's, then the part's). Each axis is first tried on its
     * witness alone (the vertex that last kept an axis from separating: one inside the other
     * shape does so for most axes), and only when that vertex is outside are all the vertices
     * scanned with no exit but the loop's (the compare feeds a select, which the compiler can
     * make a conditional move), the last one that holds becoming the witness: on G100k's
     * queries a data-dependent exit cost more than the vertices it skipped, and the last vertex
     * that holds fails fewer later axes than the first one after the witness. Any witness
     * decides the same verdict, so the witnesses change no bit. Part edge normals are recomputed
     * from the record's vertices (the store's bits, see {@link FenceIndex}); the store's edge
     * lengths are read only at a nonzero tolerance ({@code 0 * len} is a zero of the
     * tolerance's sign: the same compares).
     *
     * @param u the query vertex to start the part's axes from (the witness of the last part)
     * @return -1 when an axis separates, else the query's witness for the next part
     */
    private static int partTest(Slot s, PolygonArrays st, int[] r, int e, float tol, int u) {
        float[] qx = s.qx;
        float[] qy = s.qy;
        float[] qnx = s.qnx;
        float[] qny = s.qny;
        float[] qlen = s.qlen;
        int qk = s.qk;
        int o = e + FenceIndex.HEADER;
        int last = o + 2 * (r[e + 5] - 1);
        int w = o;
        float wx = Float.intBitsToFloat(r[w]);
        float wy = Float.intBitsToFloat(r[w + 1]);
        for (int q = 0; q < qk; q++) {
            float nx = qnx[q];
            float ny = qny[q];
            float ax = qx[q];
            float ay = qy[q];
            float limit = tol == 0 ? tol : tol * qlen[q];
            if (nx * (wx - ax) + ny * (wy - ay) > limit) {
                int nw = -1;
                for (int v = o; v <= last; v += 2) {
                    nw = nx * (Float.intBitsToFloat(r[v]) - ax) + ny * (Float.intBitsToFloat(r[v + 1]) - ay) <= limit ? v : nw;
                }
                if (nw < 0) {
                    return -1;
                }
                w = nw;
                wx = Float.intBitsToFloat(r[nw]);
                wy = Float.intBitsToFloat(r[nw + 1]);
            }
        }
        // The store index of the record's vertex v is st.start[part] + (v - o) / 2.
        int base = tol == 0 ? 0 : st.start[r[e + 6]];
        float ux = qx[u];
        float uy = qy[u];
        // Each edge's end is the next edge's start: read once.
        float ax = Float.intBitsToFloat(r[o]);
        float ay = Float.intBitsToFloat(r[o + 1]);
        for (int v = o; v <= last; v += 2) {
            int j = v == last ? o : v + 2;
            float bx = Float.intBitsToFloat(r[j]);
            float by = Float.intBitsToFloat(r[j + 1]);
            float nx = by - ay;
            float ny = -(bx - ax);
            float limit = tol == 0 ? tol : tol * st.len[base + (v - o) / 2];
            if (nx * (ux - ax) + ny * (uy - ay) > limit) {
                int nu = -1;
                for (int i = 0; i < qk; i++) {
                    nu = nx * (qx[i] - ax) + ny * (qy[i] - ay) <= limit ? i : nu;
                }
                if (nu < 0) {
                    return -1;
                }
                u = nu;
                ux = qx[nu];
                uy = qy[nu];
            }
            ax = bx;
            ay = by;
        }
        return u;
    }

    private int add(int n, int fence) {
        if (n == found.length) {
            found = Arrays.copyOf(found, 2 * n);
        }
        found[n] = fence;
        return n + 1;
    }

    /** Sorts and deduplicates found[0, n) and copies what fits. */
    private int finish(int n, int[] hits) {
        int m = distinct(n);
        System.arraycopy(found, 0, hits, 0, Math.min(m, hits.length));
        return m;
    }

    /** Sorts and deduplicates found[0, n); returns the number of distinct fences, now first. */
    private int distinct(int n) {
        if (n > 16) {
            heapSort(found, n);
        } else {
            // Insertion sort: a query hits a few fences.
            for (int i = 1; i < n; i++) {
                int v = found[i];
                int j = i - 1;
                while (j >= 0 && found[j] > v) {
                    found[j + 1] = found[j];
                    j--;
                }
                found[j + 1] = v;
            }
        }
        int m = 0;
        for (int i = 0; i < n; i++) {
            if (m == 0 || found[i] != found[m - 1]) {
                found[m++] = found[i];
            }
        }
        return m;
    }

    /**
     * Sorts {@code a[0, n)} in place, allocating nothing ({@code Arrays.sort} on ints allocates
     * a small array per partition step for larger ranges on this JDK).
     */
    private static void heapSort(int[] a, int n) {
        for (int i = n / 2 - 1; i >= 0; i--) {
            siftDown(a, i, n);
        }
        for (int end = n - 1; end > 0; end--) {
            int t = a[0];
            a[0] = a[end];
            a[end] = t;
            siftDown(a, 0, end);
        }
    }

    /** Moves {@code a[i]} down the max-heap {@code a[0, n)} to its place. */
    private static void siftDown(int[] a, int i, int n) {
        int v = a[i];
        while (true) {
            int c = 2 * i + 1;
            if (c >= n) {
                break;
            }
            if (c + 1 < n && a[c + 1] > a[c]) {
                c++;
            }
            if (a[c] <= v) {
                break;
            }
            a[i] = a[c];
            i = c;
        }
        a[i] = v;
    }

    /**
     * {@link Orientation#orient}'s exact sign, decided in double where that is certain: each
     * coordinate difference, each product and the difference of products is rounded once
     * (relative error {@code u = 2^-53} each, no underflow or overflow for floats within
     * {@code 2^60}), so {@code |det - exact| <= 4u (|p1| + |p2|) (1 + 4u) < 2^-49 (|p1| + |p2|)};
     * beyond that bound the sign is exact, and within it the exact predicate decides. Small
     * enough for the compiler to inline, unlike the exact predicate.
     */
    static int turn(float ax, float ay, float bx, float by, float cx, float cy) {
        int s = filteredSign(((double) bx - ax) * ((double) cy - ay), ((double) by - ay) * ((double) cx - ax));
        return s != 0 ? s : Orientation.orient(ax, ay, bx, by, cx, cy);
    }

    /**
     * The turn at vertex i of the ring {@code (x, y)[0, k)}, from the double differences of its
     * edges into ({@code in}) and out of ({@code out}) it: {@code in x out} is exactly
     * {@code (b - a) x (c - a)} for neighbours a, c of b = vertex i, and it is rounded as in
     * {@link #turn(float, float, float, float, float, float)} (each difference, each product and
     * their difference once), so the same bound decides its sign, and within it the exact predicate.
     */
    static int turn(double inX, double inY, double outX, double outY, float[] x, float[] y, int k, int i) {
        int s = filteredSign(inX * outY, inY * outX);
        if (s != 0) {
            return s;
        }
        int a = i == 0 ? k - 1 : i - 1;
        int c = i + 1 == k ? 0 : i + 1;
        return Orientation.orient(x[a], y[a], x[i], y[i], x[c], y[c]);
    }

    /**
     * The sign of {@code p1 - p2} for the two rounded products of a turn, or 0 when the
     * difference lies within the products' error bound {@code 2^-49 (|p1| + |p2|)} (see
     * {@link #turn(float, float, float, float, float, float)}) and the exact predicate must decide.
     */
    private static int filteredSign(double p1, double p2) {
        double det = p1 - p2;
        double bound = 0x1p-49 * (Math.abs(p1) + Math.abs(p2));
        return det > bound ? 1 : det < -bound ? -1 : 0;
    }

    /**
     * Validates and loads the query polygon into slot s, counter-clockwise, with the store's
     * normal forms; {@code query} names it in messages (its index in a batch, or -1 for a single call).
     */
    private static void load(Slot s, float[] xy, int query) {
        if ((xy.length & 1) != 0) {
            throw new IllegalArgumentException(name(query) + ": odd coordinate count " + xy.length);
        }
        int n = xy.length / 2;
        if (s.qx.length < n) {
            int c = Math.max(n, 2 * s.qx.length);
            s.qx = new float[c];
            s.qy = new float[c];
            s.qnx = new float[c];
            s.qny = new float[c];
            s.qlen = new float[c];
        }
        float[] qx = s.qx;
        float[] qy = s.qy;
        float[] qnx = s.qnx;
        float[] qny = s.qny;
        int k = 0;
        float minX = Float.POSITIVE_INFINITY;
        float minY = Float.POSITIVE_INFINITY;
        float maxX = Float.NEGATIVE_INFINITY;
        float maxY = Float.NEGATIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            float x = xy[2 * i];
            float y = xy[2 * i + 1];
            // One compare a coordinate: NaN fails it, an infinity exceeds the bound.
            if (!(Math.abs(x) <= ConvexPolygons.MAX_COORDINATE) || !(Math.abs(y) <= ConvexPolygons.MAX_COORDINATE)) {
                throw new IllegalArgumentException(name(query) + " vertex=" + i + ": x=" + x + " y=" + y
                        + " is not finite or beyond +-2^60");
            }
            if (k > 0 && qx[k - 1] == x && qy[k - 1] == y) {
                continue;
            }
            qx[k] = x;
            qy[k] = y;
            k++;
            // Duplicates and the order do not change the bounds.
            minX = Math.min(minX, x);
            minY = Math.min(minY, y);
            maxX = Math.max(maxX, x);
            maxY = Math.max(maxY, y);
        }
        while (k > 1 && qx[0] == qx[k - 1] && qy[0] == qy[k - 1]) {
            k--;
        }
        if (k < 3) {
            throw new IllegalArgumentException(name(query) + ": fewer than 3 distinct vertices (" + k + ")");
        }
        // Convex in one winding: no turn of the other sign, and one full turn (no star shapes:
        // the edge directions' x components change sign at most twice around a convex polygon).
        // Each edge's difference is taken once, in double: the turn at vertex i is the cross
        // product of the edges into and out of it (equal, exactly, to the orientation of its
        // neighbours and it; see turn for the bound), and the signs of the x differences are
        // those of the float differences (both are exact in sign).
        int sign = 0;
        int xFlips = 0;
        // The first straight vertex where the boundary turns back: a spike.
        int spike = -1;
        double inX = (double) qx[0] - qx[k - 1];
        double inY = (double) qy[0] - qy[k - 1];
        // The last nonzero x difference before edge 0, going round: a vertical edge carries the
        // previous sign, so that a flip through it still counts (a boundary winding twice with
        // vertical edges where x changes sign has no two adjacent edges of opposite x sign).
        double lastX = 0;
        for (int i = k - 1; i >= 0 && lastX == 0; i--) {
            lastX = (double) qx[i + 1 == k ? 0 : i + 1] - qx[i];
        }
        for (int i = 0; i < k; i++) {
            int c = i + 1 == k ? 0 : i + 1;
            double outX = (double) qx[c] - qx[i];
            double outY = (double) qy[c] - qy[i];
            // The store's normal form for a counter-clockwise ring, redone below if it is not.
            qnx[i] = qy[c] - qy[i];
            qny[i] = -(qx[c] - qx[i]);
            int t = turn(inX, inY, outX, outY, qx, qy, k, i);
            if (t != 0) {
                if (sign != 0 && t != sign) {
                    throw new IllegalArgumentException(name(query) + " vertex=" + callerVertex(xy, i)
                            + ": the polygon is not convex here");
                }
                sign = t;
            } else if (spike < 0 && reverses(inX, inY, outX, outY)) {
                spike = i;
            }
            // Nonzero and of opposite signs (no underflow: each is 0 or at least 2^-149 in
            // magnitude); counted without a branch, as the flips come at random vertices.
            xFlips += lastX * outX < 0 ? 1 : 0;
            lastX = outX != 0 ? outX : lastX;
            inX = outX;
            inY = outY;
        }
        if (sign == 0) {
            throw new IllegalArgumentException(name(query) + ": zero area (all vertices collinear)");
        }
        if (spike >= 0) {
            // Its two edges' normals point to either side, and one of them would separate the
            // query from fences it overlaps.
            throw new IllegalArgumentException(name(query) + " vertex=" + callerVertex(xy, spike)
                    + ": the boundary doubles back here (self-intersecting)");
        }
        if (xFlips > 2) {
            throw new IllegalArgumentException(name(query) + ": the boundary winds more than once (self-intersecting)");
        }
        if (sign < 0) {
            for (int i = 0, j = k - 1; i < j; i++, j--) {
                float t = qx[i];
                qx[i] = qx[j];
                qx[j] = t;
                t = qy[i];
                qy[i] = qy[j];
                qy[j] = t;
            }
            for (int i = 0; i < k; i++) {
                int j = i + 1 == k ? 0 : i + 1;
                qnx[i] = qy[j] - qy[i];
                qny[i] = -(qx[j] - qx[i]);
            }
        }
        s.qk = k;
        s.qMinX = minX;
        s.qMinY = minY;
        s.qMaxX = maxX;
        s.qMaxY = maxY;
    }

    /**
     * For edges {@code in} and {@code out} of a straight (zero) turn: does {@code out} go back
     * along {@code in}? The double differences have the float differences' exact signs, and on
     * one line both edges have a zero x difference or neither has.
     */
    private static boolean reverses(double inX, double inY, double outX, double outY) {
        return inX != 0 || outX != 0 ? inX * outX < 0 : inY * outY < 0;
    }

    /**
     * The caller's index of vertex {@code kept} of the loaded polygon, which skipped consecutive
     * duplicates (found again here, on the error path only, so that loading keeps no map).
     */
    private static int callerVertex(float[] xy, int kept) {
        int k = -1;
        for (int i = 0; i < xy.length / 2; i++) {
            if (i == 0 || xy[2 * i] != xy[2 * i - 2] || xy[2 * i + 1] != xy[2 * i - 1]) {
                k++;
            }
            if (k == kept) {
                return i;
            }
        }
        return kept;
    }

    /** "query" for a single call, "query i" for query i of a batch. */
    private static String name(int query) {
        return query < 0 ? "query" : "query " + query;
    }
}
