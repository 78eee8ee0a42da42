// The split step (run by tools/csp-hash.mjs, trunk's post_build hook): cuts the views a first
// visit never shows out of the app's wasm, so the first download holds only what the first
// view runs (src/ui/shell/lazy.rs holds the split points).
//
// Trunk does not split wasm (and its wasm-bindgen never keeps the exports a split needs), so
// this starts again from cargo's output for the app, which keeps its relocations
// (build.rs):
//   wasm_split_cli     cargo's wasm → main.wasm, one wasm per split point and per chunk of
//                      code several share, and __wasm_split.js, their loader
//   wasm-bindgen       main.wasm → the app's JS glue and wasm, keeping the exports the
//                      chunks link to (--keep-lld-exports)
//   wasm-opt -Oz       each wasm (release)
// and puts the results in place of trunk's: the app's JS and wasm keep trunk's names (both
// are a function of the same cargo output), the loader and the chunks get names with a hash
// of their content, and index.html's integrity attributes are written for the new bytes.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const APP = 'servescope';
// What wasm_split_cli writes the loader as, and what the app's wasm imports it by.
const LOADER = '__wasm_split.js';

/** The staged app files trunk wrote: its JS glue and its wasm. */
function trunkFiles(staging) {
  const files = readdirSync(staging);
  const wasm = files.filter((f) => new RegExp(`^${APP}-[0-9a-f]+_bg\\.wasm$`).test(f));
  if (wasm.length !== 1) throw new Error(`expected one ${APP}-HASH_bg.wasm in the staging directory, found ${wasm.length}`);
  const js = wasm[0].replace(/_bg\.wasm$/, '.js');
  if (!files.includes(js)) throw new Error(`no ${js} beside ${wasm[0]}`);
  return { js, wasm: wasm[0] };
}

function run(command, args) {
  const done = spawnSync(command, args, { stdio: ['ignore', 'inherit', 'pipe'], encoding: 'utf8' });
  // wasm-opt 132 does not know the name section's newer subsections wasm_split_cli keeps:
  // harmless, and one line per file; everything else is passed on.
  const said = (done.stderr ?? '').split('\n').filter((l) => l && !/^warning: unknown name subsection/.test(l));
  if (said.length) console.error(said.join('\n'));
  if (done.error?.code === 'ENOENT') throw new Error(`${command} not found (scripts/setup.sh installs it)`);
  if (done.status !== 0) throw new Error(`${command} ${args.join(' ')} failed ${done.error ?? `(exit ${done.status ?? `by signal ${done.signal}`})`}`);
}

/** Reads one unsigned LEB128 number at `at`: [value, next offset]. */
function leb128(bytes, at) {
  let value = 0;
  let shift = 0;
  for (;;) {
    const byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
    if (!(byte & 0x80)) return [value, at];
  }
}

/** The function names in a wasm's name section, or null when it has none. */
export function functionNames(bytes) {
  const utf8 = new TextDecoder();
  let at = 8;
  while (at < bytes.length) {
    const id = bytes[at++];
    let size;
    [size, at] = leb128(bytes, at);
    const end = at + size;
    if (id === 0) {
      let [length, next] = leb128(bytes, at);
      if (utf8.decode(bytes.subarray(next, next + length)) === 'name') {
        next += length;
        while (next < end) {
          const sub = bytes[next++];
          let subSize;
          [subSize, next] = leb128(bytes, next);
          if (sub === 1) {
            const names = [];
            let [count, p] = leb128(bytes, next);
            for (; count > 0; count--) {
              [, p] = leb128(bytes, p);
              [length, p] = leb128(bytes, p);
              names.push(utf8.decode(bytes.subarray(p, p + length)));
              p += length;
            }
            return names;
          }
          next += subSize;
        }
        return [];
      }
    }
    at = end;
  }
  return null;
}

/**
 * Fails when a chunk calls one of wasm-bindgen's casts (`wbg_cast::breaks_if_inlined`, what
 * a `JsValue` made from a string or a number, a closure handed to JS, or a string property
 * compile to). wasm-bindgen rewrites the calls to a cast, and the cast, in the module it
 * processes, the main one; a chunk, which it never sees, still calls the cast as it was,
 * through a shim, and traps ("function signature mismatch") when its view runs.
 */
function checkChunkCasts(work, chunks, views) {
  for (const f of chunks) {
    const names = functionNames(readFileSync(join(work, f)));
    if (names === null) throw new Error(`${f}: no name section, so its calls to wasm-bindgen's casts cannot be checked`);
    const casts = names.filter((n) => n.includes('wbg_cast') && n.includes('breaks_if_inlined'));
    if (!casts.length) continue;
    const by = Object.entries(views).filter(([, files]) => files.includes(f)).map(([view]) => view);
    throw new Error(`${f} (loaded by ${by.join(', ') || 'no view'}) calls wasm-bindgen's cast ${casts[0]}: it would trap when run. `
      + 'Let that code reach JS through a function the first download calls too, or leave it in the first download.');
  }
}

const tagOf = (bytes) => createHash('sha256').update(bytes).digest('hex').slice(0, 16);
const sri = (bytes) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

/** Replaces `from` once in `text`, failing when it is not there: a changed tool output must
 * stop the build, not ship a page that cannot start. */
function replaceOnce(text, from, to, where) {
  const at = text.indexOf(from);
  if (at < 0) throw new Error(`${where}: ${JSON.stringify(from)} not found`);
  return text.slice(0, at) + to + text.slice(at + from.length);
}

/**
 * Each split point's files, by its name (`tradeoff`, `import-form`), as the loader fetches
 * them: the chunk of its own and the shared ones it needs. The page's head script preloads
 * them for a link that names the view, beside the main wasm instead of after it.
 */
function filesOfSplits(loader) {
  const loads = new Map();
  for (const m of loader.matchAll(/const (__\w+) = (?:wrapAsyncCb\()?makeLoad\(new URL\("\.\/([^"]+)", import\.meta\.url\), \[([^\]]*)\]/g)) {
    loads.set(m[1], { file: m[2], deps: m[3].split(',').map((d) => d.trim()).filter(Boolean) });
  }
  const files = (name, seen = new Set()) => {
    const load = loads.get(name);
    if (!load || seen.has(name)) return [];
    seen.add(name);
    return [load.file, ...load.deps.flatMap((d) => files(d, seen))];
  };
  const views = {};
  for (const name of loads.keys()) {
    const split = name.match(/^__wasm_split_load_(\w+)$/);
    if (split) views[split[1].replaceAll('_', '-')] = files(name);
  }
  if (!Object.keys(views).length) throw new Error(`${LOADER}: no split point found`);
  return views;
}

/**
 * Splits the app in `staging` (trunk's staging directory) and returns what it wrote: the
 * main wasm's size, the loader's name, each chunk's name and size, in bytes, and each split
 * view's files (`filesOfSplits`).
 */
export function splitApp(staging, { release, targetDir }) {
  const profile = release ? 'wasm-release' : 'debug';
  const input = join(targetDir, 'wasm32-unknown-unknown', profile, `${APP}.wasm`);
  const work = mkdtempSync(join(tmpdir(), 'servescope-split-'));
  try {
    run('wasm_split_cli', [input, work]);
    const chunks = readdirSync(work).filter((f) => f.endsWith('.wasm') && f !== 'main.wasm');
    checkChunkCasts(work, chunks, filesOfSplits(readFileSync(join(work, LOADER), 'utf8')));
    run('wasm-bindgen', [join(work, 'main.wasm'), '--out-dir', join(work, 'bindgen'), '--out-name', 'main', '--target', 'web', '--no-typescript', '--keep-lld-exports']);
    const wasmFiles = [join(work, 'bindgen', 'main_bg.wasm'), ...chunks.map((f) => join(work, f))];
    // SPLIT_WASM_OPT=0 keeps the function names (for a CPU profile of a release build).
    if (release && process.env.SPLIT_WASM_OPT !== '0') for (const f of wasmFiles) run('node_modules/.bin/wasm-opt', [f, '-Oz', '-o', f]);

    const app = trunkFiles(staging);
    // The chunks, named by their content.
    let loader = readFileSync(join(work, LOADER), 'utf8');
    const written = [];
    for (const f of chunks) {
      const bytes = readFileSync(join(work, f));
      const name = `${APP}-${f.replace(/\.wasm$/, '').replaceAll('_', '-')}-${tagOf(bytes)}.wasm`;
      loader = replaceOnce(loader, `"./${f}"`, `"./${name}"`, LOADER);
      writeFileSync(join(staging, name), bytes);
      written.push({ name, bytes: bytes.length });
    }
    // The loader imports the app's glue by trunk's name, and is imported by its own.
    loader = replaceOnce(loader, 'from "./main.js"', `from "./${app.js}"`, LOADER);
    // It starts a chunk's fetch before the chunks it depends on are in and awaits it only
    // after them: a fetch that fails meanwhile is reported as an unhandled rejection, though
    // the load then fails as it should (the view says so, with a retry). Handled at once.
    loader = replaceOnce(loader, 'const src = fetch(srcUrl);', 'const src = fetch(srcUrl);\n        src.catch(() => {});', LOADER);
    const loaderName = `${APP}-split-${tagOf(loader)}.js`;
    writeFileSync(join(staging, loaderName), loader);
    // The import's module name inside the wasm stays `./__wasm_split.js` (the key of the
    // imports object); only the JS import statement names the file.
    let glue = readFileSync(join(work, 'bindgen', 'main.js'), 'utf8');
    glue = glue.replace(/(from\s*)(['"])\.\/__wasm_split\.js\2/g, (_, from, quote) => `${from}${quote}./${loaderName}${quote}`);
    if (!glue.includes(loaderName)) throw new Error(`main.js: no import of ./${LOADER}`);
    if (glue.includes('main_bg.wasm')) glue = glue.replaceAll('main_bg.wasm', app.wasm);
    const wasm = readFileSync(join(work, 'bindgen', 'main_bg.wasm'));
    // Integrity attributes trunk wrote for its bytes, rewritten for these.
    const index = join(staging, 'index.html');
    let html = readFileSync(index, 'utf8');
    const oldSri = { [app.js]: sri(readFileSync(join(staging, app.js))), [app.wasm]: sri(readFileSync(join(staging, app.wasm))) };
    writeFileSync(join(staging, app.js), glue);
    writeFileSync(join(staging, app.wasm), wasm);
    const newSri = { [app.js]: sri(Buffer.from(glue)), [app.wasm]: sri(wasm) };
    for (const f of [app.js, app.wasm]) html = html.replaceAll(`integrity="${oldSri[f]}"`, `integrity="${newSri[f]}"`);
    writeFileSync(index, html);
    return { wasm: wasm.length, loader: loaderName, chunks: written, views: filesOfSplits(loader) };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
