package sandbox_jvm;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An exception as plain data (sandbox_runtime/wire/failures.py, for Java): its type, message and
 * only the student's own stack frames.
 *
 * A frame is "from the sandbox folder" when the student loader defined its class (the frame
 * carries the loader's name, "student"); JDK and sandbox_jvm frames are never shown. Of those,
 * only frames of the student's own classes (the load request's "student" list: "Deck" covers
 * Deck and its inner classes Deck$1, Deck$Node) are kept, at most the 8 nearest the error,
 * outermost first as Python lists them. When the error came from a sandbox class that is not
 * the student's (the lab's Card, say), "inside" names that file and none of its lines is shown.
 * The student loader's copies of our JvmWide and SeededRandom count as JDK frames: they stand in
 * for the JDK calls the student wrote (s.intern(), new Random()), so an error they throw (a
 * refused JVM-wide setter) is reported at the student's line, and its message names the call.
 */
final class Failures {
    private Failures() {
    }

    static final int MAX_FRAMES = 8;

    /** The text of the student's lines, set at each load (none until a load names sources). */
    static volatile SourceLines sources = new SourceLines(null);

    static Map<String, Object> describe(Throwable error, Set<String> own) {
        error = unwrap(error);
        Map<String, Object> described = new LinkedHashMap<>();
        described.put("type", typeOf(error));
        described.put("message", messageOf(error));
        described.put("assertion", error instanceof AssertionError);
        if (error instanceof Guard.ExitAttempt) {
            described.put("exit_code", ((Guard.ExitAttempt) error).code);
        }
        if (error instanceof Names.NameNotFound && ((Names.NameNotFound) error).wanted != null) {
            Names.NameNotFound missing = (Names.NameNotFound) error;
            described.put("owner", missing.owner); // "Deck", or "module Shuffler" for a class's statics
            described.put("name", missing.wanted); // as the suite asked: "point_value"
            if (!missing.several.isEmpty()) {
                described.put("several", new ArrayList<Object>(missing.several));
            }
        }
        List<Map<String, Object>> frames = new ArrayList<>();
        String innermost = null;
        boolean innermostOwn = false;
        StackTraceElement[] trace = error.getStackTrace();
        for (StackTraceElement element : trace) { // innermost first, as Java keeps them
            if (!StudentLoader.NAME.equals(element.getClassLoaderName()) || isOurs(element.getClassName())) {
                continue;
            }
            boolean mine = isOwn(element.getClassName(), own);
            if (innermost == null) {
                innermost = fileOf(element);
                innermostOwn = mine;
            }
            if (mine && frames.size() < MAX_FRAMES) {
                Map<String, Object> frame = new LinkedHashMap<>();
                frame.put("file", fileOf(element));
                frame.put("line", (long) Math.max(element.getLineNumber(), 0));
                frame.put("function", element.getMethodName());
                frame.put("code", sources.line(fileOf(element), element.getLineNumber()));
                frames.add(0, frame);
            }
        }
        if (innermost != null && !innermostOwn) {
            described.put("inside", innermost);
        }
        described.put("frames", frames);
        return described;
    }

    /** What the JDK wraps around the student's own error is not the student's error. */
    static Throwable unwrap(Throwable error) {
        for (int i = 0; i < 4 && error.getCause() != null; i++) {
            if (error instanceof ExceptionInInitializerError
                    || error instanceof java.lang.reflect.InvocationTargetException
                    || error instanceof java.lang.reflect.UndeclaredThrowableException) {
                error = error.getCause();
            } else {
                break;
            }
        }
        return error;
    }

    static String typeOf(Throwable error) {
        if (error instanceof Guard.ExitAttempt) {
            return "SystemExit";
        }
        return Values.typeName(error.getClass());
    }

    private static String messageOf(Throwable error) {
        try {
            String message = error.getMessage(); // the student's own override may throw
            if (message == null) {
                return "";
            }
            return message.length() > 2000 ? message.substring(0, 2000) : message;
        } catch (Throwable broken) {
            return "(the error's message could not be shown)";
        }
    }

    /** Our classes that each student loader defines anew (StudentLoader.findClass): never "inside". */
    private static final Set<String> OURS = Set.of(CallRewrite.TARGET.replace('/', '.'),
            RandomRewrite.SEEDED.replace('/', '.'));

    static boolean isOurs(String className) {
        int inner = className.indexOf('$');
        return OURS.contains(inner < 0 ? className : className.substring(0, inner));
    }

    static boolean isOwn(String className, Set<String> own) {
        if (own == null) {
            return true; // a load that did not say: every sandbox class counts, as in Python
        }
        int inner = className.indexOf('$');
        String top = inner < 0 ? className : className.substring(0, inner);
        String simple = top.substring(top.lastIndexOf('.') + 1);
        return own.contains(top) || own.contains(simple);
    }

    private static String fileOf(StackTraceElement element) {
        String file = element.getFileName();
        if (file != null) {
            return file;
        }
        String name = element.getClassName();
        int inner = name.indexOf('$');
        return (inner < 0 ? name : name.substring(0, inner)).replace('.', '/') + ".java";
    }
}
