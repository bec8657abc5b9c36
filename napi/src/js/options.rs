//! An options object: each key read as the code asks for it, and every other key
//! refused with the closest known name.

use std::cell::RefCell;

use napi::bindgen_prelude::Unknown;

use super::{invalid, Js, Kind};

use eol_edit::binding::closest_name;
use eol_edit::{Error, GuardReason, Guards, Name};

/// An options object (or an `edits[]` entry) that may be absent, and every key the
/// reading code asked of it.
///
/// The keys asked for are the known keys, by construction: [`strict`] refuses every
/// other key the object has, so the list of options can never drift from what the
/// code reads. The price is that a reader must ask for each of its keys on every
/// call, not only when another option is set; one that does not refuses a valid key,
/// which a test sees, and never lets a mistyped one through.
pub struct Options {
    object: Option<Js>,
    /// How messages name the object: `options`, `edits[2]`.
    name: String,
    asked: RefCell<Vec<&'static str>>,
}

impl Options {
    fn new(object: Option<Js>, name: String) -> Options {
        Options {
            object,
            name,
            asked: RefCell::new(Vec::new()),
        }
    }

    /// The named option, `None` when the object or the key is absent, `undefined` or
    /// `null`.
    pub fn get(&self, key: &'static str) -> Result<Option<Js>, Error> {
        {
            let mut asked = self.asked.borrow_mut();
            if !asked.contains(&key) {
                asked.push(key);
            }
        }
        match &self.object {
            None => Ok(None),
            Some(obj) => {
                let v = obj
                    .get(key)
                    .map_err(|e| e.with_argument(Name::from_id(key)))?;
                Ok(if v.is_missing() { None } else { Some(v) })
            }
        }
    }

    fn label(&self, key: &str) -> String {
        format!("{}.{key}", self.name)
    }

    /// An optional object option, as its own enumerable entries.
    pub fn entries(&self, key: &'static str) -> Result<Vec<(String, Js)>, Error> {
        match self.get(key)? {
            None => Ok(Vec::new()),
            Some(v) => v
                .entries(&self.label(key))
                .map_err(|e| e.with_argument(Name::from_id(key))),
        }
    }

    /// An optional boolean option.
    pub fn bool_or(&self, key: &'static str, default: bool) -> Result<bool, Error> {
        match self.get(key)? {
            None => Ok(default),
            Some(v) => v
                .bool_or(&self.label(key), default)
                .map_err(|e| e.with_argument(Name::from_id(key))),
        }
    }

    /// An optional string option.
    pub fn string(&self, key: &'static str) -> Result<Option<String>, Error> {
        match self.get(key)? {
            None => Ok(None),
            Some(v) => v
                .string(&self.label(key))
                .map(Some)
                .map_err(|e| e.with_argument(Name::from_id(key))),
        }
    }

    /// A required string's UTF-8 bytes (an edit's `oldText`), lone surrogates kept.
    pub fn string_bytes(&self, key: &'static str) -> Result<Vec<u8>, Error> {
        let name = self.label(key);
        let value = match self.get(key)? {
            Some(v) => v.string_bytes(&name),
            None => Err(invalid(format!("{name} is missing: it must be a string."))),
        };
        value.map_err(|e| e.with_argument(Name::from_id(key)))
    }

    /// An optional whole-number option.
    pub fn whole_number(&self, key: &'static str) -> Result<Option<u64>, Error> {
        match self.get(key)? {
            None => Ok(None),
            Some(v) => v
                .whole_number(&self.label(key))
                .map_err(|e| e.with_argument(Name::from_id(key))),
        }
    }

    /// A string or an array of strings (for `root`); `None` when absent. An empty
    /// array is `Some` of nothing: the caller decides what that means.
    pub fn strings(&self, key: &'static str) -> Result<Option<Vec<String>>, Error> {
        let name = self.label(key);
        let read = |v: Js| match v.kind() {
            Kind::Array => v
                .array(&name)?
                .iter()
                .map(|s| s.string(&name))
                .collect::<Result<_, _>>()
                .map(Some),
            Kind::String => Ok(Some(vec![v.string(&name)?])),
            _ => Err(v.wrong(&name, "a string or an array of strings")),
        };
        match self.get(key)? {
            None => Ok(None),
            Some(v) => read(v).map_err(|e| e.with_argument(Name::from_id(key))),
        }
    }

    /// An optional option that is one of a string enum's values (`tiers: 'exact'`),
    /// `default` when left out.
    pub fn choice<T: Copy>(
        &self,
        key: &'static str,
        all: &[T],
        name: impl Fn(T) -> String,
        default: T,
    ) -> Result<T, Error> {
        let Some(given) = self.string(key)? else {
            return Ok(default);
        };
        if let Some(value) = all.iter().copied().find(|&v| name(v) == given) {
            return Ok(value);
        }
        let names: Vec<String> = all.iter().map(|&v| format!("'{}'", name(v))).collect();
        let choices = match names.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
            _ => names.join(""),
        };
        Err(invalid(format!(
            "{} must be {choices}, not '{given}'.",
            self.label(key)
        ))
        .with_argument(Name::from_id(key)))
    }

    /// The `tiers` option: which tiers may find an edit's text (`'all'`, the default,
    /// or `'exact'`).
    pub fn tiers(&self) -> Result<eol_edit::Tiers, Error> {
        use crate::enums::Tiers;
        Ok(self
            .choice("tiers", Tiers::ALL, Tiers::as_str, Tiers::All)?
            .into())
    }

    /// The `guards` option: `true` for every guard, `false` (or absent) for none, or a
    /// list of guards by name.
    pub fn guards(&self) -> Result<Guards, Error> {
        let name = self.label("guards");
        let names: Vec<&str> = GuardReason::ALL.iter().map(|r| r.as_str()).collect();
        let read = |v: Js| match v.kind() {
            Kind::Boolean => Ok(if v.bool_or(&name, false)? {
                Guards::all()
            } else {
                Guards::none()
            }),
            Kind::Array => v
                .array(&name)?
                .iter()
                .map(|item| {
                    let given = item.string(&name)?;
                    GuardReason::from_name(&given).ok_or_else(|| {
                        let near = closest_name(&given, &names)
                            .map(|n| format!(" (did you mean '{n}'?)"))
                            .unwrap_or_default();
                        invalid(format!(
                            "{name} has '{given}'{near}, which is not a guard: the guards are {}.",
                            list(&names)
                        ))
                    })
                })
                .collect(),
            _ => Err(v.wrong(&name, "true, false or an array of guards' names")),
        };
        match self.get("guards")? {
            None => Ok(Guards::none()),
            Some(v) => read(v).map_err(|e| e.with_argument(Name::Guards)),
        }
    }

    /// Refuses the object's own enumerable string keys that were never asked for,
    /// naming each with the closest known key ([`unknown_keys`]).
    fn refuse_unknown(&self, function: &str) -> Result<(), Error> {
        let Some(object) = &self.object else {
            return Ok(());
        };
        let asked = self.asked.borrow();
        let unknown = object.keys_not_in(&asked, &self.name)?;
        if unknown.is_empty() {
            return Ok(());
        }
        Err(unknown_keys(function, &self.name, &unknown, &asked))
    }
}

/// Reads an options argument of `function` with `read`, then refuses every key of it
/// that `read` never asked for (`INVALID_ARGUMENT`, before anything is read or
/// written). `undefined` or `null` reads as an empty object; so does a key whose
/// value is `undefined`, but only a known one: `{ rooot: undefined }` is still a typo.
pub fn strict<T>(
    value: Option<Unknown<'_>>,
    function: &str,
    read: impl FnOnce(&Options) -> Result<T, Error>,
) -> Result<T, Error> {
    let object = match value.map(Js::new) {
        None => None,
        Some(js) => match js.kind() {
            Kind::Undefined | Kind::Null => None,
            Kind::Object => Some(js),
            _ => {
                return Err(js
                    .wrong("options", "an object")
                    .with_argument(Name::Options))
            }
        },
    };
    let options = Options::new(object, "options".into());
    let out = read(&options)?;
    options.refuse_unknown(function)?;
    Ok(out)
}

/// [`strict`] for one object of an array argument, such as `edits[2]`: `name` is how
/// messages call it; it must be an object.
pub fn strict_item<T>(
    item: &Js,
    name: String,
    function: &str,
    read: impl FnOnce(&Options) -> Result<T, Error>,
) -> Result<T, Error> {
    if item.kind() != Kind::Object {
        return Err(item.wrong(&name, "an object"));
    }
    let options = Options::new(Some(*item), name);
    let out = read(&options)?;
    options.refuse_unknown(function)?;
    Ok(out)
}

/// The `INVALID_ARGUMENT` for keys `function` does not know in one of its objects:
/// `place` is `options` for its options argument, or how an array item is called
/// (`edits[2]`). Each unknown key is named with the known key it most plausibly
/// meant, and every known key is listed, so a retry needs nothing else. The keys are
/// JavaScript's, as the caller wrote them.
pub fn unknown_keys(function: &str, place: &str, unknown: &[String], known: &[&str]) -> Error {
    let named: Vec<String> = unknown
        .iter()
        .map(|key| match closest_name(key, known) {
            Some(close) => format!("'{key}' (did you mean '{close}'?)"),
            None => format!("'{key}'"),
        })
        .collect();
    let many = unknown.len() > 1;
    let what = match (place == "options", many) {
        (true, false) => format!("{function} has no option {}", named[0]),
        (true, true) => format!("{function} has no options {}", list(&named)),
        (false, false) => format!("{place} of {function} has no key {}", named[0]),
        (false, true) => format!("{place} of {function} has no keys {}", list(&named)),
    };
    let noun = if place == "options" { "option" } else { "key" };
    let known = match known {
        [] => format!("it takes no {noun}s"),
        [one] => format!("its only {noun} is {one}"),
        many => format!("its {noun}s are {}", list(many)),
    };
    invalid(format!("{what}; {known}. Nothing was read or written."))
        .with_argument(Name::from_id(&unknown[0]))
}

/// `a`, `a and b`, `a, b and c`.
fn list<S: AsRef<str>>(items: &[S]) -> String {
    match items {
        [] => String::new(),
        [one] => one.as_ref().to_string(),
        [rest @ .., last] => format!(
            "{} and {}",
            rest.iter()
                .map(AsRef::as_ref)
                .collect::<Vec<_>>()
                .join(", "),
            last.as_ref()
        ),
    }
}
