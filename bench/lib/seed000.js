'use strict'
// Seed 000's JavaScript pipeline (dskcode's CRLF fix), written out as the seed
// describes it, so the benchmark compares against what it replaces:
//
//   read as UTF-8 -> toLf (two regex replaces) -> indexOf twice (not found /
//   several matches) -> slice + join in the LF view -> normalizeEol (replace,
//   split on "\n", join with the original's ending, fix the final newline) -> write.
//
// detectEol follows the seed's description ("is the original \r\n or \n?"): the
// first ending found decides, an empty text is "\n". Nothing here is optimized on
// purpose: this is the baseline.

const fs = require('node:fs')
const fsp = require('node:fs/promises')

function toLf(text) {
  if (!text.includes('\r')) return text
  return text.replace(/\r\n/g, '\n').replace(/\r/g, '\n')
}

function detectEol(text) {
  if (text.length === 0) return '\n'
  const crlfIdx = text.indexOf('\r\n')
  const lfIdx = text.indexOf('\n')
  if (crlfIdx !== -1 && (lfIdx === -1 || crlfIdx <= lfIdx)) return '\r\n'
  return '\n'
}

function hasTrailingNewline(text) {
  return text.endsWith('\n') || text.endsWith('\r\n')
}

function normalizeEol(originalContent, newContent) {
  const targetEol = detectEol(originalContent)
  const lines = newContent.replace(/\r\n/g, '\n').split('\n')
  const originalHasTrailing = hasTrailingNewline(originalContent)
  const newHasTrailing = lines.length > 0 && lines[lines.length - 1] === ''
  let result = lines.join(targetEol)
  if (originalHasTrailing && !newHasTrailing) result += targetEol
  if (!originalHasTrailing && newHasTrailing) {
    if (result.endsWith(targetEol)) result = result.slice(0, -targetEol.length)
  }
  return result
}

class EditError extends Error {
  constructor(code, message) {
    super(message)
    this.code = code
  }
}

/** The in-memory half of edit_file: LF-view match, slice-join, normalizeEol. */
function editContent(content, oldText, newText) {
  const contentN = toLf(content)
  const oldTextN = toLf(oldText)
  const firstIndex = contentN.indexOf(oldTextN)
  if (firstIndex === -1) throw new EditError('TEXT_NOT_FOUND', 'old_text not found')
  const secondIndex = contentN.indexOf(oldTextN, firstIndex + 1)
  if (secondIndex !== -1) throw new EditError('TEXT_MULTIPLE_MATCHES', 'old_text found more than once')
  const newContentN =
    contentN.slice(0, firstIndex) + toLf(newText) + contentN.slice(firstIndex + oldTextN.length)
  return normalizeEol(content, newContentN)
}

/** edit_file, synchronous: readFileSync, editContent, writeFileSync. */
function editFileSync(filePath, oldText, newText) {
  const content = fs.readFileSync(filePath, 'utf-8')
  fs.writeFileSync(filePath, editContent(content, oldText, newText), 'utf-8')
}

/** edit_file as the seed has it: await readFile, editContent, await writeFile. */
async function editFile(filePath, oldText, newText) {
  const content = await fsp.readFile(filePath, 'utf-8')
  await fsp.writeFile(filePath, editContent(content, oldText, newText), 'utf-8')
}

/** multi_edit's loop (one read, every edit in the LF view, one normalizeEol, one write). */
function multiEditSync(filePath, edits) {
  const originalContent = fs.readFileSync(filePath, 'utf-8')
  let current = toLf(originalContent)
  for (const step of edits) {
    const oldTextN = toLf(step.oldText)
    const newTextN = toLf(step.newText)
    const firstIdx = current.indexOf(oldTextN)
    if (firstIdx === -1) throw new EditError('TEXT_NOT_FOUND', 'old_text not found')
    if (current.indexOf(oldTextN, firstIdx + 1) !== -1) {
      throw new EditError('TEXT_MULTIPLE_MATCHES', 'old_text found more than once')
    }
    current = current.slice(0, firstIdx) + newTextN + current.slice(firstIdx + oldTextN.length)
  }
  fs.writeFileSync(filePath, normalizeEol(originalContent, current), 'utf-8')
}

module.exports = {
  toLf,
  detectEol,
  hasTrailingNewline,
  normalizeEol,
  editContent,
  editFileSync,
  editFile,
  multiEditSync,
}
