/**
 * A deck tester that leaves a thread behind in every run, one that survives Thread.stop, and
 * looks for the one an earlier run left: a thread that outlived its run could count the runs
 * (tests/security/test_hostile_java_tester.py). It prints how many it found, then passes.
 */
public class DeckTester {
    public static void main(String[] args) {
        int found = 0;
        for (Thread thread : Thread.getAllStackTraces().keySet()) {
            if (thread.getName().startsWith("hostile leftover")) {
                found++;
            }
        }
        System.out.println("PROBE leftover threads seen\t" + found);
        Thread left = new Thread(() -> {
            while (true) {
                try {
                    Thread.sleep(60_000);
                } catch (Throwable ignored) {
                    // ThreadDeath included: keep counting
                }
            }
        }, "hostile leftover");
        left.setDaemon(true);
        left.start();
        new Deck(new String[] {"a"}, new String[] {"s"}, new int[] {1}).deal();
    }
}
