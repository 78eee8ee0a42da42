//! The shell: the app, its top bar and drawers, the embed heading and the router — the only
//! layer that knows every view.

pub mod app;
mod drawers;
mod embed;
mod lazy;
mod router;
mod topbar;
