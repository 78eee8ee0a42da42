// Importing a tool's output in the page: "Open file…" reads what vLLM wrote, asks for what
// the files do not say, opens the study with its sources verified here, and downloads the
// study — the same files the command line writes for the same files and answers — as one
// archive that verifies as published.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { downloadOf, open, start, submitImport } from './browser.mjs';

const DIR = 'tests/fixtures/import/vllm';
/** servescope-import's flags: the form names its own fields instead, never these. */
const FLAGS = /--(gpus|isl|osl|conc|rate|engine|label|title|date|model|hardware|split-by|same-run|from|checkpoint)\b/;
const FILES = ['c1.json', 'append.json'];
let browser;
before(async () => { browser = await start(); });
after(async () => { await browser?.close(); });

/** What servescope-import writes for these files and answers. */
function cliResults(dir = DIR, files = FILES, args = ['--title', 'vLLM import', '--engine', 'vllm', '--label', 'vLLM 0.14',
  '--gpus', '2', '--isl', '1024', '--osl', '1024']) {
  const out = mkdtempSync(join(tmpdir(), 'servescope-import-'));
  try {
    execFileSync(resolve('target/debug/servescope-import'), ['--out', out, ...args, ...files], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
    return readFileSync(join(out, 'results.json'));
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** The study archive the page downloads, opened with unzip: its results file, its files'
 * names, and what `servescope-verify --require-all` says of it. */
function unzipped(zip) {
  const dir = mkdtempSync(join(tmpdir(), 'servescope-zip-'));
  try {
    writeFileSync(join(dir, 'study.zip'), zip);
    execFileSync('unzip', ['-q', 'study.zip', '-d', 'study'], { cwd: dir });
    const results = readFileSync(join(dir, 'study', 'results.json'));
    const files = readdirSync(join(dir, 'study')).sort();
    const verdict = execFileSync(resolve('target/debug/servescope-verify'), [join(dir, 'study', 'results.json'), '--require-all']).toString();
    return { results, files, verdict };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('tool outputs picked in Open file… are read, asked about, opened verified, and download as the command line writes them', async () => {
  const expected = cliResults();
  const { page, problems } = await open(browser, '?view=serving');
  const warnings = [];
  page.on('console', (m) => { if (m.type() === 'warning') warnings.push(m.text()); });
  await page.waitForSelector('canvas.chart[data-points]');
  await page.click('button.open-file');
  await page.setInputFiles('.open-drawer input[type=file]', FILES.map((f) => join(DIR, f)));
  await page.waitForSelector('.import-form');
  // The import module starts without wasm-bindgen's warning about a deprecated init call.
  assert.deepEqual(warnings, []);
  const detected = await page.$$eval('.import-form .detected li', (li) => li.map((l) => l.textContent));
  assert.deepEqual(detected, ['append.json — vLLM bench serve (appended results, one per line), 3 runs (2 by concurrency, 1 by request rate)', 'c1.json — vLLM bench serve (a single result), 1 run by concurrency']);
  assert.match(await page.textContent('.import-form'), /do not record their nominal input and output lengths: give ISL and OSL/);
  // The fields the import needs are marked, as the form's key says; GPUs and the date may come from the files.
  const marked = await page.$$eval('.import-fields .field-name', (names) =>
    names.filter((n) => getComputedStyle(n, '::after').content === '" *"').map((n) => n.textContent));
  assert.deepEqual(marked, ['Title', 'Engine id', 'Label', 'ISL', 'OSL']);
  assert.equal(await page.textContent('.import-form .required-key'), '* required');
  // The engine id proposed is the tool's (history and compare match engines by id).
  assert.equal(await page.inputValue('input[name=engine]'), 'vllm');
  assert.equal(await page.getAttribute('input[name=gpus]', 'required'), null, 'the files may say');
  await submitImport(page, { title: 'vLLM import', engine: 'vllm', label: 'vLLM 0.14', gpus: '2', isl: '1024', osl: '1024' });
  await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'vLLM import');
  await page.waitForSelector('canvas.chart[data-points]');
  assert.equal(await page.getAttribute('canvas.chart', 'data-points'), '3');
  // Verified here, against the files picked: until they are downloaded, nothing is published.
  await page.waitForFunction(() => /verified in this browser — download the 4 files to publish/.test(document.querySelector('.badge')?.textContent ?? ''));
  assert.match(await page.textContent('.imported'), /Imported in this page from the tools' output/);
  // Object 3 of append.json was driven by request rate: a workload of its own, by rate.
  const workloads = await page.$$eval('.workload-picker option', (o) => o.map((x) => x.textContent));
  assert.deepEqual(workloads, ['ISL 1024 / OSL 1024', 'ISL 1024 / OSL 1024 · by request rate']);
  assert.equal(await page.textContent('.download-imported'), 'Download the study to publish (zip, 4 files)');
  const { name, bytes } = await downloadOf(page, () => page.click('.download-imported'));
  assert.equal(name, 'servescope-study.zip');
  // The archive is the folder servescope-import writes: it verifies as published.
  const study = unzipped(bytes);
  assert.ok(study.results.equals(expected), 'the page wrote the same bytes as servescope-import');
  assert.deepEqual(study.files, ['results.json', 'vllm-append.json', 'vllm-c1.json', 'vllm.cells.jsonl']);
  assert.match(study.verdict, /verdict: pass — valid with 0 warnings; 3 sources: 3 verified, 0 mismatched, 0 unavailable/);
  // Downloaded, the study is still this page's own, not published: never "all 3 sources
  // verified" as a published page says it (QA F17).
  await page.waitForFunction(() => /verified in this browser — downloaded; publish the 4 files to share it/.test(document.querySelector('.badge')?.textContent ?? ''));
  assert.doesNotMatch(await page.textContent('.badge'), /all \d+ sources verified/);
  assert.deepEqual((await problems()).pageErrors, []);
});

/** Pick files in Open file… and wait for the import form. */
async function pick(page, dir, files) {
  await page.waitForSelector('canvas.chart[data-points]');
  await page.click('button.open-file');
  await page.setInputFiles('.open-drawer input[type=file]', files.map((f) => join(dir, f)));
  await page.waitForSelector('.import-form');
}

test('an LLMPerf wrapper keyed by concurrency imports in the page to the bytes the command line writes', async () => {
  const dir = 'tests/fixtures/import/llmperf';
  const files = ['leaderboard-by-concurrency.json'];
  const expected = cliResults(dir, files, ['--title', 'LLMPerf import', '--engine', 'l', '--label', 'LLMPerf', '--gpus', '8']);
  const { page } = await open(browser, '?view=serving');
  await pick(page, dir, files);
  const detected = await page.$$eval('.import-form .detected li', (li) => li.map((l) => l.textContent));
  assert.deepEqual(detected, ['leaderboard-by-concurrency.json — LLMPerf (summaries keyed by concurrency), 3 runs by concurrency']);
  assert.equal(await page.inputValue('input[name=checkpoint]'), 'meta-llama/Llama-3.1-8B-Instruct', 'the checkpoint the file names');
  await page.fill('input[name=title]', 'LLMPerf import');
  await page.fill('input[name=engine]', 'l');
  await page.fill('input[name=label]', 'LLMPerf');
  await page.fill('input[name=gpus]', '8');
  await page.fill('input[name=checkpoint]', '');
  await page.click('.import-submit');
  await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'LLMPerf import');
  const { bytes } = await downloadOf(page, () => page.click('.download-imported'));
  assert.ok(unzipped(bytes).results.equals(expected), 'the page wrote the same bytes as servescope-import');
});

test('an llm-d Benchmark Report in YAML imports in the page to the bytes the command line writes', async () => {
  const dir = 'tests/fixtures/import/benchmark-report';
  const files = ['split-prefill-decode.yaml'];
  const expected = cliResults(dir, files, ['--title', 'llm-d import', '--engine', 'llmd', '--label', 'llm-d P/D']);
  const { page } = await open(browser, '?view=serving');
  await pick(page, dir, files);
  const detected = await page.$$eval('.import-form .detected li', (li) => li.map((l) => l.textContent));
  assert.deepEqual(detected, ['split-prefill-decode.yaml — llm-d Benchmark Report (version 0.2.1, one report per point), 1 run by request rate']);
  // The GPUs are the stack's: the form does not ask for them.
  assert.equal(await page.getAttribute('input[name=gpus]', 'required'), null);
  await page.fill('input[name=title]', 'llm-d import');
  await page.fill('input[name=engine]', 'llmd');
  await page.fill('input[name=label]', 'llm-d P/D');
  await page.click('.import-submit');
  await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'llm-d import');
  const { bytes } = await downloadOf(page, () => page.click('.download-imported'));
  const study = unzipped(bytes);
  assert.ok(study.results.equals(expected), 'the page wrote the same bytes as servescope-import');
  assert.match(study.verdict, /verdict: pass — valid with 0 warnings; 2 sources: 2 verified/);
});

test('files of three models are refused as one engine until confirmed, and refusals use the form\'s words', async () => {
  const { page } = await open(browser, '?view=serving');
  await pick(page, 'tests/fixtures/import/vllm/models', ['opt.json', 'glm.json', 'gpt-oss.json']);
  assert.match(await page.textContent('.import-form .mixed-models'), /3 different models \(zai-org\/GLM-4\.7, openai\/gpt-oss-120b, facebook\/opt-125m\)/);
  assert.equal(await page.inputValue('input[name=checkpoint]'), '', 'no checkpoint is picked among three');
  await page.fill('input[name=title]', 'Three models');
  await page.fill('input[name=label]', 'vLLM');
  await page.fill('input[name=gpus]', '1');
  await page.fill('input[name=isl]', '1024');
  await page.fill('input[name=osl]', '1024');
  await page.click('.import-submit');
  await page.waitForSelector('.import-form .refused[role=alert]');
  assert.match(await page.textContent('.import-form .refused[role=alert]'), /tick “one engine” to import them together/);
  await page.check('input[name=one-engine]');
  await page.click('.import-submit');
  await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Three models');
  assert.match(await page.textContent('.import-warnings'), /its files name 3 different models/);

  // A tool's file that records no load, and one with no date: said in the form's words.
  const second = await open(browser, '?view=serving');
  await pick(second.page, 'tests/fixtures/import', ['aiperf/june-2025/profile_export_aiperf.json']);
  const refusal = await second.page.textContent('.import-form .detected li.refused');
  assert.match(refusal, /AIPerf \(keyed by display name, June 2025\) records no concurrency or request rate for its runs/);
  assert.match(refusal, /give it \(the Concurrency field\)/);
  assert.doesNotMatch(refusal, /--conc N|servescope-import/);
  const third = await open(browser, '?view=serving');
  await pick(third.page, 'tests/fixtures/import/sglang', ['v04-rate.jsonl']);
  assert.match(await third.page.textContent('.import-form .detected'), /SGLang bench_serving \(result lines\), 4 runs \(1 by concurrency, 3 by request rate\)/);
  await third.page.fill('input[name=title]', 'SGLang 0.4');
  await third.page.fill('input[name=label]', 'SGLang');
  // No GPUs given: its server_info says 1. No date anywhere: dated today, said in the
  // form's words.
  await third.page.click('.import-submit');
  await third.page.waitForFunction(() => document.querySelector('h1')?.textContent === 'SGLang 0.4');
  const today = new Date().toISOString().slice(0, 10);
  const said = await third.page.textContent('.import-warnings');
  assert.ok(said.includes(`the study is dated ${today}, the day of the import; give the run's own date (the Date field, YYYY-MM-DD)`), said);
  assert.doesNotMatch(said, FLAGS);
  assert.match(said, /the study names no hardware \(its page says "hardware not stated"\): give it \(the Hardware field\)/);
});

test('a picked file no tool wrote is left out with a note, and the others import', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'servescope-pick-'));
  try {
    writeFileSync(join(dir, 'notes.json'), '{"hello": 1}');
    writeFileSync(join(dir, 'c1.json'), readFileSync(join(DIR, 'c1.json')));
    const { page } = await open(browser, '?view=serving');
    await pick(page, dir, ['c1.json', 'notes.json']);
    assert.match(await page.textContent('.import-form .detected li.refused'), /notes\.json/);
    await submitImport(page, { title: 'One of two', label: 'vLLM', isl: '1024', osl: '1024' });
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'One of two');
    assert.match(await page.textContent('.import-warnings'), /notes\.json: not imported: /);
    assert.equal(await page.textContent('.download-imported'), 'Download the study to publish (zip, 3 files)');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the form asks what the messages ask for: a concurrency where the file records none, one engine per value of a label', async () => {
  // June 2025 AIPerf records no load: the form asks for it, and with it the file imports.
  const { page } = await open(browser, '?view=serving');
  await pick(page, 'tests/fixtures/import/aiperf/june-2025', ['profile_export_aiperf.json']);
  await page.waitForSelector('.import-form .needs-load input[name=conc]');
  assert.match(await page.textContent('.import-form .detected'), /give it \(the Concurrency field\)/);
  assert.doesNotMatch(await page.textContent('.import-form'), /servescope-import|--conc/);
  await page.fill('input[name=conc]', '8');
  await submitImport(page, { title: 'June', label: 'AIPerf', gpus: '1', date: '2025-06-20' });
  await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'June');
  assert.match(await page.textContent('.import-warnings'), /placed at c8, the concurrency given by the Concurrency field \(the publisher's word, not the file's\)/);
  assert.doesNotMatch(await page.textContent('.import-warnings'), FLAGS);
  // vLLM runs that differ in a --metadata label: refused together, split when the reader says.
  const second = await open(browser, '?view=serving');
  await pick(second.page, 'tests/fixtures/import/vllm', ['deployments.json']);
  const options = await second.page.$$eval('select[name=split-by] option', (o) => o.map((x) => x.value));
  assert.deepEqual(options, ['', 'deployment']);
  await submitImport(second.page, { title: 'Deployments', engine: 'v', label: 'vLLM', gpus: '1' });
  await second.page.waitForSelector('.import-form .refused[role=alert]');
  assert.match(await second.page.textContent('.import-form .refused[role=alert]'), /choose deployment under “One engine per”/);
  assert.doesNotMatch(await second.page.textContent('.import-form'), FLAGS);
  await second.page.selectOption('select[name=split-by]', 'deployment');
  await second.page.click('.import-submit');
  await second.page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Deployments');
  const chips = await second.page.$$eval('.chip .chip-label', (c) => c.map((x) => x.textContent));
  assert.deepEqual(chips, ['vLLM base', 'vLLM kvcache', 'vLLM no-features']);
});

test('a per-request export too large for the page is refused before it is read, naming the command that imports it', async () => {
  const { page } = await open(browser, '?view=serving');
  await page.waitForSelector('canvas.chart[data-points]');
  await page.click('button.open-file');
  // 65 MiB of a per-request JSONL: over the page's 64 MiB limit (written to a file: the
  // browser driver passes no buffer over 50 MB).
  const dir = mkdtempSync(join(tmpdir(), 'servescope-large-'));
  const file = join(dir, 'profile_export.jsonl');
  writeFileSync(file, Buffer.alloc(65 * 1024 * 1024, '{"metadata":{},"metrics":{}}\n'));
  try {
    await page.setInputFiles('.open-drawer input[type=file]', [file]);
    await page.waitForSelector('.error-panel');
    const text = await page.textContent('.error-panel');
    assert.match(text, /profile_export\.jsonl/);
    assert.match(text, /the file is 65\.0 MiB, over the 64 MiB limit; it was not read/);
    assert.match(text, /servescope-import --out DIR --engine ID --gpus N profile_export\.jsonl/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
