package sandbox_jvm;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * The loader for one test's classes: the student's and the lab's, from the load request's
 * classpath. A fresh one per load is what discards every static field of the previous test.
 *
 * Its parent is the platform loader, not ours: the student's classes see the JDK but not
 * sandbox_jvm, so they cannot name (or reach into) the worker that runs them. Its name,
 * "student", shows in every stack frame of a class it defined (StackTraceElement's
 * getClassLoaderName), which is how frames are told to be from the sandbox folder.
 *
 * Sealed classes (the lab's versions a student's tester runs against) are defined from bytes
 * the load request carried, held here and nowhere else: no file of theirs is on the class path
 * or in the JVM's jail, they get the loader's default protection domain (a CodeSource with no
 * location), and no resource ending in ".class" is answered, for any class (so
 * Deck.class.getResourceAsStream("Deck.class") is null whatever Deck is). The management API
 * (classes, threads and collections counted over the JVM's life, its uptime) and JFR are not
 * loadable: a count that grows from run to run would tell a tester which run it is.
 */
final class StudentLoader extends URLClassLoader {
    static final String NAME = "student";

    /** Every class any student loader defined (weakly: a discarded load's classes can go). */
    private static final Set<Class<?>> DEFINED =
            Collections.synchronizedSet(Collections.newSetFromMap(new WeakHashMap<>()));
    /** Every class a LibraryLoader defined (JUnit's): not the student's, but run only by it. */
    private static final Set<Class<?>> LIBRARY =
            Collections.synchronizedSet(Collections.newSetFromMap(new WeakHashMap<>()));

    /** Packages student code may not load (see the class comment). */
    private static final List<String> REFUSED_PACKAGES = List.of("java.lang.management.", "javax.management.",
            "com.sun.management.", "jdk.management.", "sun.management.", "jdk.jfr.");

    /** Patched class files by path, size and time (patchedClassFile). */
    private static final Map<String, byte[]> PATCHED = new java.util.concurrent.ConcurrentHashMap<>();

    private final List<File> roots;
    /** Binary name -> class file, for the sealed classes of this load. */
    private final Map<String, byte[]> sealed;
    /** The sealed classes defined so far (the lab's: Recorder.java tells their objects by this). */
    private final Set<Class<?>> sealedClasses = java.util.concurrent.ConcurrentHashMap.newKeySet();
    /** Whether a class of the student's this loader defined may have a finalize() (Recorder.java). */
    private volatile boolean finalizer;
    /** The class file of SeededRandom, read once (the first load, while only our code is running). */
    private static final byte[] SEEDED = classFileOf("SeededRandom.class");
    /** The class file of JvmWide (CallRewrite's target), read once likewise. */
    private static final byte[] JVM_WIDE = classFileOf("JvmWide.class");
    /** The string literals of the classes this loader defined: JvmWide interns them in the JVM's table. */
    private final Set<String> literals = java.util.concurrent.ConcurrentHashMap.newKeySet();

    StudentLoader(List<File> roots, URL[] urls, Map<String, byte[]> sealed, boolean assertions, ClassLoader parent)
            throws IOException {
        super(NAME, urls, parent);
        this.roots = roots;
        this.sealed = Map.copyOf(sealed);
        // Before any class is defined: a class's assertion status is fixed when it is
        // initialised, so this is the only moment "-ea for these classes" can be chosen.
        setDefaultAssertionStatus(assertions);
    }

    private static byte[] classFileOf(String file) {
        try (InputStream in = StudentLoader.class.getResourceAsStream(file)) {
            return in.readAllBytes();
        } catch (IOException | RuntimeException e) {
            throw new IllegalStateException("the worker's own " + file + " cannot be read", e);
        }
    }

    /** ``parent``: the platform loader, or a fresh LibraryLoader when the tester uses JUnit. */
    static StudentLoader over(List<String> classpath, Map<String, byte[]> sealed, boolean assertions,
                              ClassLoader parent) throws IOException {
        List<File> roots = new ArrayList<>();
        URL[] urls = new URL[classpath.size()];
        for (int i = 0; i < urls.length; i++) {
            File root = new File(classpath.get(i)).getCanonicalFile();
            if (!root.exists()) {
                throw new IOException("no such classpath entry: " + root);
            }
            roots.add(root);
            urls[i] = root.toURI().toURL();
        }
        return new StudentLoader(roots, urls, sealed, assertions, parent);
    }

    /**
     * Packages only the student's classes may not load (a test library's may: JUnit logs through
     * java.util.logging). Each keeps JVM-wide state a test can set and a later test read, with no
     * permission asked and no lab needing it: Swing's and AWT's defaults, java.beans' registries
     * and its calls by name, JDBC's driver list and login timeout, RMI's log, logging's named
     * loggers, Dynalink's calls by name (which CallRewrite would not see).
     */
    private static final List<String> STUDENT_REFUSED = List.of("java.awt.", "javax.swing.", "java.beans.",
            "javax.imageio.", "javax.sound.", "javax.print.", "java.applet.", "javax.accessibility.", "java.sql.",
            "javax.sql.", "java.rmi.", "javax.rmi.", "java.util.logging.", "jdk.dynalink.");

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        refuseRestricted(name);
        for (String refused : STUDENT_REFUSED) {
            if (name.startsWith(refused)) {
                throw new ClassNotFoundException(name + " is not available in the grader's sandbox");
            }
        }
        return super.loadClass(name, resolve);
    }

    /** The packages no code the student can reach may load (see the class comment). */
    static void refuseRestricted(String name) throws ClassNotFoundException {
        for (String refused : REFUSED_PACKAGES) {
            if (name.startsWith(refused)) {
                throw new ClassNotFoundException(name + " is not available in the grader's sandbox");
            }
        }
    }

    /** Whether a resource name asks for a class file: refused whatever the class (see above). */
    private static boolean classFile(String resource) {
        return resource != null && resource.toLowerCase(java.util.Locale.ROOT).contains(".class");
    }

    // Every public way to a resource: getResourceAsStream and resources() go through these.
    @Override
    public URL getResource(String name) {
        return classFile(name) ? null : super.getResource(name);
    }

    @Override
    public URL findResource(String name) {
        return classFile(name) ? null : super.findResource(name);
    }

    @Override
    public Enumeration<URL> getResources(String name) throws IOException {
        return classFile(name) ? Collections.emptyEnumeration() : super.getResources(name);
    }

    @Override
    public Enumeration<URL> findResources(String name) throws IOException {
        return classFile(name) ? Collections.emptyEnumeration() : super.findResources(name);
    }

    /**
     * Every class of the classpath goes through RandomRewrite and CallRewrite before it is
     * defined; the loader's own copies of SeededRandom and JvmWide are defined from our class files.
     */
    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
        if (name.equals(RandomRewrite.SEEDED.replace('/', '.'))) {
            return remember(defineClass(name, SEEDED, 0, SEEDED.length));
        }
        if (name.equals(CallRewrite.TARGET.replace('/', '.'))) {
            return jvmWide(remember(defineClass(name, JVM_WIDE, 0, JVM_WIDE.length)));
        }
        byte[] held = sealed.get(name);
        if (held != null) { // no protection domain given: the default one, whose CodeSource has no location
            byte[] bytes = CallRewrite.patch(RandomRewrite.patch(held.clone()));
            CallRewrite.literals(bytes, literals);
            Class<?> c = remember(defineClass(name, bytes, 0, bytes.length));
            sealedClasses.add(c);
            return c;
        }
        byte[] bytes = patchedClassFile(name);
        CallRewrite.literals(bytes, literals);
        if (!finalizer && mentions(bytes, FINALIZE)) {
            finalizer = true;
        }
        return remember(defineClass(name, bytes, 0, bytes.length));
    }

    /**
     * A class file of the classpath, patched (RandomRewrite): read and patched once per JVM, then
     * taken from PATCHED, by the file's path, size and time. The folders a load names are the
     * grader's read-only copies, made once and never changed while the JVM lives
     * (grader/java/worker.py, visible()); every test defines the classes anew from these bytes.
     */
    private byte[] patchedClassFile(String name) throws ClassNotFoundException {
        String relative = name.replace('.', '/') + ".class";
        for (File root : roots) {
            if (root.isDirectory()) {
                File file = new File(root, relative);
                long length = file.length(); // 0 when there is no such file
                if (length == 0) {
                    continue;
                }
                String key = file.getPath() + "\u0000" + length + "\u0000" + file.lastModified();
                byte[] patched = PATCHED.get(key);
                if (patched == null) {
                    try {
                        patched = CallRewrite.patch(RandomRewrite.patch(java.nio.file.Files.readAllBytes(file.toPath())));
                    } catch (IOException e) {
                        throw new ClassNotFoundException(name, e);
                    }
                    PATCHED.put(key, patched);
                }
                return patched;
            }
            break; // a jar first on the path: looked up the general way below
        }
        URL url = super.findResource(relative);
        if (url == null) {
            throw new ClassNotFoundException(name);
        }
        try (InputStream in = url.openStream()) {
            return CallRewrite.patch(RandomRewrite.patch(in.readAllBytes()));
        } catch (IOException e) {
            throw new ClassNotFoundException(name, e);
        }
    }

    /**
     * Hands this loader's copy of JvmWide the load's string literals (in a doPrivileged: the
     * class is first needed when student code first calls what CallRewrite redirected).
     */
    @SuppressWarnings("removal")
    private Class<?> jvmWide(Class<?> c) throws ClassNotFoundException {
        try {
            java.security.AccessController.doPrivileged((java.security.PrivilegedExceptionAction<Void>) () -> {
                java.lang.reflect.Field field = c.getDeclaredField("literals");
                field.setAccessible(true);
                field.set(null, literals);
                return null;
            });
        } catch (java.security.PrivilegedActionException e) {
            throw new ClassNotFoundException(c.getName(), e.getException());
        }
        return c;
    }

    private static final byte[] FINALIZE = "finalize".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    /** Whether a class file holds these bytes (a method named finalize has its name in the pool). */
    private static boolean mentions(byte[] bytes, byte[] word) {
        outer:
        for (int i = 0; i + word.length <= bytes.length; i++) {
            for (int j = 0; j < word.length; j++) {
                if (bytes[i + j] != word[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }

    /** Whether this load's sealed bytes defined the class (one of the lab's versions or stand-ins). */
    boolean isSealed(Class<?> c) {
        return sealedClasses.contains(c);
    }

    /** The binary names of this load's sealed classes. */
    Set<String> sealedNames() {
        return sealed.keySet();
    }

    /** Whether a class of the student's defined by this loader may declare finalize(). */
    boolean hasFinalizer() {
        return finalizer;
    }

    private static Class<?> remember(Class<?> c) {
        DEFINED.add(c);
        return c;
    }

    /** Whether a student loader defined this class (asks no permission, unlike getClassLoader). */
    static boolean defined(Class<?> c) {
        return DEFINED.contains(c);
    }

    /** Whether the guard counts this class's frames as student code: the student loader's
     * classes and the libraries' (LibraryLoader). */
    static boolean untrusted(Class<?> c) {
        return DEFINED.contains(c) || LIBRARY.contains(c);
    }

    static void untrustedLibrary(Class<?> c) {
        LIBRARY.add(c);
    }

    /** Seeds the loader's SeededRandom: the k-th new Random() of this load gets seed (seed, k). */
    void seedRandoms(long seed) throws ReflectiveOperationException {
        Class<?> c = loadClass(RandomRewrite.SEEDED.replace('/', '.'));
        java.lang.reflect.Field stream = c.getDeclaredField("stream");
        stream.setAccessible(true);
        stream.setLong(null, seed);
    }

    /** The binary names of the top-level classes on the classpath (no '$' in the name). */
    List<String> topLevelNames() throws IOException {
        TreeSet<String> names = new TreeSet<>();
        for (String name : sealed.keySet()) {
            addIfTopLevel(name + ".class", names);
        }
        for (File root : roots) {
            if (root.isDirectory()) {
                collect(root, "", names, 0);
            } else {
                try (JarFile jar = new JarFile(root)) {
                    Enumeration<JarEntry> entries = jar.entries();
                    while (entries.hasMoreElements()) {
                        String entry = entries.nextElement().getName();
                        addIfTopLevel(entry.replace('/', '.'), names);
                    }
                }
            }
        }
        return new ArrayList<>(names);
    }

    private static void collect(File dir, String prefix, TreeSet<String> names, int depth) {
        File[] children = dir.listFiles();
        if (children == null || depth > 8) {
            return;
        }
        for (File child : children) {
            if (child.isDirectory()) {
                collect(child, prefix + child.getName() + ".", names, depth + 1);
            } else {
                addIfTopLevel(prefix + child.getName(), names);
            }
        }
    }

    private static void addIfTopLevel(String file, TreeSet<String> names) {
        if (file.endsWith(".class") && !file.contains("$") && !file.endsWith("module-info.class")) {
            names.add(file.substring(0, file.length() - ".class".length()));
        }
    }
}
