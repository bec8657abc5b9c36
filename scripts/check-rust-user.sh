#!/usr/bin/env bash
# Uses the core crate as a Rust user would: a fresh crate in a temporary folder that
# depends on eol-edit by path and, with only the documented API (no feature turned
# on, nothing hidden), edits a CRLF file with LF text, applies a patch and matches a
# failure on its ErrorCode. Run by .ci/run: `bash scripts/check-rust-user.sh`.
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
eol-edit = { path = "$repo" }

[workspace]
TOML
# The repository's lockfile: the same dependency versions, found without the network.
cp "$repo/Cargo.lock" "$work/Cargo.lock"
cat > "$work/src/main.rs" <<'RUST'
#![deny(warnings)]
use std::fs;

use eol_edit::{
    apply_patch, edit_file, EditOptions, Error, ErrorCode, PatchAction, PatchOptions,
};

fn main() -> Result<(), Error> {
    let dir = std::env::temp_dir().join(format!("uses-eol-edit-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let path = dir.join("notes.txt");
    fs::write(&path, "one\r\ntwo\r\nthree\r\n").unwrap();

    // LF text from a model, a CRLF file: the file stays CRLF.
    let options = EditOptions::default().with_cwd(&dir);
    let edited = edit_file("notes.txt", "one\ntwo", "one\n2\n2.5", &options)?;
    assert_eq!(edited.replacements, 1);
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

    fs::remove_dir_all(&dir).unwrap();
    println!("a fresh crate edited a CRLF file, applied a patch and matched TEXT_NOT_FOUND");
    Ok(())
}
RUST
cd "$work"
export CARGO_TARGET_DIR="$repo/target/rust-user"
cargo run --quiet --offline 2>/dev/null || cargo run --quiet
