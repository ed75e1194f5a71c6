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
 * {@link Intersectionf#testObOb} (the float-argument form, fed from the store) for boxes. One
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
     * JOML {@code Intersectionf.testObOb}: do boxes a and b intersect? Its float form dots the
     * i-th components of the three axis arguments to get {@code A_i . B_j}-style terms, that is
     * it reads them as the rotation's rows; so the rows (u_x, v_x, w_x), (u_y, v_y, w_y),
     * (u_z, v_z, w_z) are passed (checked against the double-precision oracle on the OBB
     * workload: with the columns passed instead, a fifth of the verdicts were wrong).
     */
    public static boolean joml(OrientedBoxes s, int a, int b) {
        return Intersectionf.testObOb(s.get(a, 0), s.get(a, 1), s.get(a, 2),
                s.get(a, 3), s.get(a, 6), s.get(a, 9), s.get(a, 4), s.get(a, 7), s.get(a, 10),
                s.get(a, 5), s.get(a, 8), s.get(a, 11), s.get(a, 12), s.get(a, 13), s.get(a, 14),
                s.get(b, 0), s.get(b, 1), s.get(b, 2),
                s.get(b, 3), s.get(b, 6), s.get(b, 9), s.get(b, 4), s.get(b, 7), s.get(b, 10),
                s.get(b, 5), s.get(b, 8), s.get(b, 11), s.get(b, 12), s.get(b, 13), s.get(b, 14));
    }
}
