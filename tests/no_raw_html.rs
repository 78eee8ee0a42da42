//! No data ever reaches raw HTML: the UI renders file text only as text nodes and
//! attributes. This test keeps that true by refusing any raw-HTML API in the sources.

#[test]
fn no_source_file_uses_a_raw_html_api() {
    let forbidden = ["inner_html", "set_inner_html", "outer_html", "insert_adjacent_html", "document.write", "dangerously"];
    let mut offenders = Vec::new();
    let mut stack = vec![std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/src"))];
    let mut files = 0;
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("src is readable") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files += 1;
                let text = std::fs::read_to_string(&path).expect("utf-8 source");
                for word in forbidden {
                    if text.contains(word) {
                        offenders.push(format!("{}: {word}", path.display()));
                    }
                }
            }
        }
    }
    assert!(files > 10, "walked the sources ({files} files)");
    assert!(offenders.is_empty(), "raw HTML APIs in the UI: {offenders:?}");
}
