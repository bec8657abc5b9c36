//! Decoded views of large multi-byte files, carried from one edit to the next.
//!
//! Decoding is the costly step of an edit of a legacy file: about 0.7 ns a byte of GBK
//! text a thread, which for a 4 MiB file is as much as all the rest of the edit. An
//! agent edits the same file several times in a row, and an edit knows exactly what it
//! wrote: the old text with its changes, each encoded and copied between raw ranges
//! that decode as they did before. So after a successful write the new text is
//! remembered with the map of the new bytes, keyed by a 128-bit hash of those bytes
//! (the hash the file's version uses), and the next decode of exactly those bytes in the
//! same encoding takes it instead of decoding again. A read gives back the view it
//! decoded the same way, so the edit that follows a read does not decode either.
//!
//! A view is only remembered when it is certain to be what decoding the new bytes
//! gives: a multi-byte encoding (line-ending bytes are clean points, and every point
//! between two characters is one), a file with no malformed sequence, and every change
//! encoded to bytes that decode back to exactly its text. A remembered view is taken
//! (not copied) by the decode that uses it; at most [`MAX_VIEWS`] views and
//! [`MAX_BYTES`] of text are kept, the oldest dropped first.

use std::ops::Range;
use std::sync::{Mutex, PoisonError};

use xxhash_rust::xxh3::xxh3_128;

use super::Encoding;

/// Files from this size on are remembered (smaller ones decode in well under 0.2 ms).
pub const FROM: usize = 256 * 1024;

/// How many views are kept at most.
pub const MAX_VIEWS: usize = 8;

/// How many bytes of text all kept views hold at most.
pub const MAX_BYTES: usize = 64 * 1024 * 1024;

/// One change of a write, in the old text and in the old raw bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    /// The replaced range of the old text.
    pub source: Range<usize>,
    /// The replaced range of the old raw bytes (clean points).
    pub raw: Range<usize>,
    /// The new text.
    pub text: Vec<u8>,
    /// The length of the new text's encoded bytes.
    pub encoded_len: usize,
}

/// What a write did to a remembered-capable view: its changes, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Edit {
    /// The changed ranges, in order.
    pub changes: Vec<Change>,
}

/// A decoded text and its anchors (`(text offset, raw offset)` clean points, the first
/// `(0, 0)`).
pub type View = (Vec<u8>, Vec<(usize, usize)>);

#[derive(PartialEq, Eq)]
struct Key {
    encoding: Encoding,
    hash: u128,
    len: usize,
}

static VIEWS: Mutex<Vec<(Key, View)>> = Mutex::new(Vec::new());

/// The remembered view of `raw` in `encoding`, taken out of the memory; `None` when
/// there is none (or `raw` is too small to be remembered). `hash` is the xxh3-128 of
/// `raw` when the caller has it (else it is computed here, if needed).
pub fn take(encoding: Encoding, raw: &[u8], hash: Option<u128>) -> Option<View> {
    if raw.len() < FROM {
        return None;
    }
    let mut views = VIEWS.lock().unwrap_or_else(PoisonError::into_inner);
    // Hashed only when a view of this length and encoding is kept.
    if !views
        .iter()
        .any(|(k, _)| k.len == raw.len() && k.encoding == encoding)
    {
        return None;
    }
    let key = Key {
        encoding,
        hash: hash.unwrap_or_else(|| xxh3_128(raw)),
        len: raw.len(),
    };
    let at = views.iter().position(|(k, _)| *k == key)?;
    Some(views.remove(at).1)
}

/// Remembers the view of the bytes a write produced: `old` (the old text and anchors)
/// with `edit` applied, for new raw bytes of `new_len` bytes hashing to `new_hash`.
pub fn remember(encoding: Encoding, old: View, edit: &Edit, new_hash: u128, new_len: usize) {
    if new_len >= FROM {
        keep(encoding, apply(old, edit), new_hash, new_len);
    }
}

/// Remembers `view` as the decoding of raw bytes of `len` bytes hashing to `hash` (a
/// read gives back the view it decoded).
pub fn keep(encoding: Encoding, view: View, hash: u128, len: usize) {
    if len < FROM {
        return;
    }
    let mut views = VIEWS.lock().unwrap_or_else(PoisonError::into_inner);
    let key = Key {
        encoding,
        hash,
        len,
    };
    views.retain(|(k, _)| *k != key);
    views.push((key, view));
    while views.len() > MAX_VIEWS
        || views.iter().map(|(_, (text, _))| text.len()).sum::<usize>() > MAX_BYTES
    {
        views.remove(0);
    }
}

/// `old` with `edit`'s changes made: the new text, and the anchors that lie outside
/// every change, moved by the changes before them.
pub fn apply((mut text, anchors): View, edit: &Edit) -> View {
    let changes = &edit.changes;
    if let [one] = &changes[..] {
        text.splice(one.source.clone(), one.text.iter().copied());
    } else {
        let grown: usize = changes.iter().map(|c| c.text.len()).sum();
        let mut new = Vec::with_capacity(text.len() + grown);
        let mut copied = 0;
        for change in changes {
            new.extend_from_slice(&text[copied..change.source.start]);
            new.extend_from_slice(&change.text);
            copied = change.source.end;
        }
        new.extend_from_slice(&text[copied..]);
        text = new;
    }
    let mut moved = vec![(0, 0)];
    let (mut text_shift, mut raw_shift) = (0isize, 0isize);
    let mut next = 0;
    for (at, raw) in anchors {
        while next < changes.len() && changes[next].source.end <= at {
            let c = &changes[next];
            debug_assert!(
                c.raw.end <= raw,
                "anchors and changes are clean points in order"
            );
            text_shift += c.text.len() as isize - c.source.len() as isize;
            raw_shift += c.encoded_len as isize - c.raw.len() as isize;
            next += 1;
        }
        if next < changes.len() && at > changes[next].source.start {
            // Inside a change: its text is new.
            continue;
        }
        let point = (
            (at as isize + text_shift) as usize,
            (raw as isize + raw_shift) as usize,
        );
        if moved.last() != Some(&point) {
            moved.push(point);
        }
    }
    (text, moved)
}
