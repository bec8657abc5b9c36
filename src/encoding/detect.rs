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
//! - there is evidence: at least [`FEW`] non-ASCII characters, or, in a file with fewer,
//!   every one of them a letter next to another letter, or punctuation next to a
//!   non-ASCII letter, as in words (`café`, `Grüße`, `中文：注释`); a few stray bytes
//!   between ASCII punctuation are no evidence of any encoding.
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
    let guess = Encoding::supported(detector.guess(None, Utf8Detection::Deny))?;
    let window = &bytes[first..end];
    Some(gb18030_when_it_is(
        koi8_r_when_it_can_be(guess, window),
        window,
    ))
}

/// Whether a file decoded in a guessed encoding is likely in it (see the module docs).
pub fn likely(decoded: &Decoded) -> bool {
    decoded.invalid == 0 && !has_c1_control(&decoded.source) && enough_evidence(&decoded.source)
}

/// Below this many non-ASCII characters a guess must also look like words.
pub const FEW: usize = 16;

/// True when `text` (valid UTF-8) has at least [`FEW`] non-ASCII characters, or when
/// every one it has is a letter next to another letter, or punctuation next to a
/// non-ASCII letter (as in `café`, `Grüße` or `中文：注释`, not in `\xFF\r\n` or
/// `(\xC3(`).
fn enough_evidence(text: &[u8]) -> bool {
    // Only the first few non-ASCII characters are looked at: no pass over the file.
    let char_at = |at: usize| {
        let tail = &text[at..text.len().min(at + 4)];
        tail.utf8_chunks()
            .next()
            .and_then(|c| c.valid().chars().next())
    };
    let letter = |c: Option<char>| c.is_some_and(char::is_alphabetic);
    let foreign_letter = |c: Option<char>| c.is_some_and(|c| !c.is_ascii() && c.is_alphabetic());
    let mut at = 0;
    let mut last: Option<(usize, char)> = None;
    let mut seen = 0;
    let mut words = true;
    loop {
        at += encoding_rs::Encoding::ascii_valid_up_to(&text[at..]);
        let Some(c) = char_at(at) else {
            return words;
        };
        seen += 1;
        if seen >= FEW {
            return true;
        }
        let prev = match last {
            Some((end, p)) if end == at => Some(p),
            _ => at.checked_sub(1).map(|i| char::from(text[i])),
        };
        let end = at + c.len_utf8();
        let next = char_at(end);
        // A letter next to a letter, or punctuation (`：`, `«`) next to a non-ASCII
        // letter, as in `中文：注释`.
        let wordy = if c.is_alphabetic() {
            letter(prev) || letter(next)
        } else {
            !c.is_control() && (foreign_letter(prev) || foreign_letter(next))
        };
        words = words && wordy;
        last = Some((end, c));
        at = end;
    }
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
