import java.util.Arrays;

/**
 * Activity 3: shuffle int arrays in place, and answer two questions in code.
 * main is given: change SHUFFLE_COUNT and VALUE_COUNT and look at what each shuffle does.
 */
public class Shuffler {

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
     * Split values into two halves and interleave them, first half first, changing values
     * itself. With an odd length the first half gets the extra one: (n + 1) / 2 values.
     */
    public static void perfectShuffle(int[] values) {
        // TODO (Activity 3)
    }

    /**
     * The efficient selection shuffle, in place: for k from n - 1 down to 1, pick r from 0
     * to k inclusive and swap values[k] with values[r].
     */
    public static void selectionShuffle(int[] values) {
        // TODO (Activity 3)
    }

    /**
     * Question 1 (the lab gives no heading; the grader looks for this one): return "heads"
     * or "tails", with "heads" twice as likely as "tails".
     */
    public static String flip() {
        // TODO (Activity 3, question 1)
        return "";
    }

    /**
     * Question 2 (the lab gives no heading; the grader looks for this one): true when b holds
     * exactly the same values as a, in any order. Do not change a or b.
     */
    public static boolean arePermutations(int[] a, int[] b) {
        // TODO (Activity 3, question 2)
        return false;
    }
}
