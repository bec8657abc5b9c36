//! A host's own read tool telling the read state what it read ([`ReadState::mark_read`]).
//!
//! There is no function that hashes text the way the library hashes a file, so for a
//! read given by its content the file is read now, and its version taken only if what
//! the host read shows that the file is still as it was:
//!
//! - bytes: the file's bytes, exactly;
//! - text: the text the library shows of the file now, compared in its
//!   line-ending-neutral view (a leading BOM aside, every ending as `\n`: so a host
//!   that read CRLF, or turned it into LF, matches either way): writing that text back
//!   changes no byte of the file (kept lines keep their bytes), so it is the file the
//!   model saw; or, for a file that is not UTF-8, its bytes read one for one as
//!   Latin-1, which only these bytes give.
//!
//! Any other text is not compared by decoding the file some other way: a text can
//! decode equal from other bytes (UTF-8 with replacement characters stands for every
//! invalid byte alike; mojibake of a file since repaired reads like the repaired bytes
//! in Latin-1), and the model writing back what it saw would then undo a change it
//! never saw. A file that does not have what the host read is recorded as stale: every
//! change to it fails with `FILE_CHANGED` until it is read again. A file the library
//! cannot read (gone, binary) is forgotten.

use std::path::Path;

use super::{absolute, real_key, ReadState, STALE};
use crate::api::options::ReadOptions;
use crate::api::version::Version;
use crate::eol;
use crate::file;

/// What a host's read tool read of a file.
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MarkRead<'a> {
    /// The version the library gave the file (a read, or a write's result).
    Version(&'a str),
    /// The text the host read (see the module's docs for how it is compared).
    Text(&'a str),
    /// The bytes the host read.
    Bytes(&'a [u8]),
}

/// What [`ReadState::mark_read`] recorded.
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Marked {
    /// The file as it is now (the version given, or the one of a file that still has
    /// what the host read).
    Current,
    /// A file that no longer has what the host read: every change to it fails with
    /// `FILE_CHANGED` until it is read again.
    Stale,
    /// A file the library cannot read (gone, or not text): forgotten.
    Forgotten,
}

impl ReadState {
    /// Records that the model has seen `path` as it is at a version, or as the text or
    /// the bytes a host read (see the module's docs). A read of the whole file as text
    /// the library shows keeps its lines as seen, for a later `FILE_CHANGED`.
    pub fn mark_read(&self, path: &str, cwd: Option<&Path>, read: MarkRead<'_>) -> Marked {
        let spelling = absolute(path, cwd);
        let key = real_key(&spelling);
        // The host may have seen the file at another size than a tool set last did.
        self.lock().sizes.remove(&key);
        let (text, bytes) = match read {
            MarkRead::Version(version) => {
                self.lock().record(spelling, key, version);
                return Marked::Current;
            }
            MarkRead::Text(text) => (Some(text.as_bytes()), None),
            MarkRead::Bytes(bytes) => (None, Some(bytes)),
        };
        // maxBytes 0: the host has read the file already, whatever its size.
        let options = ReadOptions {
            max_bytes: 0,
            ..ReadOptions::default()
        };
        let loaded = match options.file_options().and_then(|o| file::load(&key, &o)) {
            Ok(loaded) => loaded,
            Err(_) => {
                self.lock().forget(&spelling, &key);
                return Marked::Forgotten;
            }
        };
        let version = Version::reported(&loaded.version).to_string();
        let len = loaded.len;
        let shown = eol::to_lf(&loaded.decoded.source);
        if let Some(text) = text {
            if *eol::to_lf(strip_bom(text)) == *shown {
                let content = String::from_utf8_lossy(&shown).into_owned();
                let total =
                    eol::info(&loaded.decoded.source).line_count(loaded.decoded.source.is_empty());
                let mut inner = self.lock();
                inner.record(spelling, key.clone(), &version);
                // The host read the whole file: the model saw every line of it.
                let lines = super::seen::split_lines(&content);
                inner.saw(key, &version, 1, lines, total, len);
                return Marked::Current;
            }
        }
        drop(shown);
        let raw = loaded.decoded.into_raw();
        let same = match (text, bytes) {
            (_, Some(bytes)) => raw == bytes,
            // One text, one byte sequence: equal Latin-1 text is equal bytes.
            (Some(text), None) => {
                std::str::from_utf8(&raw).is_err()
                    && *eol::to_lf(&latin1(&raw)) == *eol::to_lf(strip_bom(text))
            }
            (None, None) => false,
        };
        let mut inner = self.lock();
        if same {
            inner.record(spelling, key, &version);
            Marked::Current
        } else {
            inner.record(spelling, key, STALE);
            Marked::Stale
        }
    }

    /// Records `path` as stale, as [`mark_read`](ReadState::mark_read) does a file
    /// that does not have what the host read: for a host's read no file can have (a
    /// JavaScript string with a lone surrogate).
    pub fn mark_stale(&self, path: &str, cwd: Option<&Path>) {
        let spelling = absolute(path, cwd);
        let key = real_key(&spelling);
        let mut inner = self.lock();
        inner.sizes.remove(&key);
        inner.record(spelling, key, STALE);
    }
}

/// Text without a leading byte order mark.
fn strip_bom(text: &[u8]) -> &[u8] {
    text.strip_prefix("\u{feff}".as_bytes()).unwrap_or(text)
}

/// Bytes read one for one as Latin-1 (U+0000 to U+00FF), as UTF-8.
fn latin1(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len() + bytes.len() / 2);
    for &b in bytes {
        let mut buf = [0u8; 2];
        out.extend_from_slice(char::from(b).encode_utf8(&mut buf).as_bytes());
    }
    out
}
