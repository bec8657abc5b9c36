#!/usr/bin/env bash
# The Python package's check (part of `npm test`): builds the wheel with maturin,
# installs it in a virtual environment of pinned tools, and runs pytest on
# python/tests and mypy --strict on python/examples.
#
# The environment lives outside the clone (~/.cache/eol-edit-python, one per lockfile,
# Python version and clone, since the wheel is installed into it: two clones tested at
# once must not run each other's wheel), so a second run installs nothing. The wheel
# is built with the release profile into target/, which reuses the core that
# `npm run build` compiled.
#
# `bash scripts/python-test.sh bench` builds and installs the same way, then runs the
# Python benchmark (bench/python.py, docs/speed.md) instead of the tests.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

python=${PYTHON:-python3}
lock=python/requirements-dev.txt
key=$({ cat "$lock"; "$python" -c 'import sys; print(sys.version)'; pwd; } | sha256sum | cut -c1-16)
venv="${XDG_CACHE_HOME:-$HOME/.cache}/eol-edit-python/venv-$key"

if [ ! -f "$venv/.complete" ]; then
  rm -rf "$venv"
  "$python" -m venv "$venv"
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
    --require-hashes --only-binary=:all: --no-deps -r "$lock"
  touch "$venv/.complete"
fi

wheels=target/python-wheels
rm -rf "$wheels"
"$venv/bin/maturin" build --quiet --release --manifest-path python/Cargo.toml --out "$wheels"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
  --force-reinstall --no-deps "$wheels"/*.whl

if [ "${1:-}" = bench ]; then
  exec "$venv/bin/python" bench/python.py
fi

# Run from the root, so that the tests and mypy see the installed wheel, never the
# source folder python/eol_edit.
"$venv/bin/python" -m pytest -q -p no:cacheprovider python/tests
"$venv/bin/python" -m mypy --config-file python/pyproject.toml --strict --no-incremental python/examples
# The package's own modules too, from its source folder (with the native module's stubs).
(cd python && "$venv/bin/python" -m mypy --config-file pyproject.toml --strict --no-incremental eol_edit)
