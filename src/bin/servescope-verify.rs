//! `servescope-verify`: the same as `servescope verify` (`cli::verify`), kept for scripts that name it.

use std::process::ExitCode;

fn main() -> ExitCode {
    servescope::cli::verify::run(std::env::args_os().skip(1).collect())
}
