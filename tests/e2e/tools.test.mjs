// The repository's own command-line tools answer as a reader of the README expects:
// usage on --help, one sentence (never a stack trace) when they cannot do what was asked.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';

const run = (...args) => spawnSync(process.execPath, ['tools/serve.mjs', ...args], { encoding: 'utf8', timeout: 10_000 });

test('serve.mjs --help prints its usage and serves nothing', () => {
  const out = run('--help');
  assert.equal(out.status, 0, out.stderr);
  assert.match(out.stdout, /^usage: node tools\/serve\.mjs \[DIR\] \[PORT\]/);
  assert.doesNotMatch(out.stdout, /serving/);
});

test('serve.mjs refuses an unknown option and a port that is not a number, in one line', () => {
  for (const [args, words] of [
    [['--port', '80'], /unknown option --port/],
    [['tools', 'eighty'], /the port must be a number from 0 to 65535, not "eighty"/],
    [['no-such-folder'], /no-such-folder is not a folder/],
  ]) {
    const out = run(...args);
    assert.equal(out.status, 2, `${args}: ${out.stdout}`);
    assert.match(out.stderr, words);
    assert.equal(out.stderr.trim().split('\n').length, 1, out.stderr);
  }
});

test('a port in use ends serve.mjs with one sentence naming the PORT= to set', async () => {
  const busy = createServer(() => {});
  await new Promise((ok) => busy.listen(0, '127.0.0.1', ok));
  const port = busy.address().port;
  try {
    const out = run('tools', String(port));
    assert.equal(out.status, 1);
    const lines = out.stderr.trim().split('\n');
    assert.equal(lines.length, 1, out.stderr);
    assert.equal(lines[0], `serve: port ${port} is in use by another program: stop it, or choose another port (PORT=${port + 1} bash scripts/serve.sh, or node tools/serve.mjs DIR ${port + 1})`);
  } finally {
    busy.close();
  }
});

test('serve.mjs run through a symlinked path or from a folder with a space still serves (QA F8)', async () => {
  const { mkdtempSync, symlinkSync, mkdirSync, copyFileSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join, resolve } = await import('node:path');
  const scratch = mkdtempSync(join(tmpdir(), 'servescope-serve-'));
  try {
    symlinkSync(resolve('.'), join(scratch, 'link'));
    mkdirSync(join(scratch, 'with space'));
    copyFileSync('tools/serve.mjs', join(scratch, 'with space', 'serve.mjs'));
    for (const script of [join(scratch, 'link', 'tools', 'serve.mjs'), join(scratch, 'with space', 'serve.mjs')]) {
      // --help answers only when the script runs as a command: before, it exited 0 silently.
      const out = spawnSync(process.execPath, [script, '--help'], { encoding: 'utf8', timeout: 10_000 });
      assert.equal(out.status, 0, out.stderr);
      assert.match(out.stdout, /^usage: node tools\/serve\.mjs/, script);
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
});
