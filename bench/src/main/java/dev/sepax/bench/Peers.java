package dev.sepax.bench;

import dev.sepax.Sepax;

import dev.sepax.shape.ConvexPolygons;
import org.dyn4j.collision.narrowphase.Gjk;
import org.dyn4j.collision.narrowphase.Penetration;
import org.dyn4j.collision.narrowphase.Sat;
import org.dyn4j.geometry.Polygon;
import org.dyn4j.geometry.Transform;
import org.dyn4j.geometry.Vector2;
import org.jbox2d.collision.Collision;
import org.jbox2d.collision.Manifold;
import org.jbox2d.collision.shapes.PolygonShape;
import org.jbox2d.common.Settings;
import org.jbox2d.common.Vec2;
import org.jbox2d.pooling.normal.DefaultWorldPool;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.prep.PreparedGeometry;
import org.locationtech.jts.geom.prep.PreparedGeometryFactory;

/**
 * Sepax shapes converted to the peer libraries' objects, and each peer's "do they intersect?"
 * call, as the benchmarks and {@code ./sepax peers-check} use them. Shapes are already in world
 * coordinates, so every peer gets identity transforms.
 *
 * <ul>
 *   <li>dyn4j 5.0.2: {@code Sat.detect} and {@code Gjk.detect} on {@code Polygon} (double).
 *   <li>JBox2D 2.2.1.1, {@code jbox2d}: {@code Collision.collidePolygons}; a pair intersects
 *       when the manifold has a point. This builds a contact manifold, more work than the
 *       boolean question: it is the peer for MTV and manifolds.
 *   <li>JBox2D, {@code jbox2d-overlap}: {@code Collision.testOverlap} (GJK distance with the
 *       skins, intersecting below {@code 10 * Settings.EPSILON}), JBox2D's own boolean test and
 *       the peer for the boolean comparison. Box2D keeps a skin of
 *       {@code Settings.polygonRadius} (0.01) round every polygon, so both report pairs up to 0.02
 *       apart; at most {@code Settings.maxPolygonVertices} (8) vertices, so shapes with more
 *       have no JBox2D form ({@link #hasJbox2d()} false).
 *   <li>JTS 1.20.0, {@code jts}: {@code Polygon.intersects} (double, exact predicates; touching
 *       intersects).
 *   <li>JTS, {@code jts-prepared}: {@code PreparedGeometry.intersects} on each shape prepared
 *       once ({@code PreparedGeometryFactory.prepare}), as JTS users test many candidates
 *       (typically from an {@code STRtree}) against the same geometries; same verdicts as
 *       {@code jts}. Preparing is done when converting, as a user would do it once per shape,
 *       and its lazily built edge indexes are reused from the first query on.
 * </ul>
 *
 * <p>Not thread-safe (the peer detectors and JBox2D's pool keep scratch). Building allocates;
 * the peers themselves allocate per call (that is what the benchmarks measure).
 */
public final class Peers {
    /** Identity transform for dyn4j. */
    private static final Transform IDENTITY = new Transform();

    private final Polygon[] dyn4j;
    private final PolygonShape[] box2d;
    private final org.locationtech.jts.geom.Polygon[] jts;
    private final PreparedGeometry[] jtsPrepared;
    private final Sat sat = new Sat();
    private final Penetration penetration = new Penetration();
    private final Gjk gjk = new Gjk();
    private final Collision collision = new Collision(new DefaultWorldPool(100, 10));
    private final Manifold manifold = new Manifold();
    private final org.jbox2d.common.Transform box2dIdentity = new org.jbox2d.common.Transform();

    /** Converts every shape of {@code shapes}. */
    public Peers(ConvexPolygons shapes) {
        this(shapes, Settings.polygonRadius);
    }

    /** Converts every shape; JBox2D polygons get the given skin radius (Box2D default 0.01). */
    public Peers(ConvexPolygons shapes, float box2dRadius) {
        int n = shapes.size();
        dyn4j = new Polygon[n];
        jts = new org.locationtech.jts.geom.Polygon[n];
        jtsPrepared = new PreparedGeometry[n];
        box2dIdentity.setIdentity();
        boolean fits = shapes.maxCount() <= Settings.maxPolygonVertices;
        box2d = fits ? new PolygonShape[n] : null;
        GeometryFactory gf = new GeometryFactory();
        for (int s = 0; s < n; s++) {
            int k = shapes.count(s);
            Vector2[] v = new Vector2[k];
            Coordinate[] ring = new Coordinate[k + 1];
            Vec2[] bv = new Vec2[k];
            for (int i = 0; i < k; i++) {
                float x = shapes.vertexX(s, i);
                float y = shapes.vertexY(s, i);
                v[i] = new Vector2(x, y);
                ring[i] = new Coordinate(x, y);
                bv[i] = new Vec2(x, y);
            }
            ring[k] = ring[0];
            dyn4j[s] = new Polygon(v);
            jts[s] = gf.createPolygon(ring);
            jtsPrepared[s] = PreparedGeometryFactory.prepare(jts[s]);
            if (fits) {
                PolygonShape p = new PolygonShape();
                p.set(bv, k);
                p.m_radius = box2dRadius;
                box2d[s] = p;
            }
        }
    }

    /** Whether every shape has a JBox2D form (at most 8 vertices). */
    public boolean hasJbox2d() {
        return box2d != null;
    }

    /** dyn4j's SAT detector. */
    public boolean dyn4jSat(int a, int b) {
        return sat.detect(dyn4j[a], IDENTITY, dyn4j[b], IDENTITY);
    }

    /** dyn4j's GJK detector. */
    public boolean dyn4jGjk(int a, int b) {
        return gjk.detect(dyn4j[a], IDENTITY, dyn4j[b], IDENTITY);
    }

    /**
     * dyn4j's SAT detector with a {@link Penetration} (normal and depth, the MTV), reused across
     * calls; returns the depth when the pair intersects, else a negative number.
     */
    public double dyn4jMtv(int a, int b) {
        return sat.detect(dyn4j[a], IDENTITY, dyn4j[b], IDENTITY, penetration) ? penetration.getDepth() : -1;
    }

    /**
     * JBox2D's polygon manifold as an MTV peer: {@code collidePolygons} finds the axis of least
     * penetration and clips the contact points; returns the manifold's point count.
     */
    public int jbox2dMtv(int a, int b) {
        collision.collidePolygons(manifold, box2d[a], box2dIdentity, box2d[b], box2dIdentity);
        return manifold.pointCount;
    }

    /** JBox2D's polygon manifold: at least one contact point. */
    public boolean jbox2d(int a, int b) {
        collision.collidePolygons(manifold, box2d[a], box2dIdentity, box2d[b], box2dIdentity);
        return manifold.pointCount > 0;
    }

    /** JBox2D's boolean test {@code Collision.testOverlap} (GJK distance, skins included). */
    public boolean jbox2dOverlap(int a, int b) {
        return collision.testOverlap(box2d[a], 0, box2d[b], 0, box2dIdentity, box2dIdentity);
    }

    /** JTS {@code Polygon.intersects}. */
    public boolean jts(int a, int b) {
        return jts[a].intersects(jts[b]);
    }

    /** JTS {@code PreparedGeometry.intersects}: shape {@code a} prepared, shape {@code b} plain. */
    public boolean jtsPrepared(int a, int b) {
        return jtsPrepared[a].intersects(jts[b]);
    }

    /** A peer's verdict function, by the kernel name of the bench contract. */
    public interface Verdict {
        boolean test(int a, int b);
    }

    /** The peer named {@code kernel}, one of {@link #NAMES}. */
    public Verdict byName(String kernel) {
        return switch (kernel) {
            case "dyn4j-sat" -> this::dyn4jSat;
            case "dyn4j-gjk" -> this::dyn4jGjk;
            case "jbox2d" -> this::jbox2d;
            case "jbox2d-overlap" -> this::jbox2dOverlap;
            case "jts" -> this::jts;
            case "jts-prepared" -> this::jtsPrepared;
            default -> throw new IllegalArgumentException("kernel=" + kernel + ": not a peer");
        };
    }

    /** Names of the peers, in the bench contract's spelling. */
    public static final java.util.List<String> NAMES = java.util.List.of("dyn4j-sat", "dyn4j-gjk", "jbox2d",
            "jbox2d-overlap", "jts", "jts-prepared");

    /** Whether the peer named {@code kernel} is a JBox2D one (at most 8 vertices per shape). */
    public static boolean isJbox2d(String kernel) {
        return kernel.startsWith("jbox2d");
    }
}
