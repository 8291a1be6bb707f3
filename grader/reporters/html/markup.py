"""A tiny HTML builder that escapes by default: the only way the HTML reports make markup.

A plain ``str`` is always text: ``el("td", sub.id)`` escapes ``sub.id``, whatever it holds
(``<img src=x onerror=...>`` is a legal folder name). Only ``Markup`` is put in as it is, and
only this module makes it (from ``el``, ``join`` and the page skeleton), so a student's text can
never become a tag, an attribute or a script. Control characters are shown as symbols, as in
report.md (``wording.visible``), and ``on...`` attributes cannot be written at all.

Each page carries a Content-Security-Policy that allows its own inline CSS and script (by their
SHA-256) and nothing else: no other script, no image, no font, no request of any kind. It is a
second wall, should the escaping ever have a hole, and the proof that the page fetches nothing.
"""

import base64
import hashlib
import re
from collections.abc import Iterable
from html import escape

from grader.reporters.html.style import CSS
from grader.reporters.wording import visible

# Elements without a closing tag.
VOID = frozenset({"br", "hr", "meta", "input", "wbr"})
_ATTRIBUTE = re.compile(r"[a-zA-Z][a-zA-Z0-9-]*")  # viewBox keeps its capital


class Markup(str):
    """HTML that is safe as it is, because this module built it from escaped parts."""

    __slots__ = ()


Child = str | int | float | Markup | Iterable | None


def text(value: Child) -> Markup:
    """``value`` as HTML: Markup stays as it is, lists are joined, anything else is escaped."""
    if value is None:
        return Markup("")
    if isinstance(value, Markup):
        return value
    if isinstance(value, (str, int, float)):
        return Markup(escape(visible(str(value).replace("\r\n", "\n"), keep_newlines=True), quote=True))
    return Markup("".join(text(item) for item in value))


def join(*children: Child) -> Markup:
    """Several children as one piece of HTML, each escaped unless it is Markup."""
    return text(children)


def el(tag: str, *children: Child, **attributes: object) -> Markup:
    """``<tag ...>children</tag>`` with every child and attribute value escaped.

    Attribute names come from the keyword: ``class_`` is ``class``, ``data_total`` is
    ``data-total``. ``None`` and ``False`` leave the attribute out, ``True`` writes it bare.
    """
    parts = [tag]
    for key, value in attributes.items():
        name = key.rstrip("_").replace("_", "-")
        if not _ATTRIBUTE.fullmatch(name) or name.lower().startswith("on"):
            raise ValueError(f"not an attribute the reports may write: {name!r}")
        if value is None or value is False:
            continue
        parts.append(name if value is True else f'{name}="{text(value)}"')
    opening = f"<{' '.join(parts)}>"
    if tag in VOID:
        return Markup(opening)
    return Markup(f"{opening}{text(children)}</{tag}>")


def _source_hash(source: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(source.encode("utf-8")).digest()).decode("ascii") + "'"


def content_security_policy(script: str = "") -> str:
    """What the page may load: its own inline style and script, by hash; nothing else."""
    rules = ["default-src 'none'", f"style-src {_source_hash(CSS)}",
             f"script-src {_source_hash(script)}" if script else "script-src 'none'",
             "img-src 'none'", "base-uri 'none'", "form-action 'none'"]
    return "; ".join(rules)


def page(title: str, body: Child, *, script: str = "") -> str:
    """A whole HTML document: ``title`` and ``body`` escaped as usual, CSS and ``script`` inline.

    ``script`` is the grader's own code, never data: it must not hold ``</script``.
    """
    if "</" in script or "</" in CSS:
        raise ValueError("inline script or style would close its own element")
    head = join(
        Markup('<meta charset="utf-8">\n'),
        Markup('<meta name="viewport" content="width=device-width, initial-scale=1">\n'),
        Markup('<meta name="color-scheme" content="light">\n'),
        el("meta", http_equiv="Content-Security-Policy", content=content_security_policy(script)), "\n",
        Markup('<meta name="referrer" content="no-referrer">\n'),
        el("title", title), "\n",
        Markup(f"<style>{CSS}</style>\n"),
    )
    tail = Markup(f"<script>{script}</script>\n") if script else Markup("")
    return f'<!DOCTYPE html>\n<html lang="en">\n<head>\n{head}</head>\n<body>\n{text(body)}\n{tail}</body>\n</html>\n'
