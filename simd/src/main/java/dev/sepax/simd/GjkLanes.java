package dev.sepax.simd;

import dev.sepax.batch.SimplexCache;
import dev.sepax.internal.RoundedArrays;
import dev.sepax.narrow.ScalarDistance;

/**
 * Per-thread scratch of {@link VectorDistance}: one group of L pairs, lane-major.
 *
 * <h2>Layout</h2>
 * <pre>
 *  ax, ay:  row i (L floats at i * L) = core point i of each lane's A; past a lane's count its
 *           last point again (ties keep the first index, so a support scan is unchanged)
 *  bx, by:  the same for B
 *  state:   rows of L floats at the offsets N, AX1 ... EXIT: the simplex of every lane
 *           (vertex v's A point, B point and indices as floats, exact below 2^24), its
 *           weights W1..W3, its size, its iteration count and its exit code (0 = running),
 *           then the rows one iteration passes between its steps (saved pairs, triangle terms,
 *           region code, direction, new support pair)
 * </pre>
 * One instance per thread ({@link #PER_THREAD}), about 20 KB at 16 lanes, reused; not shared.
 */
final class GjkLanes {
    private static final int L = VectorSupport.F.length();
    /** Shapes with more core points than this run the scalar kernel. */
    static final int MAX_POINTS = 64;
    static final ThreadLocal<GjkLanes> PER_THREAD = ThreadLocal.withInitial(GjkLanes::new);

    static final int N = 0;
    static final int AX1 = L;
    static final int AY1 = 2 * L;
    static final int BX1 = 3 * L;
    static final int BY1 = 4 * L;
    static final int IA1 = 5 * L;
    static final int IB1 = 6 * L;
    static final int AX2 = 7 * L;
    static final int AY2 = 8 * L;
    static final int BX2 = 9 * L;
    static final int BY2 = 10 * L;
    static final int IA2 = 11 * L;
    static final int IB2 = 12 * L;
    static final int AX3 = 13 * L;
    static final int AY3 = 14 * L;
    static final int BX3 = 15 * L;
    static final int BY3 = 16 * L;
    static final int IA3 = 17 * L;
    static final int IB3 = 18 * L;
    static final int W1 = 19 * L;
    static final int W2 = 20 * L;
    static final int W3 = 21 * L;
    static final int ITER = 22 * L;
    static final int EXIT = 23 * L;
    /** The support pairs an iteration started with (for the repeated-support guard). */
    static final int SN = 24 * L;
    static final int SA1 = 25 * L;
    static final int SB1 = 26 * L;
    static final int SA2 = 27 * L;
    static final int SB2 = 28 * L;
    static final int SA3 = 29 * L;
    static final int SB3 = 30 * L;
    /** The triangle region code of the iteration (see VectorDistance). */
    static final int REGION = 31 * L;
    /** The direction towards the origin. */
    static final int DX = 32 * L;
    static final int DY = 33 * L;
    /** The new support pair: index and point on A, on B. */
    static final int NA = 34 * L;
    static final int NAX = 35 * L;
    static final int NAY = 36 * L;
    static final int NB = 37 * L;
    static final int NBX = 38 * L;
    static final int NBY = 39 * L;
    /** The triangle's region terms (see ScalarDistance). */
    static final int U12 = 40 * L;
    static final int V12 = 41 * L;
    static final int U13 = 42 * L;
    static final int V13 = 43 * L;
    static final int U23 = 44 * L;
    static final int V23 = 45 * L;
    static final int T1 = 46 * L;
    static final int T2 = 47 * L;
    static final int T3 = 48 * L;
    private static final int ROWS = 49;

    final float[] state = new float[ROWS * L];
    final float[] ax = new float[MAX_POINTS * L];
    final float[] ay = new float[MAX_POINTS * L];
    final float[] bx = new float[MAX_POINTS * L];
    final float[] by = new float[MAX_POINTS * L];
    /** Batch index, shape A and shape B of each lane's pair. */
    final int[] pair = new int[L];
    final int[] a = new int[L];
    final int[] b = new int[L];
    /** Per lane: B's core offset (the shape cast's position; 0 for the plain queries). */
    final float[] ox = new float[L];
    final float[] oy = new float[L];
    /** Rows of ax/ay and of bx/by in use: the group's largest core point counts. */
    int countA;
    int countB;

    /** Exit code of a lane that holds no pair: never active, never written out. */
    static final float SPARE = -1f;

    /** The next batch index a lane queue has not looked at yet (see {@link VectorDistance}). */
    int cursor;
    /** The touching or overlapping pairs a lane queue has counted so far. */
    int hits;

    /** Makes every lane spare and forgets the rows in use: the start of a group or of a lane queue. */
    void clear() {
        countA = 0;
        countB = 0;
        for (int l = 0; l < L; l++) {
            state[EXIT + l] = SPARE;
        }
    }

    /**
     * Packs the first {@code lanes} pairs of the lists and starts their simplices exactly as
     * {@link ScalarDistance#pair} does; the other lanes are spare.
     */
    void load(RoundedArrays s, int lanes, SimplexCache cache) {
        assert lanes >= 1 && lanes <= L : "lanes=" + lanes;
        clear();
        for (int l = 0; l < lanes; l++) {
            start(s, l, pair[l], a[l], b[l], ox[l], oy[l], cache);
        }
    }

    /**
     * Puts pair {@code p} (shapes {@code sa}, {@code sb}, B's core moved by {@code (dx, dy)}) in
     * lane {@code l} and starts its simplex exactly as {@link ScalarDistance#pair} does. The rows
     * in use grow to the pair's core point counts if needed; a grown row repeats the row before
     * it, so every other lane's column keeps repeating its last point. Scalar work: the lane's
     * column of {@code countA + countB} rows and its simplex.
     */
    void start(RoundedArrays s, int l, int p, int sa, int sb, float dx, float dy, SimplexCache cache) {
        float[] x = s.x();
        float[] y = s.y();
        int oa = s.start()[sa];
        int ob = s.start()[sb];
        int ka = s.count()[sa];
        int kb = s.count()[sb];
        assert ka <= MAX_POINTS && kb <= MAX_POINTS;
        if (ka > countA) {
            grow(ax, ay, countA, ka);
            countA = ka;
        }
        if (kb > countB) {
            grow(bx, by, countB, kb);
            countB = kb;
        }
        pair[l] = p;
        a[l] = sa;
        b[l] = sb;
        ox[l] = dx;
        oy[l] = dy;
        for (int i = 0, last = ka - 1; i < countA; i++) {
            int j = oa + Math.min(i, last);
            ax[i * L + l] = x[j];
            ay[i * L + l] = y[j];
        }
        for (int i = 0, last = kb - 1; i < countB; i++) {
            int j = ob + Math.min(i, last);
            bx[i * L + l] = x[j] + dx;
            by[i * L + l] = y[j] + dy;
        }
        int n = 1;
        int ia1 = 0;
        int ib1 = 0;
        int ia2 = 0;
        int ib2 = 0;
        int ia3 = 0;
        int ib3 = 0;
        int cn = ScalarDistance.cachedCount(cache, p, ka, kb);
        if (cn > 0) {
            int[] cia = cache.indexAs();
            int[] cib = cache.indexBs();
            n = cn;
            ia1 = cia[3 * p];
            ib1 = cib[3 * p];
            if (cn > 1) {
                ia2 = cia[3 * p + 1];
                ib2 = cib[3 * p + 1];
            }
            if (cn > 2) {
                ia3 = cia[3 * p + 2];
                ib3 = cib[3 * p + 2];
            }
        }
        state[N + l] = n;
        put(AX1, AY1, BX1, BY1, IA1, IB1, l, x, y, oa + ia1, ob + ib1, ia1, ib1, dx, dy);
        put(AX2, AY2, BX2, BY2, IA2, IB2, l, x, y, oa + ia2, ob + ib2, ia2, ib2, dx, dy);
        put(AX3, AY3, BX3, BY3, IA3, IB3, l, x, y, oa + ia3, ob + ib3, ia3, ib3, dx, dy);
        state[W1 + l] = 1f;
        state[W2 + l] = 0f;
        state[W3 + l] = 0f;
        state[ITER + l] = 0f;
        state[EXIT + l] = 0f;
    }

    /** Rows {@code from..to-1} of a point pair become copies of row {@code from - 1} (none while no row is in use). */
    private static void grow(float[] x, float[] y, int from, int to) {
        if (from == 0) {
            return;
        }
        for (int i = from; i < to; i++) {
            System.arraycopy(x, (from - 1) * L, x, i * L, L);
            System.arraycopy(y, (from - 1) * L, y, i * L, L);
        }
    }

    private void put(int rax, int ray, int rbx, int rby, int ria, int rib, int l, float[] x, float[] y, int ja, int jb,
                     int ia, int ib, float dx, float dy) {
        state[rax + l] = x[ja];
        state[ray + l] = y[ja];
        state[rbx + l] = x[jb] + dx;
        state[rby + l] = y[jb] + dy;
        state[ria + l] = ia;
        state[rib + l] = ib;
    }
}
