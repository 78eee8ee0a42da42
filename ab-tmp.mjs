import { chromium } from 'playwright-core';
import { serve } from './tools/serve.mjs';
const dists = { old: 'dist', new: '/tmp/newdist' };
const servers = {}; for (const [k, d] of Object.entries(dists)) servers[k] = await serve(d, 0, { '/bench/': 'target/bench' }, { encodings: ['br', 'gzip'] });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic'] });
const res = { old: [], new: [] };
for (let run = 0; run < 15; run++) for (const k of run % 2 ? ['old', 'new'] : ['new', 'old']) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`http://127.0.0.1:${servers[k].address().port}/?src=bench/scale.json&view=serving`);
  await page.waitForFunction(() => performance.getEntriesByName('servescope:chart-drawn').length > 0, null, { timeout: 60000 });
  const m = await page.evaluate(() => Object.fromEntries(performance.getEntriesByType('mark').map((m) => [m.name, Math.round(m.startTime)])));
  res[k].push(m);
  await context.close();
}
const med = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[(s.length - 1) >> 1]; };
for (const k of ['old', 'new']) {
  const r = res[k].slice(1);
  console.log(k, 'fetched', med(r.map((m) => m['servescope:fetched'])), 'parse+check', med(r.map((m) => m['servescope:validated'] - m['servescope:fetched'])), 'render', med(r.map((m) => m['servescope:draw-start'] - m['servescope:validated'])), 'chart-drawn', med(r.map((m) => m['servescope:chart-drawn'])));
}
await browser.close(); for (const s of Object.values(servers)) s.close();
