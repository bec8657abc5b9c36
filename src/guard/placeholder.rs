//! The `placeholder` guard's facts: a line that only says code is left out.
//!
//! Models asked for a whole file or a whole function often write what they did not
//! change as a comment: `// ... existing code ...`, `# rest of the file unchanged`,
//! `/* ... */`. Written, that line replaces the code it stands for. A line counts when
//! it is nothing but a comment (`//`, `#`, `--`, `;`, `/* */`, `<!-- -->`, `{/* */}`)
//! whose words are few and all of a small vocabulary of "code left out", or nothing
//! but an ellipsis (`...`, `…`) where an ellipsis is not code.
//!
//! The file's language decides the rest ([`Language`]). A bare `...` counts only where
//! it cannot be code (JavaScript and TypeScript, Go, Java, C#, Kotlin, PHP, shell, HTML,
//! CSS, SQL, JSON, TOML, …): in Python (the `Ellipsis` body), Rust and C (a variadic
//! parameter), Lua, R, Ruby, Perl, Raku and YAML (a document end) it is, and a file of a
//! language not listed is given the benefit of the doubt. In prose (Markdown,
//! reStructuredText, plain text) an example's `// ...` is how documentation leaves code
//! out, so only a comment that says so in words counts there. A doc comment (`///`,
//! `//!`, `/**`) is documentation, never a placeholder.
//!
//! The vocabulary is small on purpose: a comment that says anything else (`// skip the
//! rest of the line`, `# Other helpers`) is not one. What real code has of such lines
//! was measured (docs/guarantees.md).

/// How a file's language reads a line that is only an ellipsis (or a comment that is
/// only one).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Language {
    /// Code where a bare `...` cannot be code: both stand for code left out.
    Code,
    /// Code where a bare `...` may be code (or a language not known): only a comment
    /// stands for code left out.
    EllipsisIsCode,
    /// Documentation: an example's elision is the text's own.
    Prose,
}

impl Language {
    /// The language of the file `label` names, by its extension.
    pub(crate) fn of(label: &str) -> Language {
        let name = label.rsplit(['/', '\\']).next().unwrap_or(label);
        let extension = name.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase());
        match extension.as_deref() {
            Some(
                "js" | "mjs" | "cjs" | "jsx" | "ts" | "mts" | "cts" | "tsx" | "vue" | "svelte"
                | "go" | "java" | "kt" | "kts" | "cs" | "scala" | "swift" | "dart" | "php" | "sh"
                | "bash" | "zsh" | "fish" | "ps1" | "html" | "htm" | "xml" | "css" | "scss"
                | "sass" | "less" | "sql" | "json" | "jsonc" | "toml" | "ini" | "cfg",
            ) => Language::Code,
            Some("md" | "markdown" | "mdx" | "rst" | "txt" | "adoc" | "asciidoc" | "org") => {
                Language::Prose
            }
            _ => Language::EllipsisIsCode,
        }
    }
}

/// True when `line` only says that code is left out.
pub(crate) fn is_placeholder(line: &[u8], language: Language) -> bool {
    let Ok(line) = std::str::from_utf8(line) else {
        return false;
    };
    let line = line.trim();
    // A long line says something.
    if line.is_empty() || line.len() > 120 {
        return false;
    }
    if is_ellipsis(line) {
        return language == Language::Code;
    }
    match comment_body(line).map(says_left_out) {
        Some(Said::Ellipsis) => language != Language::Prose,
        Some(Said::Words) => true,
        Some(Said::Nothing) | None => false,
    }
}

/// What a comment says of code left out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Said {
    /// Nothing of it.
    Nothing,
    /// An ellipsis and no words.
    Ellipsis,
    /// Words that say so.
    Words,
}

/// `...`, `…` or `. . .` and nothing else.
fn is_ellipsis(text: &str) -> bool {
    matches!(text, "..." | "\u{2026}" | ". . .")
}

/// The text of a line that is one comment and nothing else (but a doc comment).
fn comment_body(line: &str) -> Option<&str> {
    if ["///", "//!", "/**", "/*!"]
        .iter()
        .any(|doc| line.starts_with(doc))
    {
        return None;
    }
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

/// Whether a comment's text only says that code is left out: an ellipsis and no
/// words; a few words between two ellipses (`... more queries ...`); or at most eight
/// words, all of the vocabulary, that say so (a word of [`STATE`] alone or with what
/// it is about, a [`LEAD`] word and something it leads, or an ellipsis beside them).
fn says_left_out(body: &str) -> Said {
    let text = body.trim().to_lowercase().replace('\u{2026}', "...");
    let ellipsis = text.contains("...") || text.contains(". . .");
    let wrapped = text.len() > 6 && text.starts_with("...") && text.ends_with("...");
    let words: Vec<&str> = text
        .split(|c: char| !(c.is_alphanumeric() || c == '\''))
        .filter(|w| !w.is_empty())
        .collect();
    if words.is_empty() {
        // Only an ellipsis, perhaps in brackets: not ASCII art or an arrow with dots.
        let only_dots = text
            .chars()
            .all(|c| c == '.' || c.is_whitespace() || "()[]{}<>".contains(c));
        return if ellipsis && only_dots {
            Said::Ellipsis
        } else {
            Said::Nothing
        };
    }
    if wrapped && words.len() <= 6 {
        return Said::Words;
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
        return Said::Nothing;
    }
    let saying = |list: &[&str]| words.iter().any(|w| known(w, list));
    let says = if saying(STATE) {
        // "unchanged" alone, or with what is unchanged: not "are left unmodified", the
        // end of a sentence.
        words.len() == 1 || saying(NOUNS) || saying(LEAD)
    } else if ellipsis {
        saying(LEAD) || saying(WEAK) || saying(NOUNS)
    } else {
        known(&words[0], LEAD) && words.len() >= 2 && saying(NOUNS)
    };
    if says {
        Said::Words
    } else {
        Said::Nothing
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn yes(line: &str) -> bool {
        is_placeholder(line.as_bytes(), Language::Code)
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
            "// ......",
            "/* (...) */",
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
            "/// are left unmodified.",
            "# .-. .-. .-. . . .-. .-.",
            "// ###\"...\"### -> ...",
            "///     // ...",
            "//! // ...",
            "/** ... */",
        ] {
            assert!(!yes(line), "{line}");
        }
    }

    #[test]
    fn a_bare_ellipsis_is_code_where_the_language_makes_it_so() {
        for name in [
            "a.py",
            "stubs/b.pyi",
            "C:\\x\\m.PY",
            "lib.rs",
            "ffi.h",
            "ci.yaml",
            "content",
            "Makefile",
        ] {
            assert_eq!(Language::of(name), Language::EllipsisIsCode, "{name}");
            assert!(!is_placeholder(b"    ...", Language::of(name)));
            // A comment is a comment there too.
            assert!(is_placeholder(b"# ...", Language::of(name)));
            assert!(is_placeholder(
                b"// ... existing code ...",
                Language::of(name)
            ));
        }
        for name in ["a.js", "b.tsx", "main.go", "x.md.js", "page.html"] {
            assert_eq!(Language::of(name), Language::Code, "{name}");
            assert!(is_placeholder(b"    ...", Language::of(name)));
        }
    }

    #[test]
    fn documentation_leaves_code_out_of_its_examples_with_an_ellipsis() {
        for name in ["README.md", "docs/guide.rst", "notes.txt"] {
            let language = Language::of(name);
            assert_eq!(language, Language::Prose, "{name}");
            assert!(!is_placeholder(b"  // ...", language));
            assert!(!is_placeholder(b"...", language));
            assert!(is_placeholder(
                b"<!-- rest of the file unchanged -->",
                language
            ));
            assert!(is_placeholder(b"// ... existing code ...", language));
        }
    }
}
