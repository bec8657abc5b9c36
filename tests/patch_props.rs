//! Property tests of `applyPatch` (SPEC section 8) on random files and random trees.
//!
//! - **One file.** A first text `A` (random lines joined by random endings: `\r\n`,
//!   `\n`, lone `\r`, with or without a final one) and a second text `B` (the lines of
//!   `A` kept, removed, changed, with new ones added) are diffed line by line; the diff
//!   is rendered as an apply_patch envelope or as a unified diff, with LF line breaks or
//!   CRLF ones, and applied to `A`. The result must be `B` in the LF view, with `A`'s
//!   final-newline state, and every line the diff kept must keep the ending it had in
//!   `A`.
//! - **A tree.** Random files (LF, CRLF, lone-CR or mixed endings) get random changes
//!   as `git diff` shows them: updates, moves with and without hunks, swaps and
//!   rotations, deletes, a deleted path added again, adds into new folders. The patch
//!   (its sections in a random order, in either format) applied to the folder, after a
//!   dry run that must pass and change nothing, gives exactly the tree the changes make
//!   when applied to the files directly.
//!
//! The expectations are computed from the generators and oracles of `support/` (a line
//! splitter of their own and `similar`'s diff), not from the code under test.

mod support;

use std::collections::{BTreeMap, HashMap};

use eol_edit::internals::eol::Ending;
use eol_edit::internals::file::FileOptions;
use eol_edit::internals::patch::{apply::update, apply_patch, parse, Options as PatchOptions};
use eol_edit::{Guards, PatchAction};
use proptest::prelude::*;
use proptest::test_runner::RngSeed;
use support::{Expected, Fate, ENDINGS, WORDS};

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
                prop::collection::vec(support::fate(), n),
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

/// Applies the diff of `A` to `B` to `A` (nothing to test when there is no change,
/// or a hunk of blank lines only, which is ambiguous by design).
fn check(case: &Case) -> Result<(), TestCaseError> {
    let (a, b) = texts(case);
    let old = support::naive::view_of(&a);
    if old == b {
        return Ok(());
    }
    let ops = support::diff(&old, &b);
    if support::ambiguous(&old, &ops) {
        return Ok(());
    }
    let mut patch = if case.unified {
        format!("--- a/f\n+++ b/f\n{}", support::hunks(&old, &b, &ops, true))
    } else {
        format!(
            "*** Begin Patch\n*** Update File: f\n{}*** End Patch\n",
            support::hunks(&old, &b, &ops, false)
        )
    };
    if case.crlf_patch {
        patch = patch.replace('\n', "\r\n");
    }
    let parsed =
        parse(patch.as_bytes()).map_err(|e| TestCaseError::fail(format!("{e}\n{patch}")))?;
    let hunks = parsed.files[0].hunks();
    let updated = update(
        &a,
        hunks,
        parsed.format,
        &|| Ending::Lf,
        Guards::none(),
        "f",
    )
    .map_err(|e| TestCaseError::fail(format!("{e}\nA = {}\n{patch}", support::naive::show(&a))))?;
    let out = updated.splices.to_vec(&a);
    support::check_patched(&a, &b, &out, &ops).map_err(|why| {
        TestCaseError::fail(format!(
            "{why}\nA = {}\nresult = {}\n{patch}",
            support::naive::show(&a),
            support::naive::show(&out)
        ))
    })
}

/// Applies a random tree case's patch to a real folder: a dry run that changes
/// nothing, then the real call, which must leave exactly the tree worked out.
fn check_tree(case: &support::TreeCase) -> Result<(), TestCaseError> {
    let worked = support::work_out(case);
    if worked.ambiguous {
        return Ok(());
    }
    let folder = support::Folder::new();
    folder.write(&worked.old);
    let context = || format!("patch:\n{}\nold tree: {:?}", worked.patch, worked.old);
    let mut opts = PatchOptions {
        file: FileOptions {
            cwd: Some(folder.path().to_path_buf()),
            roots: Some(vec![folder.path().to_path_buf()]),
            dry_run: true,
            ..FileOptions::default()
        },
        expected_versions: HashMap::new(),
        ..Default::default()
    };
    apply_patch(worked.patch.as_bytes(), &opts)
        .map_err(|e| TestCaseError::fail(format!("dry run: {e}\n{}", context())))?;
    prop_assert_eq!(
        &folder.files(),
        &worked.old,
        "the dry run wrote\n{}",
        context()
    );
    opts.file.dry_run = false;
    apply_patch(worked.patch.as_bytes(), &opts)
        .map_err(|e| TestCaseError::fail(format!("{e}\n{}", context())))?;
    let got = folder.files();
    // The same patch over the old tree as buffers gives the very bytes the disk got,
    // the result read as `InMemoryFile` says (drop what is vacated, then put every
    // `after`).
    let in_memory = in_memory_tree(&worked.old, &worked.patch)
        .map_err(|e| TestCaseError::fail(format!("in memory: {e}\n{}", context())))?;
    prop_assert_eq!(&in_memory, &got, "in memory\n{}", context());
    let (names, wanted): (Vec<&String>, Vec<&String>) =
        (got.keys().collect(), worked.new.keys().collect());
    prop_assert_eq!(names, wanted, "files\n{}", context());
    for (path, expected) in &worked.new {
        let out = &got[path];
        match expected {
            Expected::Bytes(bytes) => prop_assert_eq!(
                out,
                bytes,
                "{}: got {}\n{}",
                path,
                support::naive::show(out),
                context()
            ),
            Expected::Patched { from, lines, ops } => support::check_patched(from, lines, out, ops)
                .map_err(|why| {
                    TestCaseError::fail(format!(
                        "{path}: {why}\nwas {}\n{}",
                        support::naive::show(from),
                        context()
                    ))
                })?,
        }
    }
    Ok(())
}

/// `patch` applied to the buffers `old` with `apply_patch_in_memory`, and the tree its
/// result makes.
fn in_memory_tree(
    old: &BTreeMap<String, Vec<u8>>,
    patch: &str,
) -> eol_edit::Result<BTreeMap<String, Vec<u8>>> {
    let key = |p: &std::path::Path| p.to_string_lossy().replace('\\', "/");
    let mut asked = Vec::new();
    let lookup = |p: &std::path::Path| {
        asked.push(key(p));
        Ok(old.get(&key(p)).cloned())
    };
    let result = eol_edit::apply_patch_in_memory(patch, lookup, &Default::default())?;
    let mut asked_once = asked.clone();
    asked_once.sort();
    asked_once.dedup();
    assert_eq!(
        asked_once.len(),
        asked.len(),
        "each path is looked up once: {asked:?}"
    );
    let mut tree = old.clone();
    for f in &result.files {
        if matches!(f.action, PatchAction::Delete | PatchAction::Move) {
            tree.remove(&key(&f.path));
        }
    }
    for f in &result.files {
        if let Some(after) = &f.after {
            tree.insert(key(f.moved_to.as_ref().unwrap_or(&f.path)), after.clone());
        }
    }
    Ok(tree)
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

    /// A random `git diff` of a random tree (moves, swaps, rotations, deletes, a path
    /// deleted and added again, adds into new folders), its sections in any order and
    /// in either format, gives exactly the new tree, every kept line keeping its ending.
    #[test]
    fn a_diff_of_two_trees_applied_to_the_first_gives_the_second(case in support::tree_case()) {
        check_tree(&case)?;
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
        if let Err(e) = update(&source, file.hunks(), parsed.format, &|| Ending::CrLf, Guards::none(), "f") {
            use eol_edit::ErrorCode::*;
            prop_assert!(matches!(e.code(), TextNotFound | TextMultipleMatches), "{}", e);
            prop_assert!(e.hunk_index().is_some());
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
            prop_assert_eq!(e.code(), eol_edit::ErrorCode::PatchInvalid);
            prop_assert!(!e.lines().is_empty() || e.message().to_string().contains("empty"), "{}", e.message());
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
