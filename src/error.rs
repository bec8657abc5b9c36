//! One error type for the whole crate.
//!
//! Every failure a user can see is an [`Error`] with one [`ErrorCode`]. The codes are
//! the stable strings of the public API (README, "Errors"); the message is written for a model to act on,
//! so it says what was wrong and what to do next.

use std::fmt;

/// The stable failure codes of the public API, as `error.code` gives them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ErrorCode {
    InvalidArgument,
    TextNotFound,
    TextMultipleMatches,
    NoChange,
    AnchorNotFound,
    AnchorMultipleMatches,
    AnchorOrder,
    EmptyRange,
    FileNotFound,
    NotAFile,
    BinaryFile,
    FileTooLarge,
    FileChanged,
    PathOutsideRoot,
    PermissionDenied,
    IoError,
    /// A character the file's encoding cannot hold (legacy encodings).
    EncodingUnmappable,
    /// Non-ASCII text for a file that is not valid UTF-8 and whose encoding is not
    /// known: written, the file would mix two encodings.
    EncodingUnknown,
    /// A patch that cannot be parsed.
    PatchInvalid,
    /// The host's approval callback said no (agent tools only).
    Rejected,
}

impl ErrorCode {
    /// The code as JavaScript sees it in `error.code`.
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::InvalidArgument => "INVALID_ARGUMENT",
            ErrorCode::TextNotFound => "TEXT_NOT_FOUND",
            ErrorCode::TextMultipleMatches => "TEXT_MULTIPLE_MATCHES",
            ErrorCode::NoChange => "NO_CHANGE",
            ErrorCode::AnchorNotFound => "ANCHOR_NOT_FOUND",
            ErrorCode::AnchorMultipleMatches => "ANCHOR_MULTIPLE_MATCHES",
            ErrorCode::AnchorOrder => "ANCHOR_ORDER",
            ErrorCode::EmptyRange => "EMPTY_RANGE",
            ErrorCode::FileNotFound => "FILE_NOT_FOUND",
            ErrorCode::NotAFile => "NOT_A_FILE",
            ErrorCode::BinaryFile => "BINARY_FILE",
            ErrorCode::FileTooLarge => "FILE_TOO_LARGE",
            ErrorCode::FileChanged => "FILE_CHANGED",
            ErrorCode::PathOutsideRoot => "PATH_OUTSIDE_ROOT",
            ErrorCode::PermissionDenied => "PERMISSION_DENIED",
            ErrorCode::IoError => "IO_ERROR",
            ErrorCode::EncodingUnmappable => "ENCODING_UNMAPPABLE",
            ErrorCode::EncodingUnknown => "ENCODING_UNKNOWN",
            ErrorCode::PatchInvalid => "PATCH_INVALID",
            ErrorCode::Rejected => "REJECTED",
        }
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A failure with its code, a model-facing message and the optional details an
/// `EolEditError` carries (`lines`, `editIndex`, `fileIndex`, `hunkIndex`, `hint`,
/// `argument`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    /// What kind of failure this is.
    pub code: ErrorCode,
    /// What went wrong, in a sentence or two.
    pub message: String,
    /// 1-based candidate line numbers (matches, anchors, the closest region).
    pub lines: Vec<u32>,
    /// For `multiEdit`: the 0-based index of the edit that failed.
    pub edit_index: Option<u32>,
    /// For `applyPatch`: the 0-based index of the file that failed.
    pub file_index: Option<u32>,
    /// For `applyPatch`: the 0-based index of the hunk (chunk) that failed in its file.
    pub hunk_index: Option<u32>,
    /// What to do next, when there is something useful to say.
    pub hint: Option<String>,
    /// The argument or option the failure is about, as the library spells it
    /// (`startAnchor`, `root`, `oldText`), so a front-end with other names can say
    /// which of its own arguments is meant without rewriting the message. Boxed, to
    /// keep `Error` small enough to return by value everywhere.
    pub argument: Option<Box<str>>,
}

impl Error {
    /// A failure with a code and a message and no details.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        Error {
            code,
            message: message.into(),
            lines: Vec::new(),
            edit_index: None,
            file_index: None,
            hunk_index: None,
            hint: None,
            argument: None,
        }
    }

    /// Adds candidate line numbers.
    pub fn with_lines(mut self, lines: Vec<u32>) -> Self {
        self.lines = lines;
        self
    }

    /// Adds a hint on what to do next.
    pub fn with_hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }

    /// Records which argument or option the failure is about.
    pub fn with_argument(mut self, argument: impl Into<String>) -> Self {
        self.argument = Some(argument.into().into_boxed_str());
        self
    }

    /// Records which edit of a `multiEdit` failed.
    pub fn with_edit_index(mut self, index: usize) -> Self {
        self.edit_index = Some(index as u32);
        self
    }

    /// Records which file of a patch failed.
    pub fn with_file_index(mut self, index: usize) -> Self {
        self.file_index = Some(index as u32);
        self
    }

    /// Records which hunk of a patch's file failed.
    pub fn with_hunk_index(mut self, index: usize) -> Self {
        self.hunk_index = Some(index as u32);
        self
    }

    /// The same failure, its message prefixed with the file (or content) it is about.
    pub fn about(mut self, what: &std::path::Path) -> Self {
        self.message = format!("{}: {}", what.display(), self.message);
        self
    }

    /// Shorthand for an `INVALID_ARGUMENT` failure.
    pub fn invalid(message: impl Into<String>) -> Self {
        Error::new(ErrorCode::InvalidArgument, message)
    }

    /// The message and the hint together, as a tool would show them to a model.
    pub fn full_message(&self) -> String {
        match &self.hint {
            Some(hint) => format!("{} {}", self.message, hint),
            None => self.message.clone(),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code, self.message)
    }
}

impl std::error::Error for Error {}

/// The crate's result type.
pub type Result<T> = std::result::Result<T, Error>;
