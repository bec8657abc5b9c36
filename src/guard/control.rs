//! The `control` guard's facts: which characters it refuses, and how a line holding
//! them is shown.
//!
//! A model that means to write the six characters `\u0000` in a string literal and
//! sends them in JSON sends the character itself (JSON reads `\u0000` as NUL), and a
//! file with a NUL in it is binary to git, to editors and to eol-edit itself. The other
//! C0 and C1 control characters arrive the same way and are as invisible. Tab, line
//! feed, carriage return and form feed are text (FF separates pages in C and Python
//! sources), so they pass.
//!
//! ```text
//! a = "\u0000"      the line as a message quotes it (the character escaped)
//! ```

use std::fmt::Write as _;

/// Each character of `line` the guard refuses: its byte offset and the character.
/// `line` is UTF-8 (bytes that are not pass; a C1 control is only ever the two-byte
/// form `C2 80`..`C2 9F`).
pub(crate) fn each(line: &[u8]) -> impl Iterator<Item = (usize, char)> + '_ {
    let mut from = 0;
    std::iter::from_fn(move || {
        let found = find(line, from)?;
        from = found.0 + 1;
        Some(found)
    })
}

/// The first character the guard refuses at or after byte `from` of `line`.
fn find(line: &[u8], from: usize) -> Option<(usize, char)> {
    let mut i = from;
    while i < line.len() {
        let b = line[i];
        if b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r' | 0x0C) {
            return Some((i, char::from(b)));
        }
        if b == 0xC2 && line.get(i + 1).is_some_and(|n| (0x80..=0x9F).contains(n)) {
            let c = char::from_u32(u32::from(line[i + 1])).expect("U+0080..U+009F are characters");
            return Some((i, c));
        }
        i += 1;
    }
    None
}

/// True when `text` holds the character `c` (a control character the guard refuses).
pub(crate) fn holds(text: &[u8], c: char) -> bool {
    let mut buf = [0; 4];
    let bytes = c.encode_utf8(&mut buf).as_bytes();
    match bytes {
        [one] => memchr::memchr(*one, text).is_some(),
        _ => memchr::memmem::find(text, bytes).is_some(),
    }
}

/// The character's name in a message: `U+0000 (NUL)`.
pub(crate) fn name(c: char) -> String {
    const C0: [&str; 32] = [
        "NUL", "SOH", "STX", "ETX", "EOT", "ENQ", "ACK", "BEL", "BS", "TAB", "LF", "VT", "FF",
        "CR", "SO", "SI", "DLE", "DC1", "DC2", "DC3", "DC4", "NAK", "SYN", "ETB", "CAN", "EM",
        "SUB", "ESC", "FS", "GS", "RS", "US",
    ];
    let code = u32::from(c);
    match C0.get(code as usize) {
        Some(short) => format!("U+{code:04X} ({short})"),
        None => format!("U+{code:04X} (a C1 control character)"),
    }
}

/// `text` as a message quotes it: every control character but the tab (C0, DEL and
/// C1) as a `\u0000`-style escape, so that the quote shows what a reader of the file
/// would not see. Bytes that are not UTF-8 show as U+FFFD.
pub(crate) fn escaped(text: &[u8]) -> String {
    let mut out = String::with_capacity(text.len());
    for c in String::from_utf8_lossy(text).chars() {
        if c.is_control() && c != '\t' {
            let _ = write!(out, "\\u{:04x}", u32::from(c));
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(line: &[u8]) -> Vec<(usize, char)> {
        each(line).collect()
    }

    #[test]
    fn refuses_c0_and_c1_controls_but_not_tab_lf_cr_or_form_feed() {
        assert_eq!(all(b"a = \"\0\""), [(5, '\0')]);
        assert_eq!(all(b"\x1b[31m\x1b[0m"), [(0, '\u{1b}'), (5, '\u{1b}')]);
        assert_eq!(all("x\u{85}y".as_bytes()), [(1, '\u{85}')]);
        assert_eq!(all(b"\ta\x0cb\r\n"), []);
        // DEL is neither C0 nor C1; a lone continuation byte is not a C1 character.
        assert_eq!(all(b"\x7f \x85"), []);
    }

    #[test]
    fn finds_the_character_in_a_text_by_its_encoding() {
        assert!(holds(b"ab\0c", '\0'));
        assert!(holds("a\u{9b}".as_bytes(), '\u{9b}'));
        assert!(!holds(b"\xc2\x9a", '\u{9b}'));
    }

    #[test]
    fn escapes_controls_in_quotes_and_names_them() {
        assert_eq!(escaped(b"a = \"\0\"\t\x7f"), "a = \"\\u0000\"\t\\u007f");
        assert_eq!(name('\0'), "U+0000 (NUL)");
        assert_eq!(name('\u{1b}'), "U+001B (ESC)");
        assert_eq!(name('\u{85}'), "U+0085 (a C1 control character)");
    }
}
