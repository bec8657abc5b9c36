//! The `EolEditError` class, every error the addon throws, and the message parts
//! (`parts`, `hintParts`, `warningParts`) it gives.

use std::ptr;

use napi::bindgen_prelude::{Array, Env, Object, Unknown};
use napi::{sys, JsValue};

use eol_edit::{Error, Message, Name, Op, Part};

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
