/**
 * Queries for servers: one shape against many stored shapes ({@link dev.sepax.query.OneVsMany}).
 *
 * <p>Uses {@code shape}, {@code batch}, {@code narrow} and the facade's kernel choice.
 */
package dev.sepax.query;
