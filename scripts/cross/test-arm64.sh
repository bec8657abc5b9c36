#!/usr/bin/env bash
# Runs the linux-arm64 build under qemu-user with Node's linux-arm64 build: the runtime
# smoke, the Vitest files that exercise the native addon itself, and the core's Rust
# tests. Prints a line per part; exits non-zero if one failed.
#
#   bash scripts/cross/test-arm64.sh [vitest args]   (after setup.sh and build.sh aarch64-unknown-linux-gnu)
#
# What can differ on arm64 is the compiled code: the matcher's and the scanners' fast
# paths (memchr, encoding_rs), the file system calls, the threads and the Node-API
# glue. The files in $ARM64_SPECS call every native function, on every ending, BOM,
# UTF-16 and legacy encoding, with the file attacks and the faults. The tool sets, host
# shapes, vendor handlers, MCP and CLI are JavaScript over those same calls, identical
# on every CPU, and they start dozens of emulated Node children (seconds each): they
# run natively, on Windows under wine, and on real arm64 in the release workflow.
# Pass file names or other Vitest arguments to run something else (the whole suite:
# `bash scripts/cross/test-arm64.sh __test__`).
#
# Without binfmt_misc, a child process cannot start an arm64 program by itself;
# qemu-preload.cjs routes the Node children that tests start through qemu. Tests that
# start children through a shell skip under qemu, with that reason.
set -uo pipefail
X=${EOL_EDIT_CROSS:-${XDG_CACHE_HOME:-$HOME/.cache}/eol-edit-cross}
# shellcheck disable=SC1091
. "$X/env.sh"
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
cd "$repo"
out=$X/arm64-out
rm -rf "$out" && mkdir -p "$out"
failed=0
cp "$X/artifacts/eol-edit.linux-arm64-gnu.node" .
# The tests that drop to an unprivileged user start Node as that user: a copy outside
# root's home, which that user cannot read.
node_dir=$(mktemp -d /tmp/eol-edit-arm64-node.XXXXXX)
cp "$ARM64_NODE" "$node_dir/node"
chmod 755 "$node_dir" "$node_dir/node"
ARM64_NODE=$node_dir/node
trap 'rm -f "$repo/eol-edit.linux-arm64-gnu.node"; rm -rf "$node_dir"' EXIT
export EOL_EDIT_UNDER=qemu EOL_EDIT_QEMU=$(command -v qemu-aarch64) EOL_EDIT_HOST_NODE=$(command -v node)
export NODE_OPTIONS="--require $here/qemu-preload.cjs"
part() {
  if [ "$2" -eq 0 ]; then echo "ok    $1: $3"; else echo "FAIL  $1: $3"; failed=1; fi
}
start=$SECONDS
timeout 600 qemu-aarch64 "$ARM64_NODE" __test__/smoke/smoke.cjs > "$out/smoke.txt" 2>&1
part "smoke ($((SECONDS - start)) s)" $? "$(tail -1 "$out/smoke.txt")"
start=$SECONDS
ARM64_SPECS=(engine strings files encodings errors options guards hardening reliability
  new-file-endings line-numbers read-cuts patch patch-grammar patch-hunks patch-tree
  patch-security)
if [ $# -eq 0 ]; then
  set -- "${ARM64_SPECS[@]/#/__test__/}"
  set -- "${@/%/.spec.ts}"
fi
timeout 2400 qemu-aarch64 "$ARM64_NODE" node_modules/vitest/vitest.mjs run --no-color "$@" > "$out/vitest.txt" 2>&1
status=$?
part "vitest ($((SECONDS - start)) s)" $status "$(grep -E '^ +Tests ' "$out/vitest.txt" | sed 's/^ *//')"
[ $status -eq 0 ] || grep -E '^ (FAIL|×) ' "$out/vitest.txt" | sort -u | sed 's/^/      /'

# The core's own Rust tests, built for arm64 and run under qemu: the library's tests,
# the regressions and both property suites (engine and patch), these at 128 cases a
# property and the soaks at 2,000 inputs each (the native lane runs 20,000: under qemu
# they took 450 s). closest_match measures the matcher's wording on fixed text:
# natively only.
start=$SECONDS
export CARGO_TARGET_DIR=$X/target/aarch64-unknown-linux-gnu PROPTEST_CASES=128 EOL_SOAK_ITERATIONS=2000
cargo test -p eol-edit --no-run --target aarch64-unknown-linux-gnu --message-format=json 2> "$out/cargo-build.txt" |
  node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{for(const l of s.split("\n")){if(!l)continue;const m=JSON.parse(l);if(m.reason==="compiler-artifact"&&m.executable&&m.profile.test)console.log(m.executable)}})' > "$out/test-exes.txt"
[ -s "$out/test-exes.txt" ] || part "cargo test --no-run" 1 "$(tail -5 "$out/cargo-build.txt")"
# Skipped under qemu, each run natively and on Windows: tests that start this test
# program again as a child (qemu-user without binfmt_misc cannot exec an arm64
# program), and the near-linear-time checks, whose limits are for native debug code
# (emulated, a debug build is 20 to 40 times slower; a quadratic case would still
# show, but not within those limits).
QEMU_SKIPS=(
  --skip an_endings_only_edit_to_nothing_fails_instead_of_looping
  --skip two_processes_with_expected_version_never_lose_an_update
  --skip changed_lines_under_a_lenient_tier_are_aligned_in_near_linear_time
  --skip text_not_found_on_identical_lines_is_near_linear
  --skip hostile_brackets_and_braces_parse_in_linear_time
  --skip line_tiers_stay_linear_on_identical_lines
  --skip a_line_run_stays_linear_on_identical_lines
)
while read -r exe; do
  name=$(basename "$exe")
  name=${name%-*}
  [ "$name" = closest_match ] && continue
  (cd "$repo" && timeout 1200 env -u NODE_OPTIONS qemu-aarch64 "$exe" "${QEMU_SKIPS[@]}") < /dev/null > "$out/rust-$name.txt" 2>&1
  status=$?
  part "rust $name" $status "$(grep '^test result' "$out/rust-$name.txt" | sed 's/^test result: //')"
  [ $status -eq 0 ] || grep -E '^test .* FAILED$' "$out/rust-$name.txt" | sed 's/^/      /'
done < "$out/test-exes.txt"
echo "rust tests built and run in $((SECONDS - start)) s; logs: $out"
exit $failed
