// @ts-check
'use strict'

// Keys nobody knows. A host's options object with a key no function knows is the
// host's mistake, and a mistyped `requireRead` or `root` must never switch a guard
// off: it is refused where the object is given, naming the key and the closest known
// one. A model's tool call with an argument no tool knows is ignored but named in the
// result's warnings (models add arguments of their own), with a suggestion when one is
// close.

const { EolEditError } = require('../binding.js')

/**
 * Edit distance between two names, ignoring case and `_`/`-`: `maxreadlines` and
 * `max_read_lines` are the same name mistyped differently.
 * @param {string} a
 * @param {string} b
 */
function distance(a, b) {
  const x = fold(a)
  const y = fold(b)
  /** @type {number[]} */
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j)
  for (let i = 1; i <= x.length; i++) {
    const row = [i]
    for (let j = 1; j <= y.length; j++) {
      const substitute = previous[j - 1] + (x[i - 1] === y[j - 1] ? 0 : 1)
      row.push(Math.min(previous[j] + 1, row[j - 1] + 1, substitute))
    }
    previous = row
  }
  return previous[y.length]
}

/** @param {string} name */
function fold(name) {
  return name.toLowerCase().replace(/[_-]/g, '')
}

/**
 * The known name closest to `name` (the first of equally close ones).
 * @param {string} name
 * @param {readonly string[]} known
 * @returns {string | undefined}
 */
function closest(name, known) {
  let best
  let bestDistance = Infinity
  for (const candidate of known) {
    const d = distance(name, candidate)
    if (d < bestDistance) {
      best = candidate
      bestDistance = d
    }
  }
  return best
}

/**
 * The known name `name` is probably a misspelling of, or undefined when none is close
 * (so that an argument of a model's own, such as `explanation`, gets no suggestion).
 * @param {string} name
 * @param {readonly string[]} known
 */
function likelyMeant(name, known) {
  const best = closest(name, known)
  if (best === undefined) return undefined
  return distance(name, best) <= Math.max(2, Math.floor(fold(name).length / 3)) ? best : undefined
}

/**
 * Throws INVALID_ARGUMENT for the first own key of `options` that is not in `known`,
 * naming it and the closest known key. `where` names the object, e.g.
 * `createTools(options)`.
 * @param {object} options
 * @param {readonly string[]} known
 * @param {string} where
 */
function refuseUnknownKeys(options, known, where) {
  for (const key of Object.keys(options)) {
    if (known.includes(key)) continue
    const near = closest(key, known)
    const hint = known.length === 0 ? 'Leave the options out.' : `Did you mean ${JSON.stringify(near)}?`
    const list = known.length === 0 ? 'it takes no options' : `known: ${known.join(', ')}`
    throw new EolEditError(`${where}: unknown option ${JSON.stringify(key)} (${list}). ${hint}`, {
      code: 'INVALID_ARGUMENT',
      hint,
    })
  }
}

module.exports = { closest, likelyMeant, refuseUnknownKeys }
