package dev.sepax.shape;

/**
 * The scalar reference {@link TransformKernel}: {@link Poses#transform}, one shape at a time.
 * Stateless, thread-safe for distinct world stores, allocation-free.
 */
public final class ScalarTransform implements TransformKernel {
    /** The shared instance. */
    public static final ScalarTransform INSTANCE = new ScalarTransform();

    private ScalarTransform() {}

    @Override
    public String name() {
        return "scalar";
    }

    @Override
    public void transform(Poses poses, ConvexPolygons local, ConvexPolygons world) {
        if (poses == null) {
            throw new IllegalArgumentException("poses is null");
        }
        poses.transform(local, world);
    }
}
