//! The files a study's cells cite, one of each per engine: its sweep (every cell's
//! unrounded figures, a line per trial, the tool's line it came from named) and its
//! per-request table (schema 1.3, `core::measures::requests`), each listed with its sha256.

use super::cells::{sweep_lines, Placed};
use super::doc::{RequestsDoc, SourceDoc};
use crate::core::import::given::{sweep_name, WrittenFile};
use crate::core::import::Load;
use crate::core::measures::requests::{gzip, table_name, table_text, CellRequests, RequestTable, TableCell};
use crate::core::provenance::sha256_hex;
use crate::core::study::model::LoadAxis;

/// An engine's cells in the order their files list them: by workload, load axis and level.
fn cells_of(placed: &[Placed], g: usize) -> Vec<&Placed> {
    let mut mine: Vec<&Placed> = placed.iter().filter(|p| p.engine == g).collect();
    mine.sort_by(|a, b| a.key.cmp(&b.key).then(a.load.axis().cmp(&b.load.axis())).then(a.load.level().total_cmp(&b.load.level())));
    mine
}

/// One sweep per engine that has cells.
pub(in crate::core::import) fn sweeps(ids: &[String], placed: &[Placed]) -> (Vec<WrittenFile>, Vec<SourceDoc>) {
    let (mut files, mut sources) = (Vec::new(), Vec::new());
    for (g, id) in ids.iter().enumerate() {
        let text: String = cells_of(placed, g).iter().flat_map(|p| sweep_lines(p)).map(|l| l + "\n").collect();
        if !text.is_empty() {
            let name = sweep_name(id);
            sources.push(SourceDoc { file: name.clone(), original_path: None, sha256: sha256_hex(text.as_bytes()) });
            files.push(WrittenFile { name, bytes: text.into_bytes() });
        }
    }
    (files, sources)
}

/// The workload token a placed cell's requests name (`1024x1024`, `1024x256-rate`).
fn workload_token(p: &Placed) -> String {
    let (isl, osl) = p.key;
    match p.load.axis() {
        LoadAxis::Concurrency => format!("{isl}x{osl}"),
        LoadAxis::Rate => format!("{isl}x{osl}-rate"),
    }
}

/// One per-request table per engine whose cells have requests, gzip-compressed; the sha256
/// listed is the compressed file's, the bytes a reader downloads.
pub(in crate::core::import) fn request_tables(ids: &[String], placed: &[Placed]) -> (Vec<WrittenFile>, Vec<SourceDoc>, Vec<RequestsDoc>) {
    let (mut files, mut sources, mut docs) = (Vec::new(), Vec::new(), Vec::new());
    for (g, id) in ids.iter().enumerate() {
        let cells: Vec<TableCell<'_>> = cells_of(placed, g)
            .into_iter()
            .flat_map(|p| {
                p.requests.iter().map(move |r| TableCell {
                    workload: workload_token(p),
                    level: p.load.level(),
                    trial: if p.has_trials() { r.trial } else { None },
                    requests: &r.requests.list,
                })
            })
            .collect();
        if cells.is_empty() {
            continue;
        }
        let name = table_name(id);
        let bytes = gzip(table_text(&cells).as_bytes());
        sources.push(SourceDoc { file: name.clone(), original_path: None, sha256: sha256_hex(&bytes) });
        files.push(WrittenFile { name: name.clone(), bytes });
        docs.push(RequestsDoc { id: id.clone(), file: name });
    }
    (files, sources, docs)
}

/// Derive a run's request rows again from the tool's per-request file it names (`file`, at
/// `entry`): the same importer, the same table writer and reader, so the rows compare
/// exactly with the table's. `line` is the run's sweep line (its cell's key and load).
pub fn rederive_requests(file: &str, bytes: &[u8], entry: &str, line: &str) -> Result<CellRequests, String> {
    let Ok(serde_json::Value::Object(line)) = serde_json::from_str::<serde_json::Value>(line) else {
        return Err("the sweep line is not a JSON object".into());
    };
    let number = |key: &str| line.get(key).and_then(serde_json::Value::as_f64);
    let (Some(isl), Some(osl)) = (number("isl"), number("osl")) else { return Err("the sweep line lacks isl or osl".into()) };
    let (workload, level, given) = match (number("rate_rps"), number("conc")) {
        (Some(rate), _) => (format!("{isl}x{osl}-rate"), rate, Load::Rate(rate)),
        (None, Some(conc)) => (format!("{isl}x{osl}"), conc, Load::Conc(conc as u32)),
        _ => return Err("the sweep line has no conc or rate_rps".into()),
    };
    let tool = super::cells::read_as(&line)?;
    let imported = crate::core::import::import_file_with(file, bytes, tool, Some(given))
        .map_err(|e| format!("its per-request file does not import again: {e}"))?;
    let run = imported.runs.iter().find(|r| r.entry == entry).ok_or_else(|| format!("{file} has no run `{entry}` any more"))?;
    let requests = run.requests.as_ref().ok_or_else(|| format!("{file} {entry} holds no requests any more").trim().to_owned())?;
    let trial = number("trial").map(|t| t as u32);
    let text = table_text(&[TableCell { workload, level, trial, requests: &requests.list }]);
    let table = RequestTable::parse(text.as_bytes()).map_err(|p| p.first().map(|p| p.message.clone()).unwrap_or_default())?;
    table.cells.into_iter().next().ok_or_else(|| format!("{file} {entry} holds no requests").trim().to_owned())
}
