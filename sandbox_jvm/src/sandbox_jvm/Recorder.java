package sandbox_jvm;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiFunction;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The record of what the lab's classes answered a student's tester in one run (a transcript:
 * grader/testers/transcripts.py). The lab's versions are compiled with a wrapper around every method and
 * constructor (grader/java/recording.py) that calls {@link #apply}: first with the call's label
 * and arguments (the receiver first), then with the answer (an Object[] of one value, or none
 * for void) or the exception. Only a call from outside the lab's classes (the tester, JUnit, the
 * JDK on the tester's behalf) is a step; a call a lab class makes to itself or to another lab
 * class is not (a depth count on the tester's thread).
 *
 * Each step is 24 bytes: the first 16 of SHA-256 of the call's canonical form, the first 8 of
 * SHA-256 of the answer's (Canonical.java). A step whose answer may depend on something other
 * than the class and the calls before it is <em>opaque</em>: its answer is folded into its call
 * and its answer part is a constant, so a difference there is "another call", never "another
 * answer" (never a catch). Opaque: an Error as the answer (a stack overflow or an out-of-memory
 * the tester can provoke by calling from deep recursion or after filling the heap), an object of
 * the tester's own classes among the receiver, the arguments or the answer (a subclass whose
 * methods the lab's code calls back), any thread but the run's alive or calling, and a tester
 * with a finalize() (its code can run on the JVM's Finalizer thread during a call).
 *
 * The recorder lives in the worker's class loader: the lab's classes hold it in a private static
 * field, typed as a JDK interface, that only they can read (the Guard refuses setAccessible and
 * private lookups to student code). The key never leaves this object. Anything that goes wrong
 * here (an error while rendering, a step left open) breaks the record: it stops, and a random
 * step is put at its end, so it can only part from another run with "another call".
 */
final class Recorder implements BiFunction<Object, Object, Object> {
    static final int MAX_STEPS = 250_000; // as grader/testers/transcripts.py
    /** Frames probed before a step opens, so that closing it cannot overflow the stack. */
    private static final int PROBE_FRAMES = 160;
    private static final Object IDLE = new Object();
    private static final Object INNER = new Object();

    /** One call from outside, from its start to its answer. */
    private static final class Step {
        final String call;
        final Object[] args;
        /** The arrays and JDK collections among the arguments, as they were when the call started. */
        final String before;
        final boolean opaque;

        Step(String call, Object[] args, String before, boolean opaque) {
            this.call = call;
            this.args = args;
            this.before = before;
            this.opaque = opaque;
        }
    }

    private final byte[] key;
    private final Canonical canonical;
    private final StudentLoader loader;
    private final boolean openFields;
    private final ByteArrayOutputStream steps = new ByteArrayOutputStream();
    private final MessageDigest sha;
    private volatile boolean armed;
    private volatile Thread runThread;
    private int depth;
    private Step open;
    private int count;
    private boolean broken;
    /** Set while a value is being written: a call into the lab then (a tester's collection
     * calling back) would interleave with the step being written, so it breaks the record. */
    private boolean rendering;
    /** Set when lab code ran on another thread: the lab's state may have changed unrecorded. */
    private volatile boolean concurrent;
    private ThreadGroup root;
    private int threadsAtStart;
    private Locale locale;
    private Locale formatLocale;

    /** {@code key}: the run's secret (null: record nothing worth sending); {@code lab}: the lab's classes. */
    Recorder(byte[] key, StudentLoader loader, boolean openFields) {
        this.key = key == null ? null : key.clone();
        this.loader = loader;
        this.canonical = new Canonical(loader);
        this.openFields = openFields;
        try {
            this.sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Called by our code, while no student code runs: from here, calls from outside are steps. */
    void arm() {
        ThreadGroup group = Thread.currentThread().getThreadGroup();
        while (group.getParent() != null) {
            group = group.getParent();
        }
        root = group;
        threadsAtStart = root.activeCount();
        locale = Locale.getDefault();
        formatLocale = Locale.getDefault(Locale.Category.FORMAT);
        runThread = Thread.currentThread();
        depth = 0;
        open = null;
        armed = true;
    }

    /** The lab's wrappers call this: (label, arguments) at a call's start, (token, answer) at its end. */
    @Override
    public Object apply(Object first, Object second) {
        if (first instanceof String) {
            return enter((String) first, (Object[]) second);
        }
        leave(first, second);
        return null;
    }

    private Object enter(String label, Object[] args) {
        if (!armed || broken) {
            return IDLE;
        }
        if (rendering) {
            broken = true;
            return IDLE;
        }
        if (Thread.currentThread() != runThread) {
            concurrent = true; // not a step: this thread's calls are not in the run's order
            return IDLE;
        }
        if (depth > 0) {
            depth++;
            return INNER;
        }
        try {
            probe(PROBE_FRAMES);
        } catch (StackOverflowError e) {
            throw new StackOverflowError("too deep to call the class here"); // nothing ran, nothing recorded
        }
        Step step;
        rendering = true;
        try {
            boolean opaque = concurrent || openFields || loader.hasFinalizer()
                    || root.activeCount() > threadsAtStart;
            StringBuilder call = new StringBuilder(label).append('|');
            opaque |= canonical.renderArguments(args, call);
            Locale now = Locale.getDefault();
            Locale format = Locale.getDefault(Locale.Category.FORMAT);
            if (now != locale || format != formatLocale) {
                call.append("|locale ").append(now.toLanguageTag()).append(' ').append(format.toLanguageTag());
            }
            StringBuilder before = new StringBuilder();
            opaque |= canonical.renderMutable(args, before);
            step = new Step(call.toString(), args, before.toString(), opaque);
        } catch (Throwable e) {
            // No step is open and the class has not run (the wrapper calls it only after this
            // returns): the record is still whole. (A stack or heap too full to write the call.)
            throw e;
        } finally {
            rendering = false;
        }
        open = step;
        depth = 1;
        return step;
    }

    private static int probe(int frames) {
        return frames == 0 ? 0 : 1 + probe(frames - 1);
    }

    private void leave(Object token, Object answer) {
        if (token == IDLE) {
            return;
        }
        if (token == INNER) {
            if (depth > 1) {
                depth--;
            } else {
                broken = true;
            }
            return;
        }
        if (token != open || depth != 1 || broken) {
            broken = true;
            return;
        }
        Step step = open;
        open = null;
        depth = 0;
        rendering = true;
        try {
            StringBuilder text = new StringBuilder();
            boolean opaque = step.opaque || loader.hasFinalizer() || root.activeCount() > threadsAtStart;
            if (answer instanceof Throwable) {
                opaque |= answer instanceof Error;
                opaque |= canonical.exception((Throwable) answer, text);
            } else {
                Object[] value = (Object[]) answer;
                text.append(value.length == 0 ? "void" : "=");
                if (value.length > 0) {
                    opaque |= canonical.render(value[0], text);
                }
            }
            // An argument that changed while the call ran: by the class (an array shuffled in
            // place) or by the tester's code on another thread (a finalizer): which, the record
            // cannot tell, so the step is opaque, with the arguments as they are now.
            StringBuilder after = new StringBuilder();
            opaque |= canonical.renderMutable(step.args, after);
            if (!after.toString().equals(step.before)) {
                opaque = true;
                text.append("|after ").append(after);
            }
            record(step.call, text.toString(), opaque);
        } catch (Throwable e) {
            broken = true;
        } finally {
            rendering = false;
        }
    }

    private void record(String call, String answer, boolean opaque) {
        if (count >= MAX_STEPS) {
            return; // a prefix: it can hide a difference, never make one up
        }
        byte[] callHash = opaque ? hash(call + "\u0000opaque\u0000" + answer) : hash(call);
        byte[] answerHash = hash(opaque ? "opaque" : answer);
        steps.write(callHash, 0, 16);
        steps.write(answerHash, 0, 8);
        count++;
    }

    private byte[] hash(String text) {
        sha.reset();
        return sha.digest(text.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Ends the run's record: {"steps": base64, "count": n, "mac": hex HMAC-SHA256(key, count as 8
     * bytes big-endian || steps)}, or null when the load carried no key. Called by our code after
     * the tester returned.
     */
    Map<String, Object> finish() {
        armed = false;
        if (open != null || depth != 0) {
            broken = true;
        }
        if (key == null) {
            return null;
        }
        if (broken && count < MAX_STEPS) {
            byte[] noise = new byte[24];
            new java.security.SecureRandom().nextBytes(noise);
            steps.write(noise, 0, noise.length);
            count++;
        }
        byte[] raw = steps.toByteArray();
        Map<String, Object> field = new LinkedHashMap<>();
        field.put("steps", Base64.getEncoder().encodeToString(raw));
        field.put("count", (long) count);
        field.put("mac", mac(raw));
        return field;
    }

    private String mac(byte[] raw) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            mac.update(ByteBuffer.allocate(8).putLong(count).array());
            byte[] tag = mac.doFinal(raw);
            StringBuilder hex = new StringBuilder();
            for (byte b : tag) {
                hex.append(Character.forDigit((b >> 4) & 0xF, 16)).append(Character.forDigit(b & 0xF, 16));
            }
            return hex.toString();
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is not available", e);
        }
    }
}
