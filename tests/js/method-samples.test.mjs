// Every method's generated params type (js/src/methods.d.ts, from the method table's schemas)
// compiles against a sample call: the requests KDF's own clients send (tests/clients/corpus, the
// accepted ones, in the form the type describes) and, for the methods no client calls that way,
// tests/js/types/method-samples.json. A sample's fields beyond the type are allowed as walletd's
// schemas ignore them, and an optional field may be null (docs/methods.md: read as absent) —
// Lenient<T>; the fields the type declares must have its types. A mutated
// sample (a required field dropped, a field of the wrong type) must fail to compile.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const read = (path) => readFileSync(`${root}${path}`, 'utf8');
const dts = read('js/src/methods.d.ts');
const methods = [...dts.matchAll(/^ {2}"([^"]+)": \{ params:/gm)].map((m) => m[1]);
const legacyOnly = new Set([...read('docs/methods.md').matchAll(/^### `([^`]+)` \(legacy form only\)/gm)]
  .map((m) => m[1]));

/** The samples: [{method, params, source}] from the corpus and the samples file. */
function samples() {
  const out = [];
  for (const file of ['sdk-flutter', 'komodo-wallet', 'kdf-tests']) {
    for (const entry of JSON.parse(read(`tests/clients/corpus/${file}.json`))) {
      if (entry.expect !== 'accepted') continue;
      for (const request of [].concat(entry.request)) {
        if (!methods.includes(request.method)) continue;
        const v2 = request.mmrpc === '2.0';
        if (!v2 && !legacyOnly.has(request.method)) continue;  // the type is the v2 form's
        const { userpass, method, mmrpc, id, ...top } = request;
        const params = v2 ? (request.params ?? {}) : top;
        out.push({ method, params, source: `${file}: ${entry.source.path} ${entry.source.function ?? ''}` });
      }
    }
  }
  for (const s of JSON.parse(read('tests/js/types/method-samples.json')).samples) out.push(s);
  return out;
}

const dir = `${root}build/method-samples`;
const tsc = (file) => spawnSync(process.execPath,
  [`${root}node_modules/typescript/bin/tsc`, '--noEmit', '--strict', '--target', 'es2022', '--module', 'es2022',
    '--moduleResolution', 'node', file],
  { cwd: root, encoding: 'utf8', timeout: 180000 });

/** A .ts file that assigns each sample's params to its method's params type. */
function program(list) {
  const lines = [
    "import type { WalletdMethods } from '../../js/src/methods';",
    'type Lenient<T> = T extends (infer E)[] ? Lenient<E>[] : T extends object',
    '  ? { [K in keyof T]: Lenient<T[K]> | (undefined extends T[K] ? null : never) }',
    '    & { [other: string]: unknown } : T;',
    'type Params<M extends keyof WalletdMethods> = Lenient<WalletdMethods[M]["params"]>;',
  ];
  list.forEach((s, i) => {
    lines.push(`// ${s.source.replace(/\n/g, ' ')}`);
    lines.push(`export const sample${i}: Params<${JSON.stringify(s.method)}> = ${JSON.stringify(s.params)};`);
  });
  return `${lines.join('\n')}\n`;
}

test('every method has a sample call', () => {
  const covered = new Set(samples().map((s) => s.method));
  assert.deepEqual(methods.filter((m) => !covered.has(m)), []);
});

test('every sample call compiles against its method\'s generated params type', () => {
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}/samples.ts`, program(samples()));
  const r = tsc(`${dir}/samples.ts`);
  assert.equal(r.status, 0, r.stdout + r.stderr);
});

test('a sample that breaks its params type fails to compile', () => {
  mkdirSync(dir, { recursive: true });
  const wrong = [
    { method: 'my_balance', params: {}, source: 'required coin dropped' },
    { method: 'withdraw', params: { coin: 'KMD', to: 'R', amount: '1', max: 'yes' }, source: 'max is a boolean' },
    { method: 'task::enable_utxo::init', params: { ticker: 'KMD', activation_params: { mode: { rpc: 'Cable' } } }, source: 'no such mode' },
    { method: 'get_new_address', params: { coin: 'KMD', account_id: 0, chain: 'Side' }, source: 'no such chain' },
  ];
  writeFileSync(`${dir}/wrong.ts`, program(wrong));
  const r = tsc(`${dir}/wrong.ts`);
  const lines = new Set([...r.stdout.matchAll(/wrong\.ts\((\d+),/g)].map((m) => Number(m[1])));
  assert.equal(lines.size, wrong.length, r.stdout);
});
