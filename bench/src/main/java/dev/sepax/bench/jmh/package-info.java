/**
 * JMH benchmarks: one class per query family (test, MTV, sweep, distance, manifolds, frame,
 * broad phase, transform, concave join, fences, large polygons, 3D hulls and boxes), each with
 * its Sepax kernels and its peers as {@code @Benchmark} methods of the same class, so that a
 * ratio is read from one run. Scores are pairs (or queries, or frames) per second; every Sepax
 * kernel is expected at 0 B/op under {@code -prof gc} in steady state. The commands that produce
 * the quoted figures are in {@code bench/RESULTS.md}.
 */
package dev.sepax.bench.jmh;
