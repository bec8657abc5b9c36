//! Which characters of a changed line are the file's own.
//!
//! A lenient tier matches a line whose characters differ from the model's copy of it:
//! curly quotes where the model wrote straight ones, a decomposed `é`, a no-break
//! space, alignment padding, trailing spaces, indentation. When the model changes such
//! a line, the characters it left alone keep the file's form and only what it added
//! or replaced is written as it sent it: `msg = “it’s — fine”`, matched by
//! `msg = "it's - fine"` and changed to `msg = "it's - fine!"`, becomes
//! `msg = “it’s — fine!”`.
//!
//! Each line is read as pieces: a character as the `unicode` tier folds it (with the
//! combining marks after it, so a decomposed `é` is one piece, as a composed one is),
//! or a run of blanks (spaces, tabs, and what folds to them, such as a no-break
//! space). Leading and trailing blanks are set apart. The file's line and the model's
//! old line must then pair piece by piece: blanks with blanks, every other piece with
//! one that folds alike. The model's old and new lines are compared piece by piece
//! ([`script`](super::script)), and every piece the model wrote the same in both takes
//! the file's piece it stands for; the indentation and the trailing blanks are the
//! file's when the model wrote them the same in both.
//!
//! When the lines do not pair so (a line that is all blanks, or one no tier would call
//! the same), or the model rewrote the line as a whole, the model's line is written as
//! it is: a line is the file's where the model left it alone and the model's where it
//! changed it, never anything else.

use std::borrow::Cow;

use super::script::{self, Run};
use crate::matching::{characters, folds_alike, is_blank, Reindent};

/// The line to write for the model's `new` line, which changes its `old` line, matched
/// with the file's line `file`: the model's line where it changed it, the file's
/// characters elsewhere. `reindent` re-indents the model's line (the indentation tier)
/// wherever the model changed the indentation.
pub(super) fn changed_line<'a>(
    file: &[u8],
    old: &[u8],
    new: &'a [u8],
    reindent: Option<Reindent>,
) -> Cow<'a, [u8]> {
    let as_sent = || match reindent {
        Some(r) => r.apply(new),
        None => Cow::Borrowed(new),
    };
    // Where the file has exactly the model's old line there is nothing to keep.
    if file == old {
        return as_sent();
    }
    match keep_file_characters(file, old, new) {
        Some(Kept { line, indentation }) => match reindent {
            Some(r) if !indentation => Cow::Owned(r.apply(&line).into_owned()),
            _ => Cow::Owned(line),
        },
        None => as_sent(),
    }
}

/// A line built from the file's pieces and the model's.
struct Kept {
    line: Vec<u8>,
    /// The indentation is the file's (the model kept its own).
    indentation: bool,
}

fn keep_file_characters(file: &[u8], old: &[u8], new: &[u8]) -> Option<Kept> {
    let (file, old, new) = (Pieces::new(file), Pieces::new(old), Pieces::new(new));
    if old.body.is_empty() || new.body.is_empty() || file.body.len() != old.body.len() {
        return None;
    }
    if !file
        .body
        .iter()
        .zip(&old.body)
        .all(|(f, o)| f.folds_like(o))
    {
        return None;
    }
    let runs = script::equal_runs(&old.body, &new.body, &boundary);
    if runs.is_empty() {
        // A line rewritten as a whole is the model's, its blanks included.
        return None;
    }
    let indentation = old.lead == new.lead;
    let mut line = Vec::with_capacity(file.len() + new.len());
    line.extend_from_slice(if indentation { file.lead } else { new.lead });
    let mut written = 0;
    for Run { a, b, len } in runs {
        new.body[written..b]
            .iter()
            .for_each(|p| line.extend_from_slice(p.bytes));
        file.body[a..a + len]
            .iter()
            .for_each(|p| line.extend_from_slice(p.bytes));
        written = b + len;
    }
    new.body[written..]
        .iter()
        .for_each(|p| line.extend_from_slice(p.bytes));
    line.extend_from_slice(if old.trail == new.trail {
        file.trail
    } else {
        new.trail
    });
    Some(Kept { line, indentation })
}

/// One piece of a line: a character with its combining marks, or a run of blanks.
#[derive(Debug, Clone, Copy)]
struct Piece<'a> {
    bytes: &'a [u8],
    blank: bool,
}

/// Pieces compare by their bytes: the model wrote the same in its old and new line.
impl PartialEq for Piece<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.bytes == other.bytes
    }
}

impl Piece<'_> {
    /// The file's piece and the model's old one read the same to the tiers: both
    /// blanks (the whitespace tiers read any run as one space), or characters that
    /// fold alike.
    fn folds_like(&self, old: &Piece<'_>) -> bool {
        match (self.blank, old.blank) {
            (true, true) => true,
            (false, false) => folds_alike(self.bytes, old.bytes),
            _ => false,
        }
    }
}

/// How good a place the boundary between two pieces is for a change to start or end:
/// a line's edge, then a blank, then punctuation.
fn boundary(left: Option<&Piece<'_>>, right: Option<&Piece<'_>>) -> u32 {
    let (Some(left), Some(right)) = (left, right) else {
        return 4;
    };
    let punctuation = |p: &Piece<'_>| {
        std::str::from_utf8(p.bytes)
            .ok()
            .and_then(|s| s.chars().next())
            .is_some_and(|c| !c.is_alphanumeric())
    };
    if left.blank || right.blank {
        3
    } else if punctuation(left) || punctuation(right) {
        1
    } else {
        0
    }
}

/// A line as pieces: its leading blanks, the pieces between, its trailing blanks.
struct Pieces<'a> {
    lead: &'a [u8],
    body: Vec<Piece<'a>>,
    trail: &'a [u8],
}

impl<'a> Pieces<'a> {
    fn new(line: &'a [u8]) -> Self {
        let mut lead = &line[..0];
        let mut body: Vec<Piece<'a>> = Vec::new();
        let mut at = 0;
        for c in characters(line) {
            let blank = is_blank(c);
            let start = at;
            at += c.len();
            // The pieces are consecutive slices of the line: a run grows to the end.
            if body.is_empty() && blank {
                lead = &line[..at];
                continue;
            }
            match body.last_mut() {
                Some(run) if blank && run.blank => run.bytes = &line[start - run.bytes.len()..at],
                _ => body.push(Piece {
                    bytes: &line[start..at],
                    blank,
                }),
            }
        }
        let trail = match body.last() {
            Some(p) if p.blank => body.pop().map_or(&line[..0], |p| p.bytes),
            _ => &line[..0],
        };
        Pieces { lead, body, trail }
    }

    fn len(&self) -> usize {
        self.lead.len() + self.body.iter().map(|p| p.bytes.len()).sum::<usize>() + self.trail.len()
    }
}

#[cfg(test)]
mod tests;
