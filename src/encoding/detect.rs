//! Telling a legacy file's encoding from its bytes, when nothing declares it.
//!
//! `chardetng` is the detector Firefox uses for pages that declare no encoding: it
//! scores every legacy encoding of the Encoding Standard on the bytes (which byte pairs
//! are plausible, how letters are cased, which characters follow each other) and picks
//! the best. Its guess is only taken when it is **likely**:
//!
//! - the file decodes in it without a single malformed sequence, and
//! - the decoded text has no C1 control character (U+0080–U+009F), which real text in
//!   the right encoding does not have, but which single-byte encodings produce for
//!   bytes of another one, and
//! - the detector's window has no control character that text has not
//!   ([`looks_binary`]), and fewer well-formed multi-byte UTF-8 characters than
//!   malformed ones ([`mostly_utf8`]: a damaged UTF-8 file read as windows-1252 shows
//!   `Ã©` and looks like words), and
//! - there is evidence ([`Evidence`]): of the first [`LOOKED_AT`] non-ASCII characters,
//!   all but one in eight stand where real text has them, as a letter in a word of its
//!   script, a word of one letter between words, or a sign in its place (`2,50 €`,
//!   `„Wort“`, `20 °C`, `§ 3`, ` – `), and not all of them are words of one letter.
//!   A few stray bytes between ASCII punctuation (`(\xC3(`, `= \xFF;`) are no
//!   evidence of any encoding.
//!
//! The rule was tuned on real text (Debian's translated manual pages and message
//! catalogues, cut into legacy source files): `scripts/detection/measure.mjs` measures
//! it, and docs/encodings.md gives its figures.
//!
//! Anything else, a short file included whose few non-ASCII bytes fit no encoding
//! cleanly, is read as UTF-8 with the invalid bytes shown as U+FFFD and kept.
//!
//! The detector reads the first [`WINDOW`] bytes from the first non-ASCII one (it
//! decides well long before, and costs about 0.1 µs a byte), and the KOI8 and GB
//! refinements below look at the same window; the whole file is then decoded for the
//! check above.

use chardetng::{EncodingDetector, Iso2022JpDetection, Utf8Detection};

use std::sync::{Mutex, PoisonError};

use xxhash_rust::xxh3::xxh3_128;

use super::{Decoded, Encoding};

/// How many bytes from the first non-ASCII one the detector reads.
pub const WINDOW: usize = 8 * 1024;

/// chardetng's guess for `bytes` (not valid UTF-8, no BOM), before the check of the
/// module docs ([`likely`]).
///
/// The guess depends only on the bytes up to the end of the window (and on whether
/// that is the end of the file), and it costs about 0.7 ms for a full window, so the
/// last 32 guesses are kept by those bytes: an agent that reads a file and then edits
/// it several times pays for one.
pub fn guess(bytes: &[u8]) -> Option<Encoding> {
    let first = encoding_rs::Encoding::ascii_valid_up_to(bytes);
    let end = bytes.len().min(first.saturating_add(WINDOW));
    let key = Key {
        ascii: xxh3_128(&bytes[..first]),
        first,
        window: bytes[first..end].to_vec(),
        whole: end == bytes.len(),
    };
    let mut memo = MEMO.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(at) = memo.iter().position(|(k, _)| *k == key) {
        let hit = memo.remove(at);
        let guess = hit.1;
        memo.push(hit);
        return guess;
    }
    drop(memo);
    let guess = detect(&bytes[..end], first, key.whole);
    let mut memo = MEMO.lock().unwrap_or_else(PoisonError::into_inner);
    if memo.len() >= REMEMBERED {
        memo.remove(0);
    }
    memo.push((key, guess));
    guess
}

/// How many guesses [`guess`] keeps.
const REMEMBERED: usize = 32;

/// What a guess depends on: the ASCII bytes before the window (by their 128-bit hash),
/// the window itself, and whether the window reaches the end of the file.
#[derive(PartialEq, Eq)]
struct Key {
    ascii: u128,
    first: usize,
    window: Vec<u8>,
    whole: bool,
}

/// The last guesses, the most recent last.
static MEMO: Mutex<Vec<(Key, Option<Encoding>)>> = Mutex::new(Vec::new());

/// chardetng's guess for `bytes` (up to the window's end; the window starts at
/// `first`), refined for the GB and KOI8 families.
fn detect(bytes: &[u8], first: usize, whole: bool) -> Option<Encoding> {
    let end = bytes.len();
    let mut detector = EncodingDetector::new(Iso2022JpDetection::Deny);
    detector.feed(bytes, whole);
    // A guess is always a legacy encoding: the bytes are not valid UTF-8, and a guess
    // of UTF-8 would let new text be written as UTF-8 into them.
    let guess = Encoding::supported(detector.guess(None, Utf8Detection::Deny))
        .filter(|e| !e.is_unicode())?;
    let window = &bytes[first..end];
    Some(gb18030_when_it_is(
        koi8_r_when_it_can_be(guess, window),
        window,
    ))
}

/// Whether a file decoded in a guessed encoding is likely in it (see the module docs).
pub fn likely(decoded: &Decoded) -> bool {
    let raw = decoded.raw_body();
    let first = encoding_rs::Encoding::ascii_valid_up_to(raw);
    let window = &raw[first..raw.len().min(first.saturating_add(WINDOW))];
    decoded.invalid == 0
        && !has_c1_control(&decoded.source)
        && !looks_binary(window)
        && !mostly_utf8(window)
        && enough_evidence(&decoded.source)
}

/// How many non-ASCII characters the evidence rule looks at, at most.
pub const LOOKED_AT: usize = 32;

/// True when `text` (valid UTF-8) reads like real text: of its first [`LOOKED_AT`]
/// non-ASCII characters, all but one in eight are evidence ([`Evidence`]), every one of
/// them below eight characters; at least one is more than a word of one letter (or
/// two are such words); letters of an alphabet other than Latin are at least
/// [`ALPHABET_ENOUGH`]; and the Latin letters are one language's ([`one_language`]).
fn enough_evidence(text: &[u8]) -> bool {
    let mut at = 0;
    let mut seen = 0;
    let mut not = 0;
    let mut strong = false;
    let mut lone = 0;
    let mut alphabet = 0;
    while seen < LOOKED_AT {
        at += encoding_rs::Encoding::ascii_valid_up_to(&text[at..]);
        let Some(c) = char_at(text, at) else {
            break;
        };
        seen += 1;
        alphabet += usize::from(is_alphabet(c));
        match Evidence::of(text, at, c) {
            Evidence::Yes => strong = true,
            Evidence::Lone => lone += 1,
            Evidence::No => not += 1,
        }
        at += c.len_utf8();
    }
    let alphabet_enough = alphabet == 0 || alphabet >= ALPHABET_ENOUGH;
    (strong || lone >= LONE_ENOUGH) && not <= seen / 8 && alphabet_enough && one_language(text)
}

/// How many letters of Greek, Cyrillic, Hebrew or Arabic a file needs for a guess: a
/// word or two of these alphabets fits several of their encodings (Greek `το` in
/// windows-1253 is Hebrew `פן` in windows-1255), and the detector picks the wrong one
/// for a third of them; from six letters on it is right nine times in ten.
const ALPHABET_ENOUGH: usize = 6;

/// The non-ASCII letters of the languages written in the Latin single-byte encodings,
/// in small letters, one language a string.
const ALPHABETS: &[&str] = &[
    "äöüß",                   // German
    "àâæçéèêëîïôœùûüÿ",       // French
    "áéíñóúü",                // Spanish
    "àèéìíîòóùú",             // Italian
    "áâãàçéêíóôõúü",          // Portuguese
    "àçéèíïòóúü",             // Catalan
    "áéíóúëïöüèàäêôûç",       // Dutch, with the loanwords' accents
    "æøåéèêóôàü",             // Danish, Norwegian
    "åäöéüà",                 // Swedish
    "äöåšž",                  // Finnish
    "áðéíóúýþæö",             // Icelandic, Faroese
    "äõöüšž",                 // Estonian
    "ąćęłńóśźż",              // Polish
    "áčďéěíňóřšťúůýž",        // Czech
    "áäčďéíĺľňóôŕšťúýž",      // Slovak
    "čćđšžäöü",               // Slovenian, Croatian, Bosnian, Serbian in Latin
    "áéíóöőúüű",              // Hungarian
    "ăâîșțşţ",                // Romanian
    "çğıöşüâîû",              // Turkish
    "ąčęėįšųūž",              // Lithuanian
    "āčēģīķļņšūž",            // Latvian
    "ëç",                     // Albanian
    "áéíóúàèìòù",             // Irish, Scottish Gaelic
    "âêîôûŵŷäëïöüáéíóúàèìòù", // Welsh
    "ċġħżàèìòù",              // Maltese
    "ĉĝĥĵŝŭ",                 // Esperanto
];

/// Letters that text in any of these languages borrows, in names and words such as
/// German `Stück à 2,50 €`, `Café`, `Señor`.
const LOANS: &str = "àáâçéèêíñóôú";

/// True unless the first [`LOOKED_AT`] non-ASCII characters of `text` have Latin
/// letters that no one language writes together: Turkish `ş ğ ı` read as windows-1252
/// show `þ ð ý` beside `ü ç`, Lithuanian in windows-1257 read as windows-1252 shows
/// `ø ð à æ`, and Hungarian `ő` read as windows-1252 is `õ` beside `ö`. Real text keeps
/// to one language's letters and a few common loans ([`LOANS`]); a file that mixes
/// languages further is left undetected, the safe side.
fn one_language(text: &[u8]) -> bool {
    let mut letters: Vec<char> = Vec::new();
    let mut at = 0;
    for _ in 0..LOOKED_AT {
        at += encoding_rs::Encoding::ascii_valid_up_to(&text[at..]);
        let Some(c) = char_at(text, at) else {
            break;
        };
        at += c.len_utf8();
        if is_latin(c) {
            // `İ` is `i` and a combining dot in small letters.
            let small = c.to_lowercase().next().filter(|s| !s.is_ascii());
            if let Some(small) = small.filter(|s| !letters.contains(s)) {
                letters.push(small);
            }
        }
    }
    letters.is_empty()
        || ALPHABETS.iter().any(|alphabet| {
            letters
                .iter()
                .all(|c| alphabet.contains(*c) || LOANS.contains(*c))
        })
}

/// How many one-letter words are evidence without any other.
const LONE_ENOUGH: usize = 2;

/// What one non-ASCII character says about the guess it was decoded with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Evidence {
    /// It stands where real text has such a character.
    Yes,
    /// A word of one letter (`à`, `è`, `в`): real text has them, but so does text in
    /// another script read in the guess (Russian `и` and `а` are windows-1252 `è` and
    /// `à`), so they are evidence only beside other evidence.
    Lone,
    /// Nothing either way, or a sign the guess is wrong.
    No,
}

impl Evidence {
    /// `c`, which starts at `at` in `text`, in its neighbourhood:
    ///
    /// - a letter in a word, as words are in its script: a Latin letter in a word that
    ///   also has an ASCII letter (`café`, `Grüße`; not `Ïðèâåò`, Cyrillic read as
    ///   windows-1252), a letter of another alphabet in a word without ASCII letters
    ///   (`данных`; not `cafщ`), and no capital right after a small letter (`cafÃ`,
    ///   UTF-8 `é` cut short);
    /// - a one-letter word between words ([`Evidence::Lone`]): `à la`, `è un`, `ő is`,
    ///   or any letter of another alphabet (`в доме`);
    /// - a sign where text has it: `€ £ ¥ ¢` next to a number, `– —` between spaces,
    ///   numbers or letters, quotes `„“”‘’‚«»‹›` against a word, `°` after a number or
    ///   `N`, `§ №` before a number, `©` before a year or name, `® ™ ² ³ …` after a
    ///   word, `µ ¿ ¡` before one, `·` and a soft hyphen inside a word, `×` and `±`
    ///   by numbers, a no-break space between words or before punctuation, `º ª` after
    ///   a number or letter;
    /// - CJK punctuation next to a non-ASCII letter (`中文：注释`).
    ///
    /// A byte between ASCII punctuation (`(\xC3(`, `= \xE9;`) is none of these.
    fn of(text: &[u8], at: usize, c: char) -> Evidence {
        let end = at + c.len_utf8();
        let prev = char_before(text, at);
        let next = char_at(text, end);
        // Modifier letters (`ˆ`), `µ` and the ordinals `ª º` are letters to Unicode
        // but signs in text.
        let a_letter = is_latin(c) || is_alphabet(c) || c >= '\u{E00}';
        if c.is_alphabetic() && a_letter {
            letter(text, at, end, c, prev, next)
        } else {
            sign(text, at, end, c, prev, next)
        }
    }
}

/// Latin letters that are words on their own (French, Italian, Portuguese, Spanish,
/// Catalan, Hungarian, Lithuanian).
const ONE_LETTER_WORDS: &str = "àÀèÈéÉòóőŐįùì";

/// See [`Evidence::of`]: a letter.
fn letter(
    text: &[u8],
    at: usize,
    end: usize,
    c: char,
    prev: Option<char>,
    next: Option<char>,
) -> Evidence {
    if !is_latin(c) && !is_alphabet(c) {
        // CJK, kana, Hangul, Thai, …: beside other such text. One alone (between
        // tags, `>新&nbsp;闻<`, or a stray byte that took the `}` after it for a Big5
        // character) counts only beside other evidence.
        let foreign = |n: Option<char>| n.is_some_and(|n| !n.is_ascii());
        return if foreign(prev) || foreign(next) {
            Evidence::Yes
        } else {
            Evidence::Lone
        };
    }
    let alpha = |c: Option<char>| c.is_some_and(char::is_alphabetic);
    // `c'est-à-dire`: a letter joined to words by a hyphen or an apostrophe.
    let joined_before = matches!(prev, Some('-' | '\'' | '’')) && alpha(char_before(text, at - 1));
    let joined_after = matches!(next, Some('-' | '\'' | '’'))
        && alpha(char_at(text, end + next.map_or(0, char::len_utf8)));
    if !alpha(prev) && !alpha(next) && (joined_before || joined_after) {
        return Evidence::Yes;
    }
    if !alpha(prev) && !alpha(next) {
        // A word of one letter between words: a space on one side with a word beyond
        // it, a space or punctuation on the other.
        let space = |c: Option<char>| matches!(c, Some(' ' | '\t' | '\u{A0}'));
        let edge = |c: Option<char>| {
            c.is_none_or(|c| {
                matches!(
                    c,
                    ' ' | '\t'
                        | '\r'
                        | '\n'
                        | '\u{A0}'
                        | ','
                        | '.'
                        | ';'
                        | ':'
                        | '!'
                        | '?'
                        | '"'
                        | '\''
                        | ')'
                        | '»'
                        | '“'
                        | '”'
                        | '\\'
                )
            })
        };
        let word_before =
            space(prev) && alpha(prev.and_then(|p| char_before(text, at - p.len_utf8())));
        let word_after = space(next) && alpha(next.and_then(|n| char_at(text, end + n.len_utf8())));
        let between = (word_before && edge(next))
            || (word_after && (space(prev) || prev.is_none_or(|p| p == '\n')));
        let a_word = ONE_LETTER_WORDS.contains(c) || is_alphabet(c);
        return if between && a_word {
            Evidence::Lone
        } else {
            Evidence::No
        };
    }
    if prev.is_some_and(char::is_lowercase) && c.is_uppercase() {
        return Evidence::No;
    }
    // The word around `c`, as far as the evidence needs it.
    let mut ascii_letters = 0;
    let mut scan = |mut i: usize, forward: bool| {
        for _ in 0..32 {
            let ch = if forward {
                char_at(text, i)
            } else {
                char_before(text, i)
            };
            match ch {
                Some(ch) if ch.is_alphabetic() => {
                    if ch.is_ascii() {
                        ascii_letters += 1;
                    }
                    i = if forward {
                        i + ch.len_utf8()
                    } else {
                        i - ch.len_utf8()
                    };
                }
                _ => break,
            }
        }
    };
    scan(at, false);
    scan(end, true);
    let fits = if is_latin(c) {
        ascii_letters > 0
    } else {
        ascii_letters == 0
    };
    if fits {
        Evidence::Yes
    } else {
        Evidence::No
    }
}

/// See [`Evidence::of`]: a sign, punctuation or space.
fn sign(
    text: &[u8],
    at: usize,
    end: usize,
    c: char,
    prev: Option<char>,
    next: Option<char>,
) -> Evidence {
    let alpha = |c: Option<char>| c.is_some_and(char::is_alphabetic);
    let digit = |c: Option<char>| c.is_some_and(|c| c.is_ascii_digit());
    let word = |c: Option<char>| alpha(c) || digit(c);
    let space = |c: Option<char>| matches!(c, Some(' ' | '\u{A0}'));
    let edge = |c: Option<char>| {
        c.is_none_or(|c| {
            c.is_whitespace()
                || matches!(
                    c,
                    ',' | '.' | ';' | ':' | '!' | '?' | ')' | '(' | '"' | '\''
                )
        })
    };
    // The character one space further on each side (`2,50 €`, `« mot »`).
    let before = if space(prev) {
        prev.and_then(|p| char_before(text, at - p.len_utf8()))
    } else {
        prev
    };
    let after = if space(next) {
        next.and_then(|n| char_at(text, end + n.len_utf8()))
    } else {
        next
    };
    let open = |c: Option<char>| {
        c.is_none_or(|c| c.is_whitespace() || matches!(c, '(' | '[' | '"' | '\''))
    };
    if ('\u{3000}'..='\u{303F}').contains(&c) || ('\u{FF00}'..='\u{FFEF}').contains(&c) {
        // CJK punctuation beside CJK text; alone, as a letter alone is.
        let foreign = |c: Option<char>| c.is_some_and(|c| !c.is_ascii() && c.is_alphabetic());
        return if foreign(prev) || foreign(next) {
            Evidence::Yes
        } else {
            Evidence::Lone
        };
    }
    let yes = match c {
        // `2,50 €`, `€5`, `(£3)`: a number on one side, a space or an end on the other.
        '€' | '£' | '¥' | '¢' => {
            (digit(before) && (edge(next) || alpha(next))) || (digit(after) && open(prev))
        }
        // `bits—,`, ` – `, `1–5`, and a dash ending a line after a space.
        '–' | '—' => {
            let ends = |c: Option<char>| c.is_none_or(|c| matches!(c, ' ' | '\r' | '\n'));
            (word(prev) && (word(next) || edge(next)))
                || (space(prev) && ends(next) && (word(before) || word(after)))
        }
        '•' => space(next) && open(prev),
        // Against a word (`„Wort“`, `l’été`); French `« mot »` with a space inside.
        '„' | '“' | '”' | '‘' | '’' | '‚' | '‹' | '›' => word(prev) || word(next),
        '«' | '»' => word(prev) || word(next) || alpha(before) || alpha(after),
        '°' => digit(before) || prev == Some('N') || matches!(next, Some('C' | 'F')),
        '§' | '№' => digit(after) && open(prev),
        '©' | '®' => word(before) || word(after),
        '™' | '²' | '³' | '¹' => word(prev),
        '…' => {
            word(prev)
                || word(next)
                || (space(prev) && word(after))
                || (space(next) && word(before))
        }
        'µ' | '¿' | '¡' => (alpha(next) || digit(next)) && (open(prev) || digit(prev)),
        '·' | '\u{AD}' => alpha(prev) && alpha(next) || space(prev) && space(next),
        '×' => word(before) && word(after),
        '±' => digit(after) && open(prev),
        '\u{A0}' => {
            word(prev) && (word(next) || matches!(next, Some(':' | ';' | '!' | '?' | '»' | '%')))
                || prev == Some('«') && word(next)
        }
        'º' | 'ª' => word(prev),
        '½' | '¼' | '¾' => digit(prev) || digit(next) || (space(prev) && space(next)),
        // CJK punctuation beside CJK text.
        _ => false,
    };
    if yes {
        Evidence::Yes
    } else {
        Evidence::No
    }
}

/// True for the Latin letters of the single-byte encodings (U+00C0–U+024F, U+1E00–U+1EFF).
fn is_latin(c: char) -> bool {
    matches!(c, '\u{C0}'..='\u{24F}' | '\u{1E00}'..='\u{1EFF}') && c != '×' && c != '÷'
}

/// True for the letters of alphabets whose words have no ASCII letters: Greek,
/// Cyrillic, Armenian, Hebrew, Arabic (CJK, kana and Hangul mix with ASCII freely).
fn is_alphabet(c: char) -> bool {
    matches!(c, '\u{370}'..='\u{6FF}')
}

/// The character that starts at `at` in `text` (valid UTF-8), if any.
fn char_at(text: &[u8], at: usize) -> Option<char> {
    let tail = &text[at.min(text.len())..text.len().min(at + 4)];
    tail.utf8_chunks()
        .next()
        .and_then(|c| c.valid().chars().next())
}

/// The character that ends at `at` in `text` (valid UTF-8), if any.
fn char_before(text: &[u8], at: usize) -> Option<char> {
    let mut start = at.checked_sub(1)?;
    while start > 0 && at - start < 4 && (text[start] & 0xC0) == 0x80 {
        start -= 1;
    }
    char_at(text, start)
}

/// True when the window has C0 control characters that text has not (anything but
/// tab, line feed, vertical tab, form feed, carriage return and escape) or DEL: a
/// binary file without NUL bytes, not a legacy text.
fn looks_binary(window: &[u8]) -> bool {
    window
        .iter()
        .any(|&b| matches!(b, 0x01..=0x08 | 0x0E..=0x1A | 0x1C..=0x1F | 0x7F))
}

/// True when the window holds at least as many well-formed multi-byte UTF-8 characters
/// as malformed sequences: a UTF-8 file that was cut short or damaged, whose reading in
/// a legacy encoding would show mojibake (`Ã©`). Legacy text has almost none: its
/// non-ASCII bytes seldom happen to form UTF-8.
fn mostly_utf8(window: &[u8]) -> bool {
    let (mut valid, mut invalid) = (0usize, 0usize);
    for chunk in window.utf8_chunks() {
        valid += chunk.valid().chars().filter(|c| !c.is_ascii()).count();
        invalid += usize::from(!chunk.invalid().is_empty());
    }
    valid > 0 && valid >= invalid
}

/// True when UTF-8 `text` has a character U+0080..=U+009F (`C2 80`..=`C2 9F`).
fn has_c1_control(text: &[u8]) -> bool {
    memchr::memchr_iter(0xC2, text).any(|at| matches!(text.get(at + 1), Some(0x80..=0x9F)))
}

/// chardetng names the GB family GBK. GBK and gb18030 decode alike; only gb18030 can
/// write the four-byte forms (a lead byte, then 0x30..=0x39), so a file that has them
/// in the detector's window is gb18030 (a GBK file with four-byte forms only further on
/// stays gbk: pass `encoding: 'gb18030'` for it).
fn gb18030_when_it_is(guess: Encoding, bytes: &[u8]) -> Encoding {
    if guess.whatwg() != encoding_rs::GBK {
        return guess;
    }
    let mut i = 0;
    while i + 1 < bytes.len() {
        match bytes[i] {
            0x81..=0xFE if (0x30..=0x39).contains(&bytes[i + 1]) => {
                return Encoding(encoding_rs::GB18030)
            }
            0x81..=0xFE => i += 2,
            _ => i += 1,
        }
    }
    guess
}

/// chardetng names the KOI8 family KOI8-U. KOI8-R and KOI8-U differ only in eight
/// bytes (Ukrainian letters in KOI8-U, box drawing in KOI8-R); a detector window with
/// none of them is Russian text, and KOI8-R is its name.
fn koi8_r_when_it_can_be(guess: Encoding, bytes: &[u8]) -> Encoding {
    const DIFFERENT: &[u8] = &[0xA4, 0xA6, 0xA7, 0xAD, 0xB4, 0xB6, 0xB7, 0xBD];
    if guess.whatwg() == encoding_rs::KOI8_U && !bytes.iter().any(|b| DIFFERENT.contains(b)) {
        Encoding(encoding_rs::KOI8_R)
    } else {
        guess
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Remembered guesses are the detector's own, and a change anywhere in what the
    /// guess depends on (the ASCII before the window, the window, the end of the file)
    /// asks the detector again.
    #[test]
    fn a_remembered_guess_is_the_one_the_detector_gives_for_the_same_bytes() {
        let cyrillic = encoding_rs::WINDOWS_1251
            .encode("Привет, как дела? Всё хорошо.\r\n")
            .0;
        let latin = encoding_rs::WINDOWS_1252
            .encode("Grüße aus München, schöne Straße.\r\n")
            .0;
        let files: Vec<Vec<u8>> = vec![
            [b"// header\r\n".as_slice(), &cyrillic].concat(),
            [b"// header\r\n".as_slice(), &latin].concat(),
            // The same window after another ASCII prefix.
            [b"/* other */\r\n".as_slice(), &cyrillic].concat(),
            // The same window, then more bytes: no longer the whole file.
            [b"// header\r\n".as_slice(), &cyrillic, &latin.repeat(300)].concat(),
        ];
        for _ in 0..3 {
            for bytes in &files {
                let first = encoding_rs::Encoding::ascii_valid_up_to(bytes);
                let end = bytes.len().min(first + WINDOW);
                let fresh = detect(&bytes[..end], first, end == bytes.len());
                assert_eq!(guess(bytes), fresh);
            }
        }
        assert_eq!(guess(&files[0]), Some(Encoding(encoding_rs::WINDOWS_1251)));
        assert_eq!(guess(&files[1]), Some(Encoding(encoding_rs::WINDOWS_1252)));
    }

    /// The memory keeps at most [`REMEMBERED`] guesses.
    #[test]
    fn the_memory_of_guesses_is_bounded() {
        for i in 0..REMEMBERED * 2 {
            let bytes = [format!("// {i}\r\n").as_bytes(), &[0xE9, b't', 0xE9][..]].concat();
            guess(&bytes);
        }
        assert!(MEMO.lock().unwrap().len() <= REMEMBERED);
    }
}
