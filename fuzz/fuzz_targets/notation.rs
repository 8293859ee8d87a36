//! `Action::from_str` on arbitrary text never panics, and what it accepts
//! is the canonical text (verb, then the object's id) up to whitespace: it
//! prints back to that text, parses back to the same action, and its index
//! leads back to it.
#![no_main]

use here_i_stand::Action;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(action) = text.parse::<Action>() {
        let printed = action.to_string();
        assert_eq!(printed.parse::<Action>(), Ok(action), "{printed:?} does not read back");
        assert_eq!(text.split_whitespace().collect::<Vec<_>>().join(" "), printed, "accepted {text:?}");
        assert_eq!(Action::from_index(action.index()), Some(action));
    }
});
