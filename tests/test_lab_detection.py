"""Which lab a folder is for, when labs share file names (the card-game labs reuse Elevens'
card.py and deck.py as given files): a file only one lab asks for decides."""

import zipfile
from pathlib import Path

import pytest

import grader.lab.registry as labs_module
from grader.lab.registry import Lab, LabError, detect_lab

HERE = Path(".")


def fake(lab_id: str, *files: str, given: tuple[str, ...] = ()) -> Lab:
    return Lab(id=lab_id, title=lab_id, suites=HERE, rubric=HERE, reference=HERE, files=files, given=given)


@pytest.fixture(autouse=True)
def three_labs(monkeypatch):
    labs = {lab.id: lab for lab in (
        fake("elevens", "card.py", "deck.py", "shuffler.py", "board.py", "deck_tester.py", given=("card.py", "deck.py", "board.py")),
        fake("up-down-stay", "uds_cards.py", "uds_deal.py", "uds_tester.py", given=("card.py", "deck.py", "uds_players.py")),
        fake("six-takes", "takes_cards.py", "takes_table.py", "takes_tester.py", given=("card.py", "deck.py")),
    )}
    monkeypatch.setattr(labs_module, "installed_labs", lambda: labs)


def folder(tmp_path: Path, *names: str) -> Path:
    for name in names:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("x = 1\n")
    return tmp_path


@pytest.mark.parametrize("names, lab", [
    (["card.py"], "elevens"),
    (["card.py", "deck.py"], "elevens"),
    # Given files of another lab weigh less than one file of the lab's own.
    (["card.py", "deck.py", "uds_cards.py"], "up-down-stay"),
    (["card.py", "deck.py", "src/takes_table.py"], "six-takes"),
    (["card.py", "shuffler.py", "board.py", "uds_cards.py"], "elevens"),
])
def test_the_lab_with_most_files_of_its_own_wins(tmp_path, names, lab):
    assert detect_lab(folder(tmp_path, *names)).id == lab


def test_files_inside_a_zip_count(tmp_path):
    with zipfile.ZipFile(tmp_path / "work.zip", "w") as archive:
        archive.writestr("project/takes_cards.py", "x = 1\n")
        archive.writestr("project/card.py", "x = 1\n")
    assert detect_lab(tmp_path).id == "six-takes"


@pytest.mark.parametrize("names, words", [
    ([], "it could be elevens, up-down-stay, six-takes"),
    (["uds_cards.py", "takes_cards.py"], "it could be up-down-stay, six-takes"),
])
def test_a_folder_that_fits_none_or_several_names_the_candidates(tmp_path, names, words):
    with pytest.raises(LabError, match="--lab ID") as caught:
        detect_lab(folder(tmp_path, *names))
    assert words in str(caught.value)
