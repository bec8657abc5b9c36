//! Arbitrary .editorconfig and .gitattributes files and a new file's name through new_file_ending.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| eol_edit_fuzz::conventions(data));
