//! The string unions of the API as `#[napi(string_enum)]` enums: index.d.ts declares
//! each one as a union of its strings (`constEnum: false` in package.json), from the
//! same list the code converts the core's enum with, so the declarations and the
//! values a result carries cannot drift apart. Each is the core's enum of the same
//! name, with its strings (`as_str`); `__test__/enums.spec.ts` checks that every
//! string of the core's table is in the union.

use napi_derive::napi;

/// `From` between a string enum and the core's enum of the same name, over the
/// variants listed (the match from the string enum is exhaustive, so each of its
/// variants must be listed). The core's enums are `#[non_exhaustive]`: a variant added
/// there and not here reads as `$fallback` (and the test of the unions fails).
macro_rules! convert {
    ($name:ident, $core:path, $fallback:ident, [$($variant:ident),+ $(,)?]) => {
        impl $name {
            /// Every value, in the order index.d.ts lists them.
            #[allow(dead_code)]
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The value's string: the core's (its `Display`), which is the value's
            /// `#[napi(value)]` (`__test__/enums.spec.ts`).
            #[allow(dead_code)]
            pub fn as_str(self) -> String {
                <$core>::from(self).to_string()
            }
        }

        impl From<$core> for $name {
            fn from(value: $core) -> Self {
                use $core as Core;
                #[allow(unreachable_patterns)]
                match value {
                    $(Core::$variant => $name::$variant,)+
                    _ => $name::$fallback,
                }
            }
        }

        impl From<$name> for $core {
            fn from(value: $name) -> Self {
                use $core as Core;
                match value {
                    $($name::$variant => Core::$variant,)+
                }
            }
        }
    };
}

/// Declares `ErrorCode` from the core's list of codes (`eol_edit::error_code_list!`),
/// so that the union index.d.ts declares and the conversion have every code the core
/// has, with its string.
macro_rules! declare_error_code {
    ($($(#[doc = $doc:tt])* $variant:ident = $name:tt,)+) => {
        /// Every `code` an `EolEditError` can have (docs/errors.md).
        #[napi(string_enum)]
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum ErrorCode {
            $(#[napi(value = $name)] $variant,)+
        }

        convert!(ErrorCode, eol_edit::ErrorCode, IoError, [$($variant),+]);
    };
}

eol_edit::error_code_list!(declare_error_code);

/// A guard against a model's own mistakes (docs/guarantees.md), as `guards` lists it
/// and a `SUSPECT_CONTENT` error's `reason` names it: `placeholder` (a new line that
/// only says code is left out, over existing code), `shrink` (a whole-file write that
/// drops nine in ten lines of a file of 100 or more), `control` (a new NUL or other
/// control character the file does not have), `markers` (a new SEARCH/REPLACE marker,
/// apply_patch envelope line or git conflict marker).
#[napi(string_enum)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GuardReason {
    #[napi(value = "placeholder")]
    Placeholder,
    #[napi(value = "shrink")]
    Shrink,
    #[napi(value = "control")]
    Control,
    #[napi(value = "markers")]
    Markers,
}

convert!(
    GuardReason,
    eol_edit::GuardReason,
    Placeholder,
    [Placeholder, Shrink, Control, Markers]
);

/// The tier that found an edit's text or a hunk's lines (docs/matching.md), as
/// `matchedBy` names it. `unescaped` and `lineNumbers` are the edits' own;
/// `leadingWhitespace` is a patch hunk's.
#[napi(string_enum)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tier {
    #[napi(value = "exact")]
    Exact,
    #[napi(value = "unicode")]
    Unicode,
    #[napi(value = "trailingWhitespace")]
    TrailingWhitespace,
    #[napi(value = "innerWhitespace")]
    InnerWhitespace,
    #[napi(value = "indentation")]
    Indentation,
    #[napi(value = "unescaped")]
    Unescaped,
    #[napi(value = "lineNumbers")]
    LineNumbers,
    #[napi(value = "leadingWhitespace")]
    LeadingWhitespace,
}

convert!(
    Tier,
    eol_edit::Tier,
    Exact,
    [
        Exact,
        Unicode,
        TrailingWhitespace,
        InnerWhitespace,
        Indentation,
        Unescaped,
        LineNumbers,
        LeadingWhitespace
    ]
);

/// Which tiers may find an edit's text (the `tiers` option, docs/matching.md):
/// `'all'` (the default) or `'exact'`, only a byte-equal match in the LF view.
#[napi(string_enum)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tiers {
    #[napi(value = "all")]
    All,
    #[napi(value = "exact")]
    ExactOnly,
}

convert!(Tiers, eol_edit::Tiers, All, [All, ExactOnly]);

/// What a patch (or a prepared change) does to one file.
#[napi(string_enum)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PatchAction {
    #[napi(value = "update")]
    Update,
    #[napi(value = "add")]
    Add,
    #[napi(value = "delete")]
    Delete,
    #[napi(value = "move")]
    Move,
}

convert!(
    PatchAction,
    eol_edit::PatchAction,
    Update,
    [Update, Add, Delete, Move]
);

/// The form of a patch: the apply_patch envelope or a unified diff.
#[napi(string_enum)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PatchFormat {
    #[napi(value = "envelope")]
    Envelope,
    #[napi(value = "unified")]
    Unified,
}

convert!(
    PatchFormat,
    eol_edit::PatchFormat,
    Envelope,
    [Envelope, Unified]
);

/// The line endings `writeFile` writes (its `eol` option): `'preserve'` (the
/// default), `'lf'` or `'crlf'`.
#[napi(string_enum)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WriteEol {
    #[napi(value = "preserve")]
    Preserve,
    #[napi(value = "lf")]
    Lf,
    #[napi(value = "crlf")]
    CrLf,
}

convert!(WriteEol, eol_edit::WriteEol, Preserve, [Preserve, Lf, CrLf]);

/// Converts each of a list of core values.
pub fn all<C: Copy, T: From<C>>(values: &[C]) -> Vec<T> {
    values.iter().map(|&v| T::from(v)).collect()
}
