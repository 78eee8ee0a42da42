//! The command line (native only): `servescope SUBCOMMAND …`, one command for what the
//! benchmark runner and the publisher do — import tool outputs, verify a study, publish
//! studies on the page, export Benchmark Reports, write a collection's manifest, and view
//! results in the page served locally. Each subcommand is also its own binary
//! (`servescope-import` …), the same code with the same flags, words and exit codes.

pub mod export;
pub mod import;
pub mod index;
pub mod publish;
pub mod serve;
pub mod verify;
pub mod view;

use std::ffi::OsString;
use std::process::ExitCode;

/// A subcommand's entry: it takes the arguments after its name.
pub type Run = fn(Vec<OsString>) -> ExitCode;

/// The subcommands: name, what it does, and the function that runs it.
pub const SUBCOMMANDS: [(&str, &str, Run); 6] = [
    ("view", "Serve results in the page on this machine and open it", view::run),
    ("import", "Turn tool outputs into a study", import::run),
    ("verify", "Check a study and every source behind it", verify::run),
    ("publish", "Write studies and the page into a folder any host serves", publish::run),
    ("export", "Write a study as llm-d Benchmark Reports", export::run),
    ("index", "Write or check a collection's manifest", index::run),
];

/// `servescope --help`.
pub fn usage() -> String {
    let commands: String = SUBCOMMANDS.iter().map(|(name, what, _)| format!("  {name:<8} {what}\n")).collect();
    format!(
        "servescope {}: LLM-serving benchmark results, checked and charted.

usage: servescope COMMAND [ARGS…]   (servescope COMMAND --help for its own)

Commands:
{commands}
Exit 0: done; 1: a file or study did not pass, or cannot be used; 2: bad usage.",
        env!("CARGO_PKG_VERSION")
    )
}

/// `servescope` with the process's arguments.
pub fn main() -> ExitCode {
    let mut args = std::env::args_os().skip(1);
    let Some(first) = args.next() else {
        eprintln!("servescope: a command is needed\n\n{}", usage());
        return ExitCode::from(2);
    };
    match first.to_str() {
        Some("-h" | "--help" | "help") => {
            println!("{}", usage());
            ExitCode::SUCCESS
        }
        Some("-V" | "--version") => {
            println!("servescope {}", env!("CARGO_PKG_VERSION"));
            ExitCode::SUCCESS
        }
        Some(name) => match SUBCOMMANDS.iter().find(|(n, _, _)| *n == name) {
            Some((_, _, run)) => run(args.collect()),
            None => {
                let names: Vec<&str> = SUBCOMMANDS.iter().map(|(n, _, _)| *n).collect();
                eprintln!("servescope: no command `{name}` (the commands: {})\n\n{}", names.join(", "), usage());
                ExitCode::from(2)
            }
        },
        None => {
            eprintln!("servescope: the command is not UTF-8\n\n{}", usage());
            ExitCode::from(2)
        }
    }
}
