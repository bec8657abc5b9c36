#!/usr/bin/env bash
# Uses the core crate as a Rust user would: a fresh crate in a temporary folder that
# depends on eol-edit by path and, with only the documented API (the `serde` feature
# and nothing hidden), edits a CRLF file with LF text guarded by the Version it read,
# applies a patch, matches a failure on its ErrorCode, keeps an I/O error's source and
# sends a result and an error through JSON. Run by .ci/run:
# `bash scripts/check-rust-user.sh`.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [ -f "$HOME/.cargo/env" ]; then
  # shellcheck disable=SC1091
  . "$HOME/.cargo/env"
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/src"
cat > "$work/Cargo.toml" <<TOML
[package]
name = "uses-eol-edit"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
eol-edit = { path = "$repo", features = ["serde"] }
serde_json = "1"

[workspace]
TOML
# The repository's lockfile: the same dependency versions (serde_json is the crate's
# dev-dependency), found without the network.
cp "$repo/Cargo.lock" "$work/Cargo.lock"
cat > "$work/src/main.rs" <<'RUST'
#![deny(warnings)]
use std::fs;

use eol_edit::{
    apply_patch, edit_file, read_file, write_file, EditOptions, EditResult, Error, ErrorCode,
    Expected, PatchAction, PatchOptions, ReadOptions, Tier, Version,
};

fn main() -> eol_edit::Result<()> {
    let dir = std::env::temp_dir().join(format!("uses-eol-edit-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let path = dir.join("notes.txt");
    fs::write(&path, "one\r\ntwo\r\nthree\r\n").unwrap();

    // LF text from a model, a CRLF file, guarded by the version read: the file stays CRLF.
    let options = EditOptions::default().with_cwd(&dir);
    let read = read_file(&path, &ReadOptions::default())?;
    let version: Version = read.version.to_string().parse()?;
    let guarded = options.clone().with_expected_version(version);
    let edited = edit_file("notes.txt", "one\ntwo", "one\n2\n2.5", &guarded)?;
    assert_eq!(edited.replacements, 1);
    assert_eq!(edited.path, std::path::Path::new("notes.txt"));
    assert_eq!("exact".parse::<Tier>()?, edited.matched_by[0]);

    // A result through JSON, with snake_case fields.
    let json = serde_json::to_string(&edited).unwrap();
    assert!(json.contains("\"matched_by\":[\"exact\"]"), "{json}");
    let back: EditResult = serde_json::from_str(&json).unwrap();
    assert_eq!(back, edited);

    // "Must not exist" is a variant, and a stale version is refused.
    let absent = options.clone().with_expected_version(Expected::Absent);
    let exists = write_file("notes.txt", "x\n", &absent).unwrap_err();
    assert_eq!(exists.code(), ErrorCode::FileChanged);
    let stale = edit_file("notes.txt", "2", "3", &guarded).unwrap_err();
    assert_eq!(stale.code(), ErrorCode::FileChanged);
    assert_eq!(fs::read(&path).unwrap(), b"one\r\n2\r\n2.5\r\nthree\r\n");

    // A patch, in the apply_patch format.
    let patch = "*** Begin Patch\n*** Update File: notes.txt\n@@\n-three\n+3\n*** End Patch\n";
    let patched = apply_patch(patch, &PatchOptions::default().with_cwd(&dir))?;
    assert_eq!(patched.files[0].action, PatchAction::Update);
    assert_eq!(fs::read(&path).unwrap(), b"one\r\n2\r\n2.5\r\n3\r\n");

    // A failure, matched on its code.
    match edit_file("notes.txt", "four", "4", &options) {
        Err(e) => match e.code() {
            ErrorCode::TextNotFound => assert_eq!(e.code().as_str(), "TEXT_NOT_FOUND"),
            other => panic!("unexpected {other:?}: {e}"),
        },
        Ok(_) => panic!("four is not in the file"),
    }
    assert_eq!(fs::read(&path).unwrap(), b"one\r\n2\r\n2.5\r\n3\r\n");

    // An error through JSON: code, message, hint, lines, indices.
    let json = serde_json::to_value(&stale).unwrap();
    assert_eq!(json["code"], "FILE_CHANGED");
    let back: Error = serde_json::from_value(json).unwrap();
    assert_eq!(back.to_string(), stale.to_string());

    // A failure of the system keeps its io::Error (a name longer than file systems allow).
    let too_long = read_file(dir.join("n".repeat(300)), &ReadOptions::default()).unwrap_err();
    assert_eq!(too_long.code(), ErrorCode::IoError, "{too_long}");
    assert_eq!(too_long.io_kind(), Some(std::io::ErrorKind::InvalidFilename));
    assert!(std::error::Error::source(&too_long).is_some());

    fs::remove_dir_all(&dir).unwrap();
    println!("a fresh crate edited a CRLF file by its version, applied a patch, matched TEXT_NOT_FOUND and sent results and errors through JSON");
    Ok(())
}
RUST
cd "$work"
export CARGO_TARGET_DIR="$repo/target/rust-user"
cargo run --quiet --offline 2>/dev/null || cargo run --quiet
