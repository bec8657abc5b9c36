#!/usr/bin/env bash
# `npm run cross`: the other seven platforms on this machine, in one go. Sets up (once;
# cached in $EOL_EDIT_CROSS, default ~/.cache/eol-edit-cross), then runs two lanes side
# by side, one per core:
#   arm64:   build linux-arm64-gnu, run its smoke, its platform-sensitive Vitest files
#            and the core's Rust tests under qemu, build the Python wheel for it on
#            the same build of the core and run its native-code pytest files under
#            qemu, then link both macOS targets and check and lint both MSVC ones;
#   windows: build windows-gnu, run its smoke, the whole Vitest suite and the core's
#            Rust tests under wine, then link both musl targets.
# Measured on 2 cores with a warm cache, the rest of .ci/run done first: arm64 build
# 143 s, Vitest 429 s, Rust 312 s, wheel and pytest 42 s; windows build 152 s, Vitest
# 716 s, Rust 196 s, musl 90 s. The MSVC checks (about 110 s) run in the arm64 lane,
# which was the shorter.
# Prints each part with how long it took (the lanes' own logs are kept in
# $EOL_EDIT_CROSS/lane-*.log); exits non-zero if any part failed.
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
X=${EOL_EDIT_CROSS:-${XDG_CACHE_HOME:-$HOME/.cache}/eol-edit-cross}
export EOL_EDIT_CROSS=$X
started=$SECONDS

# timed NAME COMMAND...: runs COMMAND and prints one line with its result and time.
timed() {
  local name=$1 start=$SECONDS status
  shift
  "$@"
  status=$?
  echo "cross: $name $([ $status -eq 0 ] && echo ok || echo FAILED) in $((SECONDS - start)) s"
  return $status
}

timed setup bash "$here/setup.sh" || exit 1
mkdir -p "$X"

arm64_lane() {
  local failed=0
  timed "build linux-arm64-gnu" bash "$here/build.sh" aarch64-unknown-linux-gnu || return 1
  timed "arm64 tests under qemu" bash "$here/test-arm64.sh" || failed=1
  # The Python wheel from the same build of the core (only the PyO3 crate compiles),
  # and its pytest suite under qemu.
  timed "Python wheel linux-arm64-gnu, pytest under qemu" \
    bash "$here/../python-wheels.sh" --test aarch64-unknown-linux-gnu || failed=1
  timed "link macOS; check MSVC" bash "$here/build.sh" x86_64-apple-darwin aarch64-apple-darwin \
    x86_64-pc-windows-msvc aarch64-pc-windows-msvc || failed=1
  return $failed
}
others_lane() {
  local failed=0
  timed "build windows-gnu" bash "$here/build.sh" x86_64-pc-windows-gnu || return 1
  timed "Windows tests under wine" bash "$here/test-windows.sh" || failed=1
  timed "link musl" bash "$here/build.sh" x86_64-unknown-linux-musl aarch64-unknown-linux-musl || failed=1
  return $failed
}

arm64_lane > "$X/lane-arm64.log" 2>&1 &
arm64=$!
others_lane > "$X/lane-others.log" 2>&1
others_status=$?
wait $arm64
arm64_status=$?
cat "$X/lane-others.log" "$X/lane-arm64.log"
echo "cross: all in $((SECONDS - started)) s"
[ $others_status -eq 0 ] && [ $arm64_status -eq 0 ]
