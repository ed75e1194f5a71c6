package dev.sepax.solid;

import dev.sepax.testing.SolidFixtures;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sepax.internal.HullArrays;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The hull builder: known solids come out with the right vertices, faces and edges (coplanar
 * faces merged, interior and edge points dropped); random clouds give closed convex hulls that
 * contain every input point; bad clouds are rejected naming the shape and the reason.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class QuickHullTest {
    private static float[] cubeWithExtras() {
        // The 8 corners of [0, 2]^3, the centre, face centres, edge midpoints and a face grid.
        java.util.List<Float> p = new java.util.ArrayList<>();
        for (int x = 0; x <= 2; x++) {
            for (int y = 0; y <= 2; y++) {
                for (int z = 0; z <= 2; z++) {
                    p.add((float) x);
                    p.add((float) y);
                    p.add((float) z);
                }
            }
        }
        float[] a = new float[p.size()];
        for (int i = 0; i < a.length; i++) {
            a[i] = p.get(i);
        }
        return a;
    }

    @Test
    void aCubeGridBecomesEightVerticesSixQuadFacesTwelveEdges() {
        ConvexPolyhedra s = ConvexPolyhedra.of(cubeWithExtras());
        assertEquals(8, s.vertexCount(0));
        assertEquals(6, s.faceCount(0));
        assertEquals(12, s.edgeCount(0));
        for (int f = 0; f < 6; f++) {
            assertEquals(4, s.faceVertices(0, f).length);
            // Axis-aligned unit normals, offsets 2 or 0 along them.
            float nx = s.plane(0, f, 0);
            float ny = s.plane(0, f, 1);
            float nz = s.plane(0, f, 2);
            assertEquals(1f, Math.abs(nx) + Math.abs(ny) + Math.abs(nz), 0f);
            float d = s.plane(0, f, 3);
            assertTrue(d == 2f || d == 0f, "offset " + d);
        }
    }

    @Test
    void everyEdgeKnowsItsTwoFacesAndLiesInBoth() {
        ConvexPolyhedra s = ConvexPolyhedra.of(SolidFixtures.cloud(new SplittableRandom(3), 40, 1));
        for (int e = 0; e < s.edgeCount(0); e++) {
            int[] ed = s.edge(0, e);
            int[] f0 = s.faceVertices(0, ed[2]);
            int[] f1 = s.faceVertices(0, ed[3]);
            assertTrue(hasDirected(f0, ed[0], ed[1]), "edge " + e + " runs v0 -> v1 in f0");
            assertTrue(hasDirected(f1, ed[1], ed[0]), "edge " + e + " runs v1 -> v0 in f1");
        }
    }

    private static boolean hasDirected(int[] loop, int u, int v) {
        for (int k = 0; k < loop.length; k++) {
            if (loop[k] == u && loop[(k + 1) % loop.length] == v) {
                return true;
            }
        }
        return false;
    }

    @Test
    void randomCloudsGiveClosedConvexHullsContainingEveryPoint() {
        SplittableRandom r = new SplittableRandom(7);
        for (int t = 0; t < 300; t++) {
            int k = 4 + r.nextInt(120);
            float[] c = SolidFixtures.cloud(r, k, r.nextDouble(0.01, 100));
            ConvexPolyhedra s = ConvexPolyhedra.of(c);
            HullArrays h = s.arrays();
            int v = h.vCount[0];
            assertEquals(2, v - h.eCount[0] + h.fCount[0], "Euler");
            double ext = 0;
            for (int i = 0; i < 3; i++) {
                ext = Math.max(ext, s.bounds(0, i + 3) - s.bounds(0, i));
            }
            for (int f = 0; f < h.fCount[0]; f++) {
                int slot = h.fStart[0] + f;
                double len = Math.sqrt((double) h.nx[slot] * h.nx[slot] + (double) h.ny[slot] * h.ny[slot]
                        + (double) h.nz[slot] * h.nz[slot]);
                assertEquals(1, len, 1e-6);
                for (int i = 0; i < k; i++) {
                    double d = h.nx[slot] * (double) c[3 * i] + h.ny[slot] * (double) c[3 * i + 1]
                            + h.nz[slot] * (double) c[3 * i + 2] - h.d[slot];
                    assertTrue(d <= 1e-5 * ext, "t=" + t + ": point " + i + " is " + d + " outside face " + f);
                }
                // Own vertices are on or below their float plane, exactly (d is their max).
                for (int i = 0; i < v; i++) {
                    int sl = h.vStart[0] + i;
                    assertTrue(h.nx[slot] * h.vx[sl] + h.ny[slot] * h.vy[sl] + h.nz[slot] * h.vz[sl] <= h.d[slot]);
                }
            }
            // Padding repeats the last vertex up to a multiple of PAD.
            assertEquals(0, h.vCap[0] % ConvexPolyhedra.PAD);
            for (int i = v; i < h.vCap[0]; i++) {
                assertEquals(h.vx[h.vStart[0] + v - 1], h.vx[h.vStart[0] + i]);
            }
        }
    }

    @Test
    void badCloudsAreRejectedNamingShapeAndReason() {
        ConvexPolyhedra.Builder b = new ConvexPolyhedra.Builder();
        b.addBox(0, 0, 0, 1, 1, 1);
        float[] nan = SolidFixtures.cloud(new SplittableRandom(1), 10, 1);
        nan[3 * 4 + 1] = Float.NaN;
        assertMessage(() -> b.addHull(nan), "shape=1: point=4 is not finite");
        assertMessage(() -> b.addHull(new float[] {0, 0, 0, 1, 0, 0, 0, 1, 0}), "shape=1: a hull needs at least 4 points, got 3");
        assertMessage(() -> b.addHull(new float[] {1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3}), "shape=1: all 4 points coincide");
        assertMessage(() -> b.addHull(new float[] {0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3.0001f}), "shape=1: nearly collinear");
        // A square with one corner lifted by 1e-5 of its size: thinner than 2^-14.
        assertMessage(() -> b.addHull(new float[] {0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 1e-5f}), "shape=1: nearly flat");
        assertMessage(() -> b.addHull(new float[] {0, 0, 0, 1}), "shape=1: xyz.length=4 is not a multiple of 3");
        // Thick enough (2^-12 of the extent) is accepted.
        int ok = b.addHull(new float[] {0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0x1p-12f});
        assertEquals(1, ok);
        assertEquals(2, b.build().size());
    }

    private static void assertMessage(org.junit.jupiter.api.function.Executable call, String prefix) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
        assertTrue(e.getMessage().startsWith(prefix), e.getMessage());
    }

    @Test
    void aBoxIsItsEightCorners() {
        ConvexPolyhedra.Builder b = new ConvexPolyhedra.Builder();
        b.addBox(1, 2, 3, 0.5f, 1, 2);
        ConvexPolyhedra s = b.build();
        assertEquals(8, s.vertexCount(0));
        assertEquals(6, s.faceCount(0));
        assertEquals(0.5f, s.bounds(0, 0));
        assertEquals(5f, s.bounds(0, 5));
    }

    /**
     * The per-edge-slot copies (faces' normals, first vertex, |g|^2) equal what they copy, in a
     * local store and in a posed world store, and each shape's padding edge slots are zero (the
     * edge kernels read them in whole vectors and rely on a zero slot never passing the arc test).
     */
    @Test
    void edgeSlotCopiesMatchTheirFacesAndPaddingIsZero() {
        SolidFixtures.Scene sc = SolidFixtures.scene(31, 40, 12, 5, 10);
        for (ConvexPolyhedra store : new ConvexPolyhedra[] {sc.local(), sc.world()}) {
            HullArrays r = store.arrays();
            for (int s = 0; s < r.size; s++) {
                int eo = r.eStart[s];
                assertEquals(0, eo % ConvexPolyhedra.PAD, "shape " + s + ": edge slots start on a pad boundary");
                for (int e = 0; e < r.eCount[s]; e++) {
                    int slot = eo + e;
                    int f0 = r.fStart[s] + r.ef0[slot];
                    int f1 = r.fStart[s] + r.ef1[slot];
                    int v = r.vStart[s] + r.ev0[slot];
                    assertEquals(r.nx[f0], r.n0x[slot]);
                    assertEquals(r.ny[f0], r.n0y[slot]);
                    assertEquals(r.nz[f0], r.n0z[slot]);
                    assertEquals(r.nx[f1], r.n1x[slot]);
                    assertEquals(r.ny[f1], r.n1y[slot]);
                    assertEquals(r.nz[f1], r.n1z[slot]);
                    assertEquals(r.vx[v], r.px[slot]);
                    assertEquals(r.vy[v], r.py[slot]);
                    assertEquals(r.vz[v], r.pz[slot]);
                    assertEquals(r.gx[slot] * r.gx[slot] + r.gy[slot] * r.gy[slot] + r.gz[slot] * r.gz[slot], r.gg[slot]);
                }
                int end = s + 1 < r.size ? r.eStart[s + 1] : r.gx.length;
                assertEquals(0, (end - eo) % ConvexPolyhedra.PAD);
                for (int slot = eo + r.eCount[s]; slot < end; slot++) {
                    float[][] arrays = {r.gx, r.gy, r.gz, r.gg, r.n0x, r.n0y, r.n0z, r.n1x, r.n1y, r.n1z};
                    for (float[] a : arrays) {
                        assertEquals(0f, a[slot], "shape " + s + ", padding slot " + slot);
                    }
                }
            }
        }
    }
}
