"""What the agent tools (``eol_edit.tools``) and the text editor
(``eol_edit.anthropic``) say alike: the core's messages, given as parts, rendered in a
front-end's words (lib/tools/wording.js ``render``, whose ``Words`` each front-end
fills in), the parts of a failure (lib/tools/errors.js) and a change's diff, summary
and notes (lib/tools/results.js). One copy, so the two front-ends cannot drift from
each other or from the JavaScript they mirror; the words themselves stay with each
front-end."""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field
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
# Rendering parts (wording.js renderInto, renderPhrase, facts, inCaseOf)


@dataclass
class Facts:
    """What a phrase's sentence may use: the phrase's parts, the first argument they
    name and each argument's first value."""

    parts: List[Part]
    values: Dict[str, str] = field(default_factory=dict)
    arg: Optional[str] = None


Sentence = Callable[[Facts], Union[str, Sequence[Part]]]


@dataclass(frozen=True)
class Words:
    """A front-end's words (wording.js ``Words``): the name of an operation (text, or
    parts to render), an argument (with its value, if shown), a value shown alone, a
    quoted line (its part), the numbered view, and the sentences that replace phrases."""

    op: Callable[[str], Union[str, Sequence[Part]]]
    arg: Callable[[str, Optional[str]], str]
    value: Callable[[str], str]
    line: Callable[[Mapping[str, Any]], str]
    listing: Union[str, Sequence[Part]]
    sentences: Mapping[str, Sentence]


def render(parts: Sequence[Part], words: Words, before: str = "") -> str:
    """``before`` followed by ``parts`` in ``words``."""
    out = before
    for part in parts:
        if isinstance(part, str):
            out += part
        elif "phrase" in part:
            out = _render_phrase(out, part, words)
        elif "line" in part:
            out += words.line(part)
        elif "hunk" in part:
            out += f"hunk #{int(part['hunk']) + 1}"
        elif "op" in part:
            said = words.listing if part.get("listing") else words.op(str(part["op"]))
            out = out + said if isinstance(said, str) else render(said, words, out)
        elif part.get("valueOnly") and part.get("value") is not None:
            out += words.value(str(part["value"]))
        else:
            value = part.get("value")
            out += words.arg(str(part["arg"]), None if value is None else str(value))
    return out


def _render_phrase(before: str, phrase: Mapping[str, Any], words: Words) -> str:
    inner: List[Part] = list(phrase.get("parts") or [])
    sentence = words.sentences.get(str(phrase["phrase"]))
    if sentence is None:
        return render(inner, words, before)
    said = sentence(facts(inner))
    text = said if isinstance(said, str) else render(said, words, before)[len(before):]
    first = inner[0][:1] if inner and isinstance(inner[0], str) else ""
    return before + in_case_of(first, text)


def facts(parts: List[Part]) -> Facts:
    found = Facts(parts)

    def walk(items: Sequence[Part]) -> None:
        for p in items:
            if isinstance(p, str):
                continue
            if "phrase" in p:
                walk(p.get("parts") or [])
            elif "arg" in p:
                if found.arg is None:
                    found.arg = str(p["arg"])
                if p.get("value") is not None and p["arg"] not in found.values:
                    found.values[str(p["arg"])] = str(p["value"])

    walk(parts)
    return found


def in_case_of(first: str, text: str) -> str:
    """``text`` with its first letter in the case of ``first`` (the letter the core's
    own words began with), unless it starts a word in capitals."""
    if first == "" or first.lower() == first.upper():
        return text
    head, nxt = text[:1], text[1:2]
    if nxt != nxt.lower() and head != head.lower():
        return text
    return (head.upper() if first == first.upper() else head.lower()) + text[1:]


def warnings_of(result: Any, words: Words) -> List[str]:
    """A core result's warnings in ``words``, from their parts (wording.js ``warningsOf``)."""
    parts = getattr(result, "warning_parts", None)
    warnings: List[str] = list(result.warnings)
    return [render(parts[i], words) if parts and i < len(parts) else w for i, w in enumerate(warnings)]


# ---------------------------------------------------------------------------
# A failure's parts (errors.js failureParts)


def with_hint(parts: List[Part], hint: Sequence[Part]) -> List[Part]:
    """The message's parts followed by its hint, joined as a sentence."""
    return [*parts, " " if ends_sentence(parts) else ". ", *hint] if hint else parts


def ends_sentence(parts: Sequence[Part]) -> bool:
    last = parts[-1] if parts else None
    if isinstance(last, dict) and "line" in last:
        return True
    text = last.rstrip() if isinstance(last, str) else ""
    return text != "" and text[-1] in ".!?"


def plain_text(parts: Sequence[Part]) -> str:
    """The parts' own text (quoted lines as ``N text``), to look for what they say."""
    out = []
    for p in parts:
        if isinstance(p, str):
            out.append(p)
        elif "phrase" in p:
            out.append(plain_text(p.get("parts") or []))
        elif "line" in p:
            out.append(f"{p['line']} {p['text']}")
    return "".join(out)


def mentions(text: str, n: int) -> bool:
    """Whether ``text`` has the number ``n``, not as a part of a longer one."""
    return re.search(rf"(?<![0-9]){n}(?![0-9])", text) is not None


def with_lines(parts: List[Part], lines: Sequence[int]) -> List[Part]:
    """The parts, followed by the error's line numbers when they do not say them all."""
    said = plain_text(parts)
    if lines and not all(mentions(said, n) for n in lines):
        parts.append(f" ({'line' if len(lines) == 1 else 'lines'} {', '.join(map(str, lines))})")
    return parts


FIX_PATCH = " Nothing was written: fix that part of the patch and send the whole patch again."


def fix_patch() -> Part:
    """The phrase that ends the failure of one file of a patch."""
    return {"phrase": "fix-patch", "parts": [FIX_PATCH]}


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
