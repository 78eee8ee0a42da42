// Shared by the peer pages: fetch the results file the same way the app does (one fetch of
// the JSON named in ?data=), and turn it into the two charts' series. Nulls stay null.
export async function loadResults() {
  const url = new URLSearchParams(location.search).get('data') ?? '../data/qwen3.8-flash-next-mi350p-2026-10-30.json';
  const response = await fetch(url);
  return response.json();
}

export function decodeSeries(doc) {
  const label = (id) => doc.engines.find((e) => e.id === id)?.label ?? id;
  return (doc.decode?.rows ?? []).map((r) => ({ label: label(r.id), values: r.values }));
}

export function servingSeries(doc, metric) {
  const label = (id) => doc.engines.find((e) => e.id === id)?.label ?? id;
  const workload = doc.serving.workloads[0];
  return workload.rows.map((r) => ({ label: label(r.id), values: r.cells.map((c) => (c == null ? null : c[metric] ?? null)) }));
}

export const METRICS = ['out_tok_s', 'ttft_p99_ms'];
