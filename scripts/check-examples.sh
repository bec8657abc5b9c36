#!/usr/bin/env bash
# The README's examples, checked the way a user would meet them: type-checked with
# `tsc --strict` against the installed `ai`, `openai` and `@anthropic-ai/sdk`
# (examples/tsconfig.json), built into target/examples, and run, each agent loop
# against a scripted model (examples/test/). Needs a built binary: `npm run build`.
#
# Called by .ci/run. `__test__/examples.spec.ts` checks that the README shows these
# files as they are.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

if ! compgen -G "eol-edit.*.node" > /dev/null; then
  echo "check-examples: no built binary (eol-edit.*.node); run \`npm run build\` first" >&2
  exit 1
fi

# The examples make their projects in the temporary folder: a fresh one, removed after.
TMPDIR="$(mktemp -d)"
export TMPDIR
trap 'rm -rf "$TMPDIR"' EXIT

rm -rf target/examples
echo "check-examples: tsc --strict -p examples/tsconfig.json"
node node_modules/typescript/bin/tsc -p examples/tsconfig.json
node target/examples/examples/test/run.mjs
