//! `applyPatchInMemory`: the planner of [`super`] over the caller's buffers
//! ([`InMemory`]) instead of the disk. The sections are worked out, encoded and checked
//! exactly as `applyPatch` does (the same errors, the same bytes); then, instead of a
//! commit, each section's bytes are handed back.

use super::source::{InMemory, Lookup};
use super::{Content, Disk, Landing, Options, Patch};
use crate::error::Result;
use crate::file;
use crate::patch::{Action, FileResult};

/// What a patch does to one file section, over buffers.
pub struct MemoryFile {
    /// What `applyPatch` would report, without a version.
    pub result: FileResult,
    /// The bytes the section starts from (none for a file it creates).
    pub before: Option<Vec<u8>>,
    /// The bytes it leaves at the path (at the move's new path for a move): none for a
    /// delete, nor for a section whose path a later section of the patch changes again
    /// (that section's `before` has them).
    pub after: Option<Vec<u8>>,
}

/// Applies `patch` to the buffers `lookup` gives, writing nothing.
pub(crate) fn run(
    patch: &Patch,
    opts: &Options,
    lookup: &mut Lookup<'_>,
) -> Result<Vec<MemoryFile>> {
    let mut disk = Disk::new(opts, patch, Box::new(InMemory { lookup }))?;
    let mut planned = Vec::with_capacity(patch.files.len());
    for (i, section) in patch.files.iter().enumerate() {
        let fail = |e: crate::error::Error| e.with_file_index(i);
        let before = disk.before(i, section).map_err(fail)?;
        planned.push((disk.plan(i, section).map_err(fail)?, before));
    }
    let finals = disk.finish(patch)?;
    // The one check of `applyPatch`'s that is not about the disk: the size limit.
    for (s, slot) in disk.slots.iter().enumerate() {
        let end = finals[s].as_ref();
        if let (true, Some(end)) = (super::changed(slot.original.as_ref(), end), end) {
            let old_len = slot.original.as_ref().map(|o| o.len);
            let new_len = end.bytes.len() as u64;
            file::check_size(&slot.display, new_len, old_len, opts.file.max_bytes)
                .map_err(|e| e.with_file_index(slot.last_index))?;
        }
    }
    Ok(planned
        .into_iter()
        .enumerate()
        .map(|(i, (p, before))| {
            let after = p
                .slot
                .filter(|&s| disk.slots[s].last_index == i)
                .and_then(|s| finals[s].as_ref())
                .map(|f| f.bytes.clone());
            MemoryFile {
                result: p.result,
                before,
                after,
            }
        })
        .collect())
}

impl Disk<'_> {
    /// The bytes section `index` starts from, before it is planned: the file it changes,
    /// moves or deletes as the sections before left it, or the file an add replaces.
    /// `None` when there is none.
    fn before(&mut self, index: usize, section: &super::FilePatch) -> Result<Option<Vec<u8>>> {
        // Planning the section opens the same path first, and fails the same way.
        let opened = self.open(&section.path, index)?;
        let slot = &self.slots[opened.slot];
        let content: Option<&Content> = match section.action() {
            Action::Update => slot.current.as_ref(),
            Action::Delete | Action::Move => slot.displaced.as_ref().or(slot.current.as_ref()),
            Action::Add => match self.landing(opened.slot, index) {
                Landing::Replace => slot.current.as_ref(),
                _ => None,
            },
        };
        content.map(|c| self.encode(slot, c)).transpose()
    }
}
