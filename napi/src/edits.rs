//! `applyEdits` and `applyDeleteRange`: the edit engine on a string or a Buffer.

use napi::bindgen_prelude::{Buffer, Either, Env, Unknown};
use napi_derive::napi;

use super::js::{invalid, strict, strict_item, Js, Kind, Options};
use super::{guard, tier_names, EolInfo};
use eol_edit::binding::{self, Anchor, Edit, Input};
use eol_edit::{Error, Name};

/// The result of `applyEdits` / `applyDeleteRange`: the new content, of the type that
/// was given, and what changed.
#[napi(object)]
pub struct ApplyResult {
    pub content: Either<String, Buffer>,
    pub replacements: u32,
    pub matched_by: Vec<super::enums::Tier>,
    pub start_line: u32,
    pub end_line: u32,
    pub diff: String,
    pub eol: EolInfo,
    pub changed: bool,
    /// Things to tell the user, such as endings the edit made mixed.
    pub warnings: Vec<String>,
    /// The warnings as parts (text and references to the API), for a front-end that
    /// says them in its own names.
    #[napi(ts_type = "Array<Array<MessagePart>>")]
    pub warning_parts: super::js::WarningParts,
}

/// Reads the `edits` array of `applyEdits` / `multiEdit` (`function`, for messages):
/// each entry an object of `oldText`, `newText` and `replaceAll`, and nothing else.
pub(crate) fn read_edits(value: &Js, function: &str) -> Result<Vec<Edit>, Error> {
    let items = value
        .array("edits")
        .map_err(|e| e.with_argument(Name::Edits))?;
    items
        .iter()
        .enumerate()
        .map(|(i, item)| {
            let name = format!("edits[{i}]");
            if item.kind() != Kind::Object {
                return Err(invalid(format!(
                    "{name} must be an object {{ oldText, newText, replaceAll? }}."
                ))
                .with_argument(Name::Edits)
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
pub(crate) fn read_anchor(value: &Js, name: Name) -> Result<Anchor, Error> {
    let id = name.id();
    let anchor = match value.kind() {
        Kind::String => value.string_bytes(id).map(Anchor::Text),
        Kind::Number => match value.whole_number(id) {
            Ok(Some(n)) => Ok(Anchor::Line(n)),
            Ok(None) => Err(invalid(format!("{id} is missing."))),
            Err(e) => Err(e),
        },
        _ => Err(invalid(format!(
            "{id} must be a line of the file (string) or a 1-based line number."
        ))),
    };
    anchor.map_err(|e| e.with_argument(name))
}

/// Content given as a string or a Buffer.
enum Content {
    /// A string's UTF-8 (WTF-8) bytes: edited as text.
    Text(Vec<u8>),
    /// A Buffer: a file's bytes, BOM and UTF-16 included.
    Bytes(Vec<u8>),
}

impl Content {
    fn read(value: &Js) -> Result<Content, Error> {
        match value.kind() {
            Kind::String => Ok(Content::Text(value.string_bytes("content")?)),
            Kind::Buffer => Ok(Content::Bytes(value.buffer_bytes("content")?)),
            _ => Err(invalid(format!(
                "content must be a string or a Buffer, but it is {}.",
                value.kind().describe()
            ))
            .with_argument(Name::Content)),
        }
    }

    /// Runs `apply` on the content and gives back a result of the type it came in.
    fn apply(
        self,
        apply: impl FnOnce(Input<Vec<u8>>) -> Result<eol_edit::ApplyResult<Vec<u8>>, Error>,
    ) -> Result<ApplyResult, Error> {
        let (text, input) = match self {
            Content::Text(bytes) => (true, binding::text_input(bytes)),
            Content::Bytes(bytes) => (false, eol_edit::Content::into_input(bytes)),
        };
        let r = apply(input)?;
        let content = if text {
            // The engine only splices the caller's text and its own ASCII endings.
            Either::A(
                String::from_utf8(r.content)
                    .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()),
            )
        } else {
            Either::B(Buffer::from(r.content))
        };
        Ok(ApplyResult {
            content,
            replacements: r.replacements,
            matched_by: tier_names(&r.matched_by),
            start_line: r.start_line,
            end_line: r.end_line,
            diff: r.diff,
            eol: EolInfo::from(r.eol),
            changed: r.changed,
            warnings: super::js::library_texts(&r.warnings),
            warning_parts: super::js::WarningParts(r.warnings.clone()),
        })
    }
}

/// `applyEdits`' options, read (`ApplyOptions` below is what it declares).
fn apply_options(o: &Options) -> Result<eol_edit::ApplyOptions, Error> {
    ApplyOptions::read(o).map(ApplyOptions::into_core)
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
        let options = strict(options, "applyEdits", apply_options)?;
        let content = Content::read(&Js::new(content))?;
        let edits = read_edits(&Js::new(edits), "applyEdits")?;
        content.apply(|input| binding::apply_edits(input, &edits, &options))
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
        let options = strict(options, "applyDeleteRange", |o| {
            DeleteRangeOptions::read(o).map(DeleteRangeOptions::into_core)
        })?;
        let content = Content::read(&Js::new(content))?;
        let start = read_anchor(&Js::new(start), Name::StartAnchor)?;
        let end = read_anchor(&Js::new(end), Name::EndAnchor)?;
        content.apply(|input| binding::apply_delete_range(input, &start, &end, &options))
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
/// errors, and for the guards its language); `encoding` says what a Buffer is in.
///
/// The declaration is the value the reader fills: it reads each key by hand (so a
/// wrong type or an unknown key is the binding's own `INVALID_ARGUMENT`), in the order
/// a message about an unknown key lists them.
#[napi(object, object_from_js = false, object_to_js = false)]
pub struct ApplyOptions {
    pub path: Option<String>,
    /// The encoding (a WHATWG label such as 'windows-1252', 'gbk') of a Buffer that is
    /// not valid UTF-8; without it, the encoding is detected from the bytes.
    pub encoding: Option<String>,
    /// Refuse new text that looks like a model's mistake with `SUSPECT_CONTENT`:
    /// `true` for every guard, or a list of them (default: none). See
    /// docs/guarantees.md.
    #[napi(ts_type = "boolean | GuardReason[]")]
    pub guards: Option<eol_edit::Guards>,
    /// Which tiers may find an edit's text: `'all'` (the default) or `'exact'`, only a
    /// byte-equal match in the LF view (docs/matching.md).
    pub tiers: Option<super::enums::Tiers>,
}

impl ApplyOptions {
    fn read(o: &Options) -> Result<Self, Error> {
        Ok(ApplyOptions {
            encoding: o.string("encoding")?,
            path: o.string("path")?,
            guards: Some(o.guards()?),
            tiers: Some(o.tiers()?.into()),
        })
    }

    fn into_core(self) -> eol_edit::ApplyOptions {
        let mut options = eol_edit::ApplyOptions::default();
        options.path = self.path;
        options.encoding = self.encoding;
        let options = options.with_guards(self.guards.unwrap_or_default());
        options.with_tiers(self.tiers.map(Into::into).unwrap_or_default())
    }
}

/// Options of `applyDeleteRange`: `inclusive` (default false) deletes the anchor lines
/// too; `path` names the content in the diff header.
#[napi(object, object_from_js = false, object_to_js = false)]
pub struct DeleteRangeOptions {
    pub inclusive: Option<bool>,
    pub path: Option<String>,
    /// The encoding (a WHATWG label) of a Buffer that is not valid UTF-8.
    pub encoding: Option<String>,
}

impl DeleteRangeOptions {
    fn read(o: &Options) -> Result<Self, Error> {
        Ok(DeleteRangeOptions {
            encoding: o.string("encoding")?,
            inclusive: Some(o.bool_or("inclusive", false)?),
            path: o.string("path")?,
        })
    }

    fn into_core(self) -> eol_edit::ApplyOptions {
        let mut options =
            eol_edit::ApplyOptions::default().with_inclusive(self.inclusive.unwrap_or(false));
        options.path = self.path;
        options.encoding = self.encoding;
        options
    }
}
