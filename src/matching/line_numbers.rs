//! The `lineNumbers` tier's reading of a text: the agent tools' `read_file` shows each
//! line as `  12│text`, and a model sometimes copies those prefixes into `old_text`.
//! When every line of a text carries one, the text without them is what was meant.

/// The gutter between a line's number and its text in `read_file`'s view.
const GUTTER: &str = "\u{2502}";

/// Length of the `  12│` prefix `line` starts with: spaces, at least one digit, the
/// gutter; `None` when it has none.
fn prefix_len(line: &[u8]) -> Option<usize> {
    let spaces = line.iter().take_while(|&&b| b == b' ').count();
    let digits = line[spaces..]
        .iter()
        .take_while(|b| b.is_ascii_digit())
        .count();
    let at = spaces + digits;
    (digits > 0 && line[at..].starts_with(GUTTER.as_bytes())).then_some(at + GUTTER.len())
}

/// `text` (LF view) without the line-number prefix of each of its lines, when every
/// line has one (a final empty piece after the last `\n` is not a line); else `None`.
pub fn strip_line_numbers(text: &[u8]) -> Option<Vec<u8>> {
    let body = text.strip_suffix(b"\n").unwrap_or(text);
    if body.is_empty() {
        return None;
    }
    let mut out = Vec::with_capacity(text.len());
    for (i, line) in body.split(|&b| b == b'\n').enumerate() {
        if i > 0 {
            out.push(b'\n');
        }
        out.extend_from_slice(&line[prefix_len(line)?..]);
    }
    if body.len() < text.len() {
        out.push(b'\n');
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strips_the_prefix_of_every_line_or_none() {
        let strip =
            |t: &str| strip_line_numbers(t.as_bytes()).map(|v| String::from_utf8(v).unwrap());
        assert_eq!(
            strip("  9\u{2502}a\n 10\u{2502}  b\n").as_deref(),
            Some("a\n  b\n")
        );
        assert_eq!(strip("12\u{2502}x").as_deref(), Some("x"));
        assert_eq!(strip("3\u{2502}\n4\u{2502}y").as_deref(), Some("\ny"));
        assert_eq!(strip("  9\u{2502}a\nb"), None, "a line without a prefix");
        assert_eq!(strip("\u{2502}a"), None, "no number");
        assert_eq!(strip("x9\u{2502}a"), None);
        assert_eq!(strip(""), None);
        assert_eq!(strip("\n"), None);
    }
}
