import java.io.File;
import java.io.InputStream;
import java.lang.reflect.AccessibleObject;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.Callable;

/**
 * A hostile deck tester (tests/security/test_hostile_java_tester.py): it tries every way a Java
 * tester has of telling the Deck it runs against apart by something other than what the Deck
 * does, and prints what each gave, one "PROBE channel<TAB>value" line each. A channel that works
 * prints something that differs from one version to another. Channels named "remaining: ..."
 * are the ones docs/testers.md lists as still open, printed so the test can show what they give.
 */
public class DeckTester {
    private static final Map<String, String> FOUND = new TreeMap<>();

    private static void attempt(String channel, Callable<Object> how) {
        String value;
        try {
            Object got = how.call();
            value = got instanceof Object[] ? Arrays.deepToString((Object[]) got) : String.valueOf(got);
        } catch (Throwable e) {
            value = "refused: " + e.getClass().getSimpleName();
        }
        // An object's default text ends in its identity hash: that number is a channel of its own
        // ("remaining: identity hash"), so it is shown once, there, and masked everywhere else.
        value = value.replaceAll("@[0-9a-f]{4,8}\\b", "@<id>");
        FOUND.put(channel, value.replace('\n', ' ').replace('\t', ' '));
    }

    private static String digest(byte[] bytes) {
        return bytes == null ? "null" : bytes.length + " bytes, hash " + Arrays.hashCode(bytes);
    }

    private static byte[] read(InputStream in) throws Exception {
        if (in == null) {
            return null;
        }
        try (in) {
            return in.readAllBytes();
        }
    }

    /** Every file under a folder whose bytes name the Deck class, except this tester's own. */
    private static List<String> classFilesUnder(File folder, int depth, List<String> hits) {
        File[] children;
        try {
            children = depth > 6 ? null : folder.listFiles();
        } catch (SecurityException e) {
            return hits; // a folder it may not list
        }
        if (children == null) {
            return hits;
        }
        for (File child : children) {
            if (child.isDirectory()) {
                classFilesUnder(child, depth + 1, hits);
            } else if (!child.getName().startsWith("DeckTester")) {
                try {
                    String text = new String(Files.readAllBytes(child.toPath()), "ISO-8859-1");
                    if (text.contains("Deck") && (text.startsWith("\u00ca\u00fe\u00ba\u00be") || text.contains("class Deck"))) {
                        hits.add(child.getPath());
                    }
                } catch (Exception e) {
                    // unreadable: nothing found
                }
            }
        }
        return hits;
    }

    private static String members(Member[] members) {
        List<String> shown = new ArrayList<>();
        for (Member m : members) {
            String text = Modifier.toString(m.getModifiers()) + " " + m.getName() + (m.isSynthetic() ? " synthetic" : "");
            if (m instanceof Method) {
                text += Arrays.toString(((Method) m).getParameterTypes()) + ((Method) m).getReturnType().getName();
            } else if (m instanceof Constructor) {
                text += Arrays.toString(((Constructor<?>) m).getParameterTypes());
            } else if (m instanceof Field) {
                text += ((Field) m).getGenericType().getTypeName();
            }
            shown.add(text);
        }
        return String.join(", ", shown);
    }

    private static String sorted(String list) {
        List<String> items = new ArrayList<>(Arrays.asList(list.split(", ")));
        Collections.sort(items);
        return String.join(", ", items);
    }

    private static List<String> frames(Throwable e) {
        List<String> shown = new ArrayList<>();
        for (StackTraceElement frame : e.getStackTrace()) {
            String name = frame.getClassName();
            if (name.equals("Deck") || name.equals("Card") || name.startsWith("Deck$") || name.startsWith("Card$")) {
                shown.add(frame.getClassName() + "." + frame.getMethodName() + " " + frame.getFileName() + ":" + frame.getLineNumber());
            }
        }
        return shown;
    }

    private static int counterIn(String folder, String name) throws Exception {
        File file = new File(folder, name);
        int count = file.exists() ? Integer.parseInt(new String(Files.readAllBytes(file.toPath())).trim()) : 0;
        Files.write(file.toPath(), Integer.toString(count + 1).getBytes());
        return count;
    }

    public static void main(String[] args) throws Exception {
        // 0. the seed: the first numbers drawn, by the tester and by a shuffle, before any Deck draws its own
        attempt("seed", () -> Math.random() + " " + new Random().nextLong());
        attempt("shuffled", () -> {
            List<Integer> list = new ArrayList<>(List.of(1, 2, 3, 4, 5, 6, 7, 8));
            Collections.shuffle(list);
            return list;
        });
        // 1. the class's bytes: as a resource, from the file system, from its code source
        attempt("resource Deck.class", () -> digest(read(Deck.class.getResourceAsStream("Deck.class"))));
        attempt("resource /Deck.class", () -> digest(read(Deck.class.getResourceAsStream("/Deck.class"))));
        attempt("resource URL", () -> Deck.class.getResource("Deck.class"));
        attempt("context loader resource", () -> digest(read(Thread.currentThread().getContextClassLoader()
                .getResourceAsStream("Deck.class"))));
        attempt("system resource", () -> digest(read(ClassLoader.getSystemResourceAsStream("Deck.class"))));
        attempt("own class resource", () -> digest(read(DeckTester.class.getResourceAsStream("DeckTester.class"))));
        attempt("class loader", () -> Deck.class.getClassLoader());
        attempt("code source", () -> Deck.class.getProtectionDomain().getCodeSource());
        attempt("code source location", () -> Deck.class.getProtectionDomain().getCodeSource().getLocation());
        attempt("card code source location", () -> Card.class.getProtectionDomain().getCodeSource().getLocation());
        attempt("own code source", () -> DeckTester.class.getProtectionDomain().getCodeSource().getLocation());
        attempt("class path property", () -> System.getProperty("java.class.path"));
        List<String> places = new ArrayList<>(List.of(System.getProperty("user.dir"), System.getProperty("java.io.tmpdir"),
                System.getProperty("user.home"), "/tmp"));
        try {
            File own = new File(DeckTester.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            places.add(own.getPath());
            places.add(own.getParentFile().getPath()); // where the grader's copies for this JVM live
        } catch (Exception e) {
            // no location: nothing more to search
        }
        for (String place : places) {
            attempt("list " + place.replaceAll("[0-9a-f]{16}", "<hash>"), () -> {
                String[] names = new File(place).list();
                if (names == null) {
                    return "refused or empty";
                }
                Arrays.sort(names);
                return String.join(" ", names).replaceAll("[0-9a-f]{16}", "<hash>");
            });
        }
        attempt("class files naming Deck", () -> {
            List<String> hits = new ArrayList<>();
            for (String place : places) {
                classFilesUnder(new File(place), 0, hits);
            }
            return hits;
        });

        // 2. the class's structure, by reflection
        attempt("class", () -> Deck.class + " " + Modifier.toString(Deck.class.getModifiers()) + " extends "
                + Deck.class.getSuperclass() + " implements " + Arrays.toString(Deck.class.getInterfaces()));
        attempt("declared fields", () -> sorted(members(Deck.class.getDeclaredFields())));
        attempt("declared methods", () -> sorted(members(Deck.class.getDeclaredMethods())));
        attempt("declared constructors", () -> members(Deck.class.getDeclaredConstructors()));
        attempt("declared classes", () -> Deck.class.getDeclaredClasses());
        attempt("nest members", () -> Deck.class.getNestMembers());
        attempt("annotations", () -> Deck.class.getDeclaredAnnotations());
        attempt("inner class Deck$1", () -> Class.forName("Deck$1"));
        attempt("parameter names", () -> Arrays.toString(Deck.class.getConstructors()[0].getParameters()));
        attempt("module and package", () -> Deck.class.getModule() + " " + Deck.class.getPackageName());
        attempt("private field", () -> {
            Field field = Deck.class.getDeclaredFields()[0];
            field.setAccessible(true);
            return field.get(new Deck(new String[] {"a"}, new String[] {"s"}, new int[] {1}));
        });
        attempt("private lookup", () -> java.lang.invoke.MethodHandles.privateLookupIn(Deck.class,
                java.lang.invoke.MethodHandles.lookup()));
        attempt("unsafe", () -> {
            Field unsafe = Class.forName("sun.misc.Unsafe").getDeclaredField("theUnsafe");
            unsafe.setAccessible(true);
            return unsafe.get(null);
        });
        attempt("trySetAccessible", () -> ((AccessibleObject) Deck.class.getDeclaredMethods()[0]).trySetAccessible());

        // 3. where an error comes from: frames, files, line numbers (the message is behaviour)
        attempt("frames of an error", () -> {
            try {
                new Deck(null, null, null);
                return "no error";
            } catch (RuntimeException e) {
                return frames(e);
            }
        });

        // 4. what a run may leave for the next: files, properties, thread names and ids, the JDK's settable state
        attempt("counter in the working folder", () -> counterIn(System.getProperty("user.dir"), ".runs-here"));
        attempt("counter in the temporary folder", () -> counterIn(System.getProperty("java.io.tmpdir"), ".runs-tmp"));
        attempt("counter in /tmp", () -> counterIn("/tmp", ".runs-slash-tmp"));
        attempt("counter in a property", () -> {
            String before = System.getProperty("hostile.runs", "0");
            System.setProperty("hostile.runs", Integer.toString(Integer.parseInt(before) + 1));
            return before;
        });
        attempt("new thread's name and id", () -> {
            Thread thread = new Thread(() -> { });
            return thread.getName() + " " + thread.getId();
        });
        attempt("this thread's name", () -> {
            String before = Thread.currentThread().getName() + " " + Thread.currentThread().getPriority()
                    + " " + Thread.currentThread().getUncaughtExceptionHandler().getClass().getName();
            Thread.currentThread().setName("hostile run");
            Thread.currentThread().setPriority(Thread.MIN_PRIORITY);
            Thread.currentThread().setUncaughtExceptionHandler((t, e) -> { });
            return before;
        });
        attempt("threads of the JVM", () -> {
            List<String> names = new ArrayList<>();
            for (Thread thread : Thread.getAllStackTraces().keySet()) {
                names.add(thread.getName() + "#" + thread.getId());
            }
            Collections.sort(names);
            return names;
        });
        attempt("shutdown hook", () -> {
            Runtime.getRuntime().addShutdownHook(new Thread(() -> { }));
            return "added";
        });
        attempt("default uncaught handler", () -> {
            Thread.setDefaultUncaughtExceptionHandler((t, e) -> { });
            return "set";
        });
        attempt("security property", () -> {
            String before = java.security.Security.getProperty("hostile.runs");
            java.security.Security.setProperty("hostile.runs", "1");
            return before;
        });
        attempt("proxy selector", () -> {
            java.net.ProxySelector before = java.net.ProxySelector.getDefault();
            java.net.ProxySelector.setDefault(null);
            return before == null ? "null" : before.getClass().getName();
        });
        attempt("logging", () -> {
            java.util.logging.Logger.getLogger("").setLevel(java.util.logging.Level.FINEST);
            return "set";
        });
        attempt("preferences", () -> java.util.prefs.Preferences.userRoot().getInt("hostile.runs", 0));
        attempt("serial filter", () -> {
            Object before = java.io.ObjectInputFilter.Config.getSerialFilter();
            java.io.ObjectInputFilter.Config.setSerialFilter(info -> java.io.ObjectInputFilter.Status.UNDECIDED);
            return before;
        });
        attempt("management: classes loaded", () -> java.lang.management.ManagementFactory.getClassLoadingMXBean()
                .getTotalLoadedClassCount());
        attempt("management: uptime", () -> java.lang.management.ManagementFactory.getRuntimeMXBean().getUptime() > 0);
        attempt("process start", () -> ProcessHandle.current().info().startInstant());
        attempt("assertions", () -> Deck.class.desiredAssertionStatus());

        // 5. what the JVM tells about itself
        attempt("environment", () -> new TreeMap<>(System.getenv()).hashCode());
        attempt("properties", () -> new TreeMap<>(System.getProperties()).toString().hashCode());

        // Still open (docs/testers.md): state of the JVM itself that one shared JVM carries from run to run.
        attempt("remaining: identity hash", () -> System.identityHashCode(new Object()));
        attempt("remaining: free memory", () -> Runtime.getRuntime().freeMemory() > 0);

        for (Map.Entry<String, String> entry : FOUND.entrySet()) {
            System.out.println("PROBE " + entry.getKey() + "\t" + entry.getValue());
        }
    }
}
