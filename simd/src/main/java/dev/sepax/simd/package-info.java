/**
 * Vector API ({@code jdk.incubator.vector}) kernels for Sepax. Nothing in {@code sepax-core}
 * depends on this package; core finds it at run time.
 */
package dev.sepax.simd;

import dev.sepax.Sepax;
