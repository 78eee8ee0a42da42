//! The built site inside the command line, when the release that made it embedded one
//! (`SERVESCOPE_SITE` at build time, as `scripts/wheel.sh` sets it): what `servescope view`
//! serves and `servescope publish` publishes on when no `--site` is given.

use std::path::Path;

include!(concat!(env!("OUT_DIR"), "/embedded_site.rs"));

/// Whether this build carries a site.
pub fn has_site() -> bool {
    FILES.iter().any(|(name, _)| *name == "index.html")
}

/// Write the embedded site into `dir` (new or empty).
pub fn write_site(dir: &Path) -> Result<(), String> {
    for (name, bytes) in FILES {
        let path = dir.join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
        }
        std::fs::write(&path, bytes).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(())
}

/// What a command says when it needs a site and this build has none.
pub const NO_SITE: &str = "this servescope has no page built in (a build from a checkout): give --site DIST, a built dist/ (./scripts/serve.sh or scripts/wheel.sh builds one)";
