//! Micro-benchmarks of the core, one group per module, on ~1 MiB source-like inputs,
//! so a regression points at its module: `cargo bench --bench core`.
//!
//! - `eol`: the LF view (`LfView::new`), `to_lf`, `info`;
//! - `matching`: `Lines::new`, and `find` on inputs decided by each tier (exact,
//!   unicode, trailingWhitespace, innerWhitespace, indentation);
//! - `not_found`: a `TEXT_NOT_FOUND` end to end (every tier, then the explanation) on
//!   1 MiB of identical lines and on a near-miss in source-like text;
//! - `align`: `replace` over a whole 1 MiB file (what `writeFile` does);
//! - `changed_lines`: `replace` of one line a lenient tier matched, whose untouched
//!   characters keep the file's;
//! - `engine` / `diff`: one edit end to end, and the summary of its change.
//!
//! Divan prints median and spread per benchmark; throughput is in bytes of input.

use std::time::Duration;

use divan::counter::BytesCount;
use divan::{black_box, Bencher};

use eol_edit::internals::eol::{self, Ending, LfView};
use eol_edit::internals::matching::{self, Lines, Tier};
use eol_edit::internals::{align, diff, engine};

fn main() {
    // Quick by default: a few hundred milliseconds per benchmark is plenty for
    // inputs this size. `cargo bench --bench core -- --max-time 5` for more.
    divan::Divan::from_args()
        .max_time(Duration::from_millis(400))
        .sample_count(40)
        .main();
}

const SIZE: usize = 1 << 20;

/// Deterministic source-like lines (about 30 bytes each), LF-joined, ASCII only.
fn lines_lf(size: usize, seed: u64) -> Vec<u8> {
    const WORDS: [&str; 8] = [
        "value", "count", "index", "result", "items", "buffer", "offset", "state",
    ];
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let mut out = Vec::with_capacity(size + 64);
    let mut depth = 0usize;
    while out.len() < size {
        let r = next() % 100;
        let indent = "    ".repeat(depth);
        let w = WORDS[(next() % 8) as usize];
        let line = match r {
            0..=7 => String::new(),
            8..=15 => format!("{indent}// {w} of the {}", WORDS[(next() % 8) as usize]),
            16..=23 if depth < 4 => {
                depth += 1;
                format!("{indent}if ({w} > {}) {{", next() % 100)
            }
            24..=31 if depth > 0 => {
                depth -= 1;
                format!("{}}}", "    ".repeat(depth))
            }
            _ => format!("{indent}let {w}{} = {w}({});", next() % 50, next() % 1000),
        };
        out.extend_from_slice(line.as_bytes());
        out.push(b'\n');
    }
    out
}

/// `lines_lf` with `insert` (LF text, whole lines) in the middle, at a line start.
fn with_insert(size: usize, insert: &str) -> Vec<u8> {
    let mut text = lines_lf(size, 7);
    let mid = text.len() / 2;
    let at = text[mid..]
        .iter()
        .position(|&b| b == b'\n')
        .map_or(text.len(), |p| mid + p + 1);
    let mut block = insert.as_bytes().to_vec();
    block.push(b'\n');
    text.splice(at..at, block);
    text
}

/// Every `\n` written as `\r\n`.
fn crlf(lf: &[u8]) -> Vec<u8> {
    eol::convert(lf, Ending::CrLf)
}

/// Alternating blocks of CRLF and LF lines.
fn mixed(lf: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(lf.len() * 2);
    for (i, line) in lf.split_inclusive(|&b| b == b'\n').enumerate() {
        if (i / 7) % 2 == 0 && line.ends_with(b"\n") {
            out.extend_from_slice(&line[..line.len() - 1]);
            out.extend_from_slice(b"\r\n");
        } else {
            out.extend_from_slice(line);
        }
    }
    out
}

const TARGET: &str = "function benchTarget() {\n    return 0;\n}";
const TARGET_NEW: &str = "function benchTarget() {\n    return 1;\n}";

mod eol_view {
    use super::*;

    #[divan::bench(args = ["lf", "crlf", "mixed"])]
    fn lf_view_new(bencher: Bencher, kind: &str) {
        let lf = lines_lf(SIZE, 1);
        let src = match kind {
            "lf" => lf,
            "crlf" => crlf(&lf),
            _ => mixed(&lf),
        };
        bencher
            .counter(BytesCount::of_slice(&src))
            .bench(|| LfView::new(black_box(&src)));
    }

    #[divan::bench(args = ["crlf", "mixed"])]
    fn to_lf(bencher: Bencher, kind: &str) {
        let lf = lines_lf(SIZE, 2);
        let src = if kind == "crlf" {
            crlf(&lf)
        } else {
            mixed(&lf)
        };
        bencher
            .counter(BytesCount::of_slice(&src))
            .bench(|| eol::to_lf(black_box(&src)));
    }

    #[divan::bench]
    fn info_crlf(bencher: Bencher) {
        let src = crlf(&lines_lf(SIZE, 3));
        bencher
            .counter(BytesCount::of_slice(&src))
            .bench(|| eol::info(black_box(&src)));
    }
}

mod tiers {
    use super::*;

    /// A view and an `old` that only `tier` (and no tier before it) finds.
    fn case(tier: Tier) -> (Vec<u8>, Vec<u8>) {
        match tier {
            Tier::Exact => (with_insert(SIZE, TARGET), TARGET.as_bytes().to_vec()),
            Tier::Unicode => (
                with_insert(SIZE, "    say(\u{201C}hello\u{201D}, \u{2018}x\u{2019});"),
                b"    say(\"hello\", 'x');".to_vec(),
            ),
            Tier::TrailingWhitespace => (
                with_insert(SIZE, "function benchTws() {  \n    return 0;\t\n}"),
                b"function benchTws() {\n    return 0;\n}".to_vec(),
            ),
            Tier::InnerWhitespace => (
                with_insert(SIZE, "    let benchInner   = 1;\n    let b        = 22;"),
                b"    let benchInner = 1;\n    let b = 22;".to_vec(),
            ),
            Tier::Indentation => (
                with_insert(SIZE, "\tfunction benchIndent() {\n\t\treturn 0;\n\t}"),
                b"function benchIndent() {\n    return 0;\n}".to_vec(),
            ),
            _ => {
                unreachable!("the engine's fallbacks (unescaped, lineNumbers) are no tiers of find")
            }
        }
    }

    #[divan::bench]
    fn lines_new(bencher: Bencher) {
        let view = lines_lf(SIZE, 4);
        bencher
            .counter(BytesCount::of_slice(&view))
            .bench(|| Lines::new(black_box(&view)));
    }

    fn bench_tier(bencher: Bencher, tier: Tier) {
        let (view, old) = case(tier);
        // Built once, as the engine shares it between tiers.
        let lines = matching::LazyLines::new(&view);
        lines.get();
        let found = matching::find(&view, &lines, &old).expect("the crafted input matches");
        assert_eq!(found.tier, tier, "the crafted input is decided by its tier");
        assert_eq!(found.matches.len(), 1);
        bencher.counter(BytesCount::of_slice(&view)).bench(|| {
            // The engine indexes lines per edit, and only for the line tiers.
            let lines = matching::LazyLines::new(black_box(&view));
            matching::find(black_box(&view), &lines, black_box(&old))
        });
    }

    #[divan::bench]
    fn find_exact(bencher: Bencher) {
        bench_tier(bencher, Tier::Exact);
    }

    #[divan::bench]
    fn find_unicode(bencher: Bencher) {
        bench_tier(bencher, Tier::Unicode);
    }

    #[divan::bench]
    fn find_trailing_whitespace(bencher: Bencher) {
        bench_tier(bencher, Tier::TrailingWhitespace);
    }

    #[divan::bench]
    fn find_inner_whitespace(bencher: Bencher) {
        bench_tier(bencher, Tier::InnerWhitespace);
    }

    #[divan::bench]
    fn find_indentation(bencher: Bencher) {
        bench_tier(bencher, Tier::Indentation);
    }
}

mod not_found {
    use super::*;

    /// 170,000 identical lines (1 MiB) and an `oldText` of 10,000 of them plus one
    /// absent line: every line tier, then the explanation, on the most repetitive
    /// input there is.
    #[divan::bench]
    fn identical_lines(bencher: Bencher) {
        let src = "abcde\n".repeat(170_000).into_bytes();
        let old = "abcde\n".repeat(10_000) + "absent line\n";
        let edits = [engine::Edit::new(old.as_bytes(), &b"x"[..])];
        bencher
            .counter(BytesCount::of_slice(&src))
            .bench(|| engine::apply_edits(black_box(&src), &edits, "f").unwrap_err());
    }

    /// A near-miss in 1 MiB of source-like text: a 5-line block whose identifiers the
    /// model misremembered, so every tier fails and the explanation names the block.
    #[divan::bench]
    fn near_miss(bencher: Bencher) {
        let src = with_insert(SIZE, TARGET);
        let old = "function benchTarget() {\n    return zero;\n}";
        let edits = [engine::Edit::new(old, "x")];
        let e = engine::apply_edits(&src, &edits, "f").unwrap_err();
        assert_eq!(e.lines().len(), 3, "{}", e.message());
        bencher
            .counter(BytesCount::of_slice(&src))
            .bench(|| engine::apply_edits(black_box(&src), &edits, "f").unwrap_err());
    }
}

mod alignment {
    use super::*;

    /// `writeFile` over a 1 MiB CRLF file: the whole file aligned with new content
    /// that changes one line and adds one.
    #[divan::bench]
    fn replace_whole_file(bencher: Bencher) {
        let lf = with_insert(SIZE, TARGET);
        let region = crlf(&lf);
        let new_lf = {
            let s = String::from_utf8(lf.clone()).unwrap();
            s.replacen(TARGET, &format!("{TARGET_NEW}\n// added"), 1)
                .into_bytes()
        };
        let out = align::replace(&region, &lf, &new_lf, None, Ending::CrLf);
        assert_eq!(out.len(), region.len() + "\r\n// added".len());
        bencher
            .counter(BytesCount::of_slice(&region))
            .bench(|| align::replace(black_box(&region), &lf, &new_lf, None, Ending::CrLf));
    }

    /// A three-line match, as one edit aligns it.
    #[divan::bench]
    fn replace_match(bencher: Bencher) {
        let region = crlf(TARGET.as_bytes());
        bencher.bench(|| {
            align::replace(
                black_box(&region),
                TARGET.as_bytes(),
                TARGET_NEW.as_bytes(),
                None,
                Ending::CrLf,
            )
        });
    }
}

/// Lines changed inside a match of a lenient tier: the model's old and new line are
/// aligned character by character, so that what the model left alone keeps the
/// file's characters (curly quotes here).
mod changed_lines {
    use super::*;

    /// `kind`: "short" (one line of code, a word added), "long" (a 40 KiB line, a word
    /// added in its middle), "rewritten" (that line replaced by different text of the
    /// same length: the alignment gives up within its budget).
    fn case(kind: &str) -> (Vec<u8>, Vec<u8>, Vec<u8>) {
        let repeat = if kind == "short" { 1 } else { 2048 };
        let file = "say(\u{201C}hello\u{201D}, \u{2018}x\u{2019}); ".repeat(repeat);
        let old = "say(\"hello\", 'x'); ".repeat(repeat);
        let new = if kind == "rewritten" {
            "let(\"other\", 'y'); ".repeat(repeat)
        } else {
            let unit = old.len() / repeat;
            let mid = repeat / 2 * unit;
            let word = "say(\"hello world\", 'x'); ";
            format!("{}{word}{}", &old[..mid], &old[mid + unit..])
        };
        (file.into_bytes(), old.into_bytes(), new.into_bytes())
    }

    #[divan::bench(args = ["short", "long", "rewritten"])]
    fn replace_changed_line(bencher: Bencher, kind: &str) {
        let (region, old, new) = case(kind);
        bencher
            .counter(BytesCount::of_slice(&region))
            .bench(|| align::replace(black_box(&region), &old, &new, None, Ending::Lf));
    }
}

mod end_to_end {
    use super::*;

    /// One exact edit mid 1 MiB file: LF view, lines, match, alignment, diff.
    #[divan::bench(args = ["lf", "crlf"])]
    fn apply_edits(bencher: Bencher, kind: &str) {
        let lf = with_insert(SIZE, TARGET);
        let src = if kind == "lf" { lf } else { crlf(&lf) };
        let edits = [engine::Edit::new(TARGET, TARGET_NEW)];
        bencher
            .counter(BytesCount::of_slice(&src))
            .bench(|| engine::apply_edits(black_box(&src), &edits, "f").unwrap());
    }

    /// The changed lines and unified diff of that edit.
    #[divan::bench]
    fn diff_summarize(bencher: Bencher) {
        let old = crlf(&with_insert(SIZE, TARGET));
        let splices = engine::apply_edits(&old, &[engine::Edit::new(TARGET, TARGET_NEW)], "f")
            .unwrap()
            .splices;
        bencher
            .counter(BytesCount::of_slice(&old))
            .bench(|| diff::summarize(black_box(&old), black_box(&splices), "f"));
    }
}
