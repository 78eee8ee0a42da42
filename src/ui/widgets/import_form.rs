//! The import form: tool outputs picked in "Open file…" are read here (what each file is,
//! how many runs it holds by load axis, or why the tool's file cannot be imported), the reader gives what the files do not say — the
//! GPUs behind the endpoint, the engine's name, the lengths where the tool records none —
//! and the study is written and opened. Then a notice offers its results file to download:
//! the same bytes `servescope-import` writes for the same files and answers.

use leptos::prelude::*;

use crate::core::import::draft::{mixed_models_refusal, proposed_engine_id, split_keys};
use crate::core::import::{EngineGroup, StudyAnswers};
use crate::core::provenance::sha256_hex;
use crate::ui::io::download::download_bytes;
use crate::ui::state::page;
use crate::ui::tasks::load::import_draft;

fn field(form: &web_sys::HtmlFormElement, name: &str) -> String {
    use wasm_bindgen::JsCast;
    form.elements()
        .named_item(name)
        .and_then(|e| e.dyn_into::<web_sys::HtmlInputElement>().ok())
        .map(|input| input.value().trim().to_owned())
        .unwrap_or_default()
}

fn checked(form: &web_sys::HtmlFormElement, name: &str) -> bool {
    use wasm_bindgen::JsCast;
    form.elements().named_item(name).and_then(|e| e.dyn_into::<web_sys::HtmlInputElement>().ok()).is_some_and(|input| input.checked())
}

fn select_value(form: &web_sys::HtmlFormElement, name: &str) -> String {
    use wasm_bindgen::JsCast;
    form.elements()
        .named_item(name)
        .and_then(|e| e.dyn_into::<web_sys::HtmlSelectElement>().ok())
        .map(|select| select.value())
        .unwrap_or_default()
}

fn optional(text: String) -> Option<String> {
    (!text.is_empty()).then_some(text)
}

/// The study's and the engine's answers as the form gives them.
fn answers_of(form: &web_sys::HtmlFormElement) -> (StudyAnswers, EngineGroup) {
    let number = |name: &str| field(form, name).parse::<u64>().ok().filter(|n| *n >= 1);
    // Today (UTC) dates a study whose files record no date when the form names none.
    let today = String::from(js_sys::Date::new_0().to_iso_string()).get(..10).map(str::to_owned);
    let answers = StudyAnswers {
        title: field(form, "title"),
        date: optional(field(form, "date")),
        model: optional(field(form, "model")),
        hardware: optional(field(form, "hardware")),
        today,
        ..StudyAnswers::default()
    };
    let group = EngineGroup {
        id: field(form, "engine"),
        label: field(form, "label"),
        checkpoint: optional(field(form, "checkpoint")),
        gpus: number("gpus").and_then(|n| u32::try_from(n).ok()).unwrap_or(0),
        isl: number("isl"),
        osl: number("osl"),
        conc: number("conc").and_then(|n| u32::try_from(n).ok()),
        rate: field(form, "rate").parse::<f64>().ok().filter(|r| r.is_finite() && *r > 0.0),
        split_by: optional(select_value(form, "split-by")),
        same_run: checked(form, "same-run"),
        ..EngineGroup::default()
    };
    (answers, group)
}

/// The form for the draft in the page state.
#[component]
pub fn ImportForm() -> impl IntoView {
    let page = page();
    let refused = RwSignal::new(None::<String>);
    let detected = move || {
        page.import_draft.with(|d| {
            d.as_ref()
                .map(|d| {
                    d.detected
                        .iter()
                        .map(|f| {
                            let said = match &f.read_as {
                                Ok(said) => said.clone(),
                                Err(why) => why.clone(),
                            };
                            view! { <li class:refused=f.read_as.is_err()><code>{f.name.clone()}</code> " — " {said}</li> }
                        })
                        .collect_view()
                })
                .unwrap_or_default()
        })
    };
    let needs_lengths = move || page.import_draft.with(|d| d.as_ref().is_some_and(|d| d.detected.iter().any(|f| f.needs_lengths)));
    // What the importer's messages would otherwise send the reader to the command line for:
    // the concurrency of runs that record none, and one engine per value of a label.
    let needs_load = move || page.import_draft.with(|d| d.as_ref().is_some_and(|d| d.detected.iter().any(|f| f.needs_load)));
    let splits = move || page.import_draft.with(|d| d.as_ref().map(|d| split_keys(&d.detected)).unwrap_or_default());
    let submit = move |e: leptos::ev::SubmitEvent| {
        e.prevent_default();
        let form: web_sys::HtmlFormElement = event_target(&e);
        let (answers, group) = answers_of(&form);
        // Files of several models are one engine only when the reader says so.
        let models = page.import_draft.with_untracked(|d| d.as_ref().map(|d| d.models.clone()).unwrap_or_default());
        if let Some(why) = mixed_models_refusal(&models).filter(|_| !checked(&form, "one-engine")) {
            refused.set(Some(why));
            return;
        }
        refused.set(None);
        leptos::task::spawn_local(async move { refused.set(import_draft(page, answers, group).await.err()) });
    };
    // The checkpoint the files name, when they name one.
    let checkpoint =
        move || page.import_draft.with(|d| d.as_ref().and_then(|d| (d.models.len() == 1).then(|| d.models[0].clone())).unwrap_or_default());
    let several = move || page.import_draft.with(|d| d.as_ref().and_then(|d| mixed_models_refusal(&d.models)));
    let engine_id = move || page.import_draft.with(|d| d.as_ref().map_or_else(|| "engine".to_owned(), |d| proposed_engine_id(&d.detected)));
    view! {
        <form class="import-form" on:submit=submit>
            <h3>"Import benchmark results"</h3>
            <p>"These files are a benchmark tool's output, not a servescope results file. Say what they do not, and they become a study: "
               "throughput is divided by the GPU count, read from the files where they record it and never assumed."</p>
            <ul class="detected">{detected}</ul>
            <div class="import-fields">
                <label class="control"><span class="field-name">"Title"</span> <input name="title" required/></label>
                <label class="control"><span class="field-name">"Date"</span> <input name="date" placeholder="from the files"/></label>
                <label class="control"><span class="field-name">"Engine id"</span> <input name="engine" required prop:value=engine_id/></label>
                <label class="control"><span class="field-name">"Label"</span> <input name="label" required/></label>
                <label class="control"><span class="field-name">"Checkpoint"</span> <input name="checkpoint" prop:value=checkpoint/></label>
                <label class="control"><span class="field-name">"GPUs"</span> <input name="gpus" type="number" min="1" placeholder="from the files"/></label>
                <label class="control"><span class="field-name">"ISL"</span> <input name="isl" type="number" min="1" required=needs_lengths/></label>
                <label class="control"><span class="field-name">"OSL"</span> <input name="osl" type="number" min="1" required=needs_lengths/></label>
                <label class="control"><span class="field-name">"Model"</span> <input name="model" placeholder="from the files"/></label>
                <label class="control"><span class="field-name">"Hardware"</span> <input name="hardware" placeholder="from the files"/></label>
            </div>
            <p class="unit required-key">"* required"</p>
            {move || needs_load().then(|| view! {
                <p class="status needs-load">"Some runs record no concurrency or request rate: give the one they ran at, or they are left out. "
                    <label class="control"><span class="field-name">"Concurrency"</span> <input name="conc" type="number" min="1"/></label>
                    " or "
                    <label class="control"><span class="field-name">"Rate"</span> <input name="rate" type="number" min="0" step="any" placeholder="req/s"/></label></p>
            })}
            {move || {
                let keys = splits();
                (!keys.is_empty()).then(|| {
                    let options = keys.iter().map(|k| view! { <option value=k.clone()>{k.clone()}</option> }).collect_view();
                    view! {
                        <p class="status splits">"The runs differ in " {keys.join(", ")} ": different setups, never repeated runs of one. "
                            <label class="control"><span class="field-name">"One engine per"</span>
                                <select name="split-by"><option value="">"— (refuse them together)"</option>{options}</select></label></p>
                    }
                })
            }}
            {move || needs_lengths().then(|| view! { <p class="status">"Some runs do not record their nominal input and output lengths: give ISL and OSL."</p> })}
            {move || several().map(|why| view! {
                <p class="status mixed-models">{why}</p>
                <p><label class="control"><input type="checkbox" name="one-engine"/>" one engine: import them together"</label></p>
            })}
            {move || refused.get().map(|r| view! { <p class="refused" role="alert">{r}</p> })}
            {move || refused.with(|r| r.as_deref().is_some_and(|r| r.contains(crate::core::import::ask::Ask::SameRun.field()))).then(|| view! {
                <p><label class="control"><input type="checkbox" name="same-run"/>" one run: join the per-request file to the summary beside it"</label></p>
            })}
            <button type="submit" class="action import-submit">"Import"</button>
        </form>
    }
}

/// The notice over an imported study: its caveats and its results file to download.
#[component]
pub fn ImportedNotice() -> impl IntoView {
    let page = page();
    move || {
        let imported = page.imported.get()?;
        let study = page.study()?;
        // Only over the study it wrote.
        (study.sha256 == sha256_hex(&imported.results)).then(|| {
            let warnings = imported
                .warnings
                .iter()
                .map(|w| view! { <li>{w.in_form()}</li> })
                .collect_view();
            // One download holds everything to publish: the files servescope-import writes.
            let download = match imported.zip.clone() {
                Some(zip) => {
                    let label = format!("Download the study to publish (zip, {} files)", imported.files);
                    let save = move |_| {
                        download_bytes("servescope-study.zip", "application/zip", &zip);
                        page.imported.update(|i| {
                            if let Some(i) = i {
                                i.downloaded = true;
                            }
                        });
                    };
                    view! { <button type="button" class="action download-imported" on:click=save>{label}</button> }.into_any()
                }
                None => {
                    let bytes = imported.results.clone();
                    view! {
                        <p class="notice">"The study is too large for one archive: write it with servescope-import to publish it."</p>
                        <button type="button" class="action download-imported"
                            on:click=move |_| download_bytes("results.json", "application/json", &bytes)>"Download the results file"</button>
                    }
                    .into_any()
                }
            };
            view! {
                <section class="panel imported" aria-label="imported study">
                    <p>"Imported in this page from the tools' output; its sources are the files picked and one sweep per engine. Publish the archive's files together, beside each other."</p>
                    <ul class="import-warnings">{warnings}</ul>
                    {download}
                </section>
            }
        })
    }
}
