//! The slot's rules, with a stand-in controller that records what was aborted.

use std::cell::RefCell;

use super::{Abort, Once, Slot};

thread_local! {
    /// Controllers made on this thread, in order, and whether each was aborted.
    static MADE: RefCell<Vec<bool>> = const { RefCell::new(Vec::new()) };
    /// The slot a stand-in's abort looks at (to see the lock is released), if any.
    static WATCHED: RefCell<Option<Slot<Recorder>>> = const { RefCell::new(None) };
    /// For each abort, whether the watched slot's lock could be taken while it ran.
    static LOCK_FREE: RefCell<Vec<bool>> = const { RefCell::new(Vec::new()) };
    /// Whether `make` hands out controllers (a platform without them hands out none).
    static PLATFORM_HAS_CONTROLLERS: RefCell<bool> = const { RefCell::new(true) };
}

/// A controller numbered by the order it was made; its signal is that number.
struct Recorder(usize);

impl Abort for Recorder {
    type Signal = usize;
    fn make() -> Option<Self> {
        if !PLATFORM_HAS_CONTROLLERS.with_borrow(|has| *has) {
            return None;
        }
        Some(Recorder(MADE.with_borrow_mut(|made| {
            made.push(false);
            made.len() - 1
        })))
    }
    fn signal(&self) -> usize {
        self.0
    }
    fn abort(&self) {
        MADE.with_borrow_mut(|made| {
            assert!(!made[self.0], "controller {} aborted twice", self.0);
            made[self.0] = true;
        });
        let free = WATCHED.with_borrow(|slot| slot.as_ref().map(|slot| slot.0.try_lock().is_ok()));
        if let Some(free) = free {
            LOCK_FREE.with_borrow_mut(|seen| seen.push(free));
        }
    }
}

/// A new slot, with this thread's records cleared (each test starts from nothing).
fn fresh_slot() -> Slot<Recorder> {
    MADE.with_borrow_mut(Vec::clear);
    WATCHED.with_borrow_mut(|watched| *watched = None);
    LOCK_FREE.with_borrow_mut(Vec::clear);
    PLATFORM_HAS_CONTROLLERS.with_borrow_mut(|has| *has = true);
    Slot::default()
}

fn aborted() -> Vec<bool> {
    MADE.with_borrow(Clone::clone)
}

#[test]
fn a_new_task_supersedes_the_one_before_and_aborts_it_once() {
    let slot = fresh_slot();
    let first = slot.begin();
    assert_eq!(first.signal(), Some(&0));
    assert!(slot.is_current(&first));
    assert_eq!(aborted(), [false]);

    let second = slot.begin();
    assert_eq!(second.signal(), Some(&1));
    assert!(!slot.is_current(&first), "a superseded task's results must be dropped");
    assert!(slot.is_current(&second));
    assert_eq!(aborted(), [true, false], "the first task's reads stop, the second's go on");

    let third = slot.begin();
    assert_eq!(aborted(), [true, true, false], "each task is aborted once, when superseded");
    assert!(slot.is_current(&third) && !slot.is_current(&second));
}

#[test]
fn cancel_aborts_the_current_task_and_makes_it_stale() {
    let slot = fresh_slot();
    let task = slot.begin();
    slot.cancel();
    assert!(!slot.is_current(&task));
    assert_eq!(aborted(), [true]);
    slot.cancel();
    assert_eq!(aborted(), [true], "nothing is running: a second cancel aborts nothing");

    let next = slot.begin();
    assert!(slot.is_current(&next), "a task started after a cancel is current");
    assert_eq!(aborted(), [true, false], "and the cancelled one is not aborted again");
}

#[test]
fn clones_share_one_slot() {
    let slot = fresh_slot();
    let other = slot.clone();
    let task = slot.begin();
    assert!(other.is_current(&task));
    let _newer = other.begin();
    assert!(!slot.is_current(&task));
    assert_eq!(aborted(), [true, false]);
}

#[test]
fn aborts_run_with_the_lock_released() {
    let slot = fresh_slot();
    WATCHED.with_borrow_mut(|watched| *watched = Some(slot.clone()));
    slot.begin();
    slot.begin();
    slot.cancel();
    assert_eq!(
        LOCK_FREE.with_borrow(Clone::clone),
        [true, true],
        "an abort's handlers may start a task in the same slot: the lock must be free while it runs"
    );
}

#[test]
fn without_controllers_a_task_still_has_its_generation() {
    let slot = fresh_slot();
    PLATFORM_HAS_CONTROLLERS.with_borrow_mut(|has| *has = false);
    let first = slot.begin();
    assert_eq!(first.signal(), None);
    let second = slot.begin();
    assert!(!slot.is_current(&first));
    assert!(slot.is_current(&second));
    slot.cancel();
    assert!(!slot.is_current(&second));
    assert!(aborted().is_empty(), "no controller was made, so none was aborted");
}

#[test]
fn a_once_task_begins_once_and_its_owner_leaving_aborts_it_for_good() {
    let _ = fresh_slot();
    let tables: Once<Recorder> = Once::default();
    let task = tables.start().expect("the first start begins it");
    assert!(tables.start().is_none(), "a second view asking finds it begun: one download");
    assert!(tables.clone().start().is_none(), "clones share the task");
    assert_eq!(aborted(), [false]);
    assert!(tables.is_current(&task));
    tables.stop();
    assert_eq!(aborted(), [true], "the study left the page: its download stops");
    assert!(!tables.is_current(&task), "and whatever it would still write is dropped");
    assert!(tables.start().is_none(), "a stopped task never begins again");
    assert_eq!(aborted(), [true]);
}

#[test]
fn a_once_task_stopped_before_it_began_never_begins() {
    let _ = fresh_slot();
    let tables: Once<Recorder> = Once::default();
    tables.stop();
    assert!(tables.start().is_none());
    assert!(aborted().is_empty(), "nothing began, nothing was aborted");
}
