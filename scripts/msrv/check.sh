#!/usr/bin/env bash
# Builds and tests the core crate (`eol-edit`, the repository's root) on its declared
# minimum Rust version, `rust-version` in Cargo.toml: Debian's rustc-web of that version,
# unpacked (not installed) under ~/.cache/eol-edit-msrv, so the machine's own toolchain
# stays as it is. Dependencies are resolved afresh for that toolchain (cargo's
# MSRV-aware resolution: the newest version of each that declares a `rust-version` the
# toolchain meets) in a copy of the lockfile; Cargo.lock itself keeps today's versions
# for the main build.
#
#   bash scripts/msrv/check.sh          # fetch once, then build and test
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/../.."
msrv=$(sed -n 's/^rust-version = "\(.*\)"$/\1/p' Cargo.toml | head -n1)
[ -n "$msrv" ] || { echo "Cargo.toml declares no rust-version" >&2; exit 1; }
X=${EOL_EDIT_MSRV_CACHE:-$HOME/.cache/eol-edit-msrv}
T="$X/rust-$msrv"

# 1. The toolchain: the Debian packages of exactly that version (bookworm main has
# 1.85), and the libraries they link that a machine may lack (PCRE, LLVM 19, and those
# of cargo's libraries that are not installed: a fresh machine lacks http-parser until
# the cross setup installs libgit2, which runs later in .ci/run). A cached toolchain
# whose cargo cannot start is fetched again.
if [ -x "$T/usr/bin/cargo" ] && ! LD_LIBRARY_PATH="$T/usr/lib/x86_64-linux-gnu:$T/lib/x86_64-linux-gnu" \
  "$T/usr/bin/cargo" --version > /dev/null 2>&1; then
  rm -rf "$T"
fi
if [ ! -x "$T/usr/bin/rustc" ] || [ ! -x "$T/usr/bin/cargo" ]; then
  libs=()
  for lib in libhttp-parser2.9 libssh2-1 libsqlite3-0 libcurl4; do
    dpkg-query -W -f='${Status}' "$lib" 2> /dev/null | grep -q "install ok installed" || libs+=("$lib")
  done
  version=$(apt-cache madison rustc-web | awk -v m="$msrv" '$3 ~ "^"m"\\.0\\+" {print $3; exit}')
  [ -n "$version" ] || { echo "Debian offers no rustc-web $msrv (apt-get update?)" >&2; exit 1; }
  rm -rf "$T" "$X/deb-$msrv"
  mkdir -p "$T" "$X/deb-$msrv"
  (cd "$X/deb-$msrv" && apt-get download -qq "rustc-web=$version" "cargo-web=$version" \
    "libstd-rust-web-dev=$version" "libstd-rust-web-$msrv=$version" libpcre3 libllvm19 ${libs[@]+"${libs[@]}"})
  for deb in "$X/deb-$msrv"/*.deb; do dpkg-deb -x "$deb" "$T"; done
  rm -rf "$X/deb-$msrv"
fi
export PATH="$T/usr/bin:$PATH"
export LD_LIBRARY_PATH="$T/usr/lib/x86_64-linux-gnu:$T/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export RUSTC="$T/usr/bin/rustc" RUSTDOC="$T/usr/bin/rustdoc"
"$RUSTC" --version

# 2. A copy of the crate with its own lockfile and target folder, so that neither the
# repository's Cargo.lock nor its build is touched. Only the core crate: the workspace's
# other members (the bindings, the tool layer) are not part of what the MSRV promises.
W="$X/work"
rm -rf "$W/src" "$W/tests" "$W/examples" "$W/benches" "$W/fuzz"
# target/: a test writes a file there, relative to the package's folder.
mkdir -p "$W/fuzz" "$W/target"
cp -r Cargo.toml README.md README.crate.md LICENSE src tests examples benches "$W"/
# The property tests share their checks with the fuzz targets.
cp -r fuzz/src "$W/fuzz/"
sed -i -e 's/^members = \[.*\]$/members = ["."]/' "$W/Cargo.toml"
cd "$W"
export CARGO_TARGET_DIR="$X/target-$msrv"
CARGO_RESOLVER_INCOMPATIBLE_RUST_VERSIONS=fallback cargo generate-lockfile
cargo build --locked --lib --features serde
cargo test --locked --features serde --lib --tests
cargo test --locked --features serde --doc
