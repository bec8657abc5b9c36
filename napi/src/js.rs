//! Reading JavaScript arguments by hand, so that a wrong type is an
//! `INVALID_ARGUMENT` error that names the argument, never a crash and never a
//! bare napi status; and making the values the addon gives back.
//!
//! This file reads one value ([`Js`]); `options.rs` reads an options object and
//! refuses its unknown keys; `errors.rs` makes the `EolEditError` class and every
//! error and message parts the addon gives; `wtf8.rs` makes strings from the core's
//! bytes, lone surrogates included.

use std::ptr;

use napi::bindgen_prelude::Unknown;
use napi::{sys, JsValue};

use eol_edit::{Error, ErrorCode, Message};

mod errors;
mod options;
mod wtf8;

pub use errors::{library_texts, to_js_error, EolEditErrorConstructor, WarningParts};
pub use options::{strict, strict_item, Options};
pub use wtf8::js_string;
use wtf8::{utf16_to_wtf8, REPLACEMENT};

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

    /// A string with each lone surrogate read as U+FFFD (the same length in UTF-16
    /// units): for a text that is measured, not kept.
    pub fn string_lossy(&self, name: &str) -> Result<String, Error> {
        Ok(wtf8::wtf8_lossy(self.string_bytes(name)?))
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
