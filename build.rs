//! The app's wasm keeps its relocations: the split step (`tools/split.mjs`) needs them to cut
//! the lazily loaded views out of the main module.

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    if std::env::var("TARGET").as_deref() == Ok("wasm32-unknown-unknown") {
        println!("cargo::rustc-link-arg-bin=servescope=--emit-relocs");
    }
}
