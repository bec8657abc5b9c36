//! The stable strings of the API's enums (`"trailingWhitespace"`, `"TEXT_NOT_FOUND"`,
//! `"crlf"`, the JavaScript library's strings): `Display`, `FromStr` and, with the
//! `serde` feature, serde, all from each enum's one table of names.

use crate::error::{Error, Result};

/// `Display`, `FromStr` and serde for `$type` from its `$name` method, over the
/// variants listed, which must be all of them: a variant left out of the list stops
/// the build (the list is matched exhaustively), as it would otherwise print and not
/// parse back.
macro_rules! stable_names {
    ($type:ty, $name:ident, $what:literal, [$($variant:path),+ $(,)?]) => {
        const _: () = {
            #[allow(dead_code)]
            fn every_variant_is_listed(value: $type) {
                match value {
                    $($variant)|+ => {}
                }
            }
        };

        impl $type {
            /// Every value, in declaration order (a binding's list of the strings).
            pub const ALL: &'static [$type] = &[$($variant),+];
        }

        impl std::fmt::Display for $type {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.$name())
            }
        }

        impl std::str::FromStr for $type {
            type Err = crate::Error;

            /// The string `Display` gives; any other is `INVALID_ARGUMENT`.
            fn from_str(text: &str) -> std::result::Result<Self, crate::Error> {
                crate::api::names::parse(text, <$type>::ALL, |v| v.$name(), $what)
            }
        }

        #[cfg(feature = "serde")]
        impl serde::Serialize for $type {
            fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
                s.serialize_str(self.$name())
            }
        }

        #[cfg(feature = "serde")]
        impl<'de> serde::Deserialize<'de> for $type {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
                let text = <std::borrow::Cow<'de, str> as serde::Deserialize>::deserialize(d)?;
                text.parse().map_err(serde::de::Error::custom)
            }
        }
    };
}

pub(crate) use stable_names;

/// The value of `all` whose name is `text`, or `INVALID_ARGUMENT` listing the names.
pub(crate) fn parse<T: Copy>(
    text: &str,
    all: &[T],
    name: impl Fn(T) -> &'static str,
    what: &str,
) -> Result<T> {
    all.iter()
        .copied()
        .find(|v| name(*v) == text)
        .ok_or_else(|| {
            let names: Vec<String> = all.iter().map(|v| format!("{:?}", name(*v))).collect();
            Error::invalid(format!(
                "{text:?} is not a {what}: use one of {}.",
                names.join(", ")
            ))
        })
}

#[cfg(test)]
mod tests {
    use crate::Ending;
    use crate::{ErrorCode, PatchAction, PatchFormat, Tier, WriteEol};

    /// Every value's name parses back to it, and the names are the JavaScript strings.
    fn round_trips<T>(all: &[T], some: &[(&str, T)])
    where
        T: Copy + PartialEq + std::fmt::Debug + std::fmt::Display + std::str::FromStr,
        T::Err: std::fmt::Debug,
    {
        for value in all {
            assert_eq!(value.to_string().parse::<T>().unwrap(), *value);
        }
        for (text, value) in some {
            assert_eq!(text.parse::<T>().unwrap(), *value);
            assert_eq!(value.to_string(), *text);
        }
    }

    #[test]
    fn every_enum_parses_the_javascript_string_its_display_gives() {
        round_trips(
            Tier::ALL,
            &[
                ("trailingWhitespace", Tier::TrailingWhitespace),
                ("lineNumbers", Tier::LineNumbers),
            ],
        );
        round_trips(
            ErrorCode::ALL,
            &[
                ("TEXT_NOT_FOUND", ErrorCode::TextNotFound),
                ("IO_ERROR", ErrorCode::IoError),
            ],
        );
        round_trips(
            Ending::ALL,
            &[
                ("crlf", Ending::CrLf),
                ("lf", Ending::Lf),
                ("cr", Ending::Cr),
            ],
        );
        round_trips(
            WriteEol::ALL,
            &[("preserve", WriteEol::Preserve), ("crlf", WriteEol::CrLf)],
        );
        round_trips(PatchAction::ALL, &[("move", PatchAction::Move)]);
        round_trips(PatchFormat::ALL, &[("unified", PatchFormat::Unified)]);
        assert_eq!(ErrorCode::ALL.len(), 21);
        assert_eq!(
            "SUSPECT_CONTENT".parse::<ErrorCode>().unwrap(),
            ErrorCode::SuspectContent
        );
        // Every tier is listed (a patch's results name leadingWhitespace): the match
        // stops compiling when a tier is added, the assertion when it is not listed.
        for tier in Tier::ALL {
            match tier {
                Tier::Exact
                | Tier::Unicode
                | Tier::TrailingWhitespace
                | Tier::InnerWhitespace
                | Tier::Indentation
                | Tier::Unescaped
                | Tier::LineNumbers
                | Tier::LeadingWhitespace => {}
            }
        }
        assert_eq!(Tier::ALL.len(), 8);
        assert_eq!(
            "leadingWhitespace".parse::<Tier>().unwrap(),
            Tier::LeadingWhitespace
        );
    }

    #[test]
    fn an_unknown_name_is_invalid_argument_listing_the_names() {
        let error = "trailing_whitespace".parse::<Tier>().unwrap_err();
        assert_eq!(error.code(), ErrorCode::InvalidArgument);
        let message = error.message().to_string();
        assert!(message.starts_with("\"trailing_whitespace\" is not a matching tier: use one of \"exact\", \"unicode\", \"trailingWhitespace\""), "{message}");
        assert!("CRLF".parse::<Ending>().is_err());
    }
}
