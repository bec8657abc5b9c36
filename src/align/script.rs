//! What two short sequences (the pieces of a model's old and new line) have in common,
//! as a person editing one into the other would see it.
//!
//! Myers' greedy algorithm finds a shortest edit script, stopped by a work budget
//! proportional to the input and a bound on the number of edits, so no line, however
//! long or however rewritten, costs more than a few passes over it: past them only the
//! common start and end are kept, which is still a valid alignment. Two clean-ups follow, as in Neil Fraser's
//! diff-match-patch: a short run of equal pieces between two larger changes is a
//! coincidence (the one quote a rewritten line happens to share with the old one) and
//! counts as changed; and an insertion or deletion that could slide along equal
//! pieces is put where its edges fall on the best boundaries (a line's edge, a blank,
//! punctuation), so that `"b"` edited into `"a" + "b"` keeps the old line's quotes
//! around `b` rather than one quote of each.

/// A run of equal pieces: `len` pieces from `a` in the old sequence, and from `b` in
/// the new.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Run {
    pub a: usize,
    pub b: usize,
    pub len: usize,
}

impl Run {
    fn a_end(&self) -> usize {
        self.a + self.len
    }

    fn b_end(&self) -> usize {
        self.b + self.len
    }
}

/// The runs of equal pieces of `old` and `new`, in order, after the clean-ups.
/// `score(left, right)` rates a boundary between two pieces (`None`: a line's edge);
/// higher is a better place for a change to start or end.
pub(super) fn equal_runs<T: PartialEq>(
    old: &[T],
    new: &[T],
    score: &dyn Fn(Option<&T>, Option<&T>) -> u32,
) -> Vec<Run> {
    let (n, m) = (old.len(), new.len());
    let head = old.iter().zip(new).take_while(|(x, y)| x == y).count();
    let tail = old[head..]
        .iter()
        .rev()
        .zip(new[head..].iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    let (old_mid, new_mid) = (&old[head..n - tail], &new[head..m - tail]);
    let budget = 8 * (old_mid.len() + new_mid.len());
    let mut runs = vec![Run {
        a: 0,
        b: 0,
        len: head,
    }];
    let middle = shortest(old_mid, new_mid, budget).unwrap_or_default();
    runs.extend(middle.into_iter().map(|r| Run {
        a: r.a + head,
        b: r.b + head,
        len: r.len,
    }));
    runs.push(Run {
        a: n - tail,
        b: m - tail,
        len: tail,
    });
    // The first and last runs stand for the lines' edges even when empty.
    let runs = drop_coincidences(runs);
    let runs = slide(runs, old, new, score);
    runs.into_iter().filter(|r| r.len > 0).collect()
}

/// The most insertions and deletions [`shortest`] looks for: a model's change to a line
/// has far fewer, and the walk back keeps a row of this many entries per step.
const MAX_EDITS: isize = 256;

/// Myers' greedy shortest edit script of `a` and `b` as runs of equal pieces, or
/// `None` when it has more than [`MAX_EDITS`] insertions and deletions or takes more
/// than `budget` steps (each diagonal tried and each piece compared is a step, so the
/// cost is at most the budget whatever the input).
fn shortest<T: PartialEq>(a: &[T], b: &[T], mut budget: usize) -> Option<Vec<Run>> {
    let (n, m) = (a.len() as isize, b.len() as isize);
    if n == 0 || m == 0 {
        return Some(Vec::new());
    }
    let max = (n + m).min(MAX_EDITS);
    let at = |k: isize| (k + max + 1) as usize;
    // v[k]: the furthest x reached on diagonal k = x - y; trace[d]: v over -d..=d
    // after step d, for walking back.
    let mut v = vec![0isize; 2 * max as usize + 3];
    let mut trace: Vec<Vec<isize>> = Vec::new();
    for d in 0..=max {
        budget = budget.checked_sub(d as usize + 1)?;
        let mut k = -d;
        while k <= d {
            let down = k == -d || (k != d && v[at(k - 1)] < v[at(k + 1)]);
            let mut x = if down { v[at(k + 1)] } else { v[at(k - 1)] + 1 };
            let mut y = x - k;
            let from = x;
            while x < n && y < m && a[x as usize] == b[y as usize] {
                x += 1;
                y += 1;
            }
            budget = budget.checked_sub((x - from) as usize)?;
            v[at(k)] = x;
            if x >= n && y >= m {
                trace.push(v[at(-d)..=at(d)].to_vec());
                return Some(walk_back(&trace, n, m));
            }
            k += 2;
        }
        trace.push(v[at(-d)..=at(d)].to_vec());
    }
    None
}

/// The runs of the path the forward pass of [`shortest`] found, from its end back.
fn walk_back(trace: &[Vec<isize>], n: isize, m: isize) -> Vec<Run> {
    let mut runs = Vec::new();
    let (mut x, mut y) = (n, m);
    for d in (1..trace.len() as isize).rev() {
        let previous = &trace[d as usize - 1];
        let get = |k: isize| previous[(k + d - 1) as usize];
        let k = x - y;
        let down = k == -d || (k != d && get(k - 1) < get(k + 1));
        let from_k = if down { k + 1 } else { k - 1 };
        let (px, py) = (get(from_k), get(from_k) - from_k);
        // One insertion (down) or deletion (right), then the diagonal to (x, y).
        let sx = if down { px } else { px + 1 };
        let sy = if down { py + 1 } else { py };
        if x > sx {
            runs.push(Run {
                a: sx as usize,
                b: sy as usize,
                len: (x - sx) as usize,
            });
        }
        (x, y) = (px, py);
    }
    if x > 0 {
        runs.push(Run {
            a: 0,
            b: 0,
            len: x as usize,
        });
    }
    runs.reverse();
    runs
}

/// `runs` without the equal runs that are no longer than the change on either side of
/// them (a change on both sides, the first and last runs kept). Dropping one makes the
/// change around it larger, so the run before it is looked at again.
fn drop_coincidences(runs: Vec<Run>) -> Vec<Run> {
    // The first run is never dropped (nothing changes before it), nor the last (it is
    // never between two others).
    let mut kept: Vec<Run> = Vec::with_capacity(runs.len());
    for run in runs {
        while let [.., left, middle] = kept[..] {
            let before = (middle.a - left.a_end()).max(middle.b - left.b_end());
            let after = (run.a - middle.a_end()).max(run.b - middle.b_end());
            if before == 0 || after == 0 || middle.len > before.min(after) {
                break;
            }
            kept.pop();
        }
        kept.push(run);
    }
    kept
}

/// Moves each insertion or deletion that sits between two runs and could slide along
/// them to where its edges score best.
fn slide<T: PartialEq>(
    mut runs: Vec<Run>,
    old: &[T],
    new: &[T],
    score: &dyn Fn(Option<&T>, Option<&T>) -> u32,
) -> Vec<Run> {
    for i in 1..runs.len() {
        let (left, right) = (runs[i - 1], runs[i]);
        let (gap_a, gap_b) = (right.a - left.a_end(), right.b - left.b_end());
        // The sequence the change is a piece of, and where it starts and ends there.
        let (seq, start, end) = match (gap_a, gap_b) {
            (0, g) if g > 0 => (new, left.b_end(), right.b),
            (g, 0) if g > 0 => (old, left.a_end(), right.a),
            _ => continue,
        };
        // How far the change can move left, then right, along equal pieces.
        let back = (0..left.len)
            .take_while(|&s| seq[start - 1 - s] == seq[end - 1 - s])
            .count();
        let ahead = (0..right.len)
            .take_while(|&s| seq[start + s] == seq[end + s])
            .count();
        if back + ahead == 0 {
            continue;
        }
        let edge = |p: usize| score(p.checked_sub(1).map(|q| &seq[q]), seq.get(p));
        // The first best from the left: ties keep the change as early as it can be.
        let mut best = (0, 0);
        for shift in 0..=back + ahead {
            let (s, e) = (start + shift - back, end + shift - back);
            let value = edge(s) + edge(e);
            if shift == 0 || value > best.1 {
                best = (shift, value);
            }
        }
        let moved = best.0 as isize - back as isize;
        let left = &mut runs[i - 1];
        left.len = (left.len as isize + moved) as usize;
        let right = &mut runs[i];
        right.a = (right.a as isize + moved) as usize;
        right.b = (right.b as isize + moved) as usize;
        right.len = (right.len as isize - moved) as usize;
    }
    runs
}

#[cfg(test)]
mod tests {
    use super::*;

    fn no_score(_: Option<&u8>, _: Option<&u8>) -> u32 {
        0
    }

    /// The pieces the runs say are equal are equal, in order, and within both sides.
    fn check(old: &[u8], new: &[u8], runs: &[Run]) {
        let (mut a, mut b) = (0, 0);
        for r in runs {
            assert!(r.a >= a && r.b >= b && r.len > 0, "{runs:?}");
            assert_eq!(old[r.a..r.a_end()], new[r.b..r.b_end()], "{runs:?}");
            (a, b) = (r.a_end(), r.b_end());
        }
        assert!(a <= old.len() && b <= new.len());
    }

    fn common(runs: &[Run]) -> usize {
        runs.iter().map(|r| r.len).sum()
    }

    #[test]
    fn finds_a_longest_common_subsequence_of_small_inputs() {
        let runs = shortest(b"abcabba", b"cbabac", usize::MAX).unwrap();
        check(b"abcabba", b"cbabac", &runs);
        assert_eq!(common(&runs), 4);
        // And on many small inputs, against a dynamic-programming LCS.
        let mut seed = 0x9e37_79b9_u32;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            seed
        };
        for _ in 0..3000 {
            let old: Vec<u8> = (0..next() % 9)
                .map(|_| b"ab"[(next() % 2) as usize])
                .collect();
            let new: Vec<u8> = (0..next() % 9)
                .map(|_| b"ab"[(next() % 2) as usize])
                .collect();
            let mut lcs = vec![vec![0usize; new.len() + 1]; old.len() + 1];
            for i in (0..old.len()).rev() {
                for j in (0..new.len()).rev() {
                    lcs[i][j] = if old[i] == new[j] {
                        lcs[i + 1][j + 1] + 1
                    } else {
                        lcs[i + 1][j].max(lcs[i][j + 1])
                    };
                }
            }
            let runs = shortest(&old, &new, usize::MAX).unwrap();
            check(&old, &new, &runs);
            assert_eq!(common(&runs), lcs[0][0], "{old:?} {new:?}");
            check(&old, &new, &equal_runs(&old, &new, &no_score));
            // Boundaries scored so that changes slide both ways.
            let score = |l: Option<&u8>, r: Option<&u8>| match (l, r) {
                (Some(b'a'), Some(b'b')) => 2,
                (None, _) | (_, None) => 1,
                _ => 0,
            };
            check(&old, &new, &equal_runs(&old, &new, &score));
        }
    }

    #[test]
    fn gives_up_past_its_budget_but_keeps_the_common_start_and_end() {
        let old: Vec<u32> = (0..20_000).collect();
        let mut new: Vec<u32> = (0..20_000).map(|x| x * 7 % 20_011 + 30_000).collect();
        new.insert(0, 0);
        new.push(19_999);
        assert!(shortest(&old[1..19_999], &new[1..new.len() - 1], usize::MAX).is_none());
        // The budget alone stops it too, and the number of edits alone.
        assert!(shortest(b"abcdefgh", b"hgfedcba", 20).is_none());
        assert!(shortest(b"abcdefgh", b"hgfedcba", 1000).is_some());
        let many: Vec<u32> = (0..1000).collect();
        let spoiled: Vec<u32> = (0..1000)
            .map(|x| if x % 3 == 0 { x + 5000 } else { x })
            .collect();
        assert!(shortest(&many, &spoiled, usize::MAX).is_none());
        assert!(shortest(&many[..300], &spoiled[..300], usize::MAX).is_some());
        let runs = equal_runs(&old, &new, &|_, _| 0);
        assert_eq!(
            runs,
            vec![
                Run { a: 0, b: 0, len: 1 },
                Run {
                    a: 19_999,
                    b: 20_001,
                    len: 1
                }
            ]
        );
    }

    #[test]
    fn a_short_equal_run_between_larger_changes_counts_as_changed() {
        // `say("hi")` rewritten as `x = "a" + b`: the quotes they share are chance.
        let runs = equal_runs(b"say(\"hi\")", b"x = \"a\" + b", &no_score);
        assert!(runs.is_empty(), "{runs:?}");
        // A longer run between small changes stays.
        let runs = equal_runs(b"f(\"a\", \"b\")", b"f(\"x\", \"y\")", &no_score);
        assert_eq!(common(&runs), 9);
    }

    #[test]
    fn an_insertion_slides_to_the_best_boundaries() {
        let score = |l: Option<&u8>, r: Option<&u8>| match (l, r) {
            (None, _) | (_, None) => 4,
            (Some(b' '), _) | (_, Some(b' ')) => 3,
            _ => 0,
        };
        // Myers keeps the first quote of `"b"` with the insertion after it.
        let runs = equal_runs(b"\"b\"", b"\"a\" + \"b\"", &score);
        assert_eq!(runs, vec![Run { a: 0, b: 6, len: 3 }]);
        let runs = equal_runs(b"\"x\"", b"\"x\", \"y\"", &score);
        assert_eq!(runs, vec![Run { a: 0, b: 0, len: 3 }]);
        // A deletion slides the same way.
        let runs = equal_runs(b"\"a\" + \"b\"", b"\"b\"", &score);
        assert_eq!(runs, vec![Run { a: 6, b: 0, len: 3 }]);
    }
}
