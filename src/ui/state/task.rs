//! One owner for every kind of async work the page starts (a file's load, the manifest,
//! the studies a history reads, a file's source checks): starting a task supersedes the
//! one before it — its results are dropped (a generation) and its network reads stop (an
//! `AbortController` it was given is aborted), so a superseded download never runs to its end.

use std::sync::{Arc, Mutex, PoisonError};

use send_wrapper::SendWrapper;
use web_sys::{AbortController, AbortSignal};

/// The slot of one kind of task: at most one is current.
#[derive(Clone, Default)]
pub struct TaskSlot(Arc<Mutex<Running>>);

#[derive(Default)]
struct Running {
    generation: u64,
    // The browser is single-threaded: the controller never leaves the thread that made it.
    controller: Option<SendWrapper<AbortController>>,
}

/// A started task: its generation, and the signal that aborts its network reads.
#[derive(Clone, Debug)]
pub struct Ticket {
    generation: u64,
    signal: Option<AbortSignal>,
}

impl Ticket {
    /// The signal to hand every fetch of this task.
    pub fn signal(&self) -> Option<&AbortSignal> {
        self.signal.as_ref()
    }
}

impl TaskSlot {
    /// Start a task: the one before is aborted and its results are dropped from now on.
    pub fn begin(&self) -> Ticket {
        let controller = AbortController::new().ok();
        let signal = controller.as_ref().map(AbortController::signal);
        let (generation, superseded) = {
            let mut running = self.0.lock().unwrap_or_else(PoisonError::into_inner);
            running.generation += 1;
            (running.generation, std::mem::replace(&mut running.controller, controller.map(SendWrapper::new)))
        };
        // Aborted with the lock released: whatever the abort runs may start a task here.
        if let Some(superseded) = superseded {
            superseded.abort();
        }
        Ticket { generation, signal }
    }

    /// Whether `ticket` is the current task's.
    pub fn is_current(&self, ticket: &Ticket) -> bool {
        self.0.lock().unwrap_or_else(PoisonError::into_inner).generation == ticket.generation
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
