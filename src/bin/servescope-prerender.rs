//! servescope-prerender: the build's last step (the trunk hook runs it): the landing and
//! deep views written into a built `index.html` so the page shows real figures before its
//! WebAssembly runs, the policy hashed, and every file's precompressed copies written.

use std::path::PathBuf;
use std::process::ExitCode;

use servescope::site::finish_site;

const USAGE: &str = "\
usage: servescope-prerender [DIR]

Finish the built site DIR (default: $TRUNK_STAGING_DIR, as trunk sets it for a post-build
hook): write the landing view of DIR/data/index.json into DIR/index.html — its study's
overview, or for a collection of several studies its catalog — and a single study's deep
views as DIR/prerender-VIEW-HASH.html; hash every inline script and style into the page's
Content-Security-Policy; write a .br and a .gz beside every .wasm, .js, .css, .html and
.json file. The page must hold the markers <!-- servescope:head --> …
<!-- /servescope:head --> and <!-- servescope:landing -->. To show other studies on a built
site, use servescope-publish.
Exit 0: written; 1: the index or the study is missing or invalid, or a marker is missing;
2: bad usage.";

fn main() -> ExitCode {
    let mut dir: Option<PathBuf> = std::env::var_os("TRUNK_STAGING_DIR").map(PathBuf::from);
    let mut parser = lexopt::Parser::from_env();
    loop {
        match parser.next() {
            Ok(Some(lexopt::Arg::Long("help") | lexopt::Arg::Short('h'))) => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            Ok(Some(lexopt::Arg::Value(value))) => dir = Some(PathBuf::from(value)),
            Ok(Some(other)) => {
                eprintln!("servescope-prerender: unexpected {}\n{USAGE}", other.unexpected());
                return ExitCode::from(2);
            }
            Ok(None) => break,
            Err(e) => {
                eprintln!("servescope-prerender: {e}\n{USAGE}");
                return ExitCode::from(2);
            }
        }
    }
    let Some(dir) = dir else {
        eprintln!("servescope-prerender: no site directory given and TRUNK_STAGING_DIR is not set\n{USAGE}");
        return ExitCode::from(2);
    };
    match finish_site(&dir, &|_| true) {
        Ok(said) => {
            println!("servescope-prerender: {said}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("servescope-prerender: {message}");
            ExitCode::from(1)
        }
    }
}
