//! The edit engine on bytes: `applyEdits`, `deleteRange`, `writeFile`'s alignment and
//! `convertEol`, with nothing but matching and alignment.
//!
//! The source is the file's text after the BOM (UTF-8 bytes, not necessarily valid).
//! For each edit: an endings-only edit is applied to the raw bytes; any other edit is
//! matched in the LF view ([`crate::matching`]), mapped back to source offsets, and
//! replaced line by line ([`crate::align`]). Bytes outside a match are copied as they
//! are.
//!
//! One concern a file: this one has the edits and their loop, `one.rs` matches one
//! edit (and words its misses), `endings.rs` makes an endings-only edit on the raw
//! bytes, `range.rs` resolves anchors for `deleteRange` and `insertLines`, and
//! `write.rs` aligns a whole new content (`writeFile`) and converts endings.
//!
//! ```
//! use eol_edit::internals::engine::{apply_edits, Edit};
//!
//! let source = b"a\r\nb\r\nc\r\nd";
//! let out = apply_edits(source, &[Edit::new("b\nc\nd", "x\ny")], "f").unwrap();
//! assert_eq!(out.content(source), b"a\r\nx\r\ny");
//! ```

use crate::diff::{self, Summary};
use crate::eol;
use crate::error::{Error, ErrorCode, Result};
use crate::guard::{Check, Guards, Scope};
use crate::matching::Tier;
use crate::message::{parts, Name};
use crate::splice::Splices;

mod endings;
mod one;
mod range;
#[cfg(test)]
mod tests;
mod write;

use one::apply_one;

pub use range::{delete_range, insert_lines, Anchor};
pub use write::{convert_eol, write, write_over, WriteEol};

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
