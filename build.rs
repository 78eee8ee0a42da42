//! The app's wasm keeps its relocations: the split step (`tools/split.mjs`) needs them to cut
//! the lazily loaded views out of the main module. Natively, a built site named by
//! `SERVESCOPE_SITE` (the wheel's script sets it to `dist/`) is embedded in the command line,
//! so `servescope view` and `publish` need no `--site`; without it nothing is embedded and
//! they ask for one. Cargo never builds the site itself.

use std::path::{Path, PathBuf};

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-env-changed=SERVESCOPE_SITE");
    let target = std::env::var("TARGET").unwrap_or_default();
    if target == "wasm32-unknown-unknown" {
        println!("cargo::rustc-link-arg-bin=servescope=--emit-relocs");
        return;
    }
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("embedded_site.rs");
    let mut files = Vec::new();
    if let Some(given) = std::env::var_os("SERVESCOPE_SITE").map(PathBuf::from) {
        // include_bytes! resolves a relative path from OUT_DIR: name every file absolutely.
        let site = std::fs::canonicalize(&given).unwrap_or_else(|e| panic!("SERVESCOPE_SITE={}: {e}", given.display()));
        assert!(site.join("index.html").is_file(), "SERVESCOPE_SITE={}: not a built site (no index.html)", site.display());
        walk(&site, &site, &mut files);
        files.sort();
    }
    let mut code = String::from("/// The embedded site's files, by path relative to its root.\npub static FILES: &[(&str, &[u8])] = &[\n");
    for (relative, absolute) in &files {
        println!("cargo::rerun-if-changed={}", absolute.display());
        code.push_str(&format!("    ({relative:?}, include_bytes!({:?})),\n", absolute.display().to_string()));
    }
    code.push_str("];\n");
    std::fs::write(&out, code).expect("write the embedded site's list");
}

/// Every file under `dir`, but hidden ones and anything under a hidden folder.
fn walk(root: &Path, dir: &Path, files: &mut Vec<(String, PathBuf)>) {
    for entry in std::fs::read_dir(dir).expect("a readable site") {
        let path = entry.expect("an entry").path();
        if path.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.starts_with('.')) {
            continue;
        }
        if path.is_dir() {
            println!("cargo::rerun-if-changed={}", path.display());
            walk(root, &path, files);
        } else {
            let relative = path.strip_prefix(root).expect("under the root").to_string_lossy().replace('\\', "/");
            files.push((relative, path));
        }
    }
}
