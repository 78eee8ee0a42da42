//! `servescope-import`: the same as `servescope import` (`cli::import`), kept for scripts that name it.

use std::process::ExitCode;

fn main() -> ExitCode {
    servescope::cli::import::run(std::env::args_os().skip(1).collect())
}
