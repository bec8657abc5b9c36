//! How often `TEXT_NOT_FOUND` names the region the model meant.
//!
//! Near-misses are generated from real source files (snapshots of this repository's
//! own Rust, JavaScript, TypeScript and Markdown, in `tests/fixtures/closest_match/`):
//! a span of lines is taken as the `oldText` a model would have copied, then spoiled
//! the way models spoil it: identifiers renamed, a line dropped, a line added,
//! whitespace changed, or two of these at once. Only variants that really fail with
//! `TEXT_NOT_FOUND` count (a lenient tier finds the others). A case is a hit when the
//! region the error names (`lines`) contains the place the text came from and at most
//! two lines more. The seed is fixed, so the rate is the same on every run.

mod support;

use eol_edit::internals::engine::{apply_edits, Edit};
use eol_edit::ErrorCode;
use support::rng::Rng;

const FIXTURES: [(&str, &str); 4] = [
    ("eol.rs", include_str!("fixtures/closest_match/eol.rs.txt")),
    ("run.js", include_str!("fixtures/closest_match/run.js.txt")),
    (
        "files.spec.ts",
        include_str!("fixtures/closest_match/files.spec.ts.txt"),
    ),
    (
        "README.md",
        include_str!("fixtures/closest_match/README.md.txt"),
    ),
];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Spoil {
    Rename,
    DropLine,
    AddLine,
    Whitespace,
    RenameAndDrop,
    RenameAndWhitespace,
}

const SPOILS: [Spoil; 6] = [
    Spoil::Rename,
    Spoil::DropLine,
    Spoil::AddLine,
    Spoil::Whitespace,
    Spoil::RenameAndDrop,
    Spoil::RenameAndWhitespace,
];

/// A generated near-miss: the `oldText` and the 0-based file lines it came from.
struct Case {
    old: String,
    first: usize,
    last: usize,
}

fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// Renames one identifier of the span (every occurrence in it), the way a model
/// misremembers a name: another letter, a suffix, or a different short name.
fn rename(rng: &mut Rng, lines: &mut [String]) -> bool {
    let text = lines.join("\n");
    let mut words: Vec<&str> = text
        .split(|c: char| !c.is_ascii_alphanumeric() && c != '_')
        .filter(|w| w.len() >= 2 && w.as_bytes()[0].is_ascii_alphabetic())
        .collect();
    words.sort_unstable();
    words.dedup();
    if words.is_empty() {
        return false;
    }
    let word = words[rng.below(words.len())].to_string();
    let new = match rng.below(3) {
        0 => format!("{word}2"),
        1 => {
            let mut b = word.clone().into_bytes();
            let i = rng.below(b.len());
            b[i] = if b[i] == b'x' { b'y' } else { b'x' };
            String::from_utf8(b).unwrap()
        }
        _ => ["value", "item", "data", "tmp", "result"][rng.below(5)].to_string(),
    };
    if new == word {
        return false;
    }
    for line in lines.iter_mut() {
        let bytes = line.as_bytes();
        let mut out = String::new();
        let mut i = 0;
        while i < bytes.len() {
            if is_word_byte(bytes[i]) {
                let end = (i..bytes.len())
                    .find(|&k| !is_word_byte(bytes[k]))
                    .unwrap_or(bytes.len());
                let w = &line[i..end];
                out.push_str(if w == word { &new } else { w });
                i = end;
            } else {
                let ch = line[i..].chars().next().unwrap();
                out.push(ch);
                i += ch.len_utf8();
            }
        }
        *line = out;
    }
    true
}

/// Changes the whitespace of one line in a way no lenient tier forgives: its
/// indentation alone, or the spaces around one of its symbols.
fn whitespace(rng: &mut Rng, lines: &mut [String]) -> bool {
    let candidates: Vec<usize> = (0..lines.len())
        .filter(|&i| !lines[i].trim().is_empty())
        .collect();
    if candidates.is_empty() {
        return false;
    }
    let i = candidates[rng.below(candidates.len())];
    let line = &lines[i];
    let indent = line.len() - line.trim_start().len();
    lines[i] = match rng.below(3) {
        0 if indent > 0 => line.replacen(&line[..indent], &"\t".repeat(indent / 4 + 1), 1),
        0 | 1 => format!("  {line}"),
        _ => match line.find(['=', '(', ',', ':']) {
            Some(p) if p > indent => format!("{} {}", &line[..p], &line[p..]),
            _ => format!("  {line}"),
        },
    };
    true
}

/// A near-miss of a random span of `lines`, or `None` when the span is no use (blank,
/// too short to be told apart, or not unique in the file).
fn case(rng: &mut Rng, file: &str, lines: &[&str], spoil: Spoil) -> Option<Case> {
    let len = 1 + rng.below(10);
    if lines.len() < len + 2 {
        return None;
    }
    let first = rng.below(lines.len() - len);
    let mut last = first + len - 1;
    let span: Vec<&str> = lines[first..=last].to_vec();
    let substance: usize = span
        .iter()
        .map(|l| l.chars().filter(|c| c.is_alphanumeric()).count())
        .sum();
    // A model copies from a line with text to a line with text; a blank line at
    // either end would be read as a line break, not a line.
    let blank = |l: &str| l.trim().is_empty();
    if blank(span[0]) || blank(span[len - 1]) {
        return None;
    }
    if substance < 12 || file.matches(&span.join("\n")).count() != 1 {
        return None;
    }
    let mut old: Vec<String> = span.iter().map(|s| s.to_string()).collect();
    let mut first_place = first;
    let ok = match spoil {
        Spoil::Rename => rename(rng, &mut old),
        Spoil::Whitespace => whitespace(rng, &mut old),
        Spoil::RenameAndWhitespace => rename(rng, &mut old) && whitespace(rng, &mut old),
        Spoil::DropLine | Spoil::RenameAndDrop => {
            if old.len() < 3 {
                return None;
            }
            let k = rng.below(old.len());
            old.remove(k);
            // A line dropped at an edge is no longer part of the place.
            if k == 0 {
                first_place += 1;
            } else if k == len - 1 {
                last -= 1;
            }
            // A blank line left at an edge would be read as a line break.
            let edge_blank = |l: &String| l.trim().is_empty();
            if edge_blank(&old[0]) || edge_blank(&old[old.len() - 1]) {
                return None;
            }
            spoil != Spoil::RenameAndDrop || rename(rng, &mut old)
        }
        Spoil::AddLine => {
            const ADDED: [&str; 4] = [
                "    let extra = compute(value);",
                "  console.log('debug', value)",
                "// added by the model",
                "    if (!ready) return;",
            ];
            let k = 1 + rng.below(old.len());
            old.insert(k.min(old.len()), ADDED[rng.below(ADDED.len())].to_string());
            true
        }
    };
    ok.then(|| Case {
        old: old.join("\n"),
        first: first_place,
        last,
    })
}

#[test]
fn the_closest_region_contains_the_place_the_near_miss_came_from() {
    const PER_FILE: usize = 150;
    let mut rng = Rng(0x5EED_C105_E57A_u64);
    let (mut cases, mut hits) = (0usize, 0usize);
    let mut by_spoil = [(0usize, 0usize); SPOILS.len()];
    let mut misses = Vec::new();
    for (name, file) in FIXTURES {
        let lines: Vec<&str> = file.lines().collect();
        let mut made = 0;
        let mut tries = 0;
        while made < PER_FILE && tries < PER_FILE * 50 {
            tries += 1;
            let spoil = SPOILS[tries % SPOILS.len()];
            let Some(case) = case(&mut rng, file, &lines, spoil) else {
                continue;
            };
            let edit = Edit::new(case.old.as_bytes(), &b"REPLACED"[..]);
            let error = match apply_edits(file.as_bytes(), &[edit], name) {
                Err(e) if e.code() == ErrorCode::TextNotFound => e,
                _ => continue,
            };
            made += 1;
            cases += 1;
            let (a, b) = (case.first as u32 + 1, case.last as u32 + 1);
            let hit = match (error.lines().first(), error.lines().last()) {
                (Some(&s), Some(&e)) => s <= a && e >= b && a - s <= 2 && e - b <= 2,
                _ => false,
            };
            let kind = SPOILS.iter().position(|&s| s == spoil).unwrap_or(0);
            by_spoil[kind].0 += 1;
            if hit {
                by_spoil[kind].1 += 1;
                hits += 1;
            } else {
                misses.push(format!(
                    "{name} {spoil:?}: lines {a}-{b}, named {:?}\n{}\n---\n{}",
                    error.lines().first().zip(error.lines().last()),
                    case.old,
                    error.message()
                ));
            }
        }
        assert_eq!(made, PER_FILE, "{name}: too few near-misses could be made");
    }
    let rate = hits as f64 / cases as f64;
    println!(
        "closest region contains the place in {hits} of {cases} near-misses ({:.1}%)",
        rate * 100.0
    );
    for (spoil, (n, h)) in SPOILS.iter().zip(by_spoil) {
        println!("  {spoil:?}: {h} of {n}");
    }
    for m in misses.iter().take(12) {
        println!("MISS {m}\n");
    }
    assert!(
        rate >= 0.95,
        "only {hits} of {cases} ({:.1}%) named the right region",
        rate * 100.0
    );
}
