//! Files the reader picked or dropped: read whole, by name. Nothing is uploaded.

use std::collections::BTreeMap;

use wasm_bindgen_futures::JsFuture;

use crate::core::intake::{too_large, MAX_RESULTS_BYTES};

/// Read every file of a list into memory, by name; a file over the size limit or one the
/// browser cannot read stops with its name and why.
pub async fn read_files(list: &web_sys::FileList) -> Result<BTreeMap<String, Vec<u8>>, (String, String)> {
    let mut files = BTreeMap::new();
    for index in 0..list.length() {
        let Some(file) = list.item(index) else { continue };
        if file.size() > MAX_RESULTS_BYTES as f64 {
            return Err((file.name(), too_large(file.size() as u64)));
        }
        let Ok(buffer) = JsFuture::from(file.array_buffer()).await else {
            return Err((file.name(), "the browser could not read this file".into()));
        };
        files.insert(file.name(), js_sys::Uint8Array::new(&buffer).to_vec());
    }
    Ok(files)
}
