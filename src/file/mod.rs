//! Everything that touches the file system, and nothing else.
//!
//! This layer knows neither Node nor the edit engine. [`version`] is the hash callers
//! pass back as `expectedVersion`; [`lock`] makes concurrent edits of one file in this
//! process take turns.

pub mod lock;
pub mod version;
