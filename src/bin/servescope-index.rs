//! `servescope-index`: the same as `servescope index` (`cli::index`), kept for scripts that name it.

use std::process::ExitCode;

fn main() -> ExitCode {
    servescope::cli::index::run(std::env::args_os().skip(1).collect())
}
