//! The known name a mistyped one most plausibly meant: what the binding's check of
//! option keys names in its refusal (`rooot` for `root`, `replace_all` for
//! `replaceAll`), and the file a missing one's folder has instead (`readme.md` for
//! `README.md`).

use std::ffi::{OsStr, OsString};

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
        let distance = slip_distance(&want, &have, 1);
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

/// The name in `names` (a folder's) that `given`, a name the folder does not have,
/// most plausibly meant: the same but for case (`Readme.md`), else the one fewest
/// typing slips away (one in a name of up to eight characters, where a character
/// replaced by another is two, two up to sixteen, three beyond; `mian.rs`, `app.ts` for
/// `app.tsx`), the first in `names` on a tie.
/// Names longer than 64 characters are not compared.
pub(crate) fn closest_file_name(given: &OsStr, names: &[OsString]) -> Option<OsString> {
    let fold = |s: &OsStr| -> Vec<char> {
        s.to_string_lossy()
            .chars()
            .flat_map(char::to_lowercase)
            .collect()
    };
    let want = fold(given);
    if want.is_empty() || want.len() > 64 {
        return None;
    }
    let slips = match want.len() {
        0..=8 => 1,
        9..=16 => 2,
        _ => 3,
    };
    // In a short name one other character is another name (`b.txt` is not `a.txt`); a
    // character too many, too few or two swapped is a slip.
    let substitution = if want.len() <= 8 { 2 } else { 1 };
    let mut best: Option<(usize, &OsString)> = None;
    for name in names {
        let have = fold(name);
        if have.len().abs_diff(want.len()) > slips || have.len() > 64 {
            continue;
        }
        let distance = slip_distance(&want, &have, substitution);
        if distance <= slips && best.is_none_or(|(d, _)| distance < d) {
            best = Some((distance, name));
        }
    }
    best.map(|(_, name)| name.clone())
}

/// Edits (insert, delete, replace, swap two neighbours) that turn `a` into `b`: the
/// optimal string alignment distance, a replacement counting `substitution`. Names
/// are short, so the table is too.
fn slip_distance(a: &[char], b: &[char], substitution: usize) -> usize {
    let mut rows = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in rows.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in rows[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = if a[i - 1] == b[j - 1] {
                0
            } else {
                substitution
            };
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

    #[test]
    fn a_missing_file_name_finds_its_folder_s_name_by_case_and_slips_only() {
        let names: Vec<OsString> = ["README.md", "main.rs", "app.tsx", "data.txt", "b.rs"]
            .iter()
            .map(OsString::from)
            .collect();
        let closest = |given: &str| closest_file_name(OsStr::new(given), &names);
        assert_eq!(closest("readme.md"), Some("README.md".into()));
        assert_eq!(closest("mian.rs"), Some("main.rs".into()));
        assert_eq!(closest("app.ts"), Some("app.tsx".into()));
        // One other character in a short name is another file; in a long one, a slip.
        assert_eq!(closest("a.rs"), None);
        assert_eq!(closest("mein.rs"), None);
        let long: Vec<OsString> = vec!["configuration.rs".into()];
        assert_eq!(
            closest_file_name(OsStr::new("configuratoin.rs"), &long),
            Some("configuration.rs".into())
        );
        assert_eq!(
            closest_file_name(OsStr::new("konfiguration.rs"), &long),
            Some("configuration.rs".into())
        );
        // Not a longer name's tail, nor a name too far off.
        assert_eq!(closest("a.txt"), None);
        assert_eq!(closest("lib.rs"), None);
        assert_eq!(closest(""), None);
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
}
