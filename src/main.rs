//! `servescope`: in the browser, the page (trunk builds this binary to wasm and `main`
//! mounts the app); natively, the command line (`cli`: `servescope view`, `import`, …).

#[cfg(target_arch = "wasm32")]
fn main() {
    console_error_panic_hook::set_once();
    servescope::ui::mount();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    servescope::cli::main()
}
