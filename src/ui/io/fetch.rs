//! Fetching over HTTP with the browser's own `fetch`: a body read chunk by chunk (so large
//! files are hashed or counted as they arrive, and refused past a limit), and every
//! failure a typed error whose words a reader can act on.

use js_sys::Uint8Array;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{AbortSignal, ReadableStreamDefaultReader, ReadableStreamReadResult, Response};

use crate::core::basics::intake::too_large;

/// Why a fetch failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FetchError {
    /// No answer: the network, or a cross-origin or CSP block.
    #[error("network error or blocked (CORS/CSP)")]
    Network,
    /// An HTTP error status.
    #[error("HTTP {status}{}", if text.is_empty() { String::new() } else { format!(" {text}") })]
    Http {
        /// The status code.
        status: u16,
        /// Its text.
        text: String,
    },
    /// Stopped by its task's owner: a newer task superseded it. Nobody is shown this.
    #[error("superseded")]
    Aborted,
    /// More bytes than the page reads.
    #[error("{}", too_large(*bytes))]
    TooLarge {
        /// The size announced or reached.
        bytes: u64,
    },
}

impl FetchError {
    /// The file is simply not there (404 or 410).
    pub fn is_not_found(&self) -> bool {
        matches!(self, FetchError::Http { status: 404 | 410, .. })
    }
}

/// GET a URL; an HTTP error status is an error. `abort` stops the request and its body.
pub async fn get(url: &str, abort: Option<&AbortSignal>) -> Result<Response, FetchError> {
    let aborted = || abort.is_some_and(AbortSignal::aborted);
    let response = gloo_net::http::Request::get(url).abort_signal(abort).send().await.map_err(|_| {
        if aborted() {
            FetchError::Aborted
        } else {
            FetchError::Network
        }
    })?;
    if !response.ok() {
        return Err(FetchError::Http { status: response.status(), text: response.status_text() });
    }
    Ok(Response::from(response))
}

/// The Content-Length the server announced, if any.
pub fn announced_length(response: &Response) -> Option<u64> {
    response.headers().get("content-length").ok().flatten().and_then(|v| v.parse().ok())
}

/// Read a body chunk by chunk, handing each to `on_chunk`, which may stop the read; an
/// aborted request's body stops with `Aborted`.
pub async fn read_chunks(
    response: Response,
    abort: Option<&AbortSignal>,
    mut on_chunk: impl FnMut(&[u8]) -> Result<(), FetchError>,
) -> Result<(), FetchError> {
    read_js_chunks(response, abort, |chunk| on_chunk(&chunk.to_vec())).await
}

/// Read a body as `read_chunks` does, and keep it in the page's JavaScript memory rather
/// than the wasm's: for a file only handed on (a tool's file, to the import module), which
/// in wasm memory would grow it for good (wasm memory never shrinks). Each chunk visits the
/// wasm only to be hashed. Returns the whole body, in one buffer that can be transferred.
pub async fn read_chunks_held(
    response: Response,
    abort: Option<&AbortSignal>,
    mut on_chunk: impl FnMut(&[u8]) -> Result<(), FetchError>,
) -> Result<Uint8Array, FetchError> {
    let held = js_sys::Array::new();
    let mut length = 0u32;
    read_js_chunks(response, abort, |chunk| {
        on_chunk(&chunk.to_vec())?;
        length = length.saturating_add(chunk.length());
        held.push(&chunk);
        Ok(())
    })
    .await?;
    let whole = Uint8Array::new_with_length(length);
    let mut at = 0;
    for chunk in held.iter() {
        let chunk: Uint8Array = chunk.unchecked_into();
        whole.set(&chunk, at);
        at += chunk.length();
    }
    Ok(whole)
}

/// The body's chunks as the browser hands them.
async fn read_js_chunks(
    response: Response,
    abort: Option<&AbortSignal>,
    mut on_chunk: impl FnMut(Uint8Array) -> Result<(), FetchError>,
) -> Result<(), FetchError> {
    let Some(body) = response.body() else { return Ok(()) };
    let reader: ReadableStreamDefaultReader = body.get_reader().unchecked_into();
    let aborted = || abort.is_some_and(AbortSignal::aborted);
    loop {
        let chunk: ReadableStreamReadResult = JsFuture::from(reader.read())
            .await
            .map_err(|_| if aborted() { FetchError::Aborted } else { FetchError::Network })?
            .unchecked_into();
        if aborted() {
            let _ = reader.cancel();
            return Err(FetchError::Aborted);
        }
        if chunk.get_done().unwrap_or(true) {
            return Ok(());
        }
        if let Err(stop) = on_chunk(Uint8Array::new(&chunk.get_value())) {
            let _ = reader.cancel();
            return Err(stop);
        }
    }
}

/// Fetch a whole body, refused before reading when the server announces more than `limit`
/// (and stopped if the body outgrows it), reporting `(bytes so far, announced)`; `abort`
/// stops it.
pub async fn fetch_bytes(
    url: &str,
    limit: u64,
    abort: Option<&AbortSignal>,
    mut progress: impl FnMut(u64, Option<u64>),
) -> Result<Vec<u8>, FetchError> {
    let response = get(url, abort).await?;
    let total = announced_length(&response);
    if let Some(bytes) = total.filter(|t| *t > limit) {
        return Err(FetchError::TooLarge { bytes });
    }
    let mut body = Vec::with_capacity(total.unwrap_or(0).min(limit) as usize);
    read_chunks(response, abort, |chunk| {
        body.extend_from_slice(chunk);
        if body.len() as u64 > limit {
            return Err(FetchError::TooLarge { bytes: body.len() as u64 });
        }
        progress(body.len() as u64, total);
        Ok(())
    })
    .await?;
    Ok(body)
}

/// The absolute URL of a reference relative to the page (or to `base`).
pub fn absolute_url(reference: &str, base: Option<&str>) -> Option<String> {
    let page = web_sys::window()?.location().href().ok()?;
    web_sys::Url::new_with_base(reference, base.unwrap_or(&page)).ok().map(|u| u.href())
}
