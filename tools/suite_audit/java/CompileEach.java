import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * Compiles many folders of Java sources in one JVM (javac starts once, not once a mutant).
 * Usage: java CompileEach.java LIST, where LIST names one folder a line; each folder's .java
 * files are compiled into its out/ folder. Prints "ok FOLDER" or "failed FOLDER" a line.
 */
public class CompileEach {
    public static void main(String[] args) throws Exception {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        for (String line : Files.readAllLines(Path.of(args[0]))) {
            if (line.isBlank()) {
                continue;
            }
            File folder = new File(line);
            List<String> options = new ArrayList<>(List.of("-nowarn", "-proc:none", "-d", new File(folder, "out").getPath()));
            File[] sources = folder.listFiles((dir, name) -> name.endsWith(".java"));
            for (File source : sources) {
                options.add(source.getPath());
            }
            int status = javac.run(null, null, java.io.OutputStream.nullOutputStream(), options.toArray(new String[0]));
            System.out.println((status == 0 ? "ok " : "failed ") + line);
        }
    }
}
