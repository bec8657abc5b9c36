//! The API: the JavaScript library's functions in snake_case, on Rust types.
//!
//! Every operation lives here once, for every front-end: the arguments arrive as
//! values (a binding has already read them), the options are resolved, the engine
//! ([`crate::engine`]) or the patch code ([`crate::patch`]) does the work through the
//! file layer ([`crate::file`]), and the result is built the same way whoever called.

pub(crate) mod files;
pub(crate) mod names;
pub(crate) mod options;
pub(crate) mod patch;
pub(crate) mod prepared;
pub(crate) mod results;
#[cfg(feature = "serde")]
mod serde;
pub(crate) mod session;
pub(crate) mod text;
pub(crate) mod undo;
pub(crate) mod v4a;
pub(crate) mod version;

#[cfg(feature = "binding")]
pub mod binding;

#[cfg(test)]
mod tests;
