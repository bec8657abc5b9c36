//! Line endings: what they are, how many of each a text has, and the LF view.
//!
//! A line ending is `\r\n`, `\n` or a lone `\r`, and it belongs to the line before it.
//! The *LF view* of a text has every ending written as `\n`; it is what a model reads
//! and the only space in which its text is matched. [`LfView`] keeps what it needs to
//! map every LF-view offset back to the source: the LF-view positions of the `\r`s it
//! dropped (one per `\r\n`). A lone `\r` becomes one `\n`, so it shifts nothing.
//!
//! Everything here is one pass of `memchr` over the bytes.
//!
//! ```
//! use eol_edit::internals::eol::{info, to_lf, Ending};
//!
//! assert_eq!(to_lf(b"a\r\nb\rc\n").as_ref(), b"a\nb\nc\n");
//! let eol = info(b"one\r\ntwo\r\nthree\n");
//! assert_eq!((eol.crlf, eol.lf, eol.dominant), (2, 1, Ending::CrLf));
//! ```

use std::borrow::Cow;

use memchr::{memchr, memchr2_iter};

use crate::message::Message;

/// One kind of line ending. `Display` and `FromStr` use the names the options take
/// (`"lf"`, `"crlf"`, `"cr"`, [`Ending::as_name`]). Exhaustive: these three are the
/// endings a text file has, so a `match` on them needs no catch-all.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Ending {
    /// `\n`
    Lf,
    /// `\r\n`
    CrLf,
    /// a lone `\r`
    Cr,
}

impl Ending {
    /// The ending's bytes.
    pub fn as_bytes(self) -> &'static [u8] {
        self.as_str().as_bytes()
    }

    /// The ending as a string: `"\n"`, `"\r\n"` or `"\r"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Ending::Lf => "\n",
            Ending::CrLf => "\r\n",
            Ending::Cr => "\r",
        }
    }

    /// The ending's name in the API's options: `lf`, `crlf` or `cr`.
    pub fn as_name(self) -> &'static str {
        match self {
            Ending::Lf => "lf",
            Ending::CrLf => "crlf",
            Ending::Cr => "cr",
        }
    }

    /// A short name for messages and diffs: `LF`, `CRLF` or `CR`.
    pub fn name(self) -> &'static str {
        match self {
            Ending::Lf => "LF",
            Ending::CrLf => "CRLF",
            Ending::Cr => "CR",
        }
    }

    /// Parses the names users write in options: `lf`, `crlf`, `cr`.
    pub fn from_name(name: &str) -> Option<Ending> {
        match name.to_ascii_lowercase().as_str() {
            "lf" => Some(Ending::Lf),
            "crlf" => Some(Ending::CrLf),
            "cr" => Some(Ending::Cr),
            _ => None,
        }
    }
}

crate::api::names::stable_names!(
    Ending,
    as_name,
    "line ending",
    [Ending::Lf, Ending::CrLf, Ending::Cr]
);

/// Counts of each ending in a text, and what follows from them.
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct EolInfo {
    /// Number of `\n` not preceded by `\r`.
    pub lf: usize,
    /// Number of `\r\n`.
    pub crlf: usize,
    /// Number of lone `\r`.
    pub cr: usize,
    /// The most frequent ending; a tie goes to the one that occurs first; `\n` when
    /// there is no ending at all.
    pub dominant: Ending,
    /// More than one kind of ending occurs.
    pub mixed: bool,
    /// The text ends with an ending.
    pub trailing_newline: bool,
}

impl EolInfo {
    /// The endings in words, as the agent tools tell a model: `"CRLF"`, `"LF"`, `"CR"`,
    /// `"none"`, or `"mixed (CRLF 2, LF 1)"` (the most frequent first; a tie keeps the
    /// order CRLF, LF, CR).
    ///
    /// ```
    /// assert_eq!(eol_edit::eol_info("a\r\nb\nc\r\n").describe(), "mixed (CRLF 2, LF 1)");
    /// assert_eq!(eol_edit::eol_info("a\r\n").describe(), "CRLF");
    /// assert_eq!(eol_edit::eol_info("a").describe(), "none");
    /// ```
    pub fn describe(&self) -> String {
        describe_counts(self.crlf, self.lf, self.cr)
    }
}

/// [`EolInfo::describe`] of these counts (the bindings', whose results carry the counts).
pub fn describe_counts(crlf: usize, lf: usize, cr: usize) -> String {
    let mut present: Vec<(&str, usize)> = [("CRLF", crlf), ("LF", lf), ("CR", cr)]
        .into_iter()
        .filter(|&(_, n)| n > 0)
        .collect();
    match present.as_slice() {
        [] => "none".to_string(),
        [(name, _)] => (*name).to_string(),
        _ => {
            // Stable: a tie keeps the order CRLF, LF, CR.
            present.sort_by_key(|&(_, n)| std::cmp::Reverse(n));
            let listed: Vec<String> = present
                .iter()
                .map(|(name, n)| format!("{name} {n}"))
                .collect();
            format!("mixed ({})", listed.join(", "))
        }
    }
}

/// What every change reports about the endings of its result: their counts, and the
/// warning when the change mixed a text that had one kind.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    /// The endings of the result.
    pub info: EolInfo,
    /// See [`made_mixed_warning`].
    pub warning: Option<Message>,
}

/// The [`Report`] of a change from `before` to the text that `after` make when joined.
pub fn report<'a>(before: &[u8], after: impl Iterator<Item = &'a [u8]> + Clone) -> Report {
    let info = info_of_pieces(after);
    Report {
        warning: made_mixed_warning(before, &info),
        info,
    }
}

/// The warning for a change that left a text with mixed endings where it had one kind:
/// `before` is the text the change was made to, `after` the counts of the result.
///
/// A text that was already mixed, or had no endings, gets none: its owner chose that.
pub fn made_mixed_warning(before: &[u8], after: &EolInfo) -> Option<Message> {
    if !after.mixed {
        return None;
    }
    let old = info(before);
    if old.mixed || old.lf + old.crlf + old.cr == 0 {
        return None;
    }
    Some(
        format!(
            "The file used only {} line endings and now mixes them ({} LF, {} CRLF, {} CR).",
            old.dominant.name(),
            after.lf,
            after.crlf,
            after.cr
        )
        .into(),
    )
}

/// Finds every ending in `bytes`, in order, as `(offset, ending)`.
///
/// A `\r` at the very end is a lone `\r`; `\r\n` is always one ending.
pub fn endings(bytes: &[u8]) -> impl Iterator<Item = (usize, Ending)> + '_ {
    let mut skip_lf_at = usize::MAX;
    memchr2_iter(b'\r', b'\n', bytes).filter_map(move |i| {
        if bytes[i] == b'\n' {
            if i == skip_lf_at {
                None
            } else {
                Some((i, Ending::Lf))
            }
        } else if bytes.get(i + 1) == Some(&b'\n') {
            skip_lf_at = i + 1;
            Some((i, Ending::CrLf))
        } else {
            Some((i, Ending::Cr))
        }
    })
}

/// Counts the endings of `bytes` and works out the dominant one.
pub fn info(bytes: &[u8]) -> EolInfo {
    info_of_pieces(std::iter::once(bytes))
}

/// [`info`] of the text that `pieces` make when joined, without joining them: a
/// `\r` that ends one piece and a `\n` that starts the next are one `\r\n`.
pub fn info_of_pieces<'a>(pieces: impl Iterator<Item = &'a [u8]> + Clone) -> EolInfo {
    let mut counts = [0usize; 3];
    let mut last = None;
    for piece in pieces.clone().filter(|p| !p.is_empty()) {
        let [lf, crlf, cr] = self::counts(piece);
        counts = [counts[0] + lf, counts[1] + crlf, counts[2] + cr];
        if last == Some(b'\r') && piece[0] == b'\n' {
            // Counted as a lone CR and a lone LF: one CRLF.
            counts = [counts[0] - 1, counts[1] + 1, counts[2] - 1];
        }
        last = piece.last().copied();
    }
    let max = counts.iter().copied().max().unwrap_or(0);
    // First occurrences only matter on a tie for the most frequent ending.
    let first = if counts.iter().filter(|&&c| c == max && c > 0).count() > 1 {
        first_occurrences(&pieces.collect::<Vec<_>>().concat())
    } else {
        [0; 3]
    };
    let kinds = counts.iter().filter(|&&c| c > 0).count();
    EolInfo {
        lf: counts[0],
        crlf: counts[1],
        cr: counts[2],
        dominant: dominant_of(counts, first),
        mixed: kinds > 1,
        trailing_newline: matches!(last, Some(b'\n' | b'\r')),
    }
}

/// `[lf, crlf, cr]` counts in one pass, with no branch or call per ending (which dense
/// endings make expensive): each of 32 lanes counts the `\n`s, `\r`s and `\r\n` pairs
/// at its offset into byte-wide counters, emptied every 255 blocks, a loop the
/// compiler turns into vector compares and adds. Compiled twice on x86-64, once for
/// AVX2, picked at run time.
pub fn counts(bytes: &[u8]) -> [usize; 3] {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has just been seen to support AVX2.
        return unsafe { counts_avx2(bytes) };
    }
    counts_portable(bytes)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn counts_avx2(bytes: &[u8]) -> [usize; 3] {
    counts_portable(bytes)
}

#[inline(always)]
fn counts_portable(bytes: &[u8]) -> [usize; 3] {
    const LANES: usize = 32;
    let Some((&last, _)) = bytes.split_last() else {
        return [0; 3];
    };
    // `cur[j]` and `next[j]` are bytes `j` and `j + 1`.
    let (cur, next) = (&bytes[..bytes.len() - 1], &bytes[1..]);
    let blocks = cur.len() / LANES * LANES;
    let (mut lf_all, mut cr_all, mut crlf) = (0usize, 0usize, 0usize);
    let sum = |lanes: [u8; LANES]| lanes.iter().map(|&n| usize::from(n)).sum::<usize>();
    // 255 blocks at most per round, so no byte-wide counter overflows.
    let round = LANES * 255;
    for (c, n) in cur[..blocks]
        .chunks(round)
        .zip(next[..blocks].chunks(round))
    {
        let (mut l, mut r, mut rl) = ([0u8; LANES], [0u8; LANES], [0u8; LANES]);
        for (cb, nb) in c.chunks_exact(LANES).zip(n.chunks_exact(LANES)) {
            for k in 0..LANES {
                let is_cr = cb[k] == b'\r';
                l[k] += u8::from(cb[k] == b'\n');
                r[k] += u8::from(is_cr);
                rl[k] += u8::from(is_cr & (nb[k] == b'\n'));
            }
        }
        lf_all += sum(l);
        cr_all += sum(r);
        crlf += sum(rl);
    }
    for (&c, &n) in cur[blocks..].iter().zip(&next[blocks..]) {
        lf_all += usize::from(c == b'\n');
        cr_all += usize::from(c == b'\r');
        crlf += usize::from(c == b'\r' && n == b'\n');
    }
    lf_all += usize::from(last == b'\n');
    cr_all += usize::from(last == b'\r');
    [lf_all - crlf, crlf, cr_all - crlf]
}

/// Number of line endings in `bytes`.
pub fn count_endings(bytes: &[u8]) -> usize {
    counts(bytes).iter().sum()
}

/// Where each kind of ending first occurs (`usize::MAX` if it does not).
fn first_occurrences(bytes: &[u8]) -> [usize; 3] {
    let mut first = [usize::MAX; 3];
    for (at, ending) in endings(bytes) {
        let k = slot(ending);
        if first[k] == usize::MAX {
            first[k] = at;
            if first.iter().all(|&f| f != usize::MAX) {
                break;
            }
        }
    }
    first
}

fn slot(ending: Ending) -> usize {
    match ending {
        Ending::Lf => 0,
        Ending::CrLf => 1,
        Ending::Cr => 2,
    }
}

const BY_SLOT: [Ending; 3] = [Ending::Lf, Ending::CrLf, Ending::Cr];

/// The most frequent ending; ties go to the earliest first occurrence; `\n` if none.
fn dominant_of(counts: [usize; 3], first: [usize; 3]) -> Ending {
    let mut best: Option<usize> = None;
    for k in 0..3 {
        if counts[k] == 0 {
            continue;
        }
        best = match best {
            Some(b) if counts[b] > counts[k] || (counts[b] == counts[k] && first[b] < first[k]) => {
                Some(b)
            }
            _ => Some(k),
        };
    }
    best.map_or(Ending::Lf, |k| BY_SLOT[k])
}

/// The dominant ending of `bytes` (see [`EolInfo::dominant`]).
pub fn detect(bytes: &[u8]) -> Ending {
    info(bytes).dominant
}

/// Counts endings in a list and returns the strictly most frequent one, or `None`
/// on a tie or an empty list. Used for "the dominant ending of the matched region",
/// where a tie defers to the file's own dominant ending.
pub fn strict_majority(list: impl IntoIterator<Item = Ending>) -> Option<Ending> {
    let mut counts = [0usize; 3];
    for e in list {
        counts[slot(e)] += 1;
    }
    let max = *counts.iter().max()?;
    if max == 0 || counts.iter().filter(|&&c| c == max).count() > 1 {
        return None;
    }
    counts.iter().position(|&c| c == max).map(|k| BY_SLOT[k])
}

/// The LF view of `bytes`; borrows when there is no `\r` to change.
pub fn to_lf(bytes: &[u8]) -> Cow<'_, [u8]> {
    match memchr(b'\r', bytes) {
        None => Cow::Borrowed(bytes),
        Some(first) => {
            let mut out = Vec::with_capacity(bytes.len());
            out.extend_from_slice(&bytes[..first]);
            push_lf(&mut out, &bytes[first..], |_| {});
            Cow::Owned(out)
        }
    }
}

/// Appends the LF view of `bytes` to `out`; calls `dropped_cr(at)` with the LF-view
/// offset of each `\n` whose `\r` was dropped.
fn push_lf(out: &mut Vec<u8>, bytes: &[u8], mut dropped_cr: impl FnMut(usize)) {
    let mut rest = bytes;
    while let Some(i) = memchr(b'\r', rest) {
        out.extend_from_slice(&rest[..i]);
        if rest.get(i + 1) == Some(&b'\n') {
            dropped_cr(out.len());
        } else {
            out.push(b'\n');
        }
        rest = &rest[i + 1..];
    }
    out.extend_from_slice(rest);
}

/// Removes every `\r` (not only those of endings): the test for an endings-only edit.
pub fn strip_cr(bytes: &[u8]) -> Cow<'_, [u8]> {
    if memchr(b'\r', bytes).is_none() {
        return Cow::Borrowed(bytes);
    }
    Cow::Owned(bytes.iter().copied().filter(|&b| b != b'\r').collect())
}

/// Re-joins `updated` with `original`'s dominant ending and gives it `original`'s
/// trailing-newline state: the `normalizeEol` of dskcode's CRLF fix, kept for drop-in
/// use.
///
/// `updated` is split on every ending (`\r\n`, `\n` and lone `\r`), so no stray `\r`
/// survives the re-join.
pub fn normalize_eol(original: &[u8], updated: &[u8]) -> Vec<u8> {
    let original_info = info(original);
    let target = original_info.dominant;
    let mut out = convert(updated, target);
    // The last piece of `updated` split at its endings is empty: it ends with one.
    let last_empty = updated.is_empty() || ends_with_ending(updated);
    if original_info.trailing_newline && !last_empty {
        out.extend_from_slice(target.as_bytes());
    }
    if !original_info.trailing_newline && last_empty {
        // dskcode's function removes `target.len()` characters; on an empty result
        // there is nothing to remove.
        out.truncate(out.len().saturating_sub(target.as_bytes().len()));
    }
    out
}

/// The text ends with a line ending.
fn ends_with_ending(bytes: &[u8]) -> bool {
    matches!(bytes.last(), Some(b'\n' | b'\r'))
}

impl EolInfo {
    /// Number of lines of the text these counts describe (a final ending does not start
    /// another line; empty text has none), without another pass over it; `empty` tells
    /// an empty text from one line without ending.
    pub fn line_count(&self, empty: bool) -> usize {
        self.lf + self.crlf + self.cr + usize::from(!empty && !self.trailing_newline)
    }
}

/// The byte range of `take` lines starting at 0-based line `skip`, each with its
/// ending, and how many lines it holds. Past the end it is an empty range at the end.
pub fn line_span(bytes: &[u8], skip: usize, take: usize) -> (usize, usize, usize) {
    let mut from = if skip == 0 { Some(0) } else { None };
    let mut seen = 0;
    let mut last_end = 0;
    for (at, ending) in endings(bytes) {
        seen += 1;
        let next = at + ending.as_bytes().len();
        last_end = next;
        if seen == skip {
            from = Some(next);
        }
        if let Some(start) = from {
            if take == 0 {
                return (start, start, 0);
            }
            if seen == skip.saturating_add(take) {
                return (start, next, take);
            }
        }
    }
    let tail = usize::from(last_end < bytes.len());
    match from {
        Some(start) => (start, bytes.len(), seen - skip + tail),
        None => (bytes.len(), bytes.len(), 0),
    }
}

/// The lines of `bytes` with the ending after each: `(content, ending)`. The last
/// piece has no ending and is empty when `bytes` ends with one (or is empty).
pub fn pieces(bytes: &[u8]) -> Vec<(&[u8], Option<Ending>)> {
    let mut out = Vec::new();
    let mut from = 0;
    for (at, ending) in endings(bytes) {
        out.push((&bytes[from..at], Some(ending)));
        from = at + ending.as_bytes().len();
    }
    out.push((&bytes[from..], None));
    out
}

/// Converts every ending of `bytes` to `to`.
pub fn convert(bytes: &[u8], to: Ending) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len() + bytes.len() / 16);
    let mut from = 0;
    for (at, ending) in endings(bytes) {
        out.extend_from_slice(&bytes[from..at]);
        out.extend_from_slice(to.as_bytes());
        from = at + ending.as_bytes().len();
    }
    out.extend_from_slice(&bytes[from..]);
    out
}

/// The LF view of a source, with the map from LF-view offsets back to the source.
#[derive(Debug, Clone)]
pub struct LfView<'a> {
    text: Cow<'a, [u8]>,
    /// LF-view offsets of the `\n`s whose `\r` was dropped, ascending.
    dropped: Vec<usize>,
}

impl<'a> LfView<'a> {
    /// Builds the LF view of `source` in one pass.
    pub fn new(source: &'a [u8]) -> Self {
        let Some(first) = memchr(b'\r', source) else {
            return LfView {
                text: Cow::Borrowed(source),
                dropped: Vec::new(),
            };
        };
        let mut out = Vec::with_capacity(source.len());
        out.extend_from_slice(&source[..first]);
        let mut dropped = Vec::new();
        push_lf(&mut out, &source[first..], |at| dropped.push(at));
        LfView {
            text: Cow::Owned(out),
            dropped,
        }
    }

    /// The LF-view bytes.
    pub fn text(&self) -> &[u8] {
        &self.text
    }

    /// Maps an LF-view offset to the source offset of the same position.
    ///
    /// The offset of a `\n` that stands for `\r\n` maps to its `\r`, so a range that
    /// ends before an ending never takes half of it.
    pub fn to_source(&self, lf_offset: usize) -> usize {
        lf_offset + self.dropped.partition_point(|&d| d < lf_offset)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn warns_only_when_a_change_mixes_endings_of_a_uniform_text() {
        let crlf = b"a\r\nb\r\n";
        let warning = made_mixed_warning(crlf, &info(b"a\r\nx\nb\r\n")).unwrap();
        assert!(
            warning.contains("only CRLF") && warning.contains("1 LF, 2 CRLF"),
            "{warning}"
        );
        assert_eq!(made_mixed_warning(crlf, &info(b"a\r\nx\r\n")), None);
        // Already mixed, or no endings at all: nothing new to say.
        assert_eq!(made_mixed_warning(b"a\r\nb\n", &info(b"a\r\nb\nc\n")), None);
        assert_eq!(made_mixed_warning(b"a", &info(b"a\r\nb\n")), None);
    }

    /// Bytes drawn from `\r`, `\n` and `a` by a small deterministic generator.
    fn endings_soup(len: usize, seed: u64) -> Vec<u8> {
        let mut x = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (0..len)
            .map(|_| {
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                [b'\r', b'\n', b'a', b'a'][(x >> 62) as usize]
            })
            .collect()
    }

    fn counted_one_by_one(bytes: &[u8]) -> [usize; 3] {
        let mut c = [0; 3];
        endings(bytes).for_each(|(_, e)| c[slot(e)] += 1);
        c
    }

    #[test]
    fn counts_agree_with_the_endings_found_one_by_one() {
        // Lengths around the 32-byte blocks and the 255-block rounds, so pairs straddle
        // both.
        for (seed, len) in [
            0, 1, 2, 31, 32, 33, 64, 8159, 8160, 8161, 8192, 20000, 100_003,
        ]
        .into_iter()
        .enumerate()
        {
            let bytes = endings_soup(len, seed as u64);
            let want = counted_one_by_one(&bytes);
            assert_eq!(counts(&bytes), want, "length {len}");
            assert_eq!(counts_portable(&bytes), want, "length {len}");
        }
        // A round of 255 blocks where every lane counts 255 times.
        let all_lf = vec![b'\n'; 32 * 255 * 2 + 7];
        assert_eq!(counts(&all_lf), [all_lf.len(), 0, 0]);
        let all_crlf = b"\r\n".repeat(32 * 255 + 5);
        assert_eq!(counts(&all_crlf), [0, all_crlf.len() / 2, 0]);
    }

    #[test]
    fn info_of_pieces_is_the_info_of_the_joined_text() {
        let bytes = endings_soup(3000, 7);
        for cuts in [
            vec![],
            vec![0],
            vec![1, 2, 3],
            vec![100, 100, 1500],
            vec![2999],
        ] {
            let mut pieces = Vec::new();
            let mut from = 0;
            for &c in &cuts {
                pieces.push(&bytes[from..c]);
                from = c;
            }
            pieces.push(&bytes[from..]);
            assert_eq!(
                info_of_pieces(pieces.iter().copied()),
                info(&bytes),
                "cuts {cuts:?}"
            );
        }
        // A CRLF split between two pieces, and a tie decided by the first occurrence.
        let split = [&b"a\r"[..], b"\nb\n"];
        assert_eq!(info_of_pieces(split.into_iter()), info(b"a\r\nb\n"));
        assert_eq!(info_of_pieces(split.into_iter()).dominant, Ending::CrLf);
    }

    #[test]
    fn lone_cr_is_an_ending_and_crlf_is_one() {
        let found: Vec<_> = endings(b"a\r\nb\rc\nd\r").collect();
        assert_eq!(
            found,
            vec![
                (1, Ending::CrLf),
                (4, Ending::Cr),
                (6, Ending::Lf),
                (8, Ending::Cr)
            ]
        );
    }

    #[test]
    fn dominant_tie_goes_to_first_occurrence() {
        assert_eq!(detect(b"a\nb\r\n"), Ending::Lf);
        assert_eq!(detect(b"a\r\nb\n"), Ending::CrLf);
        assert_eq!(detect(b"a\rb\n"), Ending::Cr);
        assert_eq!(detect(b"no endings"), Ending::Lf);
        assert_eq!(detect(b"a\nb\r\nc\r\n"), Ending::CrLf);
    }

    #[test]
    fn info_reports_mixed_and_trailing_newline() {
        let i = info(b"a\r\nb\nc");
        assert_eq!(
            (i.lf, i.crlf, i.cr, i.mixed, i.trailing_newline),
            (1, 1, 0, true, false)
        );
        assert!(info(b"a\r").trailing_newline);
        assert!(!info(b"").trailing_newline);
        assert!(!info(b"a\r\nb\r\n").mixed);
    }

    #[test]
    fn to_lf_borrows_when_there_is_no_cr() {
        assert!(matches!(to_lf(b"a\nb"), Cow::Borrowed(_)));
        assert_eq!(to_lf(b"a\r\r\nb\r").as_ref(), b"a\n\nb\n");
    }

    #[test]
    fn lf_view_maps_offsets_back_to_source() {
        let src = b"ab\r\ncd\ref\r\n";
        let view = LfView::new(src);
        assert_eq!(view.text(), b"ab\ncd\nef\n");
        assert_eq!(view.to_source(2), 2); // the \n of \r\n maps to its \r
        assert_eq!(view.to_source(3), 4); // 'c'
        assert_eq!(view.to_source(5), 6); // lone \r
        assert_eq!(view.to_source(6), 7); // 'e'
        assert_eq!(view.to_source(9), src.len());
    }

    #[test]
    fn normalize_eol_keeps_seed_000_semantics() {
        assert_eq!(normalize_eol(b"a\r\nb\r\n", b"x\ny"), b"x\r\ny\r\n");
        assert_eq!(normalize_eol(b"a\r\nb", b"x\ny\n"), b"x\r\ny");
        assert_eq!(normalize_eol(b"a\nb", b"x\r\ny"), b"x\ny");
        assert_eq!(normalize_eol(b"a\r\n", b""), b"");
        assert_eq!(normalize_eol(b"a\rb\r", b"x\ny"), b"x\ry\r");
    }

    #[test]
    fn line_span_takes_whole_lines_with_their_endings() {
        let t = b"a\r\nb\nc\rd";
        assert_eq!(info(t).line_count(t.is_empty()), 4);
        assert_eq!(info(b"a\n").line_count(false), 1);
        assert_eq!(info(b"").line_count(true), 0);
        assert_eq!(line_span(t, 0, usize::MAX), (0, t.len(), 4));
        assert_eq!(line_span(t, 1, 2), (3, 7, 2));
        assert_eq!(line_span(t, 3, 5), (7, 8, 1));
        assert_eq!(line_span(t, 4, 1), (8, 8, 0));
        assert_eq!(line_span(b"a\nb\n", 1, 9), (2, 4, 1));
        assert_eq!(line_span(b"a\nb\n", 2, 9), (4, 4, 0));
    }

    #[test]
    fn strict_majority_defers_on_ties() {
        assert_eq!(strict_majority([Ending::Lf, Ending::CrLf]), None);
        assert_eq!(strict_majority([]), None);
        assert_eq!(
            strict_majority([Ending::CrLf, Ending::Lf, Ending::CrLf]),
            Some(Ending::CrLf)
        );
    }
}
