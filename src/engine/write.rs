//! `writeFile`'s alignment (a whole new content over the old, every kept line keeping
//! its ending) and `convertEol`.

use super::Applied;

use crate::align;
use crate::eol::{self, Ending};
use crate::error::{Error, ErrorCode, Result};
use crate::splice::Splices;

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
