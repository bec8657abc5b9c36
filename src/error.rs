//! One error type for the whole crate.
//!
//! Every failure a user can see is an [`Error`] with one [`ErrorCode`]. The codes are
//! the stable strings of the public API (docs/errors.md); the message is written for
//! a model to act on, so it says what was wrong and what to do next, as a [`Message`]
//! each front-end renders in its own names ([`crate::message`]).

use std::fmt;
use std::io;
use std::sync::Arc;

use crate::guard::GuardReason;
use crate::message::{parts, Message, Name, Part};

/// Calls the macro `$then` with every error code, each with its doc comment and its
/// stable string (`InvalidArgument = "INVALID_ARGUMENT",`): the one list of the codes.
/// The crate declares [`ErrorCode`] from it, and the Node.js binding its string enum
/// (which index.d.ts declares as a union), so that no list of codes can miss one. Not
/// part of the documented API.
#[doc(hidden)]
#[macro_export]
macro_rules! error_code_list {
    ($then:ident) => {
        $then! {
            /// An argument or option that cannot be used (empty, of the wrong kind, unknown).
            InvalidArgument = "INVALID_ARGUMENT",
            /// The text to find is not in the file.
            TextNotFound = "TEXT_NOT_FOUND",
            /// The text to find is in several places.
            TextMultipleMatches = "TEXT_MULTIPLE_MATCHES",
            /// The change would leave the file as it is.
            NoChange = "NO_CHANGE",
            /// An anchor of `delete_range` is not a line of the file.
            AnchorNotFound = "ANCHOR_NOT_FOUND",
            /// An anchor of `delete_range` is several lines of the file.
            AnchorMultipleMatches = "ANCHOR_MULTIPLE_MATCHES",
            /// The end anchor comes before the start anchor.
            AnchorOrder = "ANCHOR_ORDER",
            /// There are no lines between the anchors.
            EmptyRange = "EMPTY_RANGE",
            /// The file (or a folder on its path) does not exist.
            FileNotFound = "FILE_NOT_FOUND",
            /// The path names a folder or another thing that is not a file.
            NotAFile = "NOT_A_FILE",
            /// The file looks binary.
            BinaryFile = "BINARY_FILE",
            /// The file is larger than the size limit.
            FileTooLarge = "FILE_TOO_LARGE",
            /// The file is not the version it should be, or changed while it was written.
            FileChanged = "FILE_CHANGED",
            /// The file's real location is outside every root.
            PathOutsideRoot = "PATH_OUTSIDE_ROOT",
            /// The file or its folder cannot be read or written.
            PermissionDenied = "PERMISSION_DENIED",
            /// Another failure of the system (or an internal error).
            IoError = "IO_ERROR",
            /// A character the file's encoding cannot hold (legacy encodings).
            EncodingUnmappable = "ENCODING_UNMAPPABLE",
            /// Non-ASCII text for a file that is not valid UTF-8 and whose encoding is not
            /// known: written, the file would mix two encodings.
            EncodingUnknown = "ENCODING_UNKNOWN",
            /// A patch that cannot be parsed.
            PatchInvalid = "PATCH_INVALID",
            /// The host's approval callback said no (agent tools only).
            Rejected = "REJECTED",
            /// New text that looks like a model's mistake (a placeholder for code left out, a
            /// whole file cut short, a control character, an edit's own markers), refused by a
            /// guard ([`Error::reason`] says which).
            SuspectContent = "SUSPECT_CONTENT",
        }
    };
}

/// Declares [`ErrorCode`], its `as_str` and its stable names from the list.
macro_rules! declare_error_code {
    ($($(#[doc = $doc:tt])* $variant:ident = $name:tt,)+) => {
        /// The stable failure codes of the API: [`ErrorCode::as_str`] (and `Display`) give
        /// the same strings as JavaScript's `error.code`, which `FromStr` takes.
        #[non_exhaustive]
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum ErrorCode {
            $($(#[doc = $doc])* $variant,)+
        }

        impl ErrorCode {
            /// The code as a stable string, the same as JavaScript's `error.code`
            /// (`"TEXT_NOT_FOUND"`).
            pub fn as_str(self) -> &'static str {
                match self {
                    $(ErrorCode::$variant => $name,)+
                }
            }
        }

        crate::api::names::stable_names!(
            ErrorCode,
            as_str,
            "error code",
            [$(ErrorCode::$variant),+]
        );
    };
}

crate::error_code_list!(declare_error_code);

/// A failure: its code, what went wrong and what to do next (as [`Message`]s of text
/// and references to the API, so that each front-end can say them in its own names),
/// and the facts it is about (`lines`, the edit, file or hunk that failed, the
/// argument).
///
/// `Display` gives the code, the message and the hint in this crate's names:
/// `NO_CHANGE: old_text and new_text are the same: nothing to change. …`.
///
/// ```
/// use eol_edit::{apply_edits, ApplyOptions, Edit, ErrorCode};
///
/// let error = apply_edits("a\nb\n", &[Edit::new("zzz", "y")], &ApplyOptions::default()).unwrap_err();
/// match error.code() {
///     ErrorCode::TextNotFound => assert!(error.to_string().starts_with("TEXT_NOT_FOUND: old_text was not found")),
///     other => panic!("unexpected {other:?}"),
/// }
/// ```
///
/// A failure of the system keeps the [`io::Error`] it came from: [`Error::io_kind`]
/// gives its kind and [`std::error::Error::source`] the error itself.
///
/// Two errors are equal when everything the API shows of them is (for an I/O failure,
/// the [`io::ErrorKind`] too).
#[non_exhaustive]
#[derive(Debug, Clone)]
pub struct Error {
    pub(crate) code: ErrorCode,
    pub(crate) message: Message,
    pub(crate) lines: Vec<u32>,
    pub(crate) edit_index: Option<u32>,
    pub(crate) file_index: Option<u32>,
    pub(crate) hunk_index: Option<u32>,
    pub(crate) hint: Option<Message>,
    /// Boxed, to keep `Error` small enough to return by value everywhere.
    pub(crate) argument: Option<Box<Name>>,
    pub(crate) reason: Option<GuardReason>,
    /// Shared, so that `Error` stays `Clone` (an `io::Error` is not).
    pub(crate) io: Option<Arc<io::Error>>,
}

impl PartialEq for Error {
    fn eq(&self, other: &Self) -> bool {
        self.code == other.code
            && self.message == other.message
            && self.lines == other.lines
            && self.edit_index == other.edit_index
            && self.file_index == other.file_index
            && self.hunk_index == other.hunk_index
            && self.hint == other.hint
            && self.argument == other.argument
            && self.reason == other.reason
            && self.io_kind() == other.io_kind()
    }
}

impl Eq for Error {}

impl Error {
    /// A failure with a code and a message and no details.
    pub fn new(code: ErrorCode, message: impl Into<Message>) -> Self {
        Error {
            code,
            message: message.into(),
            lines: Vec::new(),
            edit_index: None,
            file_index: None,
            hunk_index: None,
            hint: None,
            argument: None,
            reason: None,
            io: None,
        }
    }

    /// What kind of failure this is.
    pub fn code(&self) -> ErrorCode {
        self.code
    }

    /// What went wrong, in a sentence or two, written for a model to act on.
    pub fn message(&self) -> &Message {
        &self.message
    }

    /// What to do next, when there is something useful to say.
    pub fn hint(&self) -> Option<&Message> {
        self.hint.as_ref()
    }

    /// 1-based line numbers the failure is about: every match, the anchors, the closest
    /// region, the line of a character that cannot be written, the line a guard refused.
    pub fn lines(&self) -> &[u32] {
        &self.lines
    }

    /// For [`multi_edit`](crate::multi_edit) and [`apply_edits`](crate::apply_edits):
    /// the 0-based index of the edit that failed.
    pub fn edit_index(&self) -> Option<u32> {
        self.edit_index
    }

    /// For [`apply_patch`](crate::apply_patch): the 0-based index of the file section
    /// that failed.
    pub fn file_index(&self) -> Option<u32> {
        self.file_index
    }

    /// For [`apply_patch`](crate::apply_patch): the 0-based index of the hunk that
    /// failed in its file section.
    pub fn hunk_index(&self) -> Option<u32> {
        self.hunk_index
    }

    /// The argument or option the failure is about, so that a front-end with other
    /// names can say which of its own is meant.
    pub fn argument(&self) -> Option<&Name> {
        self.argument.as_deref()
    }

    /// For `SUSPECT_CONTENT`: the guard that refused the change.
    pub fn reason(&self) -> Option<GuardReason> {
        self.reason
    }

    /// For a failure of the system (`IO_ERROR`, `PERMISSION_DENIED`, and a
    /// `FILE_NOT_FOUND` or `NOT_A_FILE` the system reported): the kind of the
    /// [`io::Error`] it came from, which [`std::error::Error::source`] gives whole.
    pub fn io_kind(&self) -> Option<io::ErrorKind> {
        self.io.as_deref().map(io::Error::kind)
    }

    /// Keeps the I/O error this failure came from, as its
    /// [`source`](std::error::Error::source).
    pub fn with_io_source(mut self, source: io::Error) -> Self {
        self.io = Some(Arc::new(source));
        self
    }

    /// Adds line numbers.
    pub fn with_lines(mut self, lines: Vec<u32>) -> Self {
        self.lines = lines;
        self
    }

    /// Adds a hint on what to do next.
    pub fn with_hint(mut self, hint: impl Into<Message>) -> Self {
        self.hint = Some(hint.into());
        self
    }

    /// Records which argument or option the failure is about.
    pub fn with_argument(mut self, argument: Name) -> Self {
        self.argument = Some(Box::new(argument));
        self
    }

    /// Records which guard refused the change.
    pub(crate) fn with_reason(mut self, reason: GuardReason) -> Self {
        self.reason = Some(reason);
        self
    }

    /// Records which edit failed.
    pub fn with_edit_index(mut self, index: usize) -> Self {
        self.edit_index = Some(index as u32);
        self
    }

    /// Records which of several edits failed, and names it at the start of the message:
    /// `edit #2 of 3 (edits[1]) failed: old_text was not found …`, as the phrase
    /// `which-edit`, which a front-end with its own words for the edits may say its way.
    /// One edit of one is the call itself: only its index is recorded.
    pub(crate) fn in_edit(self, index: usize, total: usize) -> Self {
        let mut error = self.with_edit_index(index);
        if total > 1 {
            let which = Part::phrase(
                "which-edit",
                parts![
                    format!("edit #{} of {total} (", index + 1),
                    Name::Edits,
                    format!("[{index}]) failed: ")
                ],
            );
            error.message = Message::new(vec![which]).then(error.message);
        }
        error
    }

    /// Records which file section of a patch failed.
    pub fn with_file_index(mut self, index: usize) -> Self {
        self.file_index = Some(index as u32);
        self
    }

    /// Records which hunk of a patch's file section failed.
    pub fn with_hunk_index(mut self, index: usize) -> Self {
        self.hunk_index = Some(index as u32);
        self
    }

    /// The same failure, its message prefixed with the file (or content) it is about.
    pub(crate) fn about(mut self, what: &std::path::Path) -> Self {
        self.message = self.message.prefixed(format!("{}: ", what.display()));
        self
    }

    /// Shorthand for an `INVALID_ARGUMENT` failure.
    pub(crate) fn invalid(message: impl Into<Message>) -> Self {
        Error::new(ErrorCode::InvalidArgument, message)
    }

    /// The message and the hint together in this crate's names, as a tool would show
    /// them to a model.
    #[cfg(test)]
    pub(crate) fn full_message(&self) -> String {
        match &self.hint {
            Some(hint) => format!("{} {}", self.message, hint),
            None => self.message.to_string(),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code, self.message)?;
        if let Some(hint) = &self.hint {
            write!(f, " {hint}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.io
            .as_deref()
            .map(|e| e as &(dyn std::error::Error + 'static))
    }
}

/// The result of every fallible function of the crate.
pub type Result<T, E = Error> = std::result::Result<T, E>;
