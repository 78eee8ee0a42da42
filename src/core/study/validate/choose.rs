//! Which of the files a reader picked or dropped together is the results file — one rule for
//! opening local files and for comparing with them, each file parsed once.

use std::collections::BTreeMap;

use super::{parse_results, Validation};

/// The results file among picked files, validated.
#[derive(Debug)]
pub struct ChosenResults {
    /// Its name.
    pub name: String,
    /// Its validation (with findings to show when it has errors).
    pub validation: Validation,
}

/// Why no results file was chosen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotChosen {
    /// Two files validate: which one is meant is not guessed.
    Two(String, String),
    /// No `.json` was picked.
    NoJson,
    /// The only `.json` is JSON, but neither a results file nor a tool's output: it has none
    /// of a results file's own keys, so listing the fields it lacks would mislead.
    NotResults(String),
}

impl NotChosen {
    /// The refusal in the page's words.
    pub fn message(&self) -> String {
        match self {
            NotChosen::Two(first, second) => format!("{first} and {second} are both results files: pick one results file with its sources"),
            NotChosen::NoJson => "none of the files picked is a .json results file".to_owned(),
            NotChosen::NotResults(name) => format!(
                "{name} is neither a servescope results file (it has none of schemaVersion, engines, serving) nor the output of a benchmark tool servescope imports"
            ),
        }
    }

    /// Whether results files were among the picks (so they are not a tool's output to import).
    pub fn found_results(&self) -> bool {
        matches!(self, NotChosen::Two(..))
    }
}

/// Choose the results file: the only `.json` that validates; with none valid, the first
/// `.json` (its findings are shown) unless it is some other JSON altogether (said so); two
/// that validate are refused rather than one picked silently, as are picks with no `.json`.
pub fn choose_results_file(files: &BTreeMap<String, Vec<u8>>) -> Result<ChosenResults, NotChosen> {
    let mut first_invalid: Option<ChosenResults> = None;
    let mut valid: Option<ChosenResults> = None;
    for (name, bytes) in files.iter().filter(|(n, _)| n.to_ascii_lowercase().ends_with(".json")) {
        let chosen = ChosenResults { name: name.clone(), validation: parse_results(bytes) };
        match (&valid, chosen.validation.results.is_some()) {
            (Some(one), true) => return Err(NotChosen::Two(one.name.clone(), chosen.name)),
            (None, true) => valid = Some(chosen),
            (_, false) if first_invalid.is_none() => first_invalid = Some(chosen),
            _ => {}
        }
    }
    if valid.is_some() {
        return valid.ok_or(NotChosen::NoJson);
    }
    // With none valid, the first that looks like a results file is shown with its findings
    // (a package.json beside it must not hide them); with none such, it is said there is none.
    if let Some(name) = first_invalid.as_ref().map(|c| c.name.clone()) {
        let resembling = files
            .iter()
            .filter(|(n, _)| n.to_ascii_lowercase().ends_with(".json"))
            .find(|(_, bytes)| !is_other_json(bytes))
            .map(|(n, _)| n.clone());
        return match resembling {
            Some(n) if n == name => first_invalid.ok_or(NotChosen::NoJson),
            Some(n) => Ok(ChosenResults { validation: parse_results(&files[&n]), name: n }),
            None => Err(NotChosen::NotResults(name)),
        };
    }
    Err(NotChosen::NoJson)
}

/// The keys only a results file has at its top level: one of them present, its missing
/// fields are worth listing; none, it is some other JSON (a `package.json`).
const RESULTS_KEYS: [&str; 5] = ["schemaVersion", "engines", "serving", "decode", "sources"];

/// Whether bytes are valid JSON that is not a results file at all (invalid JSON keeps its
/// syntax error, which says more).
fn is_other_json(bytes: &[u8]) -> bool {
    match crate::core::basics::json::Json::parse(bytes) {
        Ok(value) => value.as_object().is_none_or(|o| !RESULTS_KEYS.iter().any(|k| o.contains_key(k))),
        Err(_) => false,
    }
}
