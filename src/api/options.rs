//! The options of the API's functions, one struct per kind of call, each with
//! `Default` and `with_…` setters.
//!
//! They mirror the JavaScript library's option objects field for field, in snake_case.
//! Every struct is `#[non_exhaustive]`, so new options can come without breaking
//! callers: build one from `default()` and the setters (or set its public fields).
//!
//! ```
//! use eol_edit::{EditOptions, Expected};
//!
//! let options = EditOptions::default().with_cwd("/tmp").with_expected_version(Expected::Absent);
//! assert_eq!(options.max_bytes, 64 * 1024 * 1024);
//! ```

use std::collections::HashMap;
use std::path::PathBuf;

use super::version::Expected;
use crate::encoding::Encoding;
use crate::eol::Ending;
use crate::error::{Error, Result};
use crate::file::{self, FileOptions};
use crate::guard::Guards;
use crate::message::{parts, Name, Op};

/// Options of [`read_file`](crate::read_file).
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default, deny_unknown_fields))]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadOptions {
    /// The first line to return, 1-based (default: the first).
    pub offset: Option<u64>,
    /// How many lines to return (default: all).
    pub limit: Option<u64>,
    /// Folders the file's real location must be inside (`None`: anywhere). An empty
    /// list is `INVALID_ARGUMENT`, never "anywhere".
    pub root: Option<Vec<PathBuf>>,
    /// The folder relative paths are taken against (default: the process's working
    /// directory).
    pub cwd: Option<PathBuf>,
    /// The size limit (default 64 MiB; `0`: no limit): a larger file fails with
    /// `FILE_TOO_LARGE`.
    pub max_bytes: u64,
    /// The encoding (a WHATWG label such as `"gbk"`, `"windows-1252"`) to read a file
    /// that is not valid UTF-8 in.
    pub encoding: Option<String>,
}

impl Default for ReadOptions {
    fn default() -> Self {
        ReadOptions {
            offset: None,
            limit: None,
            root: None,
            cwd: None,
            max_bytes: file::DEFAULT_MAX_BYTES,
            encoding: None,
        }
    }
}

/// Options of the functions that change a file: [`edit_file`](crate::edit_file),
/// [`multi_edit`](crate::multi_edit), [`delete_range`](crate::delete_range),
/// [`write_file`](crate::write_file), [`convert_eol`](crate::convert_eol) and
/// [`convert_encoding`](crate::convert_encoding).
///
/// The last four fields belong to one function each (`replace_all` to `edit_file`,
/// `inclusive` to `delete_range`, `eol` to `write_file`, `bom` to
/// `convert_encoding`), and `guards` to the functions that bring new text
/// (`edit_file`, `multi_edit`, `write_file`); another function given one of them set
/// refuses it with `INVALID_ARGUMENT`, as the JavaScript functions refuse an option
/// they do not take.
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default, deny_unknown_fields))]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EditOptions {
    /// Refuse with `FILE_CHANGED` unless the file is still this version (the
    /// `version` of a read or an earlier change), or with [`Expected::Absent`] unless
    /// the file does not exist, so that `write_file` never replaces a file another
    /// process created.
    pub expected_version: Option<Expected>,
    /// Folders the file's real location must be inside (`None`: anywhere).
    pub root: Option<Vec<PathBuf>>,
    /// Work out the result and its diff, write nothing.
    pub dry_run: bool,
    /// fsync the file and its folder before returning.
    pub durable: bool,
    /// The folder relative paths are taken against (default: the process's working
    /// directory).
    pub cwd: Option<PathBuf>,
    /// The size limit (default 64 MiB; `0`: no limit). A larger file is not read
    /// (`FILE_TOO_LARGE`); `write_file` replaces one without reading it. No change
    /// writes a file larger than this unless the file was larger still before
    /// (`FILE_TOO_LARGE`, nothing written).
    pub max_bytes: u64,
    /// The encoding (a WHATWG label) to read a file that is not valid UTF-8 in, and
    /// to write a new file in.
    pub encoding: Option<String>,
    /// Refuse new text that looks like a model's mistake with `SUSPECT_CONTENT`
    /// (docs/guarantees.md); none by default.
    pub guards: Guards,
    /// `edit_file`: replace every match instead of requiring exactly one.
    pub replace_all: bool,
    /// `delete_range`: delete the anchor lines too.
    pub inclusive: bool,
    /// `write_file`: the line endings to write.
    pub eol: WriteEol,
    /// `convert_encoding`: give a UTF-8 file a byte order mark.
    pub bom: bool,
    /// `edit_file` and `multi_edit`: which tiers may find an edit's text (default all;
    /// [`Tiers::ExactOnly`]: only a byte-equal match in the LF view).
    pub tiers: Tiers,
}

impl Default for EditOptions {
    fn default() -> Self {
        EditOptions {
            expected_version: None,
            root: None,
            dry_run: false,
            durable: false,
            cwd: None,
            max_bytes: file::DEFAULT_MAX_BYTES,
            encoding: None,
            guards: Guards::none(),
            replace_all: false,
            inclusive: false,
            eol: WriteEol::Preserve,
            bom: false,
            tiers: Tiers::All,
        }
    }
}

/// Which matching tiers may find an edit's `old_text` (docs/matching.md): all of them,
/// or only an exact match. `Display` and `FromStr`: `"all"`, `"exact"`.
///
/// ```
/// use eol_edit::{apply_edits, ApplyOptions, Edit, ErrorCode, Tier, Tiers};
///
/// let edits = [Edit::new("let x = 1;", "let x = 2;")]; // the file has two spaces
/// let lenient = apply_edits("let x =  1;\n", &edits, &ApplyOptions::default()).unwrap();
/// assert_eq!(lenient.matched_by, [Tier::InnerWhitespace]);
/// let exact = ApplyOptions::default().with_tiers(Tiers::ExactOnly);
/// let error = apply_edits("let x =  1;\n", &edits, &exact).unwrap_err();
/// assert_eq!(error.code(), ErrorCode::TextNotFound);
/// ```
#[non_exhaustive]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Tiers {
    /// Exact, then every lenient tier in turn ([`Tier`](crate::Tier)).
    #[default]
    All,
    /// Only a byte-equal match in the LF view ([`Tier::Exact`](crate::Tier::Exact)).
    ExactOnly,
}

impl Tiers {
    /// The option's string: `all` or `exact`.
    pub fn as_str(self) -> &'static str {
        match self {
            Tiers::All => "all",
            Tiers::ExactOnly => "exact",
        }
    }

    /// The engine's form: whether the lenient tiers may match.
    pub(crate) fn lenient(self) -> bool {
        self == Tiers::All
    }
}

crate::api::names::stable_names!(
    Tiers,
    as_str,
    "choice of tiers",
    [Tiers::All, Tiers::ExactOnly]
);

/// How [`write_file`](crate::write_file) writes line endings. `Display` and `FromStr`
/// use the names of JavaScript's `eol` option (`"preserve"`, `"lf"`, `"crlf"`).
#[non_exhaustive]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum WriteEol {
    /// Keep the file's own: every kept line its ending, new lines the dominant one; a
    /// new file takes `.editorconfig` / `.gitattributes`, else LF.
    #[default]
    Preserve,
    /// Every ending LF.
    Lf,
    /// Every ending CRLF.
    CrLf,
}

/// Options of [`apply_edits`](crate::apply_edits) and
/// [`apply_delete_range`](crate::apply_delete_range).
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default, deny_unknown_fields))]
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ApplyOptions {
    /// How the diff header (and errors) name the content (default `content`).
    pub path: Option<String>,
    /// The encoding (a WHATWG label) of bytes that are not valid UTF-8.
    pub encoding: Option<String>,
    /// `apply_delete_range`: delete the anchor lines too.
    pub inclusive: bool,
    /// `apply_edits`: refuse new text that looks like a model's mistake with
    /// `SUSPECT_CONTENT` (docs/guarantees.md); none by default. `path` names the
    /// language a bare `...` is read in.
    pub guards: Guards,
    /// `apply_edits`: which tiers may find an edit's text (default all).
    pub tiers: Tiers,
}

/// Options of [`apply_patch`](crate::apply_patch).
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default, deny_unknown_fields))]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PatchOptions {
    /// The folder relative paths are taken against (default: the process's working
    /// directory).
    pub cwd: Option<PathBuf>,
    /// Folders every file's real location must be inside (`None`: anywhere).
    pub root: Option<Vec<PathBuf>>,
    /// Work out and check everything, write nothing.
    pub dry_run: bool,
    /// fsync each file and its folder before returning.
    pub durable: bool,
    /// The size limit (default 64 MiB; `0`: no limit): a file larger than this is not
    /// read, and no file is written larger than this unless it is no larger than
    /// before; either is `FILE_TOO_LARGE`, and nothing is written.
    pub max_bytes: u64,
    /// The encoding (a WHATWG label) to read each file that is not valid UTF-8 in, and
    /// to write each added file in.
    pub encoding: Option<String>,
    /// What each file must still be, by its path as the patch names it: its version,
    /// or [`Expected::Absent`] for a file the patch adds and must not replace.
    pub expected_versions: HashMap<String, Expected>,
    /// Refuse added lines that look like a model's mistake with `SUSPECT_CONTENT`
    /// (docs/guarantees.md); none by default.
    pub guards: Guards,
}

impl Default for PatchOptions {
    fn default() -> Self {
        PatchOptions {
            cwd: None,
            root: None,
            dry_run: false,
            durable: false,
            max_bytes: file::DEFAULT_MAX_BYTES,
            encoding: None,
            expected_versions: HashMap::new(),
            guards: Guards::none(),
        }
    }
}

/// The setters every struct with these fields shares.
macro_rules! place_setters {
    ($options:ty) => {
        impl $options {
            /// Takes relative paths against `cwd`.
            pub fn with_cwd(mut self, cwd: impl Into<PathBuf>) -> Self {
                self.cwd = Some(cwd.into());
                self
            }

            /// Adds a folder the file's real location may be inside.
            pub fn with_root(mut self, root: impl Into<PathBuf>) -> Self {
                self.root.get_or_insert_with(Vec::new).push(root.into());
                self
            }

            /// Sets the size limit in bytes (`0`: no limit).
            pub fn with_max_bytes(mut self, max_bytes: u64) -> Self {
                self.max_bytes = max_bytes;
                self
            }

            /// Reads a file that is not valid UTF-8 in this encoding (a WHATWG label).
            pub fn with_encoding(mut self, label: impl Into<String>) -> Self {
                self.encoding = Some(label.into());
                self
            }
        }
    };
}

/// The setter of `guards`, which every struct of a change that brings text shares.
macro_rules! guard_setter {
    ($options:ty) => {
        impl $options {
            /// Runs these guards on the new text (`Guards::all()` for every one).
            pub fn with_guards(mut self, guards: Guards) -> Self {
                self.guards = guards;
                self
            }
        }
    };
}

place_setters!(ReadOptions);
place_setters!(EditOptions);
place_setters!(PatchOptions);
guard_setter!(EditOptions);
guard_setter!(ApplyOptions);
guard_setter!(PatchOptions);

impl ReadOptions {
    /// Starts at this 1-based line.
    pub fn with_offset(mut self, offset: u64) -> Self {
        self.offset = Some(offset);
        self
    }

    /// Returns at most this many lines.
    pub fn with_limit(mut self, limit: u64) -> Self {
        self.limit = Some(limit);
        self
    }
}

impl EditOptions {
    /// Refuses the change unless the file is still this version (or, with
    /// [`Expected::Absent`], does not exist).
    pub fn with_expected_version(mut self, version: impl Into<Expected>) -> Self {
        self.expected_version = Some(version.into());
        self
    }

    /// Works out the result without writing.
    pub fn with_dry_run(mut self, dry_run: bool) -> Self {
        self.dry_run = dry_run;
        self
    }

    /// fsyncs the file and its folder.
    pub fn with_durable(mut self, durable: bool) -> Self {
        self.durable = durable;
        self
    }

    /// `edit_file`: replaces every match.
    pub fn with_replace_all(mut self, replace_all: bool) -> Self {
        self.replace_all = replace_all;
        self
    }

    /// `delete_range`: deletes the anchors too.
    pub fn with_inclusive(mut self, inclusive: bool) -> Self {
        self.inclusive = inclusive;
        self
    }

    /// `write_file`: writes these line endings.
    pub fn with_eol(mut self, eol: WriteEol) -> Self {
        self.eol = eol;
        self
    }

    /// `convert_encoding`: gives a UTF-8 file a byte order mark.
    pub fn with_bom(mut self, bom: bool) -> Self {
        self.bom = bom;
        self
    }

    /// `edit_file` and `multi_edit`: lets only these tiers find an edit's text.
    pub fn with_tiers(mut self, tiers: Tiers) -> Self {
        self.tiers = tiers;
        self
    }

    /// Refuses the options of other functions that are set: `op` takes only those in
    /// `own`.
    pub(crate) fn check_own(&self, op: Op, own: &[Name]) -> Result<()> {
        let set = [
            (Name::ReplaceAll, self.replace_all, Op::EditFile),
            (Name::Inclusive, self.inclusive, Op::DeleteRange),
            (Name::Eol, self.eol != WriteEol::Preserve, Op::WriteFile),
            (Name::Bom, self.bom, Op::ConvertEncoding),
            (Name::Tiers, self.tiers != Tiers::All, Op::EditFile),
        ];
        for (name, is_set, owner) in set {
            if is_set && !own.contains(&name) {
                return Err(not_taken(op, name, owner));
            }
        }
        if !self.guards.is_empty() && !own.contains(&Name::Guards) {
            return Err(Error::invalid(parts![
                op,
                " does not take the option ",
                Name::Guards,
                ": it brings no new text to guard. Nothing was read or written."
            ])
            .with_argument(Name::Guards));
        }
        Ok(())
    }

    /// The file layer's options.
    pub(crate) fn file_options(&self) -> Result<FileOptions> {
        Ok(FileOptions {
            roots: self.root.clone(),
            cwd: self.cwd.clone(),
            max_bytes: self.max_bytes,
            expected_version: self.expected_version.as_ref().map(Expected::file_form),
            dry_run: self.dry_run,
            durable: self.durable,
            encoding: encoding(self.encoding.as_deref())?,
            convert_to: None,
        })
    }
}

impl ReadOptions {
    /// The file layer's options.
    pub(crate) fn file_options(&self) -> Result<FileOptions> {
        Ok(FileOptions {
            roots: self.root.clone(),
            cwd: self.cwd.clone(),
            max_bytes: self.max_bytes,
            encoding: encoding(self.encoding.as_deref())?,
            ..FileOptions::default()
        })
    }
}

impl ApplyOptions {
    /// Names the content in the diff header and in errors.
    pub fn with_path(mut self, path: impl Into<String>) -> Self {
        self.path = Some(path.into());
        self
    }

    /// Reads bytes that are not valid UTF-8 in this encoding (a WHATWG label).
    pub fn with_encoding(mut self, label: impl Into<String>) -> Self {
        self.encoding = Some(label.into());
        self
    }

    /// `apply_delete_range`: deletes the anchors too.
    pub fn with_inclusive(mut self, inclusive: bool) -> Self {
        self.inclusive = inclusive;
        self
    }

    /// `apply_edits`: lets only these tiers find an edit's text.
    pub fn with_tiers(mut self, tiers: Tiers) -> Self {
        self.tiers = tiers;
        self
    }
}

impl PatchOptions {
    /// Works out and checks everything without writing.
    pub fn with_dry_run(mut self, dry_run: bool) -> Self {
        self.dry_run = dry_run;
        self
    }

    /// fsyncs each file and its folder.
    pub fn with_durable(mut self, durable: bool) -> Self {
        self.durable = durable;
        self
    }

    /// Refuses the patch unless the file at `path` (as the patch names it) is still
    /// `version` (or, with [`Expected::Absent`], does not exist).
    pub fn with_expected_version(
        mut self,
        path: impl Into<String>,
        version: impl Into<Expected>,
    ) -> Self {
        self.expected_versions.insert(path.into(), version.into());
        self
    }

    /// The file layer's options (its `expected_version` unused: see
    /// `expected_versions`).
    pub(crate) fn file_options(&self) -> Result<FileOptions> {
        Ok(FileOptions {
            roots: self.root.clone(),
            cwd: self.cwd.clone(),
            max_bytes: self.max_bytes,
            dry_run: self.dry_run,
            durable: self.durable,
            encoding: encoding(self.encoding.as_deref())?,
            ..FileOptions::default()
        })
    }
}

/// The `encoding` option as an encoding, or `INVALID_ARGUMENT` naming it.
pub(crate) fn encoding(label: Option<&str>) -> Result<Option<Encoding>> {
    label
        .map(|label| Encoding::for_label(label).map_err(|e| e.with_argument(Name::Encoding)))
        .transpose()
}

/// `op` given an option that belongs to `owner`.
pub(crate) fn not_taken(op: Op, name: Name, owner: Op) -> Error {
    Error::invalid(parts![
        op,
        " does not take the option ",
        name.clone(),
        " (it is an option of ",
        owner,
        "). Nothing was read or written."
    ])
    .with_argument(name)
}

impl WriteEol {
    /// The name of JavaScript's `eol` option: `preserve`, `lf` or `crlf`.
    pub fn as_str(self) -> &'static str {
        match self {
            WriteEol::Preserve => "preserve",
            WriteEol::Lf => "lf",
            WriteEol::CrLf => "crlf",
        }
    }

    /// The engine's form.
    pub(crate) fn engine(self) -> crate::engine::WriteEol {
        match self {
            WriteEol::Preserve => crate::engine::WriteEol::Preserve,
            WriteEol::Lf => crate::engine::WriteEol::Force(Ending::Lf),
            WriteEol::CrLf => crate::engine::WriteEol::Force(Ending::CrLf),
        }
    }
}

crate::api::names::stable_names!(
    WriteEol,
    as_str,
    "line ending choice",
    [WriteEol::Preserve, WriteEol::Lf, WriteEol::CrLf]
);
