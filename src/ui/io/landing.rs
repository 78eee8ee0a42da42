//! The page written at build time: whether its landing view is showing (then the app draws
//! hidden behind it), and the swap that removes it and the skeleton once the app has drawn.

/// Whether the pre-rendered landing view is shown (built in, and the link names it).
pub fn prerender_shown() -> bool {
    let Some(root) = leptos::prelude::document().document_element() else { return false };
    let classes = root.class_list();
    classes.contains("prerendered") && !classes.contains("deep") && leptos::prelude::document().get_element_by_id("prerender").is_some()
}

/// Whether the pre-rendered view shows a card whose lines the app has to read the study's
/// tables to say (`data-holds-boot`, the build's goodput card).
pub fn prerender_holds_for_card() -> bool {
    matches!(leptos::prelude::document().query_selector("#prerender [data-holds-boot]"), Ok(Some(_)))
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

/// The point whose tooltip the pre-rendered chart `chart` shows (`data-prerender-tip` on the
/// page's root, `chart:group:item`, written by index.html's script), taken once: the app's
/// chart shows the same tooltip when it takes over, so a reader's tap is not lost.
pub fn take_prerender_tip(chart: &str) -> Option<(usize, u32)> {
    let root = leptos::prelude::document().document_element()?;
    let value = root.get_attribute("data-prerender-tip")?;
    let mut parts = value.rsplitn(3, ':');
    let (item, group, id) = (parts.next()?.parse().ok()?, parts.next()?.parse().ok()?, parts.next()?);
    if id != chart {
        return None;
    }
    root.remove_attribute("data-prerender-tip").ok();
    Some((group, item))
}
