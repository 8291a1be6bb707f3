"""The JVM side of the sandbox (sandbox_jvm/), spoken to over its JSON lines.

One worker JVM serves the whole module, as a warm JVM would serve test after test: each test
begins with its own ``load``, which is itself under test (static state must not survive it).
The fixtures in tests/jvm/fixtures are small classes shaped like the AP lab's, plus ``Trouble``,
whose methods each misbehave in one way the sandbox must contain.
"""

import shutil
import statistics
import time

import pytest

from tests.jvm.jvm_link import FIXTURES, Jvm, build, tools_missing

OWN = ["Deck", "Shuffler", "Trouble", "DeckTester", "ExitTester", "Broken", "Dice"]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    why = tools_missing()
    if why:
        pytest.skip(why)
    return build(tmp_path_factory.mktemp("jvm"))


@pytest.fixture(scope="module")
def jvm(built, tmp_path_factory):
    worker, _ = built
    link = Jvm(worker, stderr_path=tmp_path_factory.mktemp("jvm-log") / "stderr.txt")
    yield link
    link.close()


@pytest.fixture
def fresh(jvm, built):
    """The worker, just loaded with every fixture class (seed 7, assertions on, sources known)."""
    _, classes = built
    loaded = jvm.ok("load", classpath=[str(classes)], student=OWN, seed=7, sources=[str(FIXTURES)])
    assert "Deck" in loaded and "Card" in loaded
    return jvm


def line_of(file: str, text: str) -> int:
    lines = (FIXTURES / file).read_text().splitlines()
    return next(number for number, line in enumerate(lines, 1) if text in line)


def new_deck(jvm, ranks=("ace", "two", "three"), suits=("hearts",), values=(1, 2, 3)) -> dict:
    return jvm.ok("call", module="deck", name="Deck", args=[list(ranks), list(suits), list(values)])


def test_constructor_and_methods_by_snake_case_name(fresh):
    deck = new_deck(fresh)
    assert deck["type"] == "Deck" and isinstance(deck["$handle"], int)
    target = {"handle": deck["$handle"]}
    assert fresh.ok("call", **target, name="size", args=[]) == 3
    assert fresh.ok("call", **target, name="is_empty", args=[]) is False
    card = fresh.ok("call", **target, name="deal", args=[])
    assert card["type"] == "Card"
    value = fresh.ok("call", handle=card["$handle"], name="point_value", args=[])
    rank = fresh.ok("call", handle=card["$handle"], name="rank", args=[])
    assert value == {"ace": 1, "two": 2, "three": 3}[rank]
    assert fresh.ok("str", handle=card["$handle"]) == f"{rank} of hearts (point value = {value})"
    assert fresh.ok("call", handle=card["$handle"], name="__str__", args=[]).startswith(rank)
    assert fresh.ok("type", handle=card["$handle"]) == "Card"
    assert fresh.ok("getattr", **target, name="size") == 2  # the field wins over size()
    assert fresh.ok("getattr", **target, name="is_empty") is False  # no such field: isEmpty() called
    fresh.ok("setattr", **target, name="size", value=0)
    assert fresh.ok("call", **target, name="deal", args=[]) is None
    # A handle passed back is the object itself: a card matches itself.
    assert fresh.ok("call", handle=card["$handle"], name="matches", args=[{"$handle": card["$handle"]}])


def test_lists_and_arrays_cross_both_ways(fresh):
    deck = new_deck(fresh)
    cards = fresh.ok("getattr", handle=deck["$handle"], name="cards")
    assert [c["type"] for c in cards] == ["Card"] * 3
    assert fresh.ok("call", module="shuffler", name="sum", args=[[1, 2, 3, 4]]) == 10
    texts = ["a", "é", "\u2028", "🂡 \"quoted\"\n\t\\", ""]
    assert fresh.ok("call", module="shuffler", name="names", args=[texts]) == texts
    # Plain strings (taken whole by the worker's parser) between escaped ones (read character
    # by character), so each kind follows the other (sandbox_jvm/src/sandbox_jvm/Json.java, string()).
    mixed = ["plain", 'a "quoted" word', "plain again", "back\\slash", "", "end", "\\", "x" * 5000]
    assert fresh.ok("call", module="shuffler", name="names", args=[mixed]) == mixed
    assert fresh.ok("call", module="shuffler", name="first_letter", args=["queen"]) == "q"
    assert fresh.ok("call", module="shuffler", name="ratio", args=[1, 0]) == {"$float": "inf"}
    assert fresh.ok("call", module="shuffler", name="ratio", args=[1, 4]) == 0.25
    assert fresh.ok("call", module="deck", name="made_so_far", args=[]) == 1
    assert fresh.ok("getattr", module="deck", name="made") == 1  # a static field
    assert fresh.ok("call", module="shuffler", name="total", args=[{"$dict": {"a": 2, "b": 5}}]) == 7
    assert fresh.ok("call", module="shuffler", name="lengths", args=[["ace", "king"]]) == {"$dict": {"ace": 3, "king": 4}}


def test_overloads_are_chosen_by_argument_type(fresh):
    assert fresh.ok("call", module="shuffler", name="describe", args=[2]) == "int 2"
    assert fresh.ok("call", module="shuffler", name="describe", args=[2.5]) == "double 2.5"
    assert fresh.ok("call", module="shuffler", name="describe", args=["x"]) == "String x"
    reply = fresh.ask("call", module="shuffler", name="describe", args=[[1]])
    assert reply["error"]["type"] == "TypeError"


def test_sample_reencodes_the_mutated_argument(fresh):
    observed = fresh.ok("sample", module="shuffler", times=300, observe=[["arg", 0]],
                        call={"name": "selection_shuffle", "args": [[0, 1, 2, 3]]})
    assert len(observed) == 300
    assert all(sorted(order) == [0, 1, 2, 3] for order in observed)
    assert len({tuple(order) for order in observed}) == 24  # every order of 4 turns up
    # Fresh arguments each time: a perfect shuffle of the same input always gives one answer.
    perfect = fresh.ok("sample", module="shuffler", times=5, observe=[["arg", 0]],
                       call={"name": "perfect_shuffle", "args": [[0, 1, 2, 3, 4]]})
    assert perfect == [[0, 3, 1, 4, 2]] * 5
    deck = new_deck(fresh)
    values = fresh.ok("sample", handle=deck["$handle"], times=3,
                      observe=[["self"], ["attr", "cards"], ["each", "point_value"]],
                      call={"name": "shuffle", "args": []})
    assert all(sorted(v) == [1, 2, 3] for v in values)


def test_batch_and_repeat(fresh):
    deck = new_deck(fresh)
    size = {"op": "call", "handle": deck["$handle"], "name": "size", "args": []}
    wrong = {"op": "call", "handle": deck["$handle"], "name": "no_such_thing", "args": []}
    replies = fresh.ok("batch", calls=[size, wrong])
    assert replies[0] == {"ok": 3} and replies[1]["error"]["type"] == "NameNotFound"
    assert fresh.ok("repeat", times=3, call=size) == [{"ok": 3}] * 3
    # Fields and text go in a batch too (Remote.get_later, set_later, text_later), in order.
    handle = deck["$handle"]
    replies = fresh.ok("batch", calls=[{"op": "getattr", "handle": handle, "name": "size"},
                                       {"op": "setattr", "handle": handle, "name": "size", "value": 1},
                                       {"op": "getattr", "handle": handle, "name": "size"},
                                       {"op": "call", "handle": handle, "name": "deal", "args": []}])
    assert replies[:3] == [{"ok": 3}, {"ok": None}, {"ok": 1}]
    card = replies[3]["ok"]["$handle"]
    assert fresh.ok("batch", calls=[{"op": "str", "handle": card}]) == [{"ok": "ace of hearts (point value = 1)"}]


def test_an_exception_shows_the_students_frame(fresh):
    deck = new_deck(fresh)
    error = fresh.ask("call", handle=deck["$handle"], name="deal_past_end", args=[])["error"]
    assert error["type"] == "IndexOutOfBoundsException" and error["assertion"] is False
    assert error["frames"][-1] == {"file": "Deck.java", "function": "dealPastEnd",
                                   "code": "return cards.get(cards.size() + size);",
                                   "line": line_of("Deck.java", "cards.get(cards.size() + size)")}
    assert "inside" not in error


def test_a_failing_static_initialiser_is_the_first_calls_error(fresh):
    error = fresh.ask("call", module="broken", name="ratio", args=[])["error"]
    assert error["type"] == "ArithmeticException"  # not the ExceptionInInitializerError around it
    assert [f["function"] for f in error["frames"]] == ["<clinit>", "compute"]
    assert error["frames"][-1]["code"] == "return 1 / zero;"
    assert fresh.ask("call", module="broken", name="ratio", args=[])["error"]["type"] == "NoClassDefFoundError"


def test_an_error_inside_a_lab_class_names_only_its_file(fresh):
    card = fresh.ok("call", module="card", name="Card", args=["ace", "spades", 1])
    error = fresh.ask("call", handle=card["$handle"], name="matches", args=[None])["error"]
    assert error["type"] == "NullPointerException"
    assert error["inside"] == "Card.java" and error["frames"] == []  # Card is not the student's


def test_ambiguous_names_are_an_error_naming_both(fresh):
    trouble = fresh.ok("call", module="trouble", name="Trouble", args=[])
    error = fresh.ask("call", handle=trouble["$handle"], name="is_empty", args=[])["error"]
    assert error["type"] == "NameNotFound"
    assert "isEmpty" in error["message"] and "isempty" in error["message"]
    assert fresh.ok("call", handle=trouble["$handle"], name="isEmpty", args=[]) is True  # exact wins


def test_system_exit_does_not_end_the_jvm(fresh):
    error = fresh.ask("call", module="trouble", name="quit", args=[4])["error"]
    assert error["type"] == "SystemExit" and error["exit_code"] == 4
    assert error["frames"][-1]["line"] == line_of("Trouble.java", "System.exit(code)")
    # Catching what System.exit threw does not make the program go on: real Java would have ended.
    assert fresh.ask("call", module="trouble", name="quit_quietly", args=[])["error"]["exit_code"] == 3
    assert fresh.ok("call", module="shuffler", name="describe", args=[1]) == "int 1"


def test_infinite_recursion_is_contained(fresh):
    error = fresh.ask("call", module="trouble", name="recurse", args=[0])["error"]
    assert error["type"] == "StackOverflowError"
    assert len(error["frames"]) == 8 and error["frames"][-1]["function"] == "recurse"
    assert fresh.ok("call", module="shuffler", name="describe", args=[1]) == "int 1"


def test_running_out_of_memory_is_contained(fresh):
    error = fresh.ask("call", module="trouble", name="hoard", args=[], timeout=60)["error"]
    assert error["type"] == "OutOfMemoryError"
    assert new_deck(fresh, ranks=["ace"] * 200, values=[1] * 200, suits=["h"] * 50)["type"] == "Deck"


def test_output_is_captured_and_capped(fresh):
    fresh.ok("call", module="trouble", name="chatter", args=[2])
    assert fresh.ok("output") == {"text": "line 0\nline 1\nto stderr\n", "dropped": 0}
    assert fresh.ok("output") == {"text": "", "dropped": 0}
    fresh.ok("call", module="trouble", name="chatter", args=[20000])
    output = fresh.ok("output")
    assert len(output["text"].encode()) == 64 * 1024 and output["dropped"] > 100_000


def test_the_private_channel_and_the_worker_are_out_of_reach(fresh):
    error = fresh.ask("call", module="trouble", name="reach_channel", args=[])["error"]
    assert error["type"] == "SecurityException"
    error = fresh.ask("call", module="trouble", name="peek_at_worker", args=[])["error"]
    assert error["type"] == "SecurityException"


@pytest.mark.parametrize("attempt", ["redirect_output", "drop_the_guard", "run_program", "pry_open",
                                     "read_proc_fd", "make_loader"])
def test_the_guard_cannot_be_undone(fresh, attempt):
    error = fresh.ask("call", module="trouble", name=attempt, args=[])["error"]
    assert error["type"] == "SecurityException", error
    assert fresh.ok("call", module="shuffler", name="describe", args=[1]) == "int 1"


def test_halt_is_an_exit_too(fresh):
    assert fresh.ask("call", module="trouble", name="halt", args=[])["error"]["type"] == "SystemExit"


def test_student_threads_are_counted_and_stopped_at_the_next_load(fresh, built):
    reply = fresh.ask("call", module="trouble", name="start_thread", args=[])
    assert reply["ok"] is None and reply["threads"] == 1
    assert fresh.ok("threads") == {"alive": 1, "created": 1, "lingering": 1}
    reply = fresh.ask("load", classpath=[str(built[1])], student=OWN, seed=7)
    assert reply["stopped_threads"] == 1 and "threads" not in reply
    time.sleep(0.2)  # Thread.stop is asynchronous
    assert fresh.ok("threads") == {"alive": 0, "created": 0, "lingering": 0}


def test_a_second_load_discards_static_state(fresh, built):
    deck = new_deck(fresh)
    assert fresh.ok("call", module="deck", name="made_so_far", args=[]) == 1
    fresh.ok("load", classpath=[str(built[1])], student=OWN, seed=7)
    assert fresh.ok("call", module="deck", name="made_so_far", args=[]) == 0
    assert fresh.ok("call", module="trouble", name="unsettle", args=[]) == "0,50\n|"
    fresh.ok("load", classpath=[str(built[1])], student=OWN, seed=7)
    assert fresh.ok("call", module="trouble", name="settings", args=[]) == "0.50\n\n"
    assert fresh.ask("call", handle=deck["$handle"], name="size", args=[])["error"]["type"] == "IllegalArgumentException"


def draws(jvm, classes, seed) -> list:
    jvm.ok("load", classpath=[str(classes)], student=OWN, seed=seed)
    calls = [{"op": "call", "module": "shuffler", "name": name, "args": []}
             for name in ("math_random", "math_random", "unseeded_draw", "unseeded_draw", "static_draw")]
    deck = new_deck(jvm, ranks=[str(n) for n in range(13)], values=list(range(13)))
    cards = jvm.ok("sample", handle=deck["$handle"], times=1,
                   observe=[["self"], ["attr", "cards"], ["each", "rank"]], call={"name": "shuffle", "args": []})
    return [reply["ok"] for reply in jvm.ok("batch", calls=calls)] + cards


def test_the_same_seed_gives_the_same_randomness(jvm, built):
    first, again, other = draws(jvm, built[1], 11), draws(jvm, built[1], 11), draws(jvm, built[1], 12)
    assert first == again
    assert all(a != b for a, b in zip(first, other))  # Math.random, new Random(), a static Random
    reply = jvm.ask("load", classpath=[str(built[1])], student=OWN, seed=11)
    assert set(reply["seeding"].values()) == {True}


def test_run_tester_with_assertions_on_and_off(jvm, built):
    jvm.ok("load", classpath=[str(built[1])], student=OWN, seed=1)  # assertions on by default
    result = jvm.ok("run_tester", **{"class": "DeckTester"})
    assert result["passed"] is False and result["how"] == "raised" and result["assertions"] is True
    assert result["error"]["assertion"] is True
    assert result["error"]["frames"][-1]["line"] == line_of("DeckTester.java", "assert d.size()")
    assert result["error"]["frames"][-1]["code"] == ""  # this load did not say where sources are
    jvm.ok("load", classpath=[str(built[1])], student=OWN, seed=1, assertions=False)
    result = jvm.ok("run_tester", **{"class": "deck_tester"})
    assert result == {"style": "main", "assertions": False, "passed": True, "how": "returned"}
    assert jvm.ok("output")["text"] == "All tests passed!\n"
    result = jvm.ok("run_tester", **{"class": "ExitTester"})
    assert (result["passed"], result["how"], result["exit_code"]) == (False, "exit", 0)


def test_the_random_rewrite_keeps_classes_working(fresh):
    """Dice has switches, wide constants, a seeded Random and a subclass of Random."""
    assert [fresh.ok("call", module="dice", name="name", args=[n]) for n in (1, 3, 9)] == ["one", "three", "many"]
    assert fresh.ok("call", module="dice", name="score", args=["boxcars"]) == 12
    assert fresh.ok("call", module="dice", name="score", args=["pass"]) == 9_000_000_000 % 7
    # Java's own new Random(42).nextInt(1000) is 130: a seed the student chose is kept.
    assert fresh.ok("call", module="dice", name="seeded", args=[42]) == 130
    assert fresh.ok("call", module="dice", name="loaded", args=[]) == 5
    assert fresh.ok("call", module="dice", name="branchy", args=[True]) == 85  # new Random(1).nextInt(100)
    assert fresh.ok("call", module="dice", name="branchy", args=[False]) == 8  # new Random(2).nextInt(100)


def test_timings(built, tmp_path, capsys):
    """Measured, not asserted tightly (the machine is shared): start, load of 4 classes, a call."""
    worker, classes = built
    four = tmp_path / "four"
    four.mkdir()
    for name in ("Card", "Deck", "Shuffler", "DeckTester"):
        shutil.copy(classes / f"{name}.class", four)
    link = Jvm(worker)
    try:
        link.ok("output")
        started = time.perf_counter() - link.started
        loads = []
        for _ in range(5):
            began = time.perf_counter()
            link.ok("load", classpath=[str(four)], student=["Deck"], seed=1)
            loads.append(time.perf_counter() - began)
        deck = new_deck(link)
        calls = []
        for _ in range(300):
            began = time.perf_counter()
            link.ok("call", handle=deck["$handle"], name="size", args=[])
            calls.append(time.perf_counter() - began)
    finally:
        link.close()
    with capsys.disabled():
        print(f"\nJVM worker: start to first reply {started * 1000:.0f} ms; load of 4 classes "
              f"first {loads[0] * 1000:.1f} ms, median of the rest {statistics.median(loads[1:]) * 1000:.1f} ms; "
              f"call round trip median {statistics.median(calls) * 1e6:.0f} us "
              f"(first {calls[0] * 1e6:.0f} us, last 100 {statistics.median(calls[-100:]) * 1e6:.0f} us)")
    assert started < 30 and max(loads) < 10
