package dev.sepax.shape;

/**
 * The bulk pose transform: writes a local store's shapes, moved by their poses, into a world
 * store ({@code local.newWorldStore()}), vertices, unit and exact edge normals, padding, AABBs
 * and centroids, in one pass over all vertices per frame.
 *
 * <h2>Contract for every implementation</h2>
 * Every kernel writes the bits {@link Poses#transform} (the scalar reference, also
 * {@link ScalarTransform}) writes, into every array of the world store; the float error of the
 * world shapes is therefore the one {@link Poses} documents. Units are the store's. Stateless and
 * thread-safe for distinct world stores; a call allocates nothing. The world store must not be
 * read by kernels while a transform writes it.
 */
public interface TransformKernel {
    /** A short stable name: {@code "scalar"} or {@code "simd"}. */
    String name();

    /**
     * Writes {@code local}'s shapes, moved by {@code poses}, into {@code world}.
     *
     * @throws IllegalArgumentException if an argument is null, the sizes differ, or
     *     {@code world} is not a world store of {@code local}'s layout
     */
    void transform(Poses poses, ConvexPolygons local, ConvexPolygons world);
}
