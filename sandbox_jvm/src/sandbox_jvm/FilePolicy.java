package sandbox_jvm;

import java.io.File;
import java.io.IOException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Which files student code may touch, decided on the file's real path, never on its spelling.
 *
 * A path is judged twice: as written, made absolute against the working folder and normalised
 * ("/./proc", "//proc", "a/../../proc" all become "/proc"), and as the file system resolves it
 * (File.getCanonicalPath: every symbolic link followed, so "/dev/stdout" and "/dev/fd/1" become
 * "/proc/..."). Either one inside a denied tree refuses the access; the resolved one (what the
 * system will open) must lie inside an allowed tree. Everything else is refused: deny by default.
 *
 * Denied always: /proc (our own descriptors in /proc/self/fd and /proc/PID/fd are the private
 * channel, /proc/self/mem is our memory), /dev/fd, /dev/std*, /dev/tty, /sys.
 * Allowed to read: the working folder and the temporary folder (the JVM's own, empty at start),
 * the current load's class path and source folders (a class the student's code loads lazily is
 * read with the student's frames on the stack), the JDK and the worker's own class path (read
 * lazily by our code while a student frame is on the stack), and /dev/null, /dev/zero,
 * /dev/random, /dev/urandom. Allowed to write or delete: the working and temporary folders and
 * /dev/null. Executing: nothing (the Guard refuses starting programs anyway).
 *
 * Creating links is refused (Guard): a link made between this check and the open could
 * otherwise send an allowed spelling somewhere else. The links that exist are the system's.
 */
final class FilePolicy {
    private static final List<String> DENIED = List.of("/proc", "/dev/fd", "/dev/stdin", "/dev/stdout",
            "/dev/stderr", "/dev/tty", "/sys");
    private static final Set<String> DEVICES_READ = Set.of("/dev/null", "/dev/zero", "/dev/random", "/dev/urandom");

    private final Path workingFolder;
    private final List<Path> writable = new ArrayList<>();
    private final List<Path> readable = new ArrayList<>();
    private volatile List<Path> loaded = List.of();

    /** Taken at start, before any student code runs: the working folder cannot change after. */
    FilePolicy() {
        workingFolder = Paths.get(System.getProperty("user.dir")).toAbsolutePath().normalize(); // the OS's cwd
        for (String folder : new String[] {System.getProperty("user.dir"), System.getProperty("java.io.tmpdir")}) {
            Path root = real(folder);
            if (root != null && root.getNameCount() > 0) { // never "/" itself: that would allow everything
                writable.add(root);
            }
        }
        readable.addAll(writable);
        List<String> ours = new ArrayList<>(List.of(System.getProperty("java.class.path").split(File.pathSeparator)));
        ours.add(System.getProperty("java.home"));
        for (String folder : ours) { // the JDK and our own classes, which our code reads lazily
            Path root = real(folder);
            if (root != null && root.getNameCount() > 0) {
                readable.add(root);
            }
        }
    }

    /** What the current load may read besides: its class path and source folders. */
    void allowForLoad(List<String> folders) {
        List<Path> roots = new ArrayList<>();
        for (String folder : folders) {
            Path root = real(folder);
            if (root != null && root.getNameCount() > 0) {
                roots.add(root);
            }
        }
        loaded = List.copyOf(roots);
    }

    /** Whether student code may do {@code actions} ("read,write", ...) on the file {@code name}. */
    boolean allows(String name, String actions) {
        if (name == null || name.equals("<<ALL FILES>>")) {
            return false;
        }
        String path = name;
        if (path.endsWith("/-") || path.endsWith("/*")) { // a whole folder (or tree) at once
            path = path.substring(0, path.length() - 1);
        }
        Path spelled;
        Path resolved;
        try {
            spelled = workingFolder.resolve(path).normalize();
            resolved = real(spelled.toString());
        } catch (InvalidPathException e) {
            return false;
        }
        if (resolved == null || denied(spelled) || denied(resolved)) {
            return false;
        }
        boolean reading = true;
        for (String action : actions.split(",")) {
            switch (action.trim()) {
                case "read":
                case "readlink":
                    break;
                case "write":
                case "delete":
                    reading = false;
                    break;
                default: // execute, or anything new
                    return false;
            }
        }
        if (reading ? DEVICES_READ.contains(resolved.toString()) : resolved.toString().equals("/dev/null")) {
            return true;
        }
        List<Path> roots = new ArrayList<>(writable);
        if (reading) {
            roots.addAll(readable);
            roots.addAll(loaded);
        }
        return inside(resolved, roots);
    }

    private static boolean denied(Path path) {
        for (String tree : DENIED) {
            if (path.startsWith(tree)) { // whole names: "/procedures" is not under "/proc"
                return true;
            }
        }
        return false;
    }

    private static boolean inside(Path path, List<Path> roots) {
        for (Path root : roots) {
            if (path.startsWith(root)) {
                return true;
            }
        }
        return false;
    }

    /** The canonical path (links followed as far as the file exists), or null if none. */
    private static Path real(String path) {
        if (path == null || path.isEmpty() || path.indexOf('\0') >= 0) {
            return null;
        }
        try {
            return Paths.get(new File(path).getCanonicalPath());
        } catch (IOException | InvalidPathException e) {
            return null;
        }
    }
}
