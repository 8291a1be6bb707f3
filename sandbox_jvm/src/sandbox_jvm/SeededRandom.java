package sandbox_jvm;

import java.util.Random;

/**
 * What {@code new Random()} in the student's classes becomes (RandomRewrite): a Random whose
 * seed comes from the load request's seed and a count of the Randoms made so far, so a test
 * that builds two decks gets the same two decks on every run.
 *
 * Each student loader defines its own copy of this class, so its count starts at 0 with every
 * load, like everything else static. {@code new Random(42)} keeps the student's own seed.
 */
public class SeededRandom extends Random {
    private static final long serialVersionUID = 1L;

    /** Set by the worker (by reflection) right after the load; the student cannot reach it. */
    static long stream;
    private static long made;

    public SeededRandom() {
        super(nextSeed());
    }

    public SeededRandom(long seed) {
        super(seed);
    }

    private static synchronized long nextSeed() {
        long z = stream + (++made) * 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
