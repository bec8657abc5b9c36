//! The apply_patch envelope: `*** Begin Patch`, sections `*** Add File:`, `*** Delete
//! File:` and `*** Update File:` (with `*** Move to:`), hunks after an `@@` line that
//! may name a line the hunk comes after, `*** End of File`, and `*** End Patch`.

use super::{
    invalid, mark_no_newline, new_content, new_hunk, parse_hint, push_hunk_lines, Line,
    ENVELOPE_HINT,
};
use crate::error::{Error, Result};
use crate::patch::{Change, FilePatch, Format, Hunk, Kind, Patch};

pub(super) const BEGIN: &str = "*** Begin Patch";
const END: &str = "*** End Patch";
const ADD: &str = "*** Add File:";
const DELETE: &str = "*** Delete File:";
const UPDATE: &str = "*** Update File:";
const MOVE: &str = "*** Move to:";
const END_OF_FILE: &str = "*** End of File";

fn path_of(line: &Line<'_>, rest: &[u8], marker: &str, hint: &'static str) -> Result<String> {
    let path = rest.trim_ascii();
    if path.is_empty() {
        return Err(invalid(
            line.number,
            format!("expected a path after `{marker}`."),
            hint,
        ));
    }
    String::from_utf8(path.to_vec())
        .map_err(|_| invalid(line.number, "the path is not valid UTF-8.", hint))
}

/// The hunk has no lines but blank ones (or none): nothing to find or change.
fn only_blank(hunk: &Hunk) -> bool {
    hunk.lines
        .iter()
        .all(|(kind, text)| *kind == Kind::Context && text.is_empty())
}

struct Envelope<'a, 'b> {
    lines: &'b [Line<'a>],
    at: usize,
}

/// Reads an envelope whose first line, `*** Begin Patch`, has been seen.
pub(super) fn parse_envelope(lines: &[Line<'_>]) -> Result<Patch> {
    Envelope { lines, at: 1 }.parse()
}

/// A file-level marker of the envelope, on a trimmed line.
fn file_marker(trimmed: &[u8]) -> bool {
    trimmed == END.as_bytes()
        || trimmed.starts_with(ADD.as_bytes())
        || trimmed.starts_with(DELETE.as_bytes())
        || trimmed.starts_with(UPDATE.as_bytes())
}

impl<'a> Envelope<'a, '_> {
    fn peek(&self) -> Option<Line<'a>> {
        self.lines.get(self.at).copied()
    }

    fn fail(&self, line: usize, what: impl AsRef<str>) -> Error {
        invalid(line, what, ENVELOPE_HINT)
    }

    fn parse(mut self) -> Result<Patch> {
        let mut files = Vec::new();
        loop {
            let Some(line) = self.peek() else {
                let after = self.lines.last().map_or(1, |l| l.number + 1);
                return Err(self.fail(
                    after,
                    "the patch ends without `*** End Patch`. Expected it as the last line.",
                ));
            };
            let trimmed = line.trimmed();
            self.at += 1;
            if trimmed.is_empty() {
                continue;
            }
            if trimmed == END.as_bytes() {
                if let Some(extra) = self.lines[self.at..].iter().find(|l| !l.is_blank()) {
                    return Err(self.fail(
                        extra.number,
                        format!(
                            "unexpected {} after `*** End Patch`, which must be the last line.",
                            extra.shown()
                        ),
                    ));
                }
                if files.is_empty() {
                    return Err(self.fail(
                        line.number,
                        "the patch has no sections: expected `*** Add File: PATH`, `*** Delete File: PATH` or `*** Update File: PATH` before `*** End Patch`.",
                    ));
                }
                break;
            }
            if let Some(rest) = trimmed.strip_prefix(ADD.as_bytes()) {
                let path = path_of(&line, rest, ADD, ENVELOPE_HINT)?;
                files.push(self.add(path, line.number));
            } else if let Some(rest) = trimmed.strip_prefix(DELETE.as_bytes()) {
                let path = path_of(&line, rest, DELETE, ENVELOPE_HINT)?;
                files.push(FilePatch {
                    path,
                    change: Change::Delete {
                        hunks: Vec::new(),
                        old_empty: false,
                    },
                    link_line: None,
                    line: line.number,
                });
            } else if let Some(rest) = trimmed.strip_prefix(UPDATE.as_bytes()) {
                let path = path_of(&line, rest, UPDATE, ENVELOPE_HINT)?;
                files.push(self.update(path, line.number)?);
            } else {
                return Err(self.fail(
                    line.number,
                    format!(
                        "expected `*** Add File: PATH`, `*** Delete File: PATH`, `*** Update File: PATH` or `*** End Patch`, but found {}.",
                        line.shown()
                    ),
                ));
            }
        }
        Ok(Patch {
            format: Format::Envelope,
            cd: None,
            files,
        })
    }

    /// `*** Add File`: the `+` lines after it. Blank lines among them are empty lines of
    /// the file; blank lines after the last one only separate sections.
    fn add(&mut self, path: String, number: usize) -> FilePatch {
        let mut taken: Vec<(&[u8], &[u8])> = Vec::new();
        while let Some(line) = self.peek() {
            if let Some(text) = line.text.strip_prefix(b"+") {
                taken.push((text, line.brk));
                self.at += 1;
                continue;
            }
            if line.text.is_empty() {
                let next = self.lines[self.at..].iter().find(|l| !l.text.is_empty());
                if next.is_some_and(|l| l.text.starts_with(b"+")) {
                    taken.push((b"", line.brk));
                    self.at += 1;
                    continue;
                }
            }
            break;
        }
        FilePatch {
            path,
            change: Change::Add {
                content: new_content(&taken, false),
            },
            link_line: None,
            line: number,
        }
    }

    /// The line is a hunk's context line: it starts with a space, whatever follows (a
    /// README that shows `*** Delete File: x`, a file holding an `@@` line), unless it
    /// is the patch's last line and reads `*** End Patch`, which ends the patch there.
    fn is_context(&self, line: &Line<'_>) -> bool {
        line.text.first() == Some(&b' ')
            && !(line.trimmed() == END.as_bytes()
                && self.lines[self.at + 1..].iter().all(Line::is_blank))
    }

    /// `*** Update File`: an optional `*** Move to`, then hunks.
    fn update(&mut self, path: String, number: usize) -> Result<FilePatch> {
        let mut move_to = None;
        if let Some(line) = self.peek().filter(|l| !self.is_context(l)) {
            if let Some(rest) = line.trimmed().strip_prefix(MOVE.as_bytes()) {
                move_to = Some(path_of(&line, rest, MOVE, ENVELOPE_HINT)?);
                self.at += 1;
            }
        }
        let mut hunks: Vec<Hunk> = Vec::new();
        let mut current: Option<Hunk> = None;
        while let Some(line) = self.peek() {
            if self.is_context(&line) {
                self.at += 1;
                let hunk = current.get_or_insert_with(|| new_hunk(line.number));
                push_hunk_lines(hunk, Kind::Context, &line.text[1..]);
                continue;
            }
            let trimmed = line.trimmed();
            if file_marker(trimmed) {
                break;
            }
            self.at += 1;
            if trimmed == END_OF_FILE.as_bytes() {
                match current.take() {
                    Some(mut hunk) if !only_blank(&hunk) => {
                        hunk.end_of_file = true;
                        hunks.push(hunk);
                    }
                    _ => {
                        return Err(self.fail(
                            line.number,
                            "`*** End of File` must come after the lines of a hunk.",
                        ))
                    }
                }
                continue;
            }
            if trimmed.starts_with(MOVE.as_bytes()) {
                return Err(self.fail(
                    line.number,
                    "`*** Move to:` must come right after `*** Update File:`.",
                ));
            }
            if let Some(rest) = trimmed.strip_prefix(b"@@") {
                let hunk = match current.take() {
                    // Blank lines between two `@@` lines only separate them.
                    Some(mut hunk) if only_blank(&hunk) => {
                        hunk.lines.clear();
                        hunk
                    }
                    Some(hunk) => {
                        hunks.push(hunk);
                        new_hunk(line.number)
                    }
                    None => new_hunk(line.number),
                };
                let mut hunk = hunk;
                hunk.headers += 1;
                if let Some(hint) = parse_hint(rest) {
                    hunk.hint = Some(hint);
                } else {
                    // The anchor is the line after `@@ `, as the model wrote it.
                    let start = line.text.iter().position(|&b| b == b'@').unwrap_or(0) + 2;
                    let anchor = &line.text[start..];
                    let anchor = anchor.strip_prefix(b" ").unwrap_or(anchor);
                    if !anchor.trim_ascii().is_empty() {
                        hunk.anchors.push(anchor.to_vec());
                    }
                }
                current = Some(hunk);
                continue;
            }
            if line.text.is_empty() {
                // An empty context line (right after an `@@` line too, as in Codex), or a
                // blank line between hunks.
                if let Some(hunk) = current.as_mut() {
                    hunk.lines.push((Kind::Context, Vec::new()));
                }
                continue;
            }
            let kind = match line.text[0] {
                b'-' => Kind::Removed,
                b'+' => Kind::Added,
                b'\\' if current.as_ref().is_some_and(|h| !h.lines.is_empty()) => {
                    mark_no_newline(current.as_mut().expect("checked above"));
                    continue;
                }
                _ => {
                    return Err(self.fail(
                        line.number,
                        format!(
                            "expected a hunk line starting with ' ' (context), '-' (removed) or '+' (added), an `@@` line or `*** End of File`, but found {}.",
                            line.shown()
                        ),
                    ))
                }
            };
            let hunk = current.get_or_insert_with(|| new_hunk(line.number));
            push_hunk_lines(hunk, kind, &line.text[1..]);
        }
        if let Some(hunk) = current {
            if only_blank(&hunk) {
                return Err(self.fail(hunk.line, "the `@@` line has no hunk lines after it."));
            }
            hunks.push(hunk);
        }
        if hunks.is_empty() && move_to.is_none() {
            return Err(self.fail(
                number,
                format!(
                    "`*** Update File: {path}` has no hunks. Add an `@@` line and the lines to change, or `*** Move to: PATH` to rename it."
                ),
            ));
        }
        Ok(FilePatch {
            path,
            change: match move_to {
                Some(to) => Change::Move { to, hunks },
                None => Change::Update { hunks },
            },
            link_line: None,
            line: number,
        })
    }
}
