"""The trusted side's parsers of untrusted text, on their own: the reply channel's JSON lines
(grader/sandbox/bounded_json.py, channel.py) and answers.yaml (grader/lab/answers.py)."""

import json
import os
import time

import pytest

from grader.lab.answers import AnswersError, load_answers
from grader.sandbox import bounded_json
from grader.sandbox.bounded_json import MAX_DEPTH, MAX_LINE_BYTES, RefusedLine, parse_line
from grader.sandbox.channel import Channel
from sandbox_runtime.wire import framing


def nested(depth: int) -> bytes:
    return b"[" * depth + b"]" * depth


def test_depth_up_to_the_limit_parses_and_one_more_is_refused():
    assert parse_line(b'{"ok":' + nested(MAX_DEPTH - 1) + b"}") == {"ok": json.loads(nested(MAX_DEPTH - 1))}
    with pytest.raises(RefusedLine, match="nested more than"):
        parse_line(b'{"ok":' + nested(MAX_DEPTH) + b"}")


@pytest.mark.parametrize("line", [b"[" * 1_000_000, b"{" * 100_000, b'{"a":' * 50_000])
def test_a_line_deeper_than_the_interpreter_can_recurse_is_refused_not_raised(line):
    with pytest.raises(RefusedLine):
        parse_line(line)


def test_brackets_inside_strings_are_not_counted_and_escapes_are_understood():
    inside = json.dumps(["[" * 5000, '\\"[[', "{" * 5000]).encode()
    assert len(parse_line(inside)) == 3
    escaped_quote_then_deep = b'["\\\\",' + nested(MAX_DEPTH + 5) + b"]"  # "\\" ends the string
    with pytest.raises(RefusedLine):
        parse_line(escaped_quote_then_deep)


def test_a_line_over_the_size_limit_is_refused_before_parsing():
    with pytest.raises(RefusedLine, match="over the limit"):
        parse_line(b'"' + b"x" * MAX_LINE_BYTES + b'"')


@pytest.mark.parametrize("line", [b'"\\"' * 1_000_000, b'"' + b"[" * 3_000_000, b"[]" * 1_500_000])
def test_measuring_takes_linear_time_on_lines_built_to_make_it_slow(line):
    started = time.monotonic()
    bounded_json.too_deep(line, MAX_DEPTH)
    assert time.monotonic() - started < 5  # a quadratic scan of 3 MB would take hours


def test_the_sandbox_writer_and_the_grader_reader_agree_on_the_size():
    assert framing.MAX_LINE_BYTES == MAX_LINE_BYTES


def test_the_sandbox_writer_sends_an_error_instead_of_a_reply_the_grader_would_refuse():
    read, write = os.pipe()
    reader = Channel(os.dup(write), read)
    try:
        # The error sent instead is small: it fits in the pipe, so no reader is needed yet.
        framing.write_message(write, {"id": 7, "ok": "x" * (MAX_LINE_BYTES + 10)})
        reply = reader.receive(time.monotonic() + 5)
    finally:
        os.close(write)
        reader.close()
    assert reply["id"] == 7 and reply["error"]["type"] == "ValueTooLarge"


def test_the_channel_skips_deep_and_endless_lines_and_keeps_the_real_reply():
    read, write = os.pipe()
    channel = Channel(os.dup(write), read)
    os.set_blocking(write, True)
    pid = os.fork()
    if pid == 0:  # the "student": junk, then a real reply
        try:
            os.write(write, b"[" * 500_000 + b"\n")
            for _ in range(MAX_LINE_BYTES // (1 << 20) + 2):
                os.write(write, b"{" * (1 << 20))
            os.write(write, b'\n{"id": 1, "ok": 2}\n')
        finally:
            os._exit(0)
    os.close(write)
    try:
        assert channel.receive(time.monotonic() + 30) == {"id": 1, "ok": 2}
        assert len(channel.buffer) <= MAX_LINE_BYTES + (1 << 20)
    finally:
        os.waitpid(pid, 0)
        channel.close()


@pytest.mark.parametrize("text, words", [
    ("deck_size: " + "[" * 9_000 + "]" * 9_000, "more than 20 deep"),
    ("deck_size:\n  " + "- " * 8_000 + "6", "more than 20 deep"),
    ("deck_size: " + "{a: " * 3_000 + "1" + "}" * 3_000, "more than 20 deep"),
    ("deck_size: " + "9" * 5_000, "a number thousands of digits long"),
    ("deck_size: 2001-13-45", "cannot be read"),
    ("deck_size: !!float abc", "cannot be read"),
    ("deck_size: &a [1]\nplays: *a", "alias"),
    ("deck_size: !!python/object/apply:os.system [echo hi]", "could not be read"),
])
def test_a_hostile_answers_file_is_the_students_error(tmp_path, text, words):
    path = tmp_path / "answers.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(AnswersError, match=words):
        load_answers(str(path))


def test_real_answers_still_load(tmp_path):
    path = tmp_path / "answers.yaml"
    path.write_text('deck_size: 6\nplays: [["5S", "6C"], ["6C", "5C"]]\n', encoding="utf-8")
    assert load_answers(str(path)) == {"deck_size": 6, "plays": [["5S", "6C"], ["6C", "5C"]]}
