//! Per-path serialization inside one process.
//!
//! Two edits of one file that run at the same time (two Promises on the libuv thread
//! pool, or a Promise and a `*Sync` call) would each read the old content and the second
//! rename would silently drop the first edit. [`lock`] makes them take turns: one
//! global map from the resolved path to a small lock, whose entry is removed when the
//! last holder or waiter lets go, so the map only holds paths being edited right now.
//!
//! The key is the real path (after symlinks), so a link and its target share a lock.
//! Two hard links to one file are two paths and do not; the race check before the
//! rename (see [`super::atomic`]) still turns such a collision into `FILE_CHANGED`
//! instead of a lost edit. Other processes are not covered here either: that is the
//! race check's job too.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, OnceLock};

/// One path's lock: `held` is true while a [`PathLock`] for it exists.
#[derive(Default)]
struct Entry {
    held: Mutex<bool>,
    released: Condvar,
}

type Table = Mutex<HashMap<PathBuf, Arc<Entry>>>;

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

/// Holds the lock on one path until dropped.
#[must_use = "the path is only locked while the PathLock lives"]
pub struct PathLock {
    path: PathBuf,
    entry: Arc<Entry>,
}

/// Blocks until no other [`PathLock`] for `path` exists in this process, then returns
/// one. `path` should be the resolved real path.
pub fn lock(path: &Path) -> PathLock {
    let entry = {
        let mut table = relock(table());
        Arc::clone(table.entry(path.to_path_buf()).or_default())
    };
    let mut held = relock(&entry.held);
    while *held {
        held = entry
            .released
            .wait(held)
            .unwrap_or_else(|poisoned| poisoned.into_inner());
    }
    *held = true;
    drop(held);
    PathLock {
        path: path.to_path_buf(),
        entry,
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
            table.remove(&self.path);
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

    #[test]
    fn one_holder_at_a_time_per_path() {
        let path = PathBuf::from("/eol-edit-test/lock/one-holder");
        let inside = Arc::new(AtomicUsize::new(0));
        let max_inside = Arc::new(AtomicUsize::new(0));
        let threads: Vec<_> = (0..8)
            .map(|_| {
                let (path, inside, max_inside) =
                    (path.clone(), Arc::clone(&inside), Arc::clone(&max_inside));
                thread::spawn(move || {
                    for _ in 0..20 {
                        let _guard = lock(&path);
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
        let a = lock(Path::new("/eol-edit-test/lock/a"));
        let b = lock(Path::new("/eol-edit-test/lock/b"));
        assert!(entries() >= 2);
        drop((a, b));
    }

    #[test]
    fn entry_is_removed_when_the_last_holder_lets_go() {
        let path = Path::new("/eol-edit-test/lock/cleanup");
        let guard = lock(path);
        assert!(relock(table()).contains_key(path));
        drop(guard);
        assert!(!relock(table()).contains_key(path));
    }
}
