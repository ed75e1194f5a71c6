/**
 * Contacts: batched contact manifolds for physics solvers. {@link dev.sepax.contact.ManifoldKernel}
 * is the batch interface, {@link dev.sepax.contact.ScalarManifolds} its scalar reference; the
 * Vector API kernel lives in {@code dev.sepax.simd} and is chosen by {@code Sepax.manifolds()}.
 */
package dev.sepax.contact;
