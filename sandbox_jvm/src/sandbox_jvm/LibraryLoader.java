package sandbox_jvm;

import java.io.File;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.List;

/**
 * The loader of the test libraries a student's tester compiles against (JUnit 4, JUnit
 * Jupiter's API, and what they need: hamcrest, opentest4j, apiguardian), made fresh at every
 * load and put between the platform loader and that load's StudentLoader.
 *
 * Fresh, so that no static field of a library survives from one tester run to the next (a
 * count kept there would tell a tester which run it is). Its classes are not the student's:
 * their frames carry the name "library", so an error report skips them as it skips the JDK's
 * (a failed assertEquals shows the student's line, not Assert.java). But they run only when
 * student code calls them, so the guard treats them as student code (StudentLoader.untrusted):
 * a library method that asks for a right, even inside a doPrivileged of its own, is refused as
 * the student's call would be.
 */
final class LibraryLoader extends URLClassLoader {
    static final String NAME = "library";

    private LibraryLoader(URL[] urls) {
        super(NAME, urls, ClassLoader.getPlatformClassLoader());
    }

    static LibraryLoader over(List<String> jars) throws IOException {
        URL[] urls = new URL[jars.size()];
        for (int i = 0; i < urls.length; i++) {
            File jar = new File(jars.get(i)).getCanonicalFile();
            if (!jar.isFile()) {
                throw new IOException("no such library: " + jar);
            }
            urls[i] = jar.toURI().toURL();
        }
        return new LibraryLoader(urls);
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        StudentLoader.refuseRestricted(name);
        return super.loadClass(name, resolve);
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
        Class<?> found = super.findClass(name);
        StudentLoader.untrustedLibrary(found);
        return found;
    }
}
