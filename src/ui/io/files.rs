//! Files the reader picked or dropped: read whole, by name. Nothing is uploaded.

use std::collections::BTreeMap;

use crate::core::basics::intake::{too_large_to_pick, MAX_RESULTS_BYTES};

/// Read every file of a list into memory, by name; a file over the size limit or one the
/// browser cannot read stops with its name and why.
pub async fn read_files(list: &web_sys::FileList) -> Result<BTreeMap<String, Vec<u8>>, (String, String)> {
    let mut files = BTreeMap::new();
    for index in 0..list.length() {
        let Some(file) = list.item(index) else { continue };
        if file.size() > MAX_RESULTS_BYTES as f64 {
            return Err((file.name(), too_large_to_pick(&file.name(), file.size() as u64)));
        }
        let name = file.name();
        let Ok(bytes) = gloo_file::futures::read_as_bytes(&gloo_file::File::from(file)).await else {
            return Err((name, "the browser could not read this file".into()));
        };
        files.insert(name, bytes);
    }
    Ok(files)
}

/// Files dropped anywhere on the window — the header, the margins, outside the app's own
/// box — go to `dropped`, never to the browser (which would navigate to the file and lose
/// the page); `dragging` is true while files are dragged over the window, for the hint.
/// Listeners for the app's whole life, set once.
pub fn drops_anywhere(dragging: leptos::prelude::RwSignal<bool>, dropped: impl Fn(web_sys::FileList) + 'static) {
    use gloo_events::{EventListener, EventListenerOptions};
    use leptos::prelude::Set;
    use wasm_bindgen::JsCast;
    let window = leptos::prelude::window();
    let drag = |e: &web_sys::Event| e.unchecked_ref::<web_sys::DragEvent>().clone();
    let has_files = |e: &web_sys::DragEvent| e.data_transfer().is_some_and(|d| d.types().includes(&"Files".into(), 0));
    // Not passive (gloo's default): dragover and drop must prevent the browser's own handling.
    let active = EventListenerOptions::enable_prevent_default;
    EventListener::new_with_options(&window, "dragover", active(), move |e| {
        let e = drag(e);
        if has_files(&e) {
            e.prevent_default();
            dragging.set(true);
        }
    })
    .forget();
    // Leaving the window (no element to enter) ends the hint.
    EventListener::new(&window, "dragleave", move |e| {
        if drag(e).related_target().is_none() {
            dragging.set(false);
        }
    })
    .forget();
    EventListener::new_with_options(&window, "drop", active(), move |e| {
        let e = drag(e);
        dragging.set(false);
        if let Some(files) = e.data_transfer().and_then(|d| d.files()).filter(|f| f.length() > 0) {
            e.prevent_default();
            dropped(files);
        }
    })
    .forget();
}
