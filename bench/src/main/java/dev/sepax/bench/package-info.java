/**
 * The {@code sepax} command line and what it runs: the demo stages ({@code demo}), input
 * readers for {@code check} and {@code draw} (text shapes, WKT, GeoJSON, with errors naming the
 * file, line or feature), the seeded workloads every benchmark shares ({@code Wk}, {@code Tk},
 * rounded, concave, 3D), the peers as their users call them (JTS, JBox2D, dyn4j, JOML, JBullet,
 * Libbulletjme when it loads) and the {@code bench --json} records, whose workload and kernel
 * names are a contract that other tools read.
 *
 * <p>Not a library API: nothing here is exported, and classes are free to change with the
 * command line. Workloads are deterministic for a seed, so two runs, or two builds, see the same
 * shapes and pairs.
 */
package dev.sepax.bench;
