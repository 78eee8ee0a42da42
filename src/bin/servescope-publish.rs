//! `servescope-publish`: the same as `servescope publish` (`cli::publish`), kept for scripts that name it.

use std::process::ExitCode;

fn main() -> ExitCode {
    servescope::cli::publish::run(std::env::args_os().skip(1).collect())
}
