package dev.sepax.simd;

import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.internal.BatchArguments;
import dev.sepax.internal.BitWords;
import dev.sepax.internal.ExactVerdict;
import dev.sepax.internal.PolygonArrays;
import dev.sepax.narrow.ExactSat;
import dev.sepax.narrow.SatKernel;
import dev.sepax.shape.ConvexPolygons;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShuffle;
import jdk.incubator.vector.VectorSpecies;

/**
 * The Vector API exact kernel: the verdicts of {@link ExactSat} (exact real arithmetic on the
 * stored floats, touching included), with the float work in vector lanes.
 *
 * <h2>A batch word of 64 pairs</h2>
 * <ol>
 *   <li><b>AABB</b>: at tolerance 0, {@code VectorSat}'s branch-free pass (float compares of
 *       float differences: exact signs); otherwise {@link ExactSat#aabbSurvivors}.</li>
 *   <li><b>Filter</b>: {@code VectorSat}'s pass 2, path for path (4 x 4 quads in one 16-lane
 *       vector, one 256-bit vector, one wide vector, two wide vectors in a call), with the
 *       threshold {@code lo = limit - band} where the float kernel has the limit. The band is the
 *       pair's ({@code ExactVerdict}, from the per-shape magnitude and span in the store: a few
 *       flops per pair, no compare). A lane is <i>open</i> while no vertex is proven within
 *       reach ({@code sep > lo}, the float kernel's one compare), so an intersecting pair whose
 *       first broadcast closes every lane costs what it costs the float kernel plus the band.
 *       Only a lane still open after its first vertex meets the extra compare, {@code sep > hi}
 *       ({@code hi = limit + band}): a lane beyond hi at every vertex (<i>live</i> to the end of
 *       the walk) proves the pair separated, and the walk stops once no lane is live. No open
 *       lane on either side proves the pair intersecting; anything else is a band pair (an open
 *       lane met a vertex inside the band: a touching pair stops at its first broadcast). The
 *       quads compare all 16 lanes against both thresholds, branch-free. Larger shapes go
 *       through {@code side}, chunk by chunk, with the same two masks.</li>
 *   <li><b>Band pairs</b>. Small shapes: only the edges the filter left open can still
 *       separate, and each is decided exactly right away, out of line ({@code openLanes}): the
 *       lane masks are at hand, so a touching pair costs a few exact edges, not a full scalar
 *       test. Larger shapes: a second pass over the word with {@code ExactVerdict.edgeAxes}, the
 *       scalar exact decision (the same filter per separation, then the exact predicate).</li>
 * </ol>
 * The filter only proves: every bit it sets or clears holds in exact arithmetic (the band
 * covers the float error, see {@code ExactVerdict}), so the output equals {@link ExactSat}'s
 * bit for bit without needing the same float expressions, though it uses them.
 *
 * <p>With an axis cache, separated pairs past the AABB take the scalar exact path to find and
 * record their axis (hints never change a verdict).
 *
 * <p>Stateless, thread-safe; allocation-free except in the exact predicates' BigDecimal stage
 * (see {@link ExactSat}). Use it only where {@code jdk.incubator.vector} is
 * compiled by C2; {@code Sepax.overlap(Precision.EXACT)} checks that.
 */
public final class VectorExactSat implements SatKernel {
    /** The shared instance (the kernel is stateless). */
    public static final VectorExactSat INSTANCE = new VectorExactSat();

    private static final VectorSpecies<Float> S4 = VectorSupport.S128;
    private static final VectorSpecies<Float> S8 = VectorSupport.MID;
    private static final int S8_LANES = VectorSupport.MID.length();
    private static final VectorSpecies<Float> SW = VectorSupport.WIDE;
    private static final int SW_LANES = VectorSupport.WIDE.length();

    /** 16 lanes: all 4 x 4 (edge, vertex) separations of two capacity-4 shapes at once. */
    private static final VectorSpecies<Float> S16 = FloatVector.SPECIES_512;
    private static final boolean QUADS = VectorSupport.WIDE.length() >= 16;
    /** Lane l = 4j + i holds edge i: the 4 edge slots repeated 4 times. */
    private static final VectorShuffle<Float> TILE4 = VectorShuffle.fromOp(S16, l -> l & 3);
    /** Lane l = 4j + i holds vertex j: each vertex slot repeated 4 times. */
    private static final VectorShuffle<Float> SPREAD4 = VectorShuffle.fromOp(S16, l -> l >>> 2);

    /** Filter outcomes of one pair. */
    private static final int SEPARATED = 0;
    private static final int INTERSECTING = 1;
    private static final int BAND = 2;

    private VectorExactSat() {}

    @Override
    public String name() {
        return "simd-exact";
    }

    @Override
    public boolean intersects(ConvexPolygons shapes, int a, int b, float tolerance) {
        return ExactSat.INSTANCE.intersects(shapes, a, b, tolerance);
    }

    @Override
    public int test(ConvexPolygons shapes, PairBatch pairs, int from, int to, float tolerance,
                    OverlapBits out, int[] axisCache) {
        BatchArguments.check(shapes, pairs, from, to, tolerance, out, axisCache);
        int[] pa = pairs.arrays().a;
        int[] pb = pairs.arrays().b;
        PolygonArrays s = shapes.arrays();
        int hits = 0;
        for (int w = from; w < to; w += 64) {
            int end = Math.min(to, w + 64);
            long live = tolerance == 0
                    ? VectorSat.aabbSurvivors(s.bounds, pa, pb, w, end, tolerance)
                    : ExactSat.aabbSurvivors(shapes, pa, pb, w, end, tolerance);
            long bits = word(s, pa, pb, w, live, tolerance);
            if (axisCache != null) {
                long separated = live & ~bits;
                while (separated != 0) {
                    int bit = Long.numberOfTrailingZeros(separated);
                    separated &= separated - 1;
                    int p = w + bit;
                    axisCache[p] = ExactVerdict.edgeAxes(s, pa[p], pb[p], tolerance, axisCache[p]);
                }
            }
            hits += Long.bitCount(bits);
            BitWords.store(out.words(), w, end, bits);
        }
        return hits;
    }

    /** Passes 2 and 3 for the AABB survivors {@code live} of word {@code w}: the intersecting bits. */
    private static long word(PolygonArrays s, int[] pa, int[] pb, int w, long live, float tol) {
        float[] x = s.x;
        float[] y = s.y;
        float[] enx = s.enx;
        float[] eny = s.eny;
        float[] len = s.len;
        float[] box = s.bounds;
        float[] mag = s.magnitude;
        float[] span = s.span;
        int[] start = s.start;
        int[] count = s.count;
        int[] cap = s.capacity;
        boolean zeroTol = tol == 0f;
        long proven = 0;
        long band = 0;
        while (live != 0) {
            int bit = Long.numberOfTrailingZeros(live);
            live &= live - 1;
            int a = pa[w + bit];
            int b = pb[w + bit];
            int ca = cap[a];
            int cb = cap[b];
            int oa = start[a];
            int ob = start[b];
            float bandA;
            float bandB;
            if (zeroTol) {
                // The same bands, without the cap and the tolerance term: a few flops per pair.
                float scaled = ExactVerdict.scaledMagnitude(mag, a, b);
                bandA = ExactVerdict.zeroToleranceBand(scaled, span[a]);
                bandB = ExactVerdict.zeroToleranceBand(scaled, span[b]);
            } else {
                bandA = ExactVerdict.band(mag, span, a, b, tol);
                bandB = ExactVerdict.band(mag, span, b, a, tol);
            }
            long clear;
            if (QUADS && (ca | cb) == 4) {
                // VectorSat's 16-lane quad test (lane 4j + i of side A: A's edge i against B's
                // vertex j; side B transposed), each separation against lo and hi.
                FloatVector axT = ((FloatVector) FloatVector.fromArray(S4, x, oa).reinterpretShape(S16, 0)).rearrange(TILE4);
                FloatVector ayT = ((FloatVector) FloatVector.fromArray(S4, y, oa).reinterpretShape(S16, 0)).rearrange(TILE4);
                FloatVector bxS = ((FloatVector) FloatVector.fromArray(S4, x, ob).reinterpretShape(S16, 0)).rearrange(SPREAD4);
                FloatVector byS = ((FloatVector) FloatVector.fromArray(S4, y, ob).reinterpretShape(S16, 0)).rearrange(SPREAD4);
                FloatVector anx = ((FloatVector) FloatVector.fromArray(S4, enx, oa).reinterpretShape(S16, 0)).rearrange(TILE4);
                FloatVector any = ((FloatVector) FloatVector.fromArray(S4, eny, oa).reinterpretShape(S16, 0)).rearrange(TILE4);
                FloatVector bnx = ((FloatVector) FloatVector.fromArray(S4, enx, ob).reinterpretShape(S16, 0)).rearrange(SPREAD4);
                FloatVector bny = ((FloatVector) FloatVector.fromArray(S4, eny, ob).reinterpretShape(S16, 0)).rearrange(SPREAD4);
                FloatVector sepA = anx.mul(bxS.sub(axT)).add(any.mul(byS.sub(ayT)));
                FloatVector sepB = bnx.mul(axT.sub(bxS)).add(bny.mul(ayT.sub(byS)));
                long oA;
                long fA;
                long oB;
                long fB;
                if (zeroTol) {
                    oA = sepA.compare(VectorOperators.GT, -bandA).toLong();
                    fA = sepA.compare(VectorOperators.GT, bandA).toLong();
                    oB = sepB.compare(VectorOperators.GT, -bandB).toLong();
                    fB = sepB.compare(VectorOperators.GT, bandB).toLong();
                } else {
                    FloatVector limA = FloatVector.fromArray(S16, len, oa).rearrange(TILE4).mul(tol);
                    FloatVector limB = FloatVector.fromArray(S16, len, ob).rearrange(SPREAD4).mul(tol);
                    oA = sepA.compare(VectorOperators.GT, limA.sub(bandA)).toLong();
                    fA = sepA.compare(VectorOperators.GT, limA.add(bandA)).toLong();
                    oB = sepB.compare(VectorOperators.GT, limB.sub(bandB)).toLong();
                    fB = sepB.compare(VectorOperators.GT, limB.add(bandB)).toLong();
                }
                // An edge is open (far) iff its four lanes are: lanes i, i+4, i+8, i+12 on side
                // A; the nibble of lanes 4i..4i+3 on side B. The far lanes ride 16 bits above the
                // open ones, so one set of shifts serves both. Padding lanes repeat the last edge
                // and vertex, so every edge bit is a real edge's (or a copy of the last one).
                long rA = oA | fA << 16;
                rA &= (rA >>> 4) & (rA >>> 8) & (rA >>> 12);
                long rB = oB | fB << 16;
                rB &= (rB >>> 1) & (rB >>> 2) & (rB >>> 3);
                long far = (rA & 0xF0000L) | (rB & 0x11110000L);
                clear = ((rA & 0xFL) | (rB & 0x1111L)) == 0 ? 1L : 0L;
                // One branch, taken only by band pairs: intersecting and separated are each
                // about half of the pairs here, and "far == 0 && clear == 0" would branch on them.
                if ((clear | (far != 0 ? 1L : 0L)) == 0) {
                    // Edge bits of B to 0..3, then the copies of the last edge dropped.
                    long openB = rB & 0x1111L;
                    long edgesB = (openB | openB >>> 3 | openB >>> 6 | openB >>> 9) & 0xFL;
                    clear = openLanes(s, a, b, rA & ((1L << count[a]) - 1), edgesB & ((1L << count[b]) - 1),
                            0, 0, tol, bandA, bandB);
                }
            } else if (ca <= S8_LANES && cb <= S8_LANES) {
                int ka = count[a];
                int kb = count[b];
                float dx = VectorSat.steer(box, a, b, 0);
                float dy = VectorSat.steer(box, a, b, 1);
                FloatVector vdx = FloatVector.broadcast(S8, dx);
                FloatVector vdy = FloatVector.broadcast(S8, dy);
                // Lanes past a shape's count hold its padding or a neighbour's slots: every
                // result below is masked to the first k lanes.
                FloatVector anx = FloatVector.fromArray(S8, enx, oa);
                FloatVector any = FloatVector.fromArray(S8, eny, oa);
                FloatVector bnx = FloatVector.fromArray(S8, enx, ob);
                FloatVector bny = FloatVector.fromArray(S8, eny, ob);
                int va = oa + VectorSat.flipIndex(anx.mul(vdy).sub(any.mul(vdx)).compare(VectorOperators.GT, 0f).toLong(), ka);
                int vb = ob + VectorSat.flipIndex(bnx.mul(vdy).sub(bny.mul(vdx)).compare(VectorOperators.LT, 0f).toLong(), kb);
                FloatVector apx = FloatVector.fromArray(S8, x, oa);
                FloatVector apy = FloatVector.fromArray(S8, y, oa);
                FloatVector bpx = FloatVector.fromArray(S8, x, ob);
                FloatVector bpy = FloatVector.fromArray(S8, y, ob);
                // The thresholds: lo here, hi only where a lane is still open after the first
                // vertex. At tolerance 0 the limit 0 * len is 0, so they are -band and +band.
                FloatVector loA = zeroTol ? FloatVector.broadcast(S8, -bandA) : FloatVector.fromArray(S8, len, oa).mul(tol).sub(bandA);
                FloatVector loB = zeroTol ? FloatVector.broadcast(S8, -bandB) : FloatVector.fromArray(S8, len, ob).mul(tol).sub(bandB);
                FloatVector sepA = anx.mul(FloatVector.broadcast(S8, x[vb]).sub(apx))
                        .add(any.mul(FloatVector.broadcast(S8, y[vb]).sub(apy)));
                FloatVector sepB = bnx.mul(FloatVector.broadcast(S8, x[va]).sub(bpx))
                        .add(bny.mul(FloatVector.broadcast(S8, y[va]).sub(bpy)));
                // VectorSat's certificate with the threshold lo: a lane stays open while no
                // vertex is proven within reach. Most intersecting pairs close every lane here.
                long openA = sepA.compare(VectorOperators.GT, loA).toLong() & ((1L << ka) - 1);
                long openB = sepB.compare(VectorOperators.GT, loB).toLong() & ((1L << kb) - 1);
                long farA = 0;
                if (openA != 0) {
                    // live: the lanes beyond hi at every vertex so far, the only ones that can
                    // still prove a separation. The walk stops when none is left: an open lane
                    // that met a vertex inside the band is left to the exact path. Both masks
                    // are longs: a vector carried round the loop (a running minimum) can be
                    // boxed by C2, and was, in some JVMs.
                    FloatVector hiA = zeroTol ? FloatVector.broadcast(S8, bandA) : FloatVector.fromArray(S8, len, oa).mul(tol).add(bandA);
                    long liveA = openA & sepA.compare(VectorOperators.GT, hiA).toLong();
                    int j = vb - ob;
                    for (int m = 1; m < kb && liveA != 0; m++) {
                        j = j + 1 == kb ? 0 : j + 1;
                        FloatVector sep = anx.mul(FloatVector.broadcast(S8, x[ob + j]).sub(apx))
                                .add(any.mul(FloatVector.broadcast(S8, y[ob + j]).sub(apy)));
                        openA &= sep.compare(VectorOperators.GT, loA).toLong();
                        liveA &= sep.compare(VectorOperators.GT, hiA).toLong();
                    }
                    farA = liveA;
                }
                long farB = 0;
                if (farA == 0 && openB != 0) {
                    FloatVector hiB = zeroTol ? FloatVector.broadcast(S8, bandB) : FloatVector.fromArray(S8, len, ob).mul(tol).add(bandB);
                    long liveB = openB & sepB.compare(VectorOperators.GT, hiB).toLong();
                    int j = va - oa;
                    for (int m = 1; m < ka && liveB != 0; m++) {
                        j = j + 1 == ka ? 0 : j + 1;
                        FloatVector sep = bnx.mul(FloatVector.broadcast(S8, x[oa + j]).sub(bpx))
                                .add(bny.mul(FloatVector.broadcast(S8, y[oa + j]).sub(bpy)));
                        openB &= sep.compare(VectorOperators.GT, loB).toLong();
                        liveB &= sep.compare(VectorOperators.GT, hiB).toLong();
                    }
                    farB = liveB;
                }
                clear = (openA | openB) == 0 ? 1L : 0L;
                if ((clear | ((farA | farB) != 0 ? 1L : 0L)) == 0) {
                    clear = openLanes(s, a, b, openA, openB, vb - ob, va - oa, tol, bandA, bandB);
                }
            } else if (SW_LANES > S8_LANES && ca <= SW_LANES && cb <= SW_LANES) {
                // The same with one wide vector per shape (capacity 16 on AVX-512).
                int ka = count[a];
                int kb = count[b];
                float dx = VectorSat.steer(box, a, b, 0);
                float dy = VectorSat.steer(box, a, b, 1);
                FloatVector vdx = FloatVector.broadcast(SW, dx);
                FloatVector vdy = FloatVector.broadcast(SW, dy);
                FloatVector anx = FloatVector.fromArray(SW, enx, oa);
                FloatVector any = FloatVector.fromArray(SW, eny, oa);
                FloatVector bnx = FloatVector.fromArray(SW, enx, ob);
                FloatVector bny = FloatVector.fromArray(SW, eny, ob);
                int va = oa + VectorSat.flipIndex(anx.mul(vdy).sub(any.mul(vdx)).compare(VectorOperators.GT, 0f).toLong(), ka);
                int vb = ob + VectorSat.flipIndex(bnx.mul(vdy).sub(bny.mul(vdx)).compare(VectorOperators.LT, 0f).toLong(), kb);
                FloatVector apx = FloatVector.fromArray(SW, x, oa);
                FloatVector apy = FloatVector.fromArray(SW, y, oa);
                FloatVector bpx = FloatVector.fromArray(SW, x, ob);
                FloatVector bpy = FloatVector.fromArray(SW, y, ob);
                // The thresholds: lo here, hi only where a lane is still open after the first
                // vertex. At tolerance 0 the limit 0 * len is 0, so they are -band and +band.
                FloatVector loA = zeroTol ? FloatVector.broadcast(SW, -bandA) : FloatVector.fromArray(SW, len, oa).mul(tol).sub(bandA);
                FloatVector loB = zeroTol ? FloatVector.broadcast(SW, -bandB) : FloatVector.fromArray(SW, len, ob).mul(tol).sub(bandB);
                FloatVector sepA = anx.mul(FloatVector.broadcast(SW, x[vb]).sub(apx))
                        .add(any.mul(FloatVector.broadcast(SW, y[vb]).sub(apy)));
                FloatVector sepB = bnx.mul(FloatVector.broadcast(SW, x[va]).sub(bpx))
                        .add(bny.mul(FloatVector.broadcast(SW, y[va]).sub(bpy)));
                long openA = sepA.compare(VectorOperators.GT, loA).toLong() & ((1L << ka) - 1);
                long openB = sepB.compare(VectorOperators.GT, loB).toLong() & ((1L << kb) - 1);
                long farA = 0;
                if (openA != 0) {
                    FloatVector hiA = zeroTol ? FloatVector.broadcast(SW, bandA) : FloatVector.fromArray(SW, len, oa).mul(tol).add(bandA);
                    long liveA = openA & sepA.compare(VectorOperators.GT, hiA).toLong();
                    int j = vb - ob;
                    for (int m = 1; m < kb && liveA != 0; m++) {
                        j = j + 1 == kb ? 0 : j + 1;
                        FloatVector sep = anx.mul(FloatVector.broadcast(SW, x[ob + j]).sub(apx))
                                .add(any.mul(FloatVector.broadcast(SW, y[ob + j]).sub(apy)));
                        openA &= sep.compare(VectorOperators.GT, loA).toLong();
                        liveA &= sep.compare(VectorOperators.GT, hiA).toLong();
                    }
                    farA = liveA;
                }
                long farB = 0;
                if (farA == 0 && openB != 0) {
                    FloatVector hiB = zeroTol ? FloatVector.broadcast(SW, bandB) : FloatVector.fromArray(SW, len, ob).mul(tol).add(bandB);
                    long liveB = openB & sepB.compare(VectorOperators.GT, hiB).toLong();
                    int j = va - oa;
                    for (int m = 1; m < ka && liveB != 0; m++) {
                        j = j + 1 == ka ? 0 : j + 1;
                        FloatVector sep = bnx.mul(FloatVector.broadcast(SW, x[oa + j]).sub(bpx))
                                .add(bny.mul(FloatVector.broadcast(SW, y[oa + j]).sub(bpy)));
                        openB &= sep.compare(VectorOperators.GT, loB).toLong();
                        liveB &= sep.compare(VectorOperators.GT, hiB).toLong();
                    }
                    farB = liveB;
                }
                clear = (openA | openB) == 0 ? 1L : 0L;
                if ((clear | ((farA | farB) != 0 ? 1L : 0L)) == 0) {
                    clear = openLanes(s, a, b, openA, openB, vb - ob, va - oa, tol, bandA, bandB);
                }
            } else if (ca <= 2 * SW_LANES && cb <= 2 * SW_LANES) {
                // Two wide vectors per shape (capacity 32 on AVX-512, 16 on AVX2).
                clear = twoChunks(s, a, b, oa, ob, ca, cb, count[a], count[b], tol, zeroTol, bandA, bandB);
            } else {
                int state = wide(s, a, b, start[a], count[a], start[b], count[b], tol, bandA, bandB);
                clear = state & 1;
                band |= (long) (state >>> 1) << bit;
            }
            proven |= clear << bit;
        }
        // Second pass: the band pairs of larger shapes, decided exactly.
        while (band != 0) {
            int bit = Long.numberOfTrailingZeros(band);
            band &= band - 1;
            if (ExactVerdict.edgeAxes(s, pa[w + bit], pb[w + bit], tol, 0) == ExactVerdict.NONE) {
                proven |= 1L << bit;
            }
        }
        return proven;
    }

    /**
     * A band pair of small shapes: only the edges left open by the filter (no vertex proven
     * within reach, none proven to separate) can still separate; each is decided exactly,
     * starting at the support vertex ({@code wb} of B for A's edges, {@code wa} of A for B's),
     * the one that usually put the lane in the band: for a touching pair that is the shared
     * vertex, decided at once. Every other edge has a vertex proven within reach. Out of line:
     * the rare path.
     */
    private static long openLanes(PolygonArrays s, int a, int b, long openA, long openB, int wb, int wa,
                                  float tol, float bandA, float bandB) {
        for (long m = openA; m != 0; m &= m - 1) {
            if (ExactVerdict.edgeSeparates(s, a, Long.numberOfTrailingZeros(m), b, wb, tol, bandA)) {
                return 0L;
            }
        }
        for (long m = openB; m != 0; m &= m - 1) {
            if (ExactVerdict.edgeSeparates(s, b, Long.numberOfTrailingZeros(m), a, wa, tol, bandB)) {
                return 0L;
            }
        }
        return 1L;
    }

    /**
     * The filter and the band edges for two shapes of at most two wide vectors of slots each:
     * 1 if the pair intersects, 0 if it is separated, exactly. {@code VectorSat.twoChunks} with
     * the small shapes' thresholds (see {@link #word}): lanes {@code [0, L)} and {@code [L, 2L)}
     * of a side sit in two vectors, mask bits of the second shifted up by L. Its own method,
     * called once per such pair, so that {@code word} stays within C2's inlining budget; nothing
     * vector-typed crosses the call.
     */
    private static long twoChunks(PolygonArrays s, int a, int b, int oa, int ob, int ca, int cb, int ka, int kb,
                                  float tol, boolean zeroTol, float bandA, float bandB) {
        float[] x = s.x;
        float[] y = s.y;
        float[] enx = s.enx;
        float[] eny = s.eny;
        float[] len = s.len;
        float[] box = s.bounds;
        float dx = VectorSat.steer(box, a, b, 0);
        float dy = VectorSat.steer(box, a, b, 1);
        FloatVector vdx = FloatVector.broadcast(SW, dx);
        FloatVector vdy = FloatVector.broadcast(SW, dy);
        // A shape that fits one vector (paired with a larger one) reads its one vector twice:
        // reading past its capacity could leave the store. Lanes past a shape's count hold its
        // padding, a neighbour's slots or that repeat: every result below is masked to the
        // first k lanes, and the walk only ANDs further bits in.
        int oa1 = ca > SW_LANES ? oa + SW_LANES : oa;
        int ob1 = cb > SW_LANES ? ob + SW_LANES : ob;
        FloatVector anx0 = FloatVector.fromArray(SW, enx, oa);
        FloatVector anx1 = FloatVector.fromArray(SW, enx, oa1);
        FloatVector any0 = FloatVector.fromArray(SW, eny, oa);
        FloatVector any1 = FloatVector.fromArray(SW, eny, oa1);
        FloatVector bnx0 = FloatVector.fromArray(SW, enx, ob);
        FloatVector bnx1 = FloatVector.fromArray(SW, enx, ob1);
        FloatVector bny0 = FloatVector.fromArray(SW, eny, ob);
        FloatVector bny1 = FloatVector.fromArray(SW, eny, ob1);
        long signsA = anx0.mul(vdy).sub(any0.mul(vdx)).compare(VectorOperators.GT, 0f).toLong()
                | anx1.mul(vdy).sub(any1.mul(vdx)).compare(VectorOperators.GT, 0f).toLong() << SW_LANES;
        long signsB = bnx0.mul(vdy).sub(bny0.mul(vdx)).compare(VectorOperators.LT, 0f).toLong()
                | bnx1.mul(vdy).sub(bny1.mul(vdx)).compare(VectorOperators.LT, 0f).toLong() << SW_LANES;
        int va = oa + VectorSat.flipIndex(signsA, ka);
        int vb = ob + VectorSat.flipIndex(signsB, kb);
        FloatVector apx0 = FloatVector.fromArray(SW, x, oa);
        FloatVector apx1 = FloatVector.fromArray(SW, x, oa1);
        FloatVector apy0 = FloatVector.fromArray(SW, y, oa);
        FloatVector apy1 = FloatVector.fromArray(SW, y, oa1);
        FloatVector bpx0 = FloatVector.fromArray(SW, x, ob);
        FloatVector bpx1 = FloatVector.fromArray(SW, x, ob1);
        FloatVector bpy0 = FloatVector.fromArray(SW, y, ob);
        FloatVector bpy1 = FloatVector.fromArray(SW, y, ob1);
        FloatVector loA0;
        FloatVector loA1;
        FloatVector hiA0;
        FloatVector hiA1;
        FloatVector loB0;
        FloatVector loB1;
        FloatVector hiB0;
        FloatVector hiB1;
        if (zeroTol) {
            loA0 = FloatVector.broadcast(SW, -bandA);
            loA1 = loA0;
            hiA0 = FloatVector.broadcast(SW, bandA);
            hiA1 = hiA0;
            loB0 = FloatVector.broadcast(SW, -bandB);
            loB1 = loB0;
            hiB0 = FloatVector.broadcast(SW, bandB);
            hiB1 = hiB0;
        } else {
            FloatVector limA0 = FloatVector.fromArray(SW, len, oa).mul(tol);
            FloatVector limA1 = FloatVector.fromArray(SW, len, oa1).mul(tol);
            FloatVector limB0 = FloatVector.fromArray(SW, len, ob).mul(tol);
            FloatVector limB1 = FloatVector.fromArray(SW, len, ob1).mul(tol);
            loA0 = limA0.sub(bandA);
            loA1 = limA1.sub(bandA);
            hiA0 = limA0.add(bandA);
            hiA1 = limA1.add(bandA);
            loB0 = limB0.sub(bandB);
            loB1 = limB1.sub(bandB);
            hiB0 = limB0.add(bandB);
            hiB1 = limB1.add(bandB);
        }
        FloatVector wx = FloatVector.broadcast(SW, x[vb]);
        FloatVector wy = FloatVector.broadcast(SW, y[vb]);
        FloatVector sepA0 = anx0.mul(wx.sub(apx0)).add(any0.mul(wy.sub(apy0)));
        FloatVector sepA1 = anx1.mul(wx.sub(apx1)).add(any1.mul(wy.sub(apy1)));
        wx = FloatVector.broadcast(SW, x[va]);
        wy = FloatVector.broadcast(SW, y[va]);
        FloatVector sepB0 = bnx0.mul(wx.sub(bpx0)).add(bny0.mul(wy.sub(bpy0)));
        FloatVector sepB1 = bnx1.mul(wx.sub(bpx1)).add(bny1.mul(wy.sub(bpy1)));
        long openA = (sepA0.compare(VectorOperators.GT, loA0).toLong()
                | sepA1.compare(VectorOperators.GT, loA1).toLong() << SW_LANES) & ((1L << ka) - 1);
        long openB = (sepB0.compare(VectorOperators.GT, loB0).toLong()
                | sepB1.compare(VectorOperators.GT, loB1).toLong() << SW_LANES) & ((1L << kb) - 1);
        // As in word: open (beyond lo) and live (beyond hi) lanes, the walk while a lane lives.
        long farA = 0;
        if (openA != 0) {
            long liveA = openA & (sepA0.compare(VectorOperators.GT, hiA0).toLong()
                    | sepA1.compare(VectorOperators.GT, hiA1).toLong() << SW_LANES);
            int j = vb - ob;
            for (int m = 1; m < kb && liveA != 0; m++) {
                j = j + 1 == kb ? 0 : j + 1;
                wx = FloatVector.broadcast(SW, x[ob + j]);
                wy = FloatVector.broadcast(SW, y[ob + j]);
                FloatVector sep0 = anx0.mul(wx.sub(apx0)).add(any0.mul(wy.sub(apy0)));
                FloatVector sep1 = anx1.mul(wx.sub(apx1)).add(any1.mul(wy.sub(apy1)));
                openA &= sep0.compare(VectorOperators.GT, loA0).toLong()
                        | sep1.compare(VectorOperators.GT, loA1).toLong() << SW_LANES;
                liveA &= sep0.compare(VectorOperators.GT, hiA0).toLong()
                        | sep1.compare(VectorOperators.GT, hiA1).toLong() << SW_LANES;
            }
            farA = liveA;
        }
        long farB = 0;
        if (farA == 0 && openB != 0) {
            long liveB = openB & (sepB0.compare(VectorOperators.GT, hiB0).toLong()
                    | sepB1.compare(VectorOperators.GT, hiB1).toLong() << SW_LANES);
            int j = va - oa;
            for (int m = 1; m < ka && liveB != 0; m++) {
                j = j + 1 == ka ? 0 : j + 1;
                wx = FloatVector.broadcast(SW, x[oa + j]);
                wy = FloatVector.broadcast(SW, y[oa + j]);
                FloatVector sep0 = bnx0.mul(wx.sub(bpx0)).add(bny0.mul(wy.sub(bpy0)));
                FloatVector sep1 = bnx1.mul(wx.sub(bpx1)).add(bny1.mul(wy.sub(bpy1)));
                openB &= sep0.compare(VectorOperators.GT, loB0).toLong()
                        | sep1.compare(VectorOperators.GT, loB1).toLong() << SW_LANES;
                liveB &= sep0.compare(VectorOperators.GT, hiB0).toLong()
                        | sep1.compare(VectorOperators.GT, hiB1).toLong() << SW_LANES;
            }
            farB = liveB;
        }
        if ((farA | farB) != 0) {
            return 0L;
        }
        if ((openA | openB) == 0) {
            return 1L;
        }
        return openLanes(s, a, b, openA, openB, vb - ob, va - oa, tol, bandA, bandB);
    }

    /**
     * The filter for the pairs no vector path of {@code word} takes (a shape above two wide
     * vectors): both sides, chunk by chunk. {@link #SEPARATED}, {@link #INTERSECTING} or
     * {@link #BAND} (decided in the second pass).
     */
    private static int wide(PolygonArrays s, int a, int b, int oa, int ka, int ob, int kb, float tol,
                            float bandA, float bandB) {
        float dx = s.centroidX[b] - s.centroidX[a];
        float dy = s.centroidY[b] - s.centroidY[a];
        int wb = VectorSat.support(s.enx, s.eny, s.x, s.y, ob, kb, s.capacity[b], -dx, -dy);
        int sideA = side(s, oa, ka, ob, kb, wb, tol, bandA);
        if (sideA == SEPARATED) {
            return SEPARATED;
        }
        int wa = VectorSat.support(s.enx, s.eny, s.x, s.y, oa, ka, s.capacity[a], dx, dy);
        int sideB = side(s, ob, kb, oa, ka, wa, tol, bandB);
        if (sideB == SEPARATED) {
            return SEPARATED;
        }
        return sideA == INTERSECTING && sideB == INTERSECTING ? INTERSECTING : BAND;
    }

    /**
     * The edges of the shape at slot {@code r} ({@code kr} of them) in chunks of the wide
     * species, against the {@code ko} vertices at {@code o}, starting at vertex {@code w}:
     * {@link #SEPARATED} if an edge is proven to separate, {@link #INTERSECTING} if every edge
     * has a vertex proven within reach, else {@link #BAND} (also when the walk stopped with a
     * lane open but none live, see {@code word}: the second pass decides).
     */
    private static int side(PolygonArrays s, int r, int kr, int o, int ko, int w, float tol, float band) {
        float[] x = s.x;
        float[] y = s.y;
        boolean open = false;
        for (int c = 0; c < kr; c += SW_LANES) {
            int rs = r + c;
            FloatVector nx = FloatVector.fromArray(SW, s.enx, rs);
            FloatVector ny = FloatVector.fromArray(SW, s.eny, rs);
            FloatVector px = FloatVector.fromArray(SW, x, rs);
            FloatVector py = FloatVector.fromArray(SW, y, rs);
            FloatVector lim = tol == 0f ? FloatVector.zero(SW) : FloatVector.fromArray(SW, s.len, rs).mul(tol);
            FloatVector lo = lim.sub(band);
            FloatVector hi = lim.add(band);
            // Lanes at and past the real count read padding, a neighbour's slots or the tail slack.
            long lanes = (1L << Math.min(SW_LANES, kr - c)) - 1;
            // As in word: open (beyond lo) and live (beyond hi) lanes, the walk while a lane lives.
            int v = o + w;
            FloatVector sep = nx.mul(FloatVector.broadcast(SW, x[v]).sub(px))
                    .add(ny.mul(FloatVector.broadcast(SW, y[v]).sub(py)));
            long alive = lanes & sep.compare(VectorOperators.GT, lo).toLong();
            long live = alive & sep.compare(VectorOperators.GT, hi).toLong();
            int j = w;
            for (int m = 1; m < ko && live != 0; m++) {
                j = j + 1 == ko ? 0 : j + 1;
                v = o + j;
                sep = nx.mul(FloatVector.broadcast(SW, x[v]).sub(px))
                        .add(ny.mul(FloatVector.broadcast(SW, y[v]).sub(py)));
                alive &= sep.compare(VectorOperators.GT, lo).toLong();
                live &= sep.compare(VectorOperators.GT, hi).toLong();
            }
            if (live != 0) {
                return SEPARATED;
            }
            open |= alive != 0;
        }
        return open ? BAND : INTERSECTING;
    }
}
