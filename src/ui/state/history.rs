//! The link and the address bar move together: a new history entry for a new page, a
//! replaced one for a filter; Back and Forward restore the state of their entry; a link
//! followed in the app respects the reader's modifier keys (new tab, new window).

use leptos::prelude::*;
use wasm_bindgen::JsValue;

use super::link::Link;
use crate::core::link::ViewState;

/// The page's own address (origin and path), without the query.
pub fn page_base() -> String {
    let location = window().location();
    format!("{}{}", location.origin().unwrap_or_default(), location.pathname().unwrap_or_default())
}

/// The `href` of a link to `state` on this page.
pub fn href(state: &ViewState) -> String {
    let query = state.to_query();
    if query.is_empty() {
        window().location().pathname().unwrap_or_else(|_| "./".into())
    } else {
        format!("?{query}")
    }
}

/// Write the address bar: a new entry (`push`) or the current one replaced.
pub fn write_address(state: &ViewState, push: bool) {
    let url = href(state);
    let Ok(history) = window().history() else { return };
    let written = if push {
        history.push_state_with_url(&JsValue::NULL, "", Some(&url))
    } else {
        history.replace_state_with_url(&JsValue::NULL, "", Some(&url))
    };
    if let Err(e) = written {
        leptos::logging::warn!("could not update the address bar: {e:?}");
    }
}

/// Change the view state and the address bar together: a new history entry for a new
/// page (`ViewState::is_new_page`), a replaced one for filters. Files are (re)loaded by
/// the shell when `src` or `compare` change, not here.
pub fn navigate(link: Link, next: ViewState) {
    let prev = link.current();
    if prev == next {
        return;
    }
    write_address(&next, prev.is_new_page(&next));
    link.set(next);
}

thread_local! {
    /// The control that made the last history entry, and when: see `navigate_coalesced`.
    static LAST_PUSH: std::cell::Cell<(&'static str, f64)> = const { std::cell::Cell::new(("", f64::NEG_INFINITY)) };
}

/// Like `navigate`, but a new page made by the same control within 1.5 s of its last one
/// replaces that entry: stepping through a select with the arrow keys is one entry, not
/// one per option passed.
pub fn navigate_coalesced(link: Link, next: ViewState, control: &'static str) {
    let prev = link.current();
    if prev == next {
        return;
    }
    let now = js_sys::Date::now();
    let (last, at) = LAST_PUSH.with(std::cell::Cell::get);
    let push = prev.is_new_page(&next) && !(last == control && now - at < 1500.0);
    if prev.is_new_page(&next) {
        LAST_PUSH.with(|c| c.set((control, now)));
    }
    write_address(&next, push);
    link.set(next);
}

/// Like `navigate`, for one of several changes a reader makes as one edit (the goodput
/// objective's fields, typed one after another): only the `first` of them makes a new history
/// entry, the rest replace it, so Back returns to before the edit, never to a half-typed one.
pub fn navigate_edit(link: Link, next: ViewState, first: bool) {
    let prev = link.current();
    if prev == next {
        return;
    }
    write_address(&next, first && prev.is_new_page(&next));
    link.set(next);
}

/// Follow an in-app link, unless the reader asked for a new tab or window (Ctrl, Cmd,
/// Shift, Alt or a button other than the first): then the browser follows its `href`.
pub fn follow(link: Link, event: &leptos::ev::MouseEvent, next: ViewState) {
    if event.ctrl_key() || event.meta_key() || event.shift_key() || event.alt_key() || event.button() != 0 {
        return;
    }
    event.prevent_default();
    navigate(link, next);
}

/// The query string of the address bar now.
pub fn current_query() -> String {
    window().location().search().unwrap_or_default()
}

/// Call `restore` with the address bar's query on every Back or Forward.
pub fn on_history_move(restore: impl Fn(String) + 'static) {
    let handle = window_event_listener(leptos::ev::popstate, move |_| restore(current_query()));
    on_cleanup(move || handle.remove());
}

/// Replace the state after Back/Forward: the entry already holds the address.
pub fn restore(link: Link, next: ViewState) {
    link.set(next);
}
