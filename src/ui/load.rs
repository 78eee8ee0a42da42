//! Fetching: a results file with a size limit and progress, and the shared chunk reader
//! the source checks use. Every failure becomes words a reader can act on.

use gloo_net::http::{Request, Response};
use js_sys::{Reflect, Uint8Array};
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::ReadableStreamDefaultReader;

use crate::core::index::{parse_index, too_large, IndexEntry, MAX_RESULTS_BYTES};

/// Where the bundled files are listed.
pub const INDEX_PATH: &str = "data/index.json";

/// What a failed fetch reads as.
pub const NETWORK_ERROR: &str = "network error or blocked (CORS/CSP)";

/// GET a URL; an HTTP error names its status.
pub async fn get(url: &str) -> Result<Response, String> {
    let response = Request::get(url).send().await.map_err(|_| NETWORK_ERROR.to_owned())?;
    if !response.ok() {
        return Err(format!("HTTP {} {}", response.status(), response.status_text()).trim_end().to_owned());
    }
    Ok(response)
}

/// The Content-Length the server announced, if any.
pub fn announced_length(response: &Response) -> Option<u64> {
    response.headers().get("content-length").and_then(|v| v.parse().ok())
}

/// Read a response body chunk by chunk, handing each to `on_chunk` (which may stop the
/// read with an error), so large bodies can be hashed or counted as they arrive.
pub async fn read_chunks(response: Response, mut on_chunk: impl FnMut(&[u8]) -> Result<(), String>) -> Result<(), String> {
    let Some(body) = response.body() else { return Ok(()) };
    let reader: ReadableStreamDefaultReader = body.get_reader().unchecked_into();
    loop {
        let chunk = JsFuture::from(reader.read()).await.map_err(|_| NETWORK_ERROR.to_owned())?;
        if Reflect::get(&chunk, &"done".into()).ok().and_then(|d| d.as_bool()).unwrap_or(true) {
            return Ok(());
        }
        if let Ok(value) = Reflect::get(&chunk, &"value".into()) {
            if let Err(stop) = on_chunk(&Uint8Array::new(&value).to_vec()) {
                let _ = reader.cancel();
                return Err(stop);
            }
        }
    }
}

/// Fetch a results file: refused before reading when the server announces more than the
/// limit (and stopped if the body outgrows it), reporting `(bytes so far, announced)`.
pub async fn fetch_results(url: &str, progress: impl Fn(u64, Option<u64>)) -> Result<Vec<u8>, String> {
    let response = get(url).await.map_err(|e| format!("{url}: {e}"))?;
    let total = announced_length(&response);
    if let Some(total) = total.filter(|t| *t > MAX_RESULTS_BYTES) {
        return Err(format!("{url}: {}", too_large(total)));
    }
    let mut bytes = Vec::with_capacity(total.unwrap_or(0).min(MAX_RESULTS_BYTES) as usize);
    read_chunks(response, |chunk| {
        bytes.extend_from_slice(chunk);
        if bytes.len() as u64 > MAX_RESULTS_BYTES {
            return Err(format!("{url}: {}", too_large(bytes.len() as u64)));
        }
        progress(bytes.len() as u64, total);
        Ok(())
    })
    .await
    .map_err(|e| if e.starts_with(url) { e } else { format!("{url}: {e}") })?;
    Ok(bytes)
}

/// Fetch and parse `data/index.json`.
pub async fn fetch_index() -> Result<Vec<IndexEntry>, String> {
    let response = get(INDEX_PATH).await.map_err(|e| format!("{INDEX_PATH}: {e}"))?;
    let bytes = response.binary().await.map_err(|_| format!("{INDEX_PATH}: {NETWORK_ERROR}"))?;
    parse_index(&bytes)
}
