//! `deleteRange` and `insertLines`: anchors (a line's text or number) resolved in the
//! LF view, and the lines between them removed or new lines put after one.

use super::Applied;

use crate::align;
use crate::eol::{self, LfView};
use crate::error::{Error, ErrorCode, Result};
use crate::explain;
use crate::guard::{Check, Guards, Scope};
use crate::matching::{self, Lines};
use crate::message::{parts, Name, Part};
use crate::splice::{Splice, Splices};

/// A `deleteRange` anchor: a whole line of the LF view, or a 1-based line number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Anchor {
    /// A line's text (exact, then trimmed).
    Text(Vec<u8>),
    /// A 1-based line number.
    Line(u64),
}

/// Which of `deleteRange`'s two anchors an error is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Side {
    Start,
    End,
}

impl Side {
    /// How a message names it: in words, which every front-end can show as they are
    /// (the library, the agent tools and the command line each call it differently).
    fn words(self) -> &'static str {
        match self {
            Side::Start => "the start anchor",
            Side::End => "the end anchor",
        }
    }

    /// The argument it is, for the error's `argument`.
    fn argument(self) -> Name {
        match self {
            Side::Start => Name::StartAnchor,
            Side::End => Name::EndAnchor,
        }
    }
}

fn resolve_anchor(lines: &Lines<'_>, anchor: &Anchor, side: Side) -> Result<usize> {
    let who = side.words();
    let found = match anchor {
        Anchor::Line(0) => Err(Error::invalid(format!(
            "{} is a line number, and line numbers start at 1, not 0.",
            capitalize(who)
        ))),
        Anchor::Line(n) if *n as usize > lines.len() => Err(Error::new(
            ErrorCode::AnchorNotFound,
            format!(
                "{}: line {n} does not exist; the file has {} lines.",
                capitalize(who),
                lines.len()
            ),
        )
        .with_lines(if lines.is_empty() {
            Vec::new()
        } else {
            vec![lines.len() as u32]
        })),
        Anchor::Line(n) => Ok(*n as usize - 1),
        Anchor::Text(text) => {
            let lf = eol::to_lf(text);
            let line = lf.strip_suffix(b"\n").unwrap_or(&lf);
            if line.is_empty() {
                Err(Error::invalid(format!(
                    "{} is empty: give a whole line of the file, or a line number.",
                    capitalize(who)
                )))
            } else if line.contains(&b'\n') {
                Err(Error::invalid(format!(
                    "{} must be one line, but it has several.",
                    capitalize(who)
                )))
            } else {
                find_anchor(lines, line, who)
            }
        }
    };
    found.map_err(|e| e.with_argument(side.argument()))
}

/// The one line equal to `line`, exactly, else once both are trimmed.
fn find_anchor(lines: &Lines<'_>, line: &[u8], who: &str) -> Result<usize> {
    let exact: Vec<usize> = (0..lines.len())
        .filter(|&i| lines.line(i) == line)
        .collect();
    let found = if exact.is_empty() {
        let want = matching::trim(line);
        (0..lines.len())
            .filter(|&i| matching::trim(lines.line(i)) == want)
            .collect()
    } else {
        exact
    };
    match found.as_slice() {
        [one] => Ok(*one),
        [] => Err(explain::anchor_not_found(lines, line, who)),
        many => {
            let nums: Vec<u32> = many.iter().map(|&i| i as u32 + 1).collect();
            let list: Vec<String> = nums.iter().map(u32::to_string).collect();
            Err(Error::new(
                ErrorCode::AnchorMultipleMatches,
                format!(
                    "{} {} matches {} lines: {}.",
                    capitalize(who),
                    show_line(line),
                    nums.len(),
                    list.join(", ")
                ),
            )
            .with_lines(nums)
            .with_hint("Use a line that occurs once, or pass the line number instead."))
        }
    }
}

fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(first) => first.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

fn show_line(line: &[u8]) -> String {
    format!("`{}`", String::from_utf8_lossy(line))
}

/// Deletes the lines between two anchors (and the anchors too with `inclusive`).
/// Deleted lines go with their own endings; a file without a final newline keeps
/// having none.
pub fn delete_range(
    source: &[u8],
    start: &Anchor,
    end: &Anchor,
    inclusive: bool,
    label: &str,
) -> Result<Applied> {
    let view = LfView::new(source);
    let lines = Lines::new(view.text());
    let s = resolve_anchor(&lines, start, Side::Start)?;
    let e = resolve_anchor(&lines, end, Side::End)?;
    if e < s {
        return Err(Error::new(
            ErrorCode::AnchorOrder,
            format!(
                "The end anchor (line {}) comes before the start anchor (line {}).",
                e + 1,
                s + 1
            ),
        )
        .with_lines(vec![s as u32 + 1, e as u32 + 1])
        .with_hint("Swap the anchors."));
    }
    let (first, last) = if inclusive {
        (s, e)
    } else {
        (s + 1, e.wrapping_sub(1))
    };
    if e < 1 && !inclusive || first > last {
        return Err(Error::new(
            ErrorCode::EmptyRange,
            format!(
                "There are no lines between line {} and line {}.",
                s + 1,
                e + 1
            ),
        )
        .with_lines(vec![s as u32 + 1, e as u32 + 1])
        .with_hint(parts![
            Part::phrase("set-inclusive", parts!["Set ", Name::Inclusive, " to true"]),
            " to delete the anchor lines themselves."
        ]));
    }
    let mut from = view.to_source(lines.start(first));
    let to = if last + 1 < lines.len() {
        view.to_source(lines.start(last + 1))
    } else {
        source.len()
    };
    if to == source.len() && !lines.has_newline(last) && first > 0 {
        // The last line had no ending: the line before the range becomes the last, so
        // its ending goes too.
        from = view.to_source(lines.content_end(first - 1));
    }
    // A lone CR meeting an LF would read as one CRLF and merge two lines.
    let bytes = if from > 0 && source[from - 1] == b'\r' && source.get(to) == Some(&b'\n') {
        b"\n".to_vec()
    } else {
        Vec::new()
    };
    let splices = Splices::of(vec![Splice {
        start: from,
        end: to,
        bytes,
    }]);
    Ok(Applied::new(source, splices, 1, Vec::new(), label))
}

/// Inserts `text` as whole lines after line `after` (1-based; 0: before the first
/// line). The new lines take the ending of the lines around them, as an edit's added
/// lines do (their strict majority, else the file's dominant ending); one final line
/// break of `text` ends its last line and adds no empty one; a file without a final
/// newline keeps having none. `INVALID_ARGUMENT` (argument `afterLine`, `lines` the
/// file's line count) for a line past the end, and for an empty `text`; `guards` check
/// the new lines as they check an edit's new text.
pub fn insert_lines(
    source: &[u8],
    after: usize,
    text: &[u8],
    guards: Guards,
    label: &str,
) -> Result<Applied> {
    let view = LfView::new(source);
    let lf = view.text();
    let lines = Lines::new(lf);
    let total = lines.len();
    if after > total {
        let count = if total == 1 {
            "1 line".to_string()
        } else {
            format!("{total} lines")
        };
        return Err(Error::invalid(parts![
            Name::AfterLine,
            format!(
                " {after} is past the end of the file, which has {count}: use 0 (the start) to {total} (after the last line)."
            )
        ])
        .with_argument(Name::AfterLine)
        .with_lines(vec![total as u32]));
    }
    if text.is_empty() {
        return Err(
            Error::invalid(parts![Name::Text, " is empty: there is nothing to insert."])
                .with_argument(Name::Text),
        );
    }
    let added = eol::to_lf(text);
    let added = added.strip_suffix(b"\n").unwrap_or(&added);
    // The region is the line before the new ones and the line after (those there are),
    // so that the new lines' ending is chosen as an edit of that region would.
    let first = after.saturating_sub(1);
    let (lf_from, lf_to) = if total == 0 {
        (0, 0)
    } else {
        let last = if after < total { after } else { total - 1 };
        let end = if last + 1 < total {
            lines.start(last + 1)
        } else {
            lf.len()
        };
        (lines.start(first), end)
    };
    let old_lf = &lf[lf_from..lf_to];
    let mut new_lf = Vec::with_capacity(old_lf.len() + added.len() + 2);
    if after >= 1 {
        new_lf.extend_from_slice(lines.line(after - 1));
        new_lf.push(b'\n');
    }
    new_lf.extend_from_slice(added);
    if after < total {
        new_lf.push(b'\n');
        new_lf.extend_from_slice(&lf[lines.start(after)..lf_to]);
    } else if total == 0 || lines.has_newline(total - 1) {
        new_lf.push(b'\n');
    }
    let (from, to) = (view.to_source(lf_from), view.to_source(lf_to));
    let dominant = std::cell::OnceCell::new();
    let file_dominant = || *dominant.get_or_init(|| eol::detect(source));
    let bytes = align::replace_between(
        &source[from..to],
        old_lf,
        &new_lf,
        None,
        &file_dominant,
        from.checked_sub(1).map(|i| source[i]),
        source.get(to).copied(),
    );
    let splice = Splice {
        start: from,
        end: to,
        bytes,
    };
    Check::new(guards, source, label).splice(source, &splice, Scope::Edit)?;
    Ok(Applied::new(
        source,
        Splices::of(vec![splice]),
        1,
        Vec::new(),
        label,
    ))
}
