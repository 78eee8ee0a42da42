//! Small parts: no source file over 400 lines and no function over 100, the tests held to
//! the rule of the code they test (fixtures aside).

use crate::structure::sources;

/// Every source under `src/` and `tests/`, fixtures aside.
fn code_and_tests() -> Vec<(std::path::PathBuf, String)> {
    let (mut files, tests) = (sources("src"), sources("tests"));
    files.extend(tests.into_iter().filter(|(path, _)| !path.components().any(|c| c.as_os_str() == "fixtures")));
    files
}

#[test]
fn no_source_file_is_over_400_lines() {
    let files = code_and_tests();
    assert!(files.iter().any(|(path, _)| path.ends_with("tests/it/main.rs")), "the tests are read too");
    let long: Vec<String> = files
        .iter()
        .filter(|(_, text)| text.lines().count() > 400)
        .map(|(path, text)| format!("{}: {} lines", path.display(), text.lines().count()))
        .collect();
    assert!(long.is_empty(), "{long:?}");
}

/// Each function's length in lines, from its `fn` line to its closing brace (the first line
/// after it holding only a `}` at the `fn`'s indent), comments included: `(name, lines)`.
fn function_lengths(text: &str) -> Vec<(String, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let indent = &line[..line.len() - line.trim_start().len()];
        let mut words = line.split_whitespace().skip_while(|w| w.starts_with("pub") || matches!(*w, "const" | "async" | "unsafe"));
        if words.next() != Some("fn") || line.trim_end().ends_with(';') || line.trim_end().ends_with('}') {
            continue;
        }
        let name: String = words.next().unwrap_or_default().chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
        let closing = format!("{indent}}}");
        if let Some(end) = lines[i..].iter().position(|l| *l == closing) {
            out.push((name, end + 1));
        }
    }
    out
}

#[test]
fn no_function_is_over_100_lines() {
    let files = code_and_tests();
    let long: Vec<String> = files
        .iter()
        .flat_map(|(path, text)| {
            function_lengths(text)
                .into_iter()
                .filter(|(_, n)| *n > 100)
                .map(move |(name, n)| format!("{}: {name}, {n} lines", path.display()))
        })
        .collect();
    assert!(long.is_empty(), "{long:?}");
}

#[test]
fn a_function_is_measured_from_fn_to_its_closing_brace() {
    let text = "/// Doc.\npub(crate) fn short(\n    a: u8,\n) -> u8 {\n    // why\n    a\n}\n\nimpl X {\n    fn inner() {\n        if y {\n        }\n    }\n    fn one() {}\n    fn declared();\n}\n";
    assert_eq!(function_lengths(text), [("short".to_owned(), 6), ("inner".to_owned(), 4)]);
}
