//! The `version` of a file: a hash of its raw bytes, BOM included.
//!
//! A caller passes it back as `expectedVersion` to say "edit the file I read, not a
//! newer one". xxh3-128 hashes at memory speed, and 128 bits make an accidental
//! collision between two versions of one file negligible. It is not a cryptographic
//! hash: it detects change, it does not authenticate.

use std::io::{self, Read};

use xxhash_rust::xxh3::{xxh3_128, Xxh3};

/// The `expectedVersion` that says "this file must not exist": no file has it (a
/// version is 32 hex digits). A write with it creates the file, and fails with
/// `FILE_CHANGED` when the file exists by then, as when another process created it
/// after the caller saw that it was not there.
pub const ABSENT: &str = "";

/// The version of raw file bytes: xxh3-128 as 32 lowercase hex digits.
///
/// ```
/// let v = eol_edit::internals::file::version::version(b"a\r\n");
/// assert_eq!(v.len(), 32);
/// assert_ne!(v, eol_edit::internals::file::version::version(b"a\n"));
/// ```
pub fn version(bytes: &[u8]) -> String {
    format!("{:032x}", xxh3_128(bytes))
}

/// The xxh3-128 hash a version names.
pub fn hash(version: &str) -> Option<u128> {
    u128::from_str_radix(version, 16).ok()
}

/// The version of everything `reader` yields, read in chunks: the same value as
/// [`version`] of those bytes, without holding them all in memory.
pub fn version_of(mut reader: impl Read) -> io::Result<String> {
    let mut hasher = Xxh3::new();
    // Small enough to allocate for every check, large enough to read at disk speed.
    let mut chunk = vec![0u8; 64 * 1024];
    loop {
        match reader.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => hasher.update(&chunk[..n]),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(format!("{:032x}", hasher.digest128()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn version_is_32_hex_digits_and_stable() {
        let v = version(b"");
        assert_eq!(v.len(), 32);
        assert!(v
            .bytes()
            .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase()));
        assert_eq!(v, version(b""));
    }

    #[test]
    fn streamed_version_equals_the_version_of_the_bytes() {
        let bytes: Vec<u8> = (0..1_000_000u32).map(|i| (i * 7 % 251) as u8).collect();
        assert_eq!(version_of(&bytes[..]).unwrap(), version(&bytes));
        assert_eq!(version_of(&b""[..]).unwrap(), version(b""));
    }

    #[test]
    fn version_sees_endings_and_bom() {
        assert_ne!(version(b"a\r\n"), version(b"a\n"));
        assert_ne!(version(b"\xEF\xBB\xBFa"), version(b"a"));
    }
}
