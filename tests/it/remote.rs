//! The importer across the page's module boundary (`core::import::remote`): every request
//! answered in a message gives what the direct call gives — the same bytes written, the same
//! files read, the same re-derivations and refusals.

use std::collections::BTreeMap;

use serde_json::{Map, Value};
use servescope::core::import::draft::read_draft;
use servescope::core::import::remote::{
    answer, draft_reply, draft_request, rederive_reply, rederive_request, rederive_request_named, write_reply, write_request, Message,
};
use servescope::core::import::{rederive, write_study, EngineGroup, StudyAnswers};

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/import");

fn read(path: &str) -> Vec<u8> {
    std::fs::read(format!("{FIXTURES}/{path}")).expect("fixture")
}

fn vllm_group() -> EngineGroup {
    EngineGroup {
        id: "vllm".into(),
        label: "vLLM 0.14".into(),
        gpus: 2,
        isl: Some(1024),
        osl: Some(1024),
        files: vec![("c1.json".into(), read("vllm/c1.json")), ("append.json".into(), read("vllm/append.json"))],
        ..EngineGroup::default()
    }
}

#[test]
fn a_study_written_across_the_boundary_is_the_same_bytes() {
    let answers = StudyAnswers { title: "vLLM".into(), scope: Some("one node".into()), ..StudyAnswers::default() };
    let direct = write_study(&answers, &[vllm_group()]).expect("written");
    let reply = write_reply(answer(write_request(&answers, &vllm_group()))).expect("answered").expect("written");
    assert_eq!(reply.files, direct.files, "every file, name and bytes");
    assert_eq!(reply.warnings, direct.warnings);
    // And the same files as one archive, for the page's download.
    let listed: Vec<(&str, &[u8])> = direct.files.iter().map(|f| (f.name.as_str(), f.bytes.as_slice())).collect();
    assert_eq!(reply.zip, servescope::core::basics::zip::stored(&listed));
    assert!(reply.zip.is_some());
    // A refusal travels as the importer's own, in the form's words.
    let refused = write_reply(answer(write_request(&StudyAnswers::default(), &vllm_group()))).expect("answered").map(|r| r.files);
    let direct = write_study(&StudyAnswers::default(), &[vllm_group()]).expect_err("no title");
    assert_eq!(refused, Err(direct.in_form()));
    assert_eq!(
        (direct.to_string(), direct.in_form()),
        ("the study needs a title (--title)".into(), "the study needs a title (the Title field)".into())
    );
}

#[test]
fn picked_files_read_across_the_boundary_read_as_they_do_here() {
    let files: BTreeMap<String, Vec<u8>> = [
        ("c1.json".to_owned(), read("vllm/c1.json")),
        ("sweep.jsonl".to_owned(), read("sglang/sweep.jsonl")),
        ("notes.txt".to_owned(), b"not a tool's output".to_vec()),
    ]
    .into();
    let direct = read_draft(&files).expect("tool outputs");
    assert_eq!(draft_reply(&answer(draft_request(&files))).expect("answered"), Some(direct));
    let none: BTreeMap<String, Vec<u8>> = [("results.json".to_owned(), b"{}".to_vec())].into();
    assert_eq!(draft_reply(&answer(draft_request(&none))).expect("answered"), None);
}

#[test]
fn sweep_lines_are_derived_again_across_the_boundary_with_the_same_verdicts() {
    let answers = StudyAnswers { title: "vLLM".into(), ..StudyAnswers::default() };
    let written = write_study(&answers, &[vllm_group()]).expect("written");
    let sweep = written.files.iter().find(|f| f.name.ends_with(".cells.jsonl")).expect("a sweep");
    let lines: Vec<Map<String, Value>> =
        String::from_utf8_lossy(&sweep.bytes).lines().map(|l| serde_json::from_str(l).expect("a line")).collect();
    let copy = |from: &str| written.files.iter().find(|f| from.starts_with(&f.name)).expect("the copy it names");
    let mut asked = Vec::new();
    let mut files = BTreeMap::new();
    for line in &lines {
        let from = line["from"].as_str().expect("from");
        let file = copy(from);
        files.insert(file.name.clone(), file.bytes.clone());
        asked.push((file.name.clone(), from[file.name.len()..].trim().to_owned(), serde_json::to_string(line).expect("text")));
    }
    // One edited figure: the same refusal as the direct call.
    let mut edited = asked[0].clone();
    let mut line = lines[0].clone();
    line.insert("ttft_p50_ms".into(), Value::from(1.0));
    edited.2 = serde_json::to_string(&line).expect("text");
    asked.push(edited);
    // A line that is not an object is refused, not read as nothing.
    assert_eq!(rederive(&asked[0].0, &files[&asked[0].0], &asked[0].1, "[1]"), Err("the sweep line is not a JSON object".into()));
    let direct: Vec<Result<(), String>> = asked.iter().map(|(f, e, l)| rederive(f, &files[f], e, l)).collect();
    assert!(direct[..lines.len()].iter().all(Result::is_ok), "{direct:?}");
    assert!(direct[lines.len()].is_err());
    let request = rederive_request(files.clone(), &asked);
    assert_eq!(request.blobs.len(), files.len(), "each tool file travels once");
    // A line naming a file whose bytes were not given is said so, not guessed.
    let missing = rederive_request(BTreeMap::new(), &asked[..1]);
    let said = rederive_reply(&answer(missing)).expect("answered");
    assert!(said[0].as_ref().is_err_and(|e| e.contains("did not reach the import module")), "{said:?}");
    assert_eq!(rederive_reply(&answer(request)).expect("answered"), direct);
    // The page's tools' files travel beside the message, after its own blobs, in the order
    // named: the same answers.
    let (names, mut blobs): (Vec<String>, Vec<Vec<u8>>) = files.clone().into_iter().unzip();
    let mut beside = rederive_request_named(names, Vec::new(), &asked);
    assert!(beside.blobs.is_empty());
    beside.blobs.append(&mut blobs);
    assert_eq!(rederive_reply(&answer(beside)).expect("answered"), direct);
}

#[test]
fn a_request_the_module_cannot_read_is_an_error_not_a_guess() {
    let reply = answer(Message { json: "{\"dance\":{}}".into(), blobs: Vec::new() });
    let said = draft_reply(&reply).expect_err("refused");
    assert!(said.starts_with("the import module cannot read this request"), "{said}");
}
