//! The import module's side of the page's worker: it listens for `[id, json, [bytes…]]`
//! messages and answers each with `core::import::remote::answer` — the importers the command
//! line runs — then says `"ready"`. Built into its own wasm module
//! (`src/bin/servescope-import-worker.rs`), so the page's first download holds no importer.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

use crate::core::import::remote::{answer, Message};

/// Answer the page's messages for the worker's whole life.
pub fn listen() {
    console_error_panic_hook::set_once();
    let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let replies = scope.clone();
    let on_message = Closure::<dyn Fn(web_sys::MessageEvent)>::new(move |event: web_sys::MessageEvent| {
        let data: js_sys::Array = event.data().unchecked_into();
        let blobs = js_sys::Array::from(&data.get(2)).iter().map(|b| js_sys::Uint8Array::new(&b).to_vec()).collect();
        let reply = answer(Message { json: data.get(1).as_string().unwrap_or_default(), blobs });
        let out = js_sys::Array::new();
        for bytes in &reply.blobs {
            out.push(&js_sys::Uint8Array::from(bytes.as_slice()));
        }
        replies.post_message(&js_sys::Array::of3(&data.get(0), &reply.json.into(), &out)).ok();
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // It listens as long as the worker lives.
    on_message.forget();
    scope.post_message(&"ready".into()).ok();
}
