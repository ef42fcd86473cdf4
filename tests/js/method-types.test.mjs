// The npm package's method types (js/src/methods.d.ts, generated from the method table) compile
// under tsc --strict: a sample wallet compiles, and each deliberately wrong call is an error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const tsc = (file) => spawnSync(process.execPath,
  [`${root}node_modules/typescript/bin/tsc`, '--noEmit', '--strict', '--target', 'es2022', '--module', 'es2022',
    '--moduleResolution', 'node', '--lib', 'es2022,dom', file],
  { cwd: root, encoding: 'utf8', timeout: 120000 });

test('a sample wallet compiles against the generated method types', () => {
  const r = tsc('tests/js/types/good-wallet.ts');
  assert.equal(r.status, 0, r.stdout + r.stderr);
});

test('wrong calls fail to compile, one error per wrong line', () => {
  const r = tsc('tests/js/types/wrong-call.ts');
  assert.notEqual(r.status, 0);
  const lines = new Set([...r.stdout.matchAll(/wrong-call\.ts\((\d+),/g)].map((m) => Number(m[1])));
  assert.deepEqual([...lines].sort((a, b) => a - b), [8, 9, 10, 12], r.stdout);
});
