package dev.sepax.solid;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.sepax.internal.HullArrays;
import dev.sepax.testing.SolidFixtures;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The hull builder's output is pinned: every array of stores built from the benchmark workloads'
 * clouds, the test fixtures' clouds and clouds full of coplanar and collinear points (where face
 * merging and dropped edge points decide the result) hashes to a recorded value. The kernels'
 * verdicts, cached axes and the benchmark numbers depend on vertex, face and edge order, so a
 * faster builder must keep that order, not only the same solid.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class HullStoreLayoutTest {
    /** The bench's hull workload {@code H<k>} at seed 42 (SolidWorkloads), local store only. */
    private static ConvexPolyhedra benchHulls(int k) {
        SplittableRandom r = new SplittableRandom(42 ^ k);
        ConvexPolyhedra.Builder b = new ConvexPolyhedra.Builder();
        for (int i = 0; i < 4096; i++) {
            double radius = (float) r.nextDouble(0.5, 1.5);
            b.addHull(SolidFixtures.shell(r, k, radius));
        }
        return b.build();
    }

    private static ConvexPolyhedra fixtureHulls() {
        SplittableRandom r = new SplittableRandom(11);
        ConvexPolyhedra.Builder b = new ConvexPolyhedra.Builder();
        for (int k : new int[] {4, 5, 6, 8, 12, 16, 24, 40, 64, 100, 250, 1000, 3000}) {
            for (int t = 0; t < 8; t++) {
                b.addHull(SolidFixtures.cloud(r, k, r.nextDouble(0.01, 100)));
            }
        }
        return b.build();
    }

    /** Lattices, prisms and boxes: many coplanar triangles to merge and points on edges to drop. */
    private static ConvexPolyhedra coplanarHulls() {
        ConvexPolyhedra.Builder b = new ConvexPolyhedra.Builder();
        for (int g = 2; g <= 6; g++) {
            b.addHull(lattice(g, 0.5f));
        }
        SplittableRandom r = new SplittableRandom(5);
        for (int sides : new int[] {3, 5, 8, 17, 40}) {
            b.addHull(prism(r, sides));
        }
        b.addBox(1, 2, 3, 0.5f, 1, 2);
        b.addBox(-7, 0.25f, 1e3f, 3, 3, 3);
        return b.build();
    }

    /** The g^3 points of a grid with spacing h: a cube with points on its faces, edges and inside. */
    private static float[] lattice(int g, float h) {
        float[] p = new float[3 * g * g * g];
        int i = 0;
        for (int x = 0; x < g; x++) {
            for (int y = 0; y < g; y++) {
                for (int z = 0; z < g; z++) {
                    p[i++] = x * h;
                    p[i++] = y * h;
                    p[i++] = z * h;
                }
            }
        }
        return p;
    }

    /**
     * A prism over a regular polygon, with extra random points in both caps and on the side
     * edges' midpoints: the caps merge into polygons, the midpoints are on edges.
     */
    private static float[] prism(SplittableRandom r, int sides) {
        int extra = 20;
        float[] p = new float[3 * (3 * sides + 2 * extra)];
        int i = 0;
        for (int k = 0; k < sides; k++) {
            double a = 2 * Math.PI * k / sides;
            float x = (float) Math.cos(a);
            float y = (float) Math.sin(a);
            for (float z : new float[] {0, 2, 1}) {
                p[i++] = x;
                p[i++] = y;
                p[i++] = z;
            }
        }
        for (int k = 0; k < 2 * extra; k++) {
            double a = r.nextDouble(0, 2 * Math.PI);
            double l = r.nextDouble(0, 0.5);
            p[i++] = (float) (l * Math.cos(a));
            p[i++] = (float) (l * Math.sin(a));
            p[i++] = k < extra ? 0 : 2;
        }
        return p;
    }

    /** FNV-1a over every array of the store, lengths included, in a fixed order. */
    static long hash(ConvexPolyhedra store) {
        HullArrays r = store.arrays();
        long h = 0xcbf29ce484222325L;
        h = mix(h, r.size);
        h = mix(h, r.maxCap);
        for (int[] a : new int[][] {r.vStart, r.vCount, r.vCap, r.fStart, r.fCount, r.eStart, r.eCount, r.loopStart,
                r.loopCount, r.loop, r.ev0, r.ev1, r.ef0, r.ef1}) {
            h = mix(h, a.length);
            for (int v : a) {
                h = mix(h, v);
            }
        }
        for (float[] a : new float[][] {r.vx, r.vy, r.vz, r.nx, r.ny, r.nz, r.d, r.gx, r.gy, r.gz, r.gg, r.n0x, r.n0y,
                r.n0z, r.n1x, r.n1y, r.n1z, r.px, r.py, r.pz, r.cx, r.cy, r.cz, r.minX, r.minY, r.minZ, r.maxX, r.maxY,
                r.maxZ, r.magnitude}) {
            h = mix(h, a.length);
            for (float v : a) {
                h = mix(h, Float.floatToRawIntBits(v));
            }
        }
        return h;
    }

    private static long mix(long h, int v) {
        for (int k = 0; k < 4; k++) {
            h ^= (v >>> (8 * k)) & 0xff;
            h *= 0x100000001b3L;
        }
        return h;
    }

    /**
     * The benchmark's stores as the builder with exact visibility makes them (QuickHull's class
     * doc). The benchmark numbers and the kernels' cached axes are measured on exactly these
     * arrays; record new values only together with the reason the builder's output had to change.
     */
    @Test
    void benchWorkloadStoresKeepTheirLayout() {
        long[] expected = {3740518847981492632L, -4375387750650897334L, -3815450154147846440L, 7519638643458491892L};
        long[] actual = {hash(benchHulls(8)), hash(benchHulls(16)), hash(benchHulls(32)), hash(benchHulls(64))};
        assertEquals(java.util.Arrays.toString(expected), java.util.Arrays.toString(actual), "H8, H16, H32, H64");
    }

    /** The fixture clouds' store, from the same builder as the benchmark's. */
    @Test
    void fixtureCloudStoresKeepTheirLayout() {
        assertEquals(2501277094517396509L, hash(fixtureHulls()));
    }

    @Test
    void coplanarCloudStoresKeepTheirLayout() {
        assertEquals(4205098706194714785L, hash(coplanarHulls()));
    }
}
