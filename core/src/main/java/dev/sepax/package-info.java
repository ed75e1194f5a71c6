/**
 * The facade: {@link dev.sepax.Sepax} hands out the kernel for each query ({@code overlap},
 * {@code penetration}, {@code sweep}, {@code clipper}, ...), the SIMD one when this JVM can run it
 * and the bit-identical scalar reference otherwise.
 *
 * <p>May use every other package of core; nothing in core uses it except through its public
 * methods.
 */
package dev.sepax;
