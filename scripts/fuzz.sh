#!/usr/bin/env bash
# Runs each fuzz target of fuzz/ for a bounded time, with libFuzzer.
#
#   bash scripts/fuzz.sh [SECONDS] [TARGET...]
#
# SECONDS per target (default 30); TARGETs default to all: engine, decoder, conventions.
# Exits non-zero if any target finds a crash, a hang or a failed property; the input
# is saved under fuzz/artifacts/TARGET/ and the replay command is printed. Turn each
# one into a test in tests/regressions.rs.
#
# It builds the targets itself with the flags cargo-fuzz uses, so cargo-fuzz need not
# be installed (`cargo fuzz run TARGET` works too where it is):
#   - with a nightly toolchain (rustup's `nightly`): AddressSanitizer on;
#   - without one: the same coverage instrumentation on stable Rust (`-Cpasses=
#     sancov-module` and the sanitizer-coverage LLVM options are stable codegen flags),
#     no sanitizer. The code under test has no `unsafe` that a sanitizer would add to:
#     the file layer's syscalls, which these targets do not reach, and the call into
#     the AVX2 build of `eol::counts`, which is safe code compiled for that CPU.
# EOL_FUZZ_TOOLCHAIN=stable|nightly forces one. Targets run one after the other, one
# process each (no -jobs/-fork): the machine has 2 cores shared with other work.
#
# The corpus lives in fuzz/corpus/TARGET (git-ignored) and grows across runs; a few
# seeds are written when it is empty. Build output goes to fuzz/target/TOOLCHAIN
# (git-ignored), one per toolchain so switching does not rebuild everything.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

if [ -f "$HOME/.cargo/env" ]; then
  # shellcheck disable=SC1091
  . "$HOME/.cargo/env"
fi

seconds="${1:-30}"
shift || true
targets=("$@")
if [ "${#targets[@]}" -eq 0 ]; then
  targets=(engine decoder conventions)
fi

toolchain="${EOL_FUZZ_TOOLCHAIN:-}"
if [ -z "$toolchain" ]; then
  if rustup toolchain list 2>/dev/null | grep -q '^nightly'; then
    toolchain=nightly
  else
    toolchain=stable
  fi
fi

flags=(
  -Cpasses=sancov-module
  -Cllvm-args=-sanitizer-coverage-level=4
  -Cllvm-args=-sanitizer-coverage-inline-8bit-counters
  -Cllvm-args=-sanitizer-coverage-pc-table
  -Cllvm-args=-sanitizer-coverage-trace-compares
  -Cllvm-args=-simplifycfg-branch-fold-threshold=0
  --cfg fuzzing
  -Clink-dead-code
  -Cdebug-assertions
)
cargo_cmd=(cargo)
if [ "$toolchain" = nightly ]; then
  cargo_cmd=(cargo +nightly)
  flags+=(-Zsanitizer=address)
  export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_odr_violation=0"
fi
host="$(rustc -vV | sed -n 's/^host: //p')"
case "$host" in
  *-linux-*) flags+=(-Cllvm-args=-sanitizer-coverage-stack-depth) ;;
esac

echo "==> Building fuzz targets (${targets[*]}) with $toolchain Rust for $host"
started=$(date +%s)
# --target keeps RUSTFLAGS away from build scripts, as cargo-fuzz does.
target_dir="fuzz/target/$toolchain"
bins=()
for target in "${targets[@]}"; do bins+=(--bin "$target"); done
RUSTFLAGS="${flags[*]} ${RUSTFLAGS:-}" "${cargo_cmd[@]}" build \
  --manifest-path fuzz/Cargo.toml --target "$host" --release \
  --target-dir "$target_dir" "${bins[@]}"
echo "    built in $(($(date +%s) - started))s"

# A few seeds per target, so a short run starts from the shapes that matter.
seed() {
  local dir="fuzz/corpus/$1" name="$2"
  mkdir -p "$dir"
  printf "$3" >"$dir/seed-$name"
}
seed_if_empty() {
  local target="$1"
  if [ -n "$(ls -A "fuzz/corpus/$target" 2>/dev/null)" ]; then
    return
  fi
  case "$target" in
    engine)
      # op 0 (edits), 1 edit, kind 2 (LF-view slice), start, len, tweak, chunk, extra, source
      seed engine crlf-slice '\x00\x00\x02\x03\x00\x04\x10\x01X\x00one\r\ntwo\r\nthree\r\n'
      seed engine mixed-slice '\x00\x00\x02\x02\x00\x06\x30\x02YY\x00a\r\nb\nc\rd\r\n'
      seed engine perturbed '\x00\x00\x06\x00\x00\x09\x02\x01Z\x00  "x" \r\n\tif (a) {\r\n'
      seed engine endings-only '\x00\x00\x08\x00\x00\x05\x01\x00\x00a\r\nb\r\nc\n'
      seed engine delete '\x01\x01\x00\x02\x00\x00\x00\x04\x00\x00a\r\nb\nc\rd\r\ne'
      seed engine write '\x02\x00\x06\x00\x00\x01Q\xef\xbb\xbfa\r\nb\nc\r'
      seed engine convert '\x03\x01a\nb\r\nc\rd'
      ;;
    decoder)
      seed decoder utf8-bom '\xef\xbb\xbfa\r\nb\n'
      seed decoder utf16le '\xff\xfea\x00\r\x00\n\x00\x00\xd8b\x00'
      seed decoder utf16be '\xfe\xff\x00a\x00\r\x00\n\xdc\x00'
      seed decoder binary 'ab\x00cd'
      seed decoder invalid-utf8 'caf\xe9 \xed\xa0\x80\r\n'
      ;;
    conventions)
      # flags, name chunk, .editorconfig (u16 length), .gitattributes
      seed conventions editorconfig '\x01\x05a.bat\x2d\x00root = true\n[*.{bat,cmd}]\nend_of_line = crlf\n* text=auto eol=lf\n'
      seed conventions gitattributes '\x02\x04x.sh\x00\x00*.sh text eol=lf\n/a/** eol=crlf\n*.png binary\n'
      seed conventions globs '\x03\x06f3.txt\x29\x00[{a,b}/**/f{1..5}.[!x]xt]\nend_of_line=cr\n'
      ;;
  esac
}

failed=()
for target in "${targets[@]}"; do
  seed_if_empty "$target"
  mkdir -p "fuzz/artifacts/$target"
  dict=()
  if [ -f "fuzz/dict/$target.dict" ]; then
    dict=("-dict=fuzz/dict/$target.dict")
  fi
  echo
  echo "==> Fuzzing $target for ${seconds}s"
  set +e
  "$target_dir/$host/release/$target" "fuzz/corpus/$target" \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
    -print_final_stats=1 -artifact_prefix="fuzz/artifacts/$target/" "${dict[@]}" \
    2>"fuzz/artifacts/$target.log"
  rc=$?
  set -e
  # The conventions target writes its settings files under a folder per process
  # (/dev/shm or the temp dir); remove those whose process is gone.
  for left in /dev/shm/eol-edit-fuzz-conventions-* "${TMPDIR:-/tmp}"/eol-edit-fuzz-conventions-*; do
    [ -d "$left" ] || continue
    pid="${left##*conventions-}"
    pid="${pid%%-*}"
    kill -0 "$pid" 2>/dev/null || rm -rf "$left"
  done
  grep -E '^(#[0-9]+ +DONE|stat::number_of_executed_units|stat::new_units_added|==[0-9]+==|SUMMARY|thread .* panicked|Test unit written)' \
    "fuzz/artifacts/$target.log" || true
  if [ "$rc" -ne 0 ]; then
    echo "!!  $target failed (exit $rc); full log: fuzz/artifacts/$target.log"
    tail -n 40 "fuzz/artifacts/$target.log"
    for artifact in fuzz/artifacts/"$target"/*; do
      [ -f "$artifact" ] || continue
      echo "    replay: $target_dir/$host/release/$target $artifact"
      echo "    bytes:  $(od -An -tx1 -v "$artifact" | tr -s ' \n' ' ' | head -c 400)"
    done
    failed+=("$target")
  fi
done

echo
if [ "${#failed[@]}" -ne 0 ]; then
  echo "Fuzzing failed: ${failed[*]}"
  exit 1
fi
echo "Fuzzing passed: ${targets[*]} (${seconds}s each, $toolchain Rust)"
