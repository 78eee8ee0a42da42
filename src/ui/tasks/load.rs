//! Loading: the collection manifest, a results file by link or picked by the reader, and
//! the compared files — fetched, validated, resolved against the link, and handed to the
//! source checks. The same path for fetched and local files.

use std::collections::BTreeMap;
use std::sync::Arc;

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::core::basics::intake::MAX_RESULTS_BYTES;
use crate::core::collections::collection::parse_collection;
use crate::core::import::ImportWarning;
use crate::core::import::{EngineGroup, StudyAnswers};
use crate::core::link::{ParamNotice, SourceRef, View};
use crate::core::provenance::Verification;
use crate::core::study::findings::Severity;
use crate::core::study::validate::{choose_results_file, parse_results, ChosenResults, NotChosen, Validation};
use crate::ui::io::{browser, fetch, files, import_module};
use crate::ui::state::checks::SourceChecks;
use crate::ui::state::file::{FileSlot, LoadId, Origin, SlotState, StudyFile};
use crate::ui::state::import::{ImportDraft, ImportFailure, ImportedStudy};
use crate::ui::state::{CollectionState, PageState};

/// Where the bundled collection is listed.
pub const INDEX_PATH: &str = "data/index.json";

/// Fetch and parse the collection manifest; the landing view follows its size. A newer
/// `index=` supersedes this load: its fetch is aborted and its result dropped.
pub fn load_collection(page: PageState, index: Option<SourceRef>) {
    let task = page.collection_task.get_value();
    let ticket = task.begin();
    page.collection.set(CollectionState::Loading);
    let path = index.map_or_else(|| INDEX_PATH.to_owned(), |i| i.as_str().to_owned());
    spawn_local(async move {
        let state = match fetch::fetch_bytes(&path, MAX_RESULTS_BYTES, ticket.signal(), |_, _| {}).await {
            Err(fetch::FetchError::Aborted) => return,
            Err(e) => CollectionState::Failed(format!("{path}: {e}")),
            Ok(bytes) => match parse_collection(&bytes, &path) {
                Err(e) => CollectionState::Failed(e.to_string()),
                Ok(collection) => {
                    let srcs = collection.studies.iter().map(|s| collection.src_of(&path, s)).collect();
                    CollectionState::Ready { collection, srcs }
                }
            },
        };
        if !task.is_current(&ticket) {
            return;
        }
        let many = matches!(&state, CollectionState::Ready { collection, .. } if collection.studies.len() > 1);
        page.landing.set(if many { View::Catalog } else { View::Overview });
        page.collection.set(state);
    });
}

/// The study a link opens: its `src`, else the collection's first study once the
/// collection is known — none when the link opens a collection view.
pub fn study_to_open(page: PageState) -> Option<String> {
    if let Some(src) = page.link.src.get() {
        return Some(src.as_str().to_owned());
    }
    // A link written while a local file was shown names no study: none is opened in its place.
    if page.link.view.get().is_collection() || page.link.local.get().is_some() {
        return None;
    }
    page.collection.with(|c| match c {
        CollectionState::Ready { srcs, .. } => srcs.first().cloned(),
        _ => None,
    })
}

/// Load the study shown into the primary slot.
pub fn load_primary(page: PageState, src: String) {
    let slot = page.primary();
    let id = slot.begin();
    spawn_local(load_url(page, slot, id, src, true));
}

/// Load the compared files, one slot each, replacing the slots of an earlier `compare=`.
pub fn load_compared(page: PageState, refs: Vec<SourceRef>) {
    for slot in page.compared.get_untracked() {
        slot.clear();
    }
    let slots: Vec<FileSlot> = refs.iter().map(|_| FileSlot::new()).collect();
    page.compared.set(slots.clone());
    for (slot, src) in slots.into_iter().zip(refs) {
        let id = slot.begin();
        spawn_local(load_url(page, slot, id, src.as_str().to_owned(), false));
    }
}

async fn load_url(page: PageState, slot: FileSlot, id: LoadId, src: String, primary: bool) {
    slot.set(&id, SlotState::Loading(src.clone()));
    let mut reported = 0u64;
    let progress = |done: u64, total: Option<u64>| {
        // A large download shows progress; small steps are not worth a repaint.
        if done - reported >= 256 * 1024 {
            reported = done;
            let of = total.map(|t| format!(" of {t}")).unwrap_or_default();
            slot.set(&id, SlotState::Loading(format!("{src} — {done}{of} bytes")));
        }
    };
    let bytes = match fetch::fetch_bytes(&src, MAX_RESULTS_BYTES, id.signal(), progress).await {
        Ok(bytes) => bytes,
        Err(fetch::FetchError::Aborted) => return,
        Err(e) => {
            slot.set(&id, SlotState::Failed { src: src.clone(), message: format!("{src}: {e}") });
            return;
        }
    };
    if primary {
        browser::mark("servescope:fetched");
    }
    let origin = Origin::Url(fetch::absolute_url(&src, None).unwrap_or_else(|| src.clone()));
    accept(page, slot, id, src, &bytes, None, origin, primary).await;
}

/// From this size on, a file's "parsing" line is painted before it is parsed (the
/// validator reads about 17 MB/s in the page, so this is ~15 ms of work).
const SHOWN_PARSE_BYTES: usize = 256 * 1024;

/// Validate loaded bytes (unless the caller already did: `checked`) and show them: the same
/// path for fetched and local files.
#[allow(clippy::too_many_arguments)]
async fn accept(
    page: PageState,
    slot: FileSlot,
    id: LoadId,
    src: String,
    bytes: &[u8],
    checked: Option<Validation>,
    origin: Origin,
    primary: bool,
) {
    if !slot.set(&id, SlotState::Loading(format!("{src} — parsing"))) {
        return;
    }
    // A file that takes a while to read shows it is being read first; a small one is read
    // at once (a few ms), and behind the pre-rendered view no one sees the line anyway:
    // waiting for a paint there only makes the page interactive later.
    if bytes.len() >= SHOWN_PARSE_BYTES && !page.booting.get_untracked() {
        browser::paint().await;
        if !slot.is_current(&id) {
            return;
        }
    }
    let validation = checked.unwrap_or_else(|| parse_results(bytes));
    if primary {
        // Where the time goes on a large file (the benchmark reads these marks).
        browser::mark("servescope:validated");
    }
    let Some(results) = validation.results else {
        // Errors first, each group in file order.
        let (mut findings, warnings): (Vec<_>, Vec<_>) = validation.findings.into_iter().partition(|f| f.severity == Severity::Error);
        findings.extend(warnings);
        slot.set(&id, SlotState::Invalid { src, findings });
        return;
    };
    if primary {
        // The link is resolved against the file it names views of; a compared file is shown as is.
        let mut state = page.link.current();
        let notices: Vec<ParamNotice> = state.resolve(&results);
        if !notices.is_empty() {
            crate::ui::state::history::write_address(&state, false);
            crate::ui::state::history::restore(page.link, state);
            page.notify(notices);
        }
    }
    let warnings = validation.findings.into_iter().filter(|f| f.severity == Severity::Warning).collect();
    let verification = Verification::new(&results);
    let checks = SourceChecks::new(verification.statuses().to_vec());
    let sha256 = browser::sha256_hex(bytes).await;
    let study =
        Arc::new(StudyFile { src, sha256, results, warnings, origin, checks, requests: Default::default(), tables: Default::default() });
    if slot.set(&id, SlotState::Ready(study.clone())) {
        // The checks are this load's: a newer load of the slot aborts their fetches too.
        spawn_local(super::sources::check_sources(page, study, verification, slot, id));
    }
}

/// Load files the reader picked or dropped: the results file (`validate::choose_results_file`,
/// already applied to them as `choice`) and, beside it, its sources, matched by name.
/// Nothing is uploaded.
pub async fn load_local(page: PageState, id: LoadId, files: BTreeMap<String, Vec<u8>>, choice: Result<ChosenResults, NotChosen>) {
    let slot = page.primary();
    let chosen = match choice {
        Ok(chosen) => chosen,
        Err(refusal) => {
            slot.set(&id, SlotState::Failed { src: "local files".into(), message: refusal.message() });
            return;
        }
    };
    show_local_in_link(page, &chosen.name);
    let src = format!("local file {}", chosen.name);
    // Borrowed from the files the origin keeps: a large results file is not copied.
    let files = Arc::new(files);
    let bytes = files.get(&chosen.name).map_or(&[][..], Vec::as_slice);
    accept(page, slot, id, src, bytes, Some(chosen.validation), Origin::Local(files.clone()), true).await;
}

/// While a local file is shown the address bar names no study (`src` would name the one
/// shown before, and a reload or a copied address would open that): `local=` says what is
/// shown, and a notice says how to share it.
fn show_local_in_link(page: PageState, name: &str) {
    let reason = |name: &str| {
        format!(
            "left the address bar: the local file {name} is shown, and a link cannot open a file on your computer. \
             To share this view, publish the file with its sources and open it by URL"
        )
    };
    let mut state = page.link.current();
    let before = state.local_only().map(str::to_owned);
    let removed = state.show_local(name);
    crate::ui::state::history::write_address(&state, false);
    crate::ui::state::history::restore(page.link, state);
    if let Some(src) = removed {
        page.notify(vec![ParamNotice { param: "src".into(), value: src.to_string(), reason: reason(name) }]);
    } else if let Some(before) = before.filter(|b| b != name) {
        // Another local file in place of the last one: the notice names the file shown now.
        let (old, new) = (reason(&before), reason(name));
        page.notices
            .update(|notices| notices.iter_mut().filter(|n| n.param == "src" && n.reason == old).for_each(|n| n.reason.clone_from(&new)));
    }
}

/// A link written while a local file was shown (`local=` and no `src`): say that it cannot
/// reopen the file rather than show another study or nothing.
pub fn local_link(page: PageState, name: String) {
    let slot = page.primary();
    let shown_here = matches!(untrack(|| slot.get()), SlotState::Ready(study) if matches!(study.origin, Origin::Local(_)));
    if shown_here {
        return;
    }
    let id = slot.begin();
    slot.set(
        &id,
        SlotState::Failed {
            src: format!("local file {name}"),
            message: "this link was written while a file on the reader's computer was open, and a link cannot open it. \
                      Open the file again (Open file…), or ask for a link to the published study"
                .into(),
        },
    );
}

/// Compare with files the reader picked: a slot of its own after the linked ones (a local
/// file cannot be linked, so it is not in `compare=`).
pub fn compare_local(page: PageState, list: web_sys::FileList) {
    spawn_local(async move {
        let slot = FileSlot::new();
        page.compared.update(|slots| slots.push(slot.clone()));
        let id = slot.begin();
        let files = match files::read_files(&list).await {
            Ok(files) => files,
            Err((name, message)) => {
                slot.set(&id, SlotState::Failed { src: name, message });
                return;
            }
        };
        let chosen = match choose_results_file(&files) {
            Ok(chosen) => chosen,
            Err(refusal) => {
                slot.set(&id, SlotState::Failed { src: "local files".into(), message: refusal.message() });
                return;
            }
        };
        let src = format!("local file {}", chosen.name);
        let files = Arc::new(files);
        let bytes = files.get(&chosen.name).map_or(&[][..], Vec::as_slice);
        accept(page, slot, id, src, bytes, Some(chosen.validation), Origin::Local(files.clone()), false).await;
    });
}

/// Read a picked or dropped file list, then open it (`open_files`); a file that cannot be
/// read is named.
pub fn load_file_list(page: PageState, list: web_sys::FileList) {
    spawn_local(async move {
        match files::read_files(&list).await {
            Ok(files) => open_files(page, files).await,
            Err((name, message)) => {
                let id = page.primary().begin();
                page.primary().set(&id, SlotState::Failed { src: name, message });
            }
        }
    });
}

/// Open picked files: a results file is loaded; otherwise the import module reads them and,
/// when they are a tool's output, the Open drawer asks what an import needs. When the
/// module cannot be loaded, the drawer says so and offers to try again with the same files.
pub async fn open_files(page: PageState, files: BTreeMap<String, Vec<u8>>) {
    page.import_failure.set(None);
    // Each file is parsed once here: the choice travels on to the load.
    let choice = choose_results_file(&files);
    let results = match &choice {
        Ok(chosen) => chosen.validation.results.is_some(),
        Err(refusal) => refusal.found_results(),
    };
    // The slot's load starts only when these files replace the study shown: a tool's output
    // opens the import form beside it, whose checks go on.
    if results {
        page.import_draft.set(None);
        load_local(page, page.primary().begin(), files, choice).await;
        return;
    }
    match import_module::draft(&files).await {
        Ok(Some(detected)) => {
            page.import_draft.set(Some(ImportDraft::new(files, detected)));
            page.drawer.set(Some(crate::ui::state::Drawer::Open));
        }
        Ok(None) => {
            page.import_draft.set(None);
            load_local(page, page.primary().begin(), files, choice).await;
        }
        Err(message) => {
            page.import_draft.set(None);
            page.import_failure.set(Some(ImportFailure { message, files: Arc::new(files) }));
            page.drawer.set(Some(crate::ui::state::Drawer::Open));
        }
    }
}

/// Import the draft's files with the reader's answers: the import module writes the study
/// with the function `servescope-import` calls, so the bytes are the same; it is then
/// opened like local files (its sources verified here), and its results file kept to
/// download. A refusal is said in the form.
pub async fn import_draft(page: PageState, answers: StudyAnswers, mut group: EngineGroup) -> Result<(), String> {
    let Some(draft) = page.import_draft.get_untracked() else { return Err("no files picked".into()) };
    // A picked file no tool wrote (or that holds nothing to import) is left out, said in a
    // note, rather than refusing the others with it; one whose runs record no load stays in
    // when the form gives the concurrency.
    let skipped: Vec<ImportWarning> = draft
        .detected
        .iter()
        .filter(|d| !(d.needs_load && group.conc.is_some()))
        .filter_map(|d| d.read_as.as_ref().err().map(|why| (d, why)))
        .map(|(d, why)| ImportWarning { file: d.name.clone(), entry: String::new(), message: format!("not imported: {why}").into() })
        .collect();
    group.files = draft.files.iter().filter(|(n, _)| !skipped.iter().any(|s| s.file == **n)).map(|(n, b)| (n.clone(), b.clone())).collect();
    // A refusal arrives in the form's words (`ImportError::in_form`, written by the module).
    let written = import_module::write(&answers, &group).await??;
    let (files, mut warnings) = (written.files, written.warnings);
    warnings.splice(0..0, skipped);
    let results = files.first().map(|f| Arc::new(f.bytes.clone())).unwrap_or_default();
    let count = files.len();
    page.imported.set(Some(ImportedStudy { results, warnings, zip: written.zip.map(Arc::new), files: count, downloaded: false }));
    page.import_draft.set(None);
    page.drawer.set(None);
    let files: BTreeMap<String, Vec<u8>> = files.into_iter().map(|f| (f.name, f.bytes)).collect();
    let choice = choose_results_file(&files);
    load_local(page, page.primary().begin(), files, choice).await;
    Ok(())
}
