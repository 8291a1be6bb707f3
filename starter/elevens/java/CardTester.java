/**
 * Activity 5: your tester for Card. Run it with assertions on: java -ea CardTester
 * Use assert condition : "message"; and make cards that differ from c1 in exactly one field.
 */
public class CardTester {

    public static void main(String[] args) {
        Card c1 = new Card("ace", "hearts", 1);
        // TODO: your asserts here
        System.out.println("All tests passed!");
    }
}
