//! The line ending of a file that does not exist yet, from the project's own settings.
//!
//! An existing file's ending is in its bytes; a new one takes the project's convention:
//!
//! 1. **`.editorconfig`** files from the file's folder upward, stopping after one that
//!    says `root = true`. Every section whose glob matches sets `end_of_line`
//!    (`lf`, `crlf`, `cr`; `unset` clears it); files nearer the new file win over
//!    farther ones, and within a file later sections win, as the EditorConfig
//!    specification says. Globs: `*`, `**`, `?`, `[abc]`, `[!a-z]`, `{a,b}`,
//!    `{1..10}`, `\` escapes; a glob with a `/` is relative to its `.editorconfig`'s
//!    folder, one without matches at any depth.
//! 2. Else **`.gitattributes`** files from the file's folder up to the repository's top
//!    (the folder holding `.git`), then `.git/info/attributes`: the last `eol=lf` or
//!    `eol=crlf` that applies wins (later lines over earlier, nearer files over farther),
//!    unless `text` ends up unset (`-text`, `binary`), as for git. Patterns follow
//!    gitignore: no `/` matches the file name at any depth, a `/` anchors to the
//!    file's folder, `**/`, `/**` and `/**/` span folders; folder-only patterns
//!    (trailing `/`) never match a file. Git's own config (`core.eol`,
//!    `core.autocrlf`) is not consulted.
//! 3. Else `\n`.
//!
//! Settings files above a `root` confinement folder are read too: they only decide an
//! ending, and a project's `.editorconfig` usually sits at its top.

use std::fs;

use crate::eol::Ending;
use std::path::{Path, PathBuf};

/// The ending for a new file at `path` (absolute; its folders need not exist).
///
/// ```no_run
/// use eol_edit::eol::Ending;
/// use eol_edit::file::conventions::new_file_ending;
/// // With `[*.bat]\nend_of_line = crlf` in /repo/.editorconfig:
/// assert_eq!(new_file_ending("/repo/run.bat".as_ref()), Ending::CrLf);
/// ```
pub fn new_file_ending(path: &Path) -> Ending {
    editorconfig_ending(path)
        .or_else(|| gitattributes_ending(path))
        .unwrap_or(Ending::Lf)
}

/// `path` relative to `dir`, with `/` separators, or `None` when it is not below `dir`.
fn relative(path: &Path, dir: &Path) -> Option<String> {
    let rel = path.strip_prefix(dir).ok()?;
    let parts: Vec<_> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect();
    Some(parts.join("/"))
}

// ---------------------------------------------------------------------------------------
// EditorConfig

struct EditorConfig {
    root: bool,
    /// (glob, end_of_line) in file order; `None` for `unset`.
    sections: Vec<(String, Option<Ending>)>,
}

fn parse_editorconfig(text: &str) -> EditorConfig {
    let mut config = EditorConfig {
        root: false,
        sections: Vec::new(),
    };
    let mut section: Option<String> = None;
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') || line.starts_with(';') {
            continue;
        }
        if line.starts_with('[') && line.ends_with(']') && line.len() >= 2 {
            section = Some(line[1..line.len() - 1].to_string());
            continue;
        }
        let Some((key, value)) = line.split_once('=') else {
            continue;
        };
        let key = key.trim().to_ascii_lowercase();
        // Tolerate an inline comment after the value.
        let value = value
            .split_whitespace()
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        match (&section, key.as_str()) {
            (None, "root") => config.root = value == "true",
            (Some(glob), "end_of_line") => {
                let ending = match value.as_str() {
                    "lf" => Some(Ending::Lf),
                    "crlf" => Some(Ending::CrLf),
                    "cr" => Some(Ending::Cr),
                    "unset" => None,
                    _ => continue,
                };
                config.sections.push((glob.clone(), ending));
            }
            _ => {}
        }
    }
    config
}

fn editorconfig_ending(path: &Path) -> Option<Ending> {
    let mut found: Vec<(PathBuf, EditorConfig)> = Vec::new();
    for dir in path.ancestors().skip(1) {
        if let Ok(text) = fs::read_to_string(dir.join(".editorconfig")) {
            let config = parse_editorconfig(&text);
            let root = config.root;
            found.push((dir.to_path_buf(), config));
            if root {
                break;
            }
        }
    }
    let mut ending = None;
    // Farthest first, so nearer files and later sections overwrite.
    for (dir, config) in found.iter().rev() {
        let Some(rel) = relative(path, dir) else {
            continue;
        };
        let full = format!("/{rel}");
        for (glob, value) in &config.sections {
            if editorconfig_glob_matches(glob, &full) {
                ending = *value;
            }
        }
    }
    ending
}

/// Matches an EditorConfig section glob against `/`-prefixed path relative to the
/// `.editorconfig`'s folder.
fn editorconfig_glob_matches(glob: &str, full: &str) -> bool {
    let pattern = if glob.contains('/') {
        format!("/{}", glob.trim_start_matches('/'))
    } else {
        format!("**/{glob}")
    };
    Glob::parse(&pattern, true).matches(full)
}

// ---------------------------------------------------------------------------------------
// gitattributes

/// An attribute's state as git tracks it; `None` in the fields below is "unspecified".
#[derive(Clone, Copy, PartialEq, Eq)]
enum Text {
    Set,
    Unset,
    Auto,
}

#[derive(Default)]
struct Attributes {
    text: Option<Text>,
    eol: Option<Ending>,
}

impl Attributes {
    /// Applies the attribute list of one matching line.
    fn apply(&mut self, attrs: &str) {
        for attr in attrs.split_whitespace() {
            match attr {
                "text" | "crlf" => self.text = Some(Text::Set),
                "-text" | "-crlf" | "binary" => self.text = Some(Text::Unset),
                "!text" | "!crlf" => self.text = None,
                "text=auto" | "crlf=input" => self.text = Some(Text::Auto),
                "eol=lf" => self.eol = Some(Ending::Lf),
                "eol=crlf" => self.eol = Some(Ending::CrLf),
                "-eol" | "!eol" => self.eol = None,
                _ => {}
            }
        }
    }

    fn ending(&self) -> Option<Ending> {
        if self.text == Some(Text::Unset) {
            None
        } else {
            self.eol
        }
    }
}

/// Applies every matching line of one attributes file, whose patterns are relative to
/// `dir`.
fn apply_gitattributes(text: &str, dir: &Path, path: &Path, attrs: &mut Attributes) {
    let Some(rel) = relative(path, dir) else {
        return;
    };
    let name = rel.rsplit('/').next().unwrap_or(&rel);
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') || line.starts_with("[attr]") {
            continue;
        }
        let (pattern, rest) = line
            .split_once(|c: char| c.is_ascii_whitespace())
            .unwrap_or((line, ""));
        // Negative patterns are forbidden in gitattributes; folder patterns never match a
        // file.
        if pattern.starts_with('!') || pattern.ends_with('/') {
            continue;
        }
        let matched = if pattern.contains('/') {
            Glob::parse(pattern.trim_start_matches('/'), false).matches(&rel)
        } else {
            Glob::parse(pattern, false).matches(name)
        };
        if matched {
            attrs.apply(rest);
        }
    }
}

fn gitattributes_ending(path: &Path) -> Option<Ending> {
    let mut files: Vec<(PathBuf, String)> = Vec::new();
    let mut repo_top = None;
    for dir in path.ancestors().skip(1) {
        if let Ok(text) = fs::read_to_string(dir.join(".gitattributes")) {
            files.push((dir.to_path_buf(), text));
        }
        if dir.join(".git").exists() {
            repo_top = Some(dir.to_path_buf());
            break;
        }
    }
    let mut attrs = Attributes::default();
    for (dir, text) in files.iter().rev() {
        apply_gitattributes(text, dir, path, &mut attrs);
    }
    if let Some(top) = repo_top {
        if let Ok(text) = fs::read_to_string(top.join(".git/info/attributes")) {
            apply_gitattributes(&text, &top, path, &mut attrs);
        }
    }
    attrs.ending()
}

// ---------------------------------------------------------------------------------------
// Globs

#[derive(Debug, Clone)]
enum Token {
    Literal(char),
    /// `?`: one character other than `/`.
    One,
    /// `*`: any run of characters other than `/`.
    Star,
    /// `**/`: zero or more whole folders.
    Folders,
    /// `**` elsewhere: anything, `/` included.
    Anything,
    /// `[...]`: one character (never `/`) in or, negated, not in the ranges.
    Class {
        negated: bool,
        ranges: Vec<(char, char)>,
    },
    /// `{a,b}`: any of the alternatives (EditorConfig only).
    Alternatives(Vec<Vec<Token>>),
    /// `{1..10}`: an integer in the range (EditorConfig only).
    Number(i64, i64),
}

/// A compiled glob; `braces` enables EditorConfig's `{...}` forms.
///
/// Settings files come with the repository, so a glob may be hostile: matching is a
/// dynamic programme over (token, position) without recursion, linear in the text for
/// each token (no backtracking blow-up on `*a*a*a*b`, no deep recursion on a long
/// run of `**/`); braces nest at most [`MAX_BRACE_DEPTH`] deep and expand to at most
/// [`MAX_EXPANSIONS`] alternatives; a longer glob than [`MAX_GLOB_CHARS`] matches
/// nothing.
struct Glob(Option<Vec<Vec<Token>>>);

/// Longer globs match nothing (no real path is this long).
const MAX_GLOB_CHARS: usize = 4096;
/// Deeper `{` are literal characters.
const MAX_BRACE_DEPTH: usize = 32;
/// A glob whose braces expand to more alternatives than this matches nothing.
const MAX_EXPANSIONS: usize = 1024;

impl Glob {
    fn parse(pattern: &str, braces: bool) -> Glob {
        let chars: Vec<char> = pattern.chars().collect();
        if chars.len() > MAX_GLOB_CHARS {
            return Glob(None);
        }
        let mut pos = 0;
        let tokens = parse_tokens(&chars, &mut pos, braces, 0);
        Glob(expand(&tokens))
    }

    fn matches(&self, text: &str) -> bool {
        let text: Vec<char> = text.chars().collect();
        self.0
            .iter()
            .flatten()
            .any(|tokens| match_tokens(tokens, &text))
    }
}

/// The brace-free token lists a glob stands for, or `None` past [`MAX_EXPANSIONS`].
fn expand(tokens: &[Token]) -> Option<Vec<Vec<Token>>> {
    let mut lists: Vec<Vec<Token>> = vec![Vec::new()];
    for token in tokens {
        match token {
            Token::Alternatives(alternatives) => {
                let mut tails = Vec::new();
                for alternative in alternatives {
                    tails.extend(expand(alternative)?);
                }
                if lists.len().saturating_mul(tails.len()) > MAX_EXPANSIONS {
                    return None;
                }
                lists = lists
                    .iter()
                    .flat_map(|head| {
                        tails.iter().map(move |tail| {
                            let mut list = head.clone();
                            list.extend(tail.iter().cloned());
                            list
                        })
                    })
                    .collect();
            }
            other => lists.iter_mut().for_each(|list| list.push(other.clone())),
        }
    }
    Some(lists)
}

/// Parses until the end, or (inside braces, `depth > 0`) until an unnested `,` or `}`.
fn parse_tokens(chars: &[char], pos: &mut usize, braces: bool, depth: usize) -> Vec<Token> {
    let mut tokens = Vec::new();
    while *pos < chars.len() {
        let c = chars[*pos];
        if depth > 0 && (c == ',' || c == '}') {
            break;
        }
        *pos += 1;
        match c {
            '\\' if *pos < chars.len() => {
                tokens.push(Token::Literal(chars[*pos]));
                *pos += 1;
            }
            '?' => tokens.push(Token::One),
            '*' if chars.get(*pos) == Some(&'*') => {
                *pos += 1;
                while chars.get(*pos) == Some(&'*') {
                    *pos += 1;
                }
                if chars.get(*pos) == Some(&'/') {
                    *pos += 1;
                    tokens.push(Token::Folders);
                } else {
                    tokens.push(Token::Anything);
                }
            }
            '*' => tokens.push(Token::Star),
            '[' => match parse_class(chars, *pos) {
                Some((token, end)) => {
                    tokens.push(token);
                    *pos = end;
                }
                None => tokens.push(Token::Literal('[')),
            },
            '{' if braces && depth < MAX_BRACE_DEPTH => match parse_braces(chars, *pos, depth) {
                Some((token, end)) => {
                    tokens.push(token);
                    *pos = end;
                }
                None => tokens.push(Token::Literal('{')),
            },
            _ => tokens.push(Token::Literal(c)),
        }
    }
    tokens
}

/// A `[...]` class starting after the `[` at `start`; `None` if unterminated.
fn parse_class(chars: &[char], start: usize) -> Option<(Token, usize)> {
    let mut i = start;
    let negated = matches!(chars.get(i), Some('!' | '^'));
    if negated {
        i += 1;
    }
    let mut ranges = Vec::new();
    let mut first = true;
    loop {
        let mut c = *chars.get(i)?;
        if c == ']' && !first {
            return Some((Token::Class { negated, ranges }, i + 1));
        }
        first = false;
        if c == '\\' {
            i += 1;
            c = *chars.get(i)?;
        }
        if chars.get(i + 1) == Some(&'-') && chars.get(i + 2).is_some_and(|&e| e != ']') {
            ranges.push((c, chars[i + 2]));
            i += 3;
        } else {
            ranges.push((c, c));
            i += 1;
        }
    }
}

/// A `{...}` group starting after the `{` at `start`: `{a,b}` or `{1..3}`. A group with
/// no comma and no number range is literal, as EditorConfig says.
fn parse_braces(chars: &[char], start: usize, depth: usize) -> Option<(Token, usize)> {
    let close = start + find_close(&chars[start..])?;
    let inner: String = chars[start..close].iter().collect();
    if let Some((lo, hi)) = inner.split_once("..") {
        if let (Ok(lo), Ok(hi)) = (lo.parse::<i64>(), hi.parse::<i64>()) {
            return Some((Token::Number(lo.min(hi), lo.max(hi)), close + 1));
        }
    }
    let mut pos = start;
    let mut alternatives = Vec::new();
    loop {
        alternatives.push(parse_tokens(chars, &mut pos, true, depth + 1));
        match chars.get(pos) {
            Some(',') => pos += 1,
            Some('}') => break,
            _ => return None,
        }
    }
    if alternatives.len() < 2 {
        return None;
    }
    Some((Token::Alternatives(alternatives), pos + 1))
}

/// Index of the `}` closing a group whose content starts at `chars[0]`.
fn find_close(chars: &[char]) -> Option<usize> {
    let mut depth = 0usize;
    let mut i = 0;
    while i < chars.len() {
        match chars[i] {
            '\\' => i += 1,
            '{' => depth += 1,
            '}' if depth == 0 => return Some(i),
            '}' => depth -= 1,
            _ => {}
        }
        i += 1;
    }
    None
}

/// Whether brace-free `tokens` match all of `text`: `after[j]` is whether the tokens
/// after the current one match `text[j..]`, computed from the last token back.
fn match_tokens(tokens: &[Token], text: &[char]) -> bool {
    let n = text.len();
    let mut after = vec![false; n + 1];
    after[n] = true;
    let mut here = vec![false; n + 1];
    for token in tokens.iter().rev() {
        match token {
            Token::Literal(c) => {
                for j in 0..=n {
                    here[j] = j < n && text[j] == *c && after[j + 1];
                }
            }
            Token::One => {
                for j in 0..=n {
                    here[j] = j < n && text[j] != '/' && after[j + 1];
                }
            }
            Token::Class { negated, ranges } => {
                for j in 0..=n {
                    here[j] = j < n && {
                        let c = text[j];
                        c != '/'
                            && ranges.iter().any(|&(lo, hi)| lo <= c && c <= hi) != *negated
                            && after[j + 1]
                    };
                }
            }
            Token::Star => {
                here[n] = after[n];
                for j in (0..n).rev() {
                    here[j] = after[j] || (text[j] != '/' && here[j + 1]);
                }
            }
            Token::Anything => {
                here[n] = after[n];
                for j in (0..n).rev() {
                    here[j] = after[j] || here[j + 1];
                }
            }
            Token::Folders => {
                // Zero folders, or up to any later `/`.
                let mut later = false;
                here[n] = after[n];
                for j in (0..n).rev() {
                    later = later || (text[j] == '/' && after[j + 1]);
                    here[j] = after[j] || later;
                }
            }
            Token::Number(lo, hi) => {
                for j in 0..=n {
                    let sign = usize::from(text.get(j) == Some(&'-'));
                    let digits = text[(j + sign).min(n)..]
                        .iter()
                        .take_while(|c| c.is_ascii_digit())
                        .count();
                    here[j] = (1..=digits).any(|d| {
                        let number: String = text[j..j + sign + d].iter().collect();
                        number.parse::<i64>().is_ok_and(|v| *lo <= v && v <= *hi)
                            && after[j + sign + d]
                    });
                }
            }
            Token::Alternatives(_) => unreachable!("braces are expanded before matching"),
        }
        std::mem::swap(&mut after, &mut here);
    }
    after[0]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::file::testing::TempDir;

    /// A folder whose `.editorconfig` stops the search and says nothing of endings, so
    /// settings files above the temp dir cannot leak in.
    fn isolated() -> TempDir {
        let dir = TempDir::new();
        dir.write(".editorconfig", "root = true\n[*]\nindent_size = 2\n");
        dir.mkdir(".git");
        dir
    }

    fn ec(glob: &str, rel: &str) -> bool {
        editorconfig_glob_matches(glob, &format!("/{rel}"))
    }

    #[test]
    fn editorconfig_globs_follow_the_specification() {
        assert!(ec("*", "a.ts") && ec("*", "deep/er/a.ts"));
        assert!(ec("*.ts", "src/a.ts") && !ec("*.ts", "src/a.tsx"));
        assert!(ec("*.{js,ts}", "a.js") && ec("*.{js,ts}", "x/a.ts") && !ec("*.{js,ts}", "a.rs"));
        assert!(ec("**", "a/b/c") && ec("**.md", "a/b/c.md"));
        assert!(ec("src/*.ts", "src/a.ts") && !ec("src/*.ts", "src/x/a.ts"));
        assert!(!ec("src/*.ts", "lib/src/a.ts"), "a glob with / is anchored");
        assert!(ec("/src/**/*.ts", "src/a.ts") && ec("/src/**/*.ts", "src/x/y/a.ts"));
        assert!(ec("a?c.txt", "abc.txt") && !ec("a?c.txt", "a/c.txt"));
        assert!(ec("[Mm]akefile", "Makefile") && ec("[!a-z]x", "Zx") && !ec("[!a-z]x", "qx"));
        assert!(ec("file{1..3}.txt", "file2.txt") && !ec("file{1..3}.txt", "file4.txt"));
        assert!(ec("{single}", "{single}"), "a one-item group is literal");
        assert!(ec("*.{a,{b,c}}", "x.c"), "groups nest");
        assert!(ec("\\*.txt", "*.txt") && !ec("\\*.txt", "a.txt"));
    }

    #[test]
    fn gitattributes_patterns_follow_gitignore_rules() {
        let m = |pattern: &str, rel: &str| {
            let mut attrs = Attributes::default();
            let text = format!("{pattern} eol=crlf");
            apply_gitattributes(
                &text,
                Path::new("/r"),
                &Path::new("/r").join(rel),
                &mut attrs,
            );
            attrs.ending().is_some()
        };
        assert!(m("*.bat", "a.bat") && m("*.bat", "x/y/a.bat"));
        assert!(m("/a.bat", "a.bat") && !m("/a.bat", "x/a.bat"));
        assert!(m("x/*.bat", "x/a.bat") && !m("x/*.bat", "x/y/a.bat"));
        assert!(m("**/y/*.bat", "y/a.bat") && m("**/y/*.bat", "x/y/a.bat"));
        assert!(m("x/**", "x/y/z.txt") && m("x/**/z.txt", "x/z.txt"));
        assert!(!m("x/", "x"), "folder patterns never match a file");
        assert!(m("*", "anything"));
        assert!(!m("{a,b}.txt", "a.txt"), "gitattributes has no braces");
    }

    #[test]
    fn new_file_defaults_to_lf() {
        let dir = isolated();
        assert_eq!(new_file_ending(&dir.real().join("a.txt")), Ending::Lf);
    }

    #[test]
    fn editorconfig_end_of_line_applies_to_new_file_in_missing_folder() {
        let dir = TempDir::new();
        dir.write(
            ".editorconfig",
            "root = true\n\n[*]\nend_of_line = lf\n\n[*.{bat,cmd}]\nend_of_line = crlf\n\n[legacy/**]\nend_of_line = cr\n",
        );
        let real = dir.real();
        assert_eq!(new_file_ending(&real.join("a.ts")), Ending::Lf);
        assert_eq!(new_file_ending(&real.join("x/y/run.cmd")), Ending::CrLf);
        assert_eq!(new_file_ending(&real.join("legacy/old/a.txt")), Ending::Cr);
    }

    #[test]
    fn nearer_editorconfig_wins_and_root_stops_the_search() {
        let dir = TempDir::new();
        dir.write(".editorconfig", "[*]\nend_of_line = cr\n");
        dir.write("repo/.editorconfig", "root = true\n[*]\nend_of_line = lf\n");
        dir.write("repo/win/.editorconfig", "[*.txt]\nend_of_line = crlf\n");
        dir.write("repo/plain/.editorconfig", "[*.md]\nend_of_line = crlf\n");
        let real = dir.real();
        assert_eq!(new_file_ending(&real.join("repo/win/a.txt")), Ending::CrLf);
        // Only the repo root's `[*]` matches; the `cr` above the root is never read.
        assert_eq!(new_file_ending(&real.join("repo/plain/a.txt")), Ending::Lf);
        assert_eq!(new_file_ending(&real.join("b.txt")), Ending::Cr);
    }

    #[test]
    fn later_editorconfig_section_wins_and_unset_clears() {
        let dir = TempDir::new();
        dir.mkdir(".git");
        dir.write(
            ".editorconfig",
            "root=true\n[*.txt]\nend_of_line=crlf\n[*]\nend_of_line=lf\n[*.md]\nEnd_Of_Line = unset\n",
        );
        let real = dir.real();
        assert_eq!(new_file_ending(&real.join("a.txt")), Ending::Lf);
        assert_eq!(
            new_file_ending(&real.join("a.md")),
            Ending::Lf,
            "unset falls back"
        );
    }

    #[test]
    fn editorconfig_glob_with_slash_is_relative_to_its_folder() {
        let dir = TempDir::new();
        dir.write(
            "p/.editorconfig",
            "root = true\n[src/*.ts]\nend_of_line = crlf\n",
        );
        let real = dir.real();
        assert_eq!(new_file_ending(&real.join("p/src/a.ts")), Ending::CrLf);
        assert_eq!(new_file_ending(&real.join("p/lib/src/a.ts")), Ending::Lf);
    }

    #[test]
    fn gitattributes_eol_applies_when_editorconfig_is_silent() {
        let dir = TempDir::new();
        dir.mkdir(".git");
        dir.write(".editorconfig", "root = true\n[*]\nindent_style = space\n");
        dir.write(
            ".gitattributes",
            "# comment\n* text=auto eol=crlf\n*.sh text eol=lf\n*.png binary\n",
        );
        let real = dir.real();
        assert_eq!(new_file_ending(&real.join("a.txt")), Ending::CrLf);
        assert_eq!(new_file_ending(&real.join("bin/x.sh")), Ending::Lf);
        assert_eq!(
            new_file_ending(&real.join("i.png")),
            Ending::Lf,
            "binary: no eol"
        );
    }

    #[test]
    fn nearer_gitattributes_wins_and_the_repo_top_stops_the_search() {
        let dir = isolated();
        dir.write(".gitattributes", "* eol=crlf\n");
        dir.mkdir("repo/.git");
        dir.write("repo/.gitattributes", "*.txt eol=crlf\n");
        dir.write("repo/sub/.gitattributes", "*.txt eol=lf\n");
        let real = dir.real();
        assert_eq!(new_file_ending(&real.join("repo/sub/a.txt")), Ending::Lf);
        assert_eq!(new_file_ending(&real.join("repo/a.txt")), Ending::CrLf);
        assert_eq!(new_file_ending(&real.join("repo/a.md")), Ending::Lf);
    }

    #[test]
    fn git_info_attributes_override_the_tree() {
        let dir = isolated();
        dir.write(".git/info/attributes", "*.txt eol=lf\n");
        dir.write(".gitattributes", "* eol=crlf\n");
        let real = dir.real();
        assert_eq!(new_file_ending(&real.join("a.txt")), Ending::Lf);
        assert_eq!(new_file_ending(&real.join("a.md")), Ending::CrLf);
    }

    #[test]
    fn editorconfig_wins_over_gitattributes() {
        let dir = TempDir::new();
        dir.mkdir(".git");
        dir.write(".editorconfig", "root = true\n[*]\nend_of_line = lf\n");
        dir.write(".gitattributes", "* eol=crlf\n");
        assert_eq!(new_file_ending(&dir.real().join("a.txt")), Ending::Lf);
    }
}
