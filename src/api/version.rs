//! A file's version as a value: what results report and what the options that guard a
//! change expect.

use std::fmt;
use std::str::FromStr;

use crate::error::Error;
use crate::message::{parts, Name};

/// The version of a file: the xxh3-128 hash of its bytes (BOM and endings included),
/// shown as 32 lowercase hex digits, the `version` string of the JavaScript library.
///
/// Every result carries the version of the file it read or wrote; pass it back as
/// [`EditOptions::expected_version`](crate::EditOptions::expected_version) to refuse a
/// change to a file that changed meanwhile (`FILE_CHANGED`). It detects change; it is
/// not a cryptographic hash and authenticates nothing.
///
/// ```
/// use eol_edit::Version;
///
/// let version: Version = "0123456789abcdef0123456789ABCDEF".parse().unwrap();
/// assert_eq!(version.to_string(), "0123456789abcdef0123456789abcdef");
/// assert_eq!(Version::of(b"a\r\n"), Version::of(b"a\r\n"));
/// assert_ne!(Version::of(b"a\r\n"), Version::of(b"a\n"));
/// assert!("xxh3-0123".parse::<Version>().is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Version(u128);

impl Version {
    /// The version of these bytes, as [`read_file`](crate::read_file) would report for a
    /// file that holds them.
    pub fn of(bytes: &[u8]) -> Version {
        Version(xxhash_rust::xxh3::xxh3_128(bytes))
    }

    /// The 128-bit hash.
    pub fn as_u128(self) -> u128 {
        self.0
    }

    /// A version the file layer reported (always 32 hex digits).
    pub(crate) fn reported(text: &str) -> Version {
        crate::file::version::hash(text)
            .map(Version)
            .unwrap_or_else(|| unreachable!("the file layer's versions are 32 hex digits"))
    }
}

impl From<u128> for Version {
    fn from(hash: u128) -> Self {
        Version(hash)
    }
}

impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:032x}", self.0)
    }
}

impl fmt::Debug for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Version({self})")
    }
}

impl FromStr for Version {
    type Err = Error;

    /// Exactly 32 hex digits (either case); anything else is `INVALID_ARGUMENT`.
    fn from_str(text: &str) -> Result<Self, Error> {
        let hex = text.len() == 32 && text.bytes().all(|b| b.is_ascii_hexdigit());
        match hex.then(|| u128::from_str_radix(text, 16).ok()).flatten() {
            Some(hash) => Ok(Version(hash)),
            None => Err(Error::invalid(parts![
                Name::ExpectedVersion,
                format!(" must be a version (32 hex digits, as results report it), not {text:?}.")
            ])
            .with_argument(Name::ExpectedVersion)),
        }
    }
}

/// What a change expects of the file before it writes: the guard of
/// [`EditOptions::expected_version`](crate::EditOptions::expected_version) and
/// [`PatchOptions::expected_versions`](crate::PatchOptions::expected_versions).
/// Anything else is `FILE_CHANGED`, and nothing is written.
///
/// ```
/// use eol_edit::{EditOptions, Expected, Version};
///
/// // Edit the file only as it was read.
/// let read = Version::of(b"x\n");
/// let edit = EditOptions::default().with_expected_version(read);
/// assert_eq!(edit.expected_version, Some(Expected::Version(read)));
/// // Create the file, but never replace one another process created meanwhile.
/// let create = EditOptions::default().with_expected_version(Expected::Absent);
/// assert_eq!(create.expected_version, Some(Expected::Absent));
/// ```
///
/// With serde: `"absent"` or `{"version": "…"}`.
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Expected {
    /// The file still has this version.
    Version(Version),
    /// The file does not exist.
    Absent,
    /// A binding's version text that is no version (JavaScript passes strings through
    /// as they are): no file has it, and the `FILE_CHANGED` message quotes it.
    #[doc(hidden)]
    #[cfg_attr(feature = "serde", serde(skip))]
    Text(String),
}

impl Expected {
    /// The file layer's form: the version's text, `""` for a file that must not exist.
    pub(crate) fn file_form(&self) -> String {
        match self {
            Expected::Version(version) => version.to_string(),
            Expected::Absent => crate::file::version::ABSENT.to_string(),
            Expected::Text(text) => text.clone(),
        }
    }
}

impl Expected {
    /// A JavaScript `expectedVersion` as it is given: `""` says the file must not
    /// exist; any other string is compared as it is, so one that is not a version as
    /// results show it (32 lowercase hex digits) matches no file.
    #[doc(hidden)]
    pub fn from_binding(text: String) -> Expected {
        if text == crate::file::version::ABSENT {
            return Expected::Absent;
        }
        match text.parse::<Version>() {
            Ok(version) if version.to_string() == text => Expected::Version(version),
            _ => Expected::Text(text),
        }
    }
}

impl From<Version> for Expected {
    fn from(version: Version) -> Self {
        Expected::Version(version)
    }
}

impl From<&Version> for Expected {
    fn from(version: &Version) -> Self {
        Expected::Version(*version)
    }
}

impl fmt::Display for Expected {
    /// The version, or `absent`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expected::Version(version) => version.fmt(f),
            Expected::Absent => f.write_str("absent"),
            Expected::Text(text) => f.write_str(text),
        }
    }
}

impl FromStr for Expected {
    type Err = Error;

    /// A version, or `absent`.
    fn from_str(text: &str) -> Result<Self, Error> {
        match text {
            "absent" => Ok(Expected::Absent),
            _ => text.parse().map(Expected::Version),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_version_is_the_file_layers_hash_and_round_trips_through_its_text() {
        let bytes = b"one\r\ntwo\r\n";
        let version = Version::of(bytes);
        assert_eq!(version.to_string(), crate::file::version::version(bytes));
        assert_eq!(version.to_string().parse::<Version>().unwrap(), version);
        assert_eq!(Version::reported(&version.to_string()), version);
        assert_eq!(format!("{version:?}"), format!("Version({version})"));
    }

    #[test]
    fn text_that_is_not_32_hex_digits_is_no_version() {
        for text in [
            "",
            "abc",
            "+0123456789abcdef0123456789abcde",
            &"0".repeat(33),
            "xxh3-0",
        ] {
            let error = text.parse::<Version>().unwrap_err();
            assert_eq!(error.code(), crate::ErrorCode::InvalidArgument, "{text:?}");
        }
    }

    #[test]
    fn expected_says_absent_by_a_variant_and_parses_its_display() {
        let version = Version::of(b"x");
        for expected in [Expected::Version(version), Expected::Absent] {
            assert_eq!(expected.to_string().parse::<Expected>().unwrap(), expected);
        }
        assert_eq!(Expected::Absent.file_form(), crate::file::version::ABSENT);
        assert_eq!(Expected::from(version).file_form(), version.to_string());
    }

    #[test]
    fn a_bindings_version_text_is_compared_as_it_is_given() {
        let version = Version::of(b"x");
        assert_eq!(Expected::from_binding(String::new()), Expected::Absent);
        assert_eq!(
            Expected::from_binding(version.to_string()),
            Expected::Version(version)
        );
        // Upper case is not how results show a version: it matches no file, as before.
        let upper = version.to_string().to_uppercase();
        assert_eq!(Expected::from_binding(upper.clone()).file_form(), upper);
        assert_eq!(Expected::from_binding("stale".into()).file_form(), "stale");
    }
}
