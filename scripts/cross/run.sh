#!/usr/bin/env bash
# `npm run cross`: the other seven platforms on this machine, in one go. Sets up (once;
# cached in $EOL_EDIT_CROSS, default ~/.cache/eol-edit-cross), builds every target
# (links six, checks and lints the two MSVC ones), then runs the Windows build's whole
# test suite under wine and the arm64 build's under qemu. Prints how long each part
# took; exits non-zero if any part failed.
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
failed=0
timed() {
  local name=$1 start=$SECONDS
  shift
  "$@"
  local status=$?
  echo "cross: $name $([ $status -eq 0 ] && echo ok || echo FAILED) in $((SECONDS - start)) s"
  [ $status -eq 0 ] || failed=1
  return $status
}
timed setup bash "$here/setup.sh" || exit 1
timed build bash "$here/build.sh" || exit 1
timed "Windows tests (wine)" bash "$here/test-windows.sh"
timed "arm64 tests (qemu)" bash "$here/test-arm64.sh"
exit $failed
