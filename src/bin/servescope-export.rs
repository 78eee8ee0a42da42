//! `servescope-export`: the same as `servescope export` (`cli::export`), kept for scripts that name it.

use std::process::ExitCode;

fn main() -> ExitCode {
    servescope::cli::export::run(std::env::args_os().skip(1).collect())
}
