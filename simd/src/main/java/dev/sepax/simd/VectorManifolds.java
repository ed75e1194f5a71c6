package dev.sepax.simd;

import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.contact.ContactManifoldFinder;
import dev.sepax.contact.ContactManifolds;
import dev.sepax.contact.ManifoldKernel;
import dev.sepax.contact.ScalarManifolds;
import dev.sepax.internal.PolygonArrays;
import dev.sepax.shape.ConvexPolygons;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShuffle;
import jdk.incubator.vector.VectorSpecies;

/**
 * The Vector API {@link ManifoldKernel}: bit for bit the manifolds of {@link ScalarManifolds}
 * ({@link ContactManifoldFinder}).
 *
 * <h2>What runs in the lanes</h2>
 * The manifold's cost is step 1 of {@link ContactManifoldFinder}: the best edge of A against B's
 * vertices and the best edge of B against A's, {@code 2 m k} dot products. Those run in lanes:
 * <pre>
 *  lanes:    edge normals of a shape (packed: A's in lanes [0, H), B's in [H, L))
 *  loop:     over the other shape's vertices, each broadcast
 *  per lane: d = nx * (vx - px) + ny * (vy - py);  min = d &lt; min ? d : min    (the scalar expression)
 *  then:     sep = min + 0f;  best = the largest sep, edge = the smallest lane index holding it
 * </pre>
 * The scalar loop keeps the first edge of the maximum; here the maximum of the valid lanes is an
 * integer {@code MAX} reduction of the separations' sign-magnitude keys (ints in the floats'
 * order; other lanes blended to {@code Integer.MIN_VALUE} first) and its first edge the first set
 * lane of the mask of keys equal to it. Integer operations because a float {@code MIN}/{@code MAX}
 * reduction is a long NaN- and {@code -0}-aware sequence on x86.
 * Both are exact and independent of the reduction order: a maximum rounds nothing,
 * the {@code + 0f} leaves no {@code -0} to tell apart, and the stores' finite coordinates (within
 * {@code 2^60}) keep every separation finite, so no NaN. The clipping (reference choice, incident
 * edge, slab clip, points and ids) is then the scalar kernel's own
 * {@link ContactManifoldFinder#finish tail}, so every output bit matches.
 *
 * <p>Shapes of at most {@code H = L / 2} edges (boxes, triangles, up to 8-gons with 16 lanes)
 * share one vector, A's edges in the low half and B's in the high half, for {@code max(ka, kb)}
 * steps per pair; larger shapes take whole vectors of one shape's edges at a time.
 *
 * <p>Stateless, thread-safe, allocation-free (nothing vector-typed leaves the method that made it).
 */
public final class VectorManifolds implements ManifoldKernel {
    /** The shared instance, found by {@code Sepax.manifolds()}. */
    public static final VectorManifolds INSTANCE = new VectorManifolds();

    private static final VectorSpecies<Float> F = VectorSupport.F;
    private static final VectorSpecies<Integer> I = VectorSpecies.of(int.class, F.vectorShape());
    private static final int L = F.length();
    private static final int H = L / 2;
    /** Moves lanes [0, H) to [H, L) and back. */
    private static final VectorShuffle<Float> HALF_SWAP = VectorShuffle.fromOp(F, i -> (i + H) % L);
    /** Lane i takes lane i ^ s: the steps of a butterfly within halves of at most 8 lanes. */
    private static final VectorShuffle<Integer> SWAP_1 = VectorShuffle.fromOp(I, i -> i ^ 1);
    private static final VectorShuffle<Integer> SWAP_2 = VectorShuffle.fromOp(I, i -> i ^ 2);
    private static final VectorShuffle<Integer> SWAP_4 = VectorShuffle.fromOp(I, i -> i ^ 4);

    private VectorManifolds() {}

    @Override
    public String name() {
        return "simd";
    }

    @Override
    public int manifolds(ConvexPolygons shapes, PairBatch pairs, int from, int to, float margin, ContactManifolds out) {
        ContactManifoldFinder.checkBatch(shapes, pairs, null, from, to, margin, out);
        int[] pa = pairs.arrays().a;
        int[] pb = pairs.arrays().b;
        int[] count = shapes.arrays().count;
        int touching = 0;
        for (int p = from; p < to; p++) {
            touching += compute(shapes, pa[p], pb[p], count, margin, out, p) > 0 ? 1 : 0;
        }
        return touching;
    }

    @Override
    public int manifolds(ConvexPolygons shapes, PairBatch pairs, OverlapBits selected, int from, int to, float margin,
                         ContactManifolds out) {
        if (selected == null) {
            throw new IllegalArgumentException("selected is null");
        }
        ContactManifoldFinder.checkBatch(shapes, pairs, selected, from, to, margin, out);
        int[] pa = pairs.arrays().a;
        int[] pb = pairs.arrays().b;
        int[] count = shapes.arrays().count;
        int[] pointCount = out.pointCounts();
        long[] words = selected.words();
        int touching = 0;
        for (int p = from; p < to; p++) {
            if ((words[p >>> 6] & (1L << p)) == 0) {
                pointCount[p] = 0;
            } else {
                touching += compute(shapes, pa[p], pb[p], count, margin, out, p) > 0 ? 1 : 0;
            }
        }
        return touching;
    }

    private static int compute(ConvexPolygons s, int a, int b, int[] count, float margin, ContactManifolds out, int p) {
        int ka = count[a];
        int kb = count[b];
        if (ka <= H && kb <= H) {
            return packedPair(s, a, b, ka, kb, margin, out, p);
        }
        int[] start = s.arrays().start;
        long bestA = bestEdge(s, start[a], ka, start[b], kb);
        long bestB = bestEdge(s, start[b], kb, start[a], ka);
        return ContactManifoldFinder.finish(s, a, b, Float.intBitsToFloat((int) (bestA >>> 32)), (int) bestA,
                Float.intBitsToFloat((int) (bestB >>> 32)), (int) bestB, margin, out, p);
    }

    /**
     * Both shapes' best edges in one vector (each at most {@code H} edges): lanes {@code [0, H)}
     * hold A's edges against B's vertices, lanes {@code [H, L)} B's edges against A's vertices.
     * Each step broadcasts one vertex of B to the low half and one of A to the high half; a shape
     * with fewer vertices repeats its last one, which cannot change a minimum.
     */
    private static int packedPair(ConvexPolygons s, int a, int b, int ka, int kb, float margin, ContactManifolds out,
                                  int p) {
        FloatVector iota = FloatVector.zero(F).addIndex(1);
        VectorMask<Float> high = iota.compare(VectorOperators.GE, (float) H);
        PolygonArrays r = s.arrays();
        float[] x = r.x;
        float[] y = r.y;
        float[] nx = r.nx;
        float[] ny = r.ny;
        int oa = r.start[a];
        int ob = r.start[b];
        // The lane layout of VectorPenetration.packedPair (with this kernel's own difference
        // form of the separation, ScalarPenetration.edgeSeparation), written out rather than shared:
        // nothing vector-typed may cross a call C2 might not inline, or it is boxed per pair.
        // Low half from A's slots, high half from B's slots moved up by H lanes (a load of L
        // slots from any shape's start stays within the store's TAIL_SLACK).
        FloatVector vnx = FloatVector.fromArray(F, nx, oa).blend(FloatVector.fromArray(F, nx, ob).rearrange(HALF_SWAP), high);
        FloatVector vny = FloatVector.fromArray(F, ny, oa).blend(FloatVector.fromArray(F, ny, ob).rearrange(HALF_SWAP), high);
        FloatVector vpx = FloatVector.fromArray(F, x, oa).blend(FloatVector.fromArray(F, x, ob).rearrange(HALF_SWAP), high);
        FloatVector vpy = FloatVector.fromArray(F, y, oa).blend(FloatVector.fromArray(F, y, ob).rearrange(HALF_SWAP), high);
        int steps = Math.max(ka, kb);
        int lastA = oa + ka - 1;
        int lastB = ob + kb - 1;
        // Two running minima (even and odd steps) halve the compare-blend chain; a minimum does
        // not depend on the order and the + 0f below erases the only bit that could (-0 vs +0).
        FloatVector min0 = FloatVector.broadcast(F, Float.POSITIVE_INFINITY);
        FloatVector min1 = min0;
        int j = 0;
        // Each d is nx (vx - px) + ny (vy - py), the scalar expression in its order, written out:
        // a helper taking vectors, once C2 declines to inline it (in a JVM where other kernels'
        // compilations came first), boxes its arguments on every call.
        // The operations on the carried minima and their inputs are the species classes' own
        // (lanewise, compare, blend with a vector): the API's shorthands (mul, sub, lt, blend with a
        // scalar) re-dispatch on a profile every species in the JVM shares, and in some histories
        // C2 then boxed the minima on every pair (docs/decisions.md, "Manifolds: no vector carried
        // between chunks").
        for (; j + 1 < steps; j += 2) {
            int jb = Math.min(ob + j, lastB);
            int ja = Math.min(oa + j, lastA);
            FloatVector d0x = FloatVector.broadcast(F, x[jb]).blend(FloatVector.broadcast(F, x[ja]), high);
            FloatVector d0y = FloatVector.broadcast(F, y[jb]).blend(FloatVector.broadcast(F, y[ja]), high);
            FloatVector d0 = vnx.lanewise(VectorOperators.MUL, d0x.lanewise(VectorOperators.SUB, vpx)).lanewise(VectorOperators.ADD, vny.lanewise(VectorOperators.MUL, d0y.lanewise(VectorOperators.SUB, vpy)));
            jb = Math.min(ob + j + 1, lastB);
            ja = Math.min(oa + j + 1, lastA);
            FloatVector d1x = FloatVector.broadcast(F, x[jb]).blend(FloatVector.broadcast(F, x[ja]), high);
            FloatVector d1y = FloatVector.broadcast(F, y[jb]).blend(FloatVector.broadcast(F, y[ja]), high);
            FloatVector d1 = vnx.lanewise(VectorOperators.MUL, d1x.lanewise(VectorOperators.SUB, vpx)).lanewise(VectorOperators.ADD, vny.lanewise(VectorOperators.MUL, d1y.lanewise(VectorOperators.SUB, vpy)));
            min0 = min0.blend(d0, d0.compare(VectorOperators.LT, min0));
            min1 = min1.blend(d1, d1.compare(VectorOperators.LT, min1));
        }
        if (j < steps) {
            int jb = Math.min(ob + j, lastB);
            int ja = Math.min(oa + j, lastA);
            FloatVector d0x = FloatVector.broadcast(F, x[jb]).blend(FloatVector.broadcast(F, x[ja]), high);
            FloatVector d0y = FloatVector.broadcast(F, y[jb]).blend(FloatVector.broadcast(F, y[ja]), high);
            FloatVector d0 = vnx.lanewise(VectorOperators.MUL, d0x.lanewise(VectorOperators.SUB, vpx)).lanewise(VectorOperators.ADD, vny.lanewise(VectorOperators.MUL, d0y.lanewise(VectorOperators.SUB, vpy)));
            min0 = min0.blend(d0, d0.compare(VectorOperators.LT, min0));
        }
        FloatVector sep = min0.blend(min1, min1.compare(VectorOperators.LT, min0)).lanewise(VectorOperators.ADD, FloatVector.zero(F));
        // Each half's largest separation and its first lane in integer operations (class doc):
        // a float MAX reduction cost more than the dot products here.
        // The shift count and mask as vectors: lanewise(op, int) dispatches inside the Vector API,
        // on a type profile every species in the JVM shares, and a polluted one left the
        // reinterpreted vector boxed per pair; lanewise(op, Vector) dispatches here, on this
        // call site's own profile (docs/decisions.md, "Manifolds: no vector carried between chunks").
        IntVector bits = sep.reinterpretAsInts();
        IntVector key = bits.lanewise(VectorOperators.XOR, bits.lanewise(VectorOperators.ASHR, IntVector.broadcast(I, 31)).lanewise(VectorOperators.AND, IntVector.broadcast(I, 0x7fffffff)));
        IntVector lane = IntVector.zero(I).addIndex(1);
        VectorMask<Integer> valid = lane.lt(ka).or(lane.lt(H + kb).and(lane.compare(VectorOperators.GE, H)));
        IntVector k0 = key.blend(Integer.MIN_VALUE, valid.not());
        // A butterfly within each half leaves every lane holding its half's largest key; the
        // lanes equal to it are then a mask, whose first set bit in each half is that half's
        // first edge of the maximum. Invalid lanes hold MIN_VALUE, below every finite key.
        IntVector m = k0.max(k0.rearrange(SWAP_1));
        if (H > 2) {
            m = m.max(m.rearrange(SWAP_2));
        }
        if (H > 4) {
            m = m.max(m.rearrange(SWAP_4));
        }
        long first = k0.eq(m).toLong();
        int edgeA = Long.numberOfTrailingZeros(first);
        int edgeB = Long.numberOfTrailingZeros(first >>> H);
        int keyA = m.lane(0);
        int keyB = m.lane(H);
        float sepA = fromKey(keyA);
        float sepB = fromKey(keyB);
        assert edgeA >= 0 && edgeA < ka && edgeB >= 0 && edgeB < kb : "edgeA=" + edgeA + ", edgeB=" + edgeB;
        return ContactManifoldFinder.finish(s, a, b, sepA, edgeA, sepB, edgeB, margin, out, p);
    }

    /**
     * The best edge of the reference shape (first slot {@code or}, {@code kr} edges) against the
     * other shape's {@code ko} vertices from slot {@code oo}: whole vectors of edges, each chunk
     * reduced to its largest separation and the first edge giving it, the chunks compared by a
     * strict {@code >} (so the first edge of the maximum wins). Returns the separation's bits in
     * the high word and the edge in the low word.
     *
     * <p>Between chunks only ints are carried: a vector carried round this loop is boxed on
     * every pair by some C2 compilations (which ones depends on the type profiles that the other
     * kernels in the JVM leave in the shared Vector API methods; docs/decisions.md, "Manifolds:
     * no vector carried between chunks").
     */
    private static long bestEdge(ConvexPolygons s, int or, int kr, int oo, int ko) {
        PolygonArrays r = s.arrays();
        float[] x = r.x;
        float[] y = r.y;
        float[] nx = r.nx;
        float[] ny = r.ny;
        int bestKey = Integer.MIN_VALUE;
        int bestEdge = -1;
        int end = oo + ko;
        for (int c = 0; c < kr; c += L) {
            FloatVector vnx = FloatVector.fromArray(F, nx, or + c);
            FloatVector vny = FloatVector.fromArray(F, ny, or + c);
            FloatVector vpx = FloatVector.fromArray(F, x, or + c);
            FloatVector vpy = FloatVector.fromArray(F, y, or + c);
            FloatVector min0 = FloatVector.broadcast(F, Float.POSITIVE_INFINITY);
            FloatVector min1 = min0;
            int j = oo;
            // nx (vx - px) + ny (vy - py) written out, as in packedPair.
            for (; j + 1 < end; j += 2) {
                FloatVector d0 = vnx.lanewise(VectorOperators.MUL, FloatVector.broadcast(F, x[j]).lanewise(VectorOperators.SUB, vpx)).lanewise(VectorOperators.ADD, vny.lanewise(VectorOperators.MUL, FloatVector.broadcast(F, y[j]).lanewise(VectorOperators.SUB, vpy)));
                FloatVector d1 = vnx.lanewise(VectorOperators.MUL, FloatVector.broadcast(F, x[j + 1]).lanewise(VectorOperators.SUB, vpx)).lanewise(VectorOperators.ADD, vny.lanewise(VectorOperators.MUL, FloatVector.broadcast(F, y[j + 1]).lanewise(VectorOperators.SUB, vpy)));
                min0 = min0.blend(d0, d0.compare(VectorOperators.LT, min0));
                min1 = min1.blend(d1, d1.compare(VectorOperators.LT, min1));
            }
            if (j < end) {
                FloatVector d0 = vnx.lanewise(VectorOperators.MUL, FloatVector.broadcast(F, x[j]).lanewise(VectorOperators.SUB, vpx)).lanewise(VectorOperators.ADD, vny.lanewise(VectorOperators.MUL, FloatVector.broadcast(F, y[j]).lanewise(VectorOperators.SUB, vpy)));
                min0 = min0.blend(d0, d0.compare(VectorOperators.LT, min0));
            }
            FloatVector sep = min0.blend(min1, min1.compare(VectorOperators.LT, min0)).lanewise(VectorOperators.ADD, FloatVector.zero(F));
            // Integer reductions and the key's vector operands, as in packedPair. Lanes past the edge
            // count may read the next shape or the tail slack: their keys become MIN_VALUE, below
            // every finite key.
            IntVector bits = sep.reinterpretAsInts();
            IntVector key = bits.lanewise(VectorOperators.XOR, bits.lanewise(VectorOperators.ASHR, IntVector.broadcast(I, 31)).lanewise(VectorOperators.AND, IntVector.broadcast(I, 0x7fffffff)));
            IntVector k0 = key.blend(Integer.MIN_VALUE, IntVector.zero(I).addIndex(1).compare(VectorOperators.GE, kr - c));
            int chunkKey = k0.reduceLanes(VectorOperators.MAX);
            int chunkEdge = c + k0.eq(chunkKey).firstTrue();
            if (chunkKey > bestKey) {
                bestKey = chunkKey;
                bestEdge = chunkEdge;
            }
        }
        assert bestEdge >= 0 && bestEdge < kr : "edge=" + bestEdge;
        // The key flipped back to the separation's bits (the flip is its own inverse).
        return (long) (bestKey ^ ((bestKey >> 31) & 0x7fffffff)) << 32 | bestEdge;
    }

    /**
     * The float of a sign-magnitude key {@code bits ^ ((bits >> 31) & 0x7fffffff)}, the int that
     * orders non-NaN floats ({@code -0} below {@code +0}) as ints; the flip is its own inverse.
     */
    private static float fromKey(int key) {
        return Float.intBitsToFloat(key ^ ((key >> 31) & 0x7fffffff));
    }
}
