//! What the integration tests share, as memchr keeps it in `tests/memchr/`: the naive
//! oracles the engine is compared with (`naive`), the seeded random generator
//! (`rng`), and patches with known outcomes (`patches`). Nothing here calls the code
//! under test but to run it.

// Each test binary that includes this module uses only part of it.
#![allow(dead_code, unused_imports)]

pub mod naive;
pub mod patches;
pub mod rng;

pub use patches::*;
