//! Finding the region of the file a model meant, for a text that is not in it.
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

use crate::matching::{fold, Lines};

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
    pub(super) steps: Vec<Step>,
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
pub(super) enum Step {
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
