//! Content drawn after the rest of a view's first frame: a large table waits for the chart
//! above it to be drawn and painted first.

use leptos::prelude::*;

/// Its children, from the next animation frame on.
#[component]
pub fn AfterFirstPaint(
    /// What to draw.
    children: ChildrenFn,
) -> impl IntoView {
    let ready = RwSignal::new(false);
    // After this frame's layout, resize observers (which size and draw the chart) and
    // paint: a task queued from the frame callback runs once the frame is done.
    request_animation_frame(move || set_timeout(move || ready.set(true), std::time::Duration::ZERO));
    move || ready.get().then(|| children())
}
