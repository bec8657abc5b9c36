//! Failures that explain themselves to a model.
//!
//! When `oldText` is not found, the most useful answer is where the model meant and
//! what differs there: tabs for spaces, curly quotes, trailing spaces, a renamed
//! identifier, a missing line. The message quotes that region as `read_file` shows it,
//! so a retry can copy it instead of re-reading the file.
//!
//! # Finding the region the model meant
//!
//! Lines are compared by their character trigrams, after look-alikes are folded and
//! whitespace is removed, so a renamed identifier still shares most of its line and a
//! re-indented line shares all of it. Each trigram weighs by its rarity in the file
//! (inverse document frequency): `Sub(` decides between two functions, `{` and `}`
//! barely count. The steps, each linear in the file and `oldText` sizes:
//!
//! 1. **Votes.** Every file line that shares a trigram with old line `i` votes for the
//!    region starting `i` lines above it, by the trigram's weight. Trigrams are taken
//!    rarest first, up to a budget of a few times the input size, so a file of
//!    identical lines costs no more than any other file.
//! 2. **Alignment.** The best few starts are aligned line by line with `oldText` in a
//!    narrow band (a line the model dropped or added shifts the rest by one), scoring
//!    each pair by its trigram similarity, weighted by how informative the old line is,
//!    and charging file lines the region has and `oldText` lacks.
//! 3. The region with the highest weighted similarity is named; a second, separate
//!    region is named too when it is nearly as close.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::error::{Error, ErrorCode};
use crate::matching::{fold, indent_len, trim_end, Lines};
use crate::message::{parts, Message, Name, Op, Part};

/// How many differences a message lists at most.
const MAX_DIFFERENCES: usize = 4;
/// How many vote peaks are aligned in full: eight for a short `oldText`, down to two
/// for a long one, whose votes leave no doubt and whose alignments cost more.
fn candidate_count(old_lines: usize) -> usize {
    (2048 / old_lines.max(1)).clamp(2, 8)
}
/// How far (in lines) an alignment may drift from its start: lines the model dropped
/// or added, in all.
const BAND: usize = 6;
/// A region less similar than this is not worth naming.
const MIN_SIMILARITY: f64 = 0.3;
/// A second region is named when its similarity is at least this share of the best.
const NEARLY: f64 = 0.9;
/// What an extra file line inside a region costs, relative to its weight.
const EXTRA_LINE_COST: f64 = 0.15;
/// Two lines less similar than this are not paired by the alignment.
const MIN_PAIR: f64 = 0.25;
/// How similar a file line just outside a region must be to an old line left over
/// at that edge to be paired with it, and how many lines away it may be.
const EDGE_LIKE: f64 = 0.5;
const EDGE_REACH: usize = 3;
/// The longest region quoted in full; a longer one shows its first and last lines.
const QUOTE_MAX: usize = 24;
const QUOTE_HEAD: usize = 16;
const QUOTE_TAIL: usize = 6;
/// Characters of one quoted line shown at most.
const QUOTE_LINE_CHARS: usize = 240;

/// A region of the file and how close it is to `oldText`.
#[derive(Debug, Clone, PartialEq)]
pub struct Region {
    /// First line, 0-based.
    pub first: usize,
    /// Last line, 0-based, inclusive.
    pub last: usize,
    /// Weighted similarity to `oldText`, from 0 to 1.
    pub similarity: f64,
    /// How the region's lines and `oldText`'s lines pair up, in order.
    steps: Vec<Step>,
}

impl Region {
    /// 1-based numbers of the region's lines.
    pub fn line_numbers(&self) -> Vec<u32> {
        (self.first as u32 + 1..=self.last as u32 + 1).collect()
    }

    fn overlaps(&self, other: &Region) -> bool {
        self.first <= other.last && other.first <= self.last
    }
}

/// One step of an alignment between `oldText` lines and file lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    /// Old line `.0` stands for file line `.1`.
    Pair(usize, usize),
    /// Old line `.0` is not in the file; it would come before file line `.1`.
    OldOnly(usize, usize),
    /// File line `.0` is inside the region and not in `oldText`.
    FileOnly(usize),
}

/// A hasher for keys that are already well spread (trigram codes): one multiply.
#[derive(Default)]
struct MulHasher(u64);

impl Hasher for MulHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x100_0000_01B3);
        }
    }
    fn write_u32(&mut self, n: u32) {
        self.0 = u64::from(n).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

type TrigramMap<V> = HashMap<u32, V, BuildHasherDefault<MulHasher>>;

/// The distinct character trigrams of `line` once look-alikes are folded and
/// whitespace removed, sorted, with a start and an end mark so a one-character line
/// such as `}` has one. A blank line has none.
fn trigrams(line: &[u8], loose: &mut Vec<u8>, out: &mut Vec<u32>) {
    out.clear();
    loose.clear();
    loose.push(1);
    loose.extend(fold(line).iter().filter(|b| !b.is_ascii_whitespace()));
    if loose.len() == 1 {
        return;
    }
    loose.push(2);
    out.extend(
        loose
            .windows(3)
            .map(|w| u32::from(w[0]) << 16 | u32::from(w[1]) << 8 | u32::from(w[2])),
    );
    out.sort_unstable();
    out.dedup();
}

/// Dice similarity of two sorted trigram sets.
fn dice(a: &[u32], b: &[u32]) -> f64 {
    if a.is_empty() && b.is_empty() {
        return 1.0;
    }
    let (mut i, mut j, mut common) = (0, 0, 0usize);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                common += 1;
                i += 1;
                j += 1;
            }
        }
    }
    2.0 * common as f64 / (a.len() + b.len()) as f64
}

/// What the file tells about `oldText`'s trigrams: how many file lines hold each one,
/// and which.
struct Index<'a> {
    lines: &'a Lines<'a>,
    /// `oldText`'s lines.
    old: Vec<&'a [u8]>,
    /// Each old line's trigrams.
    old_trigrams: Vec<Vec<u32>>,
    /// Each old line's weight: the sum of its trigrams' weights.
    old_weight: Vec<f64>,
    /// Trigram code to dense id, for `oldText`'s trigrams.
    ids: TrigramMap<u32>,
    /// For each id, the file lines holding it, ascending.
    postings: Vec<Vec<u32>>,
    /// For each id, its weight.
    id_weight: Vec<f64>,
    /// The weight of a trigram that is not in `oldText` or not in the file: that of a
    /// trigram of one line.
    rare_weight: f64,
}

impl<'a> Index<'a> {
    fn new(lines: &'a Lines<'a>, old: Vec<&'a [u8]>) -> Self {
        let (mut loose, mut scratch) = (Vec::new(), Vec::new());
        let mut ids: TrigramMap<u32> = TrigramMap::default();
        let old_trigrams: Vec<Vec<u32>> = old
            .iter()
            .map(|l| {
                trigrams(l, &mut loose, &mut scratch);
                for &t in &scratch {
                    let next = ids.len() as u32;
                    ids.entry(t).or_insert(next);
                }
                scratch.clone()
            })
            .collect();
        // A bit per possible trigram code: most of a file's trigrams are not in
        // oldText, and a bit test is cheaper than a map lookup.
        let mut wanted = vec![0u64; 1 << 18];
        for &t in ids.keys() {
            wanted[(t >> 6) as usize] |= 1 << (t & 63);
        }
        let mut postings: Vec<Vec<u32>> = vec![Vec::new(); ids.len()];
        for f in 0..lines.len() {
            trigrams(lines.line(f), &mut loose, &mut scratch);
            for &t in &scratch {
                if wanted[(t >> 6) as usize] & (1 << (t & 63)) != 0 {
                    if let Some(&id) = ids.get(&t) {
                        postings[id as usize].push(f as u32);
                    }
                }
            }
        }
        let idf = |df: usize| (1.0 + lines.len() as f64 / df.max(1) as f64).ln();
        let id_weight = postings.iter().map(|p| idf(p.len())).collect();
        let mut index = Index {
            lines,
            old,
            old_trigrams,
            old_weight: Vec::new(),
            ids,
            postings,
            id_weight,
            rare_weight: idf(1),
        };
        index.old_weight = index
            .old_trigrams
            .iter()
            .map(|ts| ts.iter().map(|&t| index.weight(t)).sum())
            .collect();
        index
    }

    /// Weight of a trigram by its rarity in the file; one the file lacks (or that is
    /// not in `oldText`, so was not counted) weighs as a trigram of one line.
    fn weight(&self, trigram: u32) -> f64 {
        self.ids
            .get(&trigram)
            .map_or(self.rare_weight, |&id| self.id_weight[id as usize])
    }

    /// The starts (file line of old line 0, possibly before the file) with the most
    /// votes, best first, at most [`candidate_count`], none within half of `oldText` of
    /// another.
    fn candidates(&self) -> Vec<isize> {
        let n = self.old.len();
        let f = self.lines.len();
        // Offset o stands for start o - (n - 1).
        let mut votes = vec![0f32; f + n];
        let mut pairs: Vec<(usize, u32, u32)> = self
            .old_trigrams
            .iter()
            .enumerate()
            .flat_map(|(i, ts)| ts.iter().map(move |&t| (i, t)))
            .filter_map(|(i, t)| {
                let id = self.ids[&t];
                let df = self.postings[id as usize].len();
                (df > 0).then_some((i, id, df as u32))
            })
            .collect();
        pairs.sort_unstable_by_key(|p| p.2);
        let mut budget = 4 * (f + pairs.len()) + 65_536;
        for (i, id, df) in pairs {
            let Some(left) = budget.checked_sub(df as usize) else {
                break;
            };
            budget = left;
            let w = self.id_weight[id as usize] as f32;
            for &line in &self.postings[id as usize] {
                votes[line as usize + n - 1 - i] += w;
            }
        }
        // A dropped or added line splits a region's votes between neighbouring
        // starts: sum them over a small window.
        let half = (n / 2).min(BAND / 2);
        let mut smooth = vec![0f32; votes.len()];
        let mut sum = 0f32;
        for o in 0..votes.len() + half {
            if o < votes.len() {
                sum += votes[o];
            }
            if o > 2 * half {
                sum -= votes[o - 2 * half - 1];
            }
            if o >= half {
                smooth[o - half] = sum;
            }
        }
        let radius = n / 2;
        let mut out = Vec::new();
        for _ in 0..candidate_count(n) {
            let best = smooth.iter().enumerate().filter(|(_, &v)| v > 0.0).fold(
                None,
                |best: Option<(usize, f32)>, (o, &v)| match best {
                    Some((_, b)) if b >= v => best,
                    _ => Some((o, v)),
                },
            );
            let Some((o, _)) = best else { break };
            out.push(o as isize - (n as isize - 1));
            let from = o.saturating_sub(radius);
            let to = (o + radius + 1).min(smooth.len());
            smooth[from..to].iter_mut().for_each(|v| *v = 0.0);
        }
        out
    }

    /// What pairing old line `i` with file line `j` (its trigrams `ts`) gains: the
    /// old line's weight times their similarity, nothing below [`MIN_PAIR`]. Lines
    /// that are the same byte for byte gain a fifth more, so of two `}` lines the one
    /// with the same indentation is chosen; lines with the same trigrams (blank ones
    /// too) gain a hair more, so they pair up.
    fn pair_gain(&self, i: usize, j: usize, ts: &[u32]) -> f64 {
        let w = self.old_weight[i];
        let old = &self.old_trigrams[i];
        if old == ts {
            let same = self.old[i] == self.lines.line(j);
            return w + if same { 0.2 * w } else { 0.0 } + 1e-6;
        }
        let d = dice(old, ts);
        if d < MIN_PAIR {
            0.0
        } else {
            w * d
        }
    }

    /// Pairs the old lines left outside an alignment's first and last pairs with file
    /// lines just outside it, where the alignment found a short extra line not worth
    /// its cost (a `}` or `#[test]` beyond a line the model dropped): the nearest of
    /// the next few file lines that is like it, or the adjacent file line whatever it
    /// is (a line the model changed too much to be recognised).
    fn extend_edges(
        &self,
        steps: Vec<Step>,
        lo: usize,
        hi: usize,
        window: &[(Vec<u32>, f64)],
    ) -> Vec<Step> {
        let Some(p) = steps.iter().position(|s| matches!(s, Step::Pair(..))) else {
            return steps;
        };
        let q = steps
            .iter()
            .rposition(|s| matches!(s, Step::Pair(..)))
            .unwrap_or(p);
        let (Step::Pair(_, first), Step::Pair(_, last)) = (steps[p], steps[q]) else {
            return steps;
        };
        let old_before: Vec<usize> = steps[..p]
            .iter()
            .filter_map(|s| match s {
                Step::OldOnly(i, _) => Some(*i),
                _ => None,
            })
            .collect();
        let old_after: Vec<usize> = steps[q + 1..]
            .iter()
            .filter_map(|s| match s {
                Step::OldOnly(i, _) => Some(*i),
                _ => None,
            })
            .collect();
        let like = |i: usize, j: usize| dice(&self.old_trigrams[i], &window[j - lo].0) >= EDGE_LIKE;
        // Before: nearest first, walking up.
        let mut head = Vec::new();
        let mut at = first;
        let mut unpaired = old_before.len();
        for (n, &i) in old_before.iter().enumerate().rev() {
            let reach = at.saturating_sub(EDGE_REACH).max(lo);
            let found = (reach..at).rev().find(|&j| like(i, j)).or_else(|| {
                (at > lo && !self.old[i].iter().all(u8::is_ascii_whitespace)).then(|| at - 1)
            });
            let Some(j) = found else { break };
            head.push(Step::Pair(i, j));
            head.extend((j + 1..at).rev().map(Step::FileOnly));
            at = j;
            unpaired = n;
        }
        head.reverse();
        let mut out: Vec<Step> = old_before[..unpaired]
            .iter()
            .map(|&i| Step::OldOnly(i, at))
            .collect();
        out.extend(head);
        out.extend_from_slice(&steps[p..=q]);
        // After: nearest first, walking down.
        let mut at = last + 1;
        let mut paired = 0;
        for &i in &old_after {
            let reach = (at + EDGE_REACH).min(hi);
            let found = (at..reach).find(|&j| like(i, j)).or_else(|| {
                (at < hi && !self.old[i].iter().all(u8::is_ascii_whitespace)).then_some(at)
            });
            let Some(j) = found else { break };
            out.extend((at..j).map(Step::FileOnly));
            out.push(Step::Pair(i, j));
            at = j + 1;
            paired += 1;
        }
        out.extend(old_after[paired..].iter().map(|&i| Step::OldOnly(i, at)));
        out
    }

    /// Aligns `oldText` with the file around `start`, within `BAND` lines of drift.
    fn align(&self, start: isize) -> Option<Region> {
        let n = self.old.len();
        let f = self.lines.len() as isize;
        let k = BAND as isize;
        // The band, and a few lines more for the edges to grow into.
        let reach = EDGE_REACH as isize;
        let lo = (start - k - reach).max(0) as usize;
        let hi = (start + n as isize + k + reach).clamp(0, f) as usize;
        if lo >= hi {
            return None;
        }
        let (mut loose, mut scratch) = (Vec::new(), Vec::new());
        let window: Vec<(Vec<u32>, f64)> = (lo..hi)
            .map(|j| {
                trigrams(self.lines.line(j), &mut loose, &mut scratch);
                let w = scratch.iter().map(|&t| self.weight(t)).sum();
                (scratch.clone(), w)
            })
            .collect();
        let width = 2 * BAND + 1;
        // State (i, j, started): i old lines and the file lines before j used;
        // j = start + i + d, d in -BAND..=BAND, stored at column d + BAND.
        const NONE: f64 = f64::NEG_INFINITY;
        // Moves: 0 none, 1 pair, 2 old only, 3 file only; the high bit is the
        // previous state's `started`.
        let mut back = vec![0u8; (n + 1) * width * 2];
        let at = |i: usize, c: usize, s: usize| (i * width + c) * 2 + s;
        let mut row = vec![NONE; width * 2];
        let mut next = vec![NONE; width * 2];
        for c in 0..width {
            let j = start + c as isize - k;
            if j >= lo as isize && (j as usize) < hi {
                row[c * 2] = 0.0;
            }
        }
        let mut best_end: Option<(f64, usize, usize)> = None;
        for i in 0..=n {
            // File-only moves within row i, left to right.
            for c in 0..width - 1 {
                let j = start + i as isize + c as isize - k;
                if j < lo as isize || j as usize >= hi {
                    continue;
                }
                for s in 0..2 {
                    let v = row[c * 2 + s];
                    if v == NONE {
                        continue;
                    }
                    let cost = if s == 1 {
                        EXTRA_LINE_COST * window[j as usize - lo].1
                    } else {
                        0.0
                    };
                    if v - cost > row[(c + 1) * 2 + s] {
                        row[(c + 1) * 2 + s] = v - cost;
                        back[at(i, c + 1, s)] = 3 | (s as u8) << 7;
                    }
                }
            }
            if i == n {
                for c in 0..width {
                    let v = row[c * 2 + 1];
                    if v != NONE && best_end.is_none_or(|b| v > b.0) {
                        best_end = Some((v, c, 1));
                    }
                }
                break;
            }
            next.fill(NONE);
            for c in 0..width {
                if row[c * 2] == NONE && row[c * 2 + 1] == NONE {
                    continue;
                }
                let j = start + i as isize + c as isize - k;
                // Old line i paired with file line j gains its weight times their
                // similarity (and a hair more when they are the same, so blank lines
                // pair up).
                let gain = if j >= lo as isize && (j as usize) < hi {
                    self.pair_gain(i, j as usize, &window[j as usize - lo].0)
                } else {
                    0.0
                };
                for s in 0..2 {
                    let v = row[c * 2 + s];
                    if v == NONE {
                        continue;
                    }
                    // Old line i is not in the file: same j, next row, column c - 1.
                    if c > 0 && v > next[(c - 1) * 2 + s] {
                        next[(c - 1) * 2 + s] = v;
                        back[at(i + 1, c - 1, s)] = 2 | (s as u8) << 7;
                    }
                    if gain > 0.0 && v + gain > next[c * 2 + 1] {
                        next[c * 2 + 1] = v + gain;
                        back[at(i + 1, c, 1)] = 1 | (s as u8) << 7;
                    }
                }
            }
            std::mem::swap(&mut row, &mut next);
        }
        let (_, mut c, mut s) = best_end?;
        let mut steps = Vec::new();
        let mut i = n;
        while i > 0 || back[at(i, c, s)] & 3 == 3 {
            let b = back[at(i, c, s)];
            let prev_s = (b >> 7) as usize;
            let j = (start + i as isize + c as isize - k) as usize;
            match b & 3 {
                1 => {
                    steps.push(Step::Pair(i - 1, j - 1));
                    i -= 1;
                }
                2 => {
                    steps.push(Step::OldOnly(i - 1, j));
                    i -= 1;
                    c += 1;
                }
                3 => {
                    if s == 1 {
                        steps.push(Step::FileOnly(j - 1));
                    }
                    c -= 1;
                }
                _ => break,
            }
            s = prev_s;
        }
        steps.reverse();
        let steps = self.extend_edges(steps, lo, hi, &window);
        // The region runs from the first paired line to the last; old lines outside it
        // stay as steps, file lines outside it are dropped.
        let first = steps.iter().find_map(|s| match s {
            Step::Pair(_, j) => Some(*j),
            _ => None,
        })?;
        let last = steps.iter().rev().find_map(|s| match s {
            Step::Pair(_, j) => Some(*j),
            _ => None,
        })?;
        let mut steps = steps;
        steps.retain(|s| !matches!(s, Step::FileOnly(j) if *j < first || *j > last));
        // Dice over the whole region: each pair counts both lines' weights by their
        // similarity; lines on one side only count in the total.
        let shared: f64 = steps
            .iter()
            .map(|step| match *step {
                Step::Pair(i, j) => {
                    let (ts, w) = &window[j - lo];
                    dice(&self.old_trigrams[i], ts) * (self.old_weight[i] + w)
                }
                _ => 0.0,
            })
            .sum();
        let total: f64 = self.old_weight.iter().sum::<f64>()
            + window[first - lo..=last - lo]
                .iter()
                .map(|(_, w)| w)
                .sum::<f64>();
        let similarity = if total > 0.0 { shared / total } else { 0.0 };
        Some(Region {
            first,
            last,
            similarity,
            steps,
        })
    }
}

/// The regions of the file closest to `old_lf` (LF view), best first: the best one
/// and, when one is nearly as close, a second that does not overlap it. Empty when no
/// region is similar enough to name.
pub fn closest(lines: &Lines<'_>, old_lf: &[u8]) -> Vec<Region> {
    let body = old_lf.strip_suffix(b"\n").unwrap_or(old_lf);
    if lines.is_empty() {
        return Vec::new();
    }
    let index = Index::new(lines, body.split(|&b| b == b'\n').collect());
    let mut regions: Vec<Region> = index
        .candidates()
        .into_iter()
        .filter_map(|s| index.align(s))
        .filter(|r| r.similarity >= MIN_SIMILARITY)
        .collect();
    // Best first; on a tie, the earlier region.
    regions.sort_by(|a, b| {
        b.similarity
            .total_cmp(&a.similarity)
            .then(a.first.cmp(&b.first))
    });
    let Some(best) = regions.first().cloned() else {
        return Vec::new();
    };
    let second = regions
        .into_iter()
        .skip(1)
        .find(|r| !r.overlaps(&best) && r.similarity >= NEARLY * best.similarity);
    std::iter::once(best).chain(second).collect()
}

fn show(line: &[u8]) -> String {
    let s = String::from_utf8_lossy(line);
    let s = s.trim();
    if s.chars().count() > 60 {
        format!("`{}…`", s.chars().take(60).collect::<String>())
    } else {
        format!("`{s}`")
    }
}

/// A line with look-alikes folded and all whitespace removed: two lines the same
/// but for whitespace, quotes or Unicode form have the same loose form.
fn loose(line: &[u8]) -> Vec<u8> {
    fold(line)
        .iter()
        .copied()
        .filter(|c| !c.is_ascii_whitespace())
        .collect()
}

/// What differs between a file line and the old line paired with it: every way in
/// which they differ when they are the same but for whitespace, quotes and Unicode
/// form, or the old line itself when its characters differ. `who` names the caller's
/// text: `old_text`, `the anchor`. Without `edges`, indentation and trailing
/// whitespace are not differences (an anchor matches whatever they are).
fn describe_pair(
    line_no: usize,
    file: &[u8],
    old: &[u8],
    who: &Part,
    edges: bool,
) -> Option<Message> {
    if file == old {
        return None;
    }
    let who = || who.clone();
    if loose(file) != loose(old) {
        // Different characters, such as a renamed identifier.
        return Some(parts![
            format!("line {line_no}: "),
            who(),
            format!(" has {}", show(old))
        ]);
    }
    let mut aspects: Vec<Message> = Vec::new();
    let (fi, oi) = (indent_len(file), indent_len(old));
    let (f_ind, o_ind) = (&file[..fi], &old[..oi]);
    if edges && f_ind != o_ind {
        let tabs = |s: &[u8]| s.contains(&b'\t');
        aspects.push(match (tabs(f_ind), tabs(o_ind)) {
            (true, false) => parts!["the file indents with tabs, ", who(), " with spaces"],
            (false, true) => parts!["the file indents with spaces, ", who(), " with tabs"],
            _ => parts![
                format!("the file indents by {fi} characters, "),
                who(),
                format!(" by {oi}")
            ],
        });
    }
    let (f_body, o_body) = (trim_end(&file[fi..]), trim_end(&old[oi..]));
    if edges
        && (file.len() - fi - f_body.len() != old.len() - oi - o_body.len()
            || file[fi + f_body.len()..] != old[oi + o_body.len()..])
    {
        aspects.push(parts!["trailing whitespace differs"]);
    }
    let (f, o) = (
        String::from_utf8_lossy(f_body),
        String::from_utf8_lossy(o_body),
    );
    let visible = |s: &str| -> Vec<char> { s.chars().filter(|c| !c.is_whitespace()).collect() };
    let (fv, ov) = (visible(&f), visible(&o));
    if let Some((a, b)) = fv.iter().zip(&ov).find(|(a, b)| a != b) {
        aspects.push(parts![
            format!("the file has {a:?} (U+{:04X}) where ", *a as u32),
            who(),
            format!(" has {b:?} (U+{:04X})", *b as u32)
        ]);
    } else if fv != ov {
        aspects.push(parts!["the Unicode form of a character differs"]);
    }
    // Spacing inside the line: where the gaps are, and what each gap is made of.
    let words = |s: &str| s.split_whitespace().count();
    let gaps = |s: &str| -> Vec<String> {
        s.split(|c: char| !c.is_whitespace())
            .filter(|g| !g.is_empty())
            .map(str::to_string)
            .collect()
    };
    if words(&f) != words(&o) || gaps(&f) != gaps(&o) {
        aspects.push(parts![
            "spacing inside the line differs (",
            who(),
            format!(" has {})", show(old))
        ]);
    }
    if aspects.is_empty() {
        aspects.push(parts!["the Unicode form of a character differs"]);
    }
    Some(parts![format!("line {line_no}: ")].then(joined(aspects, ", and ")))
}

/// The messages one after another, `between` each two.
fn joined(messages: Vec<Message>, between: &'static str) -> Message {
    let mut out = Message::default();
    for (i, m) in messages.into_iter().enumerate() {
        if i > 0 {
            out = out.then(parts![between]);
        }
        out = out.then(m);
    }
    out
}

/// The differences of `region`, in file order; `who` names the text that was not
/// found.
fn differences(
    lines: &Lines<'_>,
    old: &[&[u8]],
    old_ends_with_newline: bool,
    region: &Region,
    who: &Part,
) -> Vec<Message> {
    let mut out = Vec::new();
    for step in &region.steps {
        match *step {
            Step::Pair(i, j) => out.extend(describe_pair(j + 1, lines.line(j), old[i], who, true)),
            Step::OldOnly(i, j) if old[i].iter().all(u8::is_ascii_whitespace) => out.push(parts![
                who.clone(),
                format!(" has an empty line before line {}", j + 1)
            ]),
            Step::OldOnly(i, j) if j > region.last => out.push(parts![
                who.clone(),
                format!(
                    " has {} after line {}, the file does not",
                    show(old[i]),
                    region.last + 1
                )
            ]),
            Step::OldOnly(i, j) => out.push(parts![
                who.clone(),
                format!(
                    " has {} before line {}, the file does not",
                    show(old[i]),
                    j + 1
                )
            ]),
            Step::FileOnly(j) => out.push(parts![
                format!("line {} is in the file but not in ", j + 1),
                who.clone()
            ]),
        }
    }
    if out.is_empty() && old_ends_with_newline && !lines.has_newline(region.last) {
        out.push(parts![
            format!(
                "line {} is the last line and has no line ending, but ",
                region.last + 1
            ),
            who.clone(),
            " ends with one"
        ]);
    }
    out
}

/// The region's lines as `read_file` shows them: `12│text`, the numbers padded alike.
fn quote(lines: &Lines<'_>, region: &Region) -> String {
    let width = (region.last + 1).to_string().len();
    let shown: Vec<usize> = if region.last - region.first < QUOTE_MAX {
        (region.first..=region.last).collect()
    } else {
        (region.first..region.first + QUOTE_HEAD)
            .chain(region.last + 1 - QUOTE_TAIL..=region.last)
            .collect()
    };
    let mut out = String::new();
    let mut previous = None;
    for j in shown {
        if previous.is_some_and(|p| p + 1 != j) {
            out.push_str(&format!(
                "{:>width$}…(lines {}-{} not shown)\n",
                "",
                previous.unwrap_or(0) + 2,
                j
            ));
        }
        let text = String::from_utf8_lossy(lines.line(j));
        let text = if text.chars().count() > QUOTE_LINE_CHARS {
            format!(
                "{}…",
                text.chars().take(QUOTE_LINE_CHARS).collect::<String>()
            )
        } else {
            text.into_owned()
        };
        out.push_str(&format!("{:>width$}\u{2502}{text}\n", j + 1));
        previous = Some(j);
    }
    out
}

fn span(region: &Region) -> String {
    if region.first == region.last {
        format!("line {}", region.first + 1)
    } else {
        format!("lines {}-{}", region.first + 1, region.last + 1)
    }
}

fn percent(lines: &Lines<'_>, old: &[&[u8]], region: &Region) -> u32 {
    let p = (region.similarity * 100.0).round() as u32;
    let same = region.last + 1 - region.first == old.len()
        && (region.first..=region.last)
            .zip(old)
            .all(|(j, o)| lines.line(j) == *o);
    if same {
        p
    } else {
        p.min(99)
    }
}

/// The hint every `TEXT_NOT_FOUND` for an edit carries.
fn not_found_hint() -> Message {
    parts![
        "Copy ",
        Name::OldText,
        " exactly as ",
        Part::Listing,
        " shows it (without line-number prefixes), write line breaks as \\n, and add a line of context if needed."
    ]
}

/// Builds the `TEXT_NOT_FOUND` error for `old_lf` (LF view) in a file's LF view.
pub fn not_found(lines: &Lines<'_>, old_lf: &[u8]) -> Error {
    let regions = closest(lines, old_lf);
    explain(lines, old_lf, None, regions)
}

/// [`not_found`] for an `oldText` without a real line break whose escapes were undone
/// (`unescaped_lf`) and still not found: the message is about whichever reading is
/// closer to the file.
pub fn not_found_escaped(lines: &Lines<'_>, old_lf: &[u8], unescaped_lf: &[u8]) -> Error {
    let literal = closest(lines, old_lf);
    let unescaped = closest(lines, unescaped_lf);
    let score = |r: &[Region]| r.first().map_or(-1.0, |r| r.similarity);
    if score(&unescaped) > score(&literal) {
        let note = parts![
            "Read with its escapes undone (\\n as a line break, \\t as a tab), ",
            Name::OldText,
            " is not in the file either."
        ];
        explain(lines, unescaped_lf, Some(note), unescaped)
    } else {
        explain(lines, old_lf, None, literal)
    }
}

fn explain(lines: &Lines<'_>, old_lf: &[u8], note: Option<Message>, regions: Vec<Region>) -> Error {
    if lines.is_empty() {
        return Error::new(ErrorCode::TextNotFound, empty_file(Name::OldText.into())).with_hint(
            parts!["Use ", Op::WriteFile, " to give an empty file its content."],
        );
    }
    let mut message = parts![Name::OldText, " was not found in the file."];
    if let Some(note) = note {
        message = message.then(parts![" "]).then(note);
    }
    let (rest, numbers) = explained(lines, old_lf, regions, &Name::OldText.into());
    Error::new(ErrorCode::TextNotFound, message.then(rest))
        .with_lines(numbers)
        .with_hint(not_found_hint())
}

/// "`who` was not found: the file is empty."
fn empty_file(who: Part) -> Message {
    parts![who, " was not found: the file is empty."]
}

/// What a `TEXT_NOT_FOUND` says after "… was not found": the region of the file
/// closest to `old_lf` quoted as `read_file` shows it, what differs there, and a
/// second region nearly as close, each sentence with a leading space; and the closest
/// region's line numbers. `who` names the text (`old_text`, `the hunk`).
pub fn closest_region(lines: &Lines<'_>, old_lf: &[u8], who: Part) -> (Message, Vec<u32>) {
    if lines.is_empty() {
        return (parts![" "].then(empty_file(who)), Vec::new());
    }
    let regions = closest(lines, old_lf);
    explained(lines, old_lf, regions, &who)
}

fn explained(
    lines: &Lines<'_>,
    old_lf: &[u8],
    regions: Vec<Region>,
    who: &Part,
) -> (Message, Vec<u32>) {
    let ends_with_newline = old_lf.ends_with(b"\n");
    let body = old_lf.strip_suffix(b"\n").unwrap_or(old_lf);
    let old: Vec<&[u8]> = body.split(|&b| b == b'\n').collect();
    let Some(best) = regions.first() else {
        return (
            parts![" No part of the file is close to it: read the file again before editing it."],
            Vec::new(),
        );
    };
    let mut message = parts![
        format!(
            " The closest match is {} ({}% similar), as ",
            span(best),
            percent(lines, &old, best)
        ),
        Part::Listing,
        " shows it:\n",
        quote(lines, best)
    ];
    let mut differences = differences(lines, &old, ends_with_newline, best, who);
    if !differences.is_empty() {
        let more = differences.len().saturating_sub(MAX_DIFFERENCES);
        differences.truncate(MAX_DIFFERENCES);
        message = message
            .then(parts!["Differences: "])
            .then(joined(differences, "; "));
        if more > 0 {
            message = message.then(parts![format!("; and {more} more")]);
        }
        message = message.then(parts![".\n"]);
    }
    if let Some(second) = regions.get(1) {
        message = message.then(parts![format!(
            "{} {} nearly as close ({}% similar).\n",
            capitalize(&span(second)),
            if second.first == second.last {
                "is"
            } else {
                "are"
            },
            percent(lines, &old, second)
        )]);
    }
    (message.trim_end(), best.line_numbers())
}

/// The hint every `ANCHOR_NOT_FOUND` for a line of text carries.
pub fn anchor_hint() -> Message {
    parts![
        "An anchor is one whole line exactly as ",
        Part::Listing,
        " shows it (without the line-number prefix), or a 1-based line number."
    ]
}

/// Builds the `ANCHOR_NOT_FOUND` error for an anchor `line` (one line of the LF view,
/// without its ending) that no line of the file equals, even trimmed. `who` names the
/// anchor in words every front-end can show (`the start anchor`); the caller records
/// which argument it is.
///
/// As for `oldText`, the message quotes the closest line as `read_file` shows it, with
/// what differs there (quote characters, spacing inside the line, Unicode form), and a
/// second line when it is nearly as close; `lines` lists them, best first.
pub fn anchor_not_found(lines: &Lines<'_>, line: &[u8], who: &str) -> Error {
    let mut message = parts![format!(
        "{} {} is not a line of the file.",
        capitalize(who),
        show(line)
    )];
    let regions = if lines.is_empty() {
        message = message.then(parts![" The file is empty."]);
        Vec::new()
    } else {
        closest(lines, line)
    };
    let Some(best) = regions.first() else {
        if !lines.is_empty() {
            message = message.then(parts![
                " No line of the file is close to it: read the file again."
            ]);
        }
        return Error::new(ErrorCode::AnchorNotFound, message).with_hint(anchor_hint());
    };
    let old = [line];
    message = message.then(parts![
        format!(
            " The closest is {} ({}% similar), as ",
            span(best),
            percent(lines, &old, best)
        ),
        Part::Listing,
        " shows it:\n",
        quote(lines, best)
    ]);
    // Each paired line's differences; that its characters differ the first sentence
    // already shows, and indentation or trailing spaces never fail an anchor.
    let the_anchor = Part::from("the anchor");
    let differences: Vec<Message> = best
        .steps
        .iter()
        .filter_map(|step| match *step {
            Step::Pair(_, j) if loose(lines.line(j)) == loose(line) => {
                describe_pair(j + 1, lines.line(j), line, &the_anchor, false)
            }
            _ => None,
        })
        .collect();
    if !differences.is_empty() {
        message = message
            .then(parts!["Differences: "])
            .then(joined(differences, "; "))
            .then(parts![".\n"]);
    }
    let mut numbers = best.line_numbers();
    if let Some(second) = regions.get(1) {
        message = message.then(parts![
            format!(
                "{} {} nearly as close ({}% similar):\n",
                capitalize(&span(second)),
                if second.first == second.last {
                    "is"
                } else {
                    "are"
                },
                percent(lines, &old, second)
            ),
            quote(lines, second)
        ]);
        numbers.extend(second.line_numbers());
    }
    Error::new(ErrorCode::AnchorNotFound, message.trim_end())
        .with_lines(numbers)
        .with_hint(anchor_hint())
}

fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(first) => first.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// The known name `given` most plausibly meant, if one is close: the same once case,
/// `_` and `-` are ignored (`replace_all`, `ReplaceAll` for `replaceAll`), or a
/// few typing slips away (`rooot`, `expectedVerison`, `expectedVersion` for
/// `expectedVersions`), or the tail of a longer name (`version` for
/// `expectedVersion`). On a tie the earlier known name wins.
#[cfg(any(test, feature = "binding"))]
pub fn closest_name<'a>(given: &str, known: &[&'a str]) -> Option<&'a str> {
    let plain = |s: &str| -> Vec<char> {
        s.chars()
            .filter(|c| *c != '_' && *c != '-')
            .flat_map(char::to_lowercase)
            .collect()
    };
    let want = plain(given);
    if want.is_empty() {
        return None;
    }
    // Typing slips allowed: one in a short name, two in a longer one, three at most.
    let slips = match want.len() {
        0..=4 => 1,
        5..=8 => 2,
        _ => 3,
    };
    let mut best: Option<(usize, &'a str)> = None;
    for &name in known {
        let have = plain(name);
        let distance = slip_distance(&want, &have);
        let inside = want.len() >= 4 && have.ends_with(&want);
        let score = if distance <= slips {
            distance
        } else if inside {
            slips + 1
        } else {
            continue;
        };
        if best.is_none_or(|(s, _)| score < s) {
            best = Some((score, name));
        }
    }
    best.map(|(_, name)| name)
}

/// Edits (insert, delete, replace, swap two neighbours) that turn `a` into `b`: the
/// optimal string alignment distance. Names are short, so the table is too.
#[cfg(any(test, feature = "binding"))]
fn slip_distance(a: &[char], b: &[char]) -> usize {
    let mut rows = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in rows.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in rows[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut d = (rows[i - 1][j] + 1)
                .min(rows[i][j - 1] + 1)
                .min(rows[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(rows[i - 2][j - 2] + 1);
            }
            rows[i][j] = d;
        }
    }
    rows[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn explain(file: &str, old: &str) -> Error {
        not_found(&Lines::new(file.as_bytes()), old.as_bytes())
    }

    const EDIT_OPTIONS: &[&str] = &[
        "expectedVersion",
        "root",
        "dryRun",
        "durable",
        "cwd",
        "maxBytes",
        "encoding",
        "replaceAll",
    ];

    #[test]
    fn names_the_option_a_typing_slip_meant() {
        assert_eq!(closest_name("rooot", EDIT_OPTIONS), Some("root"));
        assert_eq!(
            closest_name("expectedVerison", EDIT_OPTIONS),
            Some("expectedVersion")
        );
        assert_eq!(closest_name("dryrun", EDIT_OPTIONS), Some("dryRun"));
        assert_eq!(closest_name("max_bytes", EDIT_OPTIONS), Some("maxBytes"));
        assert_eq!(
            closest_name("replace_all", EDIT_OPTIONS),
            Some("replaceAll")
        );
        assert_eq!(
            closest_name("version", EDIT_OPTIONS),
            Some("expectedVersion")
        );
        assert_eq!(
            closest_name("expectedVersion", &["cwd", "root", "expectedVersions"]),
            Some("expectedVersions")
        );
    }

    #[test]
    fn names_no_option_when_none_is_close() {
        assert_eq!(closest_name("inclusive", EDIT_OPTIONS), None);
        assert_eq!(closest_name("path", EDIT_OPTIONS), None);
        assert_eq!(closest_name("", EDIT_OPTIONS), None);
        assert_eq!(closest_name("x", &[]), None);
    }

    const ADD_SUB: &str = "#include <stdio.h>\n\nint Add(int a, int b)\n{\n    return a + b;\n}\n\nint Sub(int a, int b)\n{\n    return a - b;\n}\n";

    #[test]
    fn points_at_the_function_the_model_meant_not_the_first_with_braces() {
        let e = explain(ADD_SUB, "int Sub(int x, int y)\n{\n    return x - y;\n}");
        assert_eq!(e.code, ErrorCode::TextNotFound);
        assert_eq!(e.lines, vec![8, 9, 10, 11], "{}", e.message);
        assert!(
            e.message
                .text()
                .contains(" 8\u{2502}int Sub(int a, int b)\n"),
            "{}",
            e.message
        );
        assert!(e.message.text().contains("11\u{2502}}"), "{}", e.message);
        assert!(!e.message.text().contains("Add"), "{}", e.message);
    }

    #[test]
    fn names_a_second_region_when_it_is_nearly_as_close() {
        let e = explain(ADD_SUB, "int Mul(int a, int b)\n{\n    return a * b;\n}");
        assert!(
            e.message.text().contains("nearly as close"),
            "{}",
            e.message
        );
        assert_eq!(e.lines, vec![3, 4, 5, 6], "{}", e.message);
        assert!(
            e.message.text().contains("Lines 8-11 are nearly as close"),
            "{}",
            e.message
        );
    }

    #[test]
    fn a_one_line_old_text_is_a_one_line_region() {
        let e = explain(ADD_SUB, "    return a - c;");
        assert_eq!(e.lines, vec![10], "{}", e.message);
        assert!(
            e.message.text().contains("closest match is line 10 ("),
            "{}",
            e.message
        );
    }

    #[test]
    fn names_tabs_versus_spaces_in_the_closest_region() {
        let e = explain(
            "a\nfn x() {\n\treturn 1;\n}\n",
            "fn x() {\n    return 1;\n}",
        );
        assert_eq!(e.code, ErrorCode::TextNotFound);
        assert!(e.message.text().contains("lines 2-4"), "{}", e.message);
        assert!(
            e.message
                .text()
                .contains("line 3: the file indents with tabs, old_text with spaces"),
            "{}",
            e.message
        );
        assert_eq!(e.lines, vec![2, 3, 4]);
    }

    #[test]
    fn names_quote_characters() {
        let e = explain("x\nsay(\u{2018}hi\u{2019}) + y\n", "say('hi') + y\nz");
        assert!(
            e.message.text().contains("line 2: the file has '\u{2018}'"),
            "{}",
            e.message
        );
    }

    #[test]
    fn names_a_line_the_file_lacks() {
        let e = explain(
            "alpha one\nbravo two\ncharlie three\ndelta four\n",
            "alpha one\nbravo two\nextra line\ncharlie three\ndelta four",
        );
        assert_eq!(e.lines, vec![1, 2, 3, 4], "{}", e.message);
        assert!(
            e.message
                .text()
                .contains("old_text has `extra line` before line 3, the file does not"),
            "{}",
            e.message
        );
    }

    #[test]
    fn names_an_extra_file_line_and_keeps_the_whole_region() {
        let e = explain(
            "alpha one\nbravo two\nextra line\ncharlie three\ndelta four\n",
            "alpha one\nbravo two\ncharlie three\ndelta four",
        );
        assert_eq!(e.lines, vec![1, 2, 3, 4, 5], "{}", e.message);
        assert!(
            e.message
                .text()
                .contains("line 3 is in the file but not in old_text"),
            "{}",
            e.message
        );
    }

    #[test]
    fn names_trailing_whitespace() {
        let e = explain("keep this \nand that\n", "keep this  \nand that!");
        assert!(
            e.message.text().contains("trailing whitespace"),
            "{}",
            e.message
        );
    }

    #[test]
    fn names_a_missing_final_line_ending() {
        let e = explain("first line\nsecond line", "second line\n");
        assert_eq!(e.lines, vec![2], "{}", e.message);
        assert!(e.message.text().contains("no line ending"), "{}", e.message);
    }

    #[test]
    fn says_so_when_nothing_is_close() {
        let e = explain("alpha\nbeta\n", "zzzz qqqq");
        assert!(e.lines.is_empty());
        assert!(
            e.message.text().contains("No part of the file is close"),
            "{}",
            e.message
        );
    }

    #[test]
    fn quotes_the_head_and_tail_of_a_long_region() {
        let file: String = (0..100).map(|i| format!("line number {i}\n")).collect();
        let old: String = (10..60)
            .map(|i| format!("line number {i}\n"))
            .collect::<String>()
            + "not here\n";
        let e = explain(&file, &old);
        assert_eq!(e.lines.first(), Some(&11), "{}", e.message);
        assert!(e.lines.len() >= 50, "{}", e.message);
        assert!(e.message.text().contains("not shown"), "{}", e.message);
        assert!(e.message.text().len() < 4000, "{}", e.message);
    }
}
