//! Which bytes, and which ending, each line of a replacement gets.
//!
//! Inside a match, the lines of `newText` are aligned with the lines of `oldText` by a
//! longest common subsequence (Myers' diff from `similar`, exact equality). Each
//! `oldText` line stands for one matched source line, so:
//!
//! - a line the model left as it was is written as the source line's own bytes and
//!   ending: a lenient tier never rewrites what the model did not touch;
//! - a line changed in place takes the ending of the source line it replaces, and
//!   keeps the source line's own characters wherever the model left them alone
//!   ([`chars`]): a lenient tier never rewrites the quotes, dashes, spaces or
//!   Unicode form of what the model did not touch, even on a line it changed;
//! - an added line takes the dominant ending of the matched region, or the file's
//!   dominant ending on a tie or for a single-line match.
//!
//! The ending after the last piece of a match belongs to the outside, unless the
//! model's `oldText` ended with a newline.
//!
//! ```
//! use eol_edit::internals::align::replace;
//! use eol_edit::internals::eol::Ending;
//!
//! // Kept lines keep their endings (CRLF, CRLF, LF); the inserted line takes the
//! // region's majority, CRLF.
//! let region = b"one\r\ntwo\r\nthree\nfour";
//! let out = replace(region, b"one\ntwo\nthree\nfour", b"one\ntwo\nthree\nnew\nfour", None, Ending::Lf);
//! assert_eq!(out, b"one\r\ntwo\r\nthree\nnew\r\nfour");
//!
//! // A changed line keeps the file's curly quotes where the model wrote straight ones
//! // and left them alone.
//! let region = "say(\u{201C}hello\u{201D});\r\n".as_bytes();
//! let out = replace(region, b"say(\"hello\");\n", b"say(\"hello world\");\n", None, Ending::Lf);
//! assert_eq!(out, "say(\u{201C}hello world\u{201D});\r\n".as_bytes());
//! ```

mod chars;
mod script;

use std::time::{Duration, Instant};

use similar::{capture_diff_slices_deadline, Algorithm, DiffOp};

use crate::eol::{self, Ending};
use crate::matching::Reindent;

/// Where a line of the new text comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// Equal to old line `i`: the source line's bytes are kept.
    Kept(usize),
    /// Replaces old line `i` in place.
    Changed(usize),
    /// Not in the old text.
    Added,
}

/// Line-level diff operations between two lists: Myers' diff, which finds a longest
/// common subsequence, stopped after `budget`. Myers costs the lists' length times
/// the number of differences, so a whole file replaced by different text would
/// otherwise take seconds; past the budget the result is still a valid alignment,
/// only with fewer lines recognised as kept. (similar's `Algorithm::Lcs` is not used:
/// it can return a shorter common subsequence than Myers.)
pub fn line_ops<T: Eq + std::hash::Hash + Ord>(
    old: &[T],
    new: &[T],
    budget: Duration,
) -> Vec<DiffOp> {
    let ops =
        capture_diff_slices_deadline(Algorithm::Myers, old, new, Some(Instant::now() + budget));
    consistent(ops)
}

/// The same operations with every index taken from where the operations before it
/// end. similar's Myers can report the other side's index of a `Delete` or an `Insert`
/// one line off (old `[a, b]`, new `[b, b]` gives a Delete at new index 1 and an Insert
/// at old index 1, before the Equal it follows), which put a diff's hunk header off and
/// would put an inserted line before the kept line it comes after.
fn consistent(ops: Vec<DiffOp>) -> Vec<DiffOp> {
    let (mut old_at, mut new_at) = (0, 0);
    ops.into_iter()
        .map(|op| {
            let (old_len, new_len) = (op.old_range().len(), op.new_range().len());
            let fixed = match op {
                DiffOp::Equal { len, .. } => DiffOp::Equal {
                    old_index: old_at,
                    new_index: new_at,
                    len,
                },
                DiffOp::Delete { old_len, .. } => DiffOp::Delete {
                    old_index: old_at,
                    old_len,
                    new_index: new_at,
                },
                DiffOp::Insert { new_len, .. } => DiffOp::Insert {
                    old_index: old_at,
                    new_index: new_at,
                    new_len,
                },
                DiffOp::Replace {
                    old_len, new_len, ..
                } => DiffOp::Replace {
                    old_index: old_at,
                    old_len,
                    new_index: new_at,
                    new_len,
                },
            };
            old_at += old_len;
            new_at += new_len;
            fixed
        })
        .collect()
}

/// Aligns `new_lines` with `old_lines` by a longest common subsequence and tells,
/// for each new line, where it comes from.
pub fn origins(old_lines: &[&[u8]], new_lines: &[&[u8]]) -> Vec<Origin> {
    let ops = line_ops(old_lines, new_lines, Duration::from_millis(500));
    let mut out = Vec::with_capacity(new_lines.len());
    for op in ops {
        match op {
            DiffOp::Equal { old_index, len, .. } => {
                out.extend((old_index..old_index + len).map(Origin::Kept));
            }
            DiffOp::Insert { new_len, .. } => {
                out.extend(std::iter::repeat_n(Origin::Added, new_len));
            }
            DiffOp::Delete { .. } => {}
            DiffOp::Replace {
                old_index,
                old_len,
                new_len,
                ..
            } => {
                let paired = old_len.min(new_len);
                out.extend((old_index..old_index + paired).map(Origin::Changed));
                out.extend(std::iter::repeat_n(Origin::Added, new_len - paired));
            }
        }
    }
    out
}

/// The bytes to put in place of `region` (a matched source range), given the model's
/// `old_lf`/`new_lf` in the LF view.
///
/// `reindent` re-indents changed and added lines (the indentation tier);
/// `file_dominant` is the ending for added lines when the region cannot decide.
pub fn replace(
    region: &[u8],
    old_lf: &[u8],
    new_lf: &[u8],
    reindent: Option<Reindent>,
    file_dominant: Ending,
) -> Vec<u8> {
    replace_between(
        region,
        old_lf,
        new_lf,
        reindent,
        &|| file_dominant,
        None,
        None,
    )
}

/// [`replace`] for a region with `before` and `after` bytes around it in the source.
///
/// A lone `\r` directly followed by `\n` would read as one `\r\n` ending and merge two
/// lines, so where an edit puts them together: an LF ending written after a `\r`
/// becomes a lone CR, and a `\r` written just before an outside `\n` gets its own `\n`
/// (the line keeps a CRLF ending).
pub fn replace_between(
    region: &[u8],
    old_lf: &[u8],
    new_lf: &[u8],
    reindent: Option<Reindent>,
    file_dominant: &dyn Fn() -> Ending,
    before: Option<u8>,
    after: Option<u8>,
) -> Vec<u8> {
    let old_lines: Vec<&[u8]> = old_lf.split(|&b| b == b'\n').collect();
    let new_lines: Vec<&[u8]> = new_lf.split(|&b| b == b'\n').collect();
    let origins = origins(&old_lines, &new_lines);
    replace_with_origins(
        region,
        &old_lines,
        new_lf,
        &origins,
        reindent,
        file_dominant,
        before,
        after,
    )
}

/// [`replace_between`] with the origin of each line of `new_lf` given rather than found
/// by a longest common subsequence: a patch's hunk says itself which lines it keeps.
/// `old_lines` are the model's lines that the region's lines were matched with, one
/// for one: a line changed in place keeps the characters of its source line that the
/// model wrote the same in its old line and its new one.
#[allow(clippy::too_many_arguments)]
pub fn replace_with_origins(
    region: &[u8],
    old_lines: &[&[u8]],
    new_lf: &[u8],
    origins: &[Origin],
    reindent: Option<Reindent>,
    file_dominant: &dyn Fn() -> Ending,
    before: Option<u8>,
    after: Option<u8>,
) -> Vec<u8> {
    let source = eol::pieces(region);
    let new_lines: Vec<&[u8]> = new_lf.split(|&b| b == b'\n').collect();
    debug_assert_eq!(new_lines.len(), origins.len());
    let region_majority = eol::strict_majority(source.iter().filter_map(|p| p.1));
    let added_ending = || region_majority.unwrap_or_else(file_dominant);
    let mut out = Vec::with_capacity(region.len() + new_lf.len());
    let last = new_lines.len() - 1;
    // Whether the last ending written was chosen here (an added line's) rather than
    // taken from the file: that is the one to bend when a CR meets an LF.
    let mut chose_last = false;
    for (j, (line, &origin)) in new_lines.iter().zip(origins).enumerate() {
        let source_line = match origin {
            Origin::Kept(i) | Origin::Changed(i) => source.get(i),
            Origin::Added => None,
        };
        match (origin, source_line) {
            (Origin::Kept(_), Some((content, _))) => out.extend_from_slice(content),
            (Origin::Changed(i), Some((content, _))) if i < old_lines.len() => {
                out.extend_from_slice(&chars::changed_line(content, old_lines[i], line, reindent))
            }
            _ => match reindent {
                Some(r) => out.extend_from_slice(&r.apply(line)),
                None => out.extend_from_slice(line),
            },
        }
        if j < last {
            let own = source_line.and_then(|p| p.1);
            let mut ending = own.unwrap_or_else(added_ending);
            if ending == Ending::Lf && out.last().copied().or(before) == Some(b'\r') {
                if chose_last && out.last() == Some(&b'\r') {
                    // Our CR becomes CRLF, so this line keeps its LF.
                    out.push(b'\n');
                } else {
                    ending = Ending::Cr;
                }
            }
            out.extend_from_slice(ending.as_bytes());
            chose_last = own.is_none();
        }
    }
    if after == Some(b'\n') && out.last().copied().or(before) == Some(b'\r') {
        out.push(b'\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_operation_starts_where_the_one_before_it_ends() {
        // similar reports a Delete at new index 1 and an Insert at old index 1 here.
        let ops = line_ops(&["a", "b"], &["b", "b"], Duration::from_secs(1));
        assert_eq!(
            ops,
            vec![
                DiffOp::Delete {
                    old_index: 0,
                    old_len: 1,
                    new_index: 0
                },
                DiffOp::Equal {
                    old_index: 1,
                    new_index: 0,
                    len: 1
                },
                DiffOp::Insert {
                    old_index: 2,
                    new_index: 1,
                    new_len: 1
                },
            ]
        );
        // And on many small inputs: the indices chain, and the lengths cover both sides.
        let mut seed = 0x2545_f491_u32;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            seed
        };
        for _ in 0..2000 {
            let old: Vec<u32> = (0..next() % 7).map(|_| next() % 3).collect();
            let new: Vec<u32> = (0..next() % 7).map(|_| next() % 3).collect();
            let (mut o, mut n) = (0, 0);
            for op in line_ops(&old, &new, Duration::from_secs(1)) {
                assert_eq!(
                    (op.old_range().start, op.new_range().start),
                    (o, n),
                    "{old:?} {new:?}"
                );
                o = op.old_range().end;
                n = op.new_range().end;
            }
            assert_eq!((o, n), (old.len(), new.len()));
        }
    }

    #[test]
    fn changed_line_takes_the_ending_of_the_line_it_replaces() {
        // OpenCode's mixed-endings example: in "one\r\ntwo\r\nthree\nfour\r\n",
        // o\nthree\nfo -> O\nTHREE\nFO
        let out = replace(
            b"o\r\nthree\nfo",
            b"o\nthree\nfo",
            b"O\nTHREE\nFO",
            None,
            Ending::CrLf,
        );
        assert_eq!(out, b"O\r\nTHREE\nFO");
    }

    #[test]
    fn kept_line_keeps_its_source_bytes_under_a_lenient_tier() {
        // trailing spaces the model dropped on an unchanged line survive
        let out = replace(
            b"keep  \r\nold\r\n",
            b"keep\nold\n",
            b"keep\nnew\n",
            None,
            Ending::Lf,
        );
        assert_eq!(out, b"keep  \r\nnew\r\n");
    }

    #[test]
    fn added_line_takes_the_region_majority_or_the_file_on_a_tie() {
        let out = replace(
            b"a\r\nb\nc\r\nd",
            b"a\nb\nc\nd",
            b"a\nb\nc\nX\nd",
            None,
            Ending::Lf,
        );
        assert_eq!(out, b"a\r\nb\nc\r\nX\r\nd");
        let tie = replace(b"a\r\nb\nc", b"a\nb\nc", b"a\nX\nb\nc", None, Ending::Cr);
        assert_eq!(tie, b"a\r\nX\rb\nc");
        let single = replace(b"a", b"a", b"a\nb", None, Ending::CrLf);
        assert_eq!(single, b"a\r\nb");
    }

    #[test]
    fn deleted_lines_go_with_their_own_endings() {
        let out = replace(b"a\r\nb\nc", b"a\nb\nc", b"a\nc", None, Ending::Lf);
        assert_eq!(out, b"a\r\nc");
    }

    #[test]
    fn a_lone_cr_never_fuses_with_a_following_lf() {
        // an empty line added after a lone-CR line outside the match
        let out = replace_between(
            b"b",
            b"b",
            b"\nb",
            None,
            &|| Ending::Lf,
            Some(b'\r'),
            Some(b'\n'),
        );
        assert_eq!(out, b"\rb");
        // a CR ending written just before an outside LF
        let out = replace_between(
            b"x",
            b"x",
            b"x\n",
            None,
            &|| Ending::Cr,
            Some(b'\r'),
            Some(b'\n'),
        );
        assert_eq!(out, b"x\r\n");
        // a deleted line between a lone CR and an LF
        let out = replace_between(
            b"y\n",
            b"y\n",
            b"",
            None,
            &|| Ending::Lf,
            Some(b'\r'),
            Some(b'\n'),
        );
        assert_eq!(out, b"\n");
    }

    #[test]
    fn a_kept_lf_after_an_added_cr_line_bends_the_added_ending() {
        // the file's dominant ending is CR; the kept empty line keeps its LF
        let out = replace(b"a\r\n\nb", b"a\n\nb", b"a\nZ\n\nb", None, Ending::Cr);
        assert_eq!(out, b"a\r\nZ\r\n\nb");
    }

    #[test]
    fn keeps_every_old_line_a_longest_common_subsequence_can_keep() {
        // similar's Algorithm::Lcs keeps only 4 of these 6 lines; Myers keeps all.
        let old: Vec<&[u8]> = b"\n\n\na\n\n".split(|&b| b == b'\n').collect();
        let new: Vec<&[u8]> = b"\n\nZ\n\na\nZ\n\n\nZ".split(|&b| b == b'\n').collect();
        let kept = origins(&old, &new)
            .iter()
            .filter(|o| matches!(o, Origin::Kept(_)))
            .count();
        assert_eq!(kept, old.len());
    }

    #[test]
    fn lone_cr_endings_are_kept_where_their_lines_are_kept() {
        let out = replace(b"a\rb\rc", b"a\nb\nc", b"a\nB\nc", None, Ending::Lf);
        assert_eq!(out, b"a\rB\rc");
    }
}
