package dev.sepax.bench;

import com.jme3.bullet.CollisionSpace;
import com.jme3.bullet.PhysicsSpace;
import com.jme3.bullet.collision.PhysicsCollisionEvent;
import com.jme3.bullet.collision.PhysicsCollisionListener;
import com.jme3.bullet.collision.shapes.HullCollisionShape;
import com.jme3.bullet.objects.PhysicsRigidBody;
import com.jme3.math.Vector3f;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Native Bullet (3.x, through Libbulletjme's JNI) as a 3D hull peer, called the way its users
 * call it: one static rigid body per hull ({@link HullCollisionShape} from the world vertices,
 * body at the origin, the smallest margin Bullet accepts), and
 * {@link CollisionSpace#pairTest} per candidate pair, which runs Bullet's convex-convex algorithm
 * (GJK, EPA for penetrating pairs, a contact manifold). A pair intersects when some reported
 * contact point has distance {@code <= 0}. Bullet reports contacts within its own small
 * threshold, so verdicts may differ from Sepax's for pairs within about {@code 1e-4} of touching.
 *
 * <p>The native library ships for Linux x86-64 inside the {@code SpRelease} jar; {@link #load}
 * copies it to a temporary file and loads it once per JVM. Elsewhere it throws, naming why, and
 * the benchmark that uses this peer fails alone. One instance per thread.
 */
public final class NativeBulletPeer {
    private static final String LIBRARY = "/native/linux/x86_64/libbulletjme.so";
    private static final float MARGIN = 1e-6f;

    private final CollisionSpace space;
    private final PhysicsRigidBody[] bodies;
    private final Contact contact = new Contact();

    /** Peer over hulls given as world vertices (x, y, z triples per shape). */
    public NativeBulletPeer(float[][] points) {
        load();
        float big = 1e6f;
        space = new CollisionSpace(new Vector3f(-big, -big, -big), new Vector3f(big, big, big),
                PhysicsSpace.BroadphaseType.DBVT);
        bodies = new PhysicsRigidBody[points.length];
        for (int i = 0; i < points.length; i++) {
            HullCollisionShape shape = new HullCollisionShape(points[i]);
            shape.setMargin(MARGIN);
            bodies[i] = new PhysicsRigidBody(shape, PhysicsRigidBody.massForStatic);
        }
    }

    /** Bullet's contact pair test: do hulls a and b intersect (touching within Bullet's threshold)? */
    public boolean intersects(int a, int b) {
        contact.deepest = Float.POSITIVE_INFINITY;
        space.pairTest(bodies[a], bodies[b], contact);
        return contact.deepest <= 0;
    }

    /** The deepest reported contact distance of a and b (negative: penetration), or +infinity if none. */
    public float deepest(int a, int b) {
        contact.deepest = Float.POSITIVE_INFINITY;
        space.pairTest(bodies[a], bodies[b], contact);
        return contact.deepest;
    }

    /** Keeps the smallest distance of the contact points Bullet reports for one pair test. */
    private static final class Contact implements PhysicsCollisionListener {
        float deepest;

        @Override
        public void collision(PhysicsCollisionEvent event) {
            deepest = Math.min(deepest, event.getDistance1());
        }
    }

    /**
     * Loads the native library once per JVM.
     *
     * @throws IllegalStateException naming why it cannot load here (no library for this OS and
     *     architecture, or the load failed)
     */
    public static void load() {
        if (Library.FAILURE != null) {
            throw new IllegalStateException(Library.FAILURE);
        }
    }

    /** Loads on first use (class initialisation is once per JVM and thread-safe). */
    private static final class Library {
        /** Null once loaded, else why not. */
        static final String FAILURE = loadNow();
        /**
         * Libbulletjme logs one INFO line per native object created, thousands per scene; its
         * loggers inherit this level. Held here because the log manager keeps loggers weakly.
         */
        static final java.util.logging.Logger QUIET = quiet();

        private static java.util.logging.Logger quiet() {
            java.util.logging.Logger l = java.util.logging.Logger.getLogger("com.jme3");
            l.setLevel(java.util.logging.Level.WARNING);
            return l;
        }

        private static String loadNow() {
            String os = System.getProperty("os.name");
            String arch = System.getProperty("os.arch");
            try (InputStream in = NativeBulletPeer.class.getResourceAsStream(LIBRARY)) {
                if (in == null || !os.startsWith("Linux") || !(arch.equals("amd64") || arch.equals("x86_64"))) {
                    return "Libbulletjme: no native library for " + os + " " + arch
                            + " in the bench jar (it carries Linux x86-64 only)";
                }
                Path file = Files.createTempFile("libbulletjme", ".so");
                file.toFile().deleteOnExit();
                Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
                System.load(file.toString());
            } catch (IOException | UnsatisfiedLinkError e) {
                return "Libbulletjme: could not load " + LIBRARY + ": " + e;
            }
            return null;
        }
    }
}
