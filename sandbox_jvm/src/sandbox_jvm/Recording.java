package sandbox_jvm;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Map;
import java.util.Random;

/**
 * Connecting a load's sealed classes (the lab's versions a student's tester runs against) to a
 * Recorder, right after the load and before any student code runs: each class compiled for
 * recording (grader/java/recording.py) has two private static fields, {@code lab$rec} (the
 * recorder) and {@code lab$rnd} (the lab's own random numbers, seeded from the load's seed, which
 * only the lab's code draws from), set here by reflection, which only our code may use on them.
 */
final class Recording {
    static final String RECORDER_FIELD = "lab$rec";
    static final String RANDOM_FIELD = "lab$rnd";

    private Recording() {
    }

    /**
     * {@code transcript}: the load request's {"key": hex} (the run's secret), or null: then the
     * calls are still made through the recorder, but no record is sent. {@code seed}: the lab's
     * random numbers'.
     */
    static Recorder attach(StudentLoader loader, Object transcript, long seed) throws ReflectiveOperationException {
        byte[] key = null;
        if (transcript instanceof Map && ((Map<?, ?>) transcript).get("key") instanceof String) {
            key = hex((String) ((Map<?, ?>) transcript).get("key"));
        }
        boolean openFields = false;
        Class<?>[] sealed = new Class<?>[loader.sealedNames().size()];
        int n = 0;
        for (String name : loader.sealedNames()) {
            Class<?> c = Class.forName(name, false, loader); // defined, not initialised
            sealed[n++] = c;
            for (Field field : c.getDeclaredFields()) {
                openFields |= reachable(field);
            }
        }
        Recorder recorder = new Recorder(key, loader, openFields);
        Random random = new Random(seed);
        for (Class<?> c : sealed) {
            set(c, RECORDER_FIELD, recorder);
            set(c, RANDOM_FIELD, random);
        }
        return recorder;
    }

    /**
     * A field a tester could change (or read a changing object from) without a call the record
     * sees: anything but a private one, or a final one of a primitive type or String.
     */
    private static boolean reachable(Field field) {
        int modifiers = field.getModifiers();
        if (Modifier.isPrivate(modifiers) || field.isSynthetic()) {
            return false;
        }
        return !(Modifier.isFinal(modifiers) && (field.getType().isPrimitive() || field.getType() == String.class));
    }

    private static void set(Class<?> c, String name, Object value) throws IllegalAccessException {
        Field field;
        try {
            field = c.getDeclaredField(name);
        } catch (NoSuchFieldException e) {
            return; // a nested class, or a class not compiled for recording: it calls nothing of ours
        }
        field.setAccessible(true);
        field.set(null, value); // initialises the class: the lab's own static code, trusted
    }

    private static byte[] hex(String text) {
        if (text.length() % 2 != 0) {
            throw new IllegalArgumentException("a transcript key is an even number of hex digits");
        }
        byte[] out = new byte[text.length() / 2];
        for (int i = 0; i < out.length; i++) {
            out[i] = (byte) Integer.parseInt(text.substring(2 * i, 2 * i + 2), 16);
        }
        return out;
    }
}
