//! The OpenAI Agents SDKs' own cases for the diff of an apply_patch update_file
//! operation (`tests/fixtures/v4a/sdk_cases.txt`, which credits them), each applied as
//! the `*** Update File` section it is: stacked and repeated `@@` lines, an `@@` line
//! the file does not have, a context line off by its indentation, CRLF files.

use super::*;

/// One case of the fixture.
struct Case {
    name: String,
    input: Vec<u8>,
    diff: Vec<u8>,
    /// The file afterwards, or the error code.
    expect: std::result::Result<Vec<u8>, String>,
}

/// Reads the fixture's cases (its format is described at its top).
fn cases() -> Vec<Case> {
    let text = include_str!("../../../tests/fixtures/v4a/sdk_cases.txt");
    let mut out = Vec::new();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        let Some(name) = line.strip_prefix("case ") else {
            continue;
        };
        let mut blocks: HashMap<&str, Vec<u8>> = HashMap::new();
        let mut error = None;
        while let Some(&line) = lines.peek() {
            if line.is_empty() || line.starts_with("case ") {
                break;
            }
            lines.next();
            let mut words = line.split(' ');
            let (word, crlf) = (words.next().unwrap_or(""), words.next() == Some("crlf"));
            if word == "error" {
                error = line.strip_prefix("error ").map(str::to_owned);
                continue;
            }
            if !matches!(word, "input" | "diff" | "output") {
                continue;
            }
            let mut block = Vec::new();
            while let Some(text) = lines.peek().and_then(|l| l.strip_prefix(['|', '~'])) {
                let ended = lines.next().is_some_and(|l| l.starts_with('|'));
                block.extend_from_slice(text.as_bytes());
                if ended {
                    block.extend_from_slice(if crlf { b"\r\n" } else { b"\n" });
                }
            }
            blocks.insert(word, block);
        }
        let mut take = |word: &str| blocks.remove(word).unwrap_or_default();
        let (input, diff, output) = (take("input"), take("diff"), take("output"));
        out.push(Case {
            name: name.to_owned(),
            input,
            diff,
            expect: error.ok_or(()).map_or(Ok(output), Err),
        });
    }
    out
}

#[test]
fn the_sdks_v4a_cases_apply_as_update_sections() {
    let cases = cases();
    assert!(cases.len() >= 30, "{} cases read", cases.len());
    for case in cases {
        let dir = TempDir::new();
        dir.write("f", &case.input);
        let mut patch = b"*** Begin Patch\n*** Update File: f\n".to_vec();
        patch.extend_from_slice(&case.diff);
        if !case.diff.ends_with(b"\n") {
            patch.push(b'\n');
        }
        patch.extend_from_slice(b"*** End Patch\n");
        let got = apply_patch(&patch, &opts(&dir));
        match (&case.expect, got) {
            (Ok(after), Ok(_)) => assert_eq!(
                String::from_utf8_lossy(&dir.read("f")),
                String::from_utf8_lossy(after),
                "{}",
                case.name
            ),
            (Err(code), Err(e)) => {
                assert_eq!(e.code.as_str(), code, "{}: {}", case.name, e.message);
                assert_eq!(
                    dir.read("f"),
                    case.input,
                    "{}: the file is left as it was",
                    case.name
                );
            }
            (Ok(_), Err(e)) => panic!("{}: {}", case.name, e.message),
            (Err(code), Ok(_)) => panic!("{}: applied, expected {code}", case.name),
        }
    }
}
