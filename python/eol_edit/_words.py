"""What the agent tools (``eol_edit.tools``) and the text editor
(``eol_edit.anthropic``) say alike: the core's messages, given as parts, rendered in a
front-end's words by the core's renderer (the JavaScript tools' too; the words are
data in tools.json, written from lib/tools/wording.js), the parts of a failure
(lib/tools/errors.js) and a change's diff, summary and notes (lib/tools/results.js).
One copy, so the two front-ends cannot drift from each other or from the JavaScript."""

from __future__ import annotations

import json
import math
import re
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence, Tuple, Union

from . import _native
from ._results import EolInfo

Part = Union[str, Dict[str, Any]]


# ---------------------------------------------------------------------------
# Values the model sent, as JavaScript says them (JSON.stringify, errors.js typeName, args.js)


class _Missing:
    """A value the model did not send (JavaScript's ``undefined``)."""


MISSING: Any = _Missing()


def json_text(value: object) -> str:
    """``JSON.stringify`` of a value the model sent (``undefined`` for a missing one),
    numbers written as JavaScript writes them (the host parsed them as doubles)."""
    if value is MISSING:
        return "undefined"
    if value is None or value is True or value is False:
        return json.dumps(value)
    if isinstance(value, (int, float)):
        return _js_number(value)
    if isinstance(value, str):
        return _json_string(value)
    if isinstance(value, (list, tuple)):
        return "[" + ",".join("null" if v is MISSING else json_text(v) for v in value) + "]"
    if isinstance(value, Mapping):
        return "{" + ",".join(f"{_json_string(str(k))}:{json_text(v)}" for k, v in value.items()) + "}"
    return "null"


_SURROGATE = re.compile("[\ud800-\udfff]")


def _json_string(text: str) -> str:
    """A string as ``JSON.stringify`` writes it: a lone surrogate (a path Python read
    with ``surrogateescape``, a str no UTF-8 can carry) as its ``\\u`` escape."""
    return _SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", json.dumps(text, ensure_ascii=False))


def _js_number(n: Union[int, float]) -> str:
    """A number as JavaScript's Number#toString writes it."""
    if isinstance(n, int) and abs(n) <= 2**53:
        return str(n)
    try:
        f = float(n)
    except OverflowError:
        return "null"
    if not math.isfinite(f):
        return "null"
    if f == 0:
        return "0"
    text = repr(f)
    sign = "-" if text.startswith("-") else ""
    text = text.lstrip("-")
    mantissa, _, exponent = text.partition("e")
    whole, _, fraction = mantissa.partition(".")
    digits = whole + fraction
    # The value is 0.<digits> times 10 to the `point`.
    point = len(whole) + (int(exponent) if exponent else 0)
    while digits.startswith("0"):
        digits = digits[1:]
        point -= 1
    digits = digits.rstrip("0")
    k = len(digits)
    if k <= point <= 21:
        return sign + digits + "0" * (point - k)
    if 0 < point <= 21:
        return sign + digits[:point] + "." + digits[point:]
    if -6 < point <= 0:
        return sign + "0." + "0" * (-point) + digits
    e = point - 1
    head = digits[0] + ("." + digits[1:] if k > 1 else "")
    return f"{sign}{head}e{'+' if e >= 0 else '-'}{abs(e)}"


def js_type(value: object) -> str:
    """JavaScript's ``typeof`` of a value the model sent."""
    if value is MISSING:
        return "undefined"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, str):
        return "string"
    return "object"


def type_name(value: object) -> str:
    """What a value the model sent is, as errors.js ``typeName`` says it."""
    if value is None:
        return "null"
    if isinstance(value, (list, tuple)):
        return "an array"
    t = js_type(value)
    return "an object" if t == "object" else "missing" if t == "undefined" else f"a {t}"


def listed(values: Sequence[str]) -> str:
    """``"a"``, ``"a" or "b"``, ``"a", "b" or "c"``."""
    quoted = [json_text(v) for v in values]
    return "".join(quoted) if len(quoted) <= 1 else f"{', '.join(quoted[:-1])} or {quoted[-1]}"


def subset(value: object, name: str, values: Sequence[str], error: Callable[[str], Exception]) -> List[str]:
    """Some of ``values``, each once: a list of them, a JSON text of one, or one alone;
    else ``error`` of the message."""
    if isinstance(value, str):
        if value in values:
            return [value]
        try:
            value = json.loads(value)
        except ValueError:
            pass
    shape = f"a list of {listed(values)}"
    if not isinstance(value, list):
        raise error(f"{name} must be {shape}, but it is {type_name(value)}.")
    for item in value:
        if not isinstance(item, str) or item not in values:
            raise error(f"{name} must be {shape}, but it has {json_text(item)}.")
    return list(dict.fromkeys(value))


# ---------------------------------------------------------------------------
# Rendering parts: the core's renderer (toolset/src/render.rs), which the JavaScript
# tools use too, with words as data (tools.json has the tools' and the text editor's,
# written from lib/tools/wording.js)


class Words:
    """A front-end's words for the parts of a message: what it calls each operation
    and argument, how it numbers a quoted line, and the sentences it says instead of
    phrases (the data lib/tools/wording.js ``WordsData`` describes)."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        self._native = _native.Words(json.dumps(data, ensure_ascii=False))


def render(parts: Union[str, Sequence[Part]], words: Words) -> str:
    """A message in ``words``."""
    if isinstance(parts, str):
        return parts
    # A lone surrogate (a path read with surrogateescape) has no place in the JSON the
    # core reads: U+FFFD, as the JavaScript tools have it.
    text = _SURROGATE.sub("\ufffd", json.dumps(list(parts), ensure_ascii=False))
    return words._native.render(text)


def warnings_of(result: Any, words: Words) -> List[str]:
    """A core result's warnings in ``words``, from their parts (wording.js ``warningsOf``)."""
    parts = getattr(result, "warning_parts", None)
    warnings: List[str] = list(result.warnings)
    return [render(parts[i], words) if parts and i < len(parts) else w for i, w in enumerate(warnings)]


# ---------------------------------------------------------------------------
# A failure's text (the core's, as lib/tools/errors.js has it)


def render_failure(
    words: Words,
    message: str,
    parts: Optional[Sequence[Part]] = None,
    hint: Optional[str] = None,
    hint_parts: Optional[Sequence[Part]] = None,
    lines: Sequence[int] = (),
    edit_index: Optional[int] = None,
    file_index: Optional[int] = None,
) -> str:
    """What a tool's failure says in ``words``: the error's message (``parts`` for one
    of eol-edit's) and hint, the lines it is about when the message does not name
    them, and for an edit of several or a patch, which one failed and that nothing
    was written."""
    facts: Dict[str, Any] = {"message": message, "lines": [n for n in lines if isinstance(n, int) and n >= 0]}
    if parts is not None:
        facts["parts"] = list(parts)
    if hint:
        facts["hint"] = hint
    if hint_parts is not None:
        facts["hintParts"] = list(hint_parts)
    if edit_index is not None:
        facts["editIndex"] = edit_index
    if file_index is not None:
        facts["fileIndex"] = file_index
    return words._native.render_failure(_SURROGATE.sub("\ufffd", json.dumps(facts, ensure_ascii=False)))


# ---------------------------------------------------------------------------
# What a change shows (results.js)

def units(text: str) -> int:
    """A text's length as JavaScript counts it (UTF-16 units), which budgets count."""
    return len(text) + sum(1 for c in text if ord(c) > 0xFFFF)


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def describe_endings(eol: EolInfo) -> str:
    """``"CRLF"``, ``"LF"``, ``"none"`` or ``"mixed (CRLF 2, LF 1)"`` (the core's words)."""
    return _native.describe_endings(eol.crlf, eol.lf, eol.cr)


def start_within(text: str, max_units: int) -> str:
    """The longest start of ``text`` of at most ``max_units`` UTF-16 units that a
    reader can take: never inside a character, nor inside a character with its marks
    or a joined emoji when that cluster starts near (the core's cut, the JavaScript
    tools' ``cutText``)."""
    if units(text) <= max_units:
        return text
    return text[: _native.cut_length(text, max(0, max_units))]


def compact_diff(diff: str, reader: str = "read_file") -> str:
    """The diff as the model reads it: no header, cut at a line when longer than 400
    lines or 40,000 characters (the note names ``reader``, the tool that shows the
    whole result). The core's, as the JavaScript tools show it."""
    return _native.compact_diff(diff, reader) if diff else ""


def diff_counts(diff: str) -> Tuple[int, int]:
    """Lines added and removed by a diff (the core's count)."""
    return _native.diff_counts(diff)


def change_summary(tool: str, path: str, diff: str) -> str:
    """The one-line summary a host shows for a change: ``edit_file a.py: +2 -1 lines``."""
    return _native.change_summary(tool, path, diff)


TIER_NOTES: Dict[str, str] = {
    tier: note for tier in _native.TIERS if (note := _native.tier_note(tier)) is not None
}
"""What the model is told of an edit each lenient tier matched (the core's), by tier."""


def tier_notes(tiers: Sequence[str], multi: bool = False) -> List[str]:
    """One note per edit a lenient tier matched (``multi``: naming the edit), and one
    that the other lines kept their bytes (the core's); none when every edit matched
    exactly."""
    if all(tier not in TIER_NOTES for tier in tiers):
        return []
    return _native.tier_notes(list(tiers), multi)
