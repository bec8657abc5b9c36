//! The message of a failure that explains itself: the closest region quoted as the
//! agent tools' `read_file` shows it (`12│text`), what differs there, a second region
//! nearly as close; for `TEXT_NOT_FOUND`, a patch hunk that is not found, and
//! `ANCHOR_NOT_FOUND`. Built of [`Part`]s, so every front-end says it in its own names.

use super::index::{closest, Region, Step};
use crate::error::{Error, ErrorCode};
use crate::matching::{fold, indent_len, trim_end, Lines};
use crate::message::{parts, Message, Name, Op, Part};

/// How many differences a message lists at most.
const MAX_DIFFERENCES: usize = 4;
/// The longest region quoted in full; a longer one shows its first and last lines.
const QUOTE_MAX: usize = 24;
const QUOTE_HEAD: usize = 16;
const QUOTE_TAIL: usize = 6;
/// Characters of one quoted line shown at most.
const QUOTE_LINE_CHARS: usize = 240;

fn show(line: &[u8]) -> String {
    let s = String::from_utf8_lossy(line);
    let s = s.trim();
    if s.chars().count() > 60 {
        format!("`{}…`", s.chars().take(60).collect::<String>())
    } else {
        format!("`{s}`")
    }
}

/// A line with look-alikes folded and all whitespace removed: two lines the same
/// but for whitespace, quotes or Unicode form have the same loose form.
fn loose(line: &[u8]) -> Vec<u8> {
    fold(line)
        .iter()
        .copied()
        .filter(|c| !c.is_ascii_whitespace())
        .collect()
}

/// What differs between a file line and the old line paired with it: every way in
/// which they differ when they are the same but for whitespace, quotes and Unicode
/// form, or the old line itself when its characters differ. `who` names the caller's
/// text: `old_text`, `the anchor`. Without `edges`, indentation and trailing
/// whitespace are not differences (an anchor matches whatever they are).
fn describe_pair(
    line_no: usize,
    file: &[u8],
    old: &[u8],
    who: &Part,
    edges: bool,
) -> Option<Message> {
    if file == old {
        return None;
    }
    let who = || who.clone();
    if loose(file) != loose(old) {
        // Different characters, such as a renamed identifier.
        return Some(parts![
            format!("line {line_no}: "),
            who(),
            format!(" has {}", show(old))
        ]);
    }
    let mut aspects: Vec<Message> = Vec::new();
    let (fi, oi) = (indent_len(file), indent_len(old));
    let (f_ind, o_ind) = (&file[..fi], &old[..oi]);
    if edges && f_ind != o_ind {
        let tabs = |s: &[u8]| s.contains(&b'\t');
        aspects.push(match (tabs(f_ind), tabs(o_ind)) {
            (true, false) => parts!["the file indents with tabs, ", who(), " with spaces"],
            (false, true) => parts!["the file indents with spaces, ", who(), " with tabs"],
            _ => parts![
                format!("the file indents by {fi} characters, "),
                who(),
                format!(" by {oi}")
            ],
        });
    }
    let (f_body, o_body) = (trim_end(&file[fi..]), trim_end(&old[oi..]));
    if edges
        && (file.len() - fi - f_body.len() != old.len() - oi - o_body.len()
            || file[fi + f_body.len()..] != old[oi + o_body.len()..])
    {
        aspects.push(parts!["trailing whitespace differs"]);
    }
    let (f, o) = (
        String::from_utf8_lossy(f_body),
        String::from_utf8_lossy(o_body),
    );
    let visible = |s: &str| -> Vec<char> { s.chars().filter(|c| !c.is_whitespace()).collect() };
    let (fv, ov) = (visible(&f), visible(&o));
    if let Some((a, b)) = fv.iter().zip(&ov).find(|(a, b)| a != b) {
        aspects.push(parts![
            format!("the file has {a:?} (U+{:04X}) where ", *a as u32),
            who(),
            format!(" has {b:?} (U+{:04X})", *b as u32)
        ]);
    } else if fv != ov {
        aspects.push(parts!["the Unicode form of a character differs"]);
    }
    // Spacing inside the line: where the gaps are, and what each gap is made of.
    let words = |s: &str| s.split_whitespace().count();
    let gaps = |s: &str| -> Vec<String> {
        s.split(|c: char| !c.is_whitespace())
            .filter(|g| !g.is_empty())
            .map(str::to_string)
            .collect()
    };
    if words(&f) != words(&o) || gaps(&f) != gaps(&o) {
        aspects.push(parts![
            "spacing inside the line differs (",
            who(),
            format!(" has {})", show(old))
        ]);
    }
    if aspects.is_empty() {
        aspects.push(parts!["the Unicode form of a character differs"]);
    }
    Some(parts![format!("line {line_no}: ")].then(joined(aspects, ", and ")))
}

/// The messages one after another, `between` each two.
fn joined(messages: Vec<Message>, between: &'static str) -> Message {
    let mut out = Message::default();
    for (i, m) in messages.into_iter().enumerate() {
        if i > 0 {
            out = out.then(parts![between]);
        }
        out = out.then(m);
    }
    out
}

/// The differences of `region`, in file order; `who` names the text that was not
/// found.
fn differences(
    lines: &Lines<'_>,
    old: &[&[u8]],
    old_ends_with_newline: bool,
    region: &Region,
    who: &Part,
) -> Vec<Message> {
    let mut out = Vec::new();
    for step in &region.steps {
        match *step {
            Step::Pair(i, j) => out.extend(describe_pair(j + 1, lines.line(j), old[i], who, true)),
            Step::OldOnly(i, j) if old[i].iter().all(u8::is_ascii_whitespace) => out.push(parts![
                who.clone(),
                format!(" has an empty line before line {}", j + 1)
            ]),
            Step::OldOnly(i, j) if j > region.last => out.push(parts![
                who.clone(),
                format!(
                    " has {} after line {}, the file does not",
                    show(old[i]),
                    region.last + 1
                )
            ]),
            Step::OldOnly(i, j) => out.push(parts![
                who.clone(),
                format!(
                    " has {} before line {}, the file does not",
                    show(old[i]),
                    j + 1
                )
            ]),
            Step::FileOnly(j) => out.push(parts![
                format!("line {} is in the file but not in ", j + 1),
                who.clone()
            ]),
        }
    }
    if out.is_empty() && old_ends_with_newline && !lines.has_newline(region.last) {
        out.push(parts![
            format!(
                "line {} is the last line and has no line ending, but ",
                region.last + 1
            ),
            who.clone(),
            " ends with one"
        ]);
    }
    out
}

/// The region's lines as `read_file` shows them: `12│text`, the numbers padded alike,
/// each a [`Part::Line`] so that a front-end numbering lines otherwise shows its own.
fn quote(lines: &Lines<'_>, region: &Region) -> Message {
    let width = (region.last + 1).to_string().len();
    let shown: Vec<usize> = if region.last - region.first < QUOTE_MAX {
        (region.first..=region.last).collect()
    } else {
        (region.first..region.first + QUOTE_HEAD)
            .chain(region.last + 1 - QUOTE_TAIL..=region.last)
            .collect()
    };
    let mut out = Vec::new();
    let mut previous = None;
    for j in shown {
        if previous.is_some_and(|p| p + 1 != j) {
            out.push(Part::from(format!(
                "{:>width$}…(lines {}-{} not shown)\n",
                "",
                previous.unwrap_or(0) + 2,
                j
            )));
        }
        let text = String::from_utf8_lossy(lines.line(j));
        let text = if text.chars().count() > QUOTE_LINE_CHARS {
            format!(
                "{}…",
                text.chars().take(QUOTE_LINE_CHARS).collect::<String>()
            )
        } else {
            text.into_owned()
        };
        out.push(Part::Line {
            number: j as u32 + 1,
            width: width as u32,
            text: text.into(),
        });
        out.push(Part::from("\n"));
        previous = Some(j);
    }
    Message::new(out)
}

fn span(region: &Region) -> String {
    if region.first == region.last {
        format!("line {}", region.first + 1)
    } else {
        format!("lines {}-{}", region.first + 1, region.last + 1)
    }
}

fn percent(lines: &Lines<'_>, old: &[&[u8]], region: &Region) -> u32 {
    let p = (region.similarity * 100.0).round() as u32;
    let same = region.last + 1 - region.first == old.len()
        && (region.first..=region.last)
            .zip(old)
            .all(|(j, o)| lines.line(j) == *o);
    if same {
        p
    } else {
        p.min(99)
    }
}

/// The hint every `TEXT_NOT_FOUND` for an edit carries.
fn not_found_hint() -> Message {
    parts![
        "Copy ",
        Name::OldText,
        " exactly ",
        crate::message::as_listed("it"),
        crate::message::no_prefixes(),
        ", write line breaks as \\n, and add a line of context if needed."
    ]
}

/// Builds the `TEXT_NOT_FOUND` error for `old_lf` (LF view) in a file's LF view.
pub fn not_found(lines: &Lines<'_>, old_lf: &[u8]) -> Error {
    let regions = closest(lines, old_lf);
    explain(lines, old_lf, None, regions)
}

/// [`not_found`] for an `oldText` without a real line break whose escapes were undone
/// (`unescaped_lf`) and still not found: the message is about whichever reading is
/// closer to the file.
pub fn not_found_escaped(lines: &Lines<'_>, old_lf: &[u8], unescaped_lf: &[u8]) -> Error {
    let literal = closest(lines, old_lf);
    let unescaped = closest(lines, unescaped_lf);
    let score = |r: &[Region]| r.first().map_or(-1.0, |r| r.similarity);
    if score(&unescaped) > score(&literal) {
        let note = parts![
            "Read with its escapes undone (\\n as a line break, \\t as a tab), ",
            Name::OldText,
            " is not in the file either."
        ];
        explain(lines, unescaped_lf, Some(note), unescaped)
    } else {
        explain(lines, old_lf, None, literal)
    }
}

fn explain(lines: &Lines<'_>, old_lf: &[u8], note: Option<Message>, regions: Vec<Region>) -> Error {
    if lines.is_empty() {
        return Error::new(ErrorCode::TextNotFound, empty_file(Name::OldText.into())).with_hint(
            parts!["Use ", Op::WriteFile, " to give an empty file its content."],
        );
    }
    let mut message = parts![Name::OldText, " was not found in the file."];
    if let Some(note) = note {
        message = message.then(parts![" "]).then(note);
    }
    let (rest, numbers) = explained(lines, old_lf, regions, &Name::OldText.into());
    Error::new(ErrorCode::TextNotFound, message.then(rest))
        .with_lines(numbers)
        .with_hint(not_found_hint())
}

/// "`who` was not found: the file is empty."
fn empty_file(who: Part) -> Message {
    parts![who, " was not found: the file is empty."]
}

/// What a `TEXT_NOT_FOUND` says after "… was not found": the region of the file
/// closest to `old_lf` quoted as `read_file` shows it, what differs there, and a
/// second region nearly as close, each sentence with a leading space; and the closest
/// region's line numbers. `who` names the text (`old_text`, `the hunk`).
pub fn closest_region(lines: &Lines<'_>, old_lf: &[u8], who: Part) -> (Message, Vec<u32>) {
    if lines.is_empty() {
        return (parts![" "].then(empty_file(who)), Vec::new());
    }
    let regions = closest(lines, old_lf);
    explained(lines, old_lf, regions, &who)
}

fn explained(
    lines: &Lines<'_>,
    old_lf: &[u8],
    regions: Vec<Region>,
    who: &Part,
) -> (Message, Vec<u32>) {
    let ends_with_newline = old_lf.ends_with(b"\n");
    let body = old_lf.strip_suffix(b"\n").unwrap_or(old_lf);
    let old: Vec<&[u8]> = body.split(|&b| b == b'\n').collect();
    let Some(best) = regions.first() else {
        return (
            parts![
                " No part of the file is close to it: ",
                crate::message::read_again("read the file again"),
                " before editing it."
            ],
            Vec::new(),
        );
    };
    let mut message = parts![
        format!(
            " The closest match is {} ({}% similar), ",
            span(best),
            percent(lines, &old, best)
        ),
        crate::message::as_listed("it"),
        ":\n"
    ]
    .then(quote(lines, best));
    let mut differences = differences(lines, &old, ends_with_newline, best, who);
    if !differences.is_empty() {
        let more = differences.len().saturating_sub(MAX_DIFFERENCES);
        differences.truncate(MAX_DIFFERENCES);
        message = message
            .then(parts!["Differences: "])
            .then(joined(differences, "; "));
        if more > 0 {
            message = message.then(parts![format!("; and {more} more")]);
        }
        message = message.then(parts![".\n"]);
    }
    if let Some(second) = regions.get(1) {
        message = message.then(parts![format!(
            "{} {} nearly as close ({}% similar).\n",
            capitalize(&span(second)),
            if second.first == second.last {
                "is"
            } else {
                "are"
            },
            percent(lines, &old, second)
        )]);
    }
    (message.trim_end(), best.line_numbers())
}

/// The hint every `ANCHOR_NOT_FOUND` for a line of text carries.
fn anchor_hint() -> Message {
    parts![
        "An anchor is one whole line exactly ",
        crate::message::as_listed("it"),
        Part::phrase("no-prefix", parts![" (without the line-number prefix)"]),
        ", or a 1-based line number."
    ]
}

/// Builds the `ANCHOR_NOT_FOUND` error for an anchor `line` (one line of the LF view,
/// without its ending) that no line of the file equals, even trimmed. `who` names the
/// anchor in words every front-end can show (`the start anchor`); the caller records
/// which argument it is.
///
/// As for `oldText`, the message quotes the closest line as `read_file` shows it, with
/// what differs there (quote characters, spacing inside the line, Unicode form), and a
/// second line when it is nearly as close; `lines` lists them, best first.
pub fn anchor_not_found(lines: &Lines<'_>, line: &[u8], who: &str) -> Error {
    let mut message = parts![format!(
        "{} {} is not a line of the file.",
        capitalize(who),
        show(line)
    )];
    let regions = if lines.is_empty() {
        message = message.then(parts![" The file is empty."]);
        Vec::new()
    } else {
        closest(lines, line)
    };
    let Some(best) = regions.first() else {
        if !lines.is_empty() {
            message = message.then(parts![
                " No line of the file is close to it: ",
                crate::message::read_again("read the file again"),
                "."
            ]);
        }
        return Error::new(ErrorCode::AnchorNotFound, message).with_hint(anchor_hint());
    };
    let old = [line];
    message = message.then(
        parts![
            format!(
                " The closest is {} ({}% similar), ",
                span(best),
                percent(lines, &old, best)
            ),
            crate::message::as_listed("it"),
            ":\n"
        ]
        .then(quote(lines, best)),
    );
    // Each paired line's differences; that its characters differ the first sentence
    // already shows, and indentation or trailing spaces never fail an anchor.
    let the_anchor = Part::from("the anchor");
    let differences: Vec<Message> = best
        .steps
        .iter()
        .filter_map(|step| match *step {
            Step::Pair(_, j) if loose(lines.line(j)) == loose(line) => {
                describe_pair(j + 1, lines.line(j), line, &the_anchor, false)
            }
            _ => None,
        })
        .collect();
    if !differences.is_empty() {
        message = message
            .then(parts!["Differences: "])
            .then(joined(differences, "; "))
            .then(parts![".\n"]);
    }
    let mut numbers = best.line_numbers();
    if let Some(second) = regions.get(1) {
        message = message.then(
            parts![format!(
                "{} {} nearly as close ({}% similar):\n",
                capitalize(&span(second)),
                if second.first == second.last {
                    "is"
                } else {
                    "are"
                },
                percent(lines, &old, second)
            )]
            .then(quote(lines, second)),
        );
        numbers.extend(second.line_numbers());
    }
    Error::new(ErrorCode::AnchorNotFound, message.trim_end())
        .with_lines(numbers)
        .with_hint(anchor_hint())
}

fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(first) => first.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}
