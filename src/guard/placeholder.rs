//! The `placeholder` guard's facts: a line that only says code is left out.
//!
//! Models asked for a whole file or a whole function often write what they did not
//! change as a comment: `// ... existing code ...`, `# rest of the file unchanged`,
//! `/* ... */`. Written, that line replaces the code it stands for. A line counts when
//! it is nothing but a comment (`//`, `#`, `--`, `;`, `/* */`, `<!-- -->`, `{/* */}`)
//! whose words are few and all of a small vocabulary of "code left out", or nothing
//! but an ellipsis (`...`, `…`) where an ellipsis is not code: in Python (and its
//! stubs and Cython), Perl and Raku a bare `...` is a statement, and in YAML it ends a
//! document.
//!
//! The vocabulary is small on purpose: a comment that says anything else (`// skip the
//! rest of the line`, `# Other helpers`) is not one. What real code has of such lines
//! was measured (docs/guarantees.md).

/// How a file's language reads a bare `...`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Ellipsis {
    /// A statement or a document end: not a placeholder.
    Code,
    /// Not code: a placeholder.
    Text,
}

impl Ellipsis {
    /// What a bare `...` is in the file `label` names, by its extension.
    pub(crate) fn of(label: &str) -> Ellipsis {
        let name = label.rsplit(['/', '\\']).next().unwrap_or(label);
        let extension = name.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase());
        match extension.as_deref() {
            Some(
                "py" | "pyi" | "pyw" | "pyx" | "pxd" | "pl" | "pm" | "raku" | "rakumod" | "p6",
            )
            | Some("yml" | "yaml") => Ellipsis::Code,
            _ => Ellipsis::Text,
        }
    }
}

/// True when `line` only says that code is left out.
pub(crate) fn is_placeholder(line: &[u8], ellipsis: Ellipsis) -> bool {
    let Ok(line) = std::str::from_utf8(line) else {
        return false;
    };
    let line = line.trim();
    // A long line says something.
    if line.is_empty() || line.len() > 120 {
        return false;
    }
    if is_ellipsis(line) {
        return ellipsis == Ellipsis::Text;
    }
    comment_body(line).is_some_and(says_left_out)
}

/// `...`, `…` or `. . .` and nothing else.
fn is_ellipsis(text: &str) -> bool {
    matches!(text, "..." | "\u{2026}" | ". . .")
}

/// The text of a line that is one comment and nothing else.
fn comment_body(line: &str) -> Option<&str> {
    for (open, close) in [("{/*", "*/}"), ("/*", "*/"), ("<!--", "-->")] {
        if let Some(rest) = line.strip_prefix(open) {
            return rest.strip_suffix(close);
        }
    }
    ["//", "#", "--", ";"]
        .iter()
        .find_map(|lead| line.strip_prefix(lead))
}

/// Words that say what is left out.
const STATE: &[&str] = &[
    "unchanged",
    "omitted",
    "elided",
    "unmodified",
    "untouched",
    "snip",
    "snipped",
    "truncated",
    "abbreviated",
];

/// Words that open "the rest of it".
const LEAD: &[&str] = &[
    "existing",
    "rest",
    "remaining",
    "remainder",
    "previous",
    "prior",
];

/// Words that go with the others but say nothing alone.
const WEAK: &[&str] = &[
    "other", "more", "same", "before", "above", "below", "earlier", "original",
];

/// What is left out.
const NOUNS: &[&str] = &[
    "code",
    "file",
    "function",
    "functions",
    "method",
    "methods",
    "class",
    "classes",
    "implementation",
    "implementations",
    "body",
    "content",
    "contents",
    "logic",
    "imports",
    "tests",
    "test",
    "fields",
    "properties",
    "props",
    "styles",
    "config",
    "configuration",
    "cases",
    "definitions",
    "declarations",
    "components",
    "handlers",
    "members",
    "helpers",
    "items",
    "entries",
    "sections",
    "section",
    "block",
    "blocks",
    "statements",
    "module",
    "lines",
    "stuff",
    "routes",
    "exports",
    "types",
    "markup",
    "html",
    "css",
    "rules",
    "elements",
    "attributes",
    "options",
    "settings",
    "arguments",
    "parameters",
    "cells",
    "queries",
    "page",
    "template",
    "script",
    "steps",
];

/// Words of the phrases around them.
const FILLERS: &[&str] = &[
    "of", "the", "this", "that", "these", "those", "a", "an", "and", "or", "is", "are", "as",
    "here", "goes", "go", "remains", "remain", "stays", "stay", "kept", "keep", "etc", "so", "on",
    "for", "brevity", "not", "shown", "left", "out", "your", "my", "our", "all", "in", "it", "its",
    "file's",
];

/// True when a comment's text only says that code is left out: an ellipsis and no
/// words; a few words between two ellipses (`... more queries ...`); or at most eight
/// words, all of the vocabulary, that say so (a word of [`STATE`], a [`LEAD`] word and
/// something it leads, or an ellipsis beside them).
fn says_left_out(body: &str) -> bool {
    let text = body.trim().to_lowercase().replace('\u{2026}', "...");
    let ellipsis = text.contains("...") || text.contains(". . .");
    let wrapped = text.len() > 6 && text.starts_with("...") && text.ends_with("...");
    let words: Vec<&str> = text
        .split(|c: char| !(c.is_alphanumeric() || c == '\''))
        .filter(|w| !w.is_empty())
        .collect();
    if words.is_empty() {
        return ellipsis;
    }
    if wrapped && words.len() <= 6 {
        return true;
    }
    let known = |w: &&str, list: &[&str]| list.contains(w);
    if words.len() > 8
        || !words.iter().all(|w| {
            known(w, STATE)
                || known(w, LEAD)
                || known(w, WEAK)
                || known(w, NOUNS)
                || known(w, FILLERS)
        })
    {
        return false;
    }
    let saying = |list: &[&str]| words.iter().any(|w| known(w, list));
    if saying(STATE) {
        return true;
    }
    if ellipsis {
        return saying(LEAD) || saying(WEAK) || saying(NOUNS);
    }
    known(&words[0], LEAD) && words.len() >= 2 && saying(NOUNS)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn yes(line: &str) -> bool {
        is_placeholder(line.as_bytes(), Ellipsis::Text)
    }

    #[test]
    fn knows_what_models_write_for_code_they_left_out() {
        for line in [
            "// ... existing code ...",
            "    // ...existing code...",
            "# ... rest of the code ...",
            "# rest of the file unchanged",
            "// Rest of the function remains the same",
            "/* ... */",
            "<!-- … -->",
            "{/* ... */}",
            "-- ... other queries ...",
            "; ...",
            "// (unchanged)",
            "// existing code",
            "# ... imports ...",
            "// other methods unchanged",
            "// code omitted for brevity",
            "...",
            "…",
        ] {
            assert!(yes(line), "{line}");
        }
    }

    #[test]
    fn leaves_comments_that_say_something_else() {
        for line in [
            "// skip the rest of the line",
            "# Other helpers",
            "// TODO: handle the rest",
            "// etc.",
            "// ---",
            "#include <stdio.h>",
            "#[derive(Debug)]",
            "/* the rest of the file is generated by build.rs; do not edit it */",
            "x = 1  # unchanged",
            "print('...')",
            "/* ... unterminated",
            "",
            "--",
        ] {
            assert!(!yes(line), "{line}");
        }
    }

    #[test]
    fn a_bare_ellipsis_is_code_where_the_language_makes_it_so() {
        for name in ["a.py", "stubs/b.pyi", "C:\\x\\m.PY", "lib.pm", "ci.yaml"] {
            assert_eq!(Ellipsis::of(name), Ellipsis::Code, "{name}");
            assert!(!is_placeholder(b"    ...", Ellipsis::of(name)));
            // A comment is a comment there too.
            assert!(is_placeholder(
                b"# ... existing code ...",
                Ellipsis::of(name)
            ));
        }
        for name in ["a.js", "content", "Makefile", "x.python.md"] {
            assert_eq!(Ellipsis::of(name), Ellipsis::Text, "{name}");
        }
    }
}
