//! One edit of `applyEdits`: matched in the LF view (or, for an endings-only edit, in
//! the raw bytes), with the messages of a miss, an ambiguous match and no change.

use super::endings::{endings_hint, replace_endings};
use super::Edit;

use crate::align;
use crate::eol::{self, LfView};
use crate::error::{Error, ErrorCode, Result};
use crate::explain;
use crate::matching::{self, Found, LazyLines, Tier};
use crate::message::{parts, Message, Name, Op, Part};
use crate::splice::Splice;

/// Applies one edit: the splices that make the new source, and the tier that found it.
pub(super) fn apply_one(source: &[u8], edit: &Edit, lenient: bool) -> Result<(Vec<Splice>, Tier)> {
    let (old, new) = (&edit.old_text[..], &edit.new_text[..]);
    if old.is_empty() {
        return Err(Error::invalid(parts![
            Name::OldText,
            " is empty. To write a whole file use ",
            Op::WriteFile,
            "; ",
            Part::phrase(
                "insert-text",
                parts![
                    "to insert text, include a neighbouring line in ",
                    Name::OldText,
                    " and ",
                    Name::NewText
                ]
            ),
            "."
        ]));
    }
    if old == new {
        return Err(Error::new(
            ErrorCode::NoChange,
            parts![
                Name::OldText,
                " and ",
                Name::NewText,
                " are the same: nothing to change."
            ],
        )
        .with_hint(endings_hint()));
    }
    if is_endings_only(old, new) {
        let splices = replace_endings(source, old, new, edit.replace_all, false)?;
        return Ok((splices, Tier::Exact));
    }
    let (old_lf, new_lf) = (eol::to_lf(old), eol::to_lf(new));
    let same_text = if old_lf == new_lf {
        NoChange::LineBreaksOnly
    } else {
        NoChange::SameText
    };
    // The exact tier searches the source itself: building the LF view of a large file
    // costs more than the search, and only the lenient tiers need it.
    let has_cr = memchr::memchr(b'\r', source).is_some();
    let in_source = if has_cr {
        matching::find_exact_in_source(source, &old_lf)
    } else {
        matching::find_exact(source, &old_lf)
    };
    if let Some(found) = in_source {
        let plan = plan(
            source,
            Space::Source,
            &found,
            &old_lf,
            &new_lf,
            edit.replace_all,
            found.tier,
            same_text,
        )?;
        return finish(source, plan);
    }
    let view = LfView::new(source);
    let lines = LazyLines::new(view.text());
    let space = Space::Lf(&view, &lines);
    // Without a CR the search in the source was the search in the LF view; with one,
    // it may have given up on repetitive text.
    let exact = if has_cr {
        matching::find_exact(view.text(), &old_lf)
    } else {
        None
    };
    if !lenient {
        let Some(found) = exact else {
            return Err(explain::not_found(lines.get(), &old_lf));
        };
        let plan = plan(
            source,
            space,
            &found,
            &old_lf,
            &new_lf,
            edit.replace_all,
            found.tier,
            same_text,
        )?;
        drop(lines);
        drop(view);
        return finish(source, plan);
    }
    if exact.is_none() {
        if let Some(endings) = escaped_endings_edit(old, new) {
            // A line-ending change written with escapes: applied to the raw bytes
            // like any endings-only edit.
            drop(lines);
            drop(view);
            let splices = replace_endings(source, &endings.0, &endings.1, edit.replace_all, true)?;
            return Ok((splices, Tier::Unescaped));
        }
    }
    let found = exact.or_else(|| matching::find_lenient(view.text(), &lines, &old_lf));
    let plan = if let Some(found) = found {
        plan(
            source,
            space,
            &found,
            &old_lf,
            &new_lf,
            edit.replace_all,
            found.tier,
            same_text,
        )?
    } else if matching::has_literal_escapes(old) {
        // The tiers once more on the unescaped text, in the LF view like any other edit.
        let (u_old, u_new) = (matching::unescape(old), matching::unescape(new));
        let (u_old_lf, u_new_lf) = (eol::to_lf(&u_old), eol::to_lf(&u_new));
        let Some(found) = matching::find(view.text(), &lines, &u_old_lf) else {
            return match numbered(source, space, &old_lf, &new_lf, edit.replace_all) {
                Some(plan) => finish(source, plan),
                None => Err(explain::not_found_escaped(lines.get(), &old_lf, &u_old_lf)),
            };
        };
        let no_change = if is_endings_only(&u_old, &u_new) {
            NoChange::EscapedEndings
        } else {
            NoChange::SameText
        };
        plan(
            source,
            space,
            &found,
            &u_old_lf,
            &u_new_lf,
            edit.replace_all,
            Tier::Unescaped,
            no_change,
        )?
    } else if let Some(plan) = numbered(source, space, &old_lf, &new_lf, edit.replace_all) {
        plan
    } else {
        return Err(explain::not_found(lines.get(), &old_lf));
    };
    // The LF view is as large as the file: let it go before the new content is built.
    drop(lines);
    drop(view);
    finish(source, plan)
}

/// The last tier, `lineNumbers`: when every line of `old_lf` carries the agent tools'
/// `read_file` prefix (`  12│`), the tiers once more on the text without it, and on
/// `new_lf` without it when every line of that has one too. Nothing is read again: the
/// LF view is the one the other tiers searched. `None` when the prefixes are not there
/// or the text without them does not make exactly the change asked for (no match,
/// several without `replace_all`, or no change): the caller then explains `old_lf` as
/// it was given.
fn numbered(
    source: &[u8],
    space: Space<'_, '_>,
    old_lf: &[u8],
    new_lf: &[u8],
    replace_all: bool,
) -> Option<Plan> {
    let Space::Lf(view, lines) = space else {
        return None;
    };
    let old = matching::strip_line_numbers(old_lf)?;
    let new = matching::strip_line_numbers(new_lf).unwrap_or_else(|| new_lf.to_vec());
    let found = matching::find(view.text(), lines, &old)?;
    let plan = plan(
        source,
        space,
        &found,
        &old,
        &new,
        replace_all,
        Tier::LineNumbers,
        NoChange::SameText,
    )
    .ok()?;
    let changes = plan
        .splices
        .iter()
        .any(|s| s.bytes != source[s.start..s.end]);
    changes.then_some(plan)
}

/// An endings-only edit written with escapes (a carriage return as the two characters
/// `\r`): when neither text has a real line break and, unescaped, they differ only in
/// their `\r`s, the unescaped pair.
fn escaped_endings_edit(old: &[u8], new: &[u8]) -> Option<(Vec<u8>, Vec<u8>)> {
    if matching::has_line_break(old)
        || matching::has_line_break(new)
        || !(matching::has_escapes(old) || matching::has_escapes(new))
    {
        return None;
    }
    let (u_old, u_new) = (matching::unescape(old), matching::unescape(new));
    is_endings_only(&u_old, &u_new).then_some((u_old, u_new))
}

/// The splices of a plan, or `NO_CHANGE` when every replacement is what it replaces.
fn finish(source: &[u8], plan: Plan) -> Result<(Vec<Splice>, Tier)> {
    if plan
        .splices
        .iter()
        .all(|s| s.bytes == source[s.start..s.end])
    {
        return Err(plan.no_change.error());
    }
    Ok((plan.splices, plan.tier))
}

/// Where matches were found: in the source itself, or in its LF view.
#[derive(Clone, Copy)]
pub(super) enum Space<'v, 'a> {
    Source,
    Lf(&'v LfView<'a>, &'v LazyLines<'a>),
}

impl Space<'_, '_> {
    fn to_source(self, offset: usize) -> usize {
        match self {
            Space::Source => offset,
            Space::Lf(view, _) => view.to_source(offset),
        }
    }

    /// The 1-based line number of each offset, ascending (one for each offset).
    pub(super) fn lines_of(self, source: &[u8], mut offsets: Vec<usize>) -> Vec<u32> {
        offsets.sort_unstable();
        let out: Vec<u32> = match self {
            Space::Source => {
                // One pass: count the endings between consecutive offsets.
                let (mut line, mut from) = (0, 0);
                offsets
                    .iter()
                    .map(|&o| {
                        line += eol::count_endings(&source[from..o]);
                        from = o;
                        line as u32 + 1
                    })
                    .collect()
            }
            Space::Lf(_, lines) => {
                let lines = lines.get();
                offsets
                    .iter()
                    .map(|&o| lines.line_of(o) as u32 + 1)
                    .collect()
            }
        };
        out
    }
}

/// The replacements an edit makes, worked out while the LF view exists.
struct Plan {
    splices: Vec<Splice>,
    tier: Tier,
    no_change: NoChange,
}

/// Why an edit that matched would leave the file as it is.
#[derive(Clone, Copy)]
enum NoChange {
    /// `newText` reads like the file's text there.
    SameText,
    /// `oldText` and `newText` differ only in how they write line breaks.
    LineBreaksOnly,
    /// They differ only in line endings, written with escapes in one text only.
    EscapedEndings,
}

impl NoChange {
    fn error(self) -> Error {
        match self {
            NoChange::SameText => {
                Error::new(ErrorCode::NoChange, reads_like_new_text()).with_hint(parts![
                    "Check that ",
                    Name::NewText,
                    " really differs from the file's text."
                ])
            }
            NoChange::LineBreaksOnly => {
                Error::new(ErrorCode::NoChange, reads_like_new_text()).with_hint(endings_hint())
            }
            NoChange::EscapedEndings => escaped_endings(),
        }
    }
}

fn reads_like_new_text() -> Message {
    parts![
        "The edit changes nothing: the file already reads like ",
        Name::NewText,
        " there."
    ]
}

/// The `NO_CHANGE` of an endings change written half with escapes: one text has a
/// real line break, the other writes its carriage return as the two characters `\r`,
/// so both read the same in the file's text.
fn escaped_endings() -> Error {
    Error::new(
        ErrorCode::NoChange,
        parts![
            Name::OldText,
            " and ",
            Name::NewText,
            " differ only in line endings, but one of them has real line breaks and the other writes them as escapes (\\r, \\n), so both read the same and nothing would change."
        ],
    )
    .with_hint(endings_hint())
}

/// `old` and `new` differ, and only in their `\r`s: a deliberate line-ending change.
fn is_endings_only(old: &[u8], new: &[u8]) -> bool {
    old != new && eol::strip_cr(old) == eol::strip_cr(new)
}

#[allow(clippy::too_many_arguments)]
fn plan(
    source: &[u8],
    space: Space<'_, '_>,
    found: &Found,
    old_lf: &[u8],
    new_lf: &[u8],
    replace_all: bool,
    tier: Tier,
    no_change: NoChange,
) -> Result<Plan> {
    if found.is_ambiguous() && !replace_all {
        let starts = found
            .matches
            .iter()
            .map(|m| m.start)
            .chain(found.overlapping)
            .collect();
        let at = space.lines_of(source, starts);
        return Err(multiple_matches(&at, tier));
    }
    // The file's dominant ending is a pass over the whole file: only added lines in a
    // region that cannot decide need it.
    let dominant = std::cell::OnceCell::new();
    let file_dominant = || *dominant.get_or_init(|| eol::detect(source));
    let mut splices = Vec::with_capacity(found.matches.len());
    let mut last_written = None;
    let mut copied = 0;
    for m in &found.matches {
        let (start, end) = (space.to_source(m.start), space.to_source(m.end));
        if start > copied {
            last_written = Some(source[start - 1]);
        }
        // An old text whose last line ends with a newline, matched by the file's last
        // line, which has none: the final newline of both texts stands for that missing
        // ending, so the file keeps having no final newline (as a patch keeps it).
        let open_end = end == source.len()
            && old_lf.ends_with(b"\n")
            && !matches!(source.last(), Some(b'\n' | b'\r'));
        let (old_m, new_m) = if open_end {
            (
                &old_lf[..old_lf.len() - 1],
                new_lf.strip_suffix(b"\n").unwrap_or(new_lf),
            )
        } else {
            (old_lf, new_lf)
        };
        let bytes = align::replace_between(
            &source[start..end],
            old_m,
            new_m,
            m.reindent,
            &file_dominant,
            last_written,
            source.get(end).copied(),
        );
        if let Some(&b) = bytes.last() {
            last_written = Some(b);
        }
        splices.push(Splice { start, end, bytes });
        copied = end;
    }
    Ok(Plan {
        splices,
        tier,
        no_change,
    })
}

/// `TEXT_MULTIPLE_MATCHES` for the places that start on `lines` (one entry a place, in
/// order): the message lists each line once, with how many places start on it where
/// that is more than one, so that the count and the list always agree.
pub(super) fn multiple_matches(lines: &[u32], tier: Tier) -> Error {
    // Every line is in the error's `lines`; the message names the first few.
    const SHOWN: usize = 20;
    let count = lines.len();
    let mut on_lines: Vec<(u32, usize)> = Vec::new();
    for &line in lines {
        match on_lines.last_mut() {
            Some((last, n)) if *last == line => *n += 1,
            _ => on_lines.push((line, 1)),
        }
    }
    let mut list: Vec<String> = on_lines
        .iter()
        .take(SHOWN)
        .map(|&(line, n)| match n {
            1 => line.to_string(),
            n => format!("{line} ({n} places)"),
        })
        .collect();
    if on_lines.len() > SHOWN {
        list.push(format!("… ({} lines in all)", on_lines.len()));
    }
    let at = if on_lines.len() == 1 { "line" } else { "lines" };
    let how = if tier == Tier::Exact {
        String::new()
    } else {
        format!(" (matched by the {} tier)", tier.as_str())
    };
    Error::new(
        ErrorCode::TextMultipleMatches,
        parts![
            Name::OldText,
            format!(" matches {count} places{how}, at {at} {}.", list.join(", "))
        ],
    )
    .with_lines(on_lines.iter().map(|&(line, _)| line).collect())
    .with_hint(parts![
        "Add surrounding lines to ",
        Name::OldText,
        " so it matches one place",
        Part::phrase(
            "or-replace-all",
            parts![", or set ", Name::ReplaceAll, " to replace every one"]
        ),
        "."
    ])
}
