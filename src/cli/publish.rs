//! servescope-publish: a built site and a folder of studies in, a folder any static host
//! serves out — no wasm toolchain needed.

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;

use crate::site::embedded::{has_site, write_site, NO_SITE};
use crate::site::publish;

const USAGE: &str = "\
usage: servescope-publish DATA_DIR [--site DIST] --out PUBLIC   (also: servescope publish)

Publish the studies under DATA_DIR (one folder per study, as servescope-import --out writes
them) on the built site DIST (trunk build --release's dist/, left unchanged; without --site,
the page built into this servescope, when it has one: an installed wheel does) into PUBLIC:
each study checked as servescope-verify --require-all checks it (nothing is written unless
every one passes), DIST copied without its own data, the studies copied into PUBLIC/data/
and listed in PUBLIC/data/index.json, the landing view (one study's overview, several
studies' catalog) and a single study's deep views pre-rendered, the page's policy hashed
and the precompressed copies written. PUBLIC must be new, empty or an earlier output.
Upload PUBLIC to any static host.
Exit 0: published; 1: a study did not pass, or a folder cannot be used; 2: bad usage.";

struct Args {
    data: PathBuf,
    site: Option<PathBuf>,
    out: PathBuf,
}

fn parse_args(args: Vec<OsString>) -> Result<Option<Args>, String> {
    use lexopt::prelude::*;
    let (mut data, mut site, mut out) = (None, None, None);
    let mut parser = lexopt::Parser::from_args(args);
    while let Some(arg) = parser.next().map_err(|e| e.to_string())? {
        match arg {
            Short('h') | Long("help") => return Ok(None),
            Long("site") => site = Some(PathBuf::from(parser.value().map_err(|e| e.to_string())?)),
            Long("out") => out = Some(PathBuf::from(parser.value().map_err(|e| e.to_string())?)),
            Value(value) if data.is_none() => data = Some(PathBuf::from(value)),
            other => return Err(other.unexpected().to_string()),
        }
    }
    match (data, site, out) {
        (Some(data), site, Some(out)) => Ok(Some(Args { data, site, out })),
        (None, _, _) => Err("no DATA_DIR given".to_owned()),
        (_, _, None) => Err("no --out given (the folder to write)".to_owned()),
    }
}

/// `servescope publish` (and `servescope-publish`): `args` after the command's name.
pub fn run(args: Vec<OsString>) -> ExitCode {
    let args = match parse_args(args) {
        Ok(Some(args)) => args,
        Ok(None) => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("servescope-publish: {e}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let embedded = match &args.site {
        Some(_) => None,
        None if has_site() => match unpacked_site() {
            Ok(dir) => Some(dir),
            Err(e) => {
                eprintln!("servescope-publish: {e}");
                return ExitCode::from(1);
            }
        },
        None => {
            eprintln!("servescope-publish: {NO_SITE}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let site = args.site.clone().or_else(|| embedded.clone()).unwrap_or_default();
    let published = publish(&args.data, &site, &args.out);
    if let Some(dir) = embedded {
        let _ = std::fs::remove_dir_all(dir);
    }
    match published {
        Ok(lines) => {
            for line in lines {
                println!("{line}");
            }
            ExitCode::SUCCESS
        }
        Err(lines) => {
            for line in lines {
                eprintln!("servescope-publish: {line}");
            }
            ExitCode::from(1)
        }
    }
}

/// The page built into this servescope, written into a fresh temporary folder.
pub(crate) fn unpacked_site() -> Result<PathBuf, String> {
    let dir = std::env::temp_dir().join(format!("servescope-site-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    write_site(&dir)?;
    Ok(dir)
}
