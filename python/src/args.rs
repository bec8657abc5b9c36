//! Python arguments read into the core's types. A value of the wrong type is an
//! `InvalidArgument` that is also a `TypeError`; a value of the right type the core
//! cannot use (an empty path, a negative size) is an `InvalidArgument` (a
//! `ValueError`). Either names the argument as Python spells it, through the core's
//! own renderer ([`Name`] parts), and is raised before anything is read or written.

use std::path::PathBuf;

use pyo3::prelude::*;
use pyo3::types::{
    PyBool, PyByteArray, PyBytes, PyDict, PyFrozenSet, PyInt, PyList, PySet, PyString, PyTuple,
};

use eol_edit::binding;
use eol_edit::{Anchor, Edit, Error, ErrorCode, GuardReason, Guards, Message, Name, Part};

/// `name must be <expected>, not <type>.`, raised as a `TypeError` too.
pub(crate) fn wrong_type(value: &Bound<'_, PyAny>, name: Part, expected: &str) -> PyErr {
    let got = value
        .get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "an object".into());
    let error = Error::new(
        ErrorCode::InvalidArgument,
        Message::new(vec![
            name.clone(),
            format!(" must be {expected}, not {got}.").into(),
        ]),
    );
    super::errors::wrong_type(value.py(), &with_argument(error, &name))
}

/// An `InvalidArgument` about `name`: `name` followed by `rest`.
pub(crate) fn invalid(py: Python<'_>, name: Part, rest: String) -> PyErr {
    let error = Error::new(
        ErrorCode::InvalidArgument,
        Message::new(vec![name.clone(), rest.into()]),
    );
    super::errors::to_py(py, &with_argument(error, &name))
}

/// Records which argument an error is about, when `name` is one of the API's.
fn with_argument(error: Error, name: &Part) -> Error {
    match name {
        Part::Arg { name, .. } => error.with_argument(name.clone()),
        _ => error,
    }
}

/// A `str` argument. A lone surrogate (half of a character cut off inside an emoji, or
/// what `surrogateescape` decoding makes) is text in no file's encoding, so it is
/// refused, naming its line as a write of the napi binding's does, rather than written
/// as something else.
pub(crate) fn text(value: &Bound<'_, PyAny>, name: impl Into<Part>) -> PyResult<String> {
    let name = name.into();
    if !value.is_instance_of::<PyString>() {
        return Err(wrong_type(value, name, "a str"));
    }
    value.extract::<String>().map_err(|_| {
        // `surrogatepass` gives each lone surrogate the three-byte form the core finds.
        let wtf8: Vec<u8> = value
            .call_method1("encode", ("utf-8", "surrogatepass"))
            .and_then(|b| b.extract())
            .unwrap_or_default();
        let (line, unit) = binding::half_character_in(&wtf8).unwrap_or((1, 0xFFFD));
        let error = Error::new(
            ErrorCode::InvalidArgument,
            Message::new(vec![
                name.clone(),
                format!(
                    " has half of a character on line {line} (U+{unit:04X}, a lone surrogate): \
                     the text was cut off inside an emoji or another character written as two \
                     UTF-16 units, or decoded with surrogateescape, and half of one is not text \
                     in any encoding. Nothing was written."
                )
                .into(),
            ]),
        )
        .with_lines(vec![line as u32])
        .with_hint(binding::HALF_CHARACTER_HINT);
        super::errors::to_py(value.py(), &with_argument(error, &name))
    })
}

/// An optional `str` option (`None` when not given).
pub(crate) fn option_text(
    value: Option<&Bound<'_, PyAny>>,
    name: Name,
) -> PyResult<Option<String>> {
    match value {
        None => Ok(None),
        Some(v) if v.is_none() => Ok(None),
        Some(v) => text(v, name).map(Some),
    }
}

/// A `bool` option, `False` when not given. Only `True` and `False`: `0` or `"yes"`
/// would more likely be a mistake than a choice.
pub(crate) fn flag(value: Option<&Bound<'_, PyAny>>, name: Name) -> PyResult<bool> {
    match value {
        None => Ok(false),
        Some(v) if v.is_none() => Ok(false),
        Some(v) if v.is_instance_of::<PyBool>() => v.extract::<bool>(),
        Some(v) => Err(wrong_type(v, name.into(), "a bool")),
    }
}

/// An `int` option of at least `min` (`None` when not given).
pub(crate) fn whole(
    value: Option<&Bound<'_, PyAny>>,
    name: Name,
    min: u64,
) -> PyResult<Option<u64>> {
    let Some(v) = value.filter(|v| !v.is_none()) else {
        return Ok(None);
    };
    if v.is_instance_of::<PyBool>() || !v.is_instance_of::<PyInt>() {
        return Err(wrong_type(v, name.into(), "an int"));
    }
    match v.extract::<u64>() {
        Ok(n) if n >= min => Ok(Some(n)),
        _ => Err(invalid(
            v.py(),
            name.into(),
            format!(" must be a whole number of at least {min}, not {v}."),
        )),
    }
}

/// `guards`: `True` for every guard, `False` or `None` for none, or a list (tuple, set)
/// of guards' names. A name that is not a guard is refused with the names that are, as
/// the JavaScript binding refuses it; a lone `str` is refused too, since it would read
/// as the characters of a name.
pub(crate) fn guards(value: Option<&Bound<'_, PyAny>>) -> PyResult<Guards> {
    let Some(v) = value.filter(|v| !v.is_none()) else {
        return Ok(Guards::none());
    };
    if v.is_instance_of::<PyBool>() {
        return Ok(if v.extract::<bool>()? {
            Guards::all()
        } else {
            Guards::none()
        });
    }
    let listed = v.is_instance_of::<PyList>()
        || v.is_instance_of::<PyTuple>()
        || v.is_instance_of::<PySet>()
        || v.is_instance_of::<PyFrozenSet>();
    if !listed {
        return Err(wrong_type(
            v,
            Name::Guards.into(),
            "True, False or a list of guards' names",
        ));
    }
    let names: Vec<&str> = GuardReason::ALL.iter().map(|r| r.as_str()).collect();
    let mut guards = Guards::none();
    for item in v.try_iter()? {
        let given = text(&item?, Name::Guards)?;
        let reason = GuardReason::from_name(&given).ok_or_else(|| {
            let near = eol_edit::binding::closest_name(&given, &names)
                .map(|n| format!(" (did you mean '{n}'?)"))
                .unwrap_or_default();
            invalid(
                v.py(),
                Name::Guards.into(),
                format!(
                    " has '{given}'{near}, which is not a guard: the guards are {}.",
                    listing(&names)
                ),
            )
        })?;
        guards = guards.with(reason);
    }
    Ok(guards)
}

/// `a, b and c`.
fn listing(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => (*one).to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// A path: a `str`, `bytes` (file-system encoded, as `os.fsdecode` reads them) or an
/// `os.PathLike`.
pub(crate) fn path(value: &Bound<'_, PyAny>, name: Name) -> PyResult<PathBuf> {
    let py = value.py();
    let decoded = py
        .import("os")?
        .getattr("fsdecode")?
        .call1((value,))
        .map_err(|_| {
            wrong_type(
                value,
                name.clone().into(),
                "a path (str, bytes or os.PathLike)",
            )
        })?;
    // A lone surrogate outside the range `surrogateescape` decodes bytes to has no
    // bytes in the file system's encoding: no file has this name.
    let path: PathBuf = decoded.extract().map_err(|_| {
        invalid(
            py,
            name.clone().into(),
            " cannot be encoded in the file system's encoding: it holds a lone surrogate \
             (a character U+D800 to U+DFFF on its own)."
                .into(),
        )
    })?;
    if path.as_os_str().is_empty() {
        return Err(invalid(py, name.into(), " is empty.".into()));
    }
    if path.as_os_str().as_encoded_bytes().contains(&0) {
        return Err(invalid(
            py,
            name.into(),
            " contains a NUL character.".into(),
        ));
    }
    Ok(path)
}

/// An optional path (`cwd`).
pub(crate) fn option_path(
    value: Option<&Bound<'_, PyAny>>,
    name: Name,
) -> PyResult<Option<PathBuf>> {
    match value {
        None => Ok(None),
        Some(v) if v.is_none() => Ok(None),
        Some(v) => path(v, name).map(Some),
    }
}

/// `root`: one path or a list (or tuple) of them; `None` is "anywhere", and an empty
/// list is passed on for the core to refuse.
pub(crate) fn roots(value: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Vec<PathBuf>>> {
    let Some(v) = value.filter(|v| !v.is_none()) else {
        return Ok(None);
    };
    if v.is_instance_of::<PyList>() || v.is_instance_of::<PyTuple>() {
        let mut roots = Vec::new();
        for item in v.try_iter()? {
            roots.push(path(&item?, Name::Root)?);
        }
        return Ok(Some(roots));
    }
    Ok(Some(vec![path(v, Name::Root)?]))
}

/// Text or a file's bytes (`write_file`'s content, `apply_edits`' content, a patch).
pub(crate) enum Content {
    /// A `str`.
    Text(String),
    /// `bytes` or a `bytearray`.
    Bytes(Vec<u8>),
}

pub(crate) fn content(value: &Bound<'_, PyAny>, name: Name) -> PyResult<Content> {
    if let Ok(bytes) = value.cast::<PyBytes>() {
        return Ok(Content::Bytes(bytes.as_bytes().to_vec()));
    }
    if let Ok(bytes) = value.cast::<PyByteArray>() {
        return Ok(Content::Bytes(bytes.to_vec()));
    }
    if value.is_instance_of::<PyString>() {
        return text(value, name).map(Content::Text);
    }
    Err(wrong_type(value, name.into(), "a str or bytes"))
}

impl Content {
    /// The content as bytes (a text's UTF-8).
    pub(crate) fn into_bytes(self) -> Vec<u8> {
        match self {
            Content::Text(text) => text.into_bytes(),
            Content::Bytes(bytes) => bytes,
        }
    }
}

/// An anchor of `delete_range`: a line's text or a 1-based line number.
pub(crate) fn anchor(value: &Bound<'_, PyAny>, name: Name) -> PyResult<Anchor> {
    if value.is_instance_of::<PyString>() {
        return text(value, name).map(Anchor::Text);
    }
    if value.is_instance_of::<PyInt>() && !value.is_instance_of::<PyBool>() {
        return Ok(Anchor::Line(whole(Some(value), name, 1)?.unwrap_or(1)));
    }
    Err(wrong_type(
        value,
        name.into(),
        "a str (a line's text) or an int (a line number)",
    ))
}

/// The keys an edit given as a dict may have.
const EDIT_KEYS: [&str; 3] = ["old_text", "new_text", "replace_all"];

/// `edits`: a list (or tuple) of `Edit` objects or dicts with the keys of
/// [`EDIT_KEYS`]; a dict's unknown key is refused, naming the closest known one, so a
/// mistyped `replace_all` cannot go unnoticed. `function` names the call in messages.
pub(crate) fn edits(value: &Bound<'_, PyAny>, function: &str) -> PyResult<Vec<Edit>> {
    let py = value.py();
    if !(value.is_instance_of::<PyList>() || value.is_instance_of::<PyTuple>()) {
        return Err(wrong_type(
            value,
            Name::Edits.into(),
            "a list of Edit or dict",
        ));
    }
    let mut edits = Vec::new();
    for (i, item) in value.try_iter()?.enumerate() {
        let item = item?;
        let place = format!("edits[{i}]");
        let field = |key: &str| -> PyResult<Option<Bound<'_, PyAny>>> {
            match item.cast::<PyDict>() {
                Ok(dict) => dict.get_item(key),
                Err(_) => match item.getattr(key) {
                    Ok(v) => Ok(Some(v)),
                    Err(_) => Ok(None),
                },
            }
        };
        if let Ok(dict) = item.cast::<PyDict>() {
            refuse_unknown_keys(dict, &place, function)?;
        } else if field("old_text")?.is_none() {
            return Err(wrong_type(
                &item,
                Part::Text(place.into()),
                "an Edit or a dict",
            ));
        }
        let item_text = |key: &str| -> PyResult<String> {
            let label = Part::Text(format!("{place}.{key}").into());
            match field(key)? {
                Some(v) => text(&v, label),
                None => Err(invalid(py, label, " is missing.".into())),
            }
        };
        let old_text = item_text("old_text")?;
        let new_text = item_text("new_text")?;
        let replace_all = match field("replace_all")? {
            None => false,
            Some(v) if v.is_none() => false,
            Some(v) if v.is_instance_of::<PyBool>() => v.extract::<bool>()?,
            Some(v) => {
                return Err(wrong_type(
                    &v,
                    Part::Text(format!("{place}.replace_all").into()),
                    "a bool",
                ))
            }
        };
        edits.push(Edit::new(old_text, new_text).with_replace_all(replace_all));
    }
    Ok(edits)
}

/// Refuses a key of an edit's dict that is not an edit's, naming the closest one.
fn refuse_unknown_keys(dict: &Bound<'_, PyDict>, place: &str, function: &str) -> PyResult<()> {
    for key in dict.keys() {
        let name = key.str()?.to_string();
        if !key.is_instance_of::<PyString>() || !EDIT_KEYS.contains(&name.as_str()) {
            let close = eol_edit::binding::closest_name(&name, &EDIT_KEYS)
                .map(|c| format!(" (did you mean '{c}'?)"))
                .unwrap_or_default();
            return Err(invalid(
                dict.py(),
                Part::Text(place.to_string().into()),
                format!(
                    " of {function} has no key '{name}'{close}; its keys are old_text, \
                     new_text and replace_all. Nothing was read or written."
                ),
            ));
        }
    }
    Ok(())
}
