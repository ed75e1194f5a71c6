package dev.sepax.bench;

import dev.sepax.shape.ConvexPolygons;
import java.util.SplittableRandom;

/**
 * The frame workload {@code Fn}: {@code n} moving bodies (a third boxes, a third triangles, a
 * third 3..8-gons; sizes 0.3 to 1.0) on a square field, each with a constant velocity and spin,
 * bouncing off the field's walls. The motion is deterministic (seeded start, exact double
 * arithmetic), so every engine that steps its own copy of the scene sees the same poses frame
 * after frame. The field is sized for about 2.5 candidate pairs and 1.5 touching pairs per body,
 * the density of the physics loop that motivated the workload.
 *
 * <p>Shapes are modelled round their own origin ({@link #local()}); pose {@code i} is the
 * translation {@link #x}, {@link #y} and the rotation {@link #cos}, {@link #sin} (also as
 * {@link #angle}). Not thread-safe; {@link #step()} allocates nothing.
 */
public final class FrameScene {
    /** Largest speed, in units per frame (bodies are 0.6 to 2 units across). */
    static final double MAX_SPEED = 0.02;
    /** Largest spin, in radians per frame. */
    static final double MAX_SPIN = 0.01;

    private final ConvexPolygons local;
    private final double side;
    public final double[] x;
    public final double[] y;
    public final double[] angle;
    public final double[] cos;
    public final double[] sin;
    private final double[] vx;
    private final double[] vy;
    private final double[] spin;
    private final double[] spinCos;
    private final double[] spinSin;

    /** The workload {@code F<bodies>} with the given seed. */
    public FrameScene(int bodies, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        ConvexPolygons.Builder b = ConvexPolygons.builder();
        x = new double[bodies];
        y = new double[bodies];
        angle = new double[bodies];
        cos = new double[bodies];
        sin = new double[bodies];
        vx = new double[bodies];
        vy = new double[bodies];
        spin = new double[bodies];
        spinCos = new double[bodies];
        spinSin = new double[bodies];
        side = Math.sqrt(bodies * 1.25);
        for (int i = 0; i < bodies; i++) {
            double size = 0.3 + 0.7 * rnd.nextDouble();
            switch (i % 3) {
                case 0 -> {
                    float w = (float) (size * (0.5 + 0.5 * rnd.nextDouble()));
                    float h = (float) size;
                    b.add(-w, -h, w, -h, w, h, -w, h);
                }
                case 1 -> b.add(Workloads.randomConvex(rnd, 3, 0f, 0f, (float) size));
                default -> b.add(Workloads.randomConvex(rnd, 3 + rnd.nextInt(6), 0f, 0f, (float) size));
            }
            x[i] = rnd.nextDouble() * side;
            y[i] = rnd.nextDouble() * side;
            angle[i] = rnd.nextDouble() * 2 * Math.PI;
            cos[i] = Math.cos(angle[i]);
            sin[i] = Math.sin(angle[i]);
            vx[i] = (2 * rnd.nextDouble() - 1) * MAX_SPEED;
            vy[i] = (2 * rnd.nextDouble() - 1) * MAX_SPEED;
            spin[i] = (2 * rnd.nextDouble() - 1) * MAX_SPIN;
            spinCos[i] = Math.cos(spin[i]);
            spinSin[i] = Math.sin(spin[i]);
        }
        local = b.build();
    }

    /** Number of bodies. */
    public int size() {
        return x.length;
    }

    /** The bodies' shapes in their local frames. */
    public ConvexPolygons local() {
        return local;
    }

    /** Advances every body one frame. */
    public void step() {
        for (int i = 0; i < x.length; i++) {
            double nx = x[i] + vx[i];
            double ny = y[i] + vy[i];
            if (nx < 0 || nx > side) {
                vx[i] = -vx[i];
                nx = x[i] + vx[i];
            }
            if (ny < 0 || ny > side) {
                vy[i] = -vy[i];
                ny = y[i] + vy[i];
            }
            x[i] = nx;
            y[i] = ny;
            angle[i] += spin[i];
            // The rotation advances by a fixed small rotation: no trigonometry per frame.
            double c = cos[i] * spinCos[i] - sin[i] * spinSin[i];
            double s = sin[i] * spinCos[i] + cos[i] * spinSin[i];
            // Renormalising keeps |(c, s)| at 1 to double precision however many frames run.
            double r = 1.5 - 0.5 * (c * c + s * s);
            cos[i] = c * r;
            sin[i] = s * r;
        }
    }
}
