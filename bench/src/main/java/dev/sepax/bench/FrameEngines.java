package dev.sepax.bench;

import dev.sepax.Sepax;
import dev.sepax.batch.OverlapBits;
import dev.sepax.batch.PairBatch;
import dev.sepax.broad.PersistentBroadPhase;
import dev.sepax.contact.ContactManifolds;
import dev.sepax.contact.ManifoldKernel;
import dev.sepax.narrow.SatKernel;
import dev.sepax.shape.ConvexPolygons;
import dev.sepax.shape.Poses;
import dev.sepax.shape.TransformKernel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.dyn4j.collision.CollisionPair;
import org.dyn4j.collision.broadphase.AABBProducer;
import org.dyn4j.collision.broadphase.DynamicAABBTree;
import org.dyn4j.collision.broadphase.StaticValueAABBExpansionMethod;
import org.dyn4j.collision.manifold.ClippingManifoldSolver;
import org.dyn4j.collision.manifold.Manifold;
import org.dyn4j.collision.narrowphase.Gjk;
import org.dyn4j.collision.narrowphase.Penetration;
import org.dyn4j.geometry.AABB;
import org.dyn4j.geometry.Polygon;
import org.dyn4j.geometry.Transform;
import org.dyn4j.geometry.Vector2;
import org.jbox2d.callbacks.PairCallback;
import org.jbox2d.collision.Collision;
import org.jbox2d.collision.broadphase.BroadPhase;
import org.jbox2d.collision.broadphase.DynamicTree;
import org.jbox2d.collision.shapes.PolygonShape;
import org.jbox2d.common.Vec2;
import org.jbox2d.pooling.normal.DefaultWorldPool;

/**
 * One collision frame of a {@link FrameScene}, three ways: pose the bodies, find the candidate
 * pairs with a broad phase that persists between frames, decide the pairs and build contact
 * manifolds (up to two points each) for the touching ones. Each {@link #frame()} steps its own
 * copy of the scene first (the same cheap motion for all three) and returns the number of contact
 * points found, so runs of the three can be compared point for point.
 *
 * <ul>
 *   <li>{@link SepaxFrame}: {@code Poses.transform}, {@link PersistentBroadPhase} (fat margin
 *       {@link #FAT_MARGIN}), the selected {@link SatKernel} over the slots with the slots' axis
 *       cache, {@code retainLive}, then the selected {@link ManifoldKernel} over the hits.
 *   <li>{@link Jbox2dFrame}: JBox2D 2.2.1.1 as its world's contact manager runs it: per body a
 *       {@code Transform}, {@code computeAABB} and {@code BroadPhase.moveProxy} over a
 *       {@code DynamicTree} (fat margin {@code Settings.aabbExtension} = 0.1), {@code updatePairs}
 *       for new pairs, then per persistent contact {@code testOverlap} (dropped when the fat boxes
 *       part) and {@code Collision.collidePolygons}. Polygons get a skin radius of 0, so that a
 *       point means touching or overlapping, as in Sepax at margin 0.
 *   <li>{@link Dyn4jFrame}: dyn4j 5.0.2: per body a {@code Transform} and
 *       {@code DynamicAABBTree.update} (expansion {@link #FAT_MARGIN}), {@code detectIterator(true)}
 *       for the candidate pairs, {@code Gjk.detect} with a {@code Penetration}, then
 *       {@code ClippingManifoldSolver.getManifold}: dyn4j's own world pipeline.
 * </ul>
 * Not thread-safe.
 */
public final class FrameEngines {
    /** How far a body may move before its broad-phase box is refit (Box2D's default extension). */
    public static final float FAT_MARGIN = 0.1f;

    private FrameEngines() {}

    /** One engine's collision frame. */
    public interface Engine {
        /** Steps the scene, then runs one collision frame; returns the contact points found. */
        int frame();

        /** The engine's name in the bench contract. */
        String name();
    }

    /** Sepax's frame; also keeps the last frame's stage timings for the demo. */
    public static final class SepaxFrame implements Engine {
        private final FrameScene scene;
        private final ConvexPolygons local;
        private final ConvexPolygons world;
        private final Poses poses;
        private final PersistentBroadPhase broad;
        private final SatKernel sat;
        private final ManifoldKernel manifolds;
        private final TransformKernel transform;
        private OverlapBits hits = new OverlapBits(0);
        private int[] axisCache = new int[0];
        private ContactManifolds out = new ContactManifolds(0);
        private boolean timed;
        /** Nanoseconds of the last timed frame: transform, broad phase, test, manifolds. */
        public final long[] stageNanos = new long[4];
        private int lastHits;

        /**
         * With the selected kernels ({@code Sepax.transform()}, {@code Sepax.overlap()},
         * {@code Sepax.manifolds()}).
         */
        public SepaxFrame(FrameScene scene) {
            this(scene, Sepax.transform(), Sepax.overlap(), Sepax.manifolds());
        }

        /** With the given kernels. */
        public SepaxFrame(FrameScene scene, TransformKernel transform, SatKernel sat, ManifoldKernel manifolds) {
            this.transform = transform;
            this.scene = scene;
            this.local = scene.local();
            this.world = local.newWorldStore();
            this.poses = new Poses(local.size());
            this.broad = new PersistentBroadPhase(local.size(), 0f, FAT_MARGIN);
            this.sat = sat;
            this.manifolds = manifolds;
        }

        /** Records stage timings in {@link #stageNanos} from now on (the demo's breakdown). */
        public SepaxFrame timed() {
            timed = true;
            return this;
        }

        @Override
        public String name() {
            return "sepax-frame";
        }

        /** Candidate pairs (live slots) of the last frame. */
        public int pairs() {
            return broad.liveCount();
        }

        /** Intersecting pairs of the last frame. */
        public int hits() {
            return lastHits;
        }

        /** The broad phase, for the demo's churn figures. */
        public PersistentBroadPhase broad() {
            return broad;
        }

        @Override
        public int frame() {
            scene.step();
            for (int i = 0; i < scene.size(); i++) {
                poses.setCosSin(i, (float) scene.x[i], (float) scene.y[i], (float) scene.cos[i], (float) scene.sin[i]);
            }
            long t0 = timed ? System.nanoTime() : 0;
            transform.transform(poses, local, world);
            long t1 = timed ? System.nanoTime() : 0;
            broad.update(world);
            PairBatch pairs = broad.pairs();
            int n = pairs.size();
            if (hits.capacity() < n) {
                // Grown with headroom like any engine buffer; a steady frame reuses them.
                int cap = n + (n >> 1);
                hits = new OverlapBits(cap);
                axisCache = Arrays.copyOf(axisCache, cap);
                out = new ContactManifolds(cap);
            }
            for (int i = 0; i < broad.addedCount(); i++) {
                axisCache[broad.addedSlot(i)] = 0;
            }
            long t2 = timed ? System.nanoTime() : 0;
            sat.test(world, pairs, 0, n, 0f, hits, axisCache);
            broad.retainLive(hits);
            long t3 = timed ? System.nanoTime() : 0;
            manifolds.manifolds(world, pairs, hits, 0, n, 0f, out);
            long t4 = timed ? System.nanoTime() : 0;
            if (timed) {
                stageNanos[0] = t1 - t0;
                stageNanos[1] = t2 - t1;
                stageNanos[2] = t3 - t2;
                stageNanos[3] = t4 - t3;
                lastHits = hits.count(n);
            }
            int[] counts = out.pointCounts();
            int points = 0;
            for (int p = 0; p < n; p++) {
                points += counts[p];
            }
            return points;
        }
    }

    /** JBox2D's frame (see the class doc). */
    public static final class Jbox2dFrame implements Engine {
        private final FrameScene scene;
        private final PolygonShape[] shapes;
        private final org.jbox2d.common.Transform[] xf;
        private final int[] proxy;
        private final BroadPhase broad = new BroadPhase(new DynamicTree());
        private final Collision collision = new Collision(new DefaultWorldPool(100, 10));
        private final org.jbox2d.collision.Manifold manifold = new org.jbox2d.collision.Manifold();
        private final org.jbox2d.collision.AABB aabb = new org.jbox2d.collision.AABB();
        private final Vec2 displacement = new Vec2();
        private final float[] lastX;
        private final float[] lastY;
        private final PairIndex contacts = new PairIndex();
        private final Integer[] ids;
        private final PairCallback newPair = (ua, ub) -> contacts.add((Integer) ua, (Integer) ub);

        public Jbox2dFrame(FrameScene scene) {
            this.scene = scene;
            ConvexPolygons s = scene.local();
            int n = s.size();
            shapes = new PolygonShape[n];
            xf = new org.jbox2d.common.Transform[n];
            proxy = new int[n];
            lastX = new float[n];
            lastY = new float[n];
            ids = new Integer[n];
            for (int i = 0; i < n; i++) {
                int k = s.count(i);
                Vec2[] v = new Vec2[k];
                for (int j = 0; j < k; j++) {
                    v[j] = new Vec2(s.vertexX(i, j), s.vertexY(i, j));
                }
                PolygonShape p = new PolygonShape();
                p.set(v, k);
                p.m_radius = 0f;
                shapes[i] = p;
                xf[i] = new org.jbox2d.common.Transform();
                pose(i);
                p.computeAABB(aabb, xf[i], 0);
                ids[i] = i;
                proxy[i] = broad.createProxy(aabb, ids[i]);
                lastX[i] = xf[i].p.x;
                lastY[i] = xf[i].p.y;
            }
        }

        private void pose(int i) {
            xf[i].p.set((float) scene.x[i], (float) scene.y[i]);
            xf[i].q.c = (float) scene.cos[i];
            xf[i].q.s = (float) scene.sin[i];
        }

        @Override
        public String name() {
            return "jbox2d-frame";
        }

        @Override
        public int frame() {
            scene.step();
            for (int i = 0; i < shapes.length; i++) {
                pose(i);
                shapes[i].computeAABB(aabb, xf[i], 0);
                displacement.set(xf[i].p.x - lastX[i], xf[i].p.y - lastY[i]);
                lastX[i] = xf[i].p.x;
                lastY[i] = xf[i].p.y;
                broad.moveProxy(proxy[i], aabb, displacement);
            }
            broad.updatePairs(newPair);
            int points = 0;
            for (int c = 0; c < contacts.size; ) {
                int a = contacts.a[c];
                int b = contacts.b[c];
                if (!broad.testOverlap(proxy[a], proxy[b])) {
                    contacts.removeAt(c); // the last contact moves into c
                    continue;
                }
                collision.collidePolygons(manifold, shapes[a], xf[a], shapes[b], xf[b]);
                points += manifold.pointCount;
                c++;
            }
            return points;
        }
    }

    /** dyn4j's frame (see the class doc). */
    public static final class Dyn4jFrame implements Engine {
        /** A dyn4j broad-phase item: one body's polygon and transform. */
        private static final class Body {
            final Polygon polygon;
            final Transform transform = new Transform();

            Body(Polygon polygon) {
                this.polygon = polygon;
            }
        }

        private final FrameScene scene;
        private final Body[] bodies;
        private final DynamicAABBTree<Body> tree;
        private final Gjk gjk = new Gjk();
        private final Penetration penetration = new Penetration();
        private final ClippingManifoldSolver solver = new ClippingManifoldSolver();
        private final Manifold manifold = new Manifold();

        public Dyn4jFrame(FrameScene scene) {
            this.scene = scene;
            ConvexPolygons s = scene.local();
            int n = s.size();
            bodies = new Body[n];
            tree = new DynamicAABBTree<>((p, q) -> p != q, new AABBProducer<Body>() {
                @Override
                public AABB compute(Body body) {
                    return body.polygon.createAABB(body.transform);
                }

                @Override
                public void compute(Body body, AABB result) {
                    body.polygon.computeAABB(body.transform, result);
                }
            }, new StaticValueAABBExpansionMethod<>(FAT_MARGIN));
            for (int i = 0; i < n; i++) {
                int k = s.count(i);
                Vector2[] v = new Vector2[k];
                for (int j = 0; j < k; j++) {
                    v[j] = new Vector2(s.vertexX(i, j), s.vertexY(i, j));
                }
                bodies[i] = new Body(new Polygon(v));
                pose(i);
                tree.add(bodies[i]);
            }
        }

        private void pose(int i) {
            Transform t = bodies[i].transform;
            t.setRotation(scene.angle[i]);
            t.setTranslation(scene.x[i], scene.y[i]);
        }

        @Override
        public String name() {
            return "dyn4j-frame";
        }

        @Override
        public int frame() {
            scene.step();
            for (int i = 0; i < bodies.length; i++) {
                pose(i);
                tree.update(bodies[i]);
            }
            int points = 0;
            java.util.Iterator<CollisionPair<Body>> it = tree.detectIterator(true);
            while (it.hasNext()) {
                CollisionPair<Body> pair = it.next();
                Body a = pair.getFirst();
                Body b = pair.getSecond();
                manifold.clear();
                if (gjk.detect(a.polygon, a.transform, b.polygon, b.transform, penetration)
                        && solver.getManifold(penetration, a.polygon, a.transform, b.polygon, b.transform, manifold)) {
                    points += manifold.getPoints().size();
                }
            }
            return points;
        }
    }

    /**
     * The persistent contact list of the JBox2D frame: pairs {@code (a, b)}, {@code a < b}, in
     * arrays, with an open-addressing index for "is it already a contact?". Allocates only to grow.
     */
    static final class PairIndex {
        int[] a = new int[16];
        int[] b = new int[16];
        int size;
        private long[] keys = newTable(64);
        private int[] at = new int[64];
        private int used;

        private static long[] newTable(int n) {
            long[] k = new long[n];
            Arrays.fill(k, -1L);
            return k;
        }

        private static int hash(long key) {
            key ^= key >>> 33;
            key *= 0xff51afd7ed558ccdL;
            key ^= key >>> 33;
            return (int) key;
        }

        private int find(long key) {
            int mask = keys.length - 1;
            int i = hash(key) & mask;
            while (keys[i] != -1L && keys[i] != key) {
                i = (i + 1) & mask;
            }
            return i;
        }

        void add(int p, int q) {
            int lo = Math.min(p, q);
            int hi = Math.max(p, q);
            long key = (long) lo << 32 | hi;
            int i = find(key);
            if (keys[i] == key) {
                return;
            }
            if (size == a.length) {
                a = Arrays.copyOf(a, 2 * size);
                b = Arrays.copyOf(b, 2 * size);
            }
            a[size] = lo;
            b[size] = hi;
            keys[i] = key;
            at[i] = size++;
            if (2 * ++used > keys.length) {
                rehash(2 * keys.length);
            }
        }

        void removeAt(int c) {
            delete((long) a[c] << 32 | b[c]);
            int last = --size;
            if (c != last) {
                a[c] = a[last];
                b[c] = b[last];
                at[find((long) a[c] << 32 | b[c])] = c;
            }
        }

        private void delete(long key) {
            int mask = keys.length - 1;
            int hole = find(key);
            int j = hole;
            while (true) {
                j = (j + 1) & mask;
                if (keys[j] == -1L) {
                    break;
                }
                int home = hash(keys[j]) & mask;
                boolean stays = hole <= j ? hole < home && home <= j : hole < home || home <= j;
                if (!stays) {
                    keys[hole] = keys[j];
                    at[hole] = at[j];
                    hole = j;
                }
            }
            keys[hole] = -1L;
            used--;
        }

        private void rehash(int n) {
            long[] oldKeys = keys;
            int[] oldAt = at;
            keys = newTable(n);
            at = new int[n];
            for (int i = 0; i < oldKeys.length; i++) {
                if (oldKeys[i] != -1L) {
                    int j = find(oldKeys[i]);
                    keys[j] = oldKeys[i];
                    at[j] = oldAt[i];
                }
            }
        }
    }

    /** The three engines on their own copies of {@code F<bodies>} (seed 42). */
    public static List<Engine> all(int bodies) {
        List<Engine> list = new ArrayList<>();
        list.add(new SepaxFrame(new FrameScene(bodies, 42)));
        list.add(new Jbox2dFrame(new FrameScene(bodies, 42)));
        list.add(new Dyn4jFrame(new FrameScene(bodies, 42)));
        return list;
    }
}
