// @ts-check
'use strict'

// Text cut to a budget of characters, for what a model reads (a long line of a read, the
// start of a text a result quotes). The budget counts UTF-16 units, as a JavaScript string's length
// does, but the cut is made where a reader can take it: never between the two halves
// of a surrogate pair, since a lone `\ud83d` is not text (Anthropic's API answers it with
// 400 "no low surrogate in string", and then every later request of the conversation,
// which keeps the tool result), and not inside a character with its combining marks or a
// joined emoji either, when the start of that cluster is near. Where to cut is the
// core's (`cutLength`, the same cut as the Python tools').

const { cutLength } = require('../binding.js')

/**
 * The longest start of `text` of at most `max` UTF-16 units that ends at a character
 * boundary: `text` itself when it fits.
 * @param {string} text
 * @param {number} max
 * @returns {string}
 */
function cutText(text, max) {
  if (text.length <= max) return text
  return text.slice(0, cutLength(text, Math.max(0, Math.floor(max))))
}

module.exports = { cutText }
