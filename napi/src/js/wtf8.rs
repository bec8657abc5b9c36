//! JavaScript strings from the core's UTF-8 (or WTF-8) bytes, and back: a lone
//! surrogate survives the round trip.

use std::ptr;

use napi::bindgen_prelude::{Env, Unknown};
use napi::sys;

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
pub(super) const REPLACEMENT: &[u8] = b"\xEF\xBF\xBD";

/// UTF-16 to WTF-8: UTF-8, except that a lone surrogate is kept as its 3-byte form.
pub(super) fn utf16_to_wtf8(units: &[u16]) -> Vec<u8> {
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

/// WTF-8 as UTF-8, each lone surrogate replaced by U+FFFD: the same length in UTF-16
/// units (one each), for code that measures a text rather than keeps it.
pub(super) fn wtf8_lossy(mut bytes: Vec<u8>) -> String {
    let mut at = 0;
    while let Some(i) = memchr::memchr(0xED, &bytes[at..]).map(|i| at + i) {
        if bytes.get(i + 1).is_some_and(|&b| b >= 0xA0) && i + 2 < bytes.len() {
            bytes[i..i + 3].copy_from_slice(REPLACEMENT);
        }
        at = i + 1;
    }
    String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
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
