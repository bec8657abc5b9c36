#!/usr/bin/env bash
# `npm run cross`: the other seven platforms on this machine, in one go. Sets up (once;
# cached in $EOL_EDIT_CROSS, default ~/.cache/eol-edit-cross), then runs two lanes side
# by side, one per core:
#   arm64:   build linux-arm64-gnu, run its smoke and Vitest suite under qemu, build the
#            Python wheel for it on the same build of the core and run its pytest suite
#            under qemu, then link both macOS targets;
#   windows: build windows-gnu, run its smoke, Vitest suite and Rust tests under wine,
#            then link both musl targets and check and lint both MSVC ones.
# On 2 cores with an empty cache (Debian packages already installed): setup 32 s, then
# about 16 minutes a lane (arm64 950 s, windows 945 s), 982 s in all. With a warm cache
# about 8 to 10 minutes, most of it the Vitest suite under qemu (430 to 550 s). The
# Python wheel adds about 50 s to the arm64 lane (36 s to build it on the addon's build
# of the core, 12 s for its pytest suite under qemu).
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
  timed "link macOS" bash "$here/build.sh" x86_64-apple-darwin aarch64-apple-darwin || failed=1
  return $failed
}
others_lane() {
  local failed=0
  timed "build windows-gnu" bash "$here/build.sh" x86_64-pc-windows-gnu || return 1
  timed "Windows tests under wine" bash "$here/test-windows.sh" || failed=1
  timed "link musl; check MSVC" bash "$here/build.sh" x86_64-unknown-linux-musl \
    aarch64-unknown-linux-musl x86_64-pc-windows-msvc aarch64-pc-windows-msvc || failed=1
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
