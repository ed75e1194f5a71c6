package dev.sepax.bench;

import com.bulletphysics.collision.narrowphase.DiscreteCollisionDetectorInterface;
import com.bulletphysics.collision.narrowphase.GjkEpaPenetrationDepthSolver;
import com.bulletphysics.collision.narrowphase.GjkPairDetector;
import com.bulletphysics.collision.narrowphase.PointCollector;
import com.bulletphysics.collision.narrowphase.VoronoiSimplexSolver;
import com.bulletphysics.collision.shapes.ConvexHullShape;
import com.bulletphysics.util.ObjectArrayList;
import dev.sepax.solid.OrientedBoxes;
import javax.vecmath.Vector3f;
import org.joml.Intersectionf;

/**
 * The 3D peers, called the way their users call them: JBullet's {@link GjkPairDetector} (GJK
 * with EPA for penetrating pairs, as Bullet's convex-convex algorithm runs it) on
 * {@link ConvexHullShape}s built from the world vertices with margin 0, intersecting when the
 * reported distance is {@code <= 0} or no closest points are reported; and JOML's
 * {@link Intersectionf#testObOb} for boxes ({@link JomlBoxes}). One
 * instance per thread: the detector and its solvers are reused across pairs.
 */
public final class SolidPeers {
    private final ConvexHullShape[] hulls;
    private final GjkPairDetector gjk = new GjkPairDetector();
    private final VoronoiSimplexSolver simplex = new VoronoiSimplexSolver();
    private final GjkEpaPenetrationDepthSolver epa = new GjkEpaPenetrationDepthSolver();
    private final DiscreteCollisionDetectorInterface.ClosestPointInput input =
            new DiscreteCollisionDetectorInterface.ClosestPointInput();
    private final PointCollector result = new PointCollector();

    /** Peers over hulls given as world vertices (x, y, z triples per shape). */
    public SolidPeers(float[][] points) {
        hulls = new ConvexHullShape[points.length];
        for (int i = 0; i < points.length; i++) {
            ObjectArrayList<Vector3f> list = new ObjectArrayList<>();
            for (int v = 0; v < points[i].length; v += 3) {
                list.add(new Vector3f(points[i][v], points[i][v + 1], points[i][v + 2]));
            }
            hulls[i] = new ConvexHullShape(list);
            hulls[i].setMargin(0f);
        }
        input.transformA.setIdentity();
        input.transformB.setIdentity();
    }

    /** JBullet GJK/EPA: do hulls a and b intersect (touching included)? */
    public boolean jbullet(int a, int b) {
        gjk.init(hulls[a], hulls[b], simplex, epa);
        input.maximumDistanceSquared = Float.MAX_VALUE;
        result.hasResult = false;
        result.distance = 1e30f; // PointCollector keeps the smallest distance reported below this
        gjk.getClosestPoints(input, result, null, false);
        return !result.hasResult || result.distance <= 0;
    }

    /**
     * Boxes as a JOML user holds them: five {@link org.joml.Vector3f} per box (centre, the three
     * unit axes, half-size), built once from the store, for {@link Intersectionf#testObOb}'s
     * object form, whose javadoc asks for "the local X unit vector" and so on: the box's axes.
     *
     * <p>JOML 1.10.8's {@code testObOb} is wrong for general rotations whichever way the axes are
     * passed: it projects the centre offset on its axis arguments but builds the rotation
     * {@code R} from their i-th components in the transposed index order, so no choice of
     * arguments per box gives {@code R[i][j] = A_i . B_j} and {@code T_i = t . A_i} together. On
     * the OBB workload it disagrees with the double-precision 15-axis oracle on 4 621 of 32 768
     * pairs given the axes and 5 667 given the rows. Its cost per pair is still that of a scalar
     * 15-axis test with an exit at the first separating axis, which is what the benchmark
     * compares.
     */
    public static final class JomlBoxes {
        private final org.joml.Vector3f[] v;
        private final float[] rows;

        /** Copies every box of {@code s}. */
        public JomlBoxes(OrientedBoxes s) {
            int n = s.size();
            v = new org.joml.Vector3f[5 * n];
            rows = new float[15 * n];
            for (int i = 0; i < n; i++) {
                for (int k = 0; k < 5; k++) {
                    v[5 * i + k] = new org.joml.Vector3f(s.get(i, 3 * k), s.get(i, 3 * k + 1), s.get(i, 3 * k + 2));
                }
                for (int k = 0; k < 15; k++) {
                    rows[15 * i + k] = s.get(i, k);
                }
            }
        }

        /** JOML's object form on the held vectors: do boxes a and b intersect (by JOML)? */
        public boolean test(int a, int b) {
            org.joml.Vector3f[] q = v;
            int i = 5 * a;
            int j = 5 * b;
            return Intersectionf.testObOb(q[i], q[i + 1], q[i + 2], q[i + 3], q[i + 4],
                    q[j], q[j + 1], q[j + 2], q[j + 3], q[j + 4]);
        }

        /**
         * JOML's float form fed from one float array of 15 components per box (centre, axes,
         * half-size): what a user who keeps boxes in flat arrays would write, and the fastest way
         * to call JOML measured here (its 30 arguments come from two short runs of memory).
         */
        public boolean testFloats(int a, int b) {
            float[] q = rows;
            int i = 15 * a;
            int j = 15 * b;
            return Intersectionf.testObOb(q[i], q[i + 1], q[i + 2], q[i + 3], q[i + 4], q[i + 5], q[i + 6], q[i + 7],
                    q[i + 8], q[i + 9], q[i + 10], q[i + 11], q[i + 12], q[i + 13], q[i + 14],
                    q[j], q[j + 1], q[j + 2], q[j + 3], q[j + 4], q[j + 5], q[j + 6], q[j + 7],
                    q[j + 8], q[j + 9], q[j + 10], q[j + 11], q[j + 12], q[j + 13], q[j + 14]);
        }
    }
}
