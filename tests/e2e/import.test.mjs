// Importing a tool's output in the page: "Open file…" reads what vLLM wrote, asks for what
// the files do not say, opens the study with its sources verified here, and downloads the
// same results file the command line writes for the same files and answers.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { downloadOf, open, start } from './browser.mjs';

const DIR = 'tests/fixtures/import/vllm';
const FILES = ['c1.json', 'append.json'];
let browser;
before(async () => { browser = await start(); });
after(async () => { await browser?.close(); });

/** What servescope-import writes for these files and answers. */
function cliResults() {
  const out = mkdtempSync(join(tmpdir(), 'servescope-import-'));
  try {
    execFileSync(resolve('target/debug/servescope-import'), ['--out', out, '--title', 'vLLM import', '--engine', 'vllm', '--label', 'vLLM 0.14',
      '--gpus', '2', '--isl', '1024', '--osl', '1024', ...FILES], { cwd: DIR, stdio: ['ignore', 'ignore', 'pipe'] });
    return readFileSync(join(out, 'results.json'));
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

test('tool outputs picked in Open file… are read, asked about, opened verified, and download as the command line writes them', async () => {
  const expected = cliResults();
  const { page, problems } = await open(browser, '?view=serving');
  await page.waitForSelector('canvas.chart[data-points]');
  await page.click('button.open-file');
  await page.setInputFiles('.open-drawer input[type=file]', FILES.map((f) => join(DIR, f)));
  await page.waitForSelector('.import-form');
  const detected = await page.$$eval('.import-form .detected li', (li) => li.map((l) => l.textContent));
  assert.deepEqual(detected, ['append.json — vLLM bench serve, 3 runs (2 by concurrency, 1 by request rate)', 'c1.json — vLLM bench serve, 1 run by concurrency']);
  assert.match(await page.textContent('.import-form'), /do not record their nominal input and output lengths: give ISL and OSL/);
  await page.fill('input[name=title]', 'vLLM import');
  await page.fill('input[name=engine]', 'vllm');
  await page.fill('input[name=label]', 'vLLM 0.14');
  await page.fill('input[name=gpus]', '2');
  await page.fill('input[name=isl]', '1024');
  await page.fill('input[name=osl]', '1024');
  await page.click('.import-submit');
  await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'vLLM import');
  await page.waitForSelector('canvas.chart[data-points]');
  assert.equal(await page.getAttribute('canvas.chart', 'data-points'), '3');
  await page.waitForFunction(() => /all 3 sources verified/.test(document.querySelector('.badge')?.textContent ?? ''));
  assert.match(await page.textContent('.imported'), /Imported in this page from the tools' output/);
  // Object 3 of append.json was driven by request rate: a workload of its own, by rate.
  const workloads = await page.$$eval('.workload-picker option', (o) => o.map((x) => x.textContent));
  assert.deepEqual(workloads, ['ISL 1024 / OSL 1024', 'ISL 1024 / OSL 1024 · by request rate']);
  const { name, bytes } = await downloadOf(page, () => page.click('.download-imported'));
  assert.equal(name, 'results.json');
  assert.ok(bytes.equals(expected), 'the page wrote the same bytes as servescope-import');
  assert.deepEqual((await problems()).pageErrors, []);
});
