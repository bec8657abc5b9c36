//! Reading JavaScript arguments by hand, so that a wrong type is an
//! `INVALID_ARGUMENT` error that names the argument, never a crash and never a
//! bare napi status.

use std::cell::RefCell;
use std::ptr;

use napi::bindgen_prelude::{Array, Env, Object, Unknown};
use napi::{sys, JsValue};

use eol_edit::binding::closest_name;
use eol_edit::{Error, ErrorCode, GuardReason, Guards, Message, Name, Op, Part};

/// An `INVALID_ARGUMENT` failure.
pub fn invalid(message: impl Into<Message>) -> Error {
    Error::new(ErrorCode::InvalidArgument, message)
}

/// A JavaScript value with the env it lives in.
#[derive(Clone, Copy)]
pub struct Js {
    env: sys::napi_env,
    value: sys::napi_value,
}

/// What kind of value a [`Js`] is, as far as the API cares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Undefined,
    Null,
    Boolean,
    Number,
    String,
    Buffer,
    Array,
    Object,
    Other,
}

impl Kind {
    /// How a message names a value of this kind.
    pub fn describe(self) -> &'static str {
        match self {
            Kind::Undefined => "undefined",
            Kind::Null => "null",
            Kind::Boolean => "a boolean",
            Kind::Number => "a number",
            Kind::String => "a string",
            Kind::Buffer => "a Buffer",
            Kind::Array => "an array",
            Kind::Object => "an object",
            Kind::Other => "a value of another type",
        }
    }
}

/// `Ok` for a successful napi call. A call that ran the caller's code (a getter, a
/// Proxy trap) which threw leaves that exception pending; it is taken back here and
/// reported as `INVALID_ARGUMENT`, so a Promise function rejects instead of throwing.
fn status_ok(env: sys::napi_env, status: sys::napi_status, what: &str) -> Result<(), Error> {
    if status == sys::Status::napi_ok {
        return Ok(());
    }
    let mut pending = false;
    unsafe { sys::napi_is_exception_pending(env, &mut pending) };
    if !pending {
        return Err(invalid(format!("could not read {what} from JavaScript")));
    }
    let mut exception = ptr::null_mut();
    unsafe { sys::napi_get_and_clear_last_exception(env, &mut exception) };
    let mut text = ptr::null_mut();
    let mut message = String::from("an exception");
    if unsafe { sys::napi_coerce_to_string(env, exception, &mut text) } == sys::Status::napi_ok {
        let js = Js { env, value: text };
        if let Ok(bytes) = js.string_bytes(what) {
            message = String::from_utf8_lossy(&bytes).into_owned();
        }
    } else {
        // Coercing threw too (a Symbol, say): drop that one as well.
        unsafe { sys::napi_get_and_clear_last_exception(env, &mut exception) };
    }
    Err(invalid(format!("reading {what} threw: {message}")))
}

impl Js {
    /// Wraps a value handed to a `#[napi]` function.
    pub fn new(value: Unknown<'_>) -> Js {
        let raw = value.value();
        Js {
            env: raw.env,
            value: raw.value,
        }
    }

    /// The value's kind.
    pub fn kind(&self) -> Kind {
        let mut t = 0;
        if unsafe { sys::napi_typeof(self.env, self.value, &mut t) } != sys::Status::napi_ok {
            return Kind::Other;
        }
        match t {
            sys::ValueType::napi_undefined => Kind::Undefined,
            sys::ValueType::napi_null => Kind::Null,
            sys::ValueType::napi_boolean => Kind::Boolean,
            sys::ValueType::napi_number => Kind::Number,
            sys::ValueType::napi_string => Kind::String,
            sys::ValueType::napi_object => {
                let mut yes = false;
                unsafe { sys::napi_is_buffer(self.env, self.value, &mut yes) };
                if yes {
                    return Kind::Buffer;
                }
                unsafe { sys::napi_is_array(self.env, self.value, &mut yes) };
                if yes {
                    Kind::Array
                } else {
                    Kind::Object
                }
            }
            _ => Kind::Other,
        }
    }

    /// `undefined` or `null`: an optional argument that was left out.
    pub fn is_missing(&self) -> bool {
        matches!(self.kind(), Kind::Undefined | Kind::Null)
    }

    fn wrong(&self, name: &str, expected: &str) -> Error {
        invalid(format!(
            "{name} must be {expected}, but it is {}.",
            self.kind().describe()
        ))
    }

    /// The UTF-8 bytes of a string, read in one pass. Lone surrogates become U+FFFD.
    pub fn string_bytes(&self, name: &str) -> Result<Vec<u8>, Error> {
        if self.kind() != Kind::String {
            return Err(self.wrong(name, "a string"));
        }
        let mut units = 0;
        status_ok(
            self.env,
            unsafe {
                sys::napi_get_value_string_utf16(
                    self.env,
                    self.value,
                    ptr::null_mut(),
                    0,
                    &mut units,
                )
            },
            name,
        )?;
        // Each UTF-16 unit is at most 3 UTF-8 bytes; the extra byte is V8's NUL.
        let capacity = units * 3 + 1;
        let mut buf: Vec<u8> = Vec::with_capacity(capacity);
        let mut written = 0;
        status_ok(
            self.env,
            unsafe {
                sys::napi_get_value_string_utf8(
                    self.env,
                    self.value,
                    buf.as_mut_ptr().cast(),
                    capacity,
                    &mut written,
                )
            },
            name,
        )?;
        unsafe { buf.set_len(written) };
        // V8 writes a lone surrogate as U+FFFD. Only when that character shows up is the
        // string read again, unit by unit, so a lone surrogate survives (as WTF-8).
        if memchr::memmem::find(&buf, REPLACEMENT).is_some() {
            return self.string_wtf8(units, name);
        }
        Ok(buf)
    }

    fn string_wtf8(&self, units: usize, name: &str) -> Result<Vec<u8>, Error> {
        let mut buf: Vec<u16> = Vec::with_capacity(units + 1);
        let mut written = 0;
        status_ok(
            self.env,
            unsafe {
                sys::napi_get_value_string_utf16(
                    self.env,
                    self.value,
                    buf.as_mut_ptr(),
                    units + 1,
                    &mut written,
                )
            },
            name,
        )?;
        unsafe { buf.set_len(written) };
        Ok(utf16_to_wtf8(&buf))
    }

    /// A string argument as a Rust `String`.
    ///
    /// A lone surrogate is refused: such a string (a path, an option) would otherwise
    /// name something else than the caller meant.
    pub fn string(&self, name: &str) -> Result<String, Error> {
        String::from_utf8(self.string_bytes(name)?).map_err(|_| {
            invalid(format!(
                "{name} is not valid Unicode: it has a lone surrogate (half of a UTF-16 pair)."
            ))
        })
    }

    /// The bytes of a Buffer (copied, so they can cross to another thread).
    pub fn buffer_bytes(&self, name: &str) -> Result<Vec<u8>, Error> {
        if self.kind() != Kind::Buffer {
            return Err(self.wrong(name, "a Buffer"));
        }
        let mut data = ptr::null_mut();
        let mut len = 0;
        status_ok(
            self.env,
            unsafe { sys::napi_get_buffer_info(self.env, self.value, &mut data, &mut len) },
            name,
        )?;
        if len == 0 {
            if self.detached() {
                // Its bytes are gone, not empty: read as empty, a write would empty the
                // file and a lookup would make the file empty.
                return Err(invalid(format!(
                    "{name} is a view of a detached ArrayBuffer (transferred with postMessage or structuredClone): it has no bytes to read any more."
                )));
            }
            return Ok(Vec::new());
        }
        Ok(unsafe { std::slice::from_raw_parts(data as *const u8, len) }.to_vec())
    }

    /// True for a typed array or DataView whose ArrayBuffer was detached (transferred).
    fn detached(&self) -> bool {
        let mut buffer = ptr::null_mut();
        let mut yes = false;
        unsafe {
            if sys::napi_is_typedarray(self.env, self.value, &mut yes) == sys::Status::napi_ok
                && yes
            {
                sys::napi_get_typedarray_info(
                    self.env,
                    self.value,
                    ptr::null_mut(),
                    ptr::null_mut(),
                    ptr::null_mut(),
                    &mut buffer,
                    ptr::null_mut(),
                );
            } else if sys::napi_is_dataview(self.env, self.value, &mut yes) == sys::Status::napi_ok
                && yes
            {
                sys::napi_get_dataview_info(
                    self.env,
                    self.value,
                    ptr::null_mut(),
                    ptr::null_mut(),
                    &mut buffer,
                    ptr::null_mut(),
                );
            }
            if buffer.is_null() {
                return false;
            }
            let mut detached = false;
            sys::napi_is_detached_arraybuffer(self.env, buffer, &mut detached)
                == sys::Status::napi_ok
                && detached
        }
    }

    /// A boolean, or `default` when left out.
    pub fn bool_or(&self, name: &str, default: bool) -> Result<bool, Error> {
        match self.kind() {
            Kind::Undefined | Kind::Null => Ok(default),
            Kind::Boolean => {
                let mut b = false;
                status_ok(
                    self.env,
                    unsafe { sys::napi_get_value_bool(self.env, self.value, &mut b) },
                    name,
                )?;
                Ok(b)
            }
            _ => Err(self.wrong(name, "a boolean")),
        }
    }

    /// A number (any finite value).
    pub fn number(&self, name: &str) -> Result<f64, Error> {
        if self.kind() != Kind::Number {
            return Err(self.wrong(name, "a number"));
        }
        let mut n = 0.0;
        status_ok(
            self.env,
            unsafe { sys::napi_get_value_double(self.env, self.value, &mut n) },
            name,
        )?;
        if !n.is_finite() {
            return Err(invalid(format!("{name} must be a finite number.")));
        }
        Ok(n)
    }

    /// A non-negative whole number, or `None` when left out.
    pub fn whole_number(&self, name: &str) -> Result<Option<u64>, Error> {
        if self.is_missing() {
            return Ok(None);
        }
        let n = self.number(name)?;
        if n < 0.0 || n.fract() != 0.0 || n > 9_007_199_254_740_991.0 {
            return Err(invalid(format!(
                "{name} must be a whole number of 0 or more, but it is {n}."
            )));
        }
        Ok(Some(n as u64))
    }

    /// The elements of an array.
    pub fn array(&self, name: &str) -> Result<Vec<Js>, Error> {
        if self.kind() != Kind::Array {
            return Err(self.wrong(name, "an array"));
        }
        let mut len = 0;
        status_ok(
            self.env,
            unsafe { sys::napi_get_array_length(self.env, self.value, &mut len) },
            name,
        )?;
        (0..len)
            .map(|i| {
                let mut item = ptr::null_mut();
                status_ok(
                    self.env,
                    unsafe { sys::napi_get_element(self.env, self.value, i, &mut item) },
                    name,
                )?;
                Ok(Js {
                    env: self.env,
                    value: item,
                })
            })
            .collect()
    }

    /// A property of an object (undefined when absent).
    pub fn get(&self, key: &str) -> Result<Js, Error> {
        let ckey = std::ffi::CString::new(key).expect("property names have no NUL");
        let mut out = ptr::null_mut();
        status_ok(
            self.env,
            unsafe { sys::napi_get_named_property(self.env, self.value, ckey.as_ptr(), &mut out) },
            key,
        )?;
        Ok(Js {
            env: self.env,
            value: out,
        })
    }

    /// The own enumerable string keys of an object, in order, as JavaScript strings:
    /// what `Object.keys` gives. Symbol keys and inherited keys are left out.
    fn key_values(&self, name: &str) -> Result<Vec<Js>, Error> {
        let mut keys = ptr::null_mut();
        status_ok(
            self.env,
            unsafe {
                sys::napi_get_all_property_names(
                    self.env,
                    self.value,
                    sys::KeyCollectionMode::own_only,
                    sys::KeyFilter::enumerable | sys::KeyFilter::skip_symbols,
                    sys::KeyConversion::numbers_to_strings,
                    &mut keys,
                )
            },
            name,
        )?;
        Js {
            env: self.env,
            value: keys,
        }
        .array(name)
    }

    /// The own enumerable string keys of an object that are not in `known`.
    ///
    /// Every call with options pays for this check (2 to 3 µs for six keys, most of
    /// it V8 listing the keys), so each key is compared in a buffer on the stack and
    /// only an unknown one becomes a `String`.
    fn keys_not_in(&self, known: &[&str], name: &str) -> Result<Vec<String>, Error> {
        const ROOM: usize = 64;
        let mut unknown = Vec::new();
        for key in self.key_values(name)? {
            let mut buf = [0u8; ROOM];
            let mut written = 0;
            status_ok(
                self.env,
                unsafe {
                    sys::napi_get_value_string_utf8(
                        self.env,
                        key.value,
                        buf.as_mut_ptr().cast(),
                        ROOM,
                        &mut written,
                    )
                },
                name,
            )?;
            // A key that fills the buffer is longer than every known key.
            let fits = written < ROOM - 1;
            if fits && known.iter().any(|k| k.as_bytes() == &buf[..written]) {
                continue;
            }
            unknown.push(key.string(name)?);
        }
        Ok(unknown)
    }

    /// The own enumerable string-keyed properties of an object, in order.
    pub fn entries(&self, name: &str) -> Result<Vec<(String, Js)>, Error> {
        if self.kind() != Kind::Object {
            return Err(self.wrong(name, "an object"));
        }
        self.key_values(name)?
            .into_iter()
            .map(|key| {
                let key = key.string(name)?;
                let value = self.get_by_value(&key, name)?;
                Ok((key, value))
            })
            .collect()
    }

    /// A property named by any string, NUL included (a path in `expectedVersions`).
    fn get_by_value(&self, key: &str, name: &str) -> Result<Js, Error> {
        let mut js_key = ptr::null_mut();
        status_ok(
            self.env,
            unsafe {
                sys::napi_create_string_utf8(
                    self.env,
                    key.as_ptr().cast(),
                    key.len() as isize,
                    &mut js_key,
                )
            },
            name,
        )?;
        let mut out = ptr::null_mut();
        status_ok(
            self.env,
            unsafe { sys::napi_get_property(self.env, self.value, js_key, &mut out) },
            name,
        )?;
        Ok(Js {
            env: self.env,
            value: out,
        })
    }

    /// The raw value, to hand back to JavaScript unchanged.
    pub fn unknown<'env>(&self) -> Unknown<'env> {
        unsafe { Unknown::from_raw_unchecked(self.env, self.value) }
    }
}

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

/// The class of every error the addon throws: `class EolEditError extends Error`, with
/// `code` and, when there are any, `lines`, `editIndex`, `fileIndex`, `hunkIndex`,
/// `hint`, `argument`, `reason`, `parts` and `hintParts` (docs/errors.md).
///
/// It is written in JavaScript because a class made with `napi_define_class` cannot
/// extend `Error`, and only a real subclass gets a stack trace, passes both
/// `instanceof EolEditError` and `instanceof Error`, and can be constructed by a user
/// (a test double, a host's own wrapper) exactly as the addon constructs it.
/// `napi_run_script` compiles it once per Node environment (main thread or worker),
/// also under `--disallow-code-generation-from-strings`.
const ERROR_CLASS_SOURCE: &str = r#"(function () {
  'use strict';
  const DETAILS = ['lines', 'editIndex', 'fileIndex', 'hunkIndex', 'hint', 'argument', 'reason', 'parts', 'hintParts'];
  class EolEditError extends Error {
    constructor(message, options) {
      const o = options !== null && typeof options === 'object' ? options : {};
      super(message, o.cause !== undefined ? { cause: o.cause } : undefined);
      this.code = typeof o.code === 'string' ? o.code : 'IO_ERROR';
      for (const key of DETAILS) if (o[key] !== undefined) this[key] = o[key];
    }
  }
  Object.defineProperty(EolEditError.prototype, 'name', {
    value: 'EolEditError', writable: true, enumerable: false, configurable: true,
  });
  return EolEditError;
})()"#;

/// The value of the `EolEditError` export. Converting it to JavaScript, which napi-rs
/// does once per environment when it registers the exports, compiles the class and
/// keeps a reference to it, so that [`to_js_error`] builds every error with it.
pub struct EolEditErrorConstructor;

/// The class compiled for one environment, kept as its instance data.
struct ErrorClass(sys::napi_ref);

impl napi::bindgen_prelude::ToNapiValue for EolEditErrorConstructor {
    unsafe fn to_napi_value(env: sys::napi_env, _: Self) -> napi::Result<sys::napi_value> {
        let mut source = ptr::null_mut();
        napi::check_status!(sys::napi_create_string_utf8(
            env,
            ERROR_CLASS_SOURCE.as_ptr().cast(),
            ERROR_CLASS_SOURCE.len() as isize,
            &mut source,
        ))?;
        let mut class = ptr::null_mut();
        napi::check_status!(
            sys::napi_run_script(env, source, &mut class),
            "compiling the EolEditError class failed"
        )?;
        let mut reference = ptr::null_mut();
        napi::check_status!(sys::napi_create_reference(env, class, 1, &mut reference))?;
        // The reference lives as long as the environment: its teardown frees it.
        Env::from_raw(env).set_instance_data(ErrorClass(reference), (), |_| {})?;
        Ok(class)
    }
}

/// Turns a core error into the JavaScript error the API promises: an `EolEditError`
/// with `code`, `message`, and `lines` / `editIndex` / `fileIndex` / `hunkIndex` /
/// `hint` / `argument` / `reason` when there are any, and `parts` / `hintParts`.
pub fn to_js_error(env: &Env, error: Error) -> napi::Error {
    match build_js_error(env, &error) {
        Ok(e) => e,
        Err(e) => e,
    }
}

/// A message in the library's words: its functions and options by their camelCase
/// names (`writeFile`, `replaceAll`, `encoding: 'gbk'`), but for the edit's texts,
/// which a model reads through the agent tools and which keep the tools' names
/// (`old_text`, `new_text`), and the numbered view the messages quote lines from,
/// which is the agent tool `read_file`'s.
pub fn library_text(message: &Message) -> String {
    let mut out = String::new();
    for part in message.parts() {
        match part {
            Part::Text(text) => out.push_str(text),
            // The library's readFile numbers no lines: the view is the agent tool's.
            Part::Listing => out.push_str("read_file"),
            Part::Op(op) => out.push_str(op.id()),
            Part::Arg { name, value } => {
                out.push_str(library_name(name));
                if let Some(value) = value {
                    out.push_str(&format!(": '{value}'"));
                }
            }
            Part::Value { value, .. } => out.push_str(&format!("'{value}'")),
            Part::Phrase { message, .. } => out.push_str(&library_text(message)),
            // A part of a kind this binding does not know yet (and a quoted line, which
            // the library shows as the numbered view does): its text in the crate's
            // own names.
            other => out.push_str(&Message::new(vec![other.clone()]).to_string()),
        }
    }
    out
}

/// Warnings in the library's words (see [`library_text`]).
pub fn library_texts(messages: &[Message]) -> Vec<String> {
    messages.iter().map(library_text).collect()
}

/// A result's warnings as parts (`warningParts`), for a front-end that renders them in
/// its own names, as it renders an error's `parts`.
pub struct WarningParts(pub Vec<Message>);

impl napi::bindgen_prelude::TypeName for WarningParts {
    fn type_name() -> &'static str {
        "Array<Array<MessagePart>>"
    }

    fn value_type() -> napi::ValueType {
        napi::ValueType::Object
    }
}

impl napi::bindgen_prelude::ToNapiValue for WarningParts {
    unsafe fn to_napi_value(env: sys::napi_env, value: Self) -> napi::Result<sys::napi_value> {
        let env = Env::from_raw(env);
        let mut array = env.create_array(value.0.len() as u32)?;
        for (i, message) in value.0.iter().enumerate() {
            array.set(i as u32, js_parts(&env, message)?)?;
        }
        Ok(array.raw())
    }
}

/// Results are only given to JavaScript, never taken from it.
impl napi::bindgen_prelude::FromNapiValue for WarningParts {
    unsafe fn from_napi_value(_: sys::napi_env, _: sys::napi_value) -> napi::Result<Self> {
        Err(napi::Error::new(
            napi::Status::InvalidArg,
            "warningParts are given, not taken",
        ))
    }
}

fn library_name(name: &Name) -> &str {
    match name {
        Name::OldText => "old_text",
        Name::NewText => "new_text",
        other => other.id(),
    }
}

/// A message as JavaScript's `parts`: strings for text, `{ op }` for an operation
/// (`listing: true` for the numbered view of `readFile`'s agent tool), `{ arg, value? }`
/// for an argument (`valueOnly: true` when only its value is to be shown), `{ phrase,
/// parts }` for a phrase a front-end may say its own way, `{ line, width, text }` for a
/// quoted line of the file, `{ hunk }` for a hunk of a patch (its 0-based index, as
/// `hunkIndex`), with the library's names as the ids.
pub fn js_parts<'env>(env: &'env Env, message: &Message) -> napi::Result<Array<'env>> {
    let mut array = env.create_array(message.parts().len() as u32)?;
    for (i, part) in message.parts().iter().enumerate() {
        let i = i as u32;
        match part {
            Part::Text(text) => array.set(i, text.as_ref())?,
            Part::Op(op) => {
                let mut o = Object::new(env)?;
                o.set("op", op.id())?;
                array.set(i, o)?;
            }
            Part::Listing => {
                let mut o = Object::new(env)?;
                o.set("op", Op::ReadFile.id())?;
                o.set("listing", true)?;
                array.set(i, o)?;
            }
            Part::Arg { name, value } => {
                let mut o = Object::new(env)?;
                o.set("arg", name.id())?;
                if let Some(value) = value {
                    o.set("value", &**value)?;
                }
                array.set(i, o)?;
            }
            Part::Value { name, value } => {
                let mut o = Object::new(env)?;
                o.set("arg", name.id())?;
                o.set("value", &**value)?;
                o.set("valueOnly", true)?;
                array.set(i, o)?;
            }
            Part::Phrase { id, message } => {
                let mut o = Object::new(env)?;
                o.set("phrase", *id)?;
                o.set("parts", js_parts(env, message)?)?;
                array.set(i, o)?;
            }
            Part::Line {
                number,
                width,
                text,
            } => {
                let mut o = Object::new(env)?;
                o.set("line", *number)?;
                o.set("width", *width)?;
                o.set("text", &**text)?;
                array.set(i, o)?;
            }
            Part::Hunk { index } => {
                let mut o = Object::new(env)?;
                o.set("hunk", *index)?;
                array.set(i, o)?;
            }
            other => array.set(i, Message::new(vec![other.clone()]).to_string())?,
        }
    }
    Ok(array)
}

fn build_js_error(env: &Env, error: &Error) -> napi::Result<napi::Error> {
    let mut details = Object::new(env)?;
    details.set("code", crate::enums::ErrorCode::from(error.code()))?;
    if !error.lines().is_empty() {
        details.set("lines", error.lines().to_vec())?;
    }
    if let Some(i) = error.edit_index() {
        details.set("editIndex", i)?;
    }
    if let Some(i) = error.file_index() {
        details.set("fileIndex", i)?;
    }
    if let Some(i) = error.hunk_index() {
        details.set("hunkIndex", i)?;
    }
    let hint = error.hint().map(library_text);
    if let Some(h) = &hint {
        details.set("hint", h.as_str())?;
    }
    if let Some(a) = error.argument() {
        details.set("argument", a.id())?;
    }
    if let Some(r) = error.reason() {
        details.set("reason", crate::enums::GuardReason::from(r))?;
    }
    details.set("parts", js_parts(env, error.message())?)?;
    if let Some(h) = error.hint() {
        details.set("hintParts", js_parts(env, h)?)?;
    }
    let mut text = library_text(error.message());
    if let Some(h) = &hint {
        text.push(' ');
        text.push_str(h);
    }
    let message = env.create_string(text.as_str())?;
    let class = match env.get_instance_data::<ErrorClass>() {
        Ok(Some(ErrorClass(reference))) => {
            let mut class = ptr::null_mut();
            napi::check_status!(unsafe {
                sys::napi_get_reference_value(env.raw(), *reference, &mut class)
            })?;
            class
        }
        // Only before the exports are registered, which no call can be: a plain Error.
        _ => ptr::null_mut(),
    };
    if class.is_null() {
        let mut obj = env.create_error(napi::Error::new(napi::Status::GenericFailure, text))?;
        obj.set("code", error.code().as_str())?;
        return Ok(napi::Error::from(obj.to_unknown()));
    }
    let args = [message.raw(), details.raw()];
    let mut instance = ptr::null_mut();
    napi::check_status!(unsafe {
        sys::napi_new_instance(env.raw(), class, args.len(), args.as_ptr(), &mut instance)
    })?;
    Ok(napi::Error::from(unsafe {
        Unknown::from_raw_unchecked(env.raw(), instance)
    }))
}

/// Makes a JavaScript string from UTF-8 bytes the core produced.
pub fn js_string<'env>(env: &'env Env, bytes: &[u8]) -> napi::Result<Unknown<'env>> {
    let mut out = ptr::null_mut();
    let status = if bytes.is_ascii() {
        // ASCII is Latin-1: V8 copies it into a one-byte string without decoding.
        unsafe {
            sys::napi_create_string_latin1(
                env.raw(),
                bytes.as_ptr().cast(),
                bytes.len() as isize,
                &mut out,
            )
        }
    } else if has_surrogate(bytes) {
        let units = wtf8_to_utf16(bytes);
        unsafe {
            sys::napi_create_string_utf16(env.raw(), units.as_ptr(), units.len() as isize, &mut out)
        }
    } else {
        unsafe {
            sys::napi_create_string_utf8(
                env.raw(),
                bytes.as_ptr().cast(),
                bytes.len() as isize,
                &mut out,
            )
        }
    };
    if status != sys::Status::napi_ok {
        return Err(napi::Error::new(
            napi::Status::GenericFailure,
            "could not create a JavaScript string",
        ));
    }
    Ok(unsafe { Unknown::from_raw_unchecked(env.raw(), out) })
}

/// U+FFFD in UTF-8.
const REPLACEMENT: &[u8] = b"\xEF\xBF\xBD";

/// UTF-16 to WTF-8: UTF-8, except that a lone surrogate is kept as its 3-byte form.
fn utf16_to_wtf8(units: &[u16]) -> Vec<u8> {
    let mut out = Vec::with_capacity(units.len() * 3);
    for unit in char::decode_utf16(units.iter().copied()) {
        match unit {
            Ok(c) => out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes()),
            Err(e) => {
                let u = e.unpaired_surrogate();
                out.extend_from_slice(&[
                    0xE0 | (u >> 12) as u8,
                    0x80 | ((u >> 6) & 0x3F) as u8,
                    0x80 | (u & 0x3F) as u8,
                ]);
            }
        }
    }
    out
}

/// The bytes hold the 3-byte form of a surrogate (`ED A0..BF ..`), which only WTF-8 has.
fn has_surrogate(bytes: &[u8]) -> bool {
    memchr::memchr_iter(0xED, bytes).any(|i| bytes.get(i + 1).is_some_and(|&b| b >= 0xA0))
}

/// WTF-8 (or any bytes) to UTF-16: surrogates come back as they were; bytes that are
/// neither UTF-8 nor a surrogate become U+FFFD.
fn wtf8_to_utf16(bytes: &[u8]) -> Vec<u16> {
    let mut out = Vec::with_capacity(bytes.len());
    let mut rest = bytes;
    while !rest.is_empty() {
        match std::str::from_utf8(rest) {
            Ok(s) => {
                out.extend(s.encode_utf16());
                break;
            }
            Err(e) => {
                let (valid, after) = rest.split_at(e.valid_up_to());
                out.extend(
                    std::str::from_utf8(valid)
                        .unwrap_or_default()
                        .encode_utf16(),
                );
                if after.len() >= 3
                    && after[0] == 0xED
                    && (0xA0..=0xBF).contains(&after[1])
                    && (0x80..=0xBF).contains(&after[2])
                {
                    out.push(
                        0xD000 | (u16::from(after[1] & 0x3F) << 6) | u16::from(after[2] & 0x3F),
                    );
                    rest = &after[3..];
                } else {
                    out.push(0xFFFD);
                    rest = &after[e.error_len().unwrap_or(after.len()).max(1)..];
                }
            }
        }
    }
    out
}
