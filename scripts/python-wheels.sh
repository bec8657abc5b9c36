#!/usr/bin/env bash
# Builds the Python wheels (abi3, CPython 3.9+) of the platforms the npm package has, on
# this machine, into dist/ (gitignored), and checks them: the manylinux or musllinux tag
# each Linux wheel claims is the one auditwheel reads from the symbols it imports, and
# `twine check --strict` passes on every wheel. Prints one line per wheel with its time.
#
#   bash scripts/python-wheels.sh [--test] [TARGET...]
#
# Default: the six targets that link here (the MSVC ones are reported and skipped: no
# MSVC runtime or Windows SDK is in any registry this machine reaches, so only the
# release workflow, on Windows runners, builds those two). --test then installs the
# Linux x86-64 wheel into a fresh virtual environment and runs the whole pytest suite
# against it, and the Linux arm64 wheel's suite under qemu when scripts/cross/setup.sh
# has unpacked Debian's arm64 CPython.
#
# The foreign targets build with the cross recipe (scripts/cross/: Debian's rustc-web,
# -Zbuild-std, zig as the linker), in the `cross` profile and in the same folder as that
# target's Node build ($EOL_EDIT_CROSS/target/<target>), so after the cross lanes have
# built the addon only the PyO3 crate compiles and links. Every Linux wheel links through
# zig: glibc 2.17 (manylinux2014, the floor of the npm package's Linux binaries) or
# musl 1.2. The Linux x86-64 wheel uses the machine's own Rust toolchain. These wheels
# are the check that every platform builds; the published ones are the release
# workflow's (.github/workflows/release.yml), built with the release profile.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
repo=$PWD
X=${EOL_EDIT_CROSS:-${XDG_CACHE_HOME:-$HOME/.cache}/eol-edit-cross}
test=0
if [ "${1:-}" = "--test" ]; then
  test=1
  shift
fi
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(x86_64-unknown-linux-gnu aarch64-unknown-linux-gnu
  x86_64-unknown-linux-musl aarch64-unknown-linux-musl x86_64-apple-darwin aarch64-apple-darwin
  x86_64-pc-windows-msvc aarch64-pc-windows-msvc)

# The pinned tools (python/requirements-wheels.txt), in a venv outside the clone.
python=${PYTHON:-python3}
lock=python/requirements-wheels.txt
key=$({ cat "$lock"; "$python" -c 'import sys; print(sys.version)'; } | sha256sum | cut -c1-16)
tools="${XDG_CACHE_HOME:-$HOME/.cache}/eol-edit-python/wheels-$key"
if [ ! -f "$tools/.complete" ]; then
  rm -rf "$tools"
  "$python" -m venv "$tools"
  "$tools/bin/python" -m pip install --quiet --disable-pip-version-check \
    --require-hashes --only-binary=:all: --no-deps -r "$lock"
  touch "$tools/.complete"
fi

mkdir -p dist "$X"
failed=0
made=() # the wheels this run built
for t in "${targets[@]}"; do
  case "$t" in
    *-windows-msvc)
      echo "python-wheels: $t not built here (no MSVC linker, runtime or SDK in any registry; the release workflow builds it on Windows)"
      continue ;;
    x86_64-unknown-linux-gnu) extra=(--zig --compatibility manylinux2014) ;;
    # env.sh's linker for this target is zig against glibc 2.17, the Node build's.
    aarch64-unknown-linux-gnu) extra=(--compatibility manylinux2014) ;;
    *-linux-musl) extra=(--zig --compatibility musllinux_1_2) ;;
    *-apple-darwin) extra=(--zig) ;;
    *) echo "python-wheels: unknown target $t" >&2; exit 2 ;;
  esac
  start=$SECONDS
  out=$(mktemp -d)
  log=$X/python-wheel-$t.log
  if ! (
    if [ "$t" != x86_64-unknown-linux-gnu ]; then
      # shellcheck disable=SC1091
      . "$X/env.sh"
    else
      # The machine's own toolchain, with zig (from the cross setup) as the linker.
      export PATH=$X/venv/bin:$PATH
    fi
    export CARGO_TARGET_DIR=$X/target/$t
    "$tools/bin/maturin" build --profile cross --strip --target "$t" "${extra[@]}" \
      --manifest-path python/Cargo.toml --out "$out"
  ) > "$log" 2>&1; then
    tail -30 "$log"
    echo "python-wheels: $t FAILED in $((SECONDS - start)) s (log: $log)"
    failed=1
    rm -rf "$out"
    continue
  fi
  wheel=$(cd "$out" && ls ./*.whl)
  wheel=${wheel#./}
  # One wheel per platform tag in dist/: drop the previous build of this target.
  platform=${wheel#*-abi3-}
  rm -f dist/eol_edit-*-abi3-"$platform"
  mv "$out/$wheel" dist/
  made+=("dist/$wheel")
  rm -rf "$out"
  note=""
  case "$t" in
    *-linux-musl)
      # auditwheel resolves a wheel's libraries on this machine, and musl's libc.so is
      # not here (the name is glibc's linker script): check instead that the module
      # needs no library but musl's libc (maturin has checked the musllinux policy).
      needed=$("$tools/bin/python" -c 'import sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
sys.stdout.buffer.write(z.read(next(n for n in z.namelist() if n.startswith("eol_edit/_native"))))' \
        "dist/$wheel" > "$X/python-wheel-$t.so" &&
        readelf -d "$X/python-wheel-$t.so" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')
      if [ "$needed" = "libc.so " ]; then
        note=", needs only musl's libc.so"
      else
        echo "python-wheels: $wheel needs ${needed:-nothing?} (want musl's libc.so alone)"
        failed=1
      fi ;;
    *-linux-gnu)
      # The tag in the name must be the one auditwheel reads from the symbols.
      want=$("$tools/bin/auditwheel" show "dist/$wheel" 2>&1 | tr '\n' ' ' |
        grep -o 'platform tag[^"]*"[^"]*"' | head -1 | cut -d'"' -f2 || true)
      if [ -n "$want" ] && [[ "$wheel" == *"$want"* ]]; then
        note=", auditwheel: $want"
      else
        echo "python-wheels: $wheel claims a tag auditwheel does not give it (${want:-none})"
        failed=1
      fi ;;
  esac
  echo "python-wheels: $wheel ($((($(stat -c %s "dist/$wheel") + 1023) / 1024)) KiB$note) in $((SECONDS - start)) s"
done

if [ ${#made[@]} -gt 0 ]; then
  "$tools/bin/twine" check --strict "${made[@]}" > "$X/python-twine.log" 2>&1 ||
    { cat "$X/python-twine.log"; failed=1; }
  echo "python-wheels: twine check --strict: ${#made[@]} wheel(s), $(grep -c PASSED "$X/python-twine.log") passed"
fi

# made_wheel GLOB: the wheel of this run whose name matches GLOB, if any.
made_wheel() {
  local w
  for w in "${made[@]}"; do
    # shellcheck disable=SC2053
    [[ $w == $1 ]] && { echo "$w"; return; }
  done
  true
}

# --test: the whole pytest suite from the repository's root, against the installed
# wheel (never python/eol_edit).
if [ $test -eq 1 ] && [ ${#made[@]} -gt 0 ]; then
  x64=$(made_wheel '*-manylinux*_x86_64.whl')
  if [ -n "$x64" ]; then
    start=$SECONDS
    venv=$(mktemp -d)/venv
    "$python" -m venv "$venv"
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
      --require-hashes --only-binary=:all: --no-deps -r python/requirements-dev.txt
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-deps "$x64"
    if (cd "$repo" && "$venv/bin/python" -m pytest -q -p no:cacheprovider python/tests > "$X/python-wheel-test-x64.log" 2>&1); then
      echo "python-wheels: ${x64#dist/}: pytest $(tail -1 "$X/python-wheel-test-x64.log" | tr -d '=') in $((SECONDS - start)) s"
    else
      tail -30 "$X/python-wheel-test-x64.log"
      echo "python-wheels: ${x64#dist/}: pytest FAILED in $((SECONDS - start)) s"
      failed=1
    fi
    rm -rf "$(dirname "$venv")"
  fi
  # The arm64 wheel under qemu with Debian's arm64 CPython (scripts/cross/setup.sh):
  # pytest and the wheel unzipped onto its path (installing a wheel is unzipping it;
  # an emulated pip would only be slower). It runs the suites of what the native code
  # does (files, encodings, matching, patches, prepared changes, errors, guards); the
  # tool sets' and vendors' handlers are Python over those same calls, the same on
  # every CPU, and compare their words with the Node package's: the x64 run has them.
  arm64=$(made_wheel '*-manylinux*_aarch64.whl')
  ARM64_PYTESTS=(test_files.py test_encodings.py test_engine.py test_strings.py test_patch.py
    test_patch_in_memory.py test_prepared.py test_errors.py test_guards.py)
  root=$X/arm64-python
  if [ -n "$arm64" ] && [ -x "$root/usr/bin/python3.11" ]; then
    start=$SECONDS
    site=$(mktemp -d)
    grep -E '^(pytest|iniconfig|packaging|pluggy|pygments)==' python/requirements-dev.txt > "$site/lock.txt"
    "$tools/bin/python" -m pip download --quiet --disable-pip-version-check --require-hashes \
      --no-deps --only-binary=:all: -r "$site/lock.txt" -d "$site/wheels"
    for w in "$site"/wheels/*.whl "$arm64"; do "$tools/bin/python" -m zipfile -e "$w" "$site/lib"; done
    if LD_LIBRARY_PATH=$root/usr/lib/aarch64-linux-gnu:$root/lib/aarch64-linux-gnu PYTHONHOME=$root/usr \
      PYTHONPATH=$site/lib qemu-aarch64 "$root/usr/bin/python3.11" -m pytest -q -p no:cacheprovider \
      "${ARM64_PYTESTS[@]/#/python/tests/}" > "$X/python-wheel-test-arm64.log" 2>&1; then
      echo "python-wheels: ${arm64#dist/}: pytest under qemu $(tail -1 "$X/python-wheel-test-arm64.log" | tr -d '=') in $((SECONDS - start)) s"
    else
      tail -30 "$X/python-wheel-test-arm64.log"
      echo "python-wheels: ${arm64#dist/}: pytest under qemu FAILED in $((SECONDS - start)) s"
      failed=1
    fi
    rm -rf "$site"
  fi
fi
exit $failed
