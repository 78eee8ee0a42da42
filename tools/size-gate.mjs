// The size gate: fail when the release build in dist/ is larger than a budget in
// budgets.toml (gzip -9 bytes, as a static host sends it), naming the budget. A change that
// adds bytes past a budget raises it in the same commit, as a decision.
// Usage: node tools/size-gate.mjs [DIST]
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { inFirstDownload, isDeep, isImport, isLater } from './dist-parts.mjs';

const dist = process.argv[2] ?? 'dist';
const budgets = {};
for (const [n, line] of readFileSync('budgets.toml', 'utf8').split('\n').entries()) {
  const text = line.replace(/#.*/, '').trim();
  if (!text || text.startsWith('[')) continue;
  const m = text.match(/^([a-z_]+)\s*=\s*([0-9_]+)$/);
  if (!m) {
    console.error(`budgets.toml:${n + 1}: expected \`name = bytes\`, found \`${text}\``);
    process.exit(2);
  }
  budgets[m[1]] = Number(m[2].replaceAll('_', ''));
}
const all = readdirSync(dist).filter((f) => /\.(wasm|js|css|html)$/.test(f));
// The import module, the deep-link views and the chunks loaded when needed are not in the
// first download: each has a budget of its own.
const files = all.filter(inFirstDownload);
const gz = (f) => gzipSync(readFileSync(join(dist, f)), { level: 9 }).length;
const sum = (list) => list.reduce((s, f) => s + gz(f), 0);
const measured = {
  wasm_gzip: sum(files.filter((f) => f.endsWith('.wasm'))),
  app_gzip: sum(files),
  import_gzip: sum(all.filter(isImport)),
  deep_gzip: sum(all.filter(isDeep)),
  later_gzip: sum(all.filter(isLater)),
};
if (!files.some((f) => f.endsWith('.wasm'))) {
  console.error(`size gate: no .wasm in ${dist}; build the release site first`);
  process.exit(2);
}
let failed = false;
for (const [name, limit] of Object.entries(budgets)) {
  if (!(name in measured)) {
    console.error(`size gate: budgets.toml names \`${name}\`, which is not measured (known: ${Object.keys(measured).join(', ')})`);
    failed = true;
    continue;
  }
  const over = measured[name] > limit;
  console.log(`size gate: ${name} ${measured[name].toLocaleString('en')} bytes of ${limit.toLocaleString('en')} (${((100 * measured[name]) / limit).toFixed(1)} %)${over ? ' — OVER BUDGET' : ''}`);
  if (over) {
    console.error(`size gate: budget \`${name}\` in budgets.toml is ${limit} bytes; the build is ${measured[name]} (+${measured[name] - limit}). Cut, or raise the budget and say why in the commit.`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
