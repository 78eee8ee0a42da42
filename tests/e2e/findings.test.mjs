// Findings first: what a newcomer sees in ten seconds on a laptop and on a phone — the
// chart high on the first screen, headline cards computed from the file, readable numbers,
// tooltips on every chart by pointer and keyboard, and a page that names itself.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { hoverMark, open, settled, start } from './browser.mjs';

let browser;
before(async () => { browser = await start({ viewport: { width: 1280, height: 800 } }); });
after(async () => { await browser?.close(); });

/** Count the digits that carry a number's value, as the core's significant_digits does. */
function significant(text) {
  const digits = text.replace(/[^0-9]/g, '');
  let trimmed = digits.replace(/^0+/, '');
  if (!text.includes('.')) trimmed = trimmed.replace(/0+$/, '');
  return Math.max(trimmed.length, digits.length ? 1 : 0);
}

const VIEWS = ['overview', 'decode', 'serving', 'tradeoff', 'energy', 'accuracy', 'prefill', 'cache'];

test('at 1280×800 every view\'s chart starts at y ≤ 420', async () => {
  // 420, not 400: the line under the title says what the study measured (QA F9).
  for (const view of VIEWS) {
    const { page } = await open(browser, `?view=${view}`);
    await page.waitForSelector('canvas.chart[data-marks]');
    const top = await page.$eval('canvas.chart', (c) => c.getBoundingClientRect().top);
    assert.ok(top <= 420, `${view}: the chart starts at ${top}px`);
    await page.close();
  }
});

test('on a 390×844 phone the first chart is on the first screen', async () => {
  const phone = await start({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true, colorScheme: 'dark' });
  try {
    for (const view of ['overview', 'serving', 'tradeoff', 'decode']) {
      const { page } = await open(phone, `?view=${view}`);
      await page.waitForSelector('canvas.chart[data-marks]');
      const top = await page.$eval('canvas.chart', (c) => c.getBoundingClientRect().top);
      assert.ok(top < 844 - 150, `${view}: the chart starts at ${top}px of 844`);
      await page.close();
    }
  } finally {
    await phone.close();
  }
});

test('the overview\'s cards are computed from the file, state their rule and link to the view that shows it', async () => {
  const { page } = await open(browser);
  await page.waitForSelector('.cards .card');
  const best = await page.$$eval('.card:nth-child(2) .card-lines li', (l) => l.map((x) => x.textContent));
  assert.ok(best.includes('8192/1024: Paiton CDNA4, 315 at c1'), JSON.stringify(best));
  assert.equal(await page.getAttribute('.card:nth-child(2) .card-lines li:has-text("8192/1024")', 'title'), 'ISL 8192 / OSL 1024: TTFT p99 537.4 ms');
  assert.match(await page.textContent('.card:nth-child(2) .rule'), /TTFT p99 is at most 1,000 ms/);
  assert.match(await page.textContent('.card:nth-child(1)'), /1024\/1024: Paiton CDNA4, 1,790 at c64/);
  assert.match(await page.textContent('.card:nth-child(4)'), /Paiton CDNA4: KL 0\.02194 \(BF16 control 0\.007695\)/);
  await page.click('.card:nth-child(2) .card-lines li:has-text("8192/1024") a');
  await page.waitForSelector('table.limits-table');
  const url = new URL(page.url());
  assert.equal(url.searchParams.get('view'), 'tradeoff');
  assert.equal(url.searchParams.get('workload'), '8192x1024');
  assert.equal(url.searchParams.get('slo_ttft_p99_ms'), '1000');
});

test('a publisher\'s highlights come first and are marked as theirs', async () => {
  const { page } = await open(browser, '?src=fixtures/highlights.json');
  await page.waitForSelector('.cards .card');
  assert.equal(await page.getAttribute('.cards .card:first-child', 'class'), 'card publisher');
  assert.match(await page.textContent('.cards .card:first-child'), /From the publisher.*the publisher's.*Alpha leads at every level\./s);
  assert.equal(new URL(await page.getAttribute('.cards .card:first-child a', 'href'), page.url()).searchParams.get('view'), 'decode');
});

test('no table cell on any view shows more than 6 significant digits', async () => {
  for (const view of [...VIEWS, 'provenance']) {
    const { page } = await open(browser, `?view=${view}${view === 'tradeoff' ? '&slo_ttft_p99_ms=1000' : ''}`);
    await page.waitForSelector('main .panel');
    await settled(page);
    const cells = await page.$$eval('main td.num', (tds) => tds.map((td) => td.childNodes[0]?.textContent ?? ''));
    const long = cells.filter((c) => significant(c) > 6);
    assert.deepEqual(long, [], `${view}: ${long.join(', ')}`);
    if (!['overview', 'provenance'].includes(view)) assert.ok(cells.length > 0, `${view} has numbers`);
    await page.close();
  }
});

test('every chart type has a tooltip: decode, trade-off, energy trade-off, accuracy, bars, compare', async () => {
  const cases = [
    ['?view=decode', 'figure[data-chart="decode"]', /Paiton CDNA4 · c1.*273\.1/s],
    ['?view=tradeoff&slo_ttft_p99_ms=1000', 'figure[data-chart="tradeoff"]', /· c\d+.*per-user tok\/s.*limits/s],
    ['?view=energy&chart=tradeoff', 'figure[data-chart="tradeoff"]', /output tok\/s per kW/],
    ['?view=accuracy', 'figure[data-chart="served-kl"]', /BF16 reference control.*KL 0\.007695/s],
    ['?view=prefill', 'figure[data-chart="prefill"]', /Paiton CDNA4 · 8,192 nominal tokens.*13,709/s],
    ['?view=serving&compare=fixtures/compare/rerun.json', 'figure[data-chart="serving"]', /· c1/],
  ];
  for (const [query, figure, expected] of cases) {
    const { page } = await open(browser, query);
    await page.waitForSelector(`${figure} canvas.chart[data-marks]`);
    assert.match(await hoverMark(page, figure, 0), expected, query);
    await page.close();
  }
  // The compared file's own lines answer with their own cell.
  const { page } = await open(browser, '?view=serving&compare=fixtures/compare/rerun.json&engines=paiton');
  await page.waitForSelector('figure[data-chart="serving"] canvas.chart[data-points="15"]');
  const marks = (await page.getAttribute('canvas.chart', 'data-marks')).split(';');
  assert.match(await hoverMark(page, 'figure[data-chart="serving"]', marks.length - 1), /Paiton CDNA4 · 2026-11-15 · c128/);
});

test('keyboard users step through a chart\'s points with the arrow keys', async () => {
  const { page } = await open(browser, '?view=serving');
  await page.waitForSelector('canvas.chart[data-marks]');
  await page.focus('figure[data-chart="serving"] canvas.chart');
  await page.keyboard.press('ArrowRight');
  assert.match(await page.textContent('figure[data-chart="serving"] .tooltip.shown'), /Paiton CDNA4 · c1/);
  await page.keyboard.press('ArrowRight');
  assert.match(await page.textContent('figure[data-chart="serving"] .tooltip.shown'), /Paiton CDNA4 · c2/);
  await page.keyboard.press('ArrowDown');
  assert.match(await page.textContent('figure[data-chart="serving"] .tooltip.shown'), /vLLM \+ AITER · c2/);
  await page.keyboard.press('Escape');
  await page.waitForSelector('figure[data-chart="serving"] .tooltip:not(.shown)', { state: 'attached' });
});

test('log axes tick at round numbers, never at half decades', async () => {
  const { page } = await open(browser, '?view=serving&metric=ttft_p99_ms&scale=log&workload=8192x1024');
  await page.waitForSelector('canvas.chart[data-y-ticks]');
  const ticks = (await page.getAttribute('canvas.chart', 'data-y-ticks')).split('|');
  for (const t of ticks) assert.match(t, /^(1|2|5)(0*|,000|0,000)?$|^0\.(1|2|5)$/, `tick ${t} of ${ticks}`);
});

test('the tab names the study and the view, and the page carries description and Open Graph tags', async () => {
  const { page } = await open(browser, '?view=serving');
  await page.waitForSelector('canvas.chart[data-points]');
  assert.equal(await page.title(), 'Qwen3.8-Flash-Next on one MI350P · serving · servescope');
  // Written from the file at build time (the pre-rendered landing view's head).
  assert.match(await page.getAttribute('meta[name="description"]', 'content'), /^Qwen3\.8-Flash-Next on one MI350P \(2026-10-30\): serving benchmark results per engine\. Highest throughput: /);
  assert.equal(await page.getAttribute('meta[property="og:title"]', 'content'), 'Qwen3.8-Flash-Next on one MI350P');
  assert.equal(await page.$$eval('title, meta[name="description"]', (e) => e.length), 2, 'one title, one description');
});

test('the overview draws as measured: a vs carried from another view is not applied there', async () => {
  const chart = async (query) => {
    const { page } = await open(browser, query);
    await page.waitForSelector('canvas.chart[data-points]');
    const seen = await page.$eval('canvas.chart', (c) => [c.getAttribute('aria-label'), c.dataset.points, c.dataset.yTicks]);
    await page.close();
    return seen;
  };
  const plain = await chart('?view=overview');
  const carried = await chart('?view=overview&vs=vllm');
  assert.deepEqual(carried, plain);
  assert.doesNotMatch(carried[0], /×/);
  // The serving view, which has the control, applies it.
  const serving = await chart('?view=serving&vs=vllm');
  assert.match(serving[0], /× vLLM \+ AITER/);
});

test('the cards never call a point under 1 s "none" for want of its throughput, and mark a best that lost a third of its requests', async () => {
  const { page, problems } = await open(browser, '?src=fixtures/claims.json');
  await page.waitForSelector('.cards .card');
  const lines = async (title) => page.$$eval(`li.card:has(h3:text-is("${title}")) .card-lines li`, (l) => l.map((x) => [x.textContent, x.className]));
  // FastBatch's c8 lost 34 of its 100 requests: its throughput is the highest, and said so.
  assert.deepEqual(await lines('Highest throughput'), [['8192/1024: FastBatch, 512.4 at c8 — 34 % failed', 'warn']]);
  assert.match(await page.textContent('li.card:has(h3:text-is("Highest throughput")) .rule'), /A best in whose cell 10 % or more of the requests failed says so\./);
  // Steady's TTFT p99 is 41 ms and its throughput not measured: named, never "none under 1 s".
  assert.deepEqual(await lines('Best under a 1 s TTFT p99'), [
    ['8192/1024: Steady at c1 has a TTFT p99 of 41 ms, but its output throughput is not measured', ''],
  ]);
  assert.deepEqual(await lines('Most tokens per kW'), [['8192/1024: GPU power not measured, so no tokens per kW', '']]);
  assert.equal(await page.locator('li.card:has(h3:text-is("Most tokens per kW")) a').count(), 0, 'nothing measured: no link to an empty view');
  // The load the publisher gave is said where the point is read.
  await page.click('nav.views a.tab:text-is("Serving")');
  await page.waitForSelector('table.serving-table tbody tr');
  const note = await page.textContent('table.serving-table tbody tr:has-text("FastBatch") td:nth-of-type(2)');
  assert.match(note, /34 % failed · achieved 0\.48 req\/s \(measured\) · load given by the publisher, not recorded in the tool's files/);
  assert.deepEqual((await problems()).pageErrors, []);
});

test('on a phone the current tab is in sight after every navigation, wherever the strip was scrolled', async () => {
  // QA pass 4, F10: after a tap on Decode the strip scrolled to 691 px and Decode sat at
  // x = −212, out of sight. The taps here are the page's own clicks (Playwright's would first
  // scroll the tab into view itself).
  const phone = await start({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  try {
    const { page, problems } = await open(phone, '?src=data/requests/aiperf-example/results.json&view=provenance');
    await settled(page);
    for (const label of ['Decode', 'Raw file', 'Overview', 'Requests', 'Serving', 'Goodput', 'Accuracy']) {
      await page.$eval(`nav.views a.tab:text-is("${label}")`, (a) => a.click());
      await page.waitForSelector(`nav.views a.tab[aria-current=page]:text-is("${label}")`);
      await page.waitForFunction(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(() => ok(true)))));
      const seen = await page.$eval('nav.views', (nav) => {
        const tab = nav.querySelector('a[aria-current=page]').getBoundingClientRect();
        const strip = nav.getBoundingClientRect();
        return { left: tab.left - strip.left, right: tab.right - strip.left, room: nav.clientWidth };
      });
      assert.ok(seen.left >= 0 && seen.right <= seen.room + 0.5, `${label}: the tab spans ${seen.left.toFixed(0)}–${seen.right.toFixed(0)} px of a ${seen.room} px strip`);
    }
    assert.deepEqual((await problems()).pageErrors, []);
    await page.close();
  } finally {
    await phone.close();
  }
});

test('neither "link copied" nor a latency metric moves what is under them', async () => {
  // QA pass 4, F23: the copy status squeezed the header and the tabs moved down 25 px; F27:
  // choosing a latency metric in Serving moved the chart down 81 px.
  const { page, problems } = await open(browser, '?view=serving&workload=1024x1024');
  await settled(page);
  const tops = () => page.evaluate(() => ({
    tabs: document.querySelector('nav.views').getBoundingClientRect().top,
    chart: document.querySelector('canvas.chart').getBoundingClientRect().top,
  }));
  const before = await tops();
  await page.click('button.copy-link');
  await page.waitForFunction(() => document.querySelector('.copied')?.textContent.trim());
  assert.deepEqual(await tops(), before, 'the copy status moves nothing');
  for (const metric of ['ttft_p99_ms', 'tpot_p50_ms', 'out_tok_s']) {
    await page.selectOption('select.metric-picker', metric);
    await page.waitForFunction((m) => new URL(location.href).searchParams.get('metric') === m || (m === 'out_tok_s' && !new URL(location.href).searchParams.get('metric')), metric);
    await settled(page);
    const now = await tops();
    assert.ok(Math.abs(now.chart - before.chart) <= 1, `${metric}: the chart's top went from ${before.chart} to ${now.chart} px`);
  }
  assert.deepEqual((await problems()).pageErrors, []);
  await page.close();
});

test('a tab whose view has nothing of the file is marked and says what is missing (QA F16)', async () => {
  const { page, problems } = await open(browser, '?src=data/requests/aiperf-example/results.json');
  await settled(page);
  const tabs = await page.$$eval('.page nav.views a.tab', (a) => a.map((t) => [t.textContent, t.classList.contains('lacks'), t.getAttribute('title')]));
  const lacking = tabs.filter(([, lacks]) => lacks);
  assert.deepEqual(lacking.map(([name, , title]) => [name, title]), [
    ['Decode', 'Decode: not in this file'],
    ['Prefill', 'Prefill: not in this file'],
    ['KV cache', 'KV cache: not in this file'],
    ['Accuracy', 'Served accuracy: not in this file'],
  ], JSON.stringify(tabs));
  assert.ok(tabs.some(([name, lacks]) => name === 'Serving' && !lacks));
  // The bundled study has every block: no tab is marked.
  const bundled = await open(browser, '');
  await settled(bundled.page);
  assert.equal(await bundled.page.locator('nav.views a.tab.lacks').count(), 0);
  assert.deepEqual((await problems()).pageErrors, []);
  await bundled.page.close();
  await page.close();
});

test('on a phone the headline cards say that they swipe; on a laptop, where they all show, nothing is said (QA F24)', async () => {
  const phone = await start({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  try {
    const { page } = await open(phone, '');
    await settled(page);
    assert.equal(await page.isVisible('.overview > .cards-more'), true);
    assert.equal((await page.textContent('.overview > .cards-more')).trim(), 'More findings: swipe the cards sideways →');
    const cards = await page.$eval('.overview > .cards', (ul) => ul.scrollWidth > ul.clientWidth);
    assert.ok(cards, 'the cards do scroll sideways on a phone');
    await page.close();
  } finally {
    await phone.close();
  }
  const { page } = await open(browser, '');
  await settled(page);
  assert.equal(await page.isVisible('.overview > .cards-more'), false);
  await page.close();
});
