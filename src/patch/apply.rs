//! One file's new source from its hunks, on bytes: no I/O.
//!
//! Each hunk's context and removed lines are looked for as whole lines of the file's LF
//! view, from the line after the previous hunk (and after its `@@` anchors), through
//! the tiers of [`matching::find_line_run`] (an envelope's hunks last through
//! `leadingWhitespace`, as Codex matches them). The matched lines, with the ending of the
//! last one, are then rewritten by [`align::replace_with_origins`] exactly as an edit's
//! match is, each new line's origin taken from the hunk itself: a context
//! line keeps its bytes and ending, a changed line (removed, then added in its place)
//! takes the ending of the line it replaces, an added line the region's dominant ending
//! (the file's on a tie). Bytes outside the hunks are never copied into anything but the
//! splices' gaps.
//!
//! Where several places match, a unified diff's line number picks the nearest, an `@@`
//! anchor the first after it; with neither, the hunk is ambiguous
//! (`TEXT_MULTIPLE_MATCHES`). The first `@@` line of a hunk may name a line an earlier
//! hunk already passed (a class repeated for each of its methods' hunks): the search
//! stays where it is. A hunk's only `@@` line, when the file has no such line, is
//! advisory: the hunk goes where its lines are, if that is one place. A hunk with no
//! context and no removed lines goes right after its anchor, at its line number, or
//! else at the end of the file. Added lines at the edge of a unified hunk with no
//! context beyond them (a hunk at line 1 that starts with them, or one with leading
//! context that ends with them) say where the file starts or ends, so the hunk must
//! match there, as with `*** End of File`.
//!
//! The file's final-newline state is kept (deleting a last line that had no ending does
//! not leave the line before it ending the file with one), unless a unified diff's
//! `\ No newline at end of file` changes it on purpose.
//!
//! A unified diff's deletion with hunks is checked the same way ([`check_delete`]): its
//! removed lines are found as an update's are, and must be every line of the file.
//!
//! ```
//! use eol_edit::internals::patch::{apply::update, parse};
//! use eol_edit::internals::eol::Ending;
//!
//! let patch = parse(b"*** Begin Patch\n*** Update File: a\n@@\n one\n-two\n+2\n+2.5\n*** End Patch").unwrap();
//! let source = b"one\r\ntwo\r\nthree\n";
//! let out = update(source, patch.files[0].hunks(), patch.format, &|| Ending::Lf, "a").unwrap();
//! assert_eq!(out.splices.to_vec(source), b"one\r\n2\r\n2.5\r\nthree\n");
//! ```

use std::cell::OnceCell;
use std::ops::Range;

use crate::align::{self, Origin};
use crate::eol::{self, Ending, LfView};
use crate::error::{Error, ErrorCode, Result};
use crate::explain;
use crate::matching::{self, FileLines, Found, LineTiers, Lines, Match, Reindent, Tier, Within};
use crate::message::{parts, Message, Part};
use crate::splice::{Splice, Splices};

use super::{Format, Hunk, Kind, NewContent};

/// From this many hunks on, a file's lines are found through an index of their digests
/// instead of a scan per hunk.
const INDEX_FROM: usize = 4;

/// A file's new source after its hunks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Updated {
    /// The new source, as splices over the old one.
    pub splices: Splices,
    /// The tier that found each hunk (`exact` for a hunk with nothing to find).
    pub matched_by: Vec<Tier>,
    /// True when the new source is byte for byte the old one.
    pub unchanged: bool,
}

/// Applies `hunks`, in order, to `source` (a decoded file). `format` is the patch's
/// (an envelope's hunks match through one more tier); `fallback` is the ending of added
/// lines in a file that has none to go by (its `.editorconfig`/`.gitattributes`
/// ending); `label` names the file in messages. Failures carry `hunkIndex`.
pub fn update(
    source: &[u8],
    hunks: &[Hunk],
    format: Format,
    fallback: &dyn Fn() -> Ending,
    label: &str,
) -> Result<Updated> {
    run(source, hunks, format, fallback, label).map(|(updated, _)| updated)
}

/// [`update`], and the lines (0-based, of the LF view) each hunk's context and removed
/// lines matched.
fn run(
    source: &[u8],
    hunks: &[Hunk],
    format: Format,
    fallback: &dyn Fn() -> Ending,
    label: &str,
) -> Result<(Updated, Vec<Range<usize>>)> {
    let view = LfView::new(source);
    let lines = Lines::new(view.text());
    let file = if hunks.len() >= INDEX_FROM {
        FileLines::indexed(&lines)
    } else {
        FileLines::new(&lines)
    };
    let dominant = OnceCell::new();
    let file_dominant = || {
        *dominant.get_or_init(|| {
            if eol::endings(source).next().is_none() {
                fallback()
            } else {
                eol::detect(source)
            }
        })
    };
    let mut state = State {
        source,
        view: &view,
        lines: &lines,
        file: &file,
        tiers: match format {
            Format::Envelope => LineTiers::Envelope,
            Format::Unified => LineTiers::Edit,
        },
        label,
        splices: Vec::with_capacity(hunks.len()),
        copied: 0,
        last_written: None,
        from: 0,
        drift: 0,
        newline_change: None,
        matched: Vec::with_capacity(hunks.len()),
    };
    let mut matched_by = Vec::with_capacity(hunks.len());
    for (i, hunk) in hunks.iter().enumerate() {
        let tier = state
            .hunk(i, hunk, &file_dominant)
            .map_err(|e| e.with_hunk_index(i))?;
        matched_by.push(tier);
    }
    let State {
        splices,
        newline_change,
        matched,
        ..
    } = state;
    // A file that was empty takes the patch's lines as they come, ended.
    let wanted_newline = newline_change.unwrap_or(source.is_empty() || ends_with_ending(source));
    let splices = fix_final_newline(source, splices, wanted_newline, &file_dominant);
    let unchanged = splices.is_identity(source);
    let updated = Updated {
        splices,
        matched_by,
        unchanged,
    };
    Ok((updated, matched))
}

/// Checks a deletion against the file's current `source`, as git does: a deletion never
/// drops content the patch does not show. A unified diff's deletion with hunks deletes
/// the file only when its removed lines, found as an update's are (through the tiers,
/// in order), are every line of the file; otherwise it is `TEXT_NOT_FOUND`, naming the
/// lines that would go unseen (or, when a hunk is not found, its closest region). A git
/// deletion without hunks whose `index` line names the empty file deletes only an
/// empty file (`old_empty`). `line` is the section's line in the patch; `label` names
/// the file.
pub fn check_delete(
    hunks: &[Hunk],
    old_empty: bool,
    line: usize,
    source: &[u8],
    label: &str,
) -> Result<()> {
    if !hunks.is_empty() {
        return check_removal(source, hunks, label);
    }
    if !old_empty || source.is_empty() {
        return Ok(());
    }
    Err(Error::new(
        ErrorCode::PatchInvalid,
        format!(
            "Invalid patch, line {line}: the section deletes {label} as an empty file (its `index` line names git's empty file), but {label} has {} bytes.",
            source.len()
        ),
    )
    .with_lines(vec![line as u32])
    .with_hint("To delete a file with content, give its lines as removed (`@@ -1,N +0,0 @@`), or use `*** Delete File: PATH`."))
}

/// How many of the lines a deletion would leave unseen its message quotes.
const UNSEEN_QUOTED: usize = 8;

/// How many runs of unseen lines a deletion's message names.
const UNSEEN_RUNS_NAMED: usize = 5;

/// A deletion's hunks (only removed lines) must remove every line of `source`.
fn check_removal(source: &[u8], hunks: &[Hunk], label: &str) -> Result<()> {
    // Only a unified diff's deletions have hunks.
    let (_, matched) = run(source, hunks, Format::Unified, &|| Ending::Lf, label)?;
    let view = LfView::new(source);
    let lines = Lines::new(view.text());
    // The runs of lines no hunk removes; the matches are in file order.
    let mut unseen: Vec<Range<usize>> = Vec::new();
    let mut at = 0;
    for m in &matched {
        if m.start > at {
            unseen.push(at..m.start);
        }
        at = at.max(m.end);
    }
    if at < lines.len() {
        unseen.push(at..lines.len());
    }
    let Some(first) = unseen.first().cloned() else {
        return Ok(());
    };
    let span = |r: &Range<usize>| {
        if r.len() == 1 {
            format!("line {}", r.start + 1)
        } else {
            format!("lines {}-{}", r.start + 1, r.end)
        }
    };
    let mut spans: Vec<String> = unseen.iter().take(UNSEEN_RUNS_NAMED).map(span).collect();
    if unseen.len() > UNSEEN_RUNS_NAMED {
        spans.push(format!("{} more runs", unseen.len() - UNSEEN_RUNS_NAMED));
    }
    let count: usize = unseen.iter().map(Range::len).sum();
    let width = unseen.last().map_or(1, |r| r.end.to_string().len());
    let mut quoted = Vec::new();
    for j in unseen.iter().flat_map(Range::clone).take(UNSEEN_QUOTED) {
        let text = String::from_utf8_lossy(lines.line(j));
        quoted.push(Part::from("\n"));
        quoted.push(Part::Line {
            number: j as u32 + 1,
            width: width as u32,
            text: text.into(),
        });
    }
    if count > UNSEEN_QUOTED {
        quoted.push(Part::from(format!("\n…({} more)", count - UNSEEN_QUOTED)));
    }
    let of = if count == 1 { "a line" } else { "lines" };
    Err(Error::new(
        ErrorCode::TextNotFound,
        parts![
            format!(
                "{label}: the section deletes the file, but its hunks do not remove all of it: the file has {of} the patch does not show ({}), which deleting it would lose. ",
                spans.join(", ")
            ),
            crate::message::as_listed("them"),
            ":"
        ]
        .then(Message::new(quoted)),
    )
    .with_lines((first.start as u32 + 1..=first.end as u32).collect())
    .with_hint(parts![
        crate::message::read_again("Read the file again"),
        ": a deletion's hunks give every line of the file as removed. Or use `*** Delete File: PATH` to delete the file whatever it holds."
    ]))
}

/// The bytes of an added file that did not exist: the patch's own line breaks when it
/// has a real `\r`, else every `\n` as `fallback`.
pub fn new_file(content: &NewContent, fallback: Ending) -> Vec<u8> {
    if content.own_endings || fallback == Ending::Lf {
        content.bytes.clone()
    } else {
        eol::convert(&content.bytes, fallback)
    }
}

fn ends_with_ending(bytes: &[u8]) -> bool {
    matches!(bytes.last(), Some(b'\n' | b'\r'))
}

/// The work on one file while its hunks are applied.
struct State<'s, 'v> {
    source: &'s [u8],
    view: &'v LfView<'s>,
    lines: &'v Lines<'v>,
    /// The same lines as the tiers compare them, shared by every hunk.
    file: &'v FileLines<'v>,
    tiers: LineTiers,
    label: &'v str,
    splices: Vec<Splice>,
    /// Source offset up to which the splices have accounted for the source.
    copied: usize,
    /// The last byte written so far, for a lone `\r` meeting an `\n`.
    last_written: Option<u8>,
    /// First line the next hunk may match.
    from: usize,
    /// Where the last hunk with a line number matched, minus where it said it was.
    drift: i64,
    /// A final newline to add (`true`) or remove (`false`), from a unified diff.
    newline_change: Option<bool>,
    /// The lines each hunk with something to find matched.
    matched: Vec<Range<usize>>,
}

impl State<'_, '_> {
    fn hunk(&mut self, i: usize, hunk: &Hunk, file_dominant: &dyn Fn() -> Ending) -> Result<Tier> {
        let mut anchored = false;
        // A hunk's only `@@` line that names no line of the file.
        let mut missing = None;
        for (a, anchor) in hunk.anchors.iter().enumerate() {
            let line = anchor_line(anchor);
            match self.find_anchor(&line) {
                Anchor::After(at) => {
                    self.from = at + 1;
                    anchored = true;
                }
                // A parent (a class) an earlier hunk is already inside: the search stays
                // where it is, as the model means it.
                Anchor::Passed if a == 0 => anchored = true,
                Anchor::Absent if hunk.headers == 1 && !hunk.old_lines().is_empty() => {
                    missing = Some(line);
                }
                _ => return Err(self.anchor_not_found(i, &line)),
            }
        }
        let missing = missing.as_deref();
        let mut old = hunk.old_lines();
        let mut new = hunk.new_lines();
        let mut origins = origins(hunk, &old);
        if old.is_empty() {
            let n = self.lines.len();
            let at = match (anchored, hunk.hint) {
                (true, _) => self.from,
                (false, Some(hint)) => {
                    (hint.old_start as i64 + self.drift).clamp(self.from as i64, n as i64) as usize
                }
                (false, None) => n,
            };
            self.insert(at, &new, file_dominant);
            if hunk.new_no_newline && at == n {
                // Lines added at the end (to an empty file too) with `\ No newline at end
                // of file` after them.
                self.newline_change = Some(false);
            }
            // The next hunk comes after what was inserted.
            self.from = self.from.max(at);
            return Ok(Tier::Exact);
        }
        let place = place(hunk);
        let mut found = self.search(&old, place);
        if found.is_none() {
            // Blank context lines at the end of a hunk are often only a separator, or the
            // file's final newline written as a line: try without them.
            let blank_tail = hunk
                .lines
                .iter()
                .rev()
                .take_while(|(kind, text)| *kind == Kind::Context && text.is_empty())
                .count();
            for cut in 1..=blank_tail.min(old.len() - 1) {
                if let Some(f) = self.search(&old[..old.len() - cut], place) {
                    old.truncate(old.len() - cut);
                    new.truncate(new.len() - cut);
                    origins.truncate(origins.len() - cut);
                    found = Some(f);
                    break;
                }
            }
        }
        let Some(found) = found else {
            return Err(self.not_found(i, hunk, &old, place, missing));
        };
        let chosen = self.choose(i, hunk, &found, anchored, old.len(), missing)?;
        let p = self.lines.line_of(chosen.start);
        if let Some(hint) = hunk.hint {
            self.drift = p as i64 - (hint.old_start as i64 - 1);
        }
        let last = p + old.len() - 1;
        if hunk.old_no_newline != hunk.new_no_newline && last + 1 == self.lines.len() {
            self.newline_change = Some(hunk.old_no_newline);
        }
        self.replace(p, &old, &new, origins, chosen.reindent, file_dominant);
        self.matched.push(p..p + old.len());
        self.from = p + old.len();
        Ok(found.tier)
    }

    /// Where `old` runs from the current line on, through the tiers, at the place the
    /// hunk must have.
    fn search(&self, old: &[&[u8]], place: Place) -> Option<Found> {
        let within = match place {
            Place::Anywhere => Within::From(self.from),
            Place::Start if self.from == 0 => Within::At(0),
            Place::End if self.from + old.len() <= self.lines.len() => {
                Within::At(self.lines.len() - old.len())
            }
            Place::Start | Place::End => return None,
        };
        matching::find_line_run(self.file, old, within, self.tiers)
    }

    /// The match to use among several: nearest a line number, first after an anchor,
    /// or none (ambiguous).
    fn choose(
        &self,
        i: usize,
        hunk: &Hunk,
        found: &Found,
        anchored: bool,
        k: usize,
        missing: Option<&[u8]>,
    ) -> Result<Match> {
        if !found.is_ambiguous() {
            return Ok(found.matches[0].clone());
        }
        if let Some(hint) = hunk.hint {
            let target = hint.old_start as i64 - 1 + self.drift;
            let mut candidates: Vec<Match> = found.matches.clone();
            if let Some(start) = found.overlapping {
                let p = self.lines.line_of(start);
                candidates.push(Match {
                    start,
                    end: self.lines.content_end(p + k - 1),
                    reindent: found.matches[0].reindent,
                });
            }
            let best = candidates
                .into_iter()
                .min_by_key(|m| ((self.lines.line_of(m.start) as i64 - target).abs(), m.start))
                .expect("a found hunk has a match");
            return Ok(best);
        }
        if anchored {
            return Ok(found.matches[0].clone());
        }
        let mut at: Vec<u32> = found
            .matches
            .iter()
            .map(|m| m.start)
            .chain(found.overlapping)
            .map(|s| self.lines.line_of(s) as u32 + 1)
            .collect();
        at.sort_unstable();
        at.dedup();
        let shown: Vec<String> = at.iter().map(u32::to_string).collect();
        let how = if found.tier == Tier::Exact {
            String::new()
        } else {
            format!(" (matched by the {} tier)", found.tier.as_str())
        };
        Err(Error::new(
            ErrorCode::TextMultipleMatches,
            parts![
                self.hunk_label(i),
                ": its ",
                hunk_lines(),
                format!(
                    " match {} places{how}, at lines {}.",
                    found.matches.len() + usize::from(found.overlapping.is_some()),
                    shown.join(", ")
                ),
                missing_note(missing)
            ],
        )
        .with_lines(at)
        .with_hint(Part::phrase(
            "add-context",
            Message::from("Add context lines around the change, or an `@@` line naming the function or class it is in, so the hunk matches one place."),
        )))
    }

    /// "f.txt, hunk #2": which hunk of which file a message is about, as a phrase (a
    /// front-end that made the patch from blocks of its own names the block alone).
    fn hunk_label(&self, i: usize) -> Part {
        Part::phrase(
            "file-hunk",
            parts![format!("{}, ", self.label), Part::Hunk { index: i as u32 }],
        )
    }

    /// Where an `@@` line stands: after the search's current line, only before it, or
    /// nowhere in the file.
    fn find_anchor(&self, line: &[u8]) -> Anchor {
        let anywhere =
            |from| matching::find_line_run(self.file, &[line], Within::From(from), self.tiers);
        if let Some(found) = anywhere(self.from) {
            return Anchor::After(self.lines.line_of(found.matches[0].start));
        }
        if self.from > 0 && anywhere(0).is_some() {
            return Anchor::Passed;
        }
        Anchor::Absent
    }

    fn anchor_not_found(&self, i: usize, line: &[u8]) -> Error {
        let (closest, lines) = explain::closest_region(self.lines, line, "the @@ line".into());
        let after = if self.from > 0 {
            format!(" after line {}", self.from)
        } else {
            String::new()
        };
        let head = parts![
            self.hunk_label(i),
            format!(
                ": its `@@ {}` line was not found{after}.",
                String::from_utf8_lossy(line),
            )
        ];
        Error::new(ErrorCode::TextNotFound, head.then(closest))
            .with_lines(lines)
            .with_hint(parts![
                "An `@@` line names a whole line of the file (a function or class header) that comes before the hunk; copy it ",
                crate::message::as_listed("it"),
                ", or use a bare `@@`."
            ])
    }

    fn not_found(
        &self,
        i: usize,
        hunk: &Hunk,
        old: &[&[u8]],
        place: Place,
        missing: Option<&[u8]>,
    ) -> Error {
        let where_ = if self.from > 0 {
            format!(" after line {}", self.from)
        } else {
            String::new()
        };
        let eof = match place {
            Place::Anywhere => "",
            Place::Start => " at the start of the file",
            Place::End => " at the end of the file",
        };
        let head = parts![
            self.hunk_label(i),
            ": its ",
            hunk_lines(),
            format!(" were not found{where_}{eof}."),
            missing_note(missing)
        ];
        if self.from > 0 || place != Place::Anywhere {
            if let Some(earlier) =
                matching::find_line_run(self.file, old, Within::From(0), self.tiers)
            {
                let at = self.lines.line_of(earlier.matches[0].start) + 1;
                let ends = at + old.len() - 1 == self.lines.len();
                let why = match place {
                    Place::End if !ends && hunk.end_of_file => {
                        Part::from("but `*** End of File` says they end the file")
                    }
                    Place::End if !ends => {
                        Part::from("but the hunk ends with added lines and no context after them, so it ends the file: the file has changed since the diff was made")
                    }
                    Place::Start if at > 1 => {
                        Part::from("but the hunk starts at line 1 with added lines and no context before them, so it starts the file: the file has changed since the diff was made")
                    }
                    _ => Part::phrase(
                        "hunks-in-order",
                        Message::from("before the previous hunk or its `@@` line; hunks must come in the order of the file"),
                    ),
                };
                return Error::new(
                    ErrorCode::TextNotFound,
                    head.then(parts![format!(" They are at line {at}, "), why, "."]),
                )
                .with_lines(vec![at as u32])
                .with_hint(Part::phrase(
                    "hunk-order",
                    Message::from("Put the hunks in file order, each after the one before, or send them as separate patches."),
                ));
            }
        }
        let (closest, lines) = explain::closest_region(
            self.lines,
            &old.join(&b'\n'),
            Part::phrase("the-hunk", Message::from("the hunk")),
        );
        Error::new(ErrorCode::TextNotFound, head.then(closest))
            .with_lines(lines)
            .with_hint(parts![
                "Copy the ",
                hunk_lines(),
                " exactly ",
                crate::message::as_listed("them"),
                crate::message::no_prefixes(),
                Part::phrase(
                    "line-prefixes",
                    Message::from(", each after its one-character prefix (' ' or '-')")
                ),
                ", and ",
                crate::message::read_again("read the file again"),
                " if it may have changed."
            ])
    }

    /// Replaces the lines from `p` on that the model wrote as `old` with `new`, each
    /// new line coming from where `origins` says.
    fn replace(
        &mut self,
        p: usize,
        old: &[&[u8]],
        new: &[&[u8]],
        mut origins: Vec<Origin>,
        reindent: Option<Reindent>,
        file_dominant: &dyn Fn() -> Ending,
    ) {
        let last = p + old.len() - 1;
        let mut new_lf = new.join(&b'\n');
        let mut end_lf = self.lines.content_end(last);
        // The last line's ending goes with the region, so that a kept last line keeps
        // it and removed lines take theirs with them: an empty line after the others,
        // kept, stands for it.
        let with_ending = if self.lines.has_newline(last) {
            end_lf += 1;
            !new.is_empty()
        } else {
            // A new empty last line needs an ending to be a line at all.
            new.last().is_some_and(|l| l.is_empty())
        };
        if with_ending {
            new_lf.push(b'\n');
            origins.push(Origin::Kept(old.len()));
        } else if new.is_empty() {
            origins.push(Origin::Kept(old.len()));
        }
        let start = self.view.to_source(self.lines.start(p));
        let end = self.view.to_source(end_lf);
        self.splice(start, end, &new_lf, &origins, reindent, file_dominant);
    }

    /// Inserts `new` before line `at` (at the end when `at` is past the last line).
    fn insert(&mut self, at: usize, new: &[&[u8]], file_dominant: &dyn Fn() -> Ending) {
        if new.is_empty() {
            return;
        }
        let text = self.view.text();
        let mut new_lf = new.join(&b'\n');
        let mut origins = vec![Origin::Added; new.len()];
        let start_lf = if at < self.lines.len() {
            self.lines.start(at)
        } else {
            text.len()
        };
        if start_lf == text.len() && !text.is_empty() && text.last() != Some(&b'\n') {
            // After a last line without an ending: it gets one, the new last line none
            // (unless it is empty: then it needs one to be a line at all).
            new_lf.insert(0, b'\n');
            origins.insert(0, Origin::Kept(0));
            if new.last().is_some_and(|l| l.is_empty()) {
                new_lf.push(b'\n');
                origins.push(Origin::Added);
            }
        } else {
            new_lf.push(b'\n');
            origins.push(Origin::Kept(0));
        }
        let start = self.view.to_source(start_lf);
        self.splice(start, start, &new_lf, &origins, None, file_dominant);
    }

    fn splice(
        &mut self,
        start: usize,
        end: usize,
        new_lf: &[u8],
        origins: &[Origin],
        reindent: Option<Reindent>,
        file_dominant: &dyn Fn() -> Ending,
    ) {
        if start > self.copied || self.splices.is_empty() {
            self.last_written = start.checked_sub(1).map(|b| self.source[b]);
        }
        let bytes = align::replace_with_origins(
            &self.source[start..end],
            new_lf,
            origins,
            reindent,
            file_dominant,
            self.last_written,
            self.source.get(end).copied(),
        );
        if let Some(&b) = bytes.last() {
            self.last_written = Some(b);
        }
        self.splices.push(Splice { start, end, bytes });
        self.copied = end;
    }
}

/// "context and removed lines": what a hunk has to be found in the file, which a
/// front-end whose hunks are made of other parts (a SEARCH part) names its way.
fn hunk_lines() -> Part {
    Part::phrase("hunk-lines", Message::from("context and removed lines"))
}

/// An `@@` line's text: its first line in the LF view.
fn anchor_line(anchor: &[u8]) -> Vec<u8> {
    let lf = eol::to_lf(anchor);
    lf.split(|&b| b == b'\n')
        .next()
        .unwrap_or_default()
        .to_vec()
}

/// Where an `@@` line was found.
enum Anchor {
    /// At this line, after the previous hunk.
    After(usize),
    /// Only before where the search is.
    Passed,
    /// Nowhere in the file.
    Absent,
}

/// " Its `@@ X` line is not in the file.", for a hunk placed without its only `@@`
/// line; nothing otherwise.
fn missing_note(missing: Option<&[u8]>) -> Part {
    Part::from(missing.map_or_else(String::new, |line| {
        format!(
            " Its `@@ {}` line is not in the file either.",
            String::from_utf8_lossy(line)
        )
    }))
}

/// Where a hunk's context and removed lines must be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Place {
    /// Anywhere after the previous hunk.
    Anywhere,
    /// At the start of the file.
    Start,
    /// At the end of the file.
    End,
}

/// Where `hunk` must match. `*** End of File` says the end. A unified diff shows the
/// same number of context lines on both sides of a change, fewer only where the file
/// begins or ends, so added lines at the edge of a hunk with no context on that side
/// are at the file's start or end: a hunk whose old range starts at line 1 and whose
/// first lines are added ones starts the file; one with context before its changes
/// whose last lines are added ones ends it. There is nothing else to place such lines
/// by (git reads them so too); a removed line at the edge places itself.
fn place(hunk: &Hunk) -> Place {
    if hunk.end_of_file {
        return Place::End;
    }
    let Some(hint) = hunk.hint else {
        return Place::Anywhere;
    };
    let lines = &hunk.lines;
    let context = |l: &(Kind, Vec<u8>)| l.0 == Kind::Context;
    let (Some(first), Some(last)) = (
        lines.iter().position(context),
        lines.iter().rposition(context),
    ) else {
        return Place::Anywhere;
    };
    let only_added =
        |run: &[(Kind, Vec<u8>)]| !run.is_empty() && run.iter().all(|l| l.0 == Kind::Added);
    if hint.old_start <= 1 && only_added(&lines[..first]) {
        Place::Start
    } else if first == 0 && only_added(&lines[last + 1..]) {
        Place::End
    } else {
        Place::Anywhere
    }
}

/// Where each of a hunk's new lines comes from, as the hunk says: a context line is
/// kept; removed lines followed by added ones are changed in place, pair by pair (an
/// added line equal to the removed one it pairs with counts as kept, as in an edit);
/// the added lines left over are new.
fn origins(hunk: &Hunk, old: &[&[u8]]) -> Vec<Origin> {
    let mut out = Vec::new();
    let mut at = 0;
    let mut removed: Vec<usize> = Vec::new();
    let mut added = 0;
    for (kind, text) in &hunk.lines {
        match kind {
            Kind::Removed if added > 0 => {
                // A removal after additions starts a new change.
                removed.clear();
                added = 0;
                removed.push(at);
                at += 1;
            }
            Kind::Removed => {
                removed.push(at);
                at += 1;
            }
            Kind::Added => {
                out.push(match removed.get(added) {
                    Some(&i) if old[i] == text.as_slice() => Origin::Kept(i),
                    Some(&i) => Origin::Changed(i),
                    None => Origin::Added,
                });
                added += 1;
            }
            Kind::Context => {
                removed.clear();
                added = 0;
                out.push(Origin::Kept(at));
                at += 1;
            }
        }
    }
    out
}

/// Gives the new text the final-newline state `wanted`: removes the ending a deleted
/// last line left on the line before it, or adds or removes one on a diff's request.
fn fix_final_newline(
    source: &[u8],
    splices: Vec<Splice>,
    wanted: bool,
    file_dominant: &dyn Fn() -> Ending,
) -> Splices {
    let splices = Splices::of(splices);
    let tail = splices
        .pieces(source)
        .last()
        .and_then(|p| p.last().copied());
    let has = matches!(tail, Some(b'\n' | b'\r'));
    if tail.is_none() || has == wanted {
        return splices;
    }
    // Rare (a file's last line deleted or its final newline changed): the new text is
    // built whole.
    let mut text = splices.into_vec(source);
    if wanted {
        text.extend_from_slice(file_dominant().as_bytes());
    } else {
        let cut = if text.ends_with(b"\r\n") { 2 } else { 1 };
        // An empty last line cannot go without its ending: it would not be a line.
        if matches!(
            text.len().checked_sub(cut + 1).map(|i| text[i]),
            Some(b'\n' | b'\r') | None
        ) {
            return Splices::whole(text);
        }
        text.truncate(text.len() - cut);
    }
    Splices::whole(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::patch::parse;

    fn envelope(body: &str) -> Vec<Hunk> {
        let text = format!("*** Begin Patch\n*** Update File: f\n{body}\n*** End Patch\n");
        parse(text.as_bytes())
            .unwrap()
            .files
            .remove(0)
            .hunks()
            .to_vec()
    }

    /// `update` of `source` by `hunks`, added lines LF where the file says nothing.
    fn updated(source: &[u8], hunks: &[Hunk], format: Format) -> Result<Updated> {
        update(source, hunks, format, &|| Ending::Lf, "f")
    }

    fn run(source: &str, body: &str) -> Result<String> {
        updated(source.as_bytes(), &envelope(body), Format::Envelope)
            .map(|u| String::from_utf8(u.splices.to_vec(source.as_bytes())).unwrap())
    }

    #[test]
    fn keeps_crlf_on_context_changed_and_added_lines() {
        assert_eq!(
            run("a\r\nb\r\nc\r\n", "@@\n a\n-b\n+B\n+B2\n c").unwrap(),
            "a\r\nB\r\nB2\r\nc\r\n"
        );
    }

    #[test]
    fn keeps_each_line_ending_of_a_mixed_file() {
        assert_eq!(
            run("a\r\nb\nc\r\nd\n", "@@\n a\n-b\n+B\n c\n+x\n d").unwrap(),
            "a\r\nB\nc\r\nx\r\nd\n"
        );
    }

    #[test]
    fn blank_lines_keep_their_endings_as_the_hunk_pairs_them() {
        // The hunk removes the first blank line and keeps the second (CRLF); an LCS of
        // old and new lines could pair the kept one with the first instead.
        assert_eq!(
            run("a 0\n\n\r\na 3\n", "@@\n-a 0\n-\n \n+new 1\n a 3").unwrap(),
            "\r\nnew 1\na 3\n"
        );
    }

    #[test]
    fn keeps_lone_cr_endings() {
        assert_eq!(run("a\rb\rc\r", "@@\n a\n-b\n+B\n c").unwrap(), "a\rB\rc\r");
    }

    #[test]
    fn context_with_trailing_spaces_or_curly_quotes_the_file_lacks_still_matches() {
        assert_eq!(
            run(
                "say(\u{201C}hi\u{201D})\r\nend\r\n",
                "@@\n say(\"hi\")\n-end\n+fin"
            )
            .unwrap(),
            "say(\u{201C}hi\u{201D})\r\nfin\r\n"
        );
        let hunks = envelope("@@\n keep\n-old\n+new");
        let out = updated(b"keep  \r\nold \r\n", &hunks, Format::Envelope).unwrap();
        assert_eq!(out.matched_by, [Tier::TrailingWhitespace]);
        assert_eq!(
            out.splices.to_vec(b"keep  \r\nold \r\n"),
            b"keep  \r\nnew\r\n"
        );
    }

    #[test]
    fn the_search_goes_on_after_the_previous_hunk() {
        // The second hunk's `x` also stands on line 2, before the first hunk ends.
        let src = "a\nx\nb\nx\n";
        assert_eq!(
            run(src, "@@\n a\n-x\n+1\n@@\n-x\n+2").unwrap(),
            "a\n1\nb\n2\n"
        );
    }

    #[test]
    fn an_anchor_picks_the_first_match_after_it() {
        let src = "def a():\n    pass\ndef b():\n    pass\n";
        assert_eq!(
            run(src, "@@ def b():\n-    pass\n+    return 1").unwrap(),
            "def a():\n    pass\ndef b():\n    return 1\n"
        );
    }

    #[test]
    fn an_at_line_an_earlier_hunk_passed_leaves_the_search_where_it_is() {
        // The model repeats the class for each method's hunk.
        let src = "class T:\n    def a():\n        pass\n    def b():\n        pass\n";
        assert_eq!(
            run(src, "@@ class T:\n@@ def a():\n-        pass\n+        return 1\n@@ class T:\n@@ def b():\n-        pass\n+        return 2").unwrap(),
            "class T:\n    def a():\n        return 1\n    def b():\n        return 2\n"
        );
        // Only a hunk's first `@@` line: the ones after it narrow the search forward.
        let e = run(src, "@@ def b():\n-        pass\n+        return 2\n@@ class T:\n@@ def a():\n-        pass\n+        return 1").unwrap_err();
        assert_eq!((e.code, e.hunk_index), (ErrorCode::TextNotFound, Some(1)));
        assert!(
            e.message
                .text()
                .contains("`@@ def a():` line was not found after line 5"),
            "{}",
            e.message
        );
    }

    #[test]
    fn a_hunks_only_at_line_may_name_a_line_the_file_lacks() {
        assert_eq!(run("a\nb\n", "@@ def gone():\n-b\n+B").unwrap(), "a\nB\n");
        // Then the hunk's lines must be one place, and a failure says the line is not there.
        let e = run("x\ny\nx\n", "@@ def gone():\n-x\n+z").unwrap_err();
        assert_eq!(
            (e.code, e.lines.clone()),
            (ErrorCode::TextMultipleMatches, vec![1, 3])
        );
        assert!(
            e.message
                .text()
                .contains("Its `@@ def gone():` line is not in the file either."),
            "{}",
            e.message
        );
        let e = run("a\nb\n", "@@ def gone():\n-c\n+C").unwrap_err();
        assert_eq!(e.code, ErrorCode::TextNotFound);
        assert!(
            e.message
                .text()
                .contains("Its `@@ def gone():` line is not in the file either."),
            "{}",
            e.message
        );
        // Stacked `@@` lines must each be found, and so must one that places added lines.
        for body in [
            "@@ class A\n@@ def gone():\n-b\n+B",
            "@@ gone\n@@\n-b\n+B",
            "@@ gone\n+B",
        ] {
            let e = run("class A\nb\n", body).unwrap_err();
            assert_eq!(e.code, ErrorCode::TextNotFound, "{body}");
            assert!(
                e.message.text().contains("line was not found"),
                "{body}: {}",
                e.message
            );
        }
    }

    #[test]
    fn an_envelope_hunk_matches_lines_each_off_by_its_own_indentation() {
        // Shifted by 4 columns, then by 2: no one shift explains both.
        let src = "def f():\n    a = 1\n        b = 2\n";
        let hunks = envelope("@@\n a = 1\n-      b = 2\n+      b = 3");
        let out = updated(src.as_bytes(), &hunks, Format::Envelope).unwrap();
        assert_eq!(out.matched_by, [Tier::LeadingWhitespace]);
        // Kept lines keep their bytes; the new line is written as the patch has it.
        assert_eq!(
            out.splices.to_vec(src.as_bytes()),
            b"def f():\n    a = 1\n      b = 3\n"
        );
        // A unified diff is read as git reads it: no such tier.
        let e = updated(src.as_bytes(), &hunks, Format::Unified).unwrap_err();
        assert_eq!(e.code, ErrorCode::TextNotFound);
    }

    #[test]
    fn ambiguity_without_a_hint_lists_every_line() {
        let e = run("x\ny\nx\n", "@@\n-x\n+z").unwrap_err();
        assert_eq!(
            (e.code, e.hunk_index),
            (ErrorCode::TextMultipleMatches, Some(0))
        );
        assert_eq!(e.lines, vec![1, 3]);
    }

    #[test]
    fn not_found_names_the_file_the_hunk_and_the_closest_region() {
        let e = run(
            "a\nfn x() {\n\treturn 1;\n}\n",
            "@@\n fn x() {\n-    return 2;\n+    return 3;",
        )
        .unwrap_err();
        assert_eq!((e.code, e.hunk_index), (ErrorCode::TextNotFound, Some(0)));
        assert!(e.message.text().starts_with("f, hunk #1:"), "{}", e.message);
        assert!(e.message.text().contains("lines 2-3"), "{}", e.message);
        assert!(!e.message.text().contains("old_text"), "{}", e.message);
    }

    /// The ids of the phrases in `parts`, nested ones too.
    fn phrase_ids(parts: &[Part]) -> Vec<&'static str> {
        parts
            .iter()
            .flat_map(|p| match p {
                Part::Phrase { id, message } => std::iter::once(*id)
                    .chain(phrase_ids(message.parts()))
                    .collect(),
                _ => Vec::new(),
            })
            .collect()
    }

    #[test]
    fn a_failure_names_its_hunk_and_the_patch_format_as_parts() {
        let e = run("x\nx\n", "@@\n-x\n+y").unwrap_err();
        assert_eq!(e.code, ErrorCode::TextMultipleMatches);
        assert!(e.message.flat().contains(&Part::Hunk { index: 0 }));
        assert_eq!(phrase_ids(e.message.parts()), ["file-hunk", "hunk-lines"]);
        assert_eq!(
            phrase_ids(e.hint.as_ref().unwrap().parts()),
            ["add-context"]
        );
        assert!(e
            .message
            .text()
            .starts_with("f, hunk #1: its context and removed lines match 2 places"));

        let e = run("alpha\nbeta\n", "@@\n-alpha\n-betx\n+r").unwrap_err();
        let hint = e.hint.as_ref().unwrap();
        assert!(
            phrase_ids(e.message.parts()).contains(&"the-hunk"),
            "{}",
            e.message
        );
        assert!(
            phrase_ids(hint.parts()).contains(&"line-prefixes"),
            "{hint}"
        );

        let e = run("a\nb\nc\n", "@@\n-c\n+C\n@@\n-a\n+A").unwrap_err();
        assert!(e.message.flat().contains(&Part::Hunk { index: 1 }));
        assert!(phrase_ids(e.message.parts()).contains(&"hunks-in-order"));
        assert_eq!(phrase_ids(e.hint.as_ref().unwrap().parts()), ["hunk-order"]);
    }

    #[test]
    fn a_hunk_found_only_before_the_previous_one_says_so() {
        let e = run("a\nb\nc\n", "@@\n-c\n+C\n@@\n-a\n+A").unwrap_err();
        assert_eq!((e.code, e.hunk_index), (ErrorCode::TextNotFound, Some(1)));
        assert!(
            e.message.text().contains("order of the file"),
            "{}",
            e.message
        );
    }

    #[test]
    fn a_pure_addition_goes_to_the_end_or_after_its_anchor() {
        assert_eq!(run("a\r\nb\r\n", "@@\n+c").unwrap(), "a\r\nb\r\nc\r\n");
        assert_eq!(run("a\r\nb", "@@\n+c").unwrap(), "a\r\nb\r\nc");
        assert_eq!(run("a\nb\nc\n", "@@ a\n+x").unwrap(), "a\nx\nb\nc\n");
        assert_eq!(run("", "@@\n+x\n+y").unwrap(), "x\ny\n");
    }

    #[test]
    fn nothing_can_follow_a_hunk_appended_at_the_end() {
        let e = run("a\nb\n", "@@\n+c\n@@\n-a\n+A").unwrap_err();
        assert_eq!((e.code, e.hunk_index), (ErrorCode::TextNotFound, Some(1)));
        assert!(
            e.message.text().contains("order of the file"),
            "{}",
            e.message
        );
    }

    #[test]
    fn end_of_file_matches_only_at_the_end() {
        assert_eq!(
            run("x\nx\n", "@@\n-x\n+y\n*** End of File").unwrap(),
            "x\ny\n"
        );
    }

    #[test]
    fn the_final_newline_state_is_kept() {
        // opencode#45912: a file without a final newline gets none.
        assert_eq!(run("l1\nl2\nl3", "@@\n-l1\n+L1").unwrap(), "L1\nl2\nl3");
        // Deleting the last line keeps "no final newline".
        assert_eq!(run("a\r\nb\r\nc", "@@\n b\n-c").unwrap(), "a\r\nb");
        assert_eq!(run("a\r\nb\r\nc", "@@\n-c").unwrap(), "a\r\nb");
        // opencode#42081: a final blank line survives.
        assert_eq!(
            run("alpha\nbeta\n\n", "@@\n-alpha\n+ALPHA").unwrap(),
            "ALPHA\nbeta\n\n"
        );
    }

    #[test]
    fn a_trailing_blank_context_line_the_file_lacks_is_dropped() {
        assert_eq!(run("a\nb", "@@\n-a\n+A\n b\n").unwrap(), "A\nb");
    }

    #[test]
    fn removing_every_line_leaves_an_empty_file() {
        assert_eq!(run("a\r\nb\r\n", "@@\n-a\n-b").unwrap(), "");
        assert_eq!(run("a\r\nb", "@@\n-a\n-b").unwrap(), "");
    }

    #[test]
    fn the_indentation_tier_reindents_added_lines() {
        assert_eq!(
            run(
                "fn a() {\n\tif x {\n\t\ty();\n\t}\n}\n",
                "@@\n if x {\n-    y();\n+    z();\n+    w();\n }"
            )
            .unwrap(),
            "fn a() {\n\tif x {\n\t\tz();\n\t\tw();\n\t}\n}\n"
        );
    }

    #[test]
    fn a_patch_of_many_hunks_finds_what_one_of_few_finds() {
        let mut src = String::new();
        for i in 0..50 {
            src.push_str(&format!("line {}\r\n", i % 7));
        }
        src.push_str("unique\r\n");
        let body = "@@\n line 0\n-unique\n+U\n@@\n+end\n@@\n+end2\n@@\n+end3";
        let out = run(&src, body).unwrap();
        assert!(
            out.ends_with("line 0\r\nU\r\nend\r\nend2\r\nend3\r\n"),
            "{out}"
        );
    }

    #[test]
    fn unified_line_numbers_pick_the_nearest_match() {
        let text = "--- a/f\n+++ b/f\n@@ -3,1 +3,1 @@\n-x\n+y\n";
        let hunks = parse(text.as_bytes())
            .unwrap()
            .files
            .remove(0)
            .hunks()
            .to_vec();
        let out = updated(b"x\nq\nx\nq\nx\n", &hunks, Format::Unified).unwrap();
        assert_eq!(out.splices.to_vec(b"x\nq\nx\nq\nx\n"), b"x\nq\ny\nq\nx\n");
    }

    #[test]
    fn no_newline_markers_change_the_final_newline_on_purpose() {
        let remove =
            "--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n a\n-b\n+b\n\\ No newline at end of file\n";
        let hunks = parse(remove.as_bytes())
            .unwrap()
            .files
            .remove(0)
            .hunks()
            .to_vec();
        let out = updated(b"a\r\nb\r\n", &hunks, Format::Unified).unwrap();
        assert_eq!(out.splices.to_vec(b"a\r\nb\r\n"), b"a\r\nb");
        let add = "--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n";
        let hunks = parse(add.as_bytes())
            .unwrap()
            .files
            .remove(0)
            .hunks()
            .to_vec();
        let out = updated(b"a\r\nb", &hunks, Format::Unified).unwrap();
        assert_eq!(out.splices.to_vec(b"a\r\nb"), b"a\r\nb\r\n");
    }

    #[test]
    fn an_update_that_changes_nothing_says_so() {
        let hunks = envelope("@@\n-a\n+a");
        assert!(updated(b"a\n", &hunks, Format::Envelope).unwrap().unchanged);
    }

    #[test]
    fn added_files_follow_the_patch_or_the_fallback() {
        let lf = NewContent {
            bytes: b"a\nb\n".to_vec(),
            own_endings: false,
        };
        assert_eq!(new_file(&lf, Ending::CrLf), b"a\r\nb\r\n");
        let crlf = NewContent {
            bytes: b"a\r\nb\r\n".to_vec(),
            own_endings: true,
        };
        assert_eq!(new_file(&crlf, Ending::Lf), b"a\r\nb\r\n");
    }
}
