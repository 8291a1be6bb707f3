"""grader/intake/safe_paths.py, rule by rule: every spelling of a name that leaves the target,
every name a Mac or Windows computer could not hold, links (in the zip, and already in the
target), and zips that lie about their sizes or cannot even be listed.

The attack that made this module: an entry named ``\\tmp\\x`` passed a check for ``/`` and ``..``
made before ``\\`` was read as a separator, and was written to ``/tmp/x`` (as the teacher, often
root). tests/security/test_zip_attacks.py runs it through `grader grade`.
"""

import os
import struct
import unicodedata
import zipfile
from pathlib import Path

import pytest

from grader.intake import copying, safe_paths
from grader.intake.flat_download import StudentFolder
from grader.intake.git_tree import GitError, _safe_path
from grader.intake.class_folder import extract_zip, unpack_zip

NFD_ZOE = unicodedata.normalize("NFD", "Zoë")


class RawName(zipfile.ZipInfo):
    """A zip entry whose name is written as these exact bytes (and flags), as a crafted zip can."""

    __slots__ = ("raw", "utf8")

    def _encodeFilenameFlags(self):  # noqa: N802 - zipfile's own name
        return self.raw, (self.flag_bits | 0x800) if self.utf8 else (self.flag_bits & ~0x800)


def make_zip(path: Path, entries: list) -> Path:
    """``entries``: (name, data) or (name, data, external_attr), or a ZipInfo with its data."""
    with zipfile.ZipFile(path, "w") as archive:
        for entry in entries:
            if isinstance(entry[0], zipfile.ZipInfo):
                archive.writestr(*entry)
                continue
            info = zipfile.ZipInfo(entry[0])
            info.external_attr = entry[2] if len(entry) > 2 else 0o100644 << 16
            archive.writestr(info, entry[1])
    return path


def patch_headers(archive: Path, local: int, central: int, value: int) -> None:
    """Set a 2-byte field of the first entry, in its local header and in the central directory."""
    data = bytearray(archive.read_bytes())
    start, listed = data.index(b"PK\x03\x04"), data.index(b"PK\x01\x02")
    data[start + local:start + local + 2] = struct.pack("<H", value)
    data[listed + central:listed + central + 2] = struct.pack("<H", value)
    archive.write_bytes(bytes(data))


def jail(tmp_path: Path) -> tuple[Path, Path]:
    """(a folder to watch, the target inside it): whatever lands beside the target escaped."""
    target = tmp_path / "jail" / "target"
    target.mkdir(parents=True)
    return tmp_path / "jail", target


def everything(folder: Path) -> list[str]:
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*"))


OUTSIDE = [
    ("\\tmp\\x.pth", "the top of a disk"),
    ("/etc/x.py", "the top of a disk"),
    ("//server/share/x.py", "the top of a disk"),
    ("\\\\server\\share\\x.py", "the top of a disk"),
    ("\\\\?\\C:\\x.py", "the top of a disk"),
    ("C:\\x.py", "the drive 'C:'"),
    ("C:x.py", "the drive 'C:'"),
    ("c:/x.py", "the drive 'c:'"),
    ("..\\..\\x.pth", "'..'"),
    ("../x.py", "'..'"),
    ("a/../../x.py", "'..'"),
    ("a\\..\\..\\x.py", "'..'"),
    ("a/..\\../x.py", "'..'"),
    ("a/.../x.py", "'...'"),
]


@pytest.mark.parametrize("name, why", OUTSIDE)
def test_every_spelling_that_leaves_the_target_refuses_the_zip(tmp_path, name, why):
    watched, target = jail(tmp_path)
    archive = make_zip(tmp_path / "lab.zip", [("card.py", "x = 1\n"), (name, "import os\n")])
    with pytest.raises(safe_paths.Refused) as refused:
        safe_paths.unpack_zip(archive, target)
    message = str(refused.value)
    assert f"'lab.zip' has an entry {name!r} that points outside the zip" in message
    assert why in message and message.endswith("make the zip again from your folder")
    assert everything(watched) == ["target"]  # refused before anything was written, card.py included


@pytest.mark.parametrize("name, words", [
    ("a//b.py", "an empty part"),
    ("a/./b.py", "the part '.'"),
    ("new\nline.py", "control character"),
    ("tab\there.py", "control character"),
    ("esc\x1b.py", "control character"),
    ("c1\x85.py", "control character"),
    ("notes:stream.py", "':'"),
    ("CON", "Windows device name"),
    ("con.py", "Windows device name"),
    ("src/Aux.tar.gz", "Windows device name"),
    ("nul .txt", "Windows device name"),
    ("COM1.py", "Windows device name"),
    ("lpt9", "Windows device name"),
    ("COM\u00b9.py", "Windows device name"),
    ("x" * 256 + ".py", "longer than 255 bytes"),
    ("a/" * 70 + "b.py", "nested too deep"),
])
def test_a_name_no_computer_could_hold_refuses_the_zip_and_says_how_to_fix_it(tmp_path, name, words):
    _, target = jail(tmp_path)
    archive = make_zip(tmp_path / "lab.zip", [(name, "x = 1\n")])
    problem = extract_zip(archive, target)
    assert words in problem and repr(name)[:60] in problem and "make the zip again" in problem, problem
    assert everything(target) == []


@pytest.mark.filterwarnings("ignore:Duplicate name")
@pytest.mark.parametrize("names, clash", [
    (["Card.py", "card.py"], "upper and lower case"),
    (["Zoë.py", NFD_ZOE + ".py"], "how accents are encoded"),
    (["src/a.py", "SRC/b.py"], "upper and lower case"),
    (["STRASSE.py", "straße.py"], "upper and lower case"),
    (["a", "a/b.py"], "as a file and as a folder"),
    (["deck.py", "deck.py"], "there twice"),
])
def test_two_names_one_computer_holds_as_one_refuse_the_zip(tmp_path, names, clash):
    _, target = jail(tmp_path)
    archive = make_zip(tmp_path / "lab.zip", [(name, f"x = {i}\n") for i, name in enumerate(names)])
    problem = extract_zip(archive, target)
    assert clash in problem and repr(names[1]) in problem and "make the zip again" in problem, problem
    assert everything(target) == []


def test_one_spelling_of_a_folder_throughout_is_fine(tmp_path):
    _, target = jail(tmp_path)
    archive = make_zip(tmp_path / "lab.zip", [("Zoë/", b""), ("Zoë/card.py", "x = 1\n"), ("Zoë/src/deck.py", "y\n"),
                                              ("Zoë/src/", b"")])
    assert extract_zip(archive, target) == ""
    assert everything(target) == ["Zoë", "Zoë/card.py", "Zoë/src", "Zoë/src/deck.py"]


def test_a_link_in_the_zip_is_never_made_and_the_rest_is_unpacked(tmp_path):
    _, target = jail(tmp_path)
    archive = make_zip(tmp_path / "lab.zip", [
        ("card.py", "/etc/passwd", 0o120777 << 16), ("deck.py", "d = 1\n"), ("fifo", "x", 0o010644 << 16),
        (".venv/bin/python", "python3", 0o120777 << 16)])
    done = safe_paths.unpack_zip(archive, target)
    assert everything(target) == ["deck.py"] and not any(p.is_symlink() for p in target.rglob("*"))
    assert done.skipped == ["'card.py' (a link, never made)", "'fifo' (not a regular file, never made)",
                            "'.venv/bin/python' (a link, never made)"]


def test_a_link_already_in_the_target_is_never_followed(tmp_path):
    watched, target = jail(tmp_path)
    outside = watched / "outside"
    outside.mkdir()
    (target / "src").symlink_to(outside)
    (target / "card.py").symlink_to(outside / "card.py")
    for entry, replace in (("src/deck.py", False), ("card.py", False), ("card.py", True)):
        archive = make_zip(tmp_path / "lab.zip", [(entry, "x = 1\n")])
        assert "could not be written" in extract_zip(archive, target, replace=replace) or \
            "there twice" in extract_zip(archive, target, replace=replace)
    assert everything(outside) == []


def test_an_existing_file_is_replaced_only_when_asked(tmp_path):
    _, target = jail(tmp_path)
    (target / "deck.py").write_text("old\n")
    archive = make_zip(tmp_path / "lab.zip", [("deck.py", "new\n")])
    assert "there twice" in extract_zip(archive, target)
    assert extract_zip(archive, target, replace=True) == "" and (target / "deck.py").read_text() == "new\n"


def test_a_zip_that_lies_about_its_size_writes_no_more_than_the_limit(tmp_path):
    _, target = jail(tmp_path)
    archive = tmp_path / "lab.zip"
    with zipfile.ZipFile(archive, "w", compression=zipfile.ZIP_DEFLATED) as out:
        out.writestr("card.py", b"#" * (3 << 20))
    data = bytearray(archive.read_bytes())
    central = data.rindex(b"PK\x01\x02")
    data[central + 24:central + 28] = struct.pack("<I", 10)  # "10 bytes unpacked", in the central directory
    archive.write_bytes(bytes(data))
    problem = extract_zip(archive, target, max_bytes=1 << 20)
    assert "could not be read as a zip" in problem or "more than 1 MB" in problem, problem
    assert sum(p.stat().st_size for p in target.rglob("*") if p.is_file()) <= 1 << 20


def test_a_password_is_refused_in_words(tmp_path):
    _, target = jail(tmp_path)
    archive = make_zip(tmp_path / "lab.zip", [("card.py", "x = 1\n")])
    patch_headers(archive, 6, 8, 0x1)  # general purpose flags: "encrypted"
    assert "protected by a password" in extract_zip(archive, target)


def test_a_name_that_is_not_utf8_under_the_utf8_flag_is_a_problem_not_a_crash(tmp_path):
    # zipfile raises UnicodeDecodeError (a ValueError) while listing such a zip; it once escaped.
    _, target = jail(tmp_path)
    info = RawName("placeholder")
    info.raw, info.utf8 = b"card\xff.py", True
    archive = make_zip(tmp_path / "lab.zip", [(info, "x = 1\n")])
    assert "could not be opened as a zip" in extract_zip(archive, target)
    assert safe_paths.archive_names(archive, 10) is None


def test_a_backslash_name_without_the_utf8_flag_is_read_as_a_path_too(tmp_path):
    _, target = jail(tmp_path)
    info = RawName("placeholder")
    info.raw, info.utf8 = b"\\tmp\\x.pth", False
    archive = make_zip(tmp_path / "lab.zip", [(info, "import os\n")])
    assert "points outside the zip" in extract_zip(archive, target)


def test_a_students_bad_zip_is_that_students_problem(tmp_path):
    archive = make_zip(tmp_path / "ada.zip", [("\\tmp\\x.pth", "import os\n")])
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    opened = unpack_zip(archive, scratch, "ada")
    assert opened.id == "ada" and "points outside the zip" in opened.problem


def test_a_class_downloads_zip_leaves_bad_entries_out_and_lists_them(tmp_path):
    from grader.intake.download import open_download

    archive = make_zip(tmp_path / "class.zip", [
        ("ada/card.py", "x = 1\n"), ("bob/new\nline.py", "y\n"), ("bob/card.py", "z\n"), ("bob/Card.py", "w\n"),
        ("cy/\\tmp\\x.pth", "p\n")])
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    download = open_download(archive, scratch)
    assert download.layout == "" and everything(download.root) == ["ada", "ada/card.py", "bob", "bob/card.py"]
    assert [entry.split(" (")[0] for entry in download.left_out] == ["'bob/new\\nline.py'", "'bob/Card.py'",
                                                                     "'cy/\\\\tmp\\\\x.pth'"]
    assert all("left out" in entry for entry in download.left_out)


@pytest.mark.parametrize("name", ["con.py", "..", "a\\..", "C:x.py", "tab\t.py", "", "C:\\Users\\ada\\aux.py"])
def test_an_lms_file_name_that_cannot_be_a_file_is_a_problem_and_is_not_written(tmp_path, name):
    source = tmp_path / "upload"
    source.write_text("x = 1\n")
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    folder = StudentFolder(scratch)
    folder.add_file(source, name, f"smithbob_1_2_{name}")
    assert folder.problems and "cannot be used as a file name" in folder.problems[0], folder.problems
    assert everything(scratch) == [folder.path.name]


@pytest.mark.parametrize("name", ["con.py", "a\\b.py", "notes:1.py", "new\nline.py"])
def test_a_moodle_file_name_that_cannot_be_a_file_is_ignored_and_named(tmp_path, name):
    source = tmp_path / "upload"
    source.write_text("x = 1\n")
    target = tmp_path / "student"
    target.mkdir()
    copied = copying.Copied()
    copying.copy_file(source, target, name, f"Bob_1_assignsubmission_file/{name}", tmp_path, copied)
    assert copied.files == 0 and copied.ignored and "cannot be a file name" in copied.ignored[0]
    assert everything(target) == []


@pytest.mark.parametrize("text", ["..\\..\\x.pth", "\\tmp\\x.pth", "C:x.py", "con.py", "src/.GIT/config"])
def test_a_git_path_that_breaks_a_rule_refuses_the_commit(text):
    with pytest.raises(GitError, match="holds a file named"):
        _safe_path(text, "hw1-bob", "a" * 40)


def test_a_git_tree_with_two_spellings_of_one_name_is_refused(tmp_path):
    from grader.intake import git_tree
    from tests.intake.make_classroom import Commit, git, new_repo

    repo = new_repo(tmp_path / "r", [Commit("2026-11-30T10:00:00+01:00", {"card.py": "1\n"})])
    blob = git(repo, "rev-parse", "HEAD:card.py").strip()
    tree = git(repo, "mktree", input=f"100644 blob {blob}\tCard.py\n100644 blob {blob}\tcard.py\n".encode()).strip()
    commit = git(repo, "commit-tree", tree, "-m", "both").strip()
    target = tmp_path / "out"
    target.mkdir()
    with pytest.raises(GitError, match="upper and lower case"):
        git_tree.export_tree(repo, commit, target)
    assert everything(target) == []


def test_the_writer_refuses_parts_that_would_leave_its_root_even_if_a_rule_missed_them(tmp_path):
    _, target = jail(tmp_path)
    for parts in (("..", "x"), ("/etc", "x"), ()):
        with pytest.raises(safe_paths.Refused):
            safe_paths.Tree(target).create(parts)
    assert everything(tmp_path / "jail") == ["target"]


def test_nothing_else_leaves_the_module(tmp_path):
    """A zip that is not one, one cut short, one with a made-up compression: each a Refused."""
    _, target = jail(tmp_path)
    good = make_zip(tmp_path / "good.zip", [("card.py", "x = 1\n" * 100)])
    data = good.read_bytes()
    method = make_zip(tmp_path / "method.zip", [("card.py", "x = 1\n")])
    patch_headers(method, 8, 10, 77)  # a compression method nobody has
    bad = {"empty.zip": b"", "text.zip": b"not a zip", "cut.zip": data[: len(data) // 2],
           "method.zip": method.read_bytes()}
    for name, content in bad.items():
        (tmp_path / name).write_bytes(content)
        with pytest.raises(safe_paths.Refused):
            safe_paths.unpack_zip(tmp_path / name, target)
    assert os.listdir(target) == []
