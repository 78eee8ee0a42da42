//! Inflating a gzip file with the browser's own `DecompressionStream`, so the page carries
//! no decompressor (the per-request tables are `.csv.gz`; natively `core::measures::requests::gunzip`
//! reads the same bytes).

use js_sys::{Array, Uint8Array};
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;
use web_sys::{Blob, ReadableStream, ReadableWritablePair, Response, WritableStream};

// web-sys lists `DecompressionStream` among its unstable APIs (behind a cfg for the whole
// crate); every browser servescope supports has it, so the three members used are bound here.
#[wasm_bindgen]
extern "C" {
    type DecompressionStream;
    #[wasm_bindgen(constructor, catch)]
    fn new(format: &str) -> Result<DecompressionStream, JsValue>;
    #[wasm_bindgen(method, getter)]
    fn readable(this: &DecompressionStream) -> ReadableStream;
    #[wasm_bindgen(method, getter)]
    fn writable(this: &DecompressionStream) -> WritableStream;
}

/// The bytes a gzip file holds, or why it does not inflate.
pub async fn gunzip(bytes: &[u8]) -> Result<Vec<u8>, String> {
    let fail = |what: &str| format!("does not inflate as gzip ({what})");
    let parts = Array::of1(&Uint8Array::from(bytes));
    let blob = Blob::new_with_u8_array_sequence(&parts).map_err(|_| fail("blob"))?;
    let stream = DecompressionStream::new("gzip").map_err(|_| fail("this browser has no DecompressionStream"))?;
    let pair = ReadableWritablePair::new(&stream.readable(), &stream.writable());
    let inflated = blob.stream().pipe_through(&pair);
    let response = Response::new_with_opt_readable_stream(Some(&inflated)).map_err(|_| fail("response"))?;
    let buffer = JsFuture::from(response.array_buffer().map_err(|_| fail("read"))?).await.map_err(|_| fail("corrupt data"))?;
    Ok(Uint8Array::new(&buffer).to_vec())
}
