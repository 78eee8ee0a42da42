//! The importer across a message boundary: the page runs the importers in a second wasm
//! module (a worker, loaded when an import needs it), so its first download holds no
//! importer. A message is a JSON text and the files' bytes beside it (bytes are never put
//! in JSON). `answer` is everything the worker does; the requests and replies are built and
//! read here too, so both sides — and the native tests — share one protocol.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::core::import::draft::{read_draft, DraftFile};
use crate::core::import::given::{EngineGroup, StudyAnswers, WrittenFile};
use crate::core::import::writing::write_study;
use crate::core::import::{ImportWarning, Tool};

/// A message: its JSON text and the bytes it carries, by position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Message {
    /// The request or reply.
    pub json: String,
    /// Files' bytes, referred to by position.
    pub blobs: Vec<Vec<u8>>,
}

/// A sweep line to derive again from a tool's file (`provenance` asks, `import::rederive`
/// answers).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RederiveJob {
    /// The copy of the tool's file, by name.
    pub file: String,
    /// Which blob holds its bytes.
    pub blob: usize,
    /// The entry in it the line came from.
    pub entry: String,
    /// The sweep line's JSON text.
    pub line: String,
}

/// What the page asks of the importers (one at a time: the size of the largest is no cost).
// Externally tagged (serde's default): an internally tagged enum buffers its input through
// serde's `Content`, code the page's first download would carry for nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
enum Request {
    /// Read the picked files (blobs, by name): which are a tool's output, and as what.
    Draft { names: Vec<String> },
    /// Write a study from the files (blobs, by name) with the reader's answers.
    Write { answers: WireAnswers, group: WireGroup, names: Vec<String> },
    /// Derive sweep lines again from tools' files.
    Rederive { jobs: Vec<RederiveJob> },
}

#[derive(Serialize, Deserialize)]
struct WireAnswers {
    title: String,
    date: Option<String>,
    #[serde(default)]
    today: Option<String>,
    scope: Option<String>,
    model: Option<String>,
    hardware: Option<String>,
}

#[derive(Serialize, Deserialize)]
struct WireGroup {
    id: String,
    label: String,
    checkpoint: Option<String>,
    gpus: u32,
    #[serde(default)]
    gpus_unstated: bool,
    isl: Option<u64>,
    osl: Option<u64>,
    tool: Option<String>,
    file_lengths: Vec<(String, Option<u64>, Option<u64>)>,
    conc: Option<u32>,
    #[serde(default)]
    rate: Option<f64>,
    split_by: Option<String>,
    #[serde(default)]
    same_run: bool,
}

#[derive(Serialize, Deserialize)]
struct WireWarning {
    file: String,
    entry: String,
    message: crate::core::import::ask::Said,
}

/// The worker's replies.
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
enum Reply {
    Draft {
        files: Option<Vec<DraftFile>>,
    },
    /// The files, then (when `zipped`) their ZIP archive as one more blob.
    Written {
        names: Vec<String>,
        warnings: Vec<WireWarning>,
        #[serde(default)]
        zipped: bool,
    },
    /// The importer's refusal, in the import form's words.
    Refused {
        message: String,
    },
    Rederived {
        outcomes: Vec<Result<(), String>>,
    },
    Unreadable {
        message: String,
    },
}

fn message(value: &impl Serialize, blobs: Vec<Vec<u8>>) -> Message {
    Message { json: serde_json::to_string(value).unwrap_or_default(), blobs }
}

fn named(files: &BTreeMap<String, Vec<u8>>) -> (Vec<String>, Vec<Vec<u8>>) {
    files.iter().map(|(n, b)| (n.clone(), b.clone())).unzip()
}

/// Ask what the picked files are.
pub fn draft_request(files: &BTreeMap<String, Vec<u8>>) -> Message {
    let (names, blobs) = named(files);
    message(&Request::Draft { names }, blobs)
}

/// Ask for a study written from `group`'s files with `answers`.
pub fn write_request(answers: &StudyAnswers, group: &EngineGroup) -> Message {
    let (names, blobs): (Vec<String>, Vec<Vec<u8>>) = group.files.iter().cloned().unzip();
    let answers = WireAnswers {
        title: answers.title.clone(),
        date: answers.date.clone(),
        today: answers.today.clone(),
        scope: answers.scope.clone(),
        model: answers.model.clone(),
        hardware: answers.hardware.clone(),
    };
    let group = WireGroup {
        id: group.id.clone(),
        label: group.label.clone(),
        checkpoint: group.checkpoint.clone(),
        gpus: group.gpus,
        gpus_unstated: group.gpus_unstated,
        isl: group.isl,
        osl: group.osl,
        tool: group.tool.map(|t| t.as_str().to_owned()),
        file_lengths: group.file_lengths.clone(),
        conc: group.conc,
        rate: group.rate,
        split_by: group.split_by.clone(),
        same_run: group.same_run,
    };
    message(&Request::Write { answers, group, names }, blobs)
}

/// A sweep line to derive again, as verification asks it: the tool file's name, the entry,
/// the line's JSON text.
pub type AskedLine = (String, String, String);

/// Ask for sweep lines derived again from the tool files (`files`, by name): each file's
/// bytes travel once however many lines name it.
pub fn rederive_request(files: BTreeMap<String, Vec<u8>>, asked: &[AskedLine]) -> Message {
    // The files move into the message: a copy would be memory never given back.
    let (names, blobs): (Vec<String>, Vec<Vec<u8>>) = files.into_iter().unzip();
    rederive_request_named(names, blobs, asked)
}

/// Ask for sweep lines derived again from the files `names`, the first of them with their
/// bytes in `blobs` and the rest sent beside the message by the page (held in its
/// JavaScript memory, in the same order).
pub fn rederive_request_named(names: Vec<String>, blobs: Vec<Vec<u8>>, asked: &[AskedLine]) -> Message {
    let jobs = asked
        .iter()
        .map(|(file, entry, line)| RederiveJob {
            file: file.clone(),
            // A file not given points past the blobs: the module says its bytes did not reach it.
            blob: names.iter().position(|n| n == file).unwrap_or(names.len()),
            entry: entry.clone(),
            line: line.clone(),
        })
        .collect();
    message(&Request::Rederive { jobs }, blobs)
}

/// Everything the import module does: answer one request.
pub fn answer(request: Message) -> Message {
    let Message { json, blobs } = request;
    let reply = match serde_json::from_str::<Request>(&json) {
        Err(e) => Reply::Unreadable { message: format!("the import module cannot read this request: {e}") },
        Ok(Request::Draft { names }) => {
            let files: BTreeMap<String, Vec<u8>> = names.into_iter().zip(blobs).collect();
            Reply::Draft { files: read_draft(&files) }
        }
        Ok(Request::Write { answers, group, names }) => {
            let answers = StudyAnswers {
                title: answers.title,
                date: answers.date,
                scope: answers.scope,
                model: answers.model,
                hardware: answers.hardware,
                today: answers.today,
            };
            let group = EngineGroup {
                id: group.id,
                label: group.label,
                checkpoint: group.checkpoint,
                gpus: group.gpus,
                gpus_unstated: group.gpus_unstated,
                isl: group.isl,
                osl: group.osl,
                tool: group.tool.and_then(|t| Tool::ALL.into_iter().find(|tool| tool.as_str() == t)),
                file_lengths: group.file_lengths,
                conc: group.conc,
                rate: group.rate,
                split_by: group.split_by,
                same_run: group.same_run,
                files: names.into_iter().zip(blobs).collect(),
                ..EngineGroup::default()
            };
            match write_study(&answers, &[group]) {
                Err(e) => Reply::Refused { message: e.in_form() },
                Ok(written) => {
                    // The study as one download for the publisher: the same files, zipped.
                    let listed: Vec<(&str, &[u8])> = written.files.iter().map(|f| (f.name.as_str(), f.bytes.as_slice())).collect();
                    let zip = crate::core::basics::zip::stored(&listed);
                    let (names, mut blobs): (Vec<String>, Vec<Vec<u8>>) = written.files.into_iter().map(|f| (f.name, f.bytes)).unzip();
                    let warnings =
                        written.warnings.into_iter().map(|w| WireWarning { file: w.file, entry: w.entry, message: w.message }).collect();
                    let zipped = zip.is_some();
                    blobs.extend(zip);
                    return message(&Reply::Written { names, warnings, zipped }, blobs);
                }
            }
        }
        Ok(Request::Rederive { jobs }) => Reply::Rederived {
            outcomes: jobs
                .iter()
                .map(|job| match blobs.get(job.blob) {
                    Some(bytes) => crate::core::import::rederive(&job.file, bytes, &job.entry, &job.line),
                    None => Err(format!("the bytes of {} did not reach the import module", job.file)),
                })
                .collect(),
        },
    };
    message(&reply, Vec::new())
}

fn reply(message: &Message) -> Result<Reply, String> {
    // From bytes, as the validator reads files: the page carries one JSON reader, not two.
    match serde_json::from_slice::<Reply>(message.json.as_bytes()) {
        Ok(Reply::Unreadable { message }) => Err(message),
        Ok(reply) => Ok(reply),
        Err(e) => Err(format!("the import module's answer cannot be read: {e}")),
    }
}

/// What the picked files are (`None`: none is a tool's output), or why the module failed.
pub fn draft_reply(answer: &Message) -> Result<Option<Vec<DraftFile>>, String> {
    match reply(answer)? {
        Reply::Draft { files } => Ok(files),
        _ => Err("the import module answered another question".into()),
    }
}

/// The study written, or the importer's refusal (`Ok(Err)`), or why the module failed.
#[allow(clippy::type_complexity)]
pub fn write_reply(answer: Message) -> Result<Result<WrittenReply, String>, String> {
    match reply(&answer)? {
        Reply::Refused { message } => Ok(Err(message)),
        Reply::Written { names, warnings, zipped } => {
            let mut blobs = answer.blobs;
            let zip = if zipped && blobs.len() > names.len() { blobs.pop() } else { None };
            let files = names.into_iter().zip(blobs).map(|(name, bytes)| WrittenFile { name, bytes }).collect();
            let warnings = warnings.into_iter().map(|w| ImportWarning { file: w.file, entry: w.entry, message: w.message }).collect();
            Ok(Ok(WrittenReply { files, warnings, zip }))
        }
        _ => Err("the import module answered another question".into()),
    }
}

/// A study the import module wrote: its files, the import's warnings, and the files as one
/// ZIP archive (none past ZIP's 4 GiB).
pub struct WrittenReply {
    /// The files, as `servescope-import --out` writes them.
    pub files: Vec<WrittenFile>,
    /// What was imported with a caveat or left out.
    pub warnings: Vec<ImportWarning>,
    /// The files, zipped.
    pub zip: Option<Vec<u8>>,
}

/// Each asked line's outcome, in the order asked.
pub fn rederive_reply(answer: &Message) -> Result<Vec<Result<(), String>>, String> {
    match reply(answer)? {
        Reply::Rederived { outcomes } => Ok(outcomes),
        _ => Err("the import module answered another question".into()),
    }
}
