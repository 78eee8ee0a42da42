//! Any query string parses without panicking, and what it parses to prints and parses back
//! to itself.
#![no_main]

use libfuzzer_sys::fuzz_target;
use servescope::core::link::ViewState;

fuzz_target!(|data: &[u8]| {
    let query = String::from_utf8_lossy(data);
    let (state, _) = ViewState::parse(&query);
    let (again, notices) = ViewState::parse(&state.to_query());
    assert_eq!(again, state, "query {query:?} printed as {:?}", state.to_query());
    assert!(notices.is_empty(), "{notices:?}");
});
