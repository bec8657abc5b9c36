//! The `markers` guard's facts: lines that belong to how a change is sent, not to a
//! file.
//!
//! A model that edits with SEARCH/REPLACE blocks (Aider's `<<<<<<< SEARCH` …
//! `>>>>>>> REPLACE`, Cline's `------- SEARCH` … `+++++++ REPLACE`) or with the
//! apply_patch envelope (`*** Begin Patch`) sometimes leaves those lines in the text
//! it sends as the new content, and a model that copies a merge leaves git's conflict
//! markers. The divider `=======` is a marker only beside one of the others: alone it
//! is a Markdown or reStructuredText underline.

/// What kind of marker a line is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Marker {
    /// `<<<<<<< SEARCH`, `------- SEARCH`, `>>>>>>> REPLACE`, `+++++++ REPLACE`.
    SearchReplace,
    /// `=======`: between SEARCH and REPLACE, or between the sides of a conflict.
    Divider,
    /// `*** Begin Patch`, `*** End Patch`, `*** Add File:`, `*** Update File:`,
    /// `*** Delete File:`.
    Envelope,
    /// `<<<<<<< ours`, `||||||| base`, `>>>>>>> theirs`.
    Conflict,
}

impl Marker {
    /// How a message names the kind.
    pub(crate) fn words(self) -> &'static str {
        match self {
            Marker::SearchReplace => "a SEARCH/REPLACE marker",
            Marker::Divider => "the divider of a SEARCH/REPLACE block or a merge conflict",
            Marker::Envelope => "a line of the apply_patch envelope",
            Marker::Conflict => "a git conflict marker",
        }
    }
}

/// The marker `line` is, if it is one (surrounding whitespace aside).
pub(crate) fn marker(line: &[u8]) -> Option<Marker> {
    let line = line.trim_ascii();
    if line.len() < 5 {
        return None;
    }
    if line.starts_with(b"*** ") {
        let rest = &line[4..];
        let envelope = rest == b"Begin Patch"
            || rest == b"End Patch"
            || [&b"Add File:"[..], b"Update File:", b"Delete File:"]
                .iter()
                .any(|head| rest.starts_with(head));
        return envelope.then_some(Marker::Envelope);
    }
    let first = line[0];
    let run = line.iter().take_while(|&&b| b == first).count();
    let rest = &line[run..];
    let word = rest.strip_suffix(b">").unwrap_or(rest);
    match first {
        b'<' | b'-' if run >= 3 && word == b" SEARCH" => Some(Marker::SearchReplace),
        b'>' | b'+' if run >= 3 && word == b" REPLACE" => Some(Marker::SearchReplace),
        b'=' if (5..=9).contains(&run) && rest.is_empty() => Some(Marker::Divider),
        b'<' | b'|' | b'>' if run == 7 && (rest.is_empty() || rest[0] == b' ') => {
            Some(Marker::Conflict)
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knows_the_markers_of_each_way_of_sending_a_change() {
        for line in [
            "<<<<<<< SEARCH",
            ">>>>>>> REPLACE",
            "------- SEARCH",
            "+++++++ REPLACE",
            "  <<<<<<< SEARCH>",
        ] {
            assert_eq!(
                marker(line.as_bytes()),
                Some(Marker::SearchReplace),
                "{line}"
            );
        }
        for line in [
            "*** Begin Patch",
            "*** End Patch",
            "*** Add File: a.txt",
            "*** Update File: src/a.rs",
            "*** Delete File: b",
        ] {
            assert_eq!(marker(line.as_bytes()), Some(Marker::Envelope), "{line}");
        }
        for line in [
            "<<<<<<< HEAD",
            "||||||| merged common ancestors",
            ">>>>>>> feature",
            "<<<<<<<",
        ] {
            assert_eq!(marker(line.as_bytes()), Some(Marker::Conflict), "{line}");
        }
        assert_eq!(marker(b"======="), Some(Marker::Divider));
    }

    #[test]
    fn leaves_lines_that_only_look_alike() {
        for line in [
            "--- a/file.txt",
            "+++ b/file.txt",
            "*** End of File",
            "*** Move to: x",
            "<<<<<<<< eight",
            ">>> prompt",
            "<<<<<<<HEAD",
            "// ======= section =======",
            "=",
            "===========",
            "-----",
            "---- SEARCHING",
        ] {
            assert_eq!(marker(line.as_bytes()), None, "{line}");
        }
    }
}
