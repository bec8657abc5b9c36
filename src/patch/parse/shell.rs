//! What a model wraps a patch in: blank lines, a Markdown code fence, or the shell
//! command it was trained to run, a heredoc (`apply_patch <<'EOF'` … `EOF`), perhaps
//! after `cd DIR &&`.
//!
//! The command before the heredoc is read, not dropped: `apply_patch` (or
//! `applypatch`, or `cat`, or nothing) applies the patch, and `cd DIR &&` before it
//! makes DIR the folder its paths are relative to, as Codex reads the same command. Any
//! other command (`cd a; apply_patch`, `echo x && apply_patch`, `apply_patch file`,
//! `cd a && cd b && apply_patch`, a folder with shell expansions in it) would not do
//! what a patch does, so it is `PATCH_INVALID` rather than guessed at.

use super::{invalid, Line, ENVELOPE_HINT};
use crate::error::Result;

/// The commands that apply the patch they are given on their input.
const APPLY: [&[u8]; 4] = [b"apply_patch", b"applypatch", b"cat", b"git apply"];

const HEREDOC_HINT: &str = "Send the patch alone, or as `apply_patch <<'EOF'` (or `cd DIR && apply_patch <<'EOF'`) followed by the patch and `EOF`.";

/// The lines of the patch proper (without blank lines around it, a Markdown fence or a
/// heredoc wrapper), and the folder of a `cd DIR &&` before the heredoc.
pub(super) fn unwrap<'a, 'b>(all: &'b [Line<'a>]) -> Result<(&'b [Line<'a>], Option<String>)> {
    let mut lines = trim_blank(all);
    if let (Some(first), Some(last)) = (lines.first(), lines.last()) {
        if lines.len() >= 2 && first.trimmed().starts_with(b"```") && last.trimmed() == b"```" {
            lines = trim_blank(&lines[1..lines.len() - 1]);
        }
    }
    let (Some(first), Some(last)) = (lines.first(), lines.last()) else {
        return Ok((lines, None));
    };
    let Some((command, word)) = heredoc(first.trimmed()) else {
        return Ok((lines, None));
    };
    if lines.len() < 2 || last.trimmed() != word {
        return Ok((lines, None));
    }
    let folder = command_folder(command, first.number)?;
    Ok((trim_blank(&lines[1..lines.len() - 1]), folder))
}

/// Without blank lines before and empty lines after: a last line of spaces may be a
/// unified diff's empty context line.
fn trim_blank<'a, 'b>(lines: &'b [Line<'a>]) -> &'b [Line<'a>] {
    let start = lines
        .iter()
        .position(|l| !l.is_blank())
        .unwrap_or(lines.len());
    let end = lines
        .iter()
        .rposition(|l| !l.text.is_empty())
        .map_or(start, |i| i + 1);
    &lines[start..end.max(start)]
}

/// A heredoc opener at the end of a line (`<<'EOF'`, `<<"EOF"`, `<<EOF`, `<<-EOF`): the
/// command before it (trimmed) and the delimiter.
fn heredoc(line: &[u8]) -> Option<(&[u8], &[u8])> {
    let at = memchr::memmem::rfind(line, b"<<")?;
    if at > 0 && !line[at - 1].is_ascii_whitespace() {
        return None;
    }
    let mut rest = &line[at + 2..];
    rest = rest.strip_prefix(b"-").unwrap_or(rest).trim_ascii_start();
    let word = match rest.first() {
        Some(&q @ (b'\'' | b'"')) => rest[1..].strip_suffix(&[q])?,
        _ => rest,
    };
    let ok = !word.is_empty()
        && word
            .iter()
            .all(|&b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
    ok.then_some((line[..at].trim_ascii(), word))
}

/// The folder of the command before a heredoc: `None` for a command that applies the
/// patch where the call is, `Some(DIR)` after `cd DIR &&`; `PATCH_INVALID` for any
/// other command. `line` is the opener's line in the patch.
fn command_folder(command: &[u8], line: usize) -> Result<Option<String>> {
    let refuse = |what: String| invalid(line, what, HEREDOC_HINT);
    let shown = String::from_utf8_lossy(command);
    let applies = |c: &[u8]| c.is_empty() || APPLY.contains(&c);
    if applies(command) {
        return Ok(None);
    }
    let Some(rest) = command
        .strip_prefix(b"cd")
        .filter(|r| r.first() == Some(&b' '))
    else {
        return Err(refuse(format!(
            "the heredoc is given to `{shown}`, which does not apply a patch: only `apply_patch` (or `cd DIR && apply_patch`) can stand before `<<`."
        )));
    };
    let rest = rest.trim_ascii_start();
    let (dir, after) = shell_word(rest).ok_or_else(|| {
        refuse(format!(
            "the folder of `{shown}` is not a plain path: give it as it is, or in quotes, without `$`, `~`, `*` or other shell expansions."
        ))
    })?;
    let command = after
        .trim_ascii_start()
        .strip_prefix(b"&&")
        .map(<[u8]>::trim_ascii);
    match command {
        Some(c) if applies(c) => {}
        _ => {
            return Err(refuse(format!(
                "`{shown}` is not `cd DIR && apply_patch`: only one `cd` and `&&` can come before `apply_patch`, which the heredoc is given to."
            )))
        }
    }
    let dir = String::from_utf8(dir.to_vec()).map_err(|_| {
        invalid(
            line,
            "the folder of `cd` is not valid UTF-8.",
            ENVELOPE_HINT,
        )
    })?;
    Ok((dir != "." && dir != "./").then_some(dir))
}

/// The shell word `text` starts with, unquoted, and what follows it: a word without
/// characters the shell would expand or split at, or one in single quotes, or in double
/// quotes without `$`, `` ` ``, `\` or `!`. `None` for anything else.
fn shell_word(text: &[u8]) -> Option<(&[u8], &[u8])> {
    match text.first()? {
        b'\'' => {
            let end = memchr::memchr(b'\'', &text[1..])? + 1;
            Some((&text[1..end], &text[end + 1..]))
        }
        b'"' => {
            let end = memchr::memchr(b'"', &text[1..])? + 1;
            let word = &text[1..end];
            (!word.iter().any(|b| b"$`\\!".contains(b))).then_some((word, &text[end + 1..]))
        }
        b'-' | b'~' => None,
        _ => {
            let end = text
                .iter()
                .position(|b| b.is_ascii_whitespace() || b"&;|<>()".contains(b))
                .unwrap_or(text.len());
            let word = &text[..end];
            let plain = !word.iter().any(|b| b"'\"$`\\*?[]{}#!".contains(b));
            plain.then_some((word, &text[end..]))
        }
    }
    .filter(|(word, _)| !word.is_empty())
}

/// `path` taken against the folder of a `cd`, as the shell would: a path with a root
/// stays as it is.
pub(super) fn in_folder(folder: &str, path: &str) -> String {
    if std::path::Path::new(path).has_root() || std::path::Path::new(path).is_absolute() {
        return path.to_owned();
    }
    format!("{}/{path}", folder.trim_end_matches('/'))
}

#[cfg(test)]
mod tests {
    use crate::error::ErrorCode;
    use crate::patch::parse;

    /// `{prefix}apply_patch <<'PATCH'` around a one-file patch, as Codex's heredoc
    /// tests write it (openai/codex codex-rs/apply-patch/src/invocation.rs @
    /// 1743612a90f78e590ee35413d1771ae1327c9f1f, `heredoc_script`).
    fn heredoc(prefix: &str) -> String {
        format!("{prefix}apply_patch <<'PATCH'\n*** Begin Patch\n*** Add File: foo\n+hi\n*** End Patch\nPATCH")
    }

    #[test]
    fn the_folder_of_cd_before_apply_patch_is_every_paths_folder() {
        // Codex's test_heredoc, test_heredoc_with_leading_cd and the quoted folders.
        for (prefix, folder, path) in [
            ("", None, "foo"),
            ("cd foo && ", Some("foo"), "foo/foo"),
            ("cd 'foo bar' && ", Some("foo bar"), "foo bar/foo"),
            ("cd \"foo bar\" && ", Some("foo bar"), "foo bar/foo"),
            ("cd ../up/ && ", Some("../up/"), "../up/foo"),
            ("cd /abs && ", Some("/abs"), "/abs/foo"),
            ("cd . && ", None, "foo"),
        ] {
            let p = parse(heredoc(prefix).as_bytes()).unwrap();
            assert_eq!(
                (p.cd.as_deref(), p.files[0].path.as_str()),
                (folder, path),
                "{prefix}"
            );
        }
        let p = parse(b"cd sub && applypatch <<EOF\n*** Begin Patch\n*** Update File: a\n*** Move to: /b\n*** End Patch\nEOF\n").unwrap();
        assert_eq!(
            (p.files[0].path.as_str(), p.files[0].move_to()),
            ("sub/a", Some("/b"))
        );
    }

    #[test]
    fn any_other_command_before_the_heredoc_is_refused_not_dropped() {
        // Codex's forms it does not take for apply_patch: they would not run it there.
        for prefix in [
            "cd foo; ",
            "cd bar || ",
            "cd bar | ",
            "echo foo && ",
            "cd foo && cd bar && ",
            "cd foo bar && ",
            "echo foo; cd bar && ",
            "cd $HOME && ",
            "cd ~/x && ",
            "cd \"$D\" && ",
            "cd *x && ",
            "python3 run.py ",
        ] {
            let e = parse(heredoc(prefix).as_bytes()).unwrap_err();
            assert_eq!(
                (e.code, e.lines.clone()),
                (ErrorCode::PatchInvalid, vec![1]),
                "{prefix}"
            );
        }
        // test_apply_patch_with_arg_is_ignored
        let e = parse(b"apply_patch foo <<'PATCH'\n*** Begin Patch\n*** Add File: foo\n+hi\n*** End Patch\nPATCH").unwrap_err();
        assert_eq!(e.code, ErrorCode::PatchInvalid);
        assert!(
            e.message.text().contains("`apply_patch foo`"),
            "{}",
            e.message
        );
    }
}
