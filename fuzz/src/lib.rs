//! The checks behind the fuzz targets; see `checks.rs`.

mod checks;

pub use checks::{conventions, decoder, engine, Input};
