// @ts-check
'use strict'

// apply_patch: one patch (Codex's `*** Begin Patch` format or a unified diff) that
// adds, deletes, changes and renames files, all or nothing. The patch is parsed first
// for the files it touches, so the session guards a stale read of each, asks `approve`
// once with every file, and remembers every new version. Its arguments and
// description are the declaration of `applyPatch` (lib/operations.js).

const core = require('../binding.js')
const { TIER_NOTES, compactDiff, diffCounts, plural } = require('./results.js')
const { warningsOf } = require('./wording.js')

/** @typedef {import('./session.js').ToolBehaviour} ToolBehaviour */
/** @typedef {import('./session.js').FileChange} FileChange */
/** @typedef {import('../../index.js').PatchResult} PatchResult */
/** @typedef {import('../../index.js').PatchFileResult} PatchFileResult */
/** @typedef {import('../../tools.js').ToolSuccess} ToolSuccess */

const MARKS = { update: 'M', add: 'A', delete: 'D', move: 'R' }

/**
 * `M a.txt (+2 -1)`, `R a.txt -> b.txt`, `D old.txt`: one line per file section.
 * @param {PatchFileResult} f
 */
function fileLine(f) {
  const name = f.action === 'move' ? `${f.path} -> ${f.movedTo}` : f.path
  const { added, removed } = diffCounts(f.diff)
  const counts = f.action === 'delete' || (f.action === 'move' && !f.diff) ? '' : ` (+${added} -${removed})`
  return `${MARKS[f.action] || '?'} ${name}${counts}`
}

/**
 * What the session records of each file: the new file of a move as well as the old one
 * (which no longer has a version), each with its diff for the host's approval.
 * @param {PatchResult} result
 * @returns {FileChange[]}
 */
function changes(result) {
  /** @type {FileChange[]} */
  const out = []
  for (const f of result.files) {
    const summary = `apply_patch ${fileLine(f)}`
    if (f.action === 'move' && f.movedTo !== undefined) {
      out.push({ path: f.path, diff: '', summary: `apply_patch ${f.path}: moved to ${f.movedTo}` })
      out.push({ path: f.movedTo, diff: f.diff, summary, version: f.version })
    } else {
      out.push({ path: f.path, diff: f.diff, summary, version: f.version })
    }
  }
  return out
}

/**
 * What the model reads: a line per file, notes on lenient matches and warnings, and
 * each file's diff.
 * @param {PatchResult} result
 * @returns {ToolSuccess}
 */
function summarize(result) {
  const lines = [`Applied the patch: ${plural(result.files.length, 'file')}.`]
  /** @type {string[]} */
  const notes = []
  for (const f of result.files) {
    lines.push(fileLine(f))
    for (const tier of new Set(f.matchedBy)) {
      if (TIER_NOTES[tier]) notes.push(`Note: in ${f.path}, a hunk ${TIER_NOTES[tier]}.`)
    }
    for (const w of warningsOf(f)) notes.push(`Warning: ${f.path}: ${w}`)
  }
  if (notes.some((n) => n.startsWith('Note:'))) notes.push('Lines you did not change kept their exact bytes; check the diff.')
  for (const note of notes) lines.push(note)
  for (const f of result.files) {
    const diff = f.action === 'delete' ? '' : compactDiff(f.diff)
    if (diff) lines.push(`${f.action === 'move' ? f.movedTo : f.path}:\n${diff}`)
  }
  const files = changes(result)
  /** @type {ToolSuccess} */
  const out = {
    success: true,
    data: lines.join('\n'),
    path: result.files.length > 0 ? result.files[0].path : undefined,
    diff: result.files.map((f) => f.diff).join(''),
    summary: files.map((f) => f.summary).join('\n'),
  }
  const warnings = result.files.flatMap((f) => warningsOf(f).map((w) => `${f.path}: ${w}`))
  if (warnings.length > 0) out.warnings = warnings
  return out
}

/**
 * Applies a patch with every check of the tool set (stale reads of each file, one
 * approval with every file, the AbortSignal) and resolves to the library's result;
 * host shapes that have an apply_patch tool word the result their own way.
 * @param {string} input the patch
 * @param {import('./session.js').Call} call
 * @returns {Promise<PatchResult>}
 */
async function applyPatchChange(input, call) {
  // Read first for the files it names: PATCH_INVALID (with the line) before anything else.
  const parsed = core.parsePatch(input)
  const paths = parsed.files.flatMap((f) => (f.movedTo !== undefined ? [f.path, f.movedTo] : [f.path]))
  return call.change({ paths, compute: patchCompute(call, paths, input), files: changes })
}

/**
 * The library call of a patch on `paths` for `Call.change`, each file at the version
 * the tool set knows of it.
 * @param {import('./session.js').Call} call
 * @param {string[]} paths
 * @param {string} patch
 * @returns {(run: import('./session.js').Run) => Promise<PatchResult>}
 */
function patchCompute(call, paths, patch) {
  return ({ library, expectedVersion }) => {
    /** @type {Record<string, string>} */
    const expectedVersions = {}
    for (const path of paths) {
      const version = expectedVersion(path)
      if (version !== undefined) expectedVersions[path] = version
    }
    return /** @type {Promise<PatchResult>} */ (library('applyPatch', paths, patch, call.options({ expectedVersions, guards: call.guards })))
  }
}

/** @type {ToolBehaviour} */
const applyPatch = {
  operation: 'applyPatch',

  async run(values, call) {
    return summarize(await applyPatchChange(/** @type {string} */ (values.patch), call))
  },
}

module.exports = { applyPatch, applyPatchChange, patchCompute, fileLine, changes }
