/**
 * Many threads on one batch: {@link dev.sepax.parallel.ParallelSat} splits a batch into
 * word-aligned chunks whose verdicts are identical to one thread's.
 *
 * <p>Uses {@code shape}, {@code batch}, {@code narrow} and the facade's kernel choice.
 */
package dev.sepax.parallel;
