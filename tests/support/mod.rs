//! What the integration tests share, as memchr keeps it in `tests/memchr/`: the naive
//! oracles the engine is compared with (`naive`), the seeded random generator
//! (`rng`), patches with known outcomes (`patches`), and lines in the forms a file
//! and a model's copy of it have (`copies`). Nothing here calls the code
//! under test but to run it.

// Each test binary that includes this module uses only part of it.
#![allow(dead_code, unused_imports)]

pub mod copies;
pub mod naive;
pub mod patches;
pub mod rng;

pub use patches::*;
