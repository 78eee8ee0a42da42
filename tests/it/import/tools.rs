//! The importers' list is the one place a tool is named: the command line's usage, the
//! errors and the docs that list the tools name every one of them.

use servescope::core::import::{import_file, IMPORTERS};

use crate::common;

/// Each importer's short name: the first word of its title ("vLLM", "llm-d").
fn short_names() -> Vec<&'static str> {
    IMPORTERS.iter().map(|i| i.names.title.split(' ').next().unwrap_or(i.names.title)).collect()
}

#[test]
fn every_importer_is_named_where_the_tools_are_listed() {
    assert_eq!(IMPORTERS.len(), 8);
    let read = |path: &str| std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/").to_owned() + path).expect(path);
    let readme = read("README.md");
    let publishing = &readme[readme.find("## Publishing your own results").expect("the publishing section")..];
    let publishing = &publishing[..publishing.find("two commands").expect("its first paragraph")];
    let drawer = read("src/ui/shell/drawers.rs");
    let drawer = drawer.lines().find(|l| l.contains("Or pick what vLLM")).expect("the drawer's sentence");
    let (_, usage, _) = common::cli::import(&["--help"]);
    let unknown = import_file("x.json", b"{\"a\": 1}", None).expect_err("not a tool's output").to_string();
    for name in short_names() {
        assert!(publishing.contains(name), "README's publishing section names {name}");
        assert!(drawer.contains(name), "the Open drawer names {name}");
        assert!(unknown.contains(name), "{unknown}");
    }
    for names in IMPORTERS.iter().map(|i| i.names) {
        assert!(usage.contains(&format!("|{}", names.name)), "--from {} in the usage: {usage}", names.name);
        assert_eq!(names.tool.as_str(), names.name);
        assert_eq!(names.name.parse::<servescope::core::import::Tool>(), Ok(names.tool));
    }
}

/// The Benchmark Report is read through the serde types the export writes: a report whose
/// stack is not a list does not follow the schema and is refused saying so, and a field of
/// the wrong kind inside a statistic reads as not measured, with the rest of the report.
#[test]
fn a_benchmark_report_is_read_through_its_schema_types() {
    let fixture = common::read("tests/fixtures/import/benchmark-report/br-0.2.1-example.json");
    // Its bare `Infinity` as the importer's pre-pass reads it.
    let (clean, _) = servescope::core::import::json::without_non_finite(std::str::from_utf8(&fixture).expect("UTF-8"));
    let mut doc: serde_json::Value = serde_json::from_str(&clean).expect("JSON");
    let read = import_file("br.json", &fixture, None).expect("the fixture imports");
    assert!(read.runs[0].ttft.0.is_some(), "its TTFT p50 is read");
    doc["results"]["request_performance"]["aggregate"]["latency"]["time_to_first_token"]["p50"] = "soon".into();
    let loose = import_file("br.json", doc.to_string().as_bytes(), None).expect("still a report");
    assert_eq!(loose.runs[0].ttft.0, None, "a p50 that is no number is not measured");
    assert_eq!(loose.runs[0].ttft.1, read.runs[0].ttft.1, "its p99 stays");
    doc["scenario"]["stack"] = "vllm".into();
    let refused = import_file("br.json", doc.to_string().as_bytes(), None).expect_err("no stack list").to_string();
    assert!(refused.starts_with("br.json: nothing to import: not a Benchmark Report as its schema writes one: invalid type: string \"vllm\", expected a sequence"), "{refused}");
}
