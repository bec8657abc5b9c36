//! Arbitrary file bytes through decode/encode: BOMs, UTF-16, binary sniffing, byte-exact round trips.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| eol_edit_fuzz::decoder(data));
