// A file dropped anywhere — on the header, on the margins outside the app's box — is read
// like one dropped on the page, with a hint while it is dragged; the browser never
// navigates away to the file.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { open, start } from './browser.mjs';

let browser;
before(async () => { browser = await start(); });
after(async () => { await browser?.close(); });

/** A DataTransfer in the page holding one file. */
async function transfer(page, name, text) {
  return page.evaluateHandle(([n, t]) => {
    const dt = new DataTransfer();
    dt.items.add(new File([t], n, { type: 'application/json' }));
    return dt;
  }, [name, text]);
}

for (const [where, selector] of [['the header', 'header'], ['the margins', 'body']]) {
  test(`a results file dropped on ${where} opens, with a hint while dragging`, async () => {
    const { page } = await open(browser, '?view=serving');
    await page.waitForSelector('canvas.chart[data-points]');
    const before = page.url();
    const dt = await transfer(page, 'minimal.json', readFileSync('tests/fixtures/minimal.json', 'utf8'));
    await page.dispatchEvent(selector, 'dragover', { dataTransfer: dt });
    await page.waitForSelector('.drop-hint');
    assert.match(await page.textContent('.drop-hint'), /anywhere on the page/);
    await page.dispatchEvent(selector, 'drop', { dataTransfer: dt });
    await page.waitForFunction(() => !document.querySelector('.drop-hint'));
    const title = JSON.parse(readFileSync('tests/fixtures/minimal.json', 'utf8')).title;
    await page.waitForFunction((t) => document.querySelector('h1')?.textContent === t, title);
    assert.equal(new URL(page.url()).origin, new URL(before).origin, 'still the page, not the file');
  });
}
