package sandbox_jvm;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The text of a student's line, for the "code" of a frame, when the load request said where
 * the sources are ("sources": [dirs]). Class files only know a file's name and a line number;
 * the Python worker quotes the line itself, and a student's report reads better with it.
 *
 * Only frames of the student's own files are ever described, so no other file is quoted.
 * Files are read once per load and kept; a file that is missing or unreadable gives "".
 */
final class SourceLines {
    private final List<File> dirs = new ArrayList<>();
    private final Map<String, List<String>> files = new HashMap<>();

    SourceLines(List<?> dirs) {
        if (dirs != null) {
            for (Object dir : dirs) {
                this.dirs.add(new File(String.valueOf(dir)));
            }
        }
    }

    String line(String file, int number) {
        if (dirs.isEmpty() || number <= 0 || file.contains("/") || file.contains("\\")) {
            return "";
        }
        List<String> lines = files.computeIfAbsent(file, this::read);
        return number <= lines.size() ? lines.get(number - 1).strip() : "";
    }

    private List<String> read(String file) {
        for (File dir : dirs) {
            File candidate = new File(dir, file);
            if (candidate.isFile()) {
                try {
                    return Files.readAllLines(candidate.toPath(), StandardCharsets.UTF_8);
                } catch (IOException | RuntimeException e) {
                    return List.of(); // not UTF-8, say: no quote rather than a wrong one
                }
            }
        }
        return List.of();
    }
}
