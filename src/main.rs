//! The browser entry point: trunk builds this binary to wasm and `main` mounts the app.

#[cfg(target_arch = "wasm32")]
fn main() {
    console_error_panic_hook::set_once();
    servescope::ui::mount();
}

/// Natively there is no page to mount; say how to get one instead of doing nothing silently.
#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("servescope is a web app: build it with `trunk build --release` (see README.md).");
    std::process::exit(2);
}
