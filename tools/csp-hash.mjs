// trunk post_build hook: split the app's wasm (tools/split.mjs), shape the staged
// index.html for a fast first paint, then run servescope-prerender, which pre-renders the
// landing and deep views, writes the sha256 of every inline <script> and <style> into the
// CSP and the precompressed copies — the same code servescope-publish runs on a built site.
// The pre-render runs from here, not as a hook of its own: trunk starts a stage's hooks at
// once, and two writers of index.html would race.
// - The stylesheet is inlined (one request fewer before the first paint; on a slow link the
//   CSS would otherwise share the pipe with the wasm and arrive late).
// - Trunk's module script and preloads move to the end of <body>, so the whole page, the
//   pre-rendered landing view included, arrives before the app's bytes start competing.
// - The index and the landing study are preloaded with the wasm.
// - The import module's loader is named in a <meta> for the app to start when needed.
// Fails the build when the placeholder or the stylesheet is missing (and the pre-render
// when the markers or an inline script are), so a page never ships with a stale hash.
import { splitApp } from './split.mjs';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const PLACEHOLDER = "'sha256-CSP_INIT_SCRIPT_HASH'";
const staging = process.env.TRUNK_STAGING_DIR;
const fail = (...message) => {
  console.error('csp-hash:', ...message);
  process.exit(1);
};
if (!staging) fail('TRUNK_STAGING_DIR is not set; run me as a trunk post_build hook');
// First, the app's wasm split into the part a first visit runs and the views it loads later.
let split;
try {
  const release = process.env.TRUNK_PROFILE === 'release';
  split = splitApp(staging, { release, targetDir: process.env.CARGO_TARGET_DIR || 'target' });
  console.log(`split: main wasm ${split.wasm} bytes; ${split.chunks.length} chunks, ${split.chunks.reduce((s, c) => s + c.bytes, 0)} bytes; loader ${split.loader}`);
} catch (error) {
  fail('the split step failed:', error.message);
}
// Trunk's loader for the import module calls wasm-bindgen's init with a bare path, which
// wasm-bindgen logs as deprecated in the console of every import: the object form it asks for.
for (const name of readdirSync(staging).filter((n) => n.endsWith('_loader.js'))) {
  const path = join(staging, name);
  const text = readFileSync(path, 'utf8');
  const fixed = text.replace(/wasm_bindgen\(("[^"]+_bg\.wasm")\)/g, 'wasm_bindgen({ module_or_path: $1 })');
  if (fixed === text && !text.includes('module_or_path')) fail(`${name}: no wasm_bindgen("…_bg.wasm") call to rewrite; has trunk's loader changed?`);
  writeFileSync(path, fixed);
}
const file = join(staging, 'index.html');
let html = readFileSync(file, 'utf8');
if (!html.includes(PLACEHOLDER)) fail('CSP placeholder not found in', file);
if (!html.includes('</body>')) fail('no </body> in', file);

// Each split view's files (`view:file,file …`), for the head script to preload when a link
// names the view (the import form is no view a link names), written onto <html> by the pre-render.
const splitViews = Object.entries(split.views)
  .filter(([view]) => view !== 'import-form')
  .map(([view, files]) => `${view}:${files.join(',')}`)
  .join(' ');
// Handed to the pre-render, the one writer of the <html> tag (src/site/page.rs).
writeFileSync(join(staging, '.split-views'), splitViews);

// Inline the stylesheet trunk linked, and drop the file.
const sheet = html.match(/<link rel="stylesheet" href="\.\/(style-[0-9a-f]+\.css)"[^>]*>/);
if (!sheet) fail('no stylesheet link in', file);
const css = readFileSync(join(staging, sheet[1]), 'utf8');
html = html.replace(sheet[0], () => `<style>${css}</style>`);
rmSync(join(staging, sheet[1]));

// Move the app's loading tags after the content.
const loading = [
  /<script type="module">[\s\S]*?<\/script>/,
  /<link rel="modulepreload"[^>]*>/,
  /<link rel="preload"[^>]*\.wasm"[^>]*>/,
];
const moved = [];
for (const pattern of loading) {
  const found = html.match(pattern);
  if (!found) fail('trunk tag not found:', pattern);
  html = html.replace(found[0], '');
  // Named, so a test can tell the page's own scripts from anything injected. The wasm's
  // preload loses trunk's `integrity`: a fetch preload cannot be checked by it (Chromium
  // ignores it and logs a warning on every load), and the module script that fetches the
  // wasm states none, so it checked nothing.
  moved.push(found[0].replace('<script type="module">', '<script type="module" data-servescope="app">').replace(/^(<link rel="preload"[^>]*) integrity="[^"]*"/, '$1'));
}
// Request the index and the landing study with the wasm: the app would otherwise fetch them
// only after it starts, a serial round trip the peers do not pay. (crossorigin matches
// fetch()'s defaults, so the app's requests reuse them.) The landing study is the one the
// pre-render drew (the page's data-landing, which servescope-publish rewrites — so this
// script reads it and never changes); a catalog landing has none and reads no study file.
// Only for a link that reads them: a preload the page never uses is a wasted request and a
// console warning ("preloaded but not used") — a link naming its own `index=` reads another
// manifest, and a collection view, another `src=` or a `local=` link reads no landing study.
const dataPreload = `<script data-servescope="data-preload">(function () {
  var query = new URLSearchParams(location.search), view = query.get('view') || '';
  var add = function (href) {
    var link = document.createElement('link');
    link.rel = 'preload'; link.as = 'fetch'; link.type = 'application/json'; link.crossOrigin = 'anonymous'; link.href = href;
    document.head.appendChild(link);
  };
  if (query.has('index')) return;
  add('./data/index.json');
  var landing = document.documentElement.getAttribute('data-landing') || '';
  // The landing study, for a link that opens it: no src (or its own), no local file, a study view.
  var src = query.get('src');
  if (landing && (src === null || src === landing) && !query.has('local') && !/^(catalog|coverage|history)$/.test(view)) add('./' + landing);
})();</script>`;
moved.push(dataPreload);
html = html.replace('</body>', () => `${moved.join('\n')}\n</body>`);

// The import module: trunk writes a worker's files without a content hash, so they are
// renamed here with one (a host may cache them for good, as it does the app's), the loader
// rewritten to load them, and its name given to the app in a <meta>: the app starts it as a
// worker only when an import needs it.
const MODULE = 'servescope-import-worker';
const moduleFiles = [`${MODULE}.js`, `${MODULE}_bg.wasm`, `${MODULE}_loader.js`];
for (const f of moduleFiles) if (!existsSync(join(staging, f))) fail(`no ${f} in`, staging, '(the import module link in index.html?)');
const digest = createHash('sha256');
for (const f of moduleFiles.slice(0, 2)) digest.update(readFileSync(join(staging, f)));
const tag = digest.digest('hex').slice(0, 16);
const named = (f) => f.replace(MODULE, `${MODULE}-${tag}`);
let loaderText = readFileSync(join(staging, `${MODULE}_loader.js`), 'utf8');
for (const f of moduleFiles.slice(0, 2)) {
  if (!loaderText.includes(`./${f}`)) fail(`the import module's loader does not load ./${f}:`, loaderText);
  loaderText = loaderText.replace(`./${f}`, `./${named(f)}`);
}
writeFileSync(join(staging, named(`${MODULE}_loader.js`)), loaderText);
rmSync(join(staging, `${MODULE}_loader.js`));
for (const f of moduleFiles.slice(0, 2)) renameSync(join(staging, f), join(staging, named(f)));
const loader = named(`${MODULE}_loader.js`);
html = html.replace('<meta name="viewport"', () => `<meta name="servescope-import-module" content="./${loader}">\n  <meta name="viewport"`);

writeFileSync(file, html);
const left = readdirSync(staging).filter((f) => f.endsWith('.css'));
console.log(`csp-hash: stylesheet inlined${left.length ? `; other CSS: ${left}` : ''}; pre-rendering, hashing and compressing`);
// Last, once every other file is final. Not --quiet: a wait for cargo's build lock (another
// cargo on the same target/) shows.
const prerender = spawnSync('cargo', ['run', '--locked', '--bin', 'servescope-prerender', '--', staging], { stdio: 'inherit' });
if (prerender.status !== 0) fail('servescope-prerender failed', prerender.error ?? `(exit ${prerender.status ?? `by signal ${prerender.signal}`})`);
