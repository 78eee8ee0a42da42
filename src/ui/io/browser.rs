//! Browser plumbing as signals: the system's colour scheme followed live, the device pixel
//! ratio (zoom, another monitor), an element's size (a ResizeObserver, which also sees a
//! container resize no window event reports), the clipboard, and a paint before long work.
//! Hand-written rather than from leptos-use: see ARCHITECTURE.md for the measured cost.

use std::fmt::Write;

use gloo_events::EventListener;
use leptos::prelude::*;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

/// Whether the system asks for a dark colour scheme, following it live.
pub fn prefers_dark() -> Signal<bool> {
    let query = window().match_media("(prefers-color-scheme: dark)").ok().flatten();
    let dark = RwSignal::new(query.as_ref().is_some_and(|q| q.matches()));
    if let Some(query) = query {
        // The page lives as long as the app: the listener is kept for good.
        EventListener::new(&query, "change", move |e| dark.set(e.unchecked_ref::<web_sys::MediaQueryListEvent>().matches())).forget();
    }
    dark.into()
}

/// Whether the page is being printed (charts redraw in the light palette for paper).
pub fn printing() -> Signal<bool> {
    let query = window().match_media("print").ok().flatten();
    let printing = RwSignal::new(false);
    if let Some(query) = query {
        EventListener::new(&query, "change", move |e| printing.set(e.unchecked_ref::<web_sys::MediaQueryListEvent>().matches())).forget();
    }
    printing.into()
}

/// The device pixel ratio, updated when it changes (zoom, a move to another monitor).
pub fn device_pixel_ratio() -> Signal<f64> {
    let ratio = RwSignal::new(window().device_pixel_ratio());
    let handle = window_event_listener(leptos::ev::resize, move |_| {
        let now = window().device_pixel_ratio();
        if ratio.get_untracked() != now {
            ratio.set(now);
        }
    });
    on_cleanup(move || handle.remove());
    ratio.into()
}

/// A box's size in whole CSS pixels.
fn whole_px(width: f64, height: f64) -> (u32, u32) {
    (width.round().max(0.0) as u32, height.round().max(0.0) as u32)
}

/// The CSS size of an element, updated by a ResizeObserver.
pub fn element_size(target: NodeRef<leptos::html::Div>) -> Signal<(u32, u32)> {
    let size = RwSignal::new((0u32, 0u32));
    target.on_load(move |element| {
        // Read once now, mounted: the observer first reports after the next layout, and a
        // chart waiting for it is drawn and painted a frame late (~40 ms on the scale file).
        let rect = element.get_bounding_client_rect();
        let now = whole_px(rect.width(), rect.height());
        if now.0 > 0 {
            size.set(now);
        }
        let observe = Closure::<dyn Fn(js_sys::Array)>::new(move |entries: js_sys::Array| {
            let Some(entry) = entries.get(0).dyn_into::<web_sys::ResizeObserverEntry>().ok() else { return };
            let rect = entry.content_rect();
            let now = whole_px(rect.width(), rect.height());
            if size.get_untracked() != now {
                size.set(now);
            }
        });
        if let Ok(observer) = web_sys::ResizeObserver::new(observe.as_ref().unchecked_ref()) {
            observer.observe(&element);
            // The observer and its closure end with the chart: nothing leaks per mount.
            // (A local stored value: the closure is not Send, the handle is.)
            let held = StoredValue::new_local(Some((observer, observe)));
            on_cleanup(move || {
                if let Some((observer, observe)) = held.try_update_value(Option::take).flatten() {
                    observer.disconnect();
                    drop(observe);
                }
            });
        }
    });
    size.into()
}

/// Copy text to the clipboard; says whether it worked.
pub async fn copy_text(text: &str) -> bool {
    let promise = window().navigator().clipboard().write_text(text);
    wasm_bindgen_futures::JsFuture::from(promise).await.is_ok()
}

/// Let the browser paint what was just set (a "parsing…" line) before a long task.
pub async fn paint() {
    gloo_timers::future::TimeoutFuture::new(16).await;
}

/// Set the document's title.
pub fn set_title(title: &str) {
    document().set_title(title);
}

/// The sha256 of `bytes` in lower-case hex, by the browser's own SHA-256 where the page may
/// use it (a secure context), else by the core's: the same digest either way, but the
/// browser's is ~10× faster than portable wasm rounds on a multi-megabyte file, which sits
/// between its download and its first chart.
pub async fn sha256_hex(bytes: &[u8]) -> String {
    let digest = window().crypto().ok().and_then(|crypto| crypto.subtle().digest_with_str_and_u8_array("SHA-256", bytes).ok());
    if let Some(promise) = digest {
        if let Ok(buffer) = wasm_bindgen_futures::JsFuture::from(promise).await {
            let mut hex = String::with_capacity(64);
            for byte in js_sys::Uint8Array::new(&buffer).to_vec() {
                let _ = write!(hex, "{byte:02x}");
            }
            return hex;
        }
    }
    crate::core::provenance::sha256_hex(bytes)
}

/// A performance mark, for the benchmark.
pub fn mark(name: &str) {
    if let Some(performance) = window().performance() {
        performance.mark(name).ok();
    }
}
