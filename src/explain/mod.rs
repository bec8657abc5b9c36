//! Failures that explain themselves to a model.
//!
//! When `oldText` is not found, the most useful answer is where the model meant and
//! what differs there: tabs for spaces, curly quotes, trailing spaces, a renamed
//! identifier, a missing line. The message quotes that region as `read_file` shows it,
//! so a retry can copy it instead of re-reading the file.
//!
//!
//! Two halves: `index` finds the region of the file closest to the text (character
//! trigrams weighted by rarity, votes, then a banded alignment), and `message` says it
//! (the region quoted as `read_file` shows it, what differs there). `names` finds the
//! known option a mistyped key meant, for the binding's refusal of unknown keys.

mod index;
mod message;
mod names;

pub use message::{anchor_not_found, closest_region, not_found, not_found_escaped};
pub(crate) use names::closest_file_name;
#[cfg(feature = "binding")]
pub use names::closest_name;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::{Error, ErrorCode};
    use crate::matching::Lines;

    fn explain(file: &str, old: &str) -> Error {
        not_found(&Lines::new(file.as_bytes()), old.as_bytes())
    }

    const ADD_SUB: &str = "#include <stdio.h>\n\nint Add(int a, int b)\n{\n    return a + b;\n}\n\nint Sub(int a, int b)\n{\n    return a - b;\n}\n";

    #[test]
    fn points_at_the_function_the_model_meant_not_the_first_with_braces() {
        let e = explain(ADD_SUB, "int Sub(int x, int y)\n{\n    return x - y;\n}");
        assert_eq!(e.code, ErrorCode::TextNotFound);
        assert_eq!(e.lines, vec![8, 9, 10, 11], "{}", e.message);
        assert!(
            e.message
                .text()
                .contains(" 8\u{2502}int Sub(int a, int b)\n"),
            "{}",
            e.message
        );
        assert!(e.message.text().contains("11\u{2502}}"), "{}", e.message);
        assert!(!e.message.text().contains("Add"), "{}", e.message);
    }

    #[test]
    fn names_a_second_region_when_it_is_nearly_as_close() {
        let e = explain(ADD_SUB, "int Mul(int a, int b)\n{\n    return a * b;\n}");
        assert!(
            e.message.text().contains("nearly as close"),
            "{}",
            e.message
        );
        assert_eq!(e.lines, vec![3, 4, 5, 6], "{}", e.message);
        assert!(
            e.message.text().contains("Lines 8-11 are nearly as close"),
            "{}",
            e.message
        );
    }

    #[test]
    fn a_one_line_old_text_is_a_one_line_region() {
        let e = explain(ADD_SUB, "    return a - c;");
        assert_eq!(e.lines, vec![10], "{}", e.message);
        assert!(
            e.message.text().contains("closest match is line 10 ("),
            "{}",
            e.message
        );
    }

    #[test]
    fn names_tabs_versus_spaces_in_the_closest_region() {
        let e = explain(
            "a\nfn x() {\n\treturn 1;\n}\n",
            "fn x() {\n    return 1;\n}",
        );
        assert_eq!(e.code, ErrorCode::TextNotFound);
        assert!(e.message.text().contains("lines 2-4"), "{}", e.message);
        assert!(
            e.message
                .text()
                .contains("line 3: the file indents with tabs, old_text with spaces"),
            "{}",
            e.message
        );
        assert_eq!(e.lines, vec![2, 3, 4]);
    }

    #[test]
    fn names_quote_characters() {
        let e = explain("x\nsay(\u{2018}hi\u{2019}) + y\n", "say('hi') + y\nz");
        assert!(
            e.message.text().contains("line 2: the file has '\u{2018}'"),
            "{}",
            e.message
        );
    }

    #[test]
    fn names_a_line_the_file_lacks() {
        let e = explain(
            "alpha one\nbravo two\ncharlie three\ndelta four\n",
            "alpha one\nbravo two\nextra line\ncharlie three\ndelta four",
        );
        assert_eq!(e.lines, vec![1, 2, 3, 4], "{}", e.message);
        assert!(
            e.message
                .text()
                .contains("old_text has `extra line` before line 3, the file does not"),
            "{}",
            e.message
        );
    }

    #[test]
    fn names_an_extra_file_line_and_keeps_the_whole_region() {
        let e = explain(
            "alpha one\nbravo two\nextra line\ncharlie three\ndelta four\n",
            "alpha one\nbravo two\ncharlie three\ndelta four",
        );
        assert_eq!(e.lines, vec![1, 2, 3, 4, 5], "{}", e.message);
        assert!(
            e.message
                .text()
                .contains("line 3 is in the file but not in old_text"),
            "{}",
            e.message
        );
    }

    #[test]
    fn names_trailing_whitespace() {
        let e = explain("keep this \nand that\n", "keep this  \nand that!");
        assert!(
            e.message.text().contains("trailing whitespace"),
            "{}",
            e.message
        );
    }

    #[test]
    fn names_a_missing_final_line_ending() {
        let e = explain("first line\nsecond line", "second line\n");
        assert_eq!(e.lines, vec![2], "{}", e.message);
        assert!(e.message.text().contains("no line ending"), "{}", e.message);
    }

    #[test]
    fn says_so_when_nothing_is_close() {
        let e = explain("alpha\nbeta\n", "zzzz qqqq");
        assert!(e.lines.is_empty());
        assert!(
            e.message.text().contains("No part of the file is close"),
            "{}",
            e.message
        );
    }

    #[test]
    fn quotes_the_head_and_tail_of_a_long_region() {
        let file: String = (0..100).map(|i| format!("line number {i}\n")).collect();
        let old: String = (10..60)
            .map(|i| format!("line number {i}\n"))
            .collect::<String>()
            + "not here\n";
        let e = explain(&file, &old);
        assert_eq!(e.lines.first(), Some(&11), "{}", e.message);
        assert!(e.lines.len() >= 50, "{}", e.message);
        assert!(e.message.text().contains("not shown"), "{}", e.message);
        assert!(e.message.text().len() < 4000, "{}", e.message);
    }
}
