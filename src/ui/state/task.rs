//! One owner for every kind of async work the page starts (a file's load, the manifest,
//! the studies a history reads, a file's source checks): starting a task supersedes the
//! one before it — its results are dropped (a generation) and its network reads stop (an
//! `AbortController` it was given is aborted), so a superseded download never runs to its end.
//!
//! `Once` is a slot whose task runs at most once for its owner (a study's per-request
//! tables), stopped for good when the owner leaves the page.
//!
//! The slot is generic over what stops the reads, so its rules are tested natively with a
//! stand-in that records its aborts (the page's is `BrowserAbort`).

use std::sync::{Arc, Mutex, PoisonError};

/// What stops a task's network reads: made when the task starts, aborted when it is superseded.
pub trait Abort: Send + 'static {
    /// What each fetch of the task is handed.
    type Signal: Clone + std::fmt::Debug;
    /// A new controller (`None` where the platform has none: the task still has its generation).
    fn make() -> Option<Self>
    where
        Self: Sized;
    /// The signal of this controller.
    fn signal(&self) -> Self::Signal;
    /// Stop every read given the signal.
    fn abort(&self);
}

/// The browser's `AbortController`.
#[cfg(target_arch = "wasm32")]
pub struct BrowserAbort(send_wrapper::SendWrapper<web_sys::AbortController>);

#[cfg(target_arch = "wasm32")]
impl Abort for BrowserAbort {
    type Signal = web_sys::AbortSignal;
    fn make() -> Option<Self> {
        // The browser is single-threaded: the controller never leaves the thread that made it.
        web_sys::AbortController::new().ok().map(|c| BrowserAbort(send_wrapper::SendWrapper::new(c)))
    }
    fn signal(&self) -> web_sys::AbortSignal {
        self.0.signal()
    }
    fn abort(&self) {
        self.0.abort();
    }
}

/// The page's task slot.
#[cfg(target_arch = "wasm32")]
pub type TaskSlot = Slot<BrowserAbort>;

/// A task the page started.
#[cfg(target_arch = "wasm32")]
pub type Ticket = Started<web_sys::AbortSignal>;

/// The slot of one kind of task: at most one is current.
pub struct Slot<A>(Arc<Mutex<Running<A>>>);

struct Running<A> {
    generation: u64,
    controller: Option<A>,
}

impl<A> Clone for Slot<A> {
    fn clone(&self) -> Self {
        Slot(Arc::clone(&self.0))
    }
}

impl<A> Default for Slot<A> {
    fn default() -> Self {
        Slot(Arc::new(Mutex::new(Running { generation: 0, controller: None })))
    }
}

/// A started task: its generation, and the signal that aborts its network reads.
#[derive(Clone, Debug)]
pub struct Started<S> {
    generation: u64,
    signal: Option<S>,
}

impl<S> Started<S> {
    /// The signal to hand every fetch of this task.
    pub fn signal(&self) -> Option<&S> {
        self.signal.as_ref()
    }
}

impl<A: Abort> Slot<A> {
    /// Start a task: the one before is aborted and its results are dropped from now on.
    pub fn begin(&self) -> Started<A::Signal> {
        let controller = A::make();
        let signal = controller.as_ref().map(A::signal);
        let (generation, superseded) = {
            let mut running = self.0.lock().unwrap_or_else(PoisonError::into_inner);
            running.generation += 1;
            (running.generation, std::mem::replace(&mut running.controller, controller))
        };
        // Aborted with the lock released: whatever the abort runs may start a task here.
        if let Some(superseded) = superseded {
            superseded.abort();
        }
        Started { generation, signal }
    }

    /// Whether `task` is the current one.
    pub fn is_current(&self, task: &Started<A::Signal>) -> bool {
        self.0.lock().unwrap_or_else(PoisonError::into_inner).generation == task.generation
    }

    /// Stop the current task, if any: abort it and drop what it would write.
    pub fn cancel(&self) {
        let current = {
            let mut running = self.0.lock().unwrap_or_else(PoisonError::into_inner);
            running.generation += 1;
            running.controller.take()
        };
        if let Some(current) = current {
            current.abort();
        }
    }
}

/// A task that runs at most once for what owns it (a study's per-request tables): the first
/// `start` begins it, later ones find it begun; `stop`, when its owner leaves the page, aborts
/// it for good. A slot underneath, so it is aborted and its results dropped by the same rules.
pub struct Once<A> {
    slot: Slot<A>,
    phase: Arc<Mutex<Phase>>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Phase {
    Idle,
    Begun,
    Stopped,
}

impl<A> Clone for Once<A> {
    fn clone(&self) -> Self {
        Once { slot: self.slot.clone(), phase: Arc::clone(&self.phase) }
    }
}

impl<A> Default for Once<A> {
    fn default() -> Self {
        Once { slot: Slot::default(), phase: Arc::new(Mutex::new(Phase::Idle)) }
    }
}

impl<A: Abort> Once<A> {
    /// Begin the task, if it never was and its owner is still here.
    pub fn start(&self) -> Option<Started<A::Signal>> {
        let mut phase = self.phase.lock().unwrap_or_else(PoisonError::into_inner);
        if *phase != Phase::Idle {
            return None;
        }
        *phase = Phase::Begun;
        drop(phase);
        Some(self.slot.begin())
    }

    /// Whether `task` still runs (not stopped).
    pub fn is_current(&self, task: &Started<A::Signal>) -> bool {
        self.slot.is_current(task)
    }

    /// Its owner left: abort the task and never begin it again.
    pub fn stop(&self) {
        *self.phase.lock().unwrap_or_else(PoisonError::into_inner) = Phase::Stopped;
        self.slot.cancel();
    }
}

/// A study's per-request table load in the page.
#[cfg(target_arch = "wasm32")]
pub type OnceTask = Once<BrowserAbort>;

#[cfg(test)]
#[path = "task_tests.rs"]
mod tests;
