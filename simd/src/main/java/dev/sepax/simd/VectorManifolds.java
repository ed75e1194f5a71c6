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
 * {@code 2^60}) keep every separation finite, so no NaN.
 *
 * <p>The reference choice (bias, margin test, normal) is then scalar per pair.
 *
 * <h2>Clipping in lanes across pairs</h2>
 * A touching pair is queued as slot indices (reference edge ends, incident shape's start and
 * edge count) with its feature id base; each full queue of {@code L} pairs is clipped at once, one pair per lane:
 * <pre>
 *  gather:   reference normal (2 gathers)
 *  incident: for j below the largest incident edge count: gather normal j of each lane's
 *            incident shape; d = nx * inx + ny * iny; d &lt; min (and j &lt; count) ? take j
 *            (compared as sign-magnitude keys of d + 0f, int masks only)
 *  gather:   reference and incident edge ends (8 gathers)
 *  per lane: t1, t2, refLen, the slab's uA, uB (divisions), uLo, uHi, the points, separations
 *  rows:     the points, separations and emit flags stored as int rows of the queue
 *  write:    a scalar loop over the real pairs: point count, each emitted point and its id
 * </pre>
 * Every expression is {@link ContactManifoldFinder}'s, in its order. Its {@code Math.min/max}
 * become one compare and two blends: {@code uLo = max(0, min(uA, uB))} is then {@code +0} or a
 * positive value, exactly as in the scalar, and {@code uHi}'s sign of zero is never observed (a
 * zero {@code uHi} keeps at most the first point, which is placed from {@code uLo}). No lane sees a
 * NaN: {@code dt != 0} where the quotients are kept, and they are finite or infinite. A pair that
 * gets no point from its first reference (the scalar then tries the other shape's face) is
 * redone by the scalar finder after the lanes' stores, so its entry ends as the scalar's.
 * Queue rows live in {@link KernelScratch}; with the pool empty the call is the scalar
 * reference (same bits). Shapes of more than {@code H} edges take the scalar tail per pair.
 *
 * <p>Shapes of at most {@code H = L / 2} edges (boxes, triangles, up to 8-gons with 16 lanes)
 * share one vector, A's edges in the low half and B's in the high half, for {@code max(ka, kb)}
 * steps per pair; larger shapes take whole vectors of one shape's edges at a time.
 *
 * <p>Stateless, thread-safe (per-call scratch from {@link KernelScratch}), allocation-free in
 * steady state (nothing vector-typed leaves the method that made it).
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
        KernelScratch scratch = KernelScratch.take();
        if (scratch == null) {
            return ContactManifoldFinder.find(shapes, pairs, from, to, margin, out);
        }
        try {
            return run(shapes, pairs, null, from, to, margin, out, scratch.manifoldQueue);
        } finally {
            KernelScratch.give(scratch);
        }
    }

    @Override
    public int manifolds(ConvexPolygons shapes, PairBatch pairs, OverlapBits selected, int from, int to, float margin,
                         ContactManifolds out) {
        if (selected == null) {
            throw new IllegalArgumentException("selected is null");
        }
        ContactManifoldFinder.checkBatch(shapes, pairs, selected, from, to, margin, out);
        KernelScratch scratch = KernelScratch.take();
        if (scratch == null) {
            return ContactManifoldFinder.find(shapes, pairs, selected, from, to, margin, out);
        }
        try {
            return run(shapes, pairs, selected.words(), from, to, margin, out, scratch.manifoldQueue);
        } finally {
            KernelScratch.give(scratch);
        }
    }

    /**
     * Pairs {@code [from, to)} (those with their bit set in {@code words}, all if null): best
     * edges per pair, touching pairs queued in {@code queue} and clipped {@code L} at a time.
     */
    private static int run(ConvexPolygons s, PairBatch pairs, long[] words, int from, int to, float margin,
                           ContactManifolds out, int[] queue) {
        int[] pa = pairs.arrays().a;
        int[] pb = pairs.arrays().b;
        int[] count = s.arrays().count;
        int[] start = s.arrays().start;
        int[] pointCount = out.pointCounts();
        int touching = 0;
        int queued = 0;
        for (int p = from; p < to; p++) {
            if (words != null && (words[p >>> 6] & (1L << p)) == 0) {
                pointCount[p] = 0;
                continue;
            }
            int a = pa[p];
            int b = pb[p];
            int ka = count[a];
            int kb = count[b];
            if (ka <= H && kb <= H) {
                queued = packedPair(s, a, b, ka, kb, margin, out, p, queue, queued);
                if (queued == L) {
                    touching += clip(s, pa, pb, margin, out, queue, L);
                    queued = 0;
                }
            } else {
                long bestA = bestEdge(s, start[a], ka, start[b], kb);
                long bestB = bestEdge(s, start[b], kb, start[a], ka);
                touching += ContactManifoldFinder.finish(s, a, b, Float.intBitsToFloat((int) (bestA >>> 32)), (int) bestA,
                        Float.intBitsToFloat((int) (bestB >>> 32)), (int) bestB, margin, out, p) > 0 ? 1 : 0;
            }
        }
        if (queued > 0) {
            touching += clip(s, pa, pb, margin, out, queue, queued);
        }
        return touching;
    }

    /**
     * Both shapes' best edges in one vector (each at most {@code H} edges): lanes {@code [0, H)}
     * hold A's edges against B's vertices, lanes {@code [H, L)} B's edges against A's vertices.
     * Each step broadcasts one vertex of B to the low half and one of A to the high half; a shape
     * with fewer vertices repeats its last one, which cannot change a minimum. Then both
     * candidate incident edges (class doc), and {@link #choose} queues the pair or writes its
     * empty entry; returns the new queue length.
     */
    private static int packedPair(ConvexPolygons s, int a, int b, int ka, int kb, float margin, ContactManifolds out,
                                  int p, int[] queue, int queued) {
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
        for (; j + 1 < steps; j += 2) {
            int jb = Math.min(ob + j, lastB);
            int ja = Math.min(oa + j, lastA);
            FloatVector d0x = FloatVector.broadcast(F, x[jb]).blend(x[ja], high);
            FloatVector d0y = FloatVector.broadcast(F, y[jb]).blend(y[ja], high);
            FloatVector d0 = vnx.mul(d0x.sub(vpx)).add(vny.mul(d0y.sub(vpy)));
            jb = Math.min(ob + j + 1, lastB);
            ja = Math.min(oa + j + 1, lastA);
            FloatVector d1x = FloatVector.broadcast(F, x[jb]).blend(x[ja], high);
            FloatVector d1y = FloatVector.broadcast(F, y[jb]).blend(y[ja], high);
            FloatVector d1 = vnx.mul(d1x.sub(vpx)).add(vny.mul(d1y.sub(vpy)));
            min0 = min0.blend(d0, d0.lt(min0));
            min1 = min1.blend(d1, d1.lt(min1));
        }
        if (j < steps) {
            int jb = Math.min(ob + j, lastB);
            int ja = Math.min(oa + j, lastA);
            FloatVector d0x = FloatVector.broadcast(F, x[jb]).blend(x[ja], high);
            FloatVector d0y = FloatVector.broadcast(F, y[jb]).blend(y[ja], high);
            FloatVector d0 = vnx.mul(d0x.sub(vpx)).add(vny.mul(d0y.sub(vpy)));
            min0 = min0.blend(d0, d0.lt(min0));
        }
        FloatVector sep = min0.blend(min1, min1.lt(min0)).add(0f);
        // Each half's largest separation and its first lane in integer operations (class doc):
        // a float MAX reduction cost more than the dot products here.
        IntVector bits = sep.reinterpretAsInts();
        IntVector key = bits.lanewise(VectorOperators.XOR, bits.lanewise(VectorOperators.ASHR, 31).lanewise(VectorOperators.AND, 0x7fffffff));
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
        return choose(s, a, b, sepA, edgeA, sepB, edgeB, margin, out, p, queue, queued);
    }

    /**
     * Step 2 of {@link ContactManifoldFinder} for pair {@code p}: writes the normal of the biased
     * reference choice; a pair past the margin gets 0 points, any other is queued for
     * {@link #clip}. Returns the new queue length.
     */
    private static int choose(ConvexPolygons s, int a, int b, float sepA, int edgeA, float sepB, int edgeB,
                              float margin, ContactManifolds out, int p, int[] queue, int queued) {
        PolygonArrays r = s.arrays();
        boolean flip = sepB > sepA + ContactManifoldFinder.referenceBias(s, a, b);
        int ref = flip ? b : a;
        int inc = flip ? a : b;
        int edge = flip ? edgeB : edgeA;
        int or = r.start[ref];
        out.normalXs()[p] = flip ? -r.nx[or + edge] : r.nx[or + edge];
        out.normalYs()[p] = flip ? -r.ny[or + edge] : r.ny[or + edge];
        if (Math.max(sepA, sepB) > margin) {
            out.pointCounts()[p] = 0;
            return queued;
        }
        int oi = r.start[inc];
        int q = queued;
        queue[q] = p;
        queue[L + q] = or + edge;
        queue[2 * L + q] = or + (edge + 1 == r.count[ref] ? 0 : edge + 1);
        queue[3 * L + q] = oi;
        queue[4 * L + q] = r.count[inc];
        queue[5 * L + q] = (flip ? 1 << 31 : 0) | (edge << 16);
        return q + 1;
    }

    /**
     * Clips the {@code n} queued pairs (rows of {@code queue}, see {@link KernelScratch}) in
     * lanes, one pair per lane (class doc); lanes past {@code n} repeat pair 0, whose stores they
     * repeat. A pair left without points is redone by the scalar finder. Returns how many of the
     * pairs got points.
     */
    private static int clip(ConvexPolygons s, int[] pa, int[] pb, float margin, ContactManifolds out, int[] queue,
                            int n) {
        for (int row = 0; row < 6 * L; row += L) {
            for (int q = n; q < L; q++) {
                queue[row + q] = queue[row];
            }
        }
        PolygonArrays r = s.arrays();
        float[] x = r.x;
        float[] y = r.y;
        incident(r.nx, r.ny, queue);
        FloatVector nx = FloatVector.fromArray(F, r.nx, 0, queue, L);
        FloatVector ny = FloatVector.fromArray(F, r.ny, 0, queue, L);
        FloatVector r1x = FloatVector.fromArray(F, x, 0, queue, L);
        FloatVector r1y = FloatVector.fromArray(F, y, 0, queue, L);
        FloatVector r2x = FloatVector.fromArray(F, x, 0, queue, 2 * L);
        FloatVector r2y = FloatVector.fromArray(F, y, 0, queue, 2 * L);
        FloatVector v1x = FloatVector.fromArray(F, x, 0, queue, 3 * L);
        FloatVector v1y = FloatVector.fromArray(F, y, 0, queue, 3 * L);
        FloatVector v2x = FloatVector.fromArray(F, x, 0, queue, 4 * L);
        FloatVector v2y = FloatVector.fromArray(F, y, 0, queue, 4 * L);
        // ContactManifoldFinder.clip's expressions, in its order (tx = -ny, ty = nx).
        FloatVector tx = ny.neg();
        FloatVector refLen = tx.mul(r2x.sub(r1x)).add(nx.mul(r2y.sub(r1y)));
        FloatVector t1 = tx.mul(v1x.sub(r1x)).add(nx.mul(v1y.sub(r1y)));
        FloatVector t2 = tx.mul(v2x.sub(r1x)).add(nx.mul(v2y.sub(r1y)));
        FloatVector zero = FloatVector.zero(F);
        FloatVector one = FloatVector.broadcast(F, 1f);
        FloatVector dt = t2.sub(t1);
        FloatVector uA = zero.sub(t1).div(dt);
        FloatVector uB = refLen.sub(t1).div(dt);
        VectorMask<Float> bFirst = uB.lt(uA);
        FloatVector lo = uA.blend(uB, bFirst);
        FloatVector hi = uB.blend(uA, bFirst);
        FloatVector uLo = zero.blend(lo, lo.compare(VectorOperators.GT, 0f));
        FloatVector uHi = hi.blend(one, hi.compare(VectorOperators.GT, 1f));
        // dt == 0: parallel to the side lines, all (inside) or nothing.
        VectorMask<Float> flat = dt.eq(0f);
        VectorMask<Float> outside = t1.lt(0f).or(t1.compare(VectorOperators.GT, refLen));
        uLo = uLo.blend(zero.blend(one, outside), flat);
        uHi = uHi.blend(one.blend(zero, outside), flat);
        VectorMask<Float> keep1 = uLo.compare(VectorOperators.LE, uHi);
        VectorMask<Float> keep2 = uLo.lt(uHi);
        FloatVector ex = v2x.sub(v1x);
        FloatVector ey = v2y.sub(v1y);
        FloatVector c1x = v1x.add(uLo.mul(ex)).blend(v1x, uLo.eq(0f));
        FloatVector c1y = v1y.add(uLo.mul(ey)).blend(v1y, uLo.eq(0f));
        FloatVector c2x = v1x.add(uHi.mul(ex)).blend(v2x, uHi.eq(1f));
        FloatVector c2y = v1y.add(uHi.mul(ey)).blend(v2y, uHi.eq(1f));
        FloatVector sep1 = nx.mul(c1x.sub(r1x)).add(ny.mul(c1y.sub(r1y)));
        FloatVector sep2 = nx.mul(c2x.sub(r1x)).add(ny.mul(c2y.sub(r1y)));
        VectorMask<Float> emit1 = keep1.and(sep1.compare(VectorOperators.LE, margin));
        VectorMask<Float> emit2 = keep2.and(sep2.compare(VectorOperators.LE, margin));
        FloatVector half1 = sep1.mul(0.5f);
        FloatVector half2 = sep2.mul(0.5f);
        // The emit masks as ints 0/1 (a blend of the float whose bits are 1, reinterpreted) and
        // int masks from those, rather than a mask cast between species.
        FloatVector bit = FloatVector.broadcast(F, Float.intBitsToFloat(1));
        IntVector one1 = zero.blend(bit, emit1).reinterpretAsInts();
        IntVector one2 = zero.blend(bit, emit2).reinterpretAsInts();
        // The point values go through rows 8..15 to a scalar loop over the n real pairs: a
        // masked scatter at the end of this method ran past C2's node budget and boxed, and one
        // in a method of its own still allocated after other kernels' tests in the same JVM.
        c1x.sub(half1.mul(nx)).reinterpretAsInts().intoArray(queue, 8 * L);
        c1y.sub(half1.mul(ny)).reinterpretAsInts().intoArray(queue, 9 * L);
        sep1.reinterpretAsInts().intoArray(queue, 10 * L);
        c2x.sub(half2.mul(nx)).reinterpretAsInts().intoArray(queue, 11 * L);
        c2y.sub(half2.mul(ny)).reinterpretAsInts().intoArray(queue, 12 * L);
        sep2.reinterpretAsInts().intoArray(queue, 13 * L);
        one1.intoArray(queue, 14 * L);
        one2.intoArray(queue, 15 * L);
        long none = write(queue, n, out);
        int touching = n - Long.bitCount(none);
        // The scalar finder's second choice of reference (rare): redone whole, as the scalar does.
        while (none != 0) {
            int q = queue[Long.numberOfTrailingZeros(none)];
            none &= none - 1;
            touching += ContactManifoldFinder.find(s, pa[q], pb[q], margin, out, q) > 0 ? 1 : 0;
        }
        return touching;
    }

    /**
     * The incident edge of each queued pair, in lanes: rows 3 and 4 of {@code queue} (incident
     * shape's start slot, edge count) become the incident edge's start and end slots, and the
     * edge index joins the id base in row 5. Its own method, taking only arrays, so that its
     * loop compiles apart from the clipping.
     */
    private static void incident(float[] nxs, float[] nys, int[] queue) {
        FloatVector nx = FloatVector.fromArray(F, nxs, 0, queue, L);
        FloatVector ny = FloatVector.fromArray(F, nys, 0, queue, L);
        // Incident edge: the scalar loop in lanes, the first edge of the least dot (strict <).
        // Step j reads slot oi + j of every lane; lanes with fewer edges read the next shape's
        // slots or the store's TAIL_SLACK (j < H), which the mask j < ki keeps out.
        IntVector oi = IntVector.fromArray(I, queue, 3 * L);
        IntVector ki = IntVector.fromArray(I, queue, 4 * L);
        int steps = ki.reduceLanes(VectorOperators.MAX);
        // The comparison runs on sign-magnitude keys of d + 0f (no -0 left, so the keys' strict <
        // is the floats' <), keeping every mask an int mask: no mask changes species.
        IntVector minKey = IntVector.broadcast(I, Integer.MAX_VALUE);
        IntVector e = IntVector.zero(I);
        for (int j = 0; j < steps; j++) {
            IntVector db = nx.mul(FloatVector.fromArray(F, nxs, j, queue, 3 * L))
                    .add(ny.mul(FloatVector.fromArray(F, nys, j, queue, 3 * L))).add(0f).reinterpretAsInts();
            IntVector dk = db.lanewise(VectorOperators.XOR, db.lanewise(VectorOperators.ASHR, 31).lanewise(VectorOperators.AND, 0x7fffffff));
            VectorMask<Integer> less = dk.lt(minKey).and(ki.compare(VectorOperators.GT, j));
            minKey = minKey.blend(dk, less);
            e = e.blend(j, less);
        }
        IntVector next = e.add(1);
        next = next.blend(0, next.eq(ki));
        oi.add(e).intoArray(queue, 3 * L);
        oi.add(next).intoArray(queue, 4 * L);
        IntVector.fromArray(I, queue, 5 * L).or(e.lanewise(VectorOperators.LSHL, 1)).intoArray(queue, 5 * L);
    }

    /**
     * Writes the {@code n} queued pairs' point counts and points from rows 8..15 of
     * {@code queue} (see {@link #clip}): point 1's x, y, separation, point 2's, then the two emit
     * flags (0 or 1); point 1 to slot 2p, point 2 to slot 2p + (point 1 emitted), each with its
     * id from row 5 (point 2's with bit 0 set), only where emitted, as the scalar finder writes
     * them. Scalar, so no vector crosses into it. Returns the bits of the queue positions whose
     * pair got no point.
     */
    private static long write(int[] queue, int n, ContactManifolds out) {
        int[] counts = out.pointCounts();
        float[] px = out.pointXs();
        float[] py = out.pointYs();
        float[] separation = out.separations();
        int[] ids = out.ids();
        long none = 0;
        for (int q = 0; q < n; q++) {
            int p = queue[q];
            int f1 = queue[14 * L + q];
            int f2 = queue[15 * L + q];
            counts[p] = f1 + f2;
            int id = queue[5 * L + q];
            int slot = 2 * p;
            if (f1 != 0) {
                px[slot] = Float.intBitsToFloat(queue[8 * L + q]);
                py[slot] = Float.intBitsToFloat(queue[9 * L + q]);
                separation[slot] = Float.intBitsToFloat(queue[10 * L + q]);
                ids[slot] = id;
            }
            if (f2 != 0) {
                int slot2 = slot + f1;
                px[slot2] = Float.intBitsToFloat(queue[11 * L + q]);
                py[slot2] = Float.intBitsToFloat(queue[12 * L + q]);
                separation[slot2] = Float.intBitsToFloat(queue[13 * L + q]);
                ids[slot2] = id | 1;
            }
            none |= (long) ((f1 | f2) ^ 1) << q;
        }
        return none;
    }

    /**
     * The best edge of the reference shape (first slot {@code or}, {@code kr} edges) against the
     * other shape's {@code ko} vertices from slot {@code oo}: whole vectors of edges, each lane
     * keeping its largest separation and the first edge giving it (strict {@code >} across
     * chunks). Returns the separation's bits in the high word and the edge in the low word.
     */
    private static long bestEdge(ConvexPolygons s, int or, int kr, int oo, int ko) {
        PolygonArrays r = s.arrays();
        float[] x = r.x;
        float[] y = r.y;
        float[] nx = r.nx;
        float[] ny = r.ny;
        FloatVector iota = FloatVector.zero(F).addIndex(1);
        FloatVector best = FloatVector.broadcast(F, Float.NEGATIVE_INFINITY);
        FloatVector bestEdge = FloatVector.zero(F);
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
                FloatVector d0 = vnx.mul(FloatVector.broadcast(F, x[j]).sub(vpx)).add(vny.mul(FloatVector.broadcast(F, y[j]).sub(vpy)));
                FloatVector d1 = vnx.mul(FloatVector.broadcast(F, x[j + 1]).sub(vpx)).add(vny.mul(FloatVector.broadcast(F, y[j + 1]).sub(vpy)));
                min0 = min0.blend(d0, d0.lt(min0));
                min1 = min1.blend(d1, d1.lt(min1));
            }
            if (j < end) {
                FloatVector d0 = vnx.mul(FloatVector.broadcast(F, x[j]).sub(vpx)).add(vny.mul(FloatVector.broadcast(F, y[j]).sub(vpy)));
                min0 = min0.blend(d0, d0.lt(min0));
            }
            FloatVector sep = min0.blend(min1, min1.lt(min0)).add(0f);
            // Lanes past the edge count may read the next shape or the tail slack: masked out.
            VectorMask<Float> better = sep.compare(VectorOperators.GT, best).and(iota.lt(kr - c));
            best = best.blend(sep, better);
            bestEdge = bestEdge.blend(iota.add(c), better);
        }
        // Integer reductions, as in packedPair: the key orders the lanes' separations (-inf in
        // lanes that never held an edge), and edge indices are non-negative floats, whose bit
        // patterns sort like their values.
        IntVector bits = best.reinterpretAsInts();
        IntVector key = bits.lanewise(VectorOperators.XOR, bits.lanewise(VectorOperators.ASHR, 31).lanewise(VectorOperators.AND, 0x7fffffff));
        int maxKey = key.reduceLanes(VectorOperators.MAX);
        float max = fromKey(maxKey);
        int edge = (int) Float.intBitsToFloat(bestEdge.reinterpretAsInts().blend(Integer.MAX_VALUE, key.eq(maxKey).not())
                .reduceLanes(VectorOperators.MIN));
        assert edge >= 0 && edge < kr : "edge=" + edge;
        return (long) Float.floatToRawIntBits(max) << 32 | edge;
    }

    /**
     * The float of a sign-magnitude key {@code bits ^ ((bits >> 31) & 0x7fffffff)}, the int that
     * orders non-NaN floats ({@code -0} below {@code +0}) as ints; the flip is its own inverse.
     */
    private static float fromKey(int key) {
        return Float.intBitsToFloat(key ^ ((key >> 31) & 0x7fffffff));
    }
}
