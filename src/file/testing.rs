//! Test helpers: a real temporary folder that cleans up after itself.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// A fresh folder under the system temp dir, removed (permissions restored first) on drop.
pub struct TempDir {
    path: PathBuf,
}

impl TempDir {
    pub fn new() -> TempDir {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos();
        let name = format!(
            "eol-edit-test-{}-{}-{}",
            std::process::id(),
            nanos,
            NEXT.fetch_add(1, Ordering::Relaxed)
        );
        let path = std::env::temp_dir().join(name);
        fs::create_dir_all(&path).unwrap();
        TempDir { path }
    }

    /// The folder as created (may go through a symlink, e.g. `/tmp` on macOS).
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The folder's real location, as the file layer reports paths.
    pub fn real(&self) -> PathBuf {
        fs::canonicalize(&self.path).unwrap()
    }

    pub fn join(&self, rel: &str) -> PathBuf {
        self.path.join(rel)
    }

    pub fn mkdir(&self, rel: &str) {
        fs::create_dir_all(self.path.join(rel)).unwrap();
    }

    pub fn write(&self, rel: &str, content: impl AsRef<[u8]>) {
        let path = self.path.join(rel);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, content).unwrap();
    }

    pub fn read(&self, rel: &str) -> Vec<u8> {
        fs::read(self.path.join(rel)).unwrap()
    }

    /// Every entry below `rel`, sorted, as paths relative to it.
    pub fn listing(&self, rel: &str) -> Vec<String> {
        fn walk(dir: &Path, base: &Path, out: &mut Vec<String>) {
            for entry in fs::read_dir(dir).unwrap() {
                let path = entry.unwrap().path();
                // With `/` on every OS, so expectations read the same everywhere.
                let rel = path.strip_prefix(base).unwrap();
                let parts: Vec<String> = rel
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect();
                out.push(parts.join("/"));
                if fs::symlink_metadata(&path).unwrap().is_dir() {
                    walk(&path, base, out);
                }
            }
        }
        let base = self.path.join(rel);
        let mut out = Vec::new();
        walk(&base, &base, &mut out);
        out.sort();
        out
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        #[cfg(unix)]
        fn make_writable(dir: &Path) {
            use std::os::unix::fs::PermissionsExt;
            let _ = fs::set_permissions(dir, fs::Permissions::from_mode(0o755));
            if let Ok(entries) = fs::read_dir(dir) {
                for entry in entries.flatten() {
                    if entry.file_type().is_ok_and(|t| t.is_dir()) {
                        make_writable(&entry.path());
                    }
                }
            }
        }
        #[cfg(unix)]
        make_writable(&self.path);
        let _ = fs::remove_dir_all(&self.path);
    }
}

/// Runs `f` with this thread's file-system identity dropped to `nobody` when the tests
/// run as root, so permission checks apply (Linux keeps the fs uid per thread).
#[cfg(target_os = "linux")]
pub fn without_root<R>(f: impl FnOnce() -> R) -> R {
    struct Restore(Option<libc::uid_t>);
    impl Drop for Restore {
        fn drop(&mut self) {
            if let Some(uid) = self.0 {
                // SAFETY: setfsuid only changes this thread's credentials.
                unsafe { libc::setfsuid(uid) };
            }
        }
    }
    // SAFETY: plain syscalls without memory arguments.
    let restore = unsafe {
        if libc::geteuid() == 0 {
            Restore(Some(libc::setfsuid(65534) as libc::uid_t))
        } else {
            Restore(None)
        }
    };
    if restore.0.is_some() {
        // SAFETY: setfsuid(-1) only reports the current fs uid.
        let now = unsafe { libc::setfsuid(libc::uid_t::MAX) };
        assert_eq!(now, 65534, "could not drop root for a permission test");
    }
    let result = f();
    drop(restore);
    result
}
