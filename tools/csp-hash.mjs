// trunk post_build hook: write the sha256 of every inline <script> of the staged index.html
// into the CSP meta tag, replacing the placeholder, and add preloads for the default data.
// Fails the build when the placeholder or the inline script is missing, so a page can never
// ship with a stale or absent hash.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const PLACEHOLDER = "'sha256-CSP_INIT_SCRIPT_HASH'";
const staging = process.env.TRUNK_STAGING_DIR;
if (!staging) {
  console.error('csp-hash: TRUNK_STAGING_DIR is not set; run me as a trunk post_build hook');
  process.exit(1);
}
const file = join(staging, 'index.html');
const html = readFileSync(file, 'utf8');
const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
if (inline.length === 0) {
  console.error('csp-hash: no inline script found in', file);
  process.exit(1);
}
if (!html.includes(PLACEHOLDER)) {
  console.error('csp-hash: CSP placeholder not found in', file);
  process.exit(1);
}
const hashes = inline.map((body) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
let out = html.replace(PLACEHOLDER, hashes.join(' '));

// Request the index and its first results file as early as the wasm: the app would
// otherwise fetch them only after it starts, a serial round trip the peers do not pay.
// (crossorigin="anonymous" matches fetch()'s defaults, so the app's request reuses them.)
const index = JSON.parse(readFileSync(join(staging, 'data', 'index.json'), 'utf8'));
const first = index.results?.[0]?.path;
const preload = (href) => `<link rel="preload" href="./${href}" as="fetch" type="application/json" crossorigin="anonymous">`;
const links = [preload('data/index.json'), ...(first ? [preload(first)] : [])].join('\n  ');
if (!out.includes('</head>')) {
  console.error('csp-hash: no </head> in', file);
  process.exit(1);
}
out = out.replace('</head>', `  ${links}\n</head>`);
writeFileSync(file, out);
console.log(`csp-hash: ${hashes.length} inline script hash(es) written`);
