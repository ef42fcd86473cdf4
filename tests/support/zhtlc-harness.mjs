// What the ZHTLC withdraw tests share: the wallet's keys from its exported viewing key
// (zxviews…: ak at bytes 41..73, nk at 73..105, ovk at 105..137 of the 169), ARRR's activation
// request against a lightwalletd URL and an Electrum server, running a task to its end, and the spend request
// tests/support/zhtlc_spend_oracle.cpp takes for the chain's notes.
import { bech32 } from '@scure/base';
import { ivkOf } from '../peers/sapling-verify.mjs';
import { authenticationPath } from '../peers/sapling-chain.mjs';
import { bigIntToLe, decodeAddress } from '../peers/sapling-notes.mjs';
import { sleep } from './until.mjs';

const hex = (b) => Buffer.from(b).toString('hex');

export function viewingKeyParts(viewingKey) {
  const { words } = bech32.decode(viewingKey, 1000);
  const fvk = Uint8Array.from(bech32.fromWords(words));
  const [ak, nk, ovk] = [fvk.slice(41, 73), fvk.slice(73, 105), fvk.slice(105, 137)];
  return { ak, nk, ovk, ivk: ivkOf(ak, nk) };
}

/** ARRR's activation request: `electrum` is an Electrum server entry ({url, protocol}). */
export function arrrActivation(lightwalletd, height, electrum) {
  return { ticker: 'ARRR', activation_params: {
    mode: { rpc: 'Light', rpc_data: { electrum_servers: [electrum], light_wallet_d_servers: [lightwalletd], sync_params: { height } } },
    scan_blocks_per_iteration: 50 } };
}

/** Runs `<prefix>::init` and polls `<prefix>::status` until the task ends; answers its result. */
export async function runTask(call, prefix, params, ms = 120000) {
  const init = await call(`${prefix}::init`, params);
  if (init.status !== 200) throw new Error(`${prefix}::init: ${init.text}`);
  const deadline = Date.now() + ms;
  for (;;) {
    const res = await call(`${prefix}::status`, { task_id: init.json.result.task_id });
    if (res.json.result?.status !== 'InProgress') return res.json.result;
    if (Date.now() > deadline) throw new Error(`${prefix} did not finish`);
    await sleep(10);
  }
}

/** zhtlc_spend_oracle's request spending `notes` (the chain's ledger records) of `address`. */
export function oracleSpendRequest(chain, { seed, address, notes, outputs, expiry }) {
  const leaves = chain.leaves();
  const me = decodeAddress(address);
  return { seed: hex(seed), anchor: hex(chain.tip().tree.root()), branch_id: 0x76b809bb, expiry,
    spends: notes.map((n) => ({ d: hex(me.d), value: n.value, rcm: hex(bigIntToLe(n.rcm)), position: n.position,
      path: authenticationPath(leaves, n.position).map(hex) })),
    outputs };
}
