// @ts-check
'use strict'

// Text cut to a budget of characters, for what a model reads (a long line of a read, the
// start of a text a result quotes). The budget counts UTF-16 units, as a JavaScript string's length
// does, but the cut is made where a reader can take it: never between the two halves
// of a surrogate pair, since a lone `\ud83d` is not text (Anthropic's API answers it with
// 400 "no low surrogate in string", and then every later request of the conversation,
// which keeps the tool result), and not inside a character with its combining marks or a
// joined emoji either, when the start of that cluster is near.

/** Grapheme clusters, where the runtime has Intl.Segmenter (Node's builds all do). */
const GRAPHEMES = typeof Intl === 'object' && typeof Intl.Segmenter === 'function' ? new Intl.Segmenter('en', { granularity: 'grapheme' }) : undefined

/**
 * How many units a cut goes back to the start of a grapheme cluster; from a longer
 * cluster (a character under dozens of combining marks) the cut keeps part of it, at
 * a code point.
 */
const CLUSTER_BACK = 32

/** @param {number} unit */
const isHigh = (unit) => unit >= 0xd800 && unit <= 0xdbff

/** @param {number} unit */
const isLow = (unit) => unit >= 0xdc00 && unit <= 0xdfff

/**
 * The longest start of `text` of at most `max` UTF-16 units that ends at a character
 * boundary: `text` itself when it fits.
 * @param {string} text
 * @param {number} max
 * @returns {string}
 */
function cutText(text, max) {
  if (text.length <= max) return text
  if (max <= 0) return ''
  let end = max
  if (isHigh(text.charCodeAt(end - 1)) && isLow(text.charCodeAt(end))) end--
  if (GRAPHEMES !== undefined && end > 0) {
    // Whether `end` is a cluster boundary depends on the text before it and the code
    // point after it only, so the text up to that code point is enough to segment.
    const window = text.slice(0, end + 2)
    const cluster = GRAPHEMES.segment(window).containing(end)
    if (cluster !== undefined && cluster.index > 0 && end - cluster.index <= CLUSTER_BACK) end = cluster.index
  }
  return text.slice(0, end)
}

module.exports = { cutText }
