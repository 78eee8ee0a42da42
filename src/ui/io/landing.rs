//! The page written at build time: whether its landing view is showing (then the app draws
//! hidden behind it), and the swap that removes it and the skeleton once the app has drawn.

/// Whether the pre-rendered landing view is shown (built in, and the link names it).
pub fn prerender_shown() -> bool {
    let Some(root) = leptos::prelude::document().document_element() else { return false };
    let classes = root.class_list();
    classes.contains("prerendered") && !classes.contains("deep") && leptos::prelude::document().get_element_by_id("prerender").is_some()
}

/// Remove the pre-rendered view and the skeleton (idempotent): the app is what shows now.
pub fn take_over() {
    let document = leptos::prelude::document();
    for selector in ["#prerender", ".boot-skeleton"] {
        if let Ok(Some(element)) = document.query_selector(selector) {
            element.remove();
        }
    }
    if let Some(root) = document.document_element() {
        root.class_list().remove_1("prerendered").ok();
    }
}
