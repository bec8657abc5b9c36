//! Where the planner of [`super`] gets the files a patch names: from the disk
//! ([`OnDisk`], for `applyPatch`) or from the caller's buffers ([`InMemory`], for
//! `applyPatchInMemory`). Everything else, the hunks, the tree of sections, the encoding
//! of every new content and the checks on it, is one code path for both.

use std::path::{Path, PathBuf};

use crate::encoding::{self, Declaration, Hints};
use crate::eol::Ending;
use crate::error::{ErrorCode, Result};
use crate::file::{self, Attributes, FileId, FileOptions};

use super::Original;

/// Where a path the patch names is.
pub(super) struct Place {
    /// The key of the path: its real location on disk; for buffers, the path the lookup
    /// is asked for.
    pub real: PathBuf,
    /// The path's last name is a symbolic link (never for buffers).
    pub link: bool,
    /// The file's identity when it has a single name (never for buffers).
    pub sole_name: Option<FileId>,
    /// Something is there to read (always asked for buffers).
    pub exists: bool,
}

/// The files of one patch call, and the project's conventions for new ones.
pub(super) trait Source {
    /// Where `path` (as the patch names it) is, confined to the options' roots.
    fn locate(&self, path: &str, opts: &FileOptions) -> Result<Place>;
    /// The file at `place`, read and decoded, or `None` when there is none.
    fn load(&mut self, path: &str, place: &Place, opts: &FileOptions) -> Result<Option<Original>>;
    /// The ending of a new file at `real` whose patch text has no `\r`.
    fn new_file_ending(&self, real: &Path) -> Ending;
    /// The encoding the project declares for a file at `real`.
    fn declared_encoding(&self, real: &Path) -> Option<Declaration>;
}

/// The files on disk, read through [`crate::file`], with `.editorconfig` and
/// `.gitattributes` for new files.
pub(super) struct OnDisk;

impl Source for OnDisk {
    fn locate(&self, path: &str, opts: &FileOptions) -> Result<Place> {
        let located =
            file::path::locate(Path::new(path), opts.roots.as_deref(), opts.cwd.as_deref())?;
        Ok(Place {
            real: located.real(),
            link: located.through_link,
            sole_name: located.sole_name(),
            exists: located.exists(),
        })
    }

    fn load(&mut self, path: &str, place: &Place, opts: &FileOptions) -> Result<Option<Original>> {
        if !place.exists {
            return Ok(None);
        }
        match file::load(Path::new(path), opts) {
            Ok(loaded) => Ok(Some(Original {
                sole_name: loaded.sole_name(),
                version: loaded.version,
                len: loaded.len,
                attributes: loaded.attributes,
                decoded: loaded.decoded,
            })),
            Err(err) if err.code == ErrorCode::FileNotFound => Ok(None),
            Err(err) => Err(err),
        }
    }

    fn new_file_ending(&self, real: &Path) -> Ending {
        file::conventions::new_file_ending(real)
    }

    fn declared_encoding(&self, real: &Path) -> Option<Declaration> {
        file::conventions::declared_encoding(real)
    }
}

/// What the caller's lookup gives for a path: the file's bytes, `None` for a missing
/// file, or the caller's own failure.
pub type Lookup<'a> = dyn FnMut(&Path) -> Result<Option<Vec<u8>>> + 'a;

/// The caller's buffers: paths are placed by their spelling alone (no link is resolved,
/// nothing is opened), a new file ends its lines with `\n` unless the patch has `\r`,
/// and no settings file is read.
pub(super) struct InMemory<'a> {
    pub lookup: &'a mut Lookup<'a>,
}

impl Source for InMemory<'_> {
    fn locate(&self, path: &str, opts: &FileOptions) -> Result<Place> {
        let real =
            file::path::place_by_name(Path::new(path), opts.roots.as_deref(), opts.cwd.as_deref())?;
        Ok(Place {
            real,
            link: false,
            sole_name: None,
            exists: true,
        })
    }

    fn load(&mut self, path: &str, place: &Place, opts: &FileOptions) -> Result<Option<Original>> {
        let Some(bytes) = (self.lookup)(&place.real)? else {
            return Ok(None);
        };
        let display = Path::new(path);
        let len = bytes.len() as u64;
        if opts.max_bytes != 0 && len > opts.max_bytes {
            return Err(file::too_large(display, len, opts.max_bytes));
        }
        let version = file::version::version(&bytes);
        let hints = Hints {
            option: opts.encoding,
            declared: None,
            hash: file::version::hash(&version),
        };
        let decoded = encoding::decode(bytes, &hints).map_err(|err| err.about(display))?;
        Ok(Some(Original {
            version,
            len,
            decoded,
            attributes: Attributes::default(),
            sole_name: None,
        }))
    }

    fn new_file_ending(&self, _real: &Path) -> Ending {
        Ending::Lf
    }

    fn declared_encoding(&self, _real: &Path) -> Option<Declaration> {
        None
    }
}
