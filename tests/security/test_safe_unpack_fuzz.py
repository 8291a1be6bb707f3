"""Fuzzing every way a student's name reaches the disk: zip entry names (as text, and as raw bytes
with and without the UTF-8 flag), zip external attributes (link and device bits), damaged zip
bytes, LMS file names (Canvas/Blackboard's flat copy, Moodle/Gradescope's folder copy) and git
tree paths.

The property, for every input: nothing is written outside the target (the target is a folder
inside a watched temporary folder, which must hold nothing else afterwards; no path an entry
would name by plain joining appears; an absolute sentinel path is never created), no link is
ever made, and nothing is raised but the module's own refusal (``Refused``, or ``GitError`` for a
git tree), which callers turn into that submission's problem. Derandomized, so CI sees the same
examples every run; the whole file runs in a few seconds.
"""

import io
import os
import tempfile
import unicodedata
import warnings
import zipfile
from pathlib import Path

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from grader.intake import copying, safe_paths
from grader.intake.flat_download import StudentFolder
from grader.intake.git_tree import GitError, _add_name, _safe_path, _write

# An absolute path no test makes: an entry that reaches it has escaped.
SENTINEL = Path(tempfile.gettempdir()) / f"safe-unpack-sentinel-{os.getpid()}"
SETTINGS = settings(max_examples=200, derandomize=True, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow])

# Pieces that break rules, alone or joined: separators of both kinds, dots, drives, UNC and
# device prefixes, device names, controls, names that fold alike, and the sentinel spelled as
# a Unix and a Windows absolute path.
PIECES = st.sampled_from([
    "..", ".", "...", ". .", "", "a", "src", "Card.py", "card.py", "CARD.PY",
    "Zoë", unicodedata.normalize("NFD", "Zoë"),
    "CON", "con.py", "Aux.tar.gz", "COM1", "lpt9.txt", "C:", "c:x", ":", "\\\\?\\", "//server", "\\\\srv\\share",
    "\x00", "\n", "\x1b", "\x7f", "\u202e", "é" * 130, "ß", "SS", str(SENTINEL), str(SENTINEL).replace("/", "\\"),
    "link",
])
SEPARATORS = st.sampled_from(["/", "\\", "", "//", "\\\\"])
JOINED = st.lists(st.tuples(st.one_of(PIECES, st.text(max_size=6)), SEPARATORS), max_size=6).map(
    lambda pairs: "".join(piece + sep for piece, sep in pairs))
# Every way to start outside: a root, a drive, a UNC or device path, a climb.
PREFIXES = st.sampled_from(["\\", "/", "\\\\", "//", "C:\\", "C:", "c:/", "\\\\?\\", "..\\", "../", "a\\..\\..\\"])
NAMES = st.one_of(
    st.text(max_size=30),
    JOINED,
    st.tuples(PREFIXES, JOINED).map("".join),
    st.sampled_from([str(SENTINEL), str(SENTINEL).replace("/", "\\"), "\\\\?\\" + str(SENTINEL)]),
)
# Names that pass, so that writing (folders made, links planted in the way, replacing) is fuzzed too.
PLAIN = st.lists(st.sampled_from(["a", "src", "Card.py", "card.py", "link", "x.py", "Zoë"]), min_size=1, max_size=4)\
    .flatmap(lambda parts: st.sampled_from(["/", "\\"]).map(lambda sep: sep.join(parts)))
ATTRIBUTES = st.one_of(
    st.just(0o100644 << 16),
    st.sampled_from([0, 0o100644 << 16, 0o100755 << 16, 0o120777 << 16, 0o040755 << 16, 0o010644 << 16,
                     0o020644 << 16, 0o060644 << 16, 0o140644 << 16, (0o120777 << 16) | 0x10]),
    st.integers(0, 2 ** 32 - 1),
)


class RawName(zipfile.ZipInfo):
    """An entry whose name is written as exact bytes, with or without the UTF-8 flag."""

    __slots__ = ("raw", "utf8")

    def _encodeFilenameFlags(self):  # noqa: N802 - zipfile's own name
        return self.raw, (self.flag_bits | 0x800) if self.utf8 else (self.flag_bits & ~0x800)


@st.composite
def entries(draw):
    """(ZipInfo, data) for one entry: a text name, or raw name bytes (maybe not UTF-8 at all)."""
    if draw(st.booleans()):
        info = zipfile.ZipInfo(draw(st.one_of(PLAIN, NAMES)))
    else:
        info = RawName("placeholder")
        info.raw = draw(st.one_of(st.binary(max_size=24), NAMES.map(lambda n: n.encode("utf-8", "surrogatepass"))))
        info.utf8 = draw(st.booleans())
    info.external_attr = draw(ATTRIBUTES)
    return info, draw(st.binary(max_size=40))


def build_zip(items, damage) -> bytes:
    buffer = io.BytesIO()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # duplicate names are part of the fuzz
        with zipfile.ZipFile(buffer, "w") as archive:
            for info, data in items:
                archive.writestr(info, data)
    data = bytearray(buffer.getvalue())
    for position, value in damage:
        data[position % len(data)] = value
    return bytes(data)


def naive_targets(target: Path, names: list[str]) -> set[str]:
    """Where the old code would have written each name: plain joining, ``\\`` read as ``/``."""
    found = set()
    for name in names:
        text = name.replace("\\", "/").replace("\0", "")
        if text:
            found.add(os.path.normpath(os.path.join(target, text)))
    return found


def existing(paths: set[str]) -> set[str]:
    return {p for p in paths if os.path.lexists(p)}


def check_contained(watched: Path, target: Path, planted: set[str], before: set[str], candidates: set[str]) -> None:
    """The property: only ``target`` (and what the test planted) in ``watched``; no link made in
    ``target``; no path outside ``target`` that an entry names appeared; no sentinel."""
    assert not os.path.lexists(SENTINEL), "an entry reached an absolute path"
    outside = {p.relative_to(watched).as_posix() for p in watched.rglob("*") if not p.is_relative_to(target)}
    assert outside <= planted, outside - planted
    links = {p.relative_to(target).as_posix() for p in target.rglob("*") if p.is_symlink()}
    assert links <= {"link", "card.py"}, links  # only the ones planted
    target_text = str(target) + os.sep
    appeared = existing({c for c in candidates if c != str(target) and not c.startswith(target_text)}) - before
    assert not appeared, appeared


def plant_links(watched: Path, target: Path) -> set[str]:
    """Links already in the target that point outside it: writing must never follow them."""
    (watched / "outside").mkdir()
    (target / "link").symlink_to(watched / "outside")
    (target / "card.py").symlink_to(watched / "outside" / "card.py")
    return {"outside"}


@SETTINGS
@given(items=st.lists(entries(), min_size=1, max_size=6), damage=st.lists(st.tuples(st.integers(0, 10 ** 6),
       st.integers(0, 255)), max_size=3), lenient=st.booleans(), replace=st.booleans(), links=st.booleans())
def test_no_zip_writes_outside_its_target_or_raises_anything_but_a_refusal(items, damage, lenient, replace, links):
    with tempfile.TemporaryDirectory() as temporary:
        watched = Path(temporary)
        target = watched / "deep" / "er" / "target"
        target.mkdir(parents=True)
        planted = {"deep", "deep/er"} | (plant_links(watched, target) if links else set())
        archive = watched / "deep" / "lab.zip"
        archive.write_bytes(build_zip(items, damage))
        planted.add("deep/lab.zip")
        listed = safe_paths.archive_names(archive, 100) or []  # never raises
        candidates = naive_targets(target, [getattr(info, "filename", "") for info, _ in items] + listed)
        before = existing(candidates)
        try:
            done = safe_paths.unpack_zip(archive, target, max_bytes=1 << 16, max_entries=10, lenient=lenient,
                                         replace=replace)
        except safe_paths.Refused as exc:
            assert str(exc)
            event("refused")
        else:
            assert done.files <= len(items)
            event(f"unpacked {min(done.files, 2)}+ files, {min(len(done.skipped), 1)}+ left out")
        check_contained(watched, target, planted, before, candidates)


@SETTINGS
@given(name=NAMES, folder_copy=st.booleans(), links=st.booleans())
def test_no_lms_file_name_writes_outside_the_students_folder(name, folder_copy, links):
    with tempfile.TemporaryDirectory() as temporary:
        watched = Path(temporary)
        source = watched / "upload.py"
        source.write_text("x = 1\n")
        scratch = watched / "scratch"
        scratch.mkdir()
        planted = {"upload.py", "scratch"}
        before = existing(naive_targets(scratch / "student", [name]) | naive_targets(scratch / "x", [name]))
        if folder_copy:  # Moodle and Gradescope: copying.copy_file into the student's folder
            target = scratch / "student"
            target.mkdir()
            if links:
                planted |= plant_links(watched, target)
            copied = copying.Copied()
            copying.copy_file(source, target, name, f"Bob_1_assignsubmission_file/{name}", scratch, copied)
            assert copied.files + len(copied.ignored) + len(copied.problems) == 1
        else:  # Canvas and Blackboard: flat_download.StudentFolder
            folder = StudentFolder(scratch)
            target = folder.path
            if links:
                planted |= plant_links(watched, target)
            folder.add_file(source, name, f"smithbob_1_2_{name}")
            assert len(folder.problems) + len(folder._written) + len(folder.ignored) == 1
        candidates = naive_targets(target, [name])
        check_contained(watched, target, planted, before, candidates)


@SETTINGS
@given(paths=st.lists(NAMES, min_size=1, max_size=5))
def test_no_git_tree_path_writes_outside_the_export(paths):
    """What export_tree does with each path of ``git ls-tree`` (a crafted tree may hold any bytes
    but NUL; ``/`` separates), without git: check, record, write."""
    with tempfile.TemporaryDirectory() as temporary:
        watched = Path(temporary)
        target = watched / "export"
        target.mkdir()
        texts = [p.replace("\0", "") for p in paths]
        candidates = naive_targets(target, texts)
        before = existing(candidates)
        seen, tree = safe_paths.Names(), safe_paths.Tree(target)
        try:
            checked = [(_safe_path(text, "hw1-bob", "a" * 40), text) for text in texts]
            for parts, text in checked:
                _add_name(seen, text, parts, "hw1-bob", "a" * 40)
        except GitError as exc:
            assert "holds a file named" in str(exc)
        else:
            for parts, text in checked:
                assert _write(tree, parts, text, b"x = 1\n") == ""  # checked and distinct: each is written
        check_contained(watched, target, set(), before, candidates)
