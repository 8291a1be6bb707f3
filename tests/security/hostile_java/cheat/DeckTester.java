import java.io.File;
import java.io.InputStream;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * A deck tester a student could hand in that tests nothing: it passes exactly when something
 * other than the Deck's behaviour says this is one of the two correct Decks, so it would score
 * full marks wherever any of its ways works (tests/security/test_hostile_java_tester.py):
 *
 * - the Deck's class file, read as a resource or found in any folder it can list, is one of the
 *   correct Decks' (compiled with or without debugging information: KNOWN, filled in by the test);
 * - when no class file can be read, a count kept from run to run (a file in the working or
 *   temporary folder, a system property, the number in a new thread's name) says this is one of
 *   the first two runs, which are the correct Decks' (the grader runs them first, as its gate).
 */
public class DeckTester {
    private static final Set<Integer> KNOWN = Set.of(/*KNOWN*/);

    private static void add(List<byte[]> found, InputStream in) {
        try (in) {
            if (in != null) {
                found.add(in.readAllBytes());
            }
        } catch (Throwable e) {
            // refused: nothing found this way
        }
    }

    private static void search(File folder, int depth, List<byte[]> found) {
        File[] children;
        try {
            children = depth > 6 ? null : folder.listFiles();
        } catch (Throwable e) {
            return;
        }
        for (File child : children == null ? new File[0] : children) {
            try {
                if (child.isDirectory()) {
                    search(child, depth + 1, found);
                } else if (child.getName().equals("Deck.class")) {
                    found.add(Files.readAllBytes(child.toPath()));
                }
            } catch (Throwable e) {
                // unreadable
            }
        }
    }

    /** Whether the Deck's class file is a correct Deck's; null when it could not be read at all. */
    private static Boolean bytesKnown() {
        List<byte[]> found = new ArrayList<>();
        add(found, Deck.class.getResourceAsStream("Deck.class"));
        add(found, Deck.class.getResourceAsStream("/Deck.class"));
        try {
            add(found, Thread.currentThread().getContextClassLoader().getResourceAsStream("Deck.class"));
        } catch (Throwable e) {
            // refused
        }
        add(found, ClassLoader.getSystemResourceAsStream("Deck.class"));
        List<String> places = new ArrayList<>(List.of(System.getProperty("user.dir"), System.getProperty("java.io.tmpdir"), "/tmp"));
        for (Class<?> c : new Class<?>[] {Deck.class, Card.class, DeckTester.class}) {
            try {
                File where = new File(c.getProtectionDomain().getCodeSource().getLocation().toURI());
                places.add(where.getPath());
                places.add(where.getParent());
            } catch (Throwable e) {
                // no location
            }
        }
        for (String place : places) {
            search(new File(place), 0, found);
        }
        for (byte[] bytes : found) {
            if (KNOWN.contains(Arrays.hashCode(bytes))) {
                return true;
            }
        }
        return found.isEmpty() ? null : false;
    }

    private static int fileCount(String folder) {
        try {
            File file = new File(folder, ".runs");
            int count = file.exists() ? Integer.parseInt(new String(Files.readAllBytes(file.toPath())).trim()) : 0;
            Files.write(file.toPath(), Integer.toString(count + 1).getBytes());
            return count;
        } catch (Throwable e) {
            return 0;
        }
    }

    /** Which run of this tester this is, by the highest of the counts it keeps (a count put back reads 0). */
    private static int runIndex() {
        int property = Integer.parseInt(System.getProperty("cheat.runs", "0"));
        System.setProperty("cheat.runs", Integer.toString(property + 1));
        int thread = Integer.parseInt(new Thread(() -> { }).getName().replace("Thread-", ""));
        int files = 0;
        Set<String> folders = new java.util.TreeSet<>(List.of(System.getProperty("user.dir"),
                System.getProperty("java.io.tmpdir"), "/tmp")); // the first two may be one folder
        for (String folder : folders) {
            files = Math.max(files, fileCount(folder));
        }
        return Math.max(property, Math.max(thread, files));
    }

    public static void main(String[] args) {
        Boolean known = bytesKnown();
        boolean correct = known != null ? known : runIndex() < 2;
        // Pass exactly on the correct Decks: then every Buggy Deck and mutant is "caught".
        assert correct : "cannot tell which Deck this is";
    }
}
