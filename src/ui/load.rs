//! Fetching a results file and turning every failure into words a reader can act on.

use gloo_net::http::Request;

use crate::core::index::{parse_index, IndexEntry};

/// Where the bundled files are listed.
pub const INDEX_PATH: &str = "data/index.json";

/// The largest results file the page reads; larger ones are refused before reading.
pub const MAX_RESULTS_BYTES: u64 = 64 * 1024 * 1024;

/// The refusal for a file over the limit, with both sizes.
pub fn too_large(bytes: u64) -> String {
    format!("the file is {:.1} MiB, over the {} MiB limit; it was not read", bytes as f64 / 1048576.0, MAX_RESULTS_BYTES / 1048576)
}

/// Fetch bytes, naming the HTTP status or the network failure.
pub async fn fetch_bytes(url: &str) -> Result<Vec<u8>, String> {
    let response = Request::get(url).send().await.map_err(|_| format!("{url}: network error or blocked (CORS/CSP)"))?;
    if !response.ok() {
        return Err(format!("{url}: HTTP {} {}", response.status(), response.status_text()));
    }
    response.binary().await.map_err(|_| format!("{url}: network error or blocked (CORS/CSP) while reading the body"))
}

/// Fetch and parse `data/index.json`.
pub async fn fetch_index() -> Result<Vec<IndexEntry>, String> {
    let bytes = fetch_bytes(INDEX_PATH).await?;
    parse_index(&bytes)
}
