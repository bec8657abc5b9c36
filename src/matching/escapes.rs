//! The `unescaped` tier's reading of a text: models often write a line break as the
//! two characters `\n` (or a tab as `\t`, a quote as `\"`) when they mean the
//! character. These undo those escapes, and say whether a text has any.

/// Unescapes the literal escapes a model may write instead of real characters:
/// `\n`, `\r`, `\t`, `\"`, `\'`, `\\`, `\$`. Other backslashes stay as they are.
pub fn unescape(text: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len());
    let mut i = 0;
    while i < text.len() {
        if text[i] == b'\\' && i + 1 < text.len() {
            let replacement = match text[i + 1] {
                b'n' => Some(b'\n'),
                b'r' => Some(b'\r'),
                b't' => Some(b'\t'),
                b'"' => Some(b'"'),
                b'\'' => Some(b'\''),
                b'\\' => Some(b'\\'),
                b'$' => Some(b'$'),
                _ => None,
            };
            if let Some(r) = replacement {
                out.push(r);
                i += 2;
                continue;
            }
        }
        out.push(text[i]);
        i += 1;
    }
    out
}

/// `oldText` qualifies for the unescaped tier: no real line break, but at least one
/// literal escape sequence.
pub fn has_literal_escapes(old: &[u8]) -> bool {
    !has_line_break(old) && has_escapes(old)
}

/// `text` has a real line break: a `\n` or a `\r` character.
pub fn has_line_break(text: &[u8]) -> bool {
    memchr::memchr2(b'\n', b'\r', text).is_some()
}

/// `text` has a literal escape sequence that [`unescape`] undoes.
pub fn has_escapes(text: &[u8]) -> bool {
    text.windows(2)
        .any(|w| w[0] == b'\\' && matches!(w[1], b'n' | b'r' | b't' | b'"' | b'\'' | b'\\' | b'$'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unescape_turns_literal_escapes_into_characters() {
        assert_eq!(unescape(br"\$x \\$"), b"$x \\$");
        assert!(has_literal_escapes(br"cost: \$5"));
        assert_eq!(unescape(br#"a\nb\t\"c\\d\x"#), b"a\nb\t\"c\\d\\x");
        assert!(has_literal_escapes(br"a\nb"));
        assert!(!has_literal_escapes(b"a\nb\\n"));
    }
}
