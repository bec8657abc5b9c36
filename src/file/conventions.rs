//! What the project's settings files say about a file: the line ending of a file that
//! does not exist yet, and the encoding a file is declared in.
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
//! The encoding a file is declared in ([`declared_encoding`]) comes from the same files,
//! in the same order: `.editorconfig`'s `charset` (`latin1` is windows-1252 as the
//! WHATWG Encoding Standard defines it; `utf-8-bom` asks a new file for a BOM; any
//! other WHATWG label is taken too), else `.gitattributes`'
//! `working-tree-encoding` (git's names: a `-BOM` suffix asks for a BOM).
//!
//! Settings files above a `root` confinement folder are read too: they only decide an
//! ending or an encoding, and a project's `.editorconfig` usually sits at its top.
//!
//! Settings files come with the repository, so they may be hostile. One is read only
//! if it is a regular file of at most [`MAX_SETTINGS_BYTES`]: it is opened without
//! blocking and without becoming a controlling terminal, its type and size are checked
//! on the opened handle, and at most one byte more than the limit is read; anything
//! else (a FIFO, a device, a folder, a link to `/dev/zero`) is skipped. Parsing is one
//! pass, and a glob is matched by carrying the set of reachable path positions through
//! its pieces, so the work is linear in the file's size times the path's length.

use std::fs::{self, File};
use std::io::Read;
use std::path::{Path, PathBuf};

use crate::encoding::{Declaration, Encoding};
use crate::eol::Ending;

/// Settings files larger than this are skipped.
pub const MAX_SETTINGS_BYTES: u64 = 1024 * 1024;

/// A settings file's text, or `None` when it is missing, not a regular file, larger
/// than [`MAX_SETTINGS_BYTES`] or not UTF-8 (see the module docs).
pub fn read_settings(path: &Path) -> Option<String> {
    let mut options = fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(
        &mut options,
        libc::O_NONBLOCK | libc::O_NOCTTY,
    );
    let file: File = options.open(path).ok()?;
    let meta = file.metadata().ok()?;
    if !meta.is_file() || meta.len() > MAX_SETTINGS_BYTES {
        return None;
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(MAX_SETTINGS_BYTES + 1)
        .read_to_end(&mut bytes)
        .ok()?;
    if bytes.len() as u64 > MAX_SETTINGS_BYTES {
        return None;
    }
    String::from_utf8(bytes).ok()
}

/// The ending for a new file at `path` (absolute; its folders need not exist).
///
/// ```no_run
/// use eol_edit::internals::eol::Ending;
/// use eol_edit::internals::file::conventions::new_file_ending;
/// // With `[*.bat]\nend_of_line = crlf` in /repo/.editorconfig:
/// assert_eq!(new_file_ending("/repo/run.bat".as_ref()), Ending::CrLf);
/// ```
pub fn new_file_ending(path: &Path) -> Ending {
    editorconfig(path, |p| match p {
        Prop::Eol(e) => Some(*e),
        Prop::Charset(_) => None,
    })
    .flatten()
    .or_else(|| gitattributes(path).ending())
    .unwrap_or(Ending::Lf)
}

/// The encoding the project declares for the file at `path` (absolute): `.editorconfig`
/// `charset`, else `.gitattributes` `working-tree-encoding`; `None` when neither says.
///
/// ```no_run
/// use eol_edit::internals::file::conventions::declared_encoding;
/// // With `[*.c]\ncharset = latin1` in /repo/.editorconfig:
/// let declared = declared_encoding("/repo/main.c".as_ref()).unwrap();
/// assert_eq!(declared.encoding.name(), "windows-1252");
/// ```
pub fn declared_encoding(path: &Path) -> Option<Declaration> {
    let from_editorconfig = editorconfig(path, |p| match p {
        Prop::Charset(c) => Some(c.clone()),
        Prop::Eol(_) => None,
    })
    .flatten();
    from_editorconfig.or_else(|| gitattributes(path).encoding)
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

/// A property a section sets; `None` inside is `unset`.
#[derive(Debug, Clone)]
enum Prop {
    Eol(Option<Ending>),
    Charset(Option<Declaration>),
}

struct EditorConfig {
    root: bool,
    /// (glob, property) in file order.
    sections: Vec<(String, Prop)>,
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
        let prop = match (&section, key.as_str()) {
            (None, "root") => {
                config.root = value == "true";
                continue;
            }
            (Some(_), "end_of_line") => Prop::Eol(match value.as_str() {
                "lf" => Some(Ending::Lf),
                "crlf" => Some(Ending::CrLf),
                "cr" => Some(Ending::Cr),
                "unset" => None,
                _ => continue,
            }),
            (Some(_), "charset") => Prop::Charset(match value.as_str() {
                "unset" => None,
                _ => match charset(&value) {
                    Some(declared) => Some(declared),
                    None => continue,
                },
            }),
            _ => continue,
        };
        if let Some(glob) = &section {
            config.sections.push((glob.clone(), prop));
        }
    }
    config
}

/// An EditorConfig `charset` value.
fn charset(value: &str) -> Option<Declaration> {
    let (label, bom) = match value {
        "utf-8-bom" => ("utf-8", true),
        "latin1" => ("windows-1252", false),
        other => (other, false),
    };
    let encoding = Encoding::for_label(label).ok()?;
    Some(Declaration {
        encoding,
        bom,
        source: format!(".editorconfig (charset = {value})"),
    })
}

/// The last value `pick` finds in the `.editorconfig` sections that match `path`, or
/// `None` when no section sets one.
fn editorconfig<T>(path: &Path, pick: impl Fn(&Prop) -> Option<T>) -> Option<T> {
    let mut found: Vec<(PathBuf, EditorConfig)> = Vec::new();
    for dir in path.ancestors().skip(1) {
        if let Some(text) = read_settings(&dir.join(".editorconfig")) {
            let config = parse_editorconfig(&text);
            let root = config.root;
            found.push((dir.to_path_buf(), config));
            if root {
                break;
            }
        }
    }
    let mut value = None;
    // Farthest first, so nearer files and later sections overwrite.
    for (dir, config) in found.iter().rev() {
        let Some(rel) = relative(path, dir) else {
            continue;
        };
        let full = format!("/{rel}");
        for (glob, prop) in &config.sections {
            if let Some(v) = pick(prop) {
                if editorconfig_glob_matches(glob, &full) {
                    value = Some(v);
                }
            }
        }
    }
    value
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
    encoding: Option<Declaration>,
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
                "-working-tree-encoding" | "!working-tree-encoding" => self.encoding = None,
                _ => {
                    if let Some(name) = attr.strip_prefix("working-tree-encoding=") {
                        self.encoding = working_tree_encoding(name);
                    }
                }
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

/// A `working-tree-encoding` value: git's (iconv's) name, which is a WHATWG label for
/// every common encoding; `-BOM` asks for a byte order mark.
fn working_tree_encoding(name: &str) -> Option<Declaration> {
    let lower = name.to_ascii_lowercase();
    let (label, bom) = match lower.strip_suffix("-bom") {
        Some(label) => (label, true),
        None => (lower.as_str(), false),
    };
    let encoding = Encoding::for_label(label).ok()?;
    Some(Declaration {
        encoding,
        bom,
        source: format!(".gitattributes (working-tree-encoding={name})"),
    })
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

/// What the attributes files above `path` say of it, as git combines them.
fn gitattributes(path: &Path) -> Attributes {
    let mut files: Vec<(PathBuf, String)> = Vec::new();
    let mut repo_top = None;
    for dir in path.ancestors().skip(1) {
        if let Some(text) = read_settings(&dir.join(".gitattributes")) {
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
        if let Some(text) = read_settings(&top.join(".git/info/attributes")) {
            apply_gitattributes(&text, &top, path, &mut attrs);
        }
    }
    attrs
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
/// Settings files come with the repository, so a glob may be hostile. Parsing is one
/// pass (the braces are paired once, up front; a class longer than [`MAX_CLASS_CHARS`]
/// is a literal `[`), braces nest at most [`MAX_BRACE_DEPTH`] deep, and a glob longer
/// than [`MAX_GLOB_CHARS`] matches nothing. Matching never expands braces or
/// backtracks: it carries the set of path positions reachable so far through the
/// tokens, each token (alternatives included) costing one pass over the path.
struct Glob(Option<Vec<Token>>);

/// Longer globs match nothing (no real path is this long).
const MAX_GLOB_CHARS: usize = 4096;
/// Deeper `{` are literal characters.
const MAX_BRACE_DEPTH: usize = 32;
/// A `[` whose class would be longer than this is a literal character.
const MAX_CLASS_CHARS: usize = 256;
/// Longest `{a..b}` group read as a number range.
const MAX_NUMBER_CHARS: usize = 48;

/// The glob's characters, for each `{` the index of its `}`, and the `{` already
/// found to be literal (so nested literal braces are not parsed again and again).
struct Pattern {
    chars: Vec<char>,
    close: Vec<Option<usize>>,
    literal: std::cell::RefCell<Vec<bool>>,
}

impl Glob {
    fn parse(pattern: &str, braces: bool) -> Glob {
        let chars: Vec<char> = pattern.chars().collect();
        if chars.len() > MAX_GLOB_CHARS {
            return Glob(None);
        }
        let close = pair_braces(&chars);
        let literal = std::cell::RefCell::new(vec![false; chars.len()]);
        let pattern = Pattern {
            chars,
            close,
            literal,
        };
        let mut pos = 0;
        Glob(Some(parse_tokens(&pattern, &mut pos, braces, 0)))
    }

    fn matches(&self, text: &str) -> bool {
        let Some(tokens) = &self.0 else {
            return false;
        };
        let text: Vec<char> = text.chars().collect();
        let mut start = vec![false; text.len() + 1];
        start[0] = true;
        run(tokens, &text, start)[text.len()]
    }
}

/// For each `{`, the index of the `}` that closes it (`\` escapes the next character).
fn pair_braces(chars: &[char]) -> Vec<Option<usize>> {
    let mut close = vec![None; chars.len()];
    let mut open = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        match chars[i] {
            '\\' => i += 1,
            '{' => open.push(i),
            '}' => {
                if let Some(o) = open.pop() {
                    close[o] = Some(i);
                }
            }
            _ => {}
        }
        i += 1;
    }
    close
}

/// Parses until the end, or (inside braces, `depth > 0`) until an unnested `,` or `}`.
fn parse_tokens(p: &Pattern, pos: &mut usize, braces: bool, depth: usize) -> Vec<Token> {
    let chars = &p.chars;
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
            '{' if braces && depth < MAX_BRACE_DEPTH => match parse_braces(p, *pos, depth) {
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

/// A `[...]` class starting after the `[` at `start`; `None` if unterminated within
/// [`MAX_CLASS_CHARS`].
fn parse_class(chars: &[char], start: usize) -> Option<(Token, usize)> {
    let chars = &chars[..chars.len().min(start + MAX_CLASS_CHARS)];
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
fn parse_braces(p: &Pattern, start: usize, depth: usize) -> Option<(Token, usize)> {
    if p.literal.borrow()[start - 1] {
        return None;
    }
    let group = parse_group(p, start, depth);
    if group.is_none() {
        p.literal.borrow_mut()[start - 1] = true;
    }
    group
}

fn parse_group(p: &Pattern, start: usize, depth: usize) -> Option<(Token, usize)> {
    let close = p.close[start - 1]?;
    if close - start <= MAX_NUMBER_CHARS {
        let inner: String = p.chars[start..close].iter().collect();
        if let Some((lo, hi)) = inner.split_once("..") {
            if let (Ok(lo), Ok(hi)) = (lo.parse::<i64>(), hi.parse::<i64>()) {
                return Some((Token::Number(lo.min(hi), lo.max(hi)), close + 1));
            }
        }
    }
    let mut pos = start;
    let mut alternatives = Vec::new();
    loop {
        alternatives.push(parse_tokens(p, &mut pos, true, depth + 1));
        match p.chars.get(pos) {
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

/// The positions of `text` reachable after `tokens`, from the positions in `from`
/// (`from[j]`: the text before `j` is matched).
fn run(tokens: &[Token], text: &[char], mut from: Vec<bool>) -> Vec<bool> {
    for token in tokens {
        if !from.contains(&true) {
            break;
        }
        from = step(token, text, &from);
    }
    from
}

/// One token of [`run`].
fn step(token: &Token, text: &[char], from: &[bool]) -> Vec<bool> {
    let n = text.len();
    let mut next = vec![false; n + 1];
    let one = |next: &mut Vec<bool>, ok: &dyn Fn(char) -> bool| {
        for j in 0..n {
            if from[j] && ok(text[j]) {
                next[j + 1] = true;
            }
        }
    };
    match token {
        Token::Literal(c) => one(&mut next, &|t| t == *c),
        Token::One => one(&mut next, &|t| t != '/'),
        Token::Class { negated, ranges } => one(&mut next, &|t| {
            t != '/' && ranges.iter().any(|&(lo, hi)| lo <= t && t <= hi) != *negated
        }),
        Token::Star => {
            let mut on = false;
            for j in 0..=n {
                on = on || from[j];
                next[j] = on;
                if j < n && text[j] == '/' {
                    on = false;
                }
            }
        }
        Token::Anything => {
            let mut on = false;
            for j in 0..=n {
                on = on || from[j];
                next[j] = on;
            }
        }
        Token::Folders => {
            // Zero folders, or up to after any later `/`.
            let mut on = false;
            for j in 0..=n {
                on = on || from[j];
                next[j] = next[j] || from[j];
                if j < n && on && text[j] == '/' {
                    next[j + 1] = true;
                }
            }
        }
        Token::Number(lo, hi) => {
            for j in (0..n).filter(|&j| from[j]) {
                let sign = usize::from(text[j] == '-');
                let digits = text[(j + sign).min(n)..]
                    .iter()
                    .take(20)
                    .take_while(|c| c.is_ascii_digit())
                    .count();
                for d in 1..=digits {
                    let number: String = text[j..j + sign + d].iter().collect();
                    if number.parse::<i64>().is_ok_and(|v| *lo <= v && v <= *hi) {
                        next[j + sign + d] = true;
                    }
                }
            }
        }
        Token::Alternatives(alternatives) => {
            for alternative in alternatives {
                let reached = run(alternative, text, from.to_vec());
                next.iter_mut().zip(reached).for_each(|(n, r)| *n |= r);
            }
        }
    }
    next
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

    fn declared(dir: &TempDir, rel: &str) -> Option<(String, bool)> {
        declared_encoding(&dir.real().join(rel)).map(|d| (d.encoding.name(), d.bom))
    }

    #[test]
    fn editorconfig_charset_declares_an_encoding_and_latin1_is_windows_1252() {
        let dir = isolated();
        dir.write(
            ".editorconfig",
            "root = true\n[*.c]\ncharset = latin1\n[*.txt]\ncharset = utf-8-bom\n[legacy/*]\ncharset = gbk\n[legacy/plain.c]\ncharset = unset\n",
        );
        assert_eq!(declared(&dir, "a.c"), Some(("windows-1252".into(), false)));
        assert_eq!(declared(&dir, "a.txt"), Some(("utf-8".into(), true)));
        assert_eq!(declared(&dir, "legacy/x.h"), Some(("gbk".into(), false)));
        assert_eq!(declared(&dir, "legacy/plain.c"), None, "unset clears it");
        assert_eq!(declared(&dir, "a.md"), None);
    }

    #[test]
    fn gitattributes_working_tree_encoding_applies_when_editorconfig_is_silent() {
        let dir = isolated();
        dir.write(
            ".gitattributes",
            "*.ps1 text working-tree-encoding=UTF-16LE-BOM\n*.sjis working-tree-encoding=Shift-JIS\n*.sjis -working-tree-encoding\n*.cp working-tree-encoding=CP1251\n",
        );
        assert_eq!(declared(&dir, "run.ps1"), Some(("utf-16le".into(), true)));
        assert_eq!(declared(&dir, "a.sjis"), None, "a later -attr unsets it");
        assert_eq!(
            declared(&dir, "x/y.cp"),
            Some(("windows-1251".into(), false))
        );
        dir.write(".editorconfig", "root = true\n[*.cp]\ncharset = utf-8\n");
        assert_eq!(declared(&dir, "x/y.cp"), Some(("utf-8".into(), false)));
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_named_editorconfig_is_skipped_without_blocking() {
        let dir = isolated();
        std::fs::remove_file(dir.join(".editorconfig")).unwrap();
        let fifo = std::ffi::CString::new(dir.join(".editorconfig").to_str().unwrap()).unwrap();
        assert_eq!(unsafe { libc::mkfifo(fifo.as_ptr(), 0o644) }, 0);
        dir.write(".gitattributes", "* eol=crlf\n");
        let started = std::time::Instant::now();
        // Opening a FIFO for reading blocks until a writer comes, unless non-blocking.
        assert_eq!(new_file_ending(&dir.real().join("a.txt")), Ending::CrLf);
        assert_eq!(declared(&dir, "a.txt"), None);
        assert!(started.elapsed() < std::time::Duration::from_secs(2));
    }

    #[cfg(unix)]
    #[test]
    fn settings_files_linked_to_devices_or_folders_are_skipped() {
        for target in ["/dev/zero", "/dev/null", "/dev/stdin", "/"] {
            let dir = isolated();
            std::fs::remove_file(dir.join(".editorconfig")).unwrap();
            std::os::unix::fs::symlink(target, dir.join(".editorconfig")).unwrap();
            std::os::unix::fs::symlink(target, dir.join(".gitattributes")).unwrap();
            assert_eq!(
                new_file_ending(&dir.real().join("a.txt")),
                Ending::Lf,
                "{target}"
            );
            assert_eq!(read_settings(&dir.join(".editorconfig")), None, "{target}");
        }
    }

    #[test]
    fn a_settings_file_over_1_mib_is_skipped_and_one_at_the_limit_is_read() {
        let dir = isolated();
        let head = "root = true\n[*]\nend_of_line = crlf\n";
        let pad = |len: usize| format!("{head}{}", "#".repeat(len - head.len()));
        dir.write(".editorconfig", pad(MAX_SETTINGS_BYTES as usize + 1));
        assert_eq!(new_file_ending(&dir.real().join("a.txt")), Ending::Lf);
        dir.write(".editorconfig", pad(MAX_SETTINGS_BYTES as usize));
        assert_eq!(new_file_ending(&dir.real().join("a.txt")), Ending::CrLf);
    }

    #[test]
    fn a_megabyte_of_maximal_globs_is_matched_in_linear_time() {
        // Each section: braces that expand to 1024 alternatives, then stars that make a
        // backtracking matcher try every split; the whole file just under 1 MiB.
        let glob = format!("{}{}", "{a,b}".repeat(10), "*a".repeat(2030));
        let section = format!("[{glob}]\nend_of_line = crlf\n");
        let mut text = String::from("root = true\n");
        while text.len() + section.len() + 30 < MAX_SETTINGS_BYTES as usize {
            text.push_str(&section);
        }
        text.push_str("[*.txt]\nend_of_line = cr\n");
        let dir = isolated();
        dir.write(".editorconfig", &text);
        let started = std::time::Instant::now();
        assert_eq!(
            new_file_ending(&dir.real().join("deep/er/file.txt")),
            Ending::Cr
        );
        assert!(
            started.elapsed() < std::time::Duration::from_secs(10),
            "took {:?}",
            started.elapsed()
        );
    }

    #[test]
    fn hostile_brackets_and_braces_parse_in_linear_time() {
        let glob = format!(
            "{}{}{}",
            "[\\]".repeat(1300),
            "{".repeat(40),
            "}".repeat(40)
        );
        let started = std::time::Instant::now();
        for _ in 0..200 {
            assert!(!ec(&glob, "a.txt"));
        }
        // Linear: a fraction of a second (debug build); the exponential parse this
        // guards against would not finish. A generous bound, for emulators.
        assert!(started.elapsed() < std::time::Duration::from_secs(60));
        assert!(ec("{a,b}{1..3}[!x]*.{c,h}", "b2y-z.h"));
    }
}
