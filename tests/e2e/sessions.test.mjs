// A multi-turn agentic run in the page: the real InferenceX AgentX run of AIPerf 0.8 kept as
// a fixture, imported with the README's command, then its requests drawn against the turn
// (x=turn), its by-turn table, and goodput by session in the goodput view.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { open, settled, start, tableRows } from './browser.mjs';

let browser;
before(async () => {
  browser = await start({
    viewport: { width: 1280, height: 900 },
    prepare(scratch) {
      const out = join(scratch, 'agentic');
      const run = spawnSync('cargo', ['run', '--quiet', '--release', '--bin', 'servescope-import', '--', '--out', out, '--title', 'AgentX',
        '--engine', 'k', '--label', 'Kimi', '--gpus', '4',
        'tests/fixtures/import/aiperf/agentic-0.8/profile_export_aiperf.json', 'tests/fixtures/import/aiperf/agentic-0.8/profile_export.jsonl'],
      { encoding: 'utf8', timeout: 900_000 });
      assert.equal(run.status, 0, run.stderr);
      return { '/agentic/': out };
    },
  });
});
after(async () => { await browser?.close(); });

test('x=turn draws each request\'s TTFT against its turn, its heading naming the axis, with the turns\' medians', async () => {
  const { page, problems } = await open(browser, '?src=agentic/results.json&view=requests&x=turn');
  await page.waitForSelector('figure[data-chart="timeline"] canvas[data-marks]');
  await settled(page);
  assert.equal((await page.textContent('section.panel.requests-timeline h2')).trim(), 'TTFT against turn index');
  assert.equal(await page.getAttribute('figure[data-chart="timeline"] canvas', 'data-points'), '195');
  assert.equal(await page.getAttribute('button.requests-x:has-text("turn")', 'aria-pressed'), 'true');
  // The first turn's cold prefill against the later, cached ones.
  const rows = await page.$$eval('table.by-turn-table tbody tr', (trs) => trs.slice(0, 2).map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent.trim())));
  assert.deepEqual(rows, [['0', '16', '31.59 s', '91.98 s'], ['1', '13', '10.96 s', '48.09 s']]);
  // Its head says the unit the cells are in: seconds are marked (it said "(ms)" above "31.59 s").
  const head = await page.$$eval('table.by-turn-table thead th', (ths) => ths.map((th) => th.textContent.trim()));
  assert.ok(head.includes('TTFT p50 (ms; s where marked)'), head.join(' | '));
  // Against input length, from the control: the link follows.
  await page.click('button.requests-x:has-text("input length")');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('x') === 'isl');
  assert.equal((await page.textContent('section.panel.requests-timeline h2')).trim(), 'TTFT against input length');
  assert.equal(await page.locator('table.by-turn-table').count(), 0, 'the by-turn table is the turn chart\'s');
  assert.deepEqual((await problems()).pageErrors, []);
});

test('the goodput view counts the sessions whose every turn met the objective', async () => {
  const { page, problems } = await open(browser, '?src=agentic/results.json&view=goodput&slo=ttft:10000');
  await page.waitForSelector('table.sessions-table tbody tr');
  const rows = await tableRows(page, 'table.sessions-table');
  assert.deepEqual(rows.Kimi, ['c1', '17', '195', '4', '23.5 %', '9.6–47.3 %', '0.0002822']);
  assert.deepEqual((await problems()).pageErrors, []);
});
