package dev.sepax.contact;

import dev.sepax.shape.ConvexPolygons;

/**
 * The find-intersection query: the polygon two convex polygons share, and its area, in the
 * store's coordinate units (area in units squared).
 *
 * <p><b>Touching.</b> Only a shared interior counts: pairs that are separated, or that merely
 * touch along an edge or at a point, get an empty polygon and area 0, unlike the boolean
 * kernels, where touching intersects.
 *
 * <p><b>Contract for every implementation.</b> Stateless and thread-safe; a call writes only
 * {@code out}, which the caller owns and must not share between concurrent calls, and allocates
 * nothing once {@code out} has grown to {@code count(a) + count(b)} vertices. The scalar
 * reference is {@link ConvexClipper}; {@code dev.sepax.Sepax#clipper()} returns the selected one.
 */
public interface ClipKernel {
    /** A short stable name, such as {@code "scalar"}. */
    String name();

    /**
     * Clips shape {@code a} by shape {@code b} into {@code out} (convex, counter-clockwise).
     *
     * @return the area of the intersection (0 if empty)
     * @throws IllegalArgumentException if {@code shapes} or {@code out} is null
     * @throws IndexOutOfBoundsException if {@code a} or {@code b} is not a shape of {@code shapes}
     */
    double intersect(ConvexPolygons shapes, int a, int b, IntersectionPolygon out);
}
