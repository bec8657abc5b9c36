//! The fuzz checks, shared by the cargo-fuzz targets (`fuzz/fuzz_targets/*.rs`) and the
//! stable replay/soak tests (`tests/regressions.rs`, which includes this file by path).
//!
//! Each check takes arbitrary bytes, reads a small structured input out of them, calls
//! the public API of `eol_edit`, and panics when a property fails. It uses nothing but
//! `std` and `eol_edit`, so the main crate's tests can compile it without a new
//! dependency. Expected values are computed independently of the engine, by the naive
//! oracles the property tests share (`tests/support/naive.rs`, included here by path):
//! an LF view with its own offset map, its own line splitter, its own substring count.
//!
//! - [`engine`]: `apply_edits`, `delete_range`, `write_over`/`write`, `convert_eol`.
//!   Never a panic; every error has a code the operation can give (SPEC 5); an edit of
//!   a unique LF-view slice succeeds with the `exact` tier, keeps every byte outside
//!   the matched source range and gives exactly the intended LF view; a deletion only
//!   removes one contiguous range (and, by line numbers, exactly the lines asked for).
//! - [`decoder`]: `decode`/`encode` (and their `_owned` twins) round-trip every input
//!   they accept, byte for byte; `BINARY_FILE` exactly for a NUL in the first 8 KiB of
//!   a non-UTF-16 file; UTF-16 encoding is a fixed point after one trip.
//! - [`conventions`]: `.editorconfig` and `.gitattributes` parsing through
//!   `new_file_ending` (the only public entry point: the files are written to a temp
//!   folder), never a panic, never slow, and the last matching section or line wins.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use eol_edit::internals::encoding::{self, Encoding, Hints, BINARY_SNIFF_LEN};
use eol_edit::internals::engine::{self, Anchor, Edit, WriteEol};
use eol_edit::internals::eol::Ending;
use eol_edit::internals::file::conventions::{declared_encoding, new_file_ending};
use eol_edit::internals::matching::Tier;
use eol_edit::internals::splice::Splices;
use eol_edit::ErrorCode;

// ---------------------------------------------------------------------------------------
// Counting what the checks reached

thread_local! {
    static STATS: std::cell::RefCell<std::collections::BTreeMap<&'static str, u64>> =
        const { std::cell::RefCell::new(std::collections::BTreeMap::new()) };
}

/// Counts one more `what` on this thread (the soak test prints the counts).
pub fn note(what: &'static str) {
    STATS.with(|s| *s.borrow_mut().entry(what).or_default() += 1);
}

/// This thread's counts so far, and resets them.
pub fn take_stats() -> Vec<(&'static str, u64)> {
    STATS.with(|s| std::mem::take(&mut *s.borrow_mut()).into_iter().collect())
}

// ---------------------------------------------------------------------------------------
// Reading structured input out of raw bytes

/// A cursor over fuzz bytes; reading past the end gives zeros and empty slices, so
/// every input is valid.
pub struct Input<'a> {
    data: &'a [u8],
}

impl<'a> Input<'a> {
    pub fn new(data: &'a [u8]) -> Self {
        Input { data }
    }

    pub fn byte(&mut self) -> u8 {
        match self.data.split_first() {
            Some((&b, rest)) => {
                self.data = rest;
                b
            }
            None => 0,
        }
    }

    pub fn u16(&mut self) -> u16 {
        u16::from_le_bytes([self.byte(), self.byte()])
    }

    pub fn bytes(&mut self, n: usize) -> &'a [u8] {
        let n = n.min(self.data.len());
        let (head, rest) = self.data.split_at(n);
        self.data = rest;
        head
    }

    /// A slice prefixed by its one-byte length.
    pub fn chunk(&mut self) -> &'a [u8] {
        let n = self.byte() as usize;
        self.bytes(n)
    }

    /// A slice prefixed by its two-byte length.
    pub fn chunk16(&mut self) -> &'a [u8] {
        let n = self.u16() as usize;
        self.bytes(n)
    }

    pub fn rest(&mut self) -> &'a [u8] {
        std::mem::take(&mut self.data)
    }
}

// ---------------------------------------------------------------------------------------
// An independent model of endings, the LF view and lines: the tests' naive oracles

#[path = "../../tests/support/naive.rs"]
mod naive;

pub use naive::{count_overlapping, ending_counts, lf, lf_lines, lf_view, show, strip_cr};

// ---------------------------------------------------------------------------------------
// Target (a): the edit engine

const EDIT_CODES: &[ErrorCode] = &[
    ErrorCode::InvalidArgument,
    ErrorCode::TextNotFound,
    ErrorCode::TextMultipleMatches,
    ErrorCode::NoChange,
];

const RANGE_CODES: &[ErrorCode] = &[
    ErrorCode::InvalidArgument,
    ErrorCode::AnchorNotFound,
    ErrorCode::AnchorMultipleMatches,
    ErrorCode::AnchorOrder,
    ErrorCode::EmptyRange,
];

fn ending_of(b: u8) -> Ending {
    match b % 3 {
        0 => Ending::Lf,
        1 => Ending::CrLf,
        _ => Ending::Cr,
    }
}

/// How the model's `oldText` is made from the source, read before the source is known.
struct EditSpec<'a> {
    kind: u8,
    start: u16,
    len: u8,
    tweak: u8,
    chunk: &'a [u8],
    extra: &'a [u8],
}

/// What a model might do to text it copied: the lenient tiers' perturbations.
fn perturb(text: &[u8], how: u8, extra: &[u8]) -> Vec<u8> {
    let lines = lf_lines(text);
    let map_lines = |f: &dyn Fn(&[u8]) -> Vec<u8>| -> Vec<u8> {
        lines
            .iter()
            .flat_map(|l| {
                let (body, nl) = match l.strip_suffix(b"\n") {
                    Some(b) => (b, &b"\n"[..]),
                    None => (*l, &b""[..]),
                };
                let mut v = f(body);
                v.extend_from_slice(nl);
                v
            })
            .collect()
    };
    match how % 10 {
        // trailing whitespace dropped
        0 => map_lines(&|b| {
            let end = b
                .iter()
                .rposition(|c| *c != b' ' && *c != b'\t')
                .map_or(0, |p| p + 1);
            b[..end].to_vec()
        }),
        // trailing whitespace added
        1 => map_lines(&|b| [b, b"  "].concat()),
        // curly quotes and a dash
        2 => {
            let s = String::from_utf8_lossy(text)
                .replace('\'', "\u{2019}")
                .replace('"', "\u{201C}")
                .replace('-', "\u{2013}");
            s.into_bytes()
        }
        // straight quotes where the file may have curly ones
        3 => String::from_utf8_lossy(text)
            .replace(['\u{2018}', '\u{2019}'], "'")
            .replace(['\u{201C}', '\u{201D}'], "\"")
            .into_bytes(),
        // shifted indentation
        4 => map_lines(&|b| [b"    ", b].concat()),
        5 => map_lines(&|b| b.strip_prefix(b"\t").unwrap_or(b).to_vec()),
        6 => map_lines(&|b| {
            let mut v = Vec::new();
            let tabs = b.iter().take_while(|c| **c == b'\t').count();
            v.extend(std::iter::repeat_n(b' ', tabs * 4));
            v.extend_from_slice(&b[tabs..]);
            v
        }),
        // escaped newlines, tabs and quotes, as a model writing JSON twice would
        7 => {
            let mut v = Vec::new();
            for &c in text {
                match c {
                    b'\n' => v.extend_from_slice(b"\\n"),
                    b'\t' => v.extend_from_slice(b"\\t"),
                    b'"' => v.extend_from_slice(b"\\\""),
                    b'\\' => v.extend_from_slice(b"\\\\"),
                    c => v.push(c),
                }
            }
            v
        }
        // CRLF from the model
        8 => text
            .iter()
            .flat_map(|&c| {
                if c == b'\n' {
                    vec![b'\r', b'\n']
                } else {
                    vec![c]
                }
            })
            .collect(),
        // arbitrary bytes glued on
        _ => [text, extra].concat(),
    }
}

/// A `newText` made from `old`: replaced, inserted into, a line dropped or doubled.
fn derive_new(old: &[u8], how: u8, chunk: &[u8], at: usize) -> Vec<u8> {
    match how % 6 {
        0 => chunk.to_vec(),
        1 => {
            let at = at % (old.len() + 1);
            [&old[..at], chunk, &old[at..]].concat()
        }
        2 => {
            let lines = lf_lines(old);
            let drop = at % lines.len().max(1);
            lines
                .iter()
                .enumerate()
                .filter(|(i, _)| *i != drop)
                .flat_map(|(_, l)| l.iter().copied())
                .collect()
        }
        3 => {
            let lines = lf_lines(old);
            let dup = at % lines.len().max(1);
            let mut v = Vec::new();
            for (i, l) in lines.iter().enumerate() {
                v.extend_from_slice(l);
                if i == dup {
                    v.extend_from_slice(l);
                    if !l.ends_with(b"\n") {
                        v.insert(v.len() - l.len(), b'\n');
                    }
                }
            }
            v
        }
        4 => {
            let at = at % (old.len() + 1);
            [&old[..at], b"\n", chunk, b"\n", &old[at..]].concat()
        }
        _ => [chunk, old].concat(),
    }
}

/// One materialised edit, with what the checker knows about it.
struct Planned {
    edit: Edit,
    /// `Some((a, b))` when `old_text` is the LF-view slice `[a, b)` of the source,
    /// unperturbed.
    slice: Option<(usize, usize)>,
}

fn plan(spec: &EditSpec<'_>, src: &[u8], lf_src: &[u8]) -> Planned {
    let replace_all = spec.kind & 1 == 1;
    let pick = |from: &[u8]| -> (usize, usize) {
        if from.is_empty() {
            return (0, 0);
        }
        let a = spec.start as usize % from.len();
        let b = (a + 1 + spec.len as usize).min(from.len());
        (a, b)
    };
    let (old, slice) = match (spec.kind >> 1) % 5 {
        // literal bytes, as a confused model might send
        0 => (spec.chunk.to_vec(), None),
        // a slice of the LF view, as copied from readFile
        1 | 2 => {
            let (a, b) = pick(lf_src);
            (lf_src[a..b].to_vec(), Some((a, b)))
        }
        // a perturbed slice
        3 => {
            let (a, b) = pick(lf_src);
            (perturb(&lf_src[a..b], spec.tweak, spec.extra), None)
        }
        // raw source bytes with their endings: the endings-only path
        _ => {
            let (a, b) = pick(src);
            let old = src[a..b].to_vec();
            // To LF, or to CRLF: both are endings-only changes (SPEC 3.2).
            let new = if spec.tweak & 1 == 0 {
                strip_cr(&old)
            } else {
                strip_cr(&old)
                    .iter()
                    .flat_map(|&c| {
                        if c == b'\n' {
                            vec![b'\r', b'\n']
                        } else {
                            vec![c]
                        }
                    })
                    .collect()
            };
            let mut edit = Edit::new(old, new);
            edit.replace_all = replace_all;
            return Planned { edit, slice: None };
        }
    };
    let new = derive_new(&old, spec.tweak >> 4, spec.chunk, spec.start as usize);
    let mut edit = Edit::new(old, new);
    edit.replace_all = replace_all;
    Planned { edit, slice }
}

fn check_code(code: ErrorCode, allowed: &[ErrorCode], what: &str) {
    assert!(
        allowed.contains(&code),
        "{what} failed with {code}, which it should never give"
    );
}

/// Arbitrary bytes as a source and arbitrary edits, anchors, contents and endings.
pub fn engine(data: &[u8]) {
    let mut input = Input::new(data);
    match input.byte() % 4 {
        0 => engine_edits(&mut input),
        1 => engine_delete_range(&mut input),
        2 => engine_write(&mut input),
        _ => engine_convert(&mut input),
    }
}

fn engine_edits(input: &mut Input<'_>) {
    let n = 1 + (input.byte() % 3) as usize;
    let specs: Vec<EditSpec<'_>> = (0..n)
        .map(|_| EditSpec {
            kind: input.byte(),
            start: input.u16(),
            len: input.byte(),
            tweak: input.byte(),
            chunk: input.chunk(),
            extra: input.chunk(),
        })
        .collect();
    let src = input.rest();
    let (lf_src, map) = lf_view(src);
    let planned: Vec<Planned> = specs.iter().map(|s| plan(s, src, &lf_src)).collect();
    let edits: Vec<Edit> = planned.iter().map(|p| p.edit.clone()).collect();
    let result = engine::apply_edits(src, &edits, "f");
    let result = match result {
        Err(e) => {
            note(e.code().as_str());
            check_code(e.code(), EDIT_CODES, "apply_edits");
            if let Some(i) = e.edit_index() {
                assert!((i as usize) < n, "editIndex {i} of {n} edits");
            }
            assert!(!e.message().is_empty(), "an error without a message");
            None
        }
        Ok(applied) => {
            note("edit ok");
            for tier in &applied.matched_by {
                note(tier.as_str());
            }
            assert_ne!(applied.content(src), src, "a success that changes nothing");
            assert_eq!(applied.matched_by.len(), n, "one tier per edit");
            assert!(
                applied.replacements as usize >= n,
                "at least one replacement per edit"
            );
            Some(applied)
        }
    };

    // The strongest property, for one edit whose old_text is a unique LF-view slice:
    // it lands with the exact tier, the bytes outside the matched source range are the
    // source's, and the LF view of the result is the LF-view string edit.
    let [Planned {
        edit,
        slice: Some((a, b)),
    }] = planned.as_slice()
    else {
        return;
    };
    let old = &edit.old_text;
    if edit.replace_all || old.is_empty() || count_overlapping(&lf_src, old) != 1 {
        return;
    }
    let new_lf = lf(&edit.new_text);
    if strip_cr(&edit.new_text) == *old || new_lf == *old {
        return; // endings-only, or the same text: other rules apply
    }
    let Some(applied) = result else {
        panic!(
            "a unique exact slice failed: src={} old={} new={}",
            show(src),
            show(old),
            show(&edit.new_text)
        );
    };
    note("edit of a unique exact slice");
    assert_eq!(applied.matched_by, vec![Tier::Exact]);
    let (s, e) = (map[*a], map[*b]);
    let out = &applied.content(src);
    let ctx = || {
        format!(
            "src={} old={} new={} out={}",
            show(src),
            show(old),
            show(&edit.new_text),
            show(out)
        )
    };
    assert!(
        out.len() >= s + (src.len() - e),
        "output too short: {}",
        ctx()
    );
    assert_eq!(
        &out[..s],
        &src[..s],
        "bytes before the match changed: {}",
        ctx()
    );
    assert_eq!(
        &out[out.len() - (src.len() - e)..],
        &src[e..],
        "bytes after the match changed: {}",
        ctx()
    );
    let want = [&lf_src[..*a], &new_lf[..], &lf_src[*b..]].concat();
    assert_eq!(
        show(&lf(out)),
        show(&want),
        "the LF view is not the intended edit: {}",
        ctx()
    );
}

fn read_anchor<'a>(input: &mut Input<'a>) -> (u8, u16, &'a [u8]) {
    (input.byte(), input.u16(), input.chunk())
}

fn make_anchor(spec: (u8, u16, &[u8]), lines: &[&[u8]]) -> Anchor {
    let (kind, n, chunk) = spec;
    match kind % 4 {
        0 => Anchor::Line(u64::from(n) % (lines.len() as u64 + 3)),
        1 => Anchor::Text(chunk.to_vec()),
        // a whole line of the file, possibly with its ending, CRLF, or padded
        _ if lines.is_empty() => Anchor::Text(chunk.to_vec()),
        k => {
            let line = lines[n as usize % lines.len()];
            let text = match (k, n >> 14) {
                (2, 0) => line.to_vec(),
                (2, 1) => line.strip_suffix(b"\n").unwrap_or(line).to_vec(),
                (2, _) => [line.strip_suffix(b"\n").unwrap_or(line), b"\r\n"].concat(),
                _ => [b"  ", line.strip_suffix(b"\n").unwrap_or(line), b"\t"].concat(),
            };
            Anchor::Text(text)
        }
    }
}

fn engine_delete_range(input: &mut Input<'_>) {
    let inclusive = input.byte() & 1 == 1;
    let start = read_anchor(input);
    let end = read_anchor(input);
    let src = input.rest();
    let lf_src = lf(src);
    let lines = lf_lines(&lf_src);
    let (start, end) = (make_anchor(start, &lines), make_anchor(end, &lines));
    let result = engine::delete_range(src, &start, &end, inclusive, "f");
    let by_lines = match (&start, &end) {
        (Anchor::Line(s), Anchor::Line(e)) => Some((*s as usize, *e as usize)),
        _ => None,
    };
    let applied = match result {
        Err(err) => {
            note(err.code().as_str());
            check_code(err.code(), RANGE_CODES, "delete_range");
            if let Some((s, e)) = by_lines {
                let len = lines.len();
                // Start is resolved before end; each is 0 (invalid) or past the end.
                let want = if s == 0 {
                    ErrorCode::InvalidArgument
                } else if s > len {
                    ErrorCode::AnchorNotFound
                } else if e == 0 {
                    ErrorCode::InvalidArgument
                } else if e > len {
                    ErrorCode::AnchorNotFound
                } else if e < s {
                    ErrorCode::AnchorOrder
                } else {
                    ErrorCode::EmptyRange
                };
                assert_eq!(
                    err.code(),
                    want,
                    "delete_range lines {s}..{e} ({inclusive}) of {len}"
                );
            }
            return;
        }
        Ok(applied) => applied,
    };
    note("deleteRange ok");
    let out = &applied.content(src);
    // Only one contiguous range goes; at most a `\n` is put back (a lone CR meeting LF).
    let prefix = out.iter().zip(src).take_while(|(a, b)| a == b).count();
    let max_suffix = out.len().min(src.len()) - prefix;
    let suffix = out
        .iter()
        .rev()
        .zip(src.iter().rev())
        .take(max_suffix)
        .take_while(|(a, b)| a == b)
        .count();
    let middle = &out[prefix..out.len() - suffix];
    assert!(
        middle.is_empty() || middle == b"\n",
        "delete_range wrote new bytes {}: src={} out={}",
        show(middle),
        show(src),
        show(out)
    );
    assert!(out.len() < src.len(), "delete_range deleted nothing");
    if let Some((s, e)) = by_lines {
        note("deleteRange by line numbers ok");
        let (first, last) = if inclusive { (s, e) } else { (s + 1, e - 1) };
        // 1-based, inclusive range of lines that go.
        let mut want: Vec<u8> = lines
            .iter()
            .enumerate()
            .filter(|(i, _)| *i + 1 < first || *i + 1 > last)
            .flat_map(|(_, l)| l.iter().copied())
            .collect();
        let last_had_newline = lines[last - 1].ends_with(b"\n");
        if last == lines.len() && !last_had_newline && first > 1 {
            want.pop(); // the line before the range becomes the last, without an ending
        }
        assert_eq!(
            show(&lf(out)),
            show(&want),
            "delete_range {s}..{e} inclusive={inclusive}: src={}",
            show(src)
        );
    }
}

fn engine_write(input: &mut Input<'_>) {
    let flags = input.byte();
    let mode = match flags % 4 {
        0 | 1 => WriteEol::Preserve,
        k => WriteEol::Force(ending_of(k + (flags >> 2))),
    };
    let fallback = ending_of(flags >> 4);
    let has_old = flags & 0x40 == 0;
    let how = input.byte();
    let at = input.u16() as usize;
    let chunk = input.chunk();
    let src = input.rest();
    let lf_src = lf(src);
    let content = match how % 4 {
        0 => chunk.to_vec(),
        1 => lf_src.clone(),
        2 => derive_new(&lf_src, how >> 2, chunk, at),
        _ => perturb(&lf_src, how >> 2, chunk),
    };
    let old = has_old.then_some(src);
    let out = engine::write_over(old, &content, mode, || fallback);
    note("writeFile");
    assert_eq!(
        show(&lf(&out)),
        show(&lf(&content)),
        "writeFile's LF view is not the content's: old={} content={}",
        show(src),
        show(&content)
    );
    if let WriteEol::Force(to) = mode {
        let (l, crlf, cr) = ending_counts(&out);
        let others = match to {
            Ending::Lf => crlf + cr,
            Ending::CrLf => l + cr,
            Ending::Cr => l + crlf,
        };
        assert_eq!(
            others,
            0,
            "eol forced to {to:?} left others: {}",
            show(&out)
        );
    }
    if mode == WriteEol::Preserve && has_old && lf(&content) == lf_src {
        assert_eq!(
            show(&out),
            show(src),
            "writing the file's own LF view changed bytes"
        );
    }
    let applied = engine::write(old, &content, mode, || fallback, "f");
    assert_eq!(applied.content(old.unwrap_or(b"")), out);
}

fn engine_convert(input: &mut Input<'_>) {
    let to = ending_of(input.byte());
    let src = input.rest();
    match engine::convert_eol(src, to, "f") {
        Err(e) => {
            note("convertEol NO_CHANGE");
            check_code(e.code(), &[ErrorCode::NoChange], "convert_eol");
            let (l, crlf, cr) = ending_counts(src);
            let others = match to {
                Ending::Lf => crlf + cr,
                Ending::CrLf => l + cr,
                Ending::Cr => l + crlf,
            };
            assert_eq!(others, 0, "NO_CHANGE but there was something to convert");
        }
        Ok(applied) => {
            note("convertEol ok");
            let out = &applied.content(src);
            let (l, crlf, cr) = ending_counts(out);
            let (want, others) = match to {
                Ending::Lf => (l, crlf + cr),
                Ending::CrLf => (crlf, l + cr),
                Ending::Cr => (cr, l + crlf),
            };
            assert_eq!(others, 0, "convert to {to:?} left others: {}", show(out));
            let (sl, scrlf, scr) = ending_counts(src);
            assert_eq!(
                want,
                sl + scrlf + scr,
                "convert changed the number of endings"
            );
            assert_eq!(lf(out), lf(src), "convert changed the LF view");
            assert_eq!(
                strip_endings(out),
                strip_endings(src),
                "convert changed text"
            );
        }
    }
}

fn strip_endings(b: &[u8]) -> Vec<u8> {
    b.iter()
        .copied()
        .filter(|&c| c != b'\r' && c != b'\n')
        .collect()
}

// ---------------------------------------------------------------------------------------
// Target (b): the decoder

/// Why `decode` must call these bytes binary: no UTF-16 BOM and a NUL in the first
/// 8 KiB after the UTF-8 BOM.
fn must_be_binary(bytes: &[u8]) -> bool {
    if bytes.starts_with(b"\xFF\xFE") || bytes.starts_with(b"\xFE\xFF") {
        return false;
    }
    let body = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    body[..body.len().min(BINARY_SNIFF_LEN)].contains(&0)
}

/// Arbitrary bytes as a file: decode (BOM, UTF-16, binary sniffing, legacy detection),
/// write back unchanged byte for byte, and UTF-16 encoding of arbitrary text.
pub fn decoder(data: &[u8]) {
    match encoding::decode(data.to_vec(), &Hints::default()) {
        Err(e) => {
            note("decode BINARY_FILE");
            assert_eq!(e.code(), ErrorCode::BinaryFile);
            assert!(must_be_binary(data), "BINARY_FILE for a text file");
        }
        Ok(d) => {
            note(if d.is_raw() {
                "decode raw"
            } else {
                "decode mapped"
            });
            assert!(!must_be_binary(data), "a binary file decoded as text");
            assert!(
                std::str::from_utf8(&d.source).is_ok(),
                "the source is not UTF-8"
            );
            let unchanged = d.write(&Splices::of(Vec::new())).unwrap().concat();
            assert_eq!(
                show(&unchanged),
                show(data),
                "an unchanged write is not the original"
            );
            let copied = d.write_bytes(&Splices::whole(d.source.clone())).unwrap();
            assert_eq!(
                show(&copied),
                show(data),
                "writing back what was read changed bytes"
            );
            if d.is_raw() && d.encoding == Encoding::utf8() {
                let bom = if d.bom { 3 } else { 0 };
                assert_eq!(d.source, data[bom..], "UTF-8 source is not the bytes");
            }
        }
    }
    // Any text, written as a new UTF-16 file, decodes again to itself.
    let text = String::from_utf8_lossy(data).into_owned();
    for enc in [Encoding::utf16le(), Encoding::utf16be()] {
        let hints = Hints {
            option: Some(enc),
            ..Hints::default()
        };
        let splices = Splices::whole(text.clone().into_bytes());
        let bytes = encoding::write::output(None, &splices, &hints, None)
            .unwrap()
            .unwrap()
            .concat();
        assert_eq!(bytes.len() % 2, 0);
        let again =
            encoding::decode(bytes, &Hints::default()).expect("UTF-16 with a BOM is never binary");
        assert_eq!((again.encoding, again.bom), (enc, true));
        assert_eq!(again.source, text.as_bytes(), "text did not survive UTF-16");
    }
}

// ---------------------------------------------------------------------------------------
// Target (c): .editorconfig and .gitattributes

/// A folder of its own for this process and thread, with a `.git` so that the
/// `.gitattributes` search stops there.
fn conventions_dir() -> PathBuf {
    thread_local! {
        static DIR: PathBuf = {
            // A tmpfs where there is one: rewriting a small file on ext4 costs a flush
            // (auto_da_alloc), about 1.5 ms here, 100 times a tmpfs write.
            let shm = Path::new("/dev/shm");
            let base = if shm.is_dir() { shm.to_path_buf() } else { std::env::temp_dir() };
            let dir = base.join(format!(
                "eol-edit-fuzz-conventions-{}-{:?}",
                std::process::id(),
                std::thread::current().id()
            ).replace(['(', ')'], ""));
            std::fs::create_dir_all(dir.join(".git")).expect("temp folder");
            dir
        };
    }
    DIR.with(|d| d.clone())
}

/// Removes this thread's conventions folder (the soak test calls it at the end).
pub fn remove_conventions_dir() {
    let _ = std::fs::remove_dir_all(conventions_dir());
}

/// How long one settings lookup may take before it counts as a hang. Generous: the
/// soak test runs unoptimised, and the machine may be busy.
pub const SLOW: Duration = Duration::from_secs(2);

fn ending_with(dir: &Path, editorconfig: &[u8], gitattributes: &[u8], file: &Path) -> Ending {
    std::fs::write(dir.join(".editorconfig"), editorconfig).expect("write .editorconfig");
    std::fs::write(dir.join(".gitattributes"), gitattributes).expect("write .gitattributes");
    let started = Instant::now();
    let ending = new_file_ending(file);
    note(ending.name());
    // The same files also declare an encoding: parsed and matched the same way.
    if let Some(declared) = declared_encoding(file) {
        note("declared encoding");
        assert!(Encoding::for_label(&declared.encoding.name()).is_ok());
    }
    let took = started.elapsed();
    assert!(
        took < SLOW,
        "new_file_ending took {took:?}: .editorconfig={} .gitattributes={} file={}",
        show(editorconfig),
        show(gitattributes),
        file.display()
    );
    ending
}

/// Arbitrary settings files and a new file's name and folder.
pub fn conventions(data: &[u8]) {
    let mut input = Input::new(data);
    let flags = input.byte();
    let mut name: Vec<u8> = input
        .chunk()
        .iter()
        // One component: no separator (on Windows also `\` and the `:` of a drive).
        .map(|&c| {
            let separator = c == b'/' || (cfg!(windows) && (c == b'\\' || c == b':'));
            if separator || c == 0 {
                b'_'
            } else {
                c
            }
        })
        .take(200)
        .collect();
    if name.is_empty() || name == b"." || name == b".." {
        name.insert(0, b'x');
    }
    let editorconfig = input.chunk16();
    let gitattributes = input.rest();
    let dir = conventions_dir();
    let mut file = dir.clone();
    for sub in ["a", "b b", "[c]"].iter().take((flags % 4) as usize) {
        file.push(sub);
    }
    #[cfg(unix)]
    file.push(<std::ffi::OsStr as std::os::unix::ffi::OsStrExt>::from_bytes(&name));
    #[cfg(not(unix))]
    file.push(String::from_utf8_lossy(&name).as_ref());

    ending_with(&dir, editorconfig, gitattributes, &file);

    // A last `[*]` section decides for every file (later sections win, `*` matches
    // any name at any depth), and `unset` hands over to .gitattributes, where a last
    // `* text eol=crlf` decides. Both files must be read as text to count.
    if std::str::from_utf8(editorconfig).is_ok() {
        let last = [editorconfig, b"\n[*]\nend_of_line = crlf\n"].concat();
        assert_eq!(
            ending_with(&dir, &last, gitattributes, &file),
            Ending::CrLf,
            "a last [*] section did not decide: .editorconfig={} file={}",
            show(editorconfig),
            file.display()
        );
        if std::str::from_utf8(gitattributes).is_ok() && flags & 0x80 == 0 {
            let unset = [editorconfig, b"\n[*]\nend_of_line = unset\n"].concat();
            let attrs = [gitattributes, b"\n* text eol=crlf\n"].concat();
            assert_eq!(
                ending_with(&dir, &unset, &attrs, &file),
                Ending::CrLf,
                "a last `* text eol=crlf` did not decide: .gitattributes={} file={}",
                show(gitattributes),
                file.display()
            );
        }
    }
}
