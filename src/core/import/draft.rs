//! What the page's import form says before and after the reader answers: each picked
//! file read as a tool's output (or refused, in the tool's terms), the models the files
//! name, and the importer's refusals in the form's words (`ImportError::in_form`).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::core::import::{import_file, import_file_with, EngineGroup, ImportError, Load, Tool};

/// One picked file, as the importers read it (sent as is from the import module).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DraftFile {
    /// Its name.
    pub name: String,
    /// What it was read as (`Imported::read_as`), or why it cannot be imported.
    pub read_as: Result<String, String>,
    /// Some run lacks a nominal input or output length (the form asks for them).
    pub needs_lengths: bool,
    /// The models its runs name.
    pub models: Vec<String>,
    /// The tool that wrote it (`--from`'s name), when it is one's output.
    #[serde(default)]
    pub tool: Option<String>,
    /// Some run records no load: it imports at the concurrency the form's field gives (the
    /// command line's `--conc N`), else it is left out.
    #[serde(default)]
    pub needs_load: bool,
    /// The publisher's labels on its runs (vLLM `--metadata`), each `(key, value)` once: runs
    /// that differ in one are split into one engine per value only when the reader says so.
    #[serde(default)]
    pub labels: Vec<(String, String)>,
}

/// Read every picked file; `None` when none of them is any tool's output (not JSON, or a
/// layout no importer knows), so the page reads them as results files instead. A file a
/// tool wrote but that cannot be imported stays in, with its reason.
pub fn read_draft(files: &BTreeMap<String, Vec<u8>>) -> Option<Vec<DraftFile>> {
    let mut recognised = false;
    let read: Vec<DraftFile> = files
        .iter()
        .map(|(name, bytes)| match import_file(name, bytes, None) {
            Ok(imported) => {
                recognised = true;
                let runs = imported.placeable();
                let mut labels: Vec<(String, String)> = Vec::new();
                for label in imported.runs.iter().flat_map(|r| &r.labels) {
                    if !labels.contains(label) {
                        labels.push(label.clone());
                    }
                }
                let mut models: Vec<String> = Vec::new();
                for m in imported.runs.iter().filter_map(|r| r.model.clone()) {
                    if !models.contains(&m) {
                        models.push(m);
                    }
                }
                DraftFile {
                    name: name.clone(),
                    read_as: Ok(imported.read_as()),
                    needs_lengths: runs.iter().any(|r| r.isl.is_none() || r.osl.is_none()),
                    models,
                    tool: Some(imported.tool.as_str().to_owned()),
                    needs_load: imported.runs.iter().any(|r| Load::of(r).is_err()),
                    labels,
                }
            }
            Err(e) => {
                // Another kind of run is named as such in the form, not read as a results file.
                recognised |= matches!(
                    e,
                    ImportError::Nothing { .. } | ImportError::NoLoad { .. } | ImportError::Study(_) | ImportError::NotServing { .. }
                );
                // A file whose runs record no load imports once the reader gives one.
                let with_load = matches!(e, ImportError::NoLoad { .. })
                    .then(|| import_file_with(name, bytes, None, Some(Load::Conc(1))).ok())
                    .flatten();
                let mut models: Vec<String> = Vec::new();
                for m in with_load.iter().flat_map(|i| i.runs.iter().filter_map(|r| r.model.clone())) {
                    if !models.contains(&m) {
                        models.push(m);
                    }
                }
                DraftFile {
                    name: name.clone(),
                    read_as: Err(e.in_form()),
                    needs_lengths: with_load.as_ref().is_some_and(|i| i.placeable().iter().any(|r| r.isl.is_none() || r.osl.is_none())),
                    models,
                    tool: with_load.as_ref().map(|i| i.tool.as_str().to_owned()),
                    needs_load: with_load.is_some(),
                    labels: Vec::new(),
                }
            }
        })
        .collect();
    recognised.then_some(read)
}

/// The engine id the form proposes: the tool every readable file comes from (`vllm`,
/// `sglang`, …: history and compare match engines by id, so never one fixed word for every
/// study), else `engine`.
pub fn proposed_engine_id(files: &[DraftFile]) -> String {
    let mut tools = files.iter().filter_map(|f| f.tool.as_deref());
    match tools.next() {
        Some(first) if tools.all(|t| t == first) => first.to_owned(),
        _ => "engine".to_owned(),
    }
}

/// Every model the draft's files name, in file order.
pub fn draft_models(files: &[DraftFile]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for m in files.iter().flat_map(|f| &f.models) {
        if !out.contains(m) {
            out.push(m.clone());
        }
    }
    out
}

/// The label keys whose runs differ across the draft's files (`deployment` for runs of
/// `base` and `kvcache`): what the form offers to split into one engine per value.
pub fn split_keys(files: &[DraftFile]) -> Vec<String> {
    let mut keys: Vec<String> = Vec::new();
    for (key, value) in files.iter().flat_map(|f| &f.labels) {
        let differs = files.iter().flat_map(|f| &f.labels).any(|(k, v)| k == key && v != value);
        if differs && !keys.contains(key) {
            keys.push(key.clone());
        }
    }
    keys
}

/// Why the form refuses to import files of several models as one engine, until the reader
/// confirms they are one engine.
pub fn mixed_models_refusal(models: &[String]) -> Option<String> {
    (models.len() > 1).then(|| {
        format!(
            "These files name {} different models ({}): one engine should be one model. Import them apart, or tick “one engine” to import them together.",
            models.len(),
            models.join(", ")
        )
    })
}

/// The engines `servescope view` imports picked files as when the publisher names none: one
/// per tool, its id the tool's `--from` name and its label the tool's own name, each given
/// what `given` says (GPUs, lengths, load); with an id in `given`, every file is that one
/// engine. Only the files' names are filled in (`(name, empty)`); a file no tool wrote is
/// refused with why.
pub fn engines_by_tool(files: &[DraftFile], given: &EngineGroup) -> Result<Vec<EngineGroup>, String> {
    let mut groups: Vec<EngineGroup> = Vec::new();
    for file in files {
        let Some(tool) = file.tool.as_deref() else {
            return Err(file.read_as.clone().err().unwrap_or_else(|| format!("{}: not a tool's output", file.name)));
        };
        let id = if given.id.is_empty() { tool.to_owned() } else { given.id.clone() };
        let at = match groups.iter().position(|g| g.id == id) {
            Some(at) => at,
            None => {
                let label = match tool.parse::<Tool>() {
                    _ if !given.label.is_empty() => given.label.clone(),
                    Ok(t) => t.title().to_owned(),
                    Err(_) => id.clone(),
                };
                groups.push(EngineGroup { id, label, files: Vec::new(), ..given.clone() });
                groups.len() - 1
            }
        };
        groups[at].files.push((file.name.clone(), Vec::new()));
    }
    Ok(groups)
}

/// A study's title from its files when the publisher gives none: the model the files name
/// (several: the first and how many more) and the tools, "Qwen/Qwen3-8B, vLLM".
pub fn title_from(files: &[DraftFile]) -> String {
    let models = draft_models(files);
    let mut tools: Vec<&str> = Vec::new();
    for tool in files.iter().filter_map(|f| f.tool.as_deref()?.parse::<Tool>().ok()) {
        if !tools.contains(&tool.title()) {
            tools.push(tool.title());
        }
    }
    let model = match models.as_slice() {
        [] => "Serving benchmark".to_owned(),
        [one] => one.clone(),
        [first, rest @ ..] => format!("{first} and {} more", rest.len()),
    };
    match tools.is_empty() {
        true => model,
        false => format!("{model}, {}", tools.join(" and ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_form_proposes_an_engine_id_and_refuses_mixed_models() {
        assert_eq!(mixed_models_refusal(&["a".into()]), None);
        let file = |tool: Option<&str>| DraftFile {
            name: "f".into(),
            read_as: Ok(String::new()),
            needs_lengths: false,
            models: Vec::new(),
            tool: tool.map(str::to_owned),
            needs_load: false,
            labels: Vec::new(),
        };
        assert_eq!(proposed_engine_id(&[file(Some("sglang")), file(None)]), "sglang", "from the files a tool wrote");
        assert_eq!(proposed_engine_id(&[file(Some("sglang")), file(Some("vllm"))]), "engine", "two tools: no guess");
        assert_eq!(proposed_engine_id(&[]), "engine");
        assert!(mixed_models_refusal(&["a".into(), "b".into()]).is_some_and(|m| m.contains("2 different models (a, b)")));
    }

    #[test]
    fn view_makes_one_engine_per_tool_named_after_it_and_a_title_from_the_files() {
        let file = |name: &str, tool: Option<&str>, model: &str| DraftFile {
            name: name.into(),
            read_as: if tool.is_some() { Ok(String::new()) } else { Err(format!("{name}: not JSON")) },
            needs_lengths: false,
            models: vec![model.to_owned()],
            tool: tool.map(str::to_owned),
            needs_load: false,
            labels: Vec::new(),
        };
        let files = [file("a.json", Some("vllm"), "m"), file("b.json", Some("sglang"), "m"), file("c.json", Some("vllm"), "m")];
        let given = EngineGroup { gpus: 8, isl: Some(2048), ..EngineGroup::default() };
        let groups = engines_by_tool(&files, &given).expect("all tools' outputs");
        let seen: Vec<(&str, &str, usize, u32, Option<u64>)> =
            groups.iter().map(|g| (g.id.as_str(), g.label.as_str(), g.files.len(), g.gpus, g.isl)).collect();
        assert_eq!(seen, [("vllm", "vLLM bench serve", 2, 8, Some(2048)), ("sglang", "SGLang bench_serving", 1, 8, Some(2048))]);
        let named = EngineGroup { id: "mine".into(), label: "Mine".into(), ..given.clone() };
        let one = engines_by_tool(&files, &named).expect("one engine");
        assert_eq!((one.len(), one[0].label.as_str(), one[0].files.len()), (1, "Mine", 3));
        assert_eq!(engines_by_tool(&[file("x.txt", None, "m")], &given), Err("x.txt: not JSON".to_owned()));
        assert_eq!(title_from(&files), "m, vLLM bench serve and SGLang bench_serving");
        assert_eq!(title_from(&[]), "Serving benchmark");
    }
}
