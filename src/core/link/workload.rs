//! Which workload a link names: its `workload=` key read against a file's workloads, and
//! the key a workload is linked by. The link's side of the workload, so views, series and
//! captions ask the link and the link needs no series.

use super::WorkloadKey;
use crate::core::study::model::{LoadAxis, Results, Workload};

/// A file's workloads as a picker lists them: `(key, name)`, in file order; a name says what the
/// requests measured where it is far from the nominal lengths (`Workload::measured_name`).
pub fn workload_options(results: &Results) -> Vec<(String, String)> {
    results.serving().into_iter().flat_map(|s| &s.workloads).map(|w| (w.key(), w.measured_name())).collect()
}

/// The "Relative to" picker's choices: values as measured (`""`), then each engine by id.
pub fn relative_options(results: &Results) -> Vec<(String, String)> {
    let mut options = vec![(String::new(), "— (values as measured)".to_owned())];
    options.extend(results.engines().iter().map(|e| (e.id.clone(), e.label.clone())));
    options
}

/// The workload a view shows: the link's, else the first in file order.
pub fn chosen_workload(results: &Results, workload: Option<WorkloadKey>) -> Option<&Workload> {
    let workloads = &results.serving()?.workloads;
    workload.and_then(|key| find_by_key(workloads, key)).or_else(|| workloads.first())
}

/// The workload a key names: the same lengths and axis; a key without an axis also
/// takes the only workload of those lengths.
pub fn find_by_key(workloads: &[Workload], key: WorkloadKey) -> Option<&Workload> {
    let same = |w: &&Workload| w.isl == key.isl && w.osl == key.osl;
    workloads.iter().filter(same).find(|w| w.load == key.load).or_else(|| {
        let mut by_lengths = workloads.iter().filter(same);
        by_lengths.next().filter(|_| key.load == LoadAxis::Concurrency && by_lengths.next().is_none())
    })
}

/// A workload's link token.
pub fn workload_key(workload: &Workload) -> WorkloadKey {
    WorkloadKey { isl: workload.isl, osl: workload.osl, load: workload.load }
}
