// Goodput at the reader's objective and what the requests did, in the page, on the
// bundled AIPerf run (data/requests/aiperf-example): the objective set through the control
// and through the link, the attainment the core computes, back and forward across
// objectives, the distribution's hover words, the timeline, the exports, and a study
// without requests saying what goodput needs.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { downloadOf, hoverMark, open, settled, start, tableRows } from './browser.mjs';

const STUDY = 'data/requests/aiperf-example/results.json';
const ENGINE = 'gpt-oss-20b endpoint (engine not stated)';

let browser;
before(async () => { browser = await start({ viewport: { width: 1280, height: 900 } }); });
after(async () => { await browser?.close(); });

/** The goodput table, once the requests are read. */
async function goodputRows(page) {
  await page.waitForSelector('table.goodput-table tbody tr');
  return tableRows(page, 'table.goodput-table');
}

test('the link\'s objective gives the attainment the core computes from the requests', async () => {
  const { page, problems } = await open(browser, `?src=${STUDY}&view=goodput&slo=ttft:2500,e2el:9200`);
  const rows = await goodputRows(page);
  // 46 of 100 requests completed within both thresholds (servescope-verify --goodput agrees),
  // 36.6–55.7 % by Wilson's interval: it misses 90 %; 43 over TTFT, 24 over E2E, 11 cut off.
  assert.deepEqual(rows[ENGINE], ['c100', '100', '46', '46.0 %', '36.6–55.7 %', 'misses', '4.937', '1,202', '43', '24', '11']);
  assert.match(await page.textContent('.panel.goodput h2'), /Goodput at TTFT ≤ 2500 ms and E2E ≤ 9200 ms, ISL 550 \/ OSL 250/);
  assert.match(await page.textContent('ul.capacity'), /≥ 90 % of requests good at no measured level: already below at c100 \(36\.6–55\.7 %\)/);
  const capacity = await tableRows(page, 'table.capacity-table');
  assert.deepEqual(capacity[ENGINE], ['no level meets it', 'GPUs not stated', 'GPUs not stated', 'no price given', 'none']);
  const tip = await hoverMark(page, 'figure[data-chart="attainment"]', 0);
  assert.match(tip, /46\.0 %/);
  assert.match(tip, /36\.6–55\.7 % — misses the 90 % target/);
  assert.match(tip, /46 of 100/);
  assert.match(tip, /over TTFT 43, E2E 24; 11 did not complete/);
  // The interval is drawn: a whisker on the attainment chart.
  assert.equal(await page.getAttribute('figure[data-chart="attainment"] canvas', 'data-whiskers'), '1');
  // The table's source was checked when the view read it, not on load; the verdict waits for
  // the sweep line to be derived again by the import module, which may still be starting.
  await page.waitForFunction(() => !/checking sources/.test(document.querySelector('.badge')?.textContent ?? ''), null, { timeout: 15000 });
  const badge = await page.textContent('.badge');
  assert.match(badge, /4 sources verified|all 4 sources verified/, badge);
  assert.deepEqual((await problems()).csp, []);
  assert.deepEqual((await problems()).pageErrors, []);
});

test('an objective typed into several fields is one history entry, and Back restores the one before (QA F20)', async () => {
  const { page } = await open(browser, `?src=${STUDY}&view=goodput&slo=ttft:2500`);
  await goodputRows(page);
  const slo = () => new URL(page.url()).searchParams.get('slo');
  const before = (await goodputRows(page))[ENGINE][2];
  // Two fields typed one after the other, the focus staying in the objective's fieldset.
  await page.fill('input.goodput-ttft', '1000');
  await page.dispatchEvent('input.goodput-ttft', 'change');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('slo') === 'ttft:1000');
  await page.focus('input.goodput-e2el');
  await page.fill('input.goodput-e2el', '9000');
  await page.dispatchEvent('input.goodput-e2el', 'change');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('slo') === 'ttft:1000,e2el:9000');
  const typed = (await goodputRows(page))[ENGINE][2];
  await page.goBack();
  await page.waitForFunction(() => new URL(location.href).searchParams.get('slo') === 'ttft:2500');
  assert.equal((await goodputRows(page))[ENGINE][2], before, 'Back skips the half-typed objective');
  await page.goForward();
  await page.waitForFunction(() => new URL(location.href).searchParams.get('slo') === 'ttft:1000,e2el:9000');
  assert.equal((await goodputRows(page))[ENGINE][2], typed);
  // Leaving the fieldset ends the edit: the next one is an entry of its own.
  await page.click('.panel.goodput h2');
  await page.waitForFunction(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(() => ok(true)))));
  await page.fill('input.goodput-ttft', '800');
  await page.dispatchEvent('input.goodput-ttft', 'change');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('slo') === 'ttft:800,e2el:9000');
  await page.goBack();
  await page.waitForFunction(() => new URL(location.href).searchParams.get('slo') === 'ttft:1000,e2el:9000');
  assert.equal(slo(), 'ttft:1000,e2el:9000');
  await page.goForward();
  await page.waitForFunction(() => new URL(location.href).searchParams.get('slo') === 'ttft:800,e2el:9000');
  // A preset from the study's own percentiles.
  await page.click('button.preset:has-text("typical p99")');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('slo') === 'ttft:3900,tpot:34');
  assert.match(await page.textContent('.panel.goodput h2'), /TTFT ≤ 3900 ms and TPOT ≤ 34 ms/);
});

test('the goodput view exports its charts and its table with the objective', async () => {
  const { page } = await open(browser, `?src=${STUDY}&view=goodput&slo=ttft:2500,e2el:9200`);
  await goodputRows(page);
  const csv = await downloadOf(page, () => page.click('.panel.goodput .table-block:has(table.goodput-table) .export-csv'));
  const text = csv.bytes.toString('utf8');
  assert.match(text.split('\n')[0], /objective ttft:2500,e2el:9200 \(TTFT ≤ 2500 ms and E2E ≤ 9200 ms\); attainment target 90 %/);
  assert.match(text, /^engine,engine_id,conc,evaluated,good,attainment_pct,attainment_ci_pct,meets,good_req_s,good_tok_s,missed_ttft,missed_e2el,not_completed$/m);
  const svg = await downloadOf(page, () => page.click('figure[data-chart="goodput"] .export-svg'));
  assert.match(svg.name, /^servescope-goodput-goodput-ttft-2500-e2el-9200\.svg$/);
  assert.match(svg.bytes.toString('utf8'), /objective ttft:2500,e2el:9200/);
  const png = await downloadOf(page, () => page.click('figure[data-chart="attainment"] .export-png'));
  assert.equal(png.bytes.subarray(1, 4).toString('latin1'), 'PNG');
});

test('the requests view: a distribution whose hover counts every request, and the timeline', async () => {
  const { page, problems } = await open(browser, `?src=${STUDY}&view=requests&slo=ttft:2500`);
  await page.waitForSelector('figure[data-chart="cdf"] canvas.chart[data-points]');
  assert.match(await page.textContent('.panel.requests h2'), /TTFT of each request at c100, ISL 550 \/ OSL 250/);
  // The first point of the curve: the fastest TTFT, 1 of 89 completed requests.
  const tip = await hoverMark(page, 'figure[data-chart="cdf"]', 0);
  assert.match(tip, /464\.7 ms: 1\.1 % of 89 requests at or below/);
  await page.waitForSelector('figure[data-chart="timeline"] canvas.chart[data-failed="11"]');
  const t = await hoverMark(page, 'figure[data-chart="timeline"]', 0);
  assert.match(t, /sent at \d/);
  // Another latency and a log axis: each a link.
  await page.selectOption('select.latency-picker', 'e2e');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('latency') === 'e2e');
  await page.click('button.xscale:has-text("log")');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('xscale') === 'log');
  assert.match(await page.textContent('.panel.requests h2'), /E2E of each request/);
  assert.deepEqual((await problems()).pageErrors, []);
});

test('a study without per-request data says what goodput needs, and how each tool writes it', async () => {
  const { page } = await open(browser, '?view=goodput');
  await page.waitForSelector('.no-requests');
  const words = await page.textContent('.no-requests');
  assert.match(words, /no per-request data: goodput needs per-request records/);
  assert.match(words, /--save-detailed/);
  assert.match(words, /--output-details/);
  assert.match(words, /profile_export\.jsonl/);
  // The tabs offer the per-request views only where the study has requests.
  assert.equal(await page.locator('nav.views a.tab:has-text("Goodput")').count(), 0);
  const { page: other } = await open(browser, `?src=${STUDY}`);
  await other.waitForSelector('nav.views a.tab:has-text("Goodput")');
});

test('the README\'s goodput link opens the bundled per-request study\'s goodput view', async () => {
  const readme = (await import('node:fs')).readFileSync('README.md', 'utf8');
  const link = readme.match(/http:\/\/127\.0\.0\.1:8080\/(\?src=data\/requests\/[^ )]*view=goodput[^ )]*)/);
  assert.ok(link, 'the README links the goodput view');
  const { page } = await open(browser, link[1]);
  const rows = await goodputRows(page);
  assert.equal(rows[ENGINE][3], '46.0 %');
});

test('the overview of a study with requests gets a goodput card, its chunk and tables fetched after the first chart', async () => {
  const { page, problems } = await open(browser, `?src=${STUDY}`, {
    // When the overview's chart is first drawn (its canvas gets its marks).
    before: (p) => p.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (document.querySelector('figure[data-chart="overview"] canvas[data-marks]')) {
          window.firstChartAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-marks'] });
    }),
  });
  const card = page.locator('li.card:not(.pending)', { hasText: 'Load carried at the typical p99 objective' });
  await card.locator('ul.card-lines a').waitFor();
  assert.equal(
    (await card.locator('ul.card-lines').textContent()).trim(),
    `550/250: ${ENGINE}, ≥ 90 % of requests good: no measured level surely meets it; c100 indeterminate (80.2–93.0 %): more requests would decide`,
  );
  assert.equal(await page.locator('.card.pending').count(), 0, 'no card is left pending once the tables are read');
  const href = await card.locator('ul.card-lines a').getAttribute('href');
  assert.match(href, /view=goodput&workload=550x250&slo=ttft:3900,tpot:34/);
  // The run states no GPUs: its throughput is the endpoint's, and the page never says per GPU.
  assert.equal(await page.textContent('.overview-chart h2'), 'Output tok/s for the endpoint against concurrency · ISL 550 / OSL 250');
  assert.ok(!(await page.textContent('section.panel.overview')).includes('per GPU'), 'no "per GPU" on the overview');
  const { chart, card: cardAt, table } = await page.evaluate(() => {
    const started = (part) => performance.getEntriesByType('resource').find((e) => e.name.includes(part))?.startTime;
    return { chart: window.firstChartAt, card: started('split-goodput-card'), table: started('endpoint.requests.csv.gz') };
  });
  assert.ok(chart > 0, 'the overview chart was drawn');
  assert.ok(cardAt > chart, `the card's chunk was asked for after the first chart (${cardAt} ms, chart ${chart} ms)`);
  assert.ok(table > cardAt, `and the table after the chunk (${table} ms)`);
  // Following the card's line opens the goodput view at that objective.
  await card.locator('ul.card-lines a').click();
  await page.waitForSelector('table.goodput-table tbody tr');
  assert.match(await page.textContent('.panel.goodput h2'), /Goodput at TTFT ≤ 3900 ms and TPOT ≤ 34 ms/);
  assert.deepEqual((await problems()).pageErrors, []);
});

test('the trade-off draws goodput against per-user speed from the requests, at the link\'s objective', async () => {
  const { page, problems } = await open(browser, `?src=${STUDY}&view=tradeoff&metric=good_tok_s&slo=ttft:2500,e2el:9200`);
  await page.waitForSelector('figure[data-chart="tradeoff"] canvas.chart[data-points="1"]');
  assert.equal(await page.inputValue('select.y-picker'), 'good_tok_s');
  assert.equal(await page.textContent('.panel.tradeoff h2'), 'Trade-off: good output tok/s for the endpoint at TTFT ≤ 2500 ms and E2E ≤ 9200 ms, against per-user speed');
  assert.match(await page.textContent('.goodput-y'), /completed within TTFT ≤ 2500 ms and E2E ≤ 9200 ms \(the link's objective\)/);
  // The point's y is the cell's good output tok/s, as the goodput view's table says (1202).
  const tip = await hoverMark(page, 'figure[data-chart="tradeoff"]', 0);
  assert.match(tip, /1,?202/, tip);
  // Back to throughput through the picker: the published figure again.
  await page.selectOption('select.y-picker', 'out_tok_s');
  await page.waitForFunction(() => !document.querySelector('.goodput-y'));
  assert.match(await hoverMark(page, 'figure[data-chart="tradeoff"]', 0), /2,?321/);
  assert.deepEqual((await problems()).pageErrors, []);
});

test('goodput asked of a study without requests: the default y, and why', async () => {
  const { page } = await open(browser, '?view=tradeoff&metric=good_tok_s');
  await page.waitForSelector('figure[data-chart="tradeoff"] canvas.chart[data-points]');
  assert.equal(await page.inputValue('select.y-picker'), 'out_tok_s');
  assert.match(await page.textContent('.panel.tradeoff .no-requests'), /Goodput needs what each request did, and this study has no per-request data/);
  assert.equal(await page.locator('select.y-picker option[value="good_tok_s"]').count(), 0, 'not offered');
});

test('the goodput and requests views draw the same engine key as the serving view, with its toggles (QA F2)', async () => {
  for (const view of ['goodput', 'requests']) {
    const { page } = await open(browser, `?src=${STUDY}&view=${view}`);
    await page.waitForSelector(`section.panel.${view} ul.legend .legend-toggle`);
    const chips = await page.$$eval(`section.panel.${view} ul.legend .chip-label`, (c) => c.map((x) => x.textContent.trim()));
    assert.deepEqual(chips, [ENGINE], view);
    assert.equal(await page.getAttribute(`section.panel.${view} ul.legend .legend-toggle`, 'aria-pressed'), 'true');
    await page.click(`section.panel.${view} ul.legend .legend-toggle`);
    await page.waitForFunction(() => new URL(location.href).searchParams.has('engines'));
    assert.equal(await page.getAttribute(`section.panel.${view} ul.legend .legend-toggle`, 'aria-pressed'), 'false', `${view}: the toggle hides the engine`);
    await page.close();
  }
});

test('each headline card is as tall as its own text, the goodput card beside them included (QA F14)', async () => {
  const { page } = await open(browser, `?src=${STUDY}`);
  await page.locator('li.card', { hasText: 'Load carried at the typical p99 objective' }).locator('ul.card-lines a').waitFor();
  const slack = await page.$$eval('.overview > .cards > li.card', (cards) => cards.map((card) => {
    const box = card.getBoundingClientRect();
    const last = card.lastElementChild.getBoundingClientRect();
    return Math.round(box.bottom - last.bottom);
  }));
  assert.ok(slack.length >= 3, `${slack.length} cards`);
  // The card's bottom padding and border, no more: a card stretched to the row's tallest has
  // tens of pixels of empty space under its text.
  assert.ok(slack.every((s) => s <= 12), `space under each card's text: ${slack.join(', ')} px`);
  await page.close();
});

test('the goodput card holds its place from the take-over: the overview chart does not jump when the requests are read (QA F4)', async () => {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    const page = await browser.context.newPage();
    await page.setViewportSize(viewport);
    // The chart's top each time the page changes, from the app's first frame on.
    await page.addInitScript(() => {
      window.chartTops = [];
      new MutationObserver(() => {
        const canvas = document.querySelector('.page figure[data-chart="overview"] canvas');
        if (!canvas || document.getElementById('prerender')) return;
        const top = Math.round(canvas.getBoundingClientRect().top + window.scrollY);
        if (window.chartTops.at(-1) !== top) window.chartTops.push(top);
      }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    await page.goto(`${browser.base}?src=${STUDY}`);
    await page.locator('li.card:not(.pending)', { hasText: 'Load carried at the typical p99 objective' }).locator('ul.card-lines a').waitFor();
    await settled(page);
    const tops = await page.evaluate(() => window.chartTops);
    // From the first frame the chart is in, at most one move, when the card's final words
    // replace its placeholder's, of no more than two lines of card text (before: the row
    // grew by a loading line, shrank and grew again, 375 px each time).
    assert.ok(tops.length <= 2, `${viewport.width} px: the chart's top moved ${tops.join(' → ')}`);
    assert.ok(Math.abs(tops.at(-1) - tops[0]) <= 40, `${viewport.width} px: the chart's top moved ${tops.join(' → ')}`);
    await page.close();
  }
});
