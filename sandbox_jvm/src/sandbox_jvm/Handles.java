package sandbox_jvm;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The student objects the grader holds, by number. One object keeps one number (identity, not
 * equals: a student's equals may lie), and numbers are never reused until the next load, which
 * starts again at 1 as a fresh Python worker does.
 */
final class Handles {
    private final List<Object> objects = new ArrayList<>();
    private final Map<Object, Integer> numbers = new IdentityHashMap<>();

    int add(Object value) {
        Integer number = numbers.get(value);
        if (number == null) {
            objects.add(value);
            number = objects.size();
            numbers.put(value, number);
        }
        return number;
    }

    Object get(int number) {
        if (number < 1 || number > objects.size()) {
            throw new IllegalArgumentException("no object with handle " + number);
        }
        return objects.get(number - 1);
    }
}
