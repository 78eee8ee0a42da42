//! Downloads made in the page: exports are built here and saved by the browser; nothing
//! leaves the machine.

use wasm_bindgen::JsCast;

/// Save `href` (a data or blob URL) as `filename`.
pub fn download_url(filename: &str, href: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    let Some(anchor) = document.create_element("a").ok().and_then(|a| a.dyn_into::<web_sys::HtmlAnchorElement>().ok()) else { return };
    anchor.set_href(href);
    anchor.set_download(filename);
    anchor.click();
}

/// Save bytes as a file of the given MIME type.
pub fn download_bytes(filename: &str, mime: &str, bytes: &[u8]) {
    let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(bytes));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let Ok(blob) = web_sys::Blob::new_with_u8_array_sequence_and_options(&parts, &options) else { return };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else { return };
    download_url(filename, &url);
    // Revoked a little later: revoking at once can cancel the download the click started.
    gloo_timers::callback::Timeout::new(10_000, move || {
        web_sys::Url::revoke_object_url(&url).ok();
    })
    .forget();
}

/// Save text as a file of the given MIME type.
pub fn download_text(filename: &str, mime: &str, text: &str) {
    download_bytes(filename, mime, text.as_bytes());
}
