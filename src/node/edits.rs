//! `applyEdits` and `applyDeleteRange`: the edit engine on a string or a Buffer.

use napi::bindgen_prelude::{Buffer, Either, Env, Unknown};
use napi_derive::napi;

use super::js::{read_options, Js, Kind, Options};
use super::{guard, tier_names, EolInfo};
use crate::engine::{self, Anchor, Applied, Edit};
use crate::eol;
use crate::error::Error;

/// The result of `applyEdits` / `applyDeleteRange`: the new content, of the type that
/// was given, and what changed.
#[napi(object)]
pub struct ApplyResult {
    pub content: Either<String, Buffer>,
    pub replacements: u32,
    #[napi(
        ts_type = "Array<'exact' | 'unicode' | 'trailingWhitespace' | 'innerWhitespace' | 'indentation' | 'unescaped'>"
    )]
    pub matched_by: Vec<String>,
    pub start_line: u32,
    pub end_line: u32,
    pub diff: String,
    pub eol: EolInfo,
    pub changed: bool,
    /// Things to tell the user, such as endings the edit made mixed.
    pub warnings: Vec<String>,
}

/// Reads the `edits` array of `applyEdits` / `multiEdit`.
pub(crate) fn read_edits(value: &Js) -> Result<Vec<Edit>, Error> {
    let items = value.array("edits")?;
    items
        .iter()
        .enumerate()
        .map(|(i, item)| {
            let name = format!("edits[{i}]");
            if item.kind() != Kind::Object {
                return Err(Error::invalid(format!(
                    "{name} must be an object {{ oldText, newText, replaceAll? }}."
                ))
                .with_edit_index(i));
            }
            let field = |key: &str| item.get(key);
            let old_text = field("oldText")?
                .string_bytes(&format!("{name}.oldText"))
                .map_err(|e| e.with_edit_index(i))?;
            let new_text = field("newText")?
                .string_bytes(&format!("{name}.newText"))
                .map_err(|e| e.with_edit_index(i))?;
            let replace_all = field("replaceAll")?
                .bool_or(&format!("{name}.replaceAll"), false)
                .map_err(|e| e.with_edit_index(i))?;
            Ok(Edit {
                old_text,
                new_text,
                replace_all,
            })
        })
        .collect()
}

/// Reads a `deleteRange` anchor: a line of text or a 1-based line number.
pub(crate) fn read_anchor(value: &Js, name: &str) -> Result<Anchor, Error> {
    match value.kind() {
        Kind::String => Ok(Anchor::Text(value.string_bytes(name)?)),
        Kind::Number => match value.whole_number(name)? {
            Some(n) => Ok(Anchor::Line(n)),
            None => Err(Error::invalid(format!("{name} is missing."))),
        },
        _ => Err(Error::invalid(format!(
            "{name} must be a line of the file (string) or a 1-based line number."
        ))),
    }
}

/// Content given as a string or a Buffer, and how to give the result back.
enum Content {
    /// A string; `bom` records a leading U+FEFF, kept out of matching.
    Text { source: Vec<u8>, bom: bool },
    /// A Buffer: a file's bytes, BOM and UTF-16 included.
    Bytes(crate::encoding::Decoded),
}

const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

impl Content {
    /// The content, a Buffer decoded in the `encoding` option (a WHATWG label) when
    /// it is not valid UTF-8.
    fn read(value: &Js, options: &Options) -> Result<Content, Error> {
        let encoding = options
            .string("encoding")?
            .map(|label| crate::encoding::Encoding::for_label(&label))
            .transpose()?;
        match value.kind() {
            Kind::String => {
                let mut source = value.string_bytes("content")?;
                let bom = source.starts_with(UTF8_BOM);
                if bom {
                    source.drain(..UTF8_BOM.len());
                }
                Ok(Content::Text { source, bom })
            }
            Kind::Buffer => Ok(Content::Bytes(crate::encoding::decode(
                value.buffer_bytes("content")?,
                &crate::encoding::Hints {
                    option: encoding,
                    ..crate::encoding::Hints::default()
                },
            )?)),
            _ => Err(Error::invalid(format!(
                "content must be a string or a Buffer, but it is {}.",
                value.kind().describe()
            ))),
        }
    }

    fn source(&self) -> &[u8] {
        match self {
            Content::Text { source, .. } => source,
            Content::Bytes(d) => &d.source,
        }
    }

    fn result(&self, mut applied: Applied, label: &str) -> Result<ApplyResult, Error> {
        let source = self.source();
        let info = eol::info_of_pieces(applied.splices.pieces(source));
        let warnings = eol::made_mixed_warning(source, &info).into_iter().collect();
        let splices = std::mem::take(&mut applied.splices);
        let content = match self {
            Content::Text { bom, .. } => {
                let bytes = splices.into_vec(source);
                // The engine only splices the caller's UTF-8 and its own ASCII endings, so
                // the bytes are UTF-8 and become a String without a copy.
                let text = String::from_utf8(bytes)
                    .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
                Either::A(if *bom {
                    format!("\u{FEFF}{text}")
                } else {
                    text
                })
            }
            // Kept ranges keep their bytes; new text is written in the Buffer's encoding.
            Content::Bytes(d) => Either::B(Buffer::from(
                d.write_bytes(&splices)
                    .map_err(|e| e.about(std::path::Path::new(label)))?,
            )),
        };
        Ok(ApplyResult {
            content,
            replacements: applied.replacements,
            matched_by: tier_names(&applied.matched_by),
            start_line: applied.start_line,
            end_line: applied.end_line,
            diff: applied.diff,
            eol: EolInfo::from(info),
            changed: true,
            warnings,
        })
    }
}

fn label(options: &Options) -> Result<String, Error> {
    Ok(options
        .string("path")?
        .unwrap_or_else(|| "content".to_string()))
}

/// Applies edits to a string or a Buffer (SPEC section 3) and returns the same type.
/// Nothing touches the file system.
#[napi(
    js_name = "applyEdits",
    ts_args_type = "content: string | Buffer, edits: Edit[], options?: ApplyOptions"
)]
pub fn apply_edits(
    env: &Env,
    content: Unknown<'_>,
    edits: Unknown<'_>,
    options: Option<Unknown<'_>>,
) -> napi::Result<ApplyResult> {
    guard(env, || {
        let options = read_options(options, "options")?;
        let content = Content::read(&Js::new(content), &options)?;
        let edits = read_edits(&Js::new(edits))?;
        let label = label(&options)?;
        let applied = engine::apply_edits(content.source(), &edits, &label)?;
        content.result(applied, &label)
    })
}

/// Deletes the lines between two anchors of a string or a Buffer (SPEC section 3).
#[napi(
    js_name = "applyDeleteRange",
    ts_args_type = "content: string | Buffer, startAnchor: string | number, endAnchor: string | number, options?: DeleteRangeOptions"
)]
pub fn apply_delete_range(
    env: &Env,
    content: Unknown<'_>,
    start: Unknown<'_>,
    end: Unknown<'_>,
    options: Option<Unknown<'_>>,
) -> napi::Result<ApplyResult> {
    guard(env, || {
        let options = read_options(options, "options")?;
        let content = Content::read(&Js::new(content), &options)?;
        let start = read_anchor(&Js::new(start), "startAnchor")?;
        let end = read_anchor(&Js::new(end), "endAnchor")?;
        let inclusive = options.bool_or("inclusive", false)?;
        let label = label(&options)?;
        let applied = engine::delete_range(content.source(), &start, &end, inclusive, &label)?;
        content.result(applied, &label)
    })
}

/// One edit of `applyEdits` / `multiEdit`: replace `oldText` (written with LF line
/// breaks) by `newText`; `replaceAll` replaces every match instead of requiring one.
#[allow(dead_code)]
#[napi(object, js_name = "Edit")]
pub struct EditShape {
    pub old_text: String,
    pub new_text: String,
    pub replace_all: Option<bool>,
}

/// Options of `applyEdits`: `path` names the content in the diff header (and in
/// errors); `encoding` says what a Buffer is in.
#[allow(dead_code)]
#[napi(object, js_name = "ApplyOptions")]
pub struct ApplyOptionsShape {
    pub path: Option<String>,
    /// The encoding (a WHATWG label such as 'windows-1252', 'gbk') of a Buffer that is
    /// not valid UTF-8; without it, the encoding is detected from the bytes.
    pub encoding: Option<String>,
}

/// Options of `applyDeleteRange`: `inclusive` (default false) deletes the anchor lines
/// too; `path` names the content in the diff header.
#[allow(dead_code)]
#[napi(object, js_name = "DeleteRangeOptions")]
pub struct DeleteRangeOptionsShape {
    pub inclusive: Option<bool>,
    pub path: Option<String>,
    /// The encoding (a WHATWG label) of a Buffer that is not valid UTF-8.
    pub encoding: Option<String>,
}
