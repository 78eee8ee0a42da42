// Take a headless screenshot of the built site: node tools/screenshot.mjs OUT.png [QUERY] [WIDTH] [HEIGHT]
// Serves dist/ on a free port, waits for the view to settle, writes a full-page PNG.
// SHOT_SERVE="/coll/=some/dir" serves more folders (comma-separated prefix=folder pairs);
// SHOT_FULL=0 shoots the first screen only; SHOT_DIST=DIR serves another build than dist/.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { serve } from './serve.mjs';

const [out = 'docs/screenshot.png', query = '', width = '1200', height = '900'] = process.argv.slice(2);
const extra = Object.fromEntries((process.env.SHOT_SERVE ?? '').split(',').filter(Boolean).map((p) => p.split('=')));
const server = await serve(process.env.SHOT_DIST ?? 'dist', 0, { '/fixtures/': 'tests/fixtures', ...extra });
const profile = mkdtempSync(join(tmpdir(), 'servescope-shot-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  viewport: { width: Number(width), height: Number(height) },
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const page = await context.newPage();
  await page.goto(`http://127.0.0.1:${server.address().port}/${query}`);
  await page.waitForSelector('main .panel, .error-panel', { timeout: 15000 });
  await page.waitForFunction(() => !document.querySelector('canvas.chart') || document.querySelector('canvas.chart[data-points]'), null, { timeout: 15000 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: out, fullPage: process.env.SHOT_FULL !== '0' });
  console.log(`wrote ${out}`);
} finally {
  await context.close();
  server.close();
  rmSync(profile, { recursive: true, force: true });
}
