//! Per-file serialization inside one process.
//!
//! Two edits of one file that run at the same time (two Promises on the libuv thread
//! pool, or a Promise and a `*Sync` call) would each read the old content and the second
//! rename would silently drop the first edit. [`lock`] makes them take turns: one
//! global map from a [`LockKey`] to a small lock, whose entry is removed when the last
//! holder or waiter lets go, so the map only holds files being edited right now.
//!
//! An existing file is keyed by its identity (device and inode, or volume and file
//! index), so a symlink and its target, two hard links, and two spellings of one name
//! on a case-insensitive file system all share a lock. A file that does not exist yet
//! is keyed by its real path, which stays the same while another edit creates its
//! missing folders. Other processes are not
//! covered here: that is the commit lock's and the race check's job (see
//! [`super::atomic`]).

use std::collections::HashMap;
use std::path::PathBuf;

use super::sys::FileId;

/// What a lock is taken on. The order is the one every holder of several locks takes
/// them in (see [`super::plan::recheck_all`]), so two such holders never wait for each
/// other.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum LockKey {
    /// An existing file, by identity.
    File(FileId),
    /// A file that does not exist yet, by its real path (the same whichever of its
    /// folders exist yet).
    New(PathBuf),
}
use std::sync::{Arc, Condvar, Mutex, MutexGuard, OnceLock};

/// One path's lock: `held` is true while a [`PathLock`] for it exists.
#[derive(Default)]
struct Entry {
    held: Mutex<bool>,
    released: Condvar,
}

type Table = Mutex<HashMap<LockKey, Arc<Entry>>>;

fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(Table::default)
}

/// A lock on a file must never be lost to a panic elsewhere: every critical section here
/// leaves the data consistent, so a poisoned mutex is simply taken over.
fn relock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Holds the lock on one file until dropped.
#[must_use = "the file is only locked while the PathLock lives"]
pub struct PathLock {
    key: LockKey,
    entry: Arc<Entry>,
}

/// Blocks until no other [`PathLock`] for `key` exists in this process, then returns
/// one.
pub fn lock(key: LockKey) -> PathLock {
    take(key, true).expect("a waiting take always succeeds")
}

/// The lock on `key` if nobody holds it, at once; `None` if somebody does.
pub fn try_lock(key: LockKey) -> Option<PathLock> {
    take(key, false)
}

fn take(key: LockKey, wait: bool) -> Option<PathLock> {
    let entry = {
        let mut table = relock(table());
        Arc::clone(table.entry(key.clone()).or_default())
    };
    let mut held = relock(&entry.held);
    if *held && !wait {
        drop(held);
        // Leave the table as a lock that was never asked for would.
        drop(PathLockWithout { key, entry });
        return None;
    }
    while *held {
        held = entry
            .released
            .wait(held)
            .unwrap_or_else(|poisoned| poisoned.into_inner());
    }
    *held = true;
    drop(held);
    Some(PathLock { key, entry })
}

/// An interest in a key's entry without holding its lock: dropping it removes the
/// entry if nobody else holds or waits for it.
struct PathLockWithout {
    key: LockKey,
    entry: Arc<Entry>,
}

impl Drop for PathLockWithout {
    fn drop(&mut self) {
        let mut table = relock(table());
        if Arc::strong_count(&self.entry) == 2 {
            table.remove(&self.key);
        }
    }
}

impl Drop for PathLock {
    fn drop(&mut self) {
        *relock(&self.entry.held) = false;
        self.entry.released.notify_one();
        // Clones are only made under the table lock, so the count is exact here: two
        // means the table's and ours, nobody else is holding or waiting.
        let mut table = relock(table());
        if Arc::strong_count(&self.entry) == 2 {
            table.remove(&self.key);
        }
    }
}

/// How many paths have a lock entry right now (held or waited for).
#[cfg(test)]
fn entries() -> usize {
    relock(table()).len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::thread;
    use std::time::Duration;

    fn key(name: &str) -> LockKey {
        LockKey::New(PathBuf::from("/eol-edit-test/lock").join(name))
    }

    #[test]
    fn one_holder_at_a_time_per_path() {
        let path = key("one-holder");
        let inside = Arc::new(AtomicUsize::new(0));
        let max_inside = Arc::new(AtomicUsize::new(0));
        let threads: Vec<_> = (0..8)
            .map(|_| {
                let (path, inside, max_inside) =
                    (path.clone(), Arc::clone(&inside), Arc::clone(&max_inside));
                thread::spawn(move || {
                    for _ in 0..20 {
                        let _guard = lock(path.clone());
                        let now = inside.fetch_add(1, Ordering::SeqCst) + 1;
                        max_inside.fetch_max(now, Ordering::SeqCst);
                        thread::sleep(Duration::from_micros(50));
                        inside.fetch_sub(1, Ordering::SeqCst);
                    }
                })
            })
            .collect();
        threads.into_iter().for_each(|t| t.join().unwrap());
        assert_eq!(max_inside.load(Ordering::SeqCst), 1);
        assert!(!relock(table()).contains_key(&path));
    }

    #[test]
    fn different_paths_do_not_wait_for_each_other() {
        let a = lock(key("a"));
        let b = lock(key("b"));
        assert!(entries() >= 2);
        drop((a, b));
    }

    #[test]
    fn try_lock_fails_while_held_and_leaves_no_entry_behind() {
        let path = key("try");
        let guard = try_lock(path.clone()).unwrap();
        assert!(try_lock(path.clone()).is_none());
        drop(guard);
        assert!(!relock(table()).contains_key(&path));
        let again = try_lock(path.clone()).unwrap();
        drop(again);
        assert!(try_lock(key("try-alone")).is_some());
        assert!(!relock(table()).contains_key(&key("try-alone")));
    }

    #[test]
    fn entry_is_removed_when_the_last_holder_lets_go() {
        let path = key("cleanup");
        let guard = lock(path.clone());
        assert!(relock(table()).contains_key(&path));
        drop(guard);
        assert!(!relock(table()).contains_key(&path));
    }
}
