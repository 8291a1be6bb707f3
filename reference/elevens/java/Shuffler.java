import java.util.Arrays;

/**
 * Activity 3: two ways of shuffling an int array in place, and the activity's two questions
 * (flip and arePermutations), which the lab asks for without giving their headings.
 */
public class Shuffler {

    /** How many times main shuffles, and how many values it shuffles. */
    private static final int SHUFFLE_COUNT = 1;
    private static final int VALUE_COUNT = 4;

    public static void main(String[] args) {
        System.out.println("Results of " + SHUFFLE_COUNT + " consecutive perfect shuffles:");
        int[] values1 = startingValues();
        for (int j = 1; j <= SHUFFLE_COUNT; j++) {
            perfectShuffle(values1);
            System.out.println("  " + j + ": " + Arrays.toString(values1));
        }
        System.out.println("Results of " + SHUFFLE_COUNT + " consecutive efficient selection shuffles:");
        int[] values2 = startingValues();
        for (int j = 1; j <= SHUFFLE_COUNT; j++) {
            selectionShuffle(values2);
            System.out.println("  " + j + ": " + Arrays.toString(values2));
        }
    }

    private static int[] startingValues() {
        int[] values = new int[VALUE_COUNT];
        for (int i = 0; i < values.length; i++) {
            values[i] = i;
        }
        return values;
    }

    /**
     * Split in two and interleave, first half first. With an odd length the first half is the
     * bigger one, (n + 1) / 2 values, and they take the even positions: {1, 2, 3, 4, 5}
     * becomes {1, 4, 2, 5, 3}. Splitting at n / 2 instead would be wrong for odd lengths.
     */
    public static void perfectShuffle(int[] values) {
        int half = (values.length + 1) / 2;
        int[] shuffled = new int[values.length];
        for (int j = 0; j < half; j++) {
            shuffled[2 * j] = values[j];
        }
        for (int j = half; j < values.length; j++) {
            shuffled[2 * (j - half) + 1] = values[j];
        }
        // Copy back rather than reassign: the caller's array must change.
        System.arraycopy(shuffled, 0, values, 0, values.length);
    }

    /** The efficient selection shuffle: every one of the n! orders is equally likely. */
    public static void selectionShuffle(int[] values) {
        for (int k = values.length - 1; k > 0; k--) {
            int r = (int) (Math.random() * (k + 1));
            int held = values[k];
            values[k] = values[r];
            values[r] = held;
        }
    }

    /** A weighted coin: "heads" two times in three, "tails" otherwise. */
    public static String flip() {
        // Three equally likely outcomes, two of which are heads: exactly 2/3, no rounding.
        return (int) (Math.random() * 3) < 2 ? "heads" : "tails";
    }

    /**
     * True when b holds exactly the values of a, each as many times, in any order. Sorting
     * copies answers that for repeated values too, and leaves the callers' arrays alone.
     */
    public static boolean arePermutations(int[] a, int[] b) {
        if (a.length != b.length) {
            return false;
        }
        int[] sortedA = a.clone();
        int[] sortedB = b.clone();
        Arrays.sort(sortedA);
        Arrays.sort(sortedB);
        return Arrays.equals(sortedA, sortedB);
    }
}
