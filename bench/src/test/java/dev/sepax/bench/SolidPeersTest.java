package dev.sepax.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sepax.batch.PairBatch;
import dev.sepax.solid.HullPenetrations;
import dev.sepax.solid.ScalarHullPenetration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The 3D hull peers answer the benchmark's question: on the H16 workload, JBullet and native
 * Bullet (where its library ships) give Sepax's verdict for every pair whose MTV depth is not
 * within 1e-3 of touching, and native Bullet's deepest contact is Sepax's depth there.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class SolidPeersTest {
    @Test
    void hullPeersAgreeWithSepaxAwayFromTouching() {
        SolidWorkloads.Hulls scene = SolidWorkloads.hulls("H16", 42);
        PairBatch pairs = scene.pairs();
        int n = Math.min(pairs.size(), 4000);
        HullPenetrations mtv = new HullPenetrations(pairs.size());
        ScalarHullPenetration.INSTANCE.penetrations(scene.world(), pairs, 0, n, mtv);
        SolidPeers peers = new SolidPeers(scene.points());
        int checked = 0;
        for (int p = 0; p < n; p++) {
            float depth = mtv.depth(p);
            if (Math.abs(depth) > 1e-3f) {
                checked++;
                assertEquals(depth > 0, peers.jbullet(pairs.shapeA(p), pairs.shapeB(p)), "jbullet, pair " + p);
            }
        }
        assertTrue(checked > n * 9 / 10, "checked " + checked + " of " + n);
    }

    @Test
    void nativeBulletAgreesWithSepaxWhereItLoads() {
        String why = null;
        try {
            NativeBulletPeer.load();
        } catch (IllegalStateException e) {
            why = e.getMessage();
        }
        boolean linux64 = System.getProperty("os.name").startsWith("Linux")
                && System.getProperty("os.arch").matches("amd64|x86_64");
        // On Linux x86-64 the library ships in the jar and must load; elsewhere the peer says why.
        assertEquals(linux64, why == null, "load failure: " + why);
        Assumptions.assumeTrue(linux64, "no native Bullet for this platform: " + why);
        SolidWorkloads.Hulls scene = SolidWorkloads.hulls("H16", 42);
        PairBatch pairs = scene.pairs();
        int n = Math.min(pairs.size(), 2000);
        HullPenetrations mtv = new HullPenetrations(pairs.size());
        ScalarHullPenetration.INSTANCE.penetrations(scene.world(), pairs, 0, n, mtv);
        NativeBulletPeer bullet = new NativeBulletPeer(scene.points());
        int checked = 0;
        int deep = 0;
        for (int p = 0; p < n; p++) {
            float depth = mtv.depth(p);
            int a = pairs.shapeA(p);
            int b = pairs.shapeB(p);
            if (Math.abs(depth) > 1e-3f) {
                checked++;
                assertEquals(depth > 0, bullet.intersects(a, b), "native Bullet, pair " + p + ", depth " + depth);
            }
            if (depth > 1e-2f) {
                deep++;
                // Bullet's deepest contact is its penetration depth (EPA), to its own tolerance.
                assertEquals(depth, -bullet.deepest(a, b), 1e-2f + 0.01f * depth, "depth, pair " + p);
            }
        }
        assertTrue(checked > n * 9 / 10 && deep > n / 10, "checked " + checked + ", deep " + deep + " of " + n);
    }
}
