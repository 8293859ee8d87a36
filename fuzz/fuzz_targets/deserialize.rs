//! Arbitrary bytes given to `Game` deserialization must never panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = serde_json::from_slice::<here_i_stand::Game>(data);
});
