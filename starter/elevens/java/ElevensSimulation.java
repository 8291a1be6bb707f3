import java.util.Locale;

/**
 * Activity 11: how often is Elevens won? Run: java ElevensSimulation 1000
 */
public class ElevensSimulation {

    private static final int GAMES_TO_PLAY = 1000;

    /** Given: plays the games and prints the percentage won. */
    public static void main(String[] args) {
        int games = args.length > 0 ? Integer.parseInt(args[0]) : GAMES_TO_PLAY;
        System.out.printf(Locale.ROOT, "Won %.2f%% of %d games%n", simulate(games) * 100, games);
    }

    /**
     * Play games games on one ElevensBoard, each with newGame(), then playIfPossible() until
     * it returns false, then gameIsWon(). Return the fraction won (0.0 to 1.0; 0.0 for no games).
     */
    public static double simulate(int games) {
        // TODO (Activity 11)
        return 0.0;
    }
}
