package sandbox_jvm;

import java.lang.reflect.Field;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;

/**
 * Making the student's randomness repeatable from the load request's seed, where Java allows.
 *
 * Seeded (each needs a package of java.base opened to us; see README for the flags):
 *  - Math.random(): the JDK keeps its Random in Math$RandomNumberGeneratorHolder; we setSeed it.
 *    (--add-opens java.base/java.lang=ALL-UNNAMED)
 *  - Collections.shuffle(list) without a Random: it uses a lazily made static Random in
 *    Collections; we put a seeded one there. (--add-opens java.base/java.util=ALL-UNNAMED)
 *  - ThreadLocalRandom.current() on the main thread: its state lives in fields of Thread; we set
 *    them. (java.lang again)
 *
 * Not seeded: {@code new Random()} with no seed mixes a counter with System.nanoTime(), so no
 * field we can set makes it repeat (setting Random's seedUniquifier leaves nanoTime in). The
 * student loader can rewrite such constructions in the student's classes (RandomRewrite) to a
 * seeded subclass; what the JDK itself makes that way stays unseeded.
 * The report of what worked goes back in the load reply, so nothing is silently unseeded.
 */
final class Seeding {
    private Seeding() {
    }

    /** Distinct streams from one seed, so Math.random and shuffle do not mirror each other. */
    static long derive(long seed, long salt) {
        long z = seed + salt * 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    static Map<String, Object> seed(long seed) {
        Map<String, Object> report = new LinkedHashMap<>();
        report.put("math_random", attempt(() -> {
            Class<?> holder = Class.forName("java.lang.Math$RandomNumberGeneratorHolder");
            Field f = holder.getDeclaredField("randomNumberGenerator");
            f.setAccessible(true);
            ((Random) f.get(null)).setSeed(seed);
        }));
        report.put("collections_shuffle", attempt(() -> {
            Field f = java.util.Collections.class.getDeclaredField("r");
            f.setAccessible(true);
            f.set(null, new Random(derive(seed, 1)));
        }));
        report.put("thread_local_random", attempt(() -> {
            Thread me = Thread.currentThread();
            setLong(me, "threadLocalRandomSeed", derive(seed, 2));
            setInt(me, "threadLocalRandomProbe", (int) derive(seed, 3) | 1); // 0 means "not set up"
            setInt(me, "threadLocalRandomSecondarySeed", (int) derive(seed, 4));
        }));
        return report;
    }

    private interface Step {
        void run() throws Exception;
    }

    private static Object attempt(Step step) {
        try {
            step.run();
            return Boolean.TRUE;
        } catch (Exception | LinkageError e) {
            return "not seeded: " + e; // usually a missing --add-opens flag
        }
    }

    private static void setLong(Object o, String name, long value) throws Exception {
        Field f = Thread.class.getDeclaredField(name);
        f.setAccessible(true);
        f.setLong(o, value);
    }

    private static void setInt(Object o, String name, int value) throws Exception {
        Field f = Thread.class.getDeclaredField(name);
        f.setAccessible(true);
        f.setInt(o, value);
    }
}
