// Shared browser-test plumbing: serve dist/ (plus the test fixtures) on 127.0.0.1 and drive
// Debian's headless Chromium through playwright-core. Nothing here downloads a browser.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { serve } from '../../tools/serve.mjs';

export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
export const FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/** Start the server and a fresh browser; `close()` ends both and removes the profile. */
export async function start({ viewport = { width: 1200, height: 900 } } = {}) {
  const server = await serve('dist', 0, { '/fixtures/': 'tests/fixtures' });
  const base = `http://127.0.0.1:${server.address().port}/`;
  const profile = mkdtempSync(join(tmpdir(), 'servescope-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM, headless: true, args: FLAGS, viewport,
  });
  return {
    base,
    context,
    async close() {
      await context.close();
      await new Promise((ok) => server.close(ok));
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Open `query` on the served site, recording CSP violations, console errors and page errors.
 * Returns the page and a `problems()` function to assert on.
 */
export async function open(browser, query = '') {
  const page = await browser.context.newPage();
  const consoleErrors = [];
  const pageErrors = [];
  page.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(m.text()); });
  page.on('pageerror', (e) => pageErrors.push(String(e)));
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  await page.goto(browser.base + query);
  const problems = async () => ({
    csp: await page.evaluate(() => window.__cspViolations),
    consoleErrors,
    pageErrors,
  });
  return { page, problems };
}

/** How many pixels of a canvas differ from its top-left (background) pixel. */
export async function inkedPixels(page, selector) {
  return page.$eval(selector, (canvas) => {
    const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
    let inked = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i] !== data[0] || data[i + 1] !== data[1] || data[i + 2] !== data[2]) inked++;
    }
    return inked;
  });
}
