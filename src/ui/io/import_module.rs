//! The import module: the importers live in a second wasm module, started as a worker the
//! first time the page needs them (a picked file that is not a results file, an import, a
//! sweep line to derive again from its tool's file), so the first download holds none of
//! them. One worker for the page's life; a module that failed to load is started afresh by
//! the next request, so "Retry" is asking again.
//!
//! Writing requests and reading replies (`core::import::remote` and the serde code of the
//! protocol's derived types) is a wasm chunk of its own, fetched beside the module: the
//! first download keeps only the transport below.

use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap};

use futures_channel::oneshot;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

use wasm_split_helpers::{wasm_split, SplitLoaderError};

use crate::core::import::draft::DraftFile;
use crate::core::import::remote::{self, AskedLine, Message, WrittenReply};
use crate::core::import::{EngineGroup, StudyAnswers};

/// Where the post-build step writes the module's loader (it is named by its hash).
const MODULE_META: &str = "meta[name=servescope-import-module]";

/// How long the module may take to start before a request gives up on it.
const START_LIMIT_MS: u32 = 30_000;

type Answer = Result<Message, String>;

/// The worker's message and error listeners.
type Listeners = (Closure<dyn Fn(web_sys::MessageEvent)>, Closure<dyn Fn(web_sys::Event)>);

#[derive(Default)]
struct Module {
    worker: Option<web_sys::Worker>,
    ready: bool,
    // Which start this is: a start-up limit only ever ends the start it was set for.
    starts: u32,
    // The protocol's chunk is loaded or on its way: asked for once, again only after a
    // failed load (the loader keeps a load that succeeded).
    protocol_asked: bool,
    next: u32,
    queued: Vec<(u32, Message, Vec<js_sys::Uint8Array>)>,
    pending: HashMap<u32, oneshot::Sender<Answer>>,
    // The worker's listeners live as long as it does.
    listeners: Option<Listeners>,
}

thread_local! {
    static MODULE: RefCell<Module> = RefCell::new(Module::default());
}

/// Post a request: its blobs, then `held` (bytes the page holds in JavaScript, after the
/// message's own), transferred rather than copied.
fn post(worker: &web_sys::Worker, id: u32, message: &Message, held: &[js_sys::Uint8Array]) {
    let (blobs, transfer) = (js_sys::Array::new(), js_sys::Array::new());
    for bytes in &message.blobs {
        blobs.push(&js_sys::Uint8Array::from(bytes.as_slice()));
    }
    for bytes in held {
        blobs.push(bytes);
        transfer.push(&bytes.buffer());
    }
    let data = js_sys::Array::of3(&id.into(), &wasm_bindgen::JsValue::from_str(&message.json), &blobs);
    worker.post_message_with_transfer(&data, &transfer).ok();
}

/// Every request waiting on the module fails with `why`; the next request starts it again.
fn fail(why: &str) {
    let pending = MODULE.with(|m| {
        let mut m = m.borrow_mut();
        if let Some(worker) = m.worker.take() {
            worker.terminate();
        }
        m.ready = false;
        m.queued.clear();
        // The listeners stay until the next start replaces them: this may run inside one.
        std::mem::take(&mut m.pending)
    });
    for (_, sender) in pending {
        let _ = sender.send(Err(why.to_owned()));
    }
}

fn on_message(event: web_sys::MessageEvent) {
    let data = event.data();
    if data.as_string().as_deref() == Some("ready") {
        MODULE.with(|m| {
            let mut m = m.borrow_mut();
            m.ready = true;
            let queued = std::mem::take(&mut m.queued);
            if let Some(worker) = &m.worker {
                for (id, message, held) in &queued {
                    post(worker, *id, message, held);
                }
            }
        });
        return;
    }
    let data: js_sys::Array = data.unchecked_into();
    let id = data.get(0).as_f64().unwrap_or(-1.0) as u32;
    let blobs = js_sys::Array::from(&data.get(2)).iter().map(|b| js_sys::Uint8Array::new(&b).to_vec()).collect();
    let answer = Message { json: data.get(1).as_string().unwrap_or_default(), blobs };
    if let Some(sender) = MODULE.with(|m| m.borrow_mut().pending.remove(&id)) {
        let _ = sender.send(Ok(answer));
    }
}

fn start(m: &mut Module) -> Result<(), String> {
    let url = leptos::prelude::document()
        .query_selector(MODULE_META)
        .ok()
        .flatten()
        .and_then(|meta| meta.get_attribute("content"))
        .ok_or("this build has no import module")?;
    let worker = web_sys::Worker::new(&url).map_err(|_| "the import module could not be started".to_owned())?;
    let message = Closure::<dyn Fn(web_sys::MessageEvent)>::new(on_message);
    // Before "ready" an error is the module not loading; after, the module stopping (an
    // importer that panicked on a file, say): the reader is told which.
    let error = Closure::<dyn Fn(web_sys::Event)>::new(|event: web_sys::Event| {
        let said = event.dyn_ref::<web_sys::ErrorEvent>().map(|e| e.message()).filter(|m| !m.is_empty());
        if MODULE.with(|m| m.borrow().ready) {
            fail(&format!("the import module stopped{}", said.map(|m| format!(" ({m})")).unwrap_or_default()));
        } else {
            fail("the import module could not be loaded");
        }
    });
    worker.set_onmessage(Some(message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(error.as_ref().unchecked_ref()));
    m.worker = Some(worker);
    m.listeners = Some((message, error));
    m.starts += 1;
    let this = m.starts;
    // A module whose wasm never arrives says nothing: give up after a while.
    leptos::task::spawn_local(async move {
        gloo_timers::future::TimeoutFuture::new(START_LIMIT_MS).await;
        let stalled = MODULE.with(|m| {
            let m = m.borrow();
            m.starts == this && m.worker.is_some() && !m.ready
        });
        if stalled {
            fail("the import module did not start");
        }
    });
    Ok(())
}

/// Start loading the module and the protocol's chunk unless they are in or on their way:
/// when the Open drawer opens (files may follow, and both are ready by the time they are
/// picked) and before each request, so the two come down together. A failure is said by the
/// request that meets it.
pub fn warm() {
    let ask_protocol = MODULE.with(|m| {
        let mut m = m.borrow_mut();
        if m.worker.is_none() {
            let _ = start(&mut m);
        }
        !std::mem::replace(&mut m.protocol_asked, true)
    });
    if ask_protocol {
        leptos::task::spawn_local(async {
            if preload_protocol().await.is_err() {
                MODULE.with(|m| m.borrow_mut().protocol_asked = false);
            }
        });
    }
}

/// What a request says when the protocol's chunk did not arrive: the module could not be
/// used, as when its own wasm does not load, and asking again retries both.
fn unloaded(_: SplitLoaderError) -> String {
    "the import module could not be loaded".into()
}

/// What the picked files are (`None`: none is a tool's output), or why the module failed.
pub async fn draft(files: &BTreeMap<String, Vec<u8>>) -> Result<Option<Vec<DraftFile>>, String> {
    warm();
    let answer = ask(draft_request(files).await.map_err(unloaded)?).await?;
    draft_reply(&answer).await.map_err(unloaded)?
}

/// The study written for the reader's answers, or the importer's refusal (`Ok(Err)`), or
/// why the module failed.
pub async fn write(answers: &StudyAnswers, group: &EngineGroup) -> Result<Result<WrittenReply, String>, String> {
    warm();
    let answer = ask(write_request(answers, group).await.map_err(unloaded)?).await?;
    write_reply(answer).await.map_err(unloaded)?
}

/// Each asked sweep line derived again from its tool's file, in the order asked: `files` in
/// wasm memory (picked files), `held` in JavaScript memory (fetched tools' files), which are
/// transferred to the module, not copied.
pub async fn rederive_lines(
    files: BTreeMap<String, Vec<u8>>,
    held: Vec<(String, js_sys::Uint8Array)>,
    asked: &[AskedLine],
) -> Result<Vec<Result<(), String>>, String> {
    warm();
    let (mut names, blobs): (Vec<String>, Vec<Vec<u8>>) = files.into_iter().unzip();
    let (held_names, held): (Vec<String>, Vec<js_sys::Uint8Array>) = held.into_iter().unzip();
    names.extend(held_names);
    let answer = ask_with(rederive_request(names, blobs, asked).await.map_err(unloaded)?, held).await?;
    rederive_reply(&answer).await.map_err(unloaded)?
}

/// Stop the module when nothing waits on it, giving its memory back (it held a study's
/// tools' files to derive their lines again); the next request starts it afresh.
pub fn release() {
    MODULE.with(|m| {
        let mut m = m.borrow_mut();
        if !m.pending.is_empty() || !m.queued.is_empty() {
            return;
        }
        if let Some(worker) = m.worker.take() {
            worker.terminate();
        }
        m.ready = false;
    });
}

// The protocol's split points: one chunk (`import_protocol`) for all six.

#[wasm_split(import_protocol, fallible, preload(preload_protocol))]
fn draft_request(files: &BTreeMap<String, Vec<u8>>) -> Result<Message, SplitLoaderError> {
    Ok(remote::draft_request(files))
}

#[wasm_split(import_protocol, fallible)]
fn draft_reply(answer: &Message) -> Result<Result<Option<Vec<DraftFile>>, String>, SplitLoaderError> {
    Ok(remote::draft_reply(answer))
}

#[wasm_split(import_protocol, fallible)]
fn write_request(answers: &StudyAnswers, group: &EngineGroup) -> Result<Message, SplitLoaderError> {
    Ok(remote::write_request(answers, group))
}

#[wasm_split(import_protocol, fallible)]
fn write_reply(answer: Message) -> Result<Result<Result<WrittenReply, String>, String>, SplitLoaderError> {
    Ok(remote::write_reply(answer))
}

#[wasm_split(import_protocol, fallible)]
fn rederive_request(names: Vec<String>, blobs: Vec<Vec<u8>>, asked: &[AskedLine]) -> Result<Message, SplitLoaderError> {
    Ok(remote::rederive_request_named(names, blobs, asked))
}

#[allow(clippy::type_complexity)]
#[wasm_split(import_protocol, fallible)]
fn rederive_reply(answer: &Message) -> Result<Result<Vec<Result<(), String>>, String>, SplitLoaderError> {
    Ok(remote::rederive_reply(answer))
}

/// Ask the import module; it is loaded (once) on the first request.
async fn ask(request: Message) -> Answer {
    ask_with(request, Vec::new()).await
}

/// Ask the import module, with bytes the page holds in JavaScript sent after the request's
/// own blobs.
async fn ask_with(request: Message, held: Vec<js_sys::Uint8Array>) -> Answer {
    let (sender, answer) = oneshot::channel();
    let started = MODULE.with(|m| {
        let mut m = m.borrow_mut();
        let id = m.next;
        m.next = m.next.wrapping_add(1);
        if m.worker.is_none() {
            start(&mut m)?;
        }
        m.pending.insert(id, sender);
        match (&m.worker, m.ready) {
            (Some(worker), true) => post(worker, id, &request, &held),
            _ => m.queued.push((id, request, held)),
        }
        Ok::<(), String>(())
    });
    started?;
    answer.await.unwrap_or_else(|_| Err("the import module stopped".into()))
}
