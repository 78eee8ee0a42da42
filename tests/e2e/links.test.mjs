// The link contract (docs/links.md) live: copy link, fallbacks with notices and an address-bar
// rewrite, refused schemes, the collection's study picker, local files and the README's
// examples.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { SRC, open, settled, start } from './browser.mjs';

let browser;
before(async () => { browser = await start(); });
after(async () => { await browser?.close(); });

test('Copy link writes src and view out and copies the link', async () => {
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: browser.base });
  const { page } = await open(browser, '?view=serving&metric=ttft_p99_ms');
  await page.waitForSelector('canvas.chart[data-points]');
  const expected = `${browser.base}?src=${SRC}&view=serving&metric=ttft_p99_ms`;
  await page.click('button.copy-link');
  await page.waitForFunction(() => document.querySelector('.copied').textContent === 'link copied');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), expected);
  await page.click('button.share');
  assert.equal(await page.inputValue('.share-drawer input.share-link'), expected);
});

test('a landing link copies with its view named, so a new default can never re-point it', async () => {
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: browser.base });
  const { page } = await open(browser);
  await page.waitForSelector('canvas.chart[data-points]');
  await page.click('button.copy-link');
  await page.waitForFunction(() => document.querySelector('.copied').textContent === 'link copied');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), `${browser.base}?src=${SRC}&view=overview`);
});

test('unknown values fall back with notices naming them, and the address bar says what is shown', async () => {
  const { page } = await open(browser, '?view=nosuchview&metric=bogus');
  await page.waitForSelector('canvas.chart[data-points]');
  const notices = await page.textContent('.notices');
  assert.ok(notices.includes('view=nosuchview') && notices.includes('metric=bogus'), notices);
  assert.equal(new URL(page.url()).search, '');
  await page.click('.notices button.dismiss');
  await page.click('.notices button.dismiss');
  assert.equal(await page.$$eval('.notices li', (l) => l.length), 0, 'notices are dismissible');
});

test('a metric the view draws another in place of gets a notice and leaves the address bar', async () => {
  const { page } = await open(browser, `?src=${SRC}&view=energy&metric=ttft_p99_ms`);
  await page.waitForSelector('canvas.chart[data-points]');
  assert.match(await page.textContent('.notices'), /metric=ttft_p99_ms: not drawn in the energy view; output tok\/s per kW is shown/);
  assert.equal(new URL(page.url()).searchParams.get('metric'), null);
  // The Serving tab keeps a latency the reader chose; the Energy tab, which draws none, drops it.
  const serving = await open(browser, `?src=${SRC}&view=serving&metric=ttft_p99_ms`);
  await serving.page.waitForSelector('canvas.chart[data-points]');
  assert.equal(await serving.page.$$eval('.notices li', (l) => l.length), 0);
  await serving.page.click('nav.views a.tab:text-is("Energy")');
  await serving.page.waitForFunction(() => new URL(location.href).searchParams.get('view') === 'energy');
  assert.equal(new URL(serving.page.url()).searchParams.get('metric'), null);
  // The energy view's link to its trade-off chart, which draws tokens per kW, drops power.
  const energy = await open(browser, `?src=${SRC}&view=energy&metric=power_w`);
  await energy.page.waitForSelector('canvas.chart[data-points]');
  await energy.page.click('a.chart-link');
  await energy.page.waitForFunction(() => new URL(location.href).searchParams.get('chart') === 'tradeoff');
  assert.equal(new URL(energy.page.url()).searchParams.get('metric'), null);
  assert.equal(await energy.page.$$eval('.notices li', (l) => l.length), 0);
});

test('an unknown chart of a view gets a notice, not silence', async () => {
  const { page } = await open(browser, '?view=serving&chart=x');
  await page.waitForSelector('canvas.chart[data-points]');
  assert.match(await page.textContent('.notices'), /chart=x: unknown chart; the default is shown/);
  const other = await open(browser, '?view=serving&chart=weight-kl');
  await other.page.waitForSelector('canvas.chart[data-points]');
  assert.match(await other.page.textContent('.notices'), /chart=weight-kl: not a chart of the serving view/);
});

test('unknown engine ids are dropped and the rest kept', async () => {
  const { page } = await open(browser, '?view=decode&engines=paiton,nosuch');
  await page.waitForSelector('canvas.chart[data-points="7"]');
  assert.match(await page.textContent('.notices'), /engines=nosuch: not an engine in this file; dropped/);
  assert.equal(new URL(page.url()).search, '?view=decode&engines=paiton');
});

test('a javascript: source is refused and nothing runs or is fetched from it', async () => {
  const { page, problems } = await open(browser, '?src=javascript:alert(1)');
  const dialogs = [];
  page.on('dialog', (d) => { dialogs.push(d.message()); d.dismiss(); });
  await page.waitForSelector('canvas.chart[data-points]');
  assert.match(await page.textContent('.notices'), /`javascript:` scheme is refused/);
  assert.deepEqual(dialogs, []);
  assert.deepEqual((await problems()).pageErrors, []);
  assert.equal(await page.textContent('h1'), 'Qwen3.8-Flash-Next on one MI350P', 'the default study is shown instead');
});

test('a non-JSON answer says what arrived', async () => {
  const { page } = await open(browser, '?src=fixtures/bad/html-404-page.json');
  await page.waitForSelector('.error-panel');
  assert.match(await page.textContent('.error-panel'), /not JSON: this is an HTML page/);
});

test('the study picker lists the collection and opens the chosen study by link', async () => {
  const { page } = await open(browser, '?index=fixtures/collection-two.json&src=fixtures/minimal.json&view=decode');
  await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Minimal study');
  await page.click('button.details-toggle');
  await page.selectOption('select.dataset-picker', SRC);
  await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Qwen3.8-Flash-Next on one MI350P');
  assert.equal(new URL(page.url()).searchParams.get('src'), SRC);
  await page.goBack();
  await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Minimal study');
});

test('a local file says it cannot be linked', async () => {
  const { page } = await open(browser);
  await page.waitForSelector('canvas.chart[data-points]');
  await page.click('button.open-file');
  await page.setInputFiles('.open-drawer input[type=file]', ['tests/fixtures/minimal.json']);
  await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Minimal study');
  await page.click('button.copy-link');
  assert.match(await page.textContent('.copied'), /A local file cannot be linked/);
  await page.click('button.share');
  assert.match(await page.textContent('.share-local'), /A local file cannot be linked/);
  assert.equal(await page.$$eval('input.share-link', (i) => i.length), 0);
});

test('a JSON that is neither a results file nor a tool\'s output is said to be so, not listed as missing fields', async () => {
  const { page } = await open(browser);
  await page.waitForSelector('canvas.chart[data-points]');
  await page.click('button.open-file');
  const pkg = { name: 'servescope', version: '0.1.0', private: true, devDependencies: { 'playwright-core': '1' } };
  await page.setInputFiles('.open-drawer input[type=file]', [{ name: 'package.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(pkg)) }]);
  await page.waitForSelector('.error-panel');
  const said = await page.textContent('.error-panel');
  assert.match(said, /package\.json is neither a servescope results file \(it has none of schemaVersion, engines, serving\) nor the output of a benchmark tool servescope imports/);
  assert.doesNotMatch(said, /title \(missing\)|errors/);
});

test('a second local file in place of the first: the notice names the one shown', async () => {
  const { page } = await open(browser, `?src=${SRC}`);
  await page.waitForSelector('canvas.chart[data-points]');
  await page.click('button.open-file');
  await page.setInputFiles('.open-drawer input[type=file]', ['tests/fixtures/minimal.json']);
  await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Minimal study');
  assert.match(await page.textContent('.notices'), /the local file minimal\.json is shown/);
  if (!(await page.isVisible('.open-drawer input[type=file]'))) await page.click('button.open-file');
  // A results file the check refuses (its date is a number): shown as its findings.
  const wrong = JSON.parse(readFileSync('tests/fixtures/minimal.json', 'utf8'));
  wrong.date = 5;
  await page.setInputFiles('.open-drawer input[type=file]', [{ name: 'wrong-type.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(wrong)) }]);
  await page.waitForFunction(() => new URL(location.href).searchParams.get('local') === 'wrong-type.json');
  await page.waitForFunction(() => /wrong-type\.json is shown/.test(document.querySelector('.notices')?.textContent ?? ''));
  assert.doesNotMatch(await page.textContent('.notices'), /minimal\.json/);
});

test('the README\'s link examples open without a notice', async () => {
  const readme = readFileSync('README.md', 'utf8');
  const links = [...readme.matchAll(/http:\/\/127\.0\.0\.1:8080\/(\?[^\s)]+)/g)].map((m) => m[1]);
  assert.ok(links.length >= 3, `${links.length} examples`);
  for (const query of links) {
    const { page, problems } = await open(browser, query);
    await page.waitForSelector('main .panel');
    await settled(page);
    assert.equal(await page.$$eval('.notices li', (l) => l.length), 0, query);
    assert.equal(new URL(page.url()).search, query, 'the link is kept as written');
    assert.deepEqual((await problems()).pageErrors, []);
    await page.close();
  }
});

test('stepping through the metric picker with the arrow keys makes one history entry', async () => {
  const { page } = await open(browser, '?view=serving');
  await page.waitForSelector('canvas.chart[data-points]');
  const before = await page.evaluate(() => history.length);
  await page.focus('select.metric-picker');
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowDown');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('metric') !== null);
  assert.equal(await page.evaluate(() => history.length), before + 1);
});
