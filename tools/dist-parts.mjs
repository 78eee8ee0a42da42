// Which part of the built site a file in dist/ is: the first download, or a part fetched only
// when needed. The size gate and the benchmark count the same files the same way.

/** The import module (a worker started only when an import needs it). */
export const isImport = (f) => f.startsWith('servescope-import-worker-');

/** The views written for deep links (prerender-VIEW-HASH.html): fetched only by a link that
 * names one, in place of the landing view. */
export const isDeep = (f) => f.startsWith('prerender-');

const isApp = (f) => /^servescope-[0-9a-f]+_bg\.wasm$/.test(f);

/** The chunks of the parts a first visit does not show (tools/split.mjs), each fetched the
 * first time it is needed: every wasm but the app's own and the import module's, whatever
 * its name. */
export const isLater = (f) => f.endsWith('.wasm') && !isApp(f) && !isImport(f);

/** Whether a first visit downloads the file. */
export const inFirstDownload = (f) => !isImport(f) && !isDeep(f) && !isLater(f);
