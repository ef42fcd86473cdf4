#!/usr/bin/env node
// Checks the core's layering (docs/architecture.md, "Layers inside the core") on every
// #include "core/..." line, and exits 1 naming each include that breaks it:
// - a layer includes only its own layer and those above it in LAYERS;
// - a family folder (core/coins/<family>/) never includes another family's folder, and the
//   shared core/coins/ includes a family only from the family list (coin_families.cpp);
// - two exceptions: core/rpc/json.h is vocabulary any layer may use, and method-layer files
//   (they register RPC methods or activate coins, and their context is the node) may include
//   core/node/node.h: names ending in _methods, _activation, _activator or _setup, and the
//   files in METHOD_LAYER_FILES with their reason.
// Usage: node scripts/check-layers.mjs [repo root]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const LAYERS = [
  ['async', 'platform'],  // one rank: executors and host interfaces use each other's types
  ['crypto'],
  ['encoding'],
  ['rpc'],
  ['stream'],
  ['wallet'],
  ['walletconnect'],
  ['hardware'],
  ['coins'],
  ['coins/*'],
  ['node'],
];
const VOCABULARY = new Set(['core/rpc/json.h']);
const METHOD_LAYER_FILES = new Map([
  ['core/coins/activation_route.h', 'the one route every activation entry point is declared over'],
  ['core/coins/hd_platform_wallet.cpp', 'opens an activated platform\'s HD wallet from the node\'s storage'],
  ['core/coins/legacy_enable.cpp', 'routes KDF\'s legacy enable method to the families'],
  ['core/coins/evm/swap_fee_policy.cpp', 'get/set_swap_transaction_fee_policy'],
  ['core/rpc/rpc_task_methods.h', 'registers task::<family>::* methods'],
]);
const METHOD_NAME = /_(methods|activation|activator|setup)\.(h|cpp)$/;

const root = process.argv[2] ?? new URL('..', import.meta.url).pathname;

// The layer of a core path: "crypto", "coins", "coins/evm", ...
function layerOf(path) {
  const parts = path.split('/');
  if (parts[1] === 'coins' && parts.length > 3) return `coins/${parts[2]}`;
  return parts[1];
}
function rank(layer) {
  const key = layer.startsWith('coins/') ? 'coins/*' : layer;
  const i = LAYERS.findIndex((names) => names.includes(key));
  if (i < 0) throw new Error(`core/${layer} is in no layer: add it to LAYERS and the document`);
  return i;
}
function* sources(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sources(path);
    else if (/\.(h|cpp)$/.test(name)) yield path;
  }
}

const problems = [];
let includes = 0;
for (const file of sources(join(root, 'core'))) {
  const from = relative(root, file);
  const a = layerOf(from);
  for (const [i, line] of readFileSync(file, 'utf8').split('\n').entries()) {
    const m = /^#include "(core\/[^"]+)"/.exec(line);
    if (!m) continue;
    includes += 1;
    const to = m[1];
    const b = layerOf(to);
    const where = `${from}:${i + 1} includes ${to}`;
    if (a === b || VOCABULARY.has(to)) continue;
    if (a.startsWith('coins/') && b.startsWith('coins/')) {
      problems.push(`${where}: one family's folder includes another's`);
    } else if (a === 'coins' && b.startsWith('coins/')) {
      if (from !== 'core/coins/coin_families.cpp') problems.push(`${where}: shared coins code names a family`);
    } else if (rank(b) > rank(a)) {
      const methodLayer = METHOD_NAME.test(from) || METHOD_LAYER_FILES.has(from);
      if (!(to === 'core/node/node.h' && methodLayer)) problems.push(`${where}: core/${a} is above core/${b}`);
    }
  }
}
if (problems.length) {
  console.error(`check-layers: ${problems.length} include(s) break the layering (docs/architecture.md):`);
  for (const p of problems) console.error(`  ${p}`);
  process.exit(1);
}
console.log(`check-layers: ${includes} includes of the core keep the layering`);
