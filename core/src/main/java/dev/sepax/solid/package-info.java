/**
 * 3D convex solids: the {@link dev.sepax.solid.ConvexPolyhedra} store of hulls (built by a
 * validating quickhull), the {@link dev.sepax.solid.OrientedBoxes} store of OBBs, bulk rigid
 * {@link dev.sepax.solid.SolidPoses}, and the boolean separating-axis kernels over pair
 * batches: {@link dev.sepax.solid.ScalarHullSat} (Gauss-map pruning of edge pairs),
 * {@link dev.sepax.solid.UnprunedHullSat} (every edge pair, the baseline) and
 * {@link dev.sepax.solid.ScalarObbSat} (the 15-axis test), and the MTV query
 * {@link dev.sepax.solid.ScalarHullPenetration} (depth, normal and features into
 * {@link dev.sepax.solid.HullPenetrations}). Their SIMD twins live in {@code dev.sepax.simd} and
 * are chosen by {@link dev.sepax.Sepax#hullOverlap()}, {@link dev.sepax.Sepax#hullPenetration()}
 * and {@link dev.sepax.Sepax#boxOverlap()}.
 *
 * <p>Shares {@code batch}'s conventions: {@link dev.sepax.batch.PairBatch} pairs (built with the
 * store's size), {@link dev.sepax.batch.OverlapBits} verdicts, word-aligned ranges,
 * caller-owned axis caches, touching counts as intersecting at tolerance 0. Uses {@code batch}
 * and {@code internal} only.
 */
package dev.sepax.solid;
