//! Patches with known outcomes, for the `apply_patch` property tests: line diffs
//! rendered as unified hunks or envelope chunks (with `similar`), the check that a
//! patched file is the text asked for with every kept line keeping its ending, and
//! random trees of files with random `git diff`-style changes, rendered in both
//! formats, with the tree they must give. Nothing here calls the code under test.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use proptest::prelude::*;
use similar::{capture_diff_slices, group_diff_ops, Algorithm, DiffOp};

use super::naive::{lines_of, show, view_of};

/// The line diff of `old` to `new`.
pub fn diff(old: &[Vec<u8>], new: &[Vec<u8>]) -> Vec<DiffOp> {
    capture_diff_slices(Algorithm::Myers, old, new)
}

/// The hunks of the diff `ops` of `old` to `new`, with 3 lines of context: unified
/// (`@@ -l,n +l,n @@`) or envelope chunks (`@@`). Lines end with `\n`.
pub fn hunks(old: &[Vec<u8>], new: &[Vec<u8>], ops: &[DiffOp], unified: bool) -> String {
    let mut out = String::new();
    for group in group_diff_ops(ops.to_vec(), 3) {
        let (first, last) = (&group[0], &group[group.len() - 1]);
        if unified {
            let range = |start: usize, end: usize| {
                let len = end - start;
                format!("{},{len}", if len == 0 { start } else { start + 1 })
            };
            out.push_str(&format!(
                "@@ -{} +{} @@\n",
                range(first.old_range().start, last.old_range().end),
                range(first.new_range().start, last.new_range().end)
            ));
        } else {
            out.push_str("@@\n");
        }
        for op in &group {
            let mut push = |prefix: char, line: &[u8]| {
                out.push(prefix);
                out.push_str(&String::from_utf8_lossy(line));
                out.push('\n');
            };
            match *op {
                DiffOp::Equal { old_index, len, .. } => {
                    (old_index..old_index + len).for_each(|i| push(' ', &old[i]))
                }
                DiffOp::Delete {
                    old_index, old_len, ..
                } => (old_index..old_index + old_len).for_each(|i| push('-', &old[i])),
                DiffOp::Insert {
                    new_index, new_len, ..
                } => (new_index..new_index + new_len).for_each(|j| push('+', &new[j])),
                DiffOp::Replace {
                    old_index,
                    old_len,
                    new_index,
                    new_len,
                } => {
                    (old_index..old_index + old_len).for_each(|i| push('-', &old[i]));
                    (new_index..new_index + new_len).for_each(|j| push('+', &new[j]));
                }
            }
        }
    }
    out
}

/// True when a hunk of the diff has only blank lines to find while the text has
/// several: ambiguous by design (`TEXT_MULTIPLE_MATCHES`), nothing to test.
pub fn ambiguous(old: &[Vec<u8>], ops: &[DiffOp]) -> bool {
    group_diff_ops(ops.to_vec(), 3).iter().any(|group| {
        let first = group[0].old_range().start;
        let end = group[group.len() - 1].old_range().end;
        end > first
            && (first..end).all(|i| old[i].is_empty())
            && old.iter().filter(|l| l.is_empty()).count() > 1
    })
}

/// `Err` with what is wrong unless `out` (the patched `a`) is the text `b` in the LF
/// view, with `a`'s final-newline state, and every line the diff `ops` kept keeps the
/// ending it had in `a` (but where a line is now last, or where a lone CR and an empty
/// LF line met and one of the two endings had to bend).
pub fn check_patched(a: &[u8], b: &[Vec<u8>], out: &[u8], ops: &[DiffOp]) -> Result<(), String> {
    let a_lines = lines_of(a);
    let out_lines = lines_of(out);
    let view: Vec<Vec<u8>> = out_lines.iter().map(|l| l.content.clone()).collect();
    if view != b {
        return Err(format!("LF view differs: {}", show(out)));
    }
    if !b.is_empty() {
        let ended = !out_lines.last().unwrap().ending.is_empty();
        // An empty last line keeps its ending: without it, it would not be a line.
        let wanted =
            a.is_empty() || matches!(a.last(), Some(b'\n' | b'\r')) || b.last().unwrap().is_empty();
        if ended != wanted {
            return Err(format!("final newline state: {}", show(out)));
        }
    }
    for op in ops {
        if let DiffOp::Equal {
            old_index,
            new_index,
            len,
        } = *op
        {
            for k in 0..len {
                let (was, now) = (&a_lines[old_index + k], &out_lines[new_index + k]);
                if was.ending.is_empty() || new_index + k + 1 == out_lines.len() {
                    continue;
                }
                // `\r` then `\n` would read as one CRLF: where a removal brings a lone-CR
                // line and an empty LF line together, one of the two endings bends.
                let fused = (was.ending == b"\r"
                    && now.ending == b"\r\n"
                    && out_lines
                        .get(new_index + k + 1)
                        .is_some_and(|l| l.content.is_empty()))
                    || (was.ending == b"\n"
                        && now.ending == b"\r"
                        && now.content.is_empty()
                        && new_index + k > 0
                        && out_lines[new_index + k - 1].ending == b"\r");
                if was.ending != now.ending && !fused {
                    return Err(format!(
                        "line {} kept {} but now ends {}",
                        new_index + k + 1,
                        show(&was.ending),
                        show(&now.ending)
                    ));
                }
            }
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// Lines of random texts.

pub const WORDS: &[&str] = &[
    "a",
    "foo",
    "x y",
    "caf\u{e9}",
    "\u{65e5}\u{672c}",
    "\tt",
    "q\"",
    "",
];
pub const ENDINGS: &[&str] = &["\n", "\r\n", "\r"];

/// What happens to one line on the way to the new text.
#[derive(Debug, Clone, Copy)]
pub enum Fate {
    Keep,
    Remove,
    Change,
    /// Kept, with a new line before it.
    InsertBefore,
}

pub fn fate() -> impl Strategy<Value = Fate> {
    prop_oneof![
        6 => Just(Fate::Keep),
        2 => Just(Fate::Remove),
        2 => Just(Fate::Change),
        1 => Just(Fate::InsertBefore),
    ]
}

/// A text's lines: (word index, ending index), and whether the last one is ended.
#[derive(Debug, Clone)]
pub struct Text {
    pub lines: Vec<(usize, usize)>,
    pub final_ending: bool,
}

/// How a file's lines end: one ending for all, or each its own.
#[derive(Debug, Clone, Copy)]
pub enum Style {
    Lf,
    CrLf,
    Cr,
    Mixed,
}

pub fn text(max_lines: usize) -> impl Strategy<Value = Text> {
    (
        prop::collection::vec((0..WORDS.len(), 0..ENDINGS.len()), 0..max_lines),
        any::<bool>(),
    )
        .prop_map(|(lines, final_ending)| Text {
            lines,
            final_ending,
        })
}

/// The bytes of `text`, whose non-empty lines read `<word> <tag>.<index>` so that no
/// two lines of any file are alike, with endings as `style` says.
pub fn bytes_of(text: &Text, tag: &str, style: Style) -> Vec<u8> {
    let mut out = Vec::new();
    for (i, &(w, e)) in text.lines.iter().enumerate() {
        if !WORDS[w].is_empty() {
            out.extend_from_slice(format!("{} {tag}.{i}", WORDS[w]).as_bytes());
        }
        if i + 1 < text.lines.len() || text.final_ending {
            let ending = match style {
                Style::Lf => "\n",
                Style::CrLf => "\r\n",
                Style::Cr => "\r",
                Style::Mixed => ENDINGS[e],
            };
            out.extend_from_slice(ending.as_bytes());
        }
    }
    out
}

/// `old`'s lines after `fates` (cycled over the lines), with `append` new lines at
/// the end; new lines read `new <tag>.<n>`.
pub fn edited(old: &[Vec<u8>], fates: &[Fate], append: usize, tag: &str) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let mut fresh = 0;
    let mut new_line = || {
        fresh += 1;
        format!("new {tag}.{fresh}").into_bytes()
    };
    for (i, line) in old.iter().enumerate() {
        match fates
            .get(i % fates.len().max(1))
            .copied()
            .unwrap_or(Fate::Keep)
        {
            Fate::Keep => out.push(line.clone()),
            Fate::Remove => {}
            Fate::Change => out.push(new_line()),
            Fate::InsertBefore => {
                out.push(new_line());
                out.push(line.clone());
            }
        }
    }
    for _ in 0..append {
        out.push(new_line());
    }
    out
}

// ---------------------------------------------------------------------------
// Random trees and random changes to them, as `git diff` would show them.

/// Paths a tree may have: leaves only, so no path is ever a folder of another.
pub const PATHS: &[&str] = &["a", "b", "c.txt", "d/e", "d/f/g", "h"];
/// Paths only added, some in folders that do not exist yet.
pub const NEW_PATHS: &[&str] = &["n/x/new1", "n/new2", "k"];

/// Edits on the way: the fates of the lines (cycled over them) and new lines at the end.
pub type Edits = (Vec<Fate>, usize);

/// Where a file goes (a destination index, see [`destination`]) and the edits on the
/// way; `None` to delete it.
pub type Goes = Option<(usize, Option<Edits>)>;

/// A random tree and what becomes of each of its files.
#[derive(Debug, Clone)]
pub struct TreeCase {
    /// The files, by index into [`PATHS`], with their texts and styles.
    pub files: Vec<(usize, Text, Style)>,
    /// For each file: `None` to delete it, else the index into [`PATHS`] followed by
    /// [`NEW_PATHS`] of where it goes (its own to stay), with the edits on the way.
    pub fates: Vec<Goes>,
    /// Files added: destination index (as in `fates`) and text, where no file goes.
    pub added: Vec<(usize, Text)>,
    /// The order the sections are rendered in (a permutation seed).
    pub order: Vec<usize>,
    pub unified: bool,
    pub crlf_patch: bool,
}

pub fn tree_case() -> impl Strategy<Value = TreeCase> {
    let style = prop_oneof![
        Just(Style::Lf),
        Just(Style::CrLf),
        Just(Style::Cr),
        Just(Style::Mixed)
    ];
    let destinations = PATHS.len() + NEW_PATHS.len();
    let edit = prop::option::of((prop::collection::vec(fate(), 1..6), 0usize..3));
    (
        prop::sample::subsequence((0..PATHS.len()).collect::<Vec<_>>(), 1..=4),
        prop::collection::vec((text(10), style), 4),
        prop::collection::vec(
            prop::option::weighted(0.85, (0..destinations, any::<bool>(), edit)),
            4,
        ),
        prop::collection::vec((0..destinations, text(5)), 0..3),
        prop::collection::vec(any::<usize>(), 12),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(
            move |(paths, texts, wanted, added, order, unified, crlf_patch)| {
                let files: Vec<(usize, Text, Style)> = paths
                    .iter()
                    .zip(texts)
                    .map(|(&p, (t, s))| (p, t, s))
                    .collect();
                // Destinations must be unique: a file whose wanted place is taken (or
                // that asked to stay, by the bool) stays at its own.
                let mut taken = vec![false; destinations];
                let mut fates = Vec::new();
                for (i, (own, _, _)) in files.iter().enumerate() {
                    let fate = wanted[i].clone().map(|(to, stay, edit)| {
                        let to = if stay || taken[to] { *own } else { to };
                        (to, edit)
                    });
                    let fate = match fate {
                        Some((to, edit)) if !taken[to] => {
                            taken[to] = true;
                            Some((to, edit))
                        }
                        // Its own place was taken by a move: it is deleted.
                        _ => None,
                    };
                    fates.push(fate);
                }
                let added = added
                    .into_iter()
                    .filter_map(|(to, t)| {
                        (!taken[to]).then(|| {
                            taken[to] = true;
                            (to, t)
                        })
                    })
                    .collect();
                TreeCase {
                    files,
                    fates,
                    added,
                    order,
                    unified,
                    crlf_patch,
                }
            },
        )
}

/// The path of a destination index.
pub fn destination(i: usize) -> &'static str {
    if i < PATHS.len() {
        PATHS[i]
    } else {
        NEW_PATHS[i - PATHS.len()]
    }
}

/// What a file of the new tree must be.
#[derive(Debug, Clone)]
pub enum Expected {
    /// Exactly these bytes (untouched, moved without change, or added).
    Bytes(Vec<u8>),
    /// The old file `from` (its bytes) patched to the LF-view lines `lines`.
    Patched {
        from: Vec<u8>,
        lines: Vec<Vec<u8>>,
        ops: Vec<DiffOp>,
    },
}

/// A tree case worked out: the old tree, the patch, and the new tree it must give.
#[derive(Debug, Clone)]
pub struct Worked {
    pub old: BTreeMap<String, Vec<u8>>,
    pub patch: String,
    pub new: BTreeMap<String, Expected>,
    /// A hunk is ambiguous by design, or nothing changes: nothing to test.
    pub ambiguous: bool,
}

/// Renders `case` as a patch (sections in a shuffled order) and works out the tree it
/// must give, from the case alone.
pub fn work_out(case: &TreeCase) -> Worked {
    let mut old = BTreeMap::new();
    let mut new = BTreeMap::new();
    let mut sections = Vec::new();
    let mut ambiguous = false;
    let break_ = if case.crlf_patch { "\r\n" } else { "\n" };
    let plus = |lines: &[Vec<u8>]| -> String {
        lines
            .iter()
            .map(|l| format!("+{}\n", String::from_utf8_lossy(l)))
            .collect()
    };
    let added_bytes = |lines: &[Vec<u8>]| -> Vec<u8> {
        lines
            .iter()
            .flat_map(|l| [&l[..], break_.as_bytes()].concat())
            .collect()
    };
    for (i, (own, text, style)) in case.files.iter().enumerate() {
        let path = PATHS[*own];
        let bytes = bytes_of(text, &format!("f{i}"), *style);
        old.insert(path.to_string(), bytes.clone());
        let view = view_of(&bytes);
        match &case.fates[i] {
            None => {
                sections.push(if case.unified {
                    let hunk = if view.is_empty() {
                        String::new()
                    } else {
                        let minus: String = view
                            .iter()
                            .map(|l| format!("-{}\n", String::from_utf8_lossy(l)))
                            .collect();
                        format!(
                            "--- a/{path}\n+++ /dev/null\n@@ -1,{} +0,0 @@\n{minus}",
                            view.len()
                        )
                    };
                    format!("diff --git a/{path} b/{path}\ndeleted file mode 100644\n{hunk}")
                } else {
                    format!("*** Delete File: {path}\n")
                });
            }
            Some((to, edit)) => {
                let to = destination(*to);
                let lines = match edit {
                    Some((fates, append)) => edited(&view, fates, *append, &format!("f{i}")),
                    None => view.clone(),
                };
                let ops = diff(&view, &lines);
                ambiguous |= self::ambiguous(&view, &ops);
                let changed = lines != view;
                if to == path && !changed {
                    new.insert(path.to_string(), Expected::Bytes(bytes));
                    continue;
                }
                let body = if changed {
                    hunks(&view, &lines, &ops, case.unified)
                } else {
                    String::new()
                };
                sections.push(if case.unified {
                    let rename = if to == path {
                        String::new()
                    } else {
                        format!("similarity index 50%\nrename from {path}\nrename to {to}\n")
                    };
                    let headers = if changed {
                        format!("--- a/{path}\n+++ b/{to}\n")
                    } else {
                        String::new()
                    };
                    format!("diff --git a/{path} b/{to}\n{rename}{headers}{body}")
                } else {
                    let moved = if to == path {
                        String::new()
                    } else {
                        format!("*** Move to: {to}\n")
                    };
                    format!("*** Update File: {path}\n{moved}{body}")
                });
                new.insert(
                    to.to_string(),
                    if changed {
                        Expected::Patched {
                            from: bytes,
                            lines,
                            ops,
                        }
                    } else {
                        Expected::Bytes(bytes)
                    },
                );
            }
        }
    }
    for (j, (to, text)) in case.added.iter().enumerate() {
        let to = destination(*to);
        let lines = view_of(&bytes_of(text, &format!("add{j}"), Style::Lf));
        sections.push(if case.unified {
            let hunk = if lines.is_empty() {
                String::new()
            } else {
                format!(
                    "--- /dev/null\n+++ b/{to}\n@@ -0,0 +1,{} @@\n{}",
                    lines.len(),
                    plus(&lines)
                )
            };
            format!("diff --git a/{to} b/{to}\nnew file mode 100644\n{hunk}")
        } else {
            format!("*** Add File: {to}\n{}", plus(&lines))
        });
        new.insert(to.to_string(), Expected::Bytes(added_bytes(&lines)));
    }
    ambiguous |= sections.is_empty();
    // The sections in a random order: the patch means the same in any.
    let mut shuffled = Vec::new();
    let mut rest = sections;
    let mut k = 0;
    while !rest.is_empty() {
        let at = case.order[k % case.order.len()] % rest.len();
        shuffled.push(rest.remove(at));
        k += 1;
    }
    let mut patch = if case.unified {
        shuffled.concat()
    } else {
        format!("*** Begin Patch\n{}*** End Patch\n", shuffled.concat())
    };
    if case.crlf_patch {
        patch = patch.replace('\n', "\r\n");
    }
    Worked {
        old,
        patch,
        new,
        ambiguous,
    }
}

// ---------------------------------------------------------------------------
// Real folders.

/// A fresh folder under the system temp dir, removed on drop.
pub struct Folder(PathBuf);

impl Folder {
    pub fn new() -> Folder {
        use std::sync::atomic::{AtomicU64, Ordering};
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let path = std::env::temp_dir().join(format!(
            "eol-edit-props-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&path).unwrap();
        Folder(path)
    }

    pub fn path(&self) -> &Path {
        &self.0
    }

    /// Writes every file of `tree`, creating folders.
    pub fn write(&self, tree: &BTreeMap<String, Vec<u8>>) {
        for (rel, bytes) in tree {
            let path = self.0.join(rel);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, bytes).unwrap();
        }
    }

    /// Every file below the folder (not folders), with its bytes.
    pub fn files(&self) -> BTreeMap<String, Vec<u8>> {
        fn walk(dir: &Path, base: &Path, out: &mut BTreeMap<String, Vec<u8>>) {
            for entry in std::fs::read_dir(dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    walk(&path, base, out);
                } else {
                    let rel = path.strip_prefix(base).unwrap();
                    let parts: Vec<String> = rel
                        .components()
                        .map(|c| c.as_os_str().to_string_lossy().into_owned())
                        .collect();
                    out.insert(parts.join("/"), std::fs::read(&path).unwrap());
                }
            }
        }
        let mut out = BTreeMap::new();
        walk(&self.0, &self.0, &mut out);
        out
    }
}

impl Drop for Folder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
