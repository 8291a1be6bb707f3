import java.util.Locale;

/**
 * Activity 11: how often is Elevens won when every possible play is made?
 *
 * Run: {@code java ElevensSimulation 10000} prints the percentage of games won (about 10.7%).
 * The order of plays never changes whether a deck is won, so one board playing greedily is a
 * fair estimate of the game itself.
 */
public class ElevensSimulation {

    /** How many games main plays when it is given no number. */
    private static final int GAMES_TO_PLAY = 1000;

    public static void main(String[] args) {
        int games = args.length > 0 ? Integer.parseInt(args[0]) : GAMES_TO_PLAY;
        // Locale.ROOT: a decimal point whatever the machine's language, so output can be read back.
        System.out.printf(Locale.ROOT, "Won %.2f%% of %d games%n", simulate(games) * 100, games);
    }

    /** The fraction (0.0 to 1.0) of games won; 0.0 when asked for no games. */
    public static double simulate(int games) {
        if (games <= 0) {
            return 0.0;
        }
        ElevensBoard board = new ElevensBoard();
        int wins = 0;
        for (int g = 0; g < games; g++) {
            board.newGame();
            while (board.playIfPossible()) {
                // each call makes one play; stop when none is left
            }
            if (board.gameIsWon()) {
                wins++;
            }
        }
        return (double) wins / games;
    }
}
