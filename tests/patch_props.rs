//! Property tests of `applyPatch`'s core (SPEC section 8) on random files.
//!
//! A first text `A` (random lines joined by random endings: `\r\n`, `\n`, lone `\r`,
//! with or without a final one) and a second text `B` (the lines of `A` kept, removed,
//! changed, with new ones added) are diffed line by line; the diff is rendered as an
//! apply_patch envelope or as a unified diff, with LF line breaks or CRLF ones, and
//! applied to `A`. The result must be `B` in the LF view, with `A`'s final-newline
//! state, and every line the diff kept must keep the ending it had in `A`.
//!
//! The expectations are computed here, from this file's own line splitter and
//! `similar`'s diff, not from the code under test.

use eol_edit::eol::Ending;
use eol_edit::patch::{apply::update, parse};
use proptest::prelude::*;
use proptest::test_runner::RngSeed;
use similar::{capture_diff_slices, group_diff_ops, Algorithm, DiffOp};

/// One line of a text: its content and the bytes of its ending (empty for none).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Line {
    content: Vec<u8>,
    ending: Vec<u8>,
}

/// Splits bytes into lines at `\r\n`, `\n` and lone `\r`.
fn lines_of(bytes: &[u8]) -> Vec<Line> {
    let mut out = Vec::new();
    let mut content = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let ending: &[u8] = match bytes[i] {
            b'\r' if bytes.get(i + 1) == Some(&b'\n') => b"\r\n",
            b'\r' => b"\r",
            b'\n' => b"\n",
            c => {
                content.push(c);
                i += 1;
                continue;
            }
        };
        out.push(Line {
            content: std::mem::take(&mut content),
            ending: ending.to_vec(),
        });
        i += ending.len();
    }
    if !content.is_empty() {
        out.push(Line {
            content,
            ending: Vec::new(),
        });
    }
    out
}

fn show(bytes: &[u8]) -> String {
    format!("{:?}", String::from_utf8_lossy(bytes))
}

const WORDS: &[&str] = &[
    "a",
    "foo",
    "x y",
    "caf\u{e9}",
    "\u{65e5}\u{672c}",
    "\tt",
    "q\"",
    "",
];
const ENDINGS: &[&str] = &["\n", "\r\n", "\r"];

/// What happens to one line of `A` on the way to `B`.
#[derive(Debug, Clone, Copy)]
enum Fate {
    Keep,
    Remove,
    Change,
    /// Kept, with a new line before it.
    InsertBefore,
}

#[derive(Debug, Clone)]
struct Case {
    /// `A`'s lines: (word index, ending index).
    a: Vec<(usize, usize)>,
    final_ending: bool,
    fates: Vec<Fate>,
    append: usize,
    unified: bool,
    crlf_patch: bool,
}

fn case() -> impl Strategy<Value = Case> {
    (0usize..24)
        .prop_flat_map(|n| {
            (
                prop::collection::vec((0..WORDS.len(), 0..ENDINGS.len()), n),
                any::<bool>(),
                prop::collection::vec(
                    prop_oneof![
                        6 => Just(Fate::Keep),
                        2 => Just(Fate::Remove),
                        2 => Just(Fate::Change),
                        1 => Just(Fate::InsertBefore),
                    ],
                    n,
                ),
                0usize..3,
                any::<bool>(),
                any::<bool>(),
            )
        })
        .prop_map(
            |(a, final_ending, fates, append, unified, crlf_patch)| Case {
                a,
                final_ending,
                fates,
                append,
                unified,
                crlf_patch,
            },
        )
}

/// `A`'s bytes and `B`'s lines (LF view). Every non-empty line is unique, so a hunk
/// is ambiguous only if all its old lines are blank.
fn texts(case: &Case) -> (Vec<u8>, Vec<Vec<u8>>) {
    let mut a = Vec::new();
    let mut b = Vec::new();
    let mut fresh = 0;
    let mut new_line = || {
        fresh += 1;
        format!("new {fresh}").into_bytes()
    };
    for (i, &(w, e)) in case.a.iter().enumerate() {
        let word = WORDS[w];
        let content = if word.is_empty() {
            Vec::new()
        } else {
            format!("{word} {i}").into_bytes()
        };
        a.extend_from_slice(&content);
        if i + 1 < case.a.len() || case.final_ending {
            a.extend_from_slice(ENDINGS[e].as_bytes());
        }
        match case.fates[i] {
            Fate::Keep => b.push(content),
            Fate::Remove => {}
            Fate::Change => b.push(new_line()),
            Fate::InsertBefore => {
                b.push(new_line());
                b.push(content);
            }
        }
    }
    for _ in 0..case.append {
        b.push(new_line());
    }
    (a, b)
}

/// The diff of `old` to `new` as a patch, and the diff's operations.
fn render(old: &[Vec<u8>], new: &[Vec<u8>], unified: bool) -> (String, Vec<DiffOp>) {
    let ops = capture_diff_slices(Algorithm::Myers, old, new);
    let mut out = String::new();
    if unified {
        out.push_str("--- a/f\n+++ b/f\n");
    } else {
        out.push_str("*** Begin Patch\n*** Update File: f\n");
    }
    for group in group_diff_ops(ops.clone(), 3) {
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
    if !unified {
        out.push_str("*** End Patch\n");
    }
    (out, ops)
}

/// 512 cases per property; `PROPTEST_CASES` asks for more (or fewer).
fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(512)
}

fn rng_seed() -> RngSeed {
    match std::env::var("PROPTEST_RNG_SEED") {
        Ok(_) => ProptestConfig::default().rng_seed,
        Err(_) => RngSeed::Fixed(0x00AB_17C4),
    }
}

/// Applies the diff of `A` to `B` to `A`; `None` when the case has nothing to test
/// (no change, or a hunk of blank lines only, which is ambiguous by design).
fn check(case: &Case) -> Result<(), TestCaseError> {
    let (a, b) = texts(case);
    let a_lines = lines_of(&a);
    let old: Vec<Vec<u8>> = a_lines.iter().map(|l| l.content.clone()).collect();
    if old == b {
        return Ok(());
    }
    let (mut patch, ops) = render(&old, &b, case.unified);
    for group in group_diff_ops(ops.clone(), 3) {
        let first = group[0].old_range().start;
        let end = group[group.len() - 1].old_range().end;
        if (first..end).all(|i| old[i].is_empty())
            && end > first
            && old.iter().filter(|l| l.is_empty()).count() > 1
        {
            return Ok(());
        }
    }
    if case.crlf_patch {
        patch = patch.replace('\n', "\r\n");
    }
    let parsed =
        parse(patch.as_bytes()).map_err(|e| TestCaseError::fail(format!("{e}\n{patch}")))?;
    let hunks = &parsed.files[0].hunks;
    let updated = update(&a, hunks, &|| Ending::Lf, "f")
        .map_err(|e| TestCaseError::fail(format!("{e}\nA = {}\n{patch}", show(&a))))?;
    let out = updated.splices.to_vec(&a);
    let out_lines = lines_of(&out);
    let context = format!("A = {}\nresult = {}\n{patch}", show(&a), show(&out));

    // B in the LF view, with A's final-newline state (an empty A takes ended lines).
    let view: Vec<Vec<u8>> = out_lines.iter().map(|l| l.content.clone()).collect();
    prop_assert_eq!(&view, &b, "LF view differs\n{}", context);
    if !b.is_empty() {
        let ended = !out_lines.last().unwrap().ending.is_empty();
        // An empty last line keeps its ending: without it, it would not be a line.
        let wanted =
            a.is_empty() || matches!(a.last(), Some(b'\n' | b'\r')) || b.last().unwrap().is_empty();
        prop_assert_eq!(ended, wanted, "final newline state\n{}", context);
    }

    // Kept lines keep their endings (but where a line is now last, or where a lone
    // CR and an empty LF line met).
    for op in &ops {
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
                prop_assert!(
                    was.ending == now.ending || fused,
                    "line {} kept {:?} but now ends {:?}\n{}",
                    new_index + k + 1,
                    show(&was.ending),
                    show(&now.ending),
                    context
                );
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: cases(),
        failure_persistence: None,
        rng_seed: rng_seed(),
        ..ProptestConfig::default()
    })]

    /// The diff of two random texts, in either format and with either line break,
    /// turns the first into the second and keeps the first's endings on kept lines.
    #[test]
    fn a_diff_of_two_texts_applied_to_the_first_gives_the_second(case in case()) {
        check(&case)?;
    }

    /// Arbitrary hunks on arbitrary bytes never panic, and fail only with the codes a
    /// hunk can fail with.
    #[test]
    fn arbitrary_hunks_on_arbitrary_bytes_never_panic(
        source in prop::collection::vec(prop::sample::select(&b"ab \t\r\n\xC3\xA9x"[..]), 0..60),
        lines in prop::collection::vec(
            (prop::sample::select(&[" ", "-", "+", "@@ ", "@@", "*** End of File", "\\ No newline"][..]),
             prop::collection::vec(prop::sample::select(&b"ab \tx\r"[..]), 0..4)),
            1..12,
        ),
        unified in any::<bool>(),
    ) {
        let mut body = String::new();
        for (prefix, text) in &lines {
            body.push_str(prefix);
            body.push_str(&String::from_utf8_lossy(text));
            body.push('\n');
        }
        let patch = if unified {
            format!("--- a/f\n+++ b/f\n@@ -2,3 +2,3 @@\n{body}")
        } else {
            format!("*** Begin Patch\n*** Update File: f\n{body}*** End Patch\n")
        };
        let Ok(parsed) = parse(patch.as_bytes()) else { return Ok(()) };
        let Some(file) = parsed.files.first() else { return Ok(()) };
        if let Err(e) = update(&source, &file.hunks, &|| Ending::CrLf, "f") {
            use eol_edit::error::ErrorCode::*;
            prop_assert!(matches!(e.code, TextNotFound | TextMultipleMatches), "{}", e);
            prop_assert!(e.hunk_index.is_some());
        }
    }

    /// Arbitrary text never panics the parser, and anything it cannot read is
    /// `PATCH_INVALID`.
    #[test]
    fn the_parser_never_panics(text in prop::collection::vec(
        prop_oneof![
            Just(b"*** Begin Patch\n".to_vec()), Just(b"*** End Patch\n".to_vec()),
            Just(b"*** Update File: f\n".to_vec()), Just(b"*** Add File: g\n".to_vec()),
            Just(b"*** Move to: h\n".to_vec()), Just(b"*** End of File\n".to_vec()),
            Just(b"@@\n".to_vec()), Just(b"@@ -1,2 +1,3 @@\n".to_vec()), Just(b"--- a/f\n".to_vec()),
            Just(b"+++ b/f\n".to_vec()), Just(b"diff --git a/f b/f\n".to_vec()), Just(b" x\n".to_vec()),
            Just(b"-y\n".to_vec()), Just(b"+z\r\n".to_vec()), Just(b"\\ No newline\n".to_vec()),
            Just(b"\n".to_vec()), Just(b"\r".to_vec()), Just(b"<<'EOF'\n".to_vec()), Just(b"EOF\n".to_vec()),
            prop::collection::vec(any::<u8>(), 0..8),
        ],
        0..24,
    )) {
        let text: Vec<u8> = text.concat();
        if let Err(e) = parse(&text) {
            prop_assert_eq!(e.code, eol_edit::error::ErrorCode::PatchInvalid);
            prop_assert!(!e.lines.is_empty() || e.message.contains("empty"), "{}", e.message);
        }
    }
}

#[test]
fn a_lone_cr_line_before_an_empty_line_keeps_the_lines_apart() {
    let case = Case {
        a: vec![(0, 2), (7, 0), (1, 0)],
        final_ending: true,
        fates: vec![Fate::Keep, Fate::Keep, Fate::Remove],
        append: 0,
        unified: false,
        crlf_patch: false,
    };
    check(&case).unwrap();
}
