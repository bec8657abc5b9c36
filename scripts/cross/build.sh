#!/usr/bin/env bash
# Builds eol-edit for the other platforms with Debian's rustc-web and -Zbuild-std, into
# $EOL_EDIT_CROSS/artifacts (never into the repository, where several eol-edit.*.node
# files side by side would confuse the loader's tests).
#
#   bash scripts/cross/build.sh [TARGET...]     (after scripts/cross/setup.sh)
#
# Default: all seven foreign targets of the package. The Windows GNU build links with
# Debian's mingw-w64, linux-arm64-gnu with zig against glibc 2.17 (the linker env.sh
# names, shared with its Python wheel), macOS and musl with zig; the MSVC targets cannot
# link here (no MSVC runtime or SDK in any registry this machine reaches), so they get
# `cargo check` and clippy with warnings denied, which compiles every line they ship.
# Each target builds in its own folder ($EOL_EDIT_CROSS/target/<target>), so several
# can build at once, in the `cross` profile (the release code without link-time
# optimisation, which costs minutes and tests nothing).
set -euo pipefail
X=${EOL_EDIT_CROSS:-${XDG_CACHE_HOME:-$HOME/.cache}/eol-edit-cross}
# shellcheck disable=SC1091
. "$X/env.sh"
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(x86_64-pc-windows-gnu aarch64-unknown-linux-gnu
  x86_64-unknown-linux-musl aarch64-unknown-linux-musl x86_64-apple-darwin aarch64-apple-darwin
  x86_64-pc-windows-msvc aarch64-pc-windows-msvc)
mkdir -p "$X/artifacts"
for t in "${targets[@]}"; do
  start=$SECONDS
  export CARGO_TARGET_DIR=$X/target/$t
  log=$X/build-$t.log
  case "$t" in
    *-windows-msvc)
      { cargo check --workspace --profile cross --target "$t" &&
        cargo clippy --workspace --profile cross --target "$t" -- -D warnings; } > "$log" 2>&1 ||
        { tail -30 "$log"; exit 1; }
      what="checked, clippy clean" ;;
    *-apple-darwin | *-linux-musl)
      npx napi build -x --platform --profile cross --manifest-path napi/Cargo.toml --target "$t" -o "$X/artifacts" > "$log" 2>&1 ||
        { tail -30 "$log"; exit 1; }
      what="linked" ;;
    *)
      npx napi build --platform --profile cross --manifest-path napi/Cargo.toml --target "$t" -o "$X/artifacts" > "$log" 2>&1 ||
        { tail -30 "$log"; exit 1; }
      what="linked" ;;
  esac
  echo "cross-build: $t $what in $((SECONDS - start)) s"
done
# napi writes a loader and declarations beside the binaries; only the binaries matter.
rm -f "$X/artifacts/index.js" "$X/artifacts/index.d.ts"
