//! Downloads made in the page: exports are built here and saved by the browser; nothing
//! leaves the machine.

use wasm_bindgen::JsCast;

/// Save `href` (a data or blob URL) as `filename`.
pub fn download_url(filename: &str, href: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    let Ok(anchor) = document.create_element("a") else { return };
    let Ok(anchor) = anchor.dyn_into::<web_sys::HtmlAnchorElement>() else { return };
    anchor.set_href(href);
    anchor.set_download(filename);
    anchor.click();
}

/// Save text as a file of the given MIME type.
pub fn download_text(filename: &str, mime: &str, text: &str) {
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options) else { return };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else { return };
    download_url(filename, &url);
    // Revoked a little later: revoking at once can cancel the download the click started.
    let revoke = wasm_bindgen::closure::Closure::once_into_js(move || {
        web_sys::Url::revoke_object_url(&url).ok();
    });
    if let Some(window) = web_sys::window() {
        window.set_timeout_with_callback_and_timeout_and_arguments_0(revoke.unchecked_ref(), 10_000).ok();
    }
}

/// The cells of an HTML table as CSV rows, for tables whose cells already print the file's
/// values as written: a "not measured" (`.gap`) cell becomes an empty field.
fn table_rows(table: &web_sys::Element) -> Vec<Vec<String>> {
    let mut rows = Vec::new();
    let Ok(trs) = table.query_selector_all("tr") else { return rows };
    for i in 0..trs.length() {
        let Some(tr) = trs.item(i).and_then(|n| n.dyn_into::<web_sys::Element>().ok()) else { continue };
        let Ok(cells) = tr.query_selector_all("th, td") else { continue };
        let row = (0..cells.length())
            .filter_map(|j| cells.item(j).and_then(|n| n.dyn_into::<web_sys::Element>().ok()))
            .map(|cell| if cell.class_list().contains("gap") { String::new() } else { cell.text_content().unwrap_or_default().trim().to_owned() })
            .collect();
        rows.push(row);
    }
    rows
}

/// A CSV button for a table found by its class when clicked.
#[leptos::component]
pub fn TableCsvButton(
    /// The table's class (`prefill-table`, …).
    table_class: &'static str,
    /// The file name to save as.
    filename: &'static str,
    /// The loaded file, for the provenance line.
    loaded: std::sync::Arc<crate::ui::app::Loaded>,
    /// The sources behind the table.
    sources: Vec<String>,
) -> impl leptos::IntoView {
    use leptos::prelude::*;
    let page = expect_context::<crate::ui::app::Page>();
    view! {
        <button type="button" class="toggle export-csv" on:click=move |_| {
            let Some(table) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.query_selector(&format!("table.{table_class}")).ok().flatten()) else { return };
            let mut lines = vec![crate::ui::app::csv_provenance(page, &loaded, &sources)];
            lines.extend(table_rows(&table).iter().map(|row| crate::core::csv::line(row)));
            download_text(filename, "text/csv", &(lines.join("\n") + "\n"));
        }>"CSV"</button>
    }
}
