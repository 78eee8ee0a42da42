//! The drawers of the top bar: "Share & reproduce" (the link, an embed snippet, the results
//! file's hash, the sources behind the view with their status, the verdict, the dashboard's
//! version) and "Open file…" (results files and their sources, checked here, nothing
//! uploaded), plus a page-wide drop target.

use leptos::prelude::*;

use super::lazy::{self, Chunk, Chunks};
use crate::core::link::sources_behind;
use crate::ui::state::file::Origin;
use crate::ui::state::{page, share_link, Drawer};
use crate::ui::tasks::load::{load_file_list, open_files};

/// Share & reproduce.
#[component]
fn ShareDrawer() -> impl IntoView {
    let page = page();
    let link = move || share_link(page);
    let embed = move || {
        link().map(|l| {
            format!(
                "<iframe src=\"{l}&embed=1\" height=\"{}\" width=\"100%\" title=\"servescope chart\"></iframe>",
                crate::core::views::CHART_HEIGHT
            )
        })
    };
    let reproduce = move || {
        let study = page.study()?;
        let view = page.link.view.get();
        let names = sources_behind(&study.results, &page.link.series_inputs(), view);
        let sources = names
            .into_iter()
            .map(|name| {
                // The badge's words: "not published" when no source was, not "unavailable".
                let status = study.checks.statuses.with(|st| crate::core::display::tables::source_words(st, &name));
                view! { <li><code>{name}</code> " — " {status}</li> }
            })
            .collect_view();
        let verdict = study.checks.report.get().map(|r| r.verdict(false).sentence);
        let download = match &study.origin {
            Origin::Url(url) => {
                Some(view! { <a class="action download-json" href=url.clone() download="">"Download the results JSON"</a> })
            }
            Origin::Local(_) => None,
        };
        Some(view! {
            <dt>"Results file"</dt><dd><code>{study.src.clone()}</code> " · sha256 " <code>{study.sha256.clone()}</code> " " {download}</dd>
            <dt>"Sources behind this view"</dt><dd><ul class="reproduce-sources">{sources}</ul></dd>
            <dt>"Verdict"</dt><dd class="verdict">{verdict.unwrap_or_else(|| "checking the sources…".into())}</dd>
        })
    };
    let version = super::app::version_line();
    view! {
        <section class="drawer share-drawer panel reproduce" aria-label="share and reproduce">
            <h2>"Share & reproduce"</h2>
            <dl>
                <dt>"Link"</dt>
                <dd>{move || match link() {
                    Some(url) => view! { <input class="share-link" readonly prop:value=url aria-label="link to this view"/> }.into_any(),
                    None => view! { <p class="share-local">"A local file cannot be linked: serve it and open it by URL to share this view."</p> }.into_any(),
                }}</dd>
                <dt>"Embed"</dt><dd>{move || embed().map(|e| view! { <code class="embed-snippet">{e}</code> })}</dd>
                {reproduce}
                <dt>"Dashboard"</dt><dd class="version">{version}</dd>
            </dl>
            <button type="button" class="action" on:click=move |_| page.drawer.set(None)>"Close"</button>
        </section>
    }
}

/// Open file…: results files and their sources.
#[component]
fn OpenDrawer() -> impl IntoView {
    // Files picked here may be a tool's output: the import module, and the form that asks
    // about what it read, start loading now.
    crate::ui::io::import_module::warm();
    let chunks = Chunks::of_app();
    chunks.request(Chunk::ImportForm);
    let page = page();
    view! {
        <section class="drawer open-drawer panel local" aria-label="open files">
            <h2>"Open files"</h2>
            <p>"Pick or drop a results file together with its source files: it is validated and every source's sha256 is checked here. "
               "Or pick what vLLM, SGLang, GuideLLM, AIPerf, GenAI-Perf, LLMPerf or inference-perf wrote, or llm-d Benchmark Reports, to import it. "
               "Nothing is uploaded: the files are read by this page only. A local file cannot be linked."</p>
            <input type="file" multiple accept=".json,.jsonl,.yaml,.yml,.log,.md,.txt,application/json" aria-label="results file and its sources, or tool outputs"
                on:change=move |e| {
                    let input: web_sys::HtmlInputElement = event_target(&e);
                    if let Some(files) = input.files() {
                        page.drawer.set(None);
                        load_file_list(page, files);
                    }
                }/>
            {move || page.import_draft.with(Option::is_some).then(|| chunks.show(Chunk::ImportForm, lazy::import_form))}
            {move || page.import_failure.get().map(|failure| {
                let files = failure.files.clone();
                let retry = move |_| {
                    let files = (*files).clone();
                    leptos::task::spawn_local(open_files(page, files));
                };
                view! {
                    <p class="refused import-failed" role="alert">{format!("These files could not be read as a tool's output: {}. Check the connection and try again.", failure.message)}</p>
                    <button type="button" class="action retry-import" on:click=retry>"Retry"</button>
                }
            })}
            <button type="button" class="action" on:click=move |_| page.drawer.set(None)>"Close"</button>
        </section>
    }
}

/// Whichever drawer is open.
// Reached by the shell's app only; `#[component]` writes its props as `pub` items.
#[allow(unreachable_pub)]
#[component]
pub fn Drawers() -> impl IntoView {
    let page = page();
    move || match page.drawer.get() {
        Some(Drawer::Share) => view! { <ShareDrawer/> }.into_any(),
        Some(Drawer::Open) => view! { <OpenDrawer/> }.into_any(),
        _ => ().into_any(),
    }
}
