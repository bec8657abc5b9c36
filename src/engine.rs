//! The edit engine on bytes: `applyEdits`, `deleteRange`, `writeFile`'s alignment and
//! `convertEol`, with nothing but matching and alignment.
//!
//! The source is the file's text after the BOM (UTF-8 bytes, not necessarily valid).
//! For each edit: an endings-only edit is applied to the raw bytes; any other edit is
//! matched in the LF view ([`crate::matching`]), mapped back to source offsets, and
//! replaced line by line ([`crate::align`]). Bytes outside a match are copied as they
//! are.
//!
//! ```
//! use eol_edit::internals::engine::{apply_edits, Edit};
//!
//! let source = b"a\r\nb\r\nc\r\nd";
//! let out = apply_edits(source, &[Edit::new("b\nc\nd", "x\ny")], "f").unwrap();
//! assert_eq!(out.content(source), b"a\r\nx\r\ny");
//! ```

use memchr::memmem;

use crate::align;
use crate::diff::{self, Summary};
use crate::eol::{self, Ending, LfView};
use crate::error::{Error, ErrorCode, Result};
use crate::explain;
use crate::guard::{Check, Guards, Scope};
use crate::matching::{self, Found, LazyLines, Lines, Tier};
use crate::message::{parts, Message, Name, Op, Part};
use crate::splice::{Splice, Splices};

/// One edit: replace `old_text` with `new_text` (every occurrence with `replace_all`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Edit {
    /// The text to find, as the model wrote it (UTF-8).
    pub old_text: Vec<u8>,
    /// The text to put in its place.
    pub new_text: Vec<u8>,
    /// Replace every non-overlapping match instead of requiring exactly one.
    pub replace_all: bool,
}

#[cfg(any(test, feature = "internals"))]
impl Edit {
    /// An edit that must match exactly one place.
    pub fn new(old_text: impl Into<Vec<u8>>, new_text: impl Into<Vec<u8>>) -> Self {
        Edit {
            old_text: old_text.into(),
            new_text: new_text.into(),
            replace_all: false,
        }
    }

    /// The same edit, replacing every match.
    pub fn all(mut self) -> Self {
        self.replace_all = true;
        self
    }
}

/// The outcome of a successful change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Applied {
    /// The new source, as splices over the source the change was made from.
    pub splices: Splices,
    /// How many places were replaced, over all edits.
    pub replacements: u32,
    /// For each edit, the tier that found it.
    pub matched_by: Vec<Tier>,
    /// First changed line of the new content, 1-based.
    pub start_line: u32,
    /// Last changed line of the new content, 1-based.
    pub end_line: u32,
    /// Unified diff of the LF views.
    pub diff: String,
    /// The endings of the new source, and the warning when the change mixed them.
    pub eol: eol::Report,
}

impl Applied {
    fn new(
        source: &[u8],
        splices: Splices,
        replacements: u32,
        matched_by: Vec<Tier>,
        label: &str,
    ) -> Self {
        let Summary {
            start_line,
            end_line,
            diff,
        } = diff::summarize(source, &splices, label);
        Applied {
            eol: eol::report(source, splices.pieces(source)),
            splices,
            replacements,
            matched_by,
            start_line,
            end_line,
            diff,
        }
    }

    /// The new source in one buffer; `source` is the one the change was made from.
    #[cfg(any(test, feature = "internals"))]
    pub fn content(&self, source: &[u8]) -> Vec<u8> {
        self.splices.to_vec(source)
    }
}

/// How to change line endings on purpose: every endings message ends with it.
fn endings_hint() -> Message {
    parts![
        "To change line endings on purpose, give ",
        Name::OldText,
        " and ",
        Name::NewText,
        " that differ only in their line endings (",
        Name::OldText,
        " \"a\\r\\nb\" and ",
        Name::NewText,
        " \"a\\nb\" turn one CRLF into LF)",
        Part::phrase("or-convert-eol", parts![", or use ", Op::ConvertEol]),
        "."
    ]
}

/// Applies `edits` in order, each on the result of the one before, every tier allowed
/// and no guard (see [`apply_edits_with`]). `label` names the file in the diff.
#[cfg(any(test, feature = "internals"))]
pub fn apply_edits(source: &[u8], edits: &[Edit], label: &str) -> Result<Applied> {
    apply_edits_with(source, edits, Guards::none(), true, label)
}

/// Applies `edits` in order, each on the result of the one before, each edit's new
/// text checked by `guards` ([`crate::guard`]), the lenient tiers (everything but an
/// exact match in the LF view) only when `lenient`. The first failing edit fails the
/// whole call, with its `editIndex`. `label` names the file in the diff and, for the
/// guards, its language.
pub fn apply_edits_with(
    source: &[u8],
    edits: &[Edit],
    guards: Guards,
    lenient: bool,
    label: &str,
) -> Result<Applied> {
    if edits.is_empty() {
        return Err(
            Error::invalid(parts![Name::Edits, " is empty: give at least one edit."])
                .with_argument(Name::Edits),
        );
    }
    // Every edit but the last is joined into a text the next one searches; the last
    // one's splices stay splices.
    let mut current: Option<Vec<u8>> = None;
    let mut last = Vec::new();
    let mut replacements = 0;
    let mut matched_by = Vec::with_capacity(edits.len());
    for (index, edit) in edits.iter().enumerate() {
        if index > 0 {
            let text = current.as_deref().unwrap_or(source);
            current = Some(Splices::of(std::mem::take(&mut last)).to_vec(text));
        }
        let text = current.as_deref().unwrap_or(source);
        let (splices, tier) = apply_one(text, edit, lenient)
            .and_then(|(splices, tier)| {
                // Each edit's text against the file as the edits before it left it; the
                // control characters the file had are the original's.
                let mut check = Check::new(guards, source, label);
                for splice in &splices {
                    check.splice(text, splice, Scope::Edit)?;
                }
                Ok((splices, tier))
            })
            .map_err(|e| e.in_edit(index, edits.len()))?;
        replacements += splices.len() as u32;
        matched_by.push(tier);
        last = splices;
    }
    let splices = match current {
        None => Splices::of(last),
        Some(base) => Splices::over(base, last),
    };
    // One edit that succeeded changed something; several may cancel out.
    if edits.len() > 1 && splices.is_identity(source) {
        return Err(Error::new(
            ErrorCode::NoChange,
            "The edits cancel out: the file would stay exactly as it is.",
        ));
    }
    Ok(Applied::new(
        source,
        splices,
        replacements,
        matched_by,
        label,
    ))
}

/// Applies one edit: the splices that make the new source, and the tier that found it.
fn apply_one(source: &[u8], edit: &Edit, lenient: bool) -> Result<(Vec<Splice>, Tier)> {
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
enum Space<'v, 'a> {
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
    fn lines_of(self, source: &[u8], mut offsets: Vec<usize>) -> Vec<u32> {
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
        let bytes = align::replace_between(
            &source[start..end],
            old_lf,
            new_lf,
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
fn multiple_matches(lines: &[u32], tier: Tier) -> Error {
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

/// A position that falls between the `\r` and `\n` of one ending.
fn splits_crlf(source: &[u8], p: usize) -> bool {
    p > 0 && p < source.len() && source[p - 1] == b'\r' && source[p] == b'\n'
}

/// Every place `needle` occurs in `source` without splitting a `\r\n`.
fn raw_occurrences(source: &[u8], needle: &[u8]) -> Vec<usize> {
    if needle.is_empty() {
        // Nothing to find (an endings-only edit to empty text): not "everywhere".
        return Vec::new();
    }
    let finder = memmem::Finder::new(needle);
    let mut out = Vec::new();
    let mut pos = 0;
    while let Some(at) = finder.find(&source[pos..]) {
        let start = pos + at;
        if !splits_crlf(source, start) && !splits_crlf(source, start + needle.len()) {
            out.push(start);
            pos = start + needle.len();
        } else {
            pos = start + 1;
        }
    }
    out
}

/// The endings-only path: `old`'s exact bytes become `new`'s exact bytes. `escaped`:
/// the texts were written with escapes, which the messages then say were undone.
fn replace_endings(
    source: &[u8],
    old: &[u8],
    new: &[u8],
    replace_all: bool,
    escaped: bool,
) -> Result<Vec<Splice>> {
    // What the two texts are, the start of every message here.
    let read = || {
        let head = if escaped {
            parts!["Read with their escapes (\\r, \\n) as line endings, "]
        } else {
            parts![]
        };
        head.then(parts![
            Name::OldText,
            " and ",
            Name::NewText,
            " differ only in line endings"
        ])
    };
    let at = raw_occurrences(source, old);
    if at.is_empty() {
        if !raw_occurrences(source, new).is_empty() {
            return Err(Error::new(
                ErrorCode::NoChange,
                read().then(parts![
                    ", and the file already has the endings ",
                    Name::NewText,
                    " asks for."
                ]),
            )
            .with_hint(endings_hint()));
        }
        let view = LfView::new(source);
        let lines = Lines::new(view.text());
        let old_lf = eol::to_lf(old);
        let message = match memmem::find(view.text(), &old_lf) {
            Some(p) => parts![
                ", but ",
                Name::OldText,
                format!(
                    " was not found with the line endings it gives. The text is at line {}, but its line endings there differ from ",
                    lines.line_of(p) + 1
                ),
                Name::OldText,
                "'s."
            ],
            None => parts![
                ", but ",
                Name::OldText,
                " was not found in the file, with or without its line endings."
            ],
        };
        return Err(
            Error::new(ErrorCode::TextNotFound, read().then(message)).with_hint(endings_hint())
        );
    }
    if at.len() > 1 && !replace_all {
        let lines = Space::Source.lines_of(source, at.clone());
        let tier = if escaped {
            Tier::Unescaped
        } else {
            Tier::Exact
        };
        return Err(multiple_matches(&lines, tier));
    }
    Ok(at
        .into_iter()
        .map(|p| Splice {
            start: p,
            end: p + old.len(),
            bytes: new.to_vec(),
        })
        .collect())
}

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

/// How `writeFile` treats line endings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WriteEol {
    /// Keep the file's conventions: align with the old lines as an edit does, so every
    /// kept line keeps its ending.
    Preserve,
    /// Write every ending as this one.
    Force(Ending),
}

/// The bytes `writeFile` puts in a file that had `old` (its source) for new `content`.
/// `fallback` gives the ending for new lines when neither `old` nor `content` has an
/// ending to go by: the `.editorconfig`/`.gitattributes` choice, else `\n`. It is only
/// called then (it reads settings files).
///
/// A new (or empty) file whose content has real `\r\n` or lone `\r` endings is written
/// with them as they are: the caller chose them. Content with plain `\n` takes
/// `fallback`.
pub fn write_over(
    old: Option<&[u8]>,
    content: &[u8],
    mode: WriteEol,
    fallback: impl FnOnce() -> Ending,
) -> Vec<u8> {
    let chose_endings = memchr::memchr(b'\r', content).is_some();
    match (mode, old) {
        (WriteEol::Force(ending), _) => eol::convert(content, ending),
        (WriteEol::Preserve, None) | (WriteEol::Preserve, Some(b"")) if chose_endings => {
            content.to_vec()
        }
        (WriteEol::Preserve, None) => eol::convert(content, fallback()),
        (WriteEol::Preserve, Some(old)) => {
            let info = eol::info(old);
            let dominant = if info.lf + info.crlf + info.cr > 0 {
                info.dominant
            } else if chose_endings {
                eol::detect(content)
            } else {
                fallback()
            };
            align::replace(old, &eol::to_lf(old), &eol::to_lf(content), None, dominant)
        }
    }
}

/// `writeFile`'s result for an existing file or a new one.
pub fn write(
    old: Option<&[u8]>,
    content: &[u8],
    mode: WriteEol,
    fallback: impl FnOnce() -> Ending,
    label: &str,
) -> Applied {
    let new = write_over(old, content, mode, fallback);
    let replacements = u32::from(old != Some(new.as_slice()));
    Applied::new(
        old.unwrap_or(b""),
        Splices::whole(new),
        replacements,
        Vec::new(),
        label,
    )
}

/// Converts every ending to `to`; `NO_CHANGE` when there is nothing to convert.
pub fn convert_eol(source: &[u8], to: Ending, label: &str) -> Result<Applied> {
    let content = eol::convert(source, to);
    if content == source {
        let message = if eol::endings(source).next().is_none() {
            "The file has no line endings: nothing to convert.".to_string()
        } else {
            format!(
                "Every line ending is already {}: nothing to convert.",
                to.name()
            )
        };
        return Err(Error::new(ErrorCode::NoChange, message));
    }
    let count = eol::endings(source).filter(|(_, e)| *e != to).count() as u32;
    Ok(Applied::new(
        source,
        Splices::whole(content),
        count,
        Vec::new(),
        label,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edit(src: &str, old: &str, new: &str) -> Result<String> {
        apply_edits(src.as_bytes(), &[Edit::new(old, new)], "f")
            .map(|a| String::from_utf8(a.content(src.as_bytes())).unwrap())
    }

    #[test]
    fn seed_000_crlf_file_with_lf_old_text_keeps_crlf() {
        assert_eq!(
            edit("line one\r\nfoo bar\r\nline three", "foo bar", "baz qux").unwrap(),
            "line one\r\nbaz qux\r\nline three"
        );
        assert_eq!(
            edit("a\r\nb\r\nc\r\nd", "b\nc\nd", "x\ny").unwrap(),
            "a\r\nx\r\ny"
        );
    }

    #[test]
    fn seed_003_mixed_endings_are_kept_byte_for_byte() {
        assert_eq!(
            edit("head\r\nAAA OLD BBB\ntail\n", "OLD", "NEW").unwrap(),
            "head\r\nAAA NEW BBB\ntail\n"
        );
        assert_eq!(
            edit(
                "one\r\ntwo\r\nthree\nfour\r\n",
                "o\nthree\nfo",
                "O\nTHREE\nFO"
            )
            .unwrap(),
            "one\r\ntwO\r\nTHREE\nFOur\r\n"
        );
    }

    #[test]
    fn endings_only_edits_convert_both_ways() {
        assert_eq!(edit("a\r\nb\r\n", "a\r\nb", "a\nb").unwrap(), "a\nb\r\n");
        assert_eq!(
            edit("a\nb\n", "a\nb\n", "a\r\nb\r\n").unwrap(),
            "a\r\nb\r\n"
        );
        let e = edit("a\r\nb\r\n", "a\nb", "a\r\nb").unwrap_err();
        assert_eq!(e.code, ErrorCode::NoChange);
        assert!(e.full_message().contains("convert_eol"));
        assert!(e
            .hint
            .unwrap()
            .flat()
            .contains(&crate::message::Part::Op(Op::ConvertEol)));
    }

    #[test]
    fn endings_only_lf_never_matches_inside_crlf() {
        let out = apply_edits(b"a\r\nb\nc\r\n", &[Edit::new("\n", "\r\n").all()], "f").unwrap();
        assert_eq!(out.content(b"a\r\nb\nc\r\n"), b"a\r\nb\r\nc\r\n");
        assert_eq!(out.replacements, 1);
    }

    #[test]
    fn literal_escapes_from_a_model_are_unescaped() {
        assert_eq!(edit("a\r\nb\r\n", "a\\nb", "a\\nB").unwrap(), "a\r\nB\r\n");
        assert_eq!(
            edit(
                "let s = `${x}`;\n",
                "let s = `\\${x}`;",
                "let s = `\\${y}`;"
            )
            .unwrap(),
            "let s = `${y}`;\n"
        );
    }

    #[test]
    fn an_endings_change_written_with_escapes_is_applied_to_the_bytes() {
        let out = apply_edits(b"a\r\nb\r\n", &[Edit::new("a\\r\\nb", "a\\nb")], "f").unwrap();
        assert_eq!(out.content(b"a\r\nb\r\n"), b"a\nb\r\n");
        assert_eq!(out.matched_by, vec![Tier::Unescaped]);
        let all = apply_edits(b"a\r\nb\r\nc", &[Edit::new("\\r\\n", "\\n").all()], "f").unwrap();
        assert_eq!(all.content(b"a\r\nb\r\nc"), b"a\nb\nc");
        assert_eq!(all.replacements, 2);
        let to_crlf = apply_edits(b"a\nb\n", &[Edit::new("a\\nb", "a\\r\\nb")], "f").unwrap();
        assert_eq!(to_crlf.content(b"a\nb\n"), b"a\r\nb\n");
    }

    #[test]
    fn an_escaped_endings_change_the_file_already_has_is_no_change() {
        let e = edit("a\nb\n", "a\\r\\nb", "a\\nb").unwrap_err();
        assert_eq!(e.code, ErrorCode::NoChange);
        assert!(e.message.text().contains("escapes"), "{}", e.message);
        let e = edit("x\ny\n", "a\\r\\nb", "a\\nb").unwrap_err();
        assert_eq!(e.code, ErrorCode::TextNotFound);
    }

    #[test]
    fn line_number_prefixes_copied_from_read_file_are_taken_off_as_a_last_tier() {
        let src = b"fn a() {\r\n    one();\r\n}\r\n";
        let old = "  1\u{2502}fn a() {\n  2\u{2502}    one();";
        let new = "  1\u{2502}fn a() {\n  2\u{2502}    two();";
        let out = apply_edits(src, &[Edit::new(old, new)], "f").unwrap();
        assert_eq!(out.content(src), b"fn a() {\r\n    two();\r\n}\r\n");
        assert_eq!(out.matched_by, vec![Tier::LineNumbers]);
        // New lines written without the prefix are taken as they are.
        let out = apply_edits(src, &[Edit::new(old, "fn a() {\n    two();")], "f").unwrap();
        assert_eq!(out.content(src), b"fn a() {\r\n    two();\r\n}\r\n");
    }

    #[test]
    fn line_number_prefixes_in_the_file_itself_are_matched_as_they_are() {
        let src = "  1\u{2502}a\n  2\u{2502}b\n".as_bytes();
        let out = apply_edits(src, &[Edit::new("  2\u{2502}b", "  2\u{2502}B")], "f").unwrap();
        assert_eq!(out.matched_by, vec![Tier::Exact]);
        assert_eq!(out.content(src), "  1\u{2502}a\n  2\u{2502}B\n".as_bytes());
    }

    #[test]
    fn without_the_prefixes_not_found_either_is_explained_as_written() {
        let src = b"alpha\nbeta\n";
        let e = apply_edits(src, &[Edit::new("1\u{2502}gamma", "x")], "f").unwrap_err();
        assert_eq!(e.code, ErrorCode::TextNotFound);
        // A line without a prefix: the tier does not apply.
        let e = apply_edits(src, &[Edit::new("1\u{2502}alpha\nbeta", "x")], "f").unwrap_err();
        assert_eq!(e.code, ErrorCode::TextNotFound);
        // Without the prefix the edit changes nothing: still the text as written was
        // not found.
        let e = apply_edits(src, &[Edit::new("1\u{2502}alpha", "alpha")], "f").unwrap_err();
        assert_eq!(e.code, ErrorCode::TextNotFound);
    }

    #[test]
    fn literal_escapes_that_are_in_the_file_are_matched_as_they_are() {
        // The exact tier decides first: a file holding the four characters \r\n.
        let src = "s = \"a\\r\\nb\";\n";
        assert_eq!(
            edit(src, "\"a\\r\\nb\"", "\"a\\nb\"").unwrap(),
            "s = \"a\\nb\";\n"
        );
    }

    #[test]
    fn escapes_in_one_text_and_real_line_breaks_in_the_other_are_no_change() {
        let e = edit("a\r\nb\r\n", "a\\r\\nb", "a\nb").unwrap_err();
        assert_eq!(e.code, ErrorCode::NoChange);
        assert!(e.message.text().contains("escapes"), "{}", e.message);
    }

    #[test]
    fn an_endings_only_edit_to_empty_text_is_not_found() {
        assert_eq!(
            edit("abc\n", "\r", "").unwrap_err().code,
            ErrorCode::TextNotFound
        );
        assert_eq!(
            edit("", "\r", "").unwrap_err().code,
            ErrorCode::TextNotFound
        );
    }

    #[test]
    fn ambiguity_lists_every_line() {
        let e = edit("x\ny\nx\n", "x", "z").unwrap_err();
        assert_eq!(e.code, ErrorCode::TextMultipleMatches);
        assert_eq!(e.lines, vec![1, 3]);
        let all = apply_edits(b"x\r\ny\r\nx\r\n", &[Edit::new("x", "z").all()], "f").unwrap();
        assert_eq!(all.content(b"x\r\ny\r\nx\r\n"), b"z\r\ny\r\nz\r\n");
        assert_eq!(all.replacements, 2);
    }

    #[test]
    fn the_count_of_places_and_the_lines_listed_agree_when_a_line_has_several() {
        let e = edit("x x x\ny\ny\ny\nx x x\n", "x", "z").unwrap_err();
        assert_eq!(e.code, ErrorCode::TextMultipleMatches);
        assert!(
            e.message()
                .to_string()
                .starts_with("old_text matches 6 places, at lines 1 (3 places), 5 (3 places)."),
            "{e}"
        );
        assert_eq!(e.lines, vec![1, 5]);
        // Overlapping places on one line: two places, one line.
        let e = edit("aaa\n", "aa", "z").unwrap_err();
        assert!(
            e.message()
                .to_string()
                .starts_with("old_text matches 2 places, at line 1 (2 places)."),
            "{e}"
        );
        // The endings-only path counts the same way.
        let e = edit("a\r\na\r\n", "a\r\n", "a\n").unwrap_err();
        assert!(
            e.message()
                .to_string()
                .starts_with("old_text matches 2 places, at lines 1, 2."),
            "{e}"
        );
    }

    #[test]
    fn empty_old_text_and_no_ops_are_refused() {
        assert_eq!(
            edit("a", "", "b").unwrap_err().code,
            ErrorCode::InvalidArgument
        );
        assert_eq!(edit("a", "a", "a").unwrap_err().code, ErrorCode::NoChange);
        assert_eq!(
            edit("a  \nb", "a\nb", "a\nb").unwrap_err().code,
            ErrorCode::NoChange
        );
    }

    #[test]
    fn multi_edit_failure_names_the_edit() {
        let e = apply_edits(
            b"a\nb\nc\n",
            &[
                Edit::new("a", "A"),
                Edit::new("zzz", "y"),
                Edit::new("c", "C"),
            ],
            "f",
        )
        .unwrap_err();
        assert_eq!((e.code, e.edit_index), (ErrorCode::TextNotFound, Some(1)));
        let text = e.message.to_string();
        assert!(
            text.starts_with("edit #2 of 3 (edits[1]) failed: old_text was not found"),
            "{text}"
        );
        // One edit is the call itself: its message names no edit.
        let one = apply_edits(b"a\n", &[Edit::new("zzz", "y")], "f").unwrap_err();
        let one = one.message.to_string();
        assert!(one.starts_with("old_text was not found"), "{one}");
    }

    #[test]
    fn delete_range_is_exclusive_by_default_and_keeps_endings() {
        let src = b"start\r\nx\ny\r\nend\r\n";
        let out = delete_range(
            src,
            &Anchor::Text(b"start".to_vec()),
            &Anchor::Text(b"end".to_vec()),
            false,
            "f",
        )
        .unwrap();
        assert_eq!(out.content(src), b"start\r\nend\r\n");
        let inc = delete_range(src, &Anchor::Line(2), &Anchor::Line(4), true, "f").unwrap();
        assert_eq!(inc.content(src), b"start\r\n");
        let e = delete_range(src, &Anchor::Line(2), &Anchor::Line(3), false, "f").unwrap_err();
        assert_eq!(e.code, ErrorCode::EmptyRange);
        let e = delete_range(src, &Anchor::Line(3), &Anchor::Line(1), false, "f").unwrap_err();
        assert_eq!(e.code, ErrorCode::AnchorOrder);
    }

    #[test]
    fn a_missing_anchor_quotes_the_closest_line_as_read_file_shows_it() {
        let src = b"int Add(int a, int b)\r\n{\r\n    return a + b;\r\n}\r\n";
        let e = delete_range(
            src,
            &Anchor::Text(b"int Add(int x, int y)".to_vec()),
            &Anchor::Line(4),
            true,
            "f",
        )
        .unwrap_err();
        assert_eq!(e.code, ErrorCode::AnchorNotFound);
        assert_eq!(e.lines, vec![1], "{}", e.message);
        assert_eq!(e.argument.as_ref().map(|a| a.id()), Some("startAnchor"));
        assert!(
            e.message.text().starts_with(
                "The start anchor `int Add(int x, int y)` is not a line of the file. \
                 The closest is line 1 ("
            ),
            "{}",
            e.message
        );
        assert!(
            e.message
                .text()
                .contains("as read_file shows it:\n1\u{2502}int Add(int a, int b)"),
            "{}",
            e.message
        );
        assert!(!e.message.text().contains("startAnchor"), "{}", e.message);
        assert!(e.hint.is_some());
    }

    #[test]
    fn a_missing_anchor_names_what_differs_on_the_closest_line() {
        let src = "a\n    say(\u{201C}hi\u{201D});  \nb\n".as_bytes();
        let e = delete_range(
            src,
            &Anchor::Line(1),
            &Anchor::Text(b"say(\"hi\");".to_vec()),
            true,
            "f",
        )
        .unwrap_err();
        assert_eq!(e.code, ErrorCode::AnchorNotFound);
        assert_eq!(e.lines, vec![2], "{}", e.message);
        assert_eq!(e.argument.as_ref().map(|a| a.id()), Some("endAnchor"));
        // Indentation and trailing spaces never fail an anchor, so they are not named.
        assert!(!e.message.text().contains("indent"), "{}", e.message);
        assert!(!e.message.text().contains("trailing"), "{}", e.message);
        assert!(
            e.message
                .text()
                .contains("line 2: the file has '\u{201C}' (U+201C) where the anchor has '\"'"),
            "{}",
            e.message
        );
    }

    #[test]
    fn a_missing_anchor_names_a_second_line_nearly_as_close() {
        // Far apart, as two functions of a file are.
        let middle = "let x = 1;\n".repeat(10);
        let src = format!("fn alpha_a() {{}}\n{middle}fn alpha_b() {{}}\n");
        let src = src.as_bytes();
        let e = delete_range(
            src,
            &Anchor::Text(b"fn alpha_c() {}".to_vec()),
            &Anchor::Line(12),
            true,
            "f",
        )
        .unwrap_err();
        assert_eq!(e.lines, vec![1, 12], "{}", e.message);
        assert!(
            e.message.text().contains("Line 12 is nearly as close"),
            "{}",
            e.message
        );
        assert!(
            e.message.text().contains("12\u{2502}fn alpha_b() {}"),
            "{}",
            e.message
        );
    }

    #[test]
    fn a_missing_anchor_far_from_every_line_says_so() {
        let e = delete_range(
            b"alpha\nbeta\n",
            &Anchor::Text(b"zzzz qqqq".to_vec()),
            &Anchor::Line(2),
            true,
            "f",
        )
        .unwrap_err();
        assert_eq!(e.code, ErrorCode::AnchorNotFound);
        assert!(e.lines.is_empty());
        assert!(
            e.message.text().contains("No line of the file is close"),
            "{}",
            e.message
        );
    }

    #[test]
    fn anchor_errors_name_the_anchor_in_words_and_as_an_argument() {
        let src = b"a\nb\na\n";
        let e = delete_range(
            src,
            &Anchor::Text(b"a".to_vec()),
            &Anchor::Line(3),
            true,
            "f",
        )
        .unwrap_err();
        assert_eq!(e.code, ErrorCode::AnchorMultipleMatches);
        assert!(
            e.message
                .text()
                .starts_with("The start anchor `a` matches 2 lines"),
            "{}",
            e.message
        );
        assert_eq!(e.argument.as_ref().map(|a| a.id()), Some("startAnchor"));
        let e = delete_range(src, &Anchor::Line(1), &Anchor::Line(9), true, "f").unwrap_err();
        assert_eq!(e.code, ErrorCode::AnchorNotFound);
        assert_eq!(
            e.message.text(),
            "The end anchor: line 9 does not exist; the file has 3 lines."
        );
        assert_eq!(
            (e.lines.clone(), e.argument.as_ref().map(|a| a.id())),
            (vec![3], Some("endAnchor"))
        );
        let e = delete_range(src, &Anchor::Line(0), &Anchor::Line(2), true, "f").unwrap_err();
        assert_eq!(e.code, ErrorCode::InvalidArgument);
        assert_eq!(e.argument.as_ref().map(|a| a.id()), Some("startAnchor"));
        let e = delete_range(src, &Anchor::Line(2), &Anchor::Line(1), true, "f").unwrap_err();
        assert_eq!(
            e.message.text(),
            "The end anchor (line 1) comes before the start anchor (line 2)."
        );
    }

    #[test]
    fn delete_range_to_the_end_keeps_no_final_newline() {
        let out = delete_range(
            b"a\r\nb\r\nc",
            &Anchor::Line(2),
            &Anchor::Line(3),
            true,
            "f",
        )
        .unwrap();
        assert_eq!(out.content(b"a\r\nb\r\nc"), b"a");
    }

    #[test]
    fn write_over_keeps_each_kept_line_ending() {
        let out = write_over(
            Some(b"a\r\nb\nc\r\n"),
            b"a\nb\nX\nc\n",
            WriteEol::Preserve,
            || unreachable!("the file's own endings decide"),
        );
        assert_eq!(out, b"a\r\nb\nX\r\nc\r\n");
        assert_eq!(
            write_over(None, b"a\nb\n", WriteEol::Preserve, || Ending::CrLf),
            b"a\r\nb\r\n"
        );
        assert_eq!(
            write_over(
                Some(b"a\r\n"),
                b"x\ny\n",
                WriteEol::Force(Ending::Lf),
                || unreachable!("a forced ending needs no settings")
            ),
            b"x\ny\n"
        );
    }

    #[test]
    fn convert_eol_refuses_a_no_op() {
        assert_eq!(
            convert_eol(b"a\nb\n", Ending::Lf, "f").unwrap_err().code,
            ErrorCode::NoChange
        );
        assert_eq!(
            convert_eol(b"a\r\nb\rc\n", Ending::CrLf, "f")
                .unwrap()
                .content(b"a\r\nb\rc\n"),
            b"a\r\nb\r\nc\r\n"
        );
    }
}
