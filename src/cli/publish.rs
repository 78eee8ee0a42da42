//! servescope-publish: a built site and a folder of studies in, a folder any static host
//! serves out — no wasm toolchain needed.

use std::path::PathBuf;
use std::process::ExitCode;

use servescope::site::publish;

const USAGE: &str = "\
usage: servescope-publish DATA_DIR --site DIST --out PUBLIC

Publish the studies under DATA_DIR (one folder per study, as servescope-import --out writes
them) on the built site DIST (trunk build --release's dist/, left unchanged) into PUBLIC:
each study checked as servescope-verify --require-all checks it (nothing is written unless
every one passes), DIST copied without its own data, the studies copied into PUBLIC/data/
and listed in PUBLIC/data/index.json, the landing view (one study's overview, several
studies' catalog) and a single study's deep views pre-rendered, the page's policy hashed
and the precompressed copies written. PUBLIC must be new, empty or an earlier output.
Upload PUBLIC to any static host.
Exit 0: published; 1: a study did not pass, or a folder cannot be used; 2: bad usage.";

struct Args {
    data: PathBuf,
    site: PathBuf,
    out: PathBuf,
}

fn parse_args() -> Result<Option<Args>, String> {
    use lexopt::prelude::*;
    let (mut data, mut site, mut out) = (None, None, None);
    let mut parser = lexopt::Parser::from_env();
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
        (Some(data), Some(site), Some(out)) => Ok(Some(Args { data, site, out })),
        (None, _, _) => Err("no DATA_DIR given".to_owned()),
        (_, None, _) => Err("no --site given (the built site, such as dist/)".to_owned()),
        (_, _, None) => Err("no --out given (the folder to write)".to_owned()),
    }
}

fn main() -> ExitCode {
    let args = match parse_args() {
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
    match publish(&args.data, &args.site, &args.out) {
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
