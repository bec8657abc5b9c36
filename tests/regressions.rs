//! Regression tests for what fuzzing found, and a stable-Rust soak of the fuzz checks.
//!
//! `fuzz/src/checks.rs` holds the properties the cargo-fuzz targets check (see that
//! file). It is compiled here too, so that:
//!
//! - every input a fuzzer ever failed on is replayed by `cargo test` on stable Rust,
//!   in `replays_every_saved_crash` (add each new artifact there, as bytes);
//! - each check also runs over a bounded stream of pseudo-random inputs from a fixed
//!   seed (`soak_*`), so the properties are exercised in CI even where no fuzzer can
//!   run. `EOL_SOAK_ITERATIONS` scales the count (default below); `EOL_SOAK_SEED`
//!   picks another seed; `EOL_SOAK_TRACE=1` prints each input before it runs, for a
//!   failure that aborts the process (a stack overflow, an allocation failure).

#[path = "../fuzz/src/checks.rs"]
mod checks;
// The checks include the naive oracles of `support/` themselves; only the generator is
// needed here.
#[path = "support/rng.rs"]
mod rng;

use std::fs;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use eol_edit::internals::engine::{self, Edit};
use eol_edit::internals::eol::Ending;
use eol_edit::internals::file::conventions::new_file_ending;
use eol_edit::internals::file::{load, modify, FileOptions};
use eol_edit::internals::matching;
use eol_edit::ErrorCode;
use rng::Rng;

impl Rng {
    /// Text-like bytes: endings of every kind, spaces, tabs, quotes, escapes, a few
    /// non-ASCII and invalid sequences, words; or now and then any byte at all.
    fn text(&mut self, len: usize) -> Vec<u8> {
        const PIECES: &[&[u8]] = &[
            b"\r\n",
            b"\n",
            b"\r",
            b"\r\n",
            b"\n",
            b" ",
            b"  ",
            b"\t",
            b"a",
            b"b",
            b"x",
            b"foo",
            b"bar",
            b"if (a) {",
            b"}",
            b"'",
            b"\"",
            b"\\n",
            b"\\\"",
            b"\\t",
            b"\\\\",
            b"\xE2\x80\x99",
            b"\xE2\x80\x9C",
            b"\xE2\x80\x93",
            b"\xC2\xA0",
            b"e\xCC\x81",
            b"\xC3\xA9",
            b"\xED\xA0\x80",
            b"\xFF",
            b"\xEF\xBB\xBF",
            b"*",
            b"[",
            b"]",
            b"{",
            b"}",
            b",",
            b"..",
            b"/",
            b"=",
            b"#",
            b"!",
            b"?",
            b"-",
            b"end_of_line = crlf",
            b"root = true",
            b"eol=lf",
            b"text",
            b"\x00",
        ];
        let mut out = Vec::with_capacity(len + 8);
        while out.len() < len {
            if self.below(16) == 0 {
                out.push(self.next() as u8);
            } else {
                out.extend_from_slice(PIECES[self.below(PIECES.len())]);
            }
        }
        out
    }

    fn byte(&mut self) -> u8 {
        self.next() as u8
    }

    /// A length-prefixed chunk of text, as `Input::chunk` reads it.
    fn chunk(&mut self, max: u64, out: &mut Vec<u8>) {
        let len = self.below(max as usize);
        let mut text = self.text(len);
        text.truncate(255);
        out.push(text.len() as u8);
        out.extend(text);
    }

    /// An input for `checks::engine`, laid out as it reads it (see `engine_*` there).
    fn engine_input(&mut self) -> Vec<u8> {
        let mut d = Vec::new();
        let op = self.byte();
        d.push(op);
        match op % 4 {
            0 => {
                // One edit half of the time: the strongest property needs exactly one.
                let n = if self.below(2) == 0 { 0 } else { self.byte() };
                d.push(n);
                for _ in 0..1 + n % 3 {
                    d.push(self.byte()); // kind
                    d.extend((self.below(400) as u16).to_le_bytes()); // start
                    d.push(self.below(90) as u8); // len
                    d.push(self.byte()); // tweak
                    self.chunk(24, &mut d);
                    self.chunk(8, &mut d);
                }
            }
            1 => {
                d.push(self.byte()); // inclusive
                for _ in 0..2 {
                    d.push(self.byte()); // kind
                    d.extend((self.below(40) as u16 | (self.below(4) as u16) << 14).to_le_bytes());
                    self.chunk(12, &mut d);
                }
            }
            2 => {
                d.push(self.byte()); // flags
                d.push(self.byte()); // how
                d.extend((self.below(400) as u16).to_le_bytes());
                self.chunk(24, &mut d);
            }
            _ => d.push(self.byte()),
        }
        let len = self.below(300);
        d.extend(self.text(len));
        d
    }

    /// A file for `checks::decoder`: a BOM or none, text, now and then a NUL or an odd
    /// length.
    fn decoder_input(&mut self) -> Vec<u8> {
        let mut d = match self.below(5) {
            0 => b"\xEF\xBB\xBF".to_vec(),
            1 => b"\xFF\xFE".to_vec(),
            2 => b"\xFE\xFF".to_vec(),
            _ => Vec::new(),
        };
        let len = self.below(200);
        let text = self.text(len);
        let nul_free = self.below(8) != 0;
        d.extend(text.into_iter().filter(|&c| c != 0 || !nul_free));
        if d.len() > 2 && d[0] >= 0xFE && self.below(3) == 0 {
            // UTF-16 units: surrogates, CR, LF and NUL included.
            for _ in 0..self.below(30) {
                let unit: u16 = match self.below(4) {
                    0 => 0xD800 + self.below(0x800) as u16,
                    1 => [0x0D, 0x0A, 0x00, 0xFEFF][self.below(4)],
                    _ => self.next() as u16,
                };
                d.extend(unit.to_le_bytes());
            }
        }
        d
    }

    /// A glob as .editorconfig and .gitattributes write them.
    fn glob(&mut self) -> Vec<u8> {
        const PIECES: &[&[u8]] = &[
            b"*", b"**", b"**/", b"/**", b"?", b"[a-z]", b"[!x]", b"[]", b"[", b"{a,b}", b"{1..3}",
            b"{-5..x}", b"{", b"}", b",", b"\\", b"/", b"a", b"b", b".", b"x", b"[c]", b"b b",
            b"bat", b"*.", b"{*,}",
        ];
        let mut g = Vec::new();
        for _ in 0..1 + self.below(6) {
            g.extend_from_slice(PIECES[self.below(PIECES.len())]);
        }
        g
    }

    /// Settings files and a file name for `checks::conventions`.
    fn conventions_input(&mut self) -> Vec<u8> {
        let mut d = vec![self.byte()];
        let mut name: Vec<u8> = self.glob().into_iter().filter(|&c| c != b'/').collect();
        name.truncate(60);
        d.push(name.len() as u8);
        d.extend(name);
        let mut ec = Vec::new();
        if self.below(2) == 0 {
            ec.extend_from_slice(b"root = true\n");
        }
        for _ in 0..self.below(5) {
            ec.push(b'[');
            ec.extend(self.glob());
            ec.extend_from_slice(b"]\n");
            let value: &[u8] =
                [&b"lf"[..], b"crlf", b"cr", b"unset", b"LF ; c", b"x"][self.below(6)];
            ec.extend_from_slice(b"end_of_line = ");
            ec.extend_from_slice(value);
            ec.push(b'\n');
            if self.below(4) == 0 {
                let len = self.below(20);
                ec.extend(self.text(len));
            }
        }
        ec.truncate(u16::MAX as usize);
        d.extend((ec.len() as u16).to_le_bytes());
        d.extend(ec);
        for _ in 0..self.below(5) {
            d.extend(self.glob());
            for _ in 0..1 + self.below(3) {
                let attr: &[u8] = [
                    &b" eol=lf"[..],
                    b" eol=crlf",
                    b" text",
                    b" -text",
                    b" binary",
                    b" !eol",
                    b" text=auto",
                    b" -crlf",
                ][self.below(8)];
                d.extend_from_slice(attr);
            }
            d.push(b'\n');
        }
        d
    }
}

fn iterations(default: usize) -> usize {
    std::env::var("EOL_SOAK_ITERATIONS")
        .ok()
        .and_then(|v| v.parse::<usize>().ok())
        .map_or(default, |n| n.max(1))
}

fn seed() -> u64 {
    std::env::var("EOL_SOAK_SEED")
        .ok()
        .and_then(|v| v.parse::<u64>().ok())
        .unwrap_or(0x5EED_E01E_D175_0001)
        .max(1)
}

/// Runs `check` on `count` inputs from `make`; a failure names the input's bytes.
fn soak(name: &str, count: usize, salt: u64, make: fn(&mut Rng) -> Vec<u8>, check: fn(&[u8])) {
    let mut rng = Rng(seed() ^ salt);
    let trace = std::env::var_os("EOL_SOAK_TRACE").is_some();
    for i in 0..count {
        let data = if i % 8 == 7 {
            // Now and then raw bytes, as a fuzzer's mutations would give.
            let len = rng.below(200);
            (0..len).map(|_| rng.byte()).collect()
        } else {
            make(&mut rng)
        };
        if trace {
            // An abort (stack overflow, out of memory) cannot be caught: print first.
            eprintln!("{name} #{i}: {data:?}");
        }
        if let Err(panic) = catch_unwind(AssertUnwindSafe(|| check(&data))) {
            let what = panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            panic!(
                "{name} soak input #{i} failed: {what}\ninput bytes: {:?}\n(add it to replays_every_saved_crash)",
                data
            );
        }
    }
    // What the inputs reached (shown with `cargo test -- --nocapture`).
    eprintln!("{name}: {count} inputs: {:?}", checks::take_stats());
}

#[test]
fn soak_engine() {
    soak(
        "engine",
        iterations(20_000),
        1,
        Rng::engine_input,
        checks::engine,
    );
}

#[test]
fn soak_decoder() {
    soak(
        "decoder",
        iterations(20_000),
        2,
        Rng::decoder_input,
        checks::decoder,
    );
}

#[test]
fn soak_conventions() {
    // Up to three settings lookups, each writing two files: fewer iterations.
    soak(
        "conventions",
        iterations(20_000) / 4,
        3,
        Rng::conventions_input,
        checks::conventions,
    );
    checks::remove_conventions_dir();
}

// ---------------------------------------------------------------------------------------
// Saved fuzz inputs: each is replayed through the check that found it.

/// `(target, bytes)` of every input a fuzzer or the soak ever failed on.
const SAVED: &[(&str, &[u8])] = &[
    // The seeds of scripts/fuzz.sh, so the replay always has something to run.
    ("engine", b"\x00\x00\x02\x03\x00\x04\x10\x01X\x00one\r\ntwo\r\nthree\r\n"),
    ("engine", b"\x01\x01\x00\x02\x00\x00\x00\x04\x00\x00a\r\nb\nc\rd\r\ne"),
    ("decoder", b"\xff\xfea\x00\r\x00\n\x00\x00\xd8b\x00"),
    (
        "conventions",
        b"\x01\x05a.bat\x2d\x00root = true\n[*.{bat,cmd}]\nend_of_line = crlf\n* text=auto eol=lf\n",
    ),
];

#[test]
fn replays_every_saved_crash() {
    for (i, (target, data)) in SAVED.iter().enumerate() {
        let check: fn(&[u8]) = match *target {
            "engine" => checks::engine,
            "decoder" => checks::decoder,
            "conventions" => checks::conventions,
            other => panic!("unknown target {other}"),
        };
        if let Err(panic) = catch_unwind(AssertUnwindSafe(|| check(data))) {
            std::panic::resume_unwind(Box::new(format!(
                "saved {target} input #{i} fails again: {:?}",
                panic.downcast_ref::<String>().cloned().unwrap_or_default()
            )));
        }
    }
    checks::remove_conventions_dir();
}

// ---------------------------------------------------------------------------------------
// Plain regression tests, one per finding, in the words of the bug.

/// The cost case of the hardening issue, at the size the contract names: a 1 MiB file
/// of 170,000 identical lines and a 10,000-line `oldText` of them plus one absent line.
/// Window-by-window matching and vote counting took a minute and more here in a
/// release build (1.7e9 line comparisons), far more unoptimized; near-linear work
/// takes under a second even unoptimized, so the bound is generous. Each
/// input is tried several ways (every line tier, with and without escapes, ending
/// with a line of another indentation) so no one path escapes the bound.
#[test]
fn text_not_found_on_identical_lines_is_near_linear() {
    let source = "abcdef\n".repeat(170_000);
    assert!(source.len() >= 1 << 20);
    let olds = [
        "abcdef\n".repeat(10_000) + "absent line\n",
        "abcdef\n".repeat(10_000) + "  abcdef\n",
        "  abcdef\n".repeat(10_000) + "abcdef \n  abcdef\n",
        "abcde\\n".repeat(10_000) + "absent",
    ];
    for old in &olds {
        let started = Instant::now();
        let e = engine::apply_edits(
            source.as_bytes(),
            &[Edit::new(old.as_bytes(), &b"x"[..])],
            "f",
        )
        .unwrap_err();
        let took = started.elapsed();
        assert_eq!(e.code(), ErrorCode::TextNotFound);
        assert!(
            took < Duration::from_secs(10),
            "TEXT_NOT_FOUND took {took:?} for {} bytes of oldText",
            old.len()
        );
    }
}

/// A changed line matched by a lenient tier is aligned with the model's new line
/// character by character, to keep the file's characters the model left alone. That
/// alignment has a budget proportional to the line: a 1 MiB line of curly quotes
/// rewritten from end to end (text sharing its quotes and spaces with the old one, the
/// worst for a diff), or 10,000 such lines each rewritten, cost a few passes over the
/// input, not its square.
#[test]
fn changed_lines_under_a_lenient_tier_are_aligned_in_near_linear_time() {
    let unit_file = "say(\u{201C}hi\u{201D}, \u{2018}x\u{2019}); ";
    let unit_old = "say(\"hi\", 'x'); ";
    let unit_new = "let(\"yo\", 'q'); ";
    let long = 1 << 20;
    let repeat = long / unit_file.len();
    let cases = [
        (
            unit_file.repeat(repeat),
            unit_old.repeat(repeat),
            unit_new.repeat(repeat),
        ),
        (
            format!("{}\n", unit_file.repeat(2)).repeat(10_000),
            format!("{}\n", unit_old.repeat(2)).repeat(10_000),
            format!("{}\n", unit_new.repeat(2)).repeat(10_000),
        ),
    ];
    for (source, old, new) in &cases {
        let started = Instant::now();
        let applied = engine::apply_edits(
            source.as_bytes(),
            &[Edit::new(old.as_bytes(), new.as_bytes())],
            "f",
        )
        .unwrap();
        let took = started.elapsed();
        let out = applied.content(source.as_bytes());
        assert!(
            matching::fold(&out) == matching::fold(new.as_bytes()),
            "the result does not read as the new text"
        );
        assert!(
            took < Duration::from_secs(10),
            "rewriting {} bytes took {took:?}",
            source.len()
        );
    }
}

#[test]
fn an_edit_never_panics_on_an_empty_source() {
    let e = engine::apply_edits(b"", &[Edit::new("a", "b")], "f").unwrap_err();
    assert_eq!(e.code(), ErrorCode::TextNotFound);
}

/// A folder of its own with a `.git`, so the settings search stops inside it.
fn settings_dir(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("eol-edit-regression-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(dir.join(".git")).unwrap();
    dir
}

/// Backtracking glob matching: `[*a*a*a*a*a*a*a*a*a*a*b]` in an `.editorconfig` (or
/// the same pattern in `.gitattributes`) took exponential time in the length of the
/// new file's name; 8 stars and a 44-character name took 22 s, so a repository could
/// hang `writeFile` of a new file.
#[test]
fn editorconfig_and_gitattributes_globs_with_many_stars_are_fast() {
    let dir = settings_dir("stars");
    let glob = format!("{}*b", "*a".repeat(12));
    let file = dir.join(format!("{}.txt", "a".repeat(60)));
    for (name, text) in [
        (
            ".editorconfig",
            format!("root = true\n[{glob}]\nend_of_line = crlf\n"),
        ),
        (".gitattributes", format!("{glob} eol=crlf\n")),
    ] {
        fs::write(dir.join(name), text).unwrap();
        let started = Instant::now();
        assert_eq!(new_file_ending(&file), Ending::Lf);
        // A backtracking glob match takes hours here; a linear one milliseconds, or
        // seconds for a debug build under wine or qemu (`EOL_EDIT_UNDER`) on a loaded
        // machine.
        let budget = if std::env::var_os("EOL_EDIT_UNDER").is_some() {
            30
        } else {
            1
        };
        assert!(
            started.elapsed() < Duration::from_secs(budget),
            "{name}: {:?}",
            started.elapsed()
        );
        fs::remove_file(dir.join(name)).unwrap();
    }
    fs::remove_dir_all(&dir).unwrap();
}

/// Recursion as deep as the glob is long: a line of 100,000 `**/` in `.editorconfig`
/// or `.gitattributes` overflowed the stack (SIGSEGV, the Node process gone); so did
/// 30,000 nested `{a,` braces.
#[test]
fn long_or_deeply_nested_globs_do_not_overflow_the_stack() {
    let dir = settings_dir("deep");
    let file = dir.join("x.txt");
    let stars = format!("{}y", "**/".repeat(100_000));
    let braces = format!("{}x{}", "{a,".repeat(30_000), "}".repeat(30_000));
    for (name, text) in [
        (
            ".editorconfig",
            format!("root = true\n[{stars}]\nend_of_line = crlf\n"),
        ),
        (
            ".editorconfig",
            format!("root = true\n[{braces}]\nend_of_line = crlf\n"),
        ),
        (".gitattributes", format!("{stars} eol=crlf\n")),
    ] {
        fs::write(dir.join(name), text).unwrap();
        assert_eq!(new_file_ending(&file), Ending::Lf, "{name}");
        fs::remove_file(dir.join(name)).unwrap();
    }
    fs::remove_dir_all(&dir).unwrap();
}

/// Two processes doing read + edit-with-expectedVersion on one file lost about a
/// quarter of their updates: both passed the race check before either renamed (the
/// check-to-rename window), and the second rename silently replaced the first edit.
/// Fixed by an flock held from the check to the rename (442b74e). Each child process
/// is this test binary, re-run with `EOL_REGRESSION_COUNTER` set.
#[test]
fn two_processes_with_expected_version_never_lose_an_update() {
    const GOAL: u32 = 150;
    if let Some(path) = std::env::var_os("EOL_REGRESSION_COUNTER") {
        count_up(Path::new(&path), GOAL);
        return;
    }
    let dir = settings_dir("counter");
    let file = dir.join("counter.txt");
    fs::write(&file, "head\r\ncounter: 0\r\ntail\r\n").unwrap();
    let exe = std::env::current_exe().unwrap();
    let children: Vec<_> = (0..2)
        .map(|_| {
            std::process::Command::new(&exe)
                .args([
                    "--exact",
                    "two_processes_with_expected_version_never_lose_an_update",
                    "--quiet",
                ])
                .env("EOL_REGRESSION_COUNTER", &file)
                .stdout(std::process::Stdio::null())
                .spawn()
                .unwrap()
        })
        .collect();
    for mut child in children {
        assert!(child.wait().unwrap().success());
    }
    let text = fs::read_to_string(&file).unwrap();
    fs::remove_dir_all(&dir).unwrap();
    assert_eq!(text, format!("head\r\ncounter: {}\r\ntail\r\n", 2 * GOAL));
}

/// `goal` increments of the counter line: read, then edit with the version read,
/// retrying on `FILE_CHANGED`.
fn count_up(file: &Path, goal: u32) {
    let mut done = 0;
    while done < goal {
        let loaded = load(file, &FileOptions::default()).unwrap();
        let text = String::from_utf8(loaded.decoded.source.clone()).unwrap();
        let n: u32 = text
            .lines()
            .find_map(|l| l.strip_prefix("counter: "))
            .unwrap()
            .parse()
            .unwrap();
        let opts = FileOptions {
            expected_version: Some(loaded.version.clone()),
            ..FileOptions::default()
        };
        let result = modify(file, &opts, false, |decoded, _| {
            let edit = Edit::new(format!("counter: {n}\n"), format!("counter: {}\n", n + 1));
            let applied = engine::apply_edits(&decoded.unwrap().source, &[edit], "f")?;
            Ok((applied.splices, ()))
        });
        match result {
            Ok(_) => done += 1,
            Err(e) if e.code() == ErrorCode::FileChanged => {}
            Err(e) => panic!("{e}"),
        }
    }
}
