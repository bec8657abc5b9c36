//! Arbitrary source bytes and edits, anchors, contents and endings through the edit engine (apply_edits, delete_range, write_over, convert_eol).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| eol_edit_fuzz::engine(data));
