"""`grader play` in a real headless Chromium (Debian's chromium, driven by Playwright): select a
legal pair, Replace, see two new cards and the undealt count fall by two; see an illegal pair
refused; restart; keyboard; a board that raises shown on the page; a screenshot of the board.
Skipped, with the reason, where there is no Chromium or no Playwright."""

import os
import re
import shutil
from pathlib import Path

import pytest

from tests.lab_loader import ROOT
from tests.play.tables import board_with, illegal_selection, legal_selection, serving, table

CHROMIUM = Path(os.environ.get("ELEVENS_CHROMIUM", "/usr/bin/chromium"))
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]

sync_api = pytest.importorskip("playwright.sync_api", reason="the Python package playwright is not installed "
                                                             "(pip install -e '.[dev]' installs it)")
expect = sync_api.expect  # waits without evaluating strings: the page's own CSP stays on
if not CHROMIUM.is_file():
    pytest.skip(f"no Chromium at {CHROMIUM}: install Debian's chromium package (apt-get install chromium; .ci/run "
                "does it when it runs as root) or set ELEVENS_CHROMIUM", allow_module_level=True)


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    """A Chromium with an empty profile that may reach only the local server."""
    profile = tmp_path_factory.mktemp("profile")
    with sync_api.sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(str(profile), executable_path=str(CHROMIUM), headless=True,
                                                               args=FLAGS)
        context.route("**/*", lambda route: route.continue_() if route.request.url.startswith("http://127.0.0.1:")
                      else route.abort())
        yield context
        context.close()
    shutil.rmtree(profile, ignore_errors=True)


def board_state(page) -> tuple[list[dict], int]:
    cards = page.locator("#board .card")
    places = []
    for k in range(cards.count()):
        text = cards.nth(k).get_attribute("data-card")
        rank, _, suit = text.partition(" of ")
        places.append({"index": int(cards.nth(k).get_attribute("data-index")), "rank": rank or None, "suit": suit or None})
    return places, int(page.locator("#board").get_attribute("data-undealt"))


ADA = ROOT / "examples" / "elevens" / "ada_complete" / "elevens_board.py"


@pytest.mark.parametrize("board", [None, ADA], ids=["the lab's board", "the demo class's complete student"])
def test_play_a_legal_pair_refuse_an_illegal_one_and_restart(browser, tmp_path, board):
    errors: list[str] = []
    with serving(table(tmp_path, board.read_text(encoding="utf-8") if board else None, seed=5)) as address:
        page = browser.new_page()
        page.set_viewport_size({"width": 1000, "height": 800})
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(address)
        page.wait_for_selector("#board .card[data-card]")
        places, undealt = board_state(page)
        assert len(places) == 9 and undealt == 43
        pair = legal_selection(places)
        before = [places[k]["rank"] + places[k]["suit"] for k in pair]
        for k in pair:
            page.locator(f'#board .card[data-index="{k}"]').click()
            assert page.locator(f'#board .card[data-index="{k}"]').get_attribute("aria-pressed") == "true"
        page.get_by_role("button", name="Replace").click()
        expect(page.locator("#board")).to_have_attribute("data-undealt", "41")
        after, undealt = board_state(page)
        assert undealt == 41
        assert all(after[k]["rank"] and after[k]["rank"] + after[k]["suit"] != was for k, was in zip(pair, before))
        assert re.search(r"won 0 of 0 games", page.locator("#counts").inner_text())
        # An illegal pair, chosen with the keyboard this time (number keys, then Enter).
        for k in illegal_selection(after):
            page.keyboard.press(str(k + 1))
        page.keyboard.press("Enter")
        expect(page.locator("#status")).to_have_text("not a legal selection")
        assert board_state(page)[1] == 41
        page.screenshot(path=str(tmp_path / "board.png"), full_page=True)
        assert (tmp_path / "board.png").stat().st_size > 10_000
        page.keyboard.press("r")
        expect(page.locator("#board")).to_have_attribute("data-undealt", "43")
        assert "grader play --seed 6" in page.locator("#seed").inner_text()
        page.set_viewport_size({"width": 360, "height": 740})  # a phone: the cards wrap, nothing is cut off
        cards = page.locator("#board .card")
        assert max(box["x"] + box["width"] for box in (cards.nth(k).bounding_box() for k in range(cards.count()))) <= 360
    assert errors == []


def test_a_board_that_raises_shows_its_message_as_text(browser, tmp_path):
    raising = board_with("    def is_legal(self, selected: list[int]) -> bool:\n",
                         "    def is_legal(self, selected: list[int]) -> bool:\n        raise ValueError('<img src=x onerror=alert(1)>')\n")
    with serving(table(tmp_path, raising)) as address:
        page = browser.new_page()
        dialogs: list[str] = []
        page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
        page.goto(address)
        page.wait_for_selector("#board .card[data-card]")
        page.locator('#board .card[data-index="0"]').click()
        page.locator('#board .card[data-index="1"]').click()
        page.get_by_role("button", name="Replace").click()
        expect(page.locator("#problem")).to_contain_text("ValueError")
        problem = page.locator("#problem").inner_text()
        assert "<img src=x onerror=alert(1)>" in problem and "elevens_board.py line" in problem
        assert page.locator("#problem img").count() == 0 and dialogs == []
        page.get_by_role("button", name="Restart").click()  # the server goes on serving
        expect(page.locator("#board")).to_have_attribute("data-undealt", "43")


def test_the_thirteen_places_of_tens_can_all_be_chosen_from_the_keyboard(browser, tmp_path):
    with serving(table(tmp_path, game_id="tens")) as address:
        page = browser.new_page()
        page.goto(address)
        page.wait_for_selector("#board .card[data-card]")
        assert page.locator("#board .card").count() == 13
        for key, index in (("0", 9), ("a", 10), ("c", 12)):
            page.keyboard.press(key)
            expect(page.locator(f'#board .card[data-index="{index}"]')).to_have_attribute("aria-pressed", "true")



def test_the_labs_served_game_plays_on_the_same_page(browser, tmp_path):
    """`grader play --lab-board` (served.py): no board class, the same page and the same play."""
    from tests.play.test_served import served

    with serving(served(seed=5)) as address:
        page = browser.new_page()
        page.goto(address)
        page.wait_for_selector("#board .card[data-card]")
        places, undealt = board_state(page)
        assert len(places) == 9 and undealt == 43
        for k in legal_selection(places):
            page.locator(f'#board .card[data-index="{k}"]').click()
        page.get_by_role("button", name="Replace").click()
        expect(page.locator("#board")).to_have_attribute("data-undealt", "41")
        assert "grader play --lab-board --game elevens --seed 5" in page.locator("#seed").inner_text()


def test_a_method_not_written_yet_is_named_on_the_page_with_what_to_do(browser, tmp_path):
    starter = (ROOT / "starter" / "elevens" / "elevens_board.py").read_text(encoding="utf-8")
    game = table(tmp_path, starter)
    game.lab_board = "grader play --lab-board --game elevens"
    with serving(game) as address:
        page = browser.new_page()
        page.goto(address)
        expect(page.locator("#problem")).to_contain_text("Not written yet: ElevensBoard.another_play_is_possible")
        problem = page.locator("#problem").inner_text()
        assert "Write it, save the file, and press Restart (R)" in problem and "`grader play --lab-board --game elevens`" in problem
        assert "Press Restart to play again" not in problem
