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
