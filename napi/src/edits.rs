//! `applyEdits` and `applyDeleteRange`: the edit engine on a string or a Buffer.

use napi::bindgen_prelude::{Buffer, Either, Env, Unknown};
use napi_derive::napi;

use super::js::{strict, strict_item, Js, Kind, Options};
use super::{guard, tier_names, EolInfo};
use eol_edit::encoding::Encoding;
use eol_edit::engine::{self, Anchor, Applied, Edit};
use eol_edit::eol;
use eol_edit::error::Error;

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

/// Reads the `edits` array of `applyEdits` / `multiEdit` (`function`, for messages):
/// each entry an object of `oldText`, `newText` and `replaceAll`, and nothing else.
pub(crate) fn read_edits(value: &Js, function: &str) -> Result<Vec<Edit>, Error> {
    let items = value.array("edits").map_err(|e| e.with_argument("edits"))?;
    items
        .iter()
        .enumerate()
        .map(|(i, item)| {
            let name = format!("edits[{i}]");
            if item.kind() != Kind::Object {
                return Err(Error::invalid(format!(
                    "{name} must be an object {{ oldText, newText, replaceAll? }}."
                ))
                .with_argument("edits")
                .with_edit_index(i));
            }
            strict_item(item, name, function, |o| {
                Ok(Edit {
                    old_text: o.string_bytes("oldText")?,
                    new_text: o.string_bytes("newText")?,
                    replace_all: o.bool_or("replaceAll", false)?,
                })
            })
            .map_err(|e| e.with_edit_index(i))
        })
        .collect()
}

/// Reads a `deleteRange` anchor (`name` is `startAnchor` or `endAnchor`): a line of
/// text or a 1-based line number.
pub(crate) fn read_anchor(value: &Js, name: &str) -> Result<Anchor, Error> {
    let anchor = match value.kind() {
        Kind::String => value.string_bytes(name).map(Anchor::Text),
        Kind::Number => match value.whole_number(name) {
            Ok(Some(n)) => Ok(Anchor::Line(n)),
            Ok(None) => Err(Error::invalid(format!("{name} is missing."))),
            Err(e) => Err(e),
        },
        _ => Err(Error::invalid(format!(
            "{name} must be a line of the file (string) or a 1-based line number."
        ))),
    };
    anchor.map_err(|e| e.with_argument(name))
}

/// Content given as a string or a Buffer, and how to give the result back.
enum Content {
    /// A string; `bom` records a leading U+FEFF, kept out of matching.
    Text { source: Vec<u8>, bom: bool },
    /// A Buffer: a file's bytes, BOM and UTF-16 included.
    Bytes(eol_edit::encoding::Decoded),
}

const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

impl Content {
    /// The content, a Buffer decoded in the `encoding` option (a WHATWG label) when
    /// it is not valid UTF-8.
    fn read(value: &Js, encoding: Option<Encoding>) -> Result<Content, Error> {
        match value.kind() {
            Kind::String => {
                let mut source = value.string_bytes("content")?;
                let bom = source.starts_with(UTF8_BOM);
                if bom {
                    source.drain(..UTF8_BOM.len());
                }
                Ok(Content::Text { source, bom })
            }
            Kind::Buffer => Ok(Content::Bytes(eol_edit::encoding::decode(
                value.buffer_bytes("content")?,
                &eol_edit::encoding::Hints {
                    option: encoding,
                    ..eol_edit::encoding::Hints::default()
                },
            )?)),
            _ => Err(Error::invalid(format!(
                "content must be a string or a Buffer, but it is {}.",
                value.kind().describe()
            ))
            .with_argument("content")),
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

/// The `encoding` option of `applyEdits` and `applyDeleteRange`: how to read a Buffer
/// that is not valid UTF-8.
fn content_encoding(options: &Options) -> Result<Option<Encoding>, Error> {
    options
        .string("encoding")?
        .map(|label| Encoding::for_label(&label))
        .transpose()
}

/// The `path` option: how the diff header names the content.
fn label(options: &Options) -> Result<String, Error> {
    Ok(options
        .string("path")?
        .unwrap_or_else(|| "content".to_string()))
}

/// Applies edits to a string or a Buffer, as `editFile` does to a file, and returns the
/// same type.
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
        let (encoding, label) = strict(options, "applyEdits", |o| {
            Ok((content_encoding(o)?, label(o)?))
        })?;
        let content = Content::read(&Js::new(content), encoding)?;
        let edits = read_edits(&Js::new(edits), "applyEdits")?;
        let applied = engine::apply_edits(content.source(), &edits, &label)?;
        content.result(applied, &label)
    })
}

/// Deletes the lines between two anchors of a string or a Buffer, as `deleteRange`
/// does in a file.
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
        let (encoding, inclusive, label) = strict(options, "applyDeleteRange", |o| {
            Ok((
                content_encoding(o)?,
                o.bool_or("inclusive", false)?,
                label(o)?,
            ))
        })?;
        let content = Content::read(&Js::new(content), encoding)?;
        let start = read_anchor(&Js::new(start), "startAnchor")?;
        let end = read_anchor(&Js::new(end), "endAnchor")?;
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
