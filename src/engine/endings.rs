//! Endings-only edits: the exact bytes of `old_text` become those of `new_text`, in the
//! raw source, never splitting a `\r\n`.

use memchr::memmem;

use super::one::{multiple_matches, Space};

use crate::eol::{self, LfView};
use crate::error::{Error, ErrorCode, Result};
use crate::matching::{Lines, Tier};
use crate::message::{parts, Message, Name, Op, Part};
use crate::splice::Splice;

/// How to change line endings on purpose: every endings message ends with it.
pub(super) fn endings_hint() -> Message {
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
pub(super) fn replace_endings(
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
