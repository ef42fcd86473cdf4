// A CometBFT node with a Cosmos SDK (gaia-like) application behind it, for the tests: CometBFT's
// JSON-RPC on 127.0.0.1 (POST on "/" — single requests and batches —, GET /<method>?args with
// id -1, and a websocket on /websocket), run in the test's own process. Rules it enforces, as the
// SDK v0.50 ante handler and modules do (texts and their sources: tests/peers/cometbft/sdk.mjs):
// - CheckTx (broadcast_tx_sync/_commit/_async): TxRaw decoding (code 2), exactly one signer and
//   signature (15/4), timeout_height against the last committed height (30), gas_limit > 0 (41)
//   and ≥ the per-byte gas (11), minimum fee ceil(gas_limit × minGasPrice) in the chain denom —
//   a fee in another denom is refused too (13), the fee payer exists (9) and can pay (5), the
//   signer-info pubkey hashes to the messages' signer (8), sequence (32), SIGN_MODE_DIRECT
//   signature over sha256(SignDoc(raw body_bytes, raw auth_info_bytes, chain id, account number))
//   with @cosmjs/crypto, high-S refused (4). A refused tx changes nothing and is not stored.
// - DeliverTx (each accepted tx is committed at once in its own block, height + 1): the timeout
//   is checked again at the new height (30, no fee), then the fee is charged and the sequence
//   bumped; gas_used > gas_limit → 11 with the fee kept; then the messages run atomically —
//   MsgSend (any denom), MsgTransfer (port transfer, channel must exist and be OPEN, a future
//   timeout_timestamp, coins to the channel's escrow address), MsgDelegate (validator must exist),
//   MsgUndelegate (≤ the delegation; an unbonding entry maturing after unbondingTimeSeconds,
//   paid back at the first block after that), MsgWithdrawDelegatorReward (the truncated integer
//   part of the DecCoin reward; delegating/undelegating also withdraws it, as the distribution
//   hooks do) — a failing message keeps only the fee and the ante events.
// - Deterministic gas: gas_used = Σ GAS[type_url] + 10 × len(body_bytes). The per-byte term uses
//   body_bytes only (not the whole TxRaw), so the fee-0 simulation of a body gives exactly the
//   gas_used of the signed tx with that body. Simulate skips the signature, pubkey and min-fee
//   checks but checks the sequence and balances, like the SDK's simulate mode; its gas meter is
//   infinite, hence gas_wanted 18446744073709551615.
// Answer shapes follow the recordings in tests/data/recorded/cosmos (docs/recordings.md): numbers
// CometBFT sends as strings stay strings (heights, gas, total_count), `code` is a number, empty
// byte fields are null; cometVersion '0.38'/'0.37' answer broadcast_tx_commit with tx_result and
// plain event keys, '0.34' with deliver_tx, check_tx's mempoolError/priority/sender and base64
// event keys/values (SDK 0.46 logs and TxMsgData.data); '0.38' adds the SDK 0.50 msg_index.
// Events are the SDK's: ante (coin_spent/coin_received/transfer/message for the fee, tx{fee,
// fee_payer}, tx{acc_seq}, tx{signature}) then per message (message{action,sender,module}, bank
// coin events, delegate/unbond/withdraw_rewards/send_packet/ibc_transfer).
// Fault switches (node.faults): down (every request's socket destroyed), slowMs, wrongChainId
// (status/block/signature checks use it), sequenceRace (the next N broadcasts first see the
// signer's sequence bumped, as if another wallet had sent a tx). Every timer is cleared by stop().
// Helpers: cometbft/sdk.mjs (tx decoding, gas rule, error texts with their sources),
// cometbft/messages.mjs (what each message does), cometbft/queries.mjs (the abci_query paths),
// cometbft/query-language.mjs (tx_search / subscribe queries).
import { WebSocketServer } from 'ws';
import { Secp256k1, Secp256k1Signature, sha256 } from '@cosmjs/crypto';
import { fromBase64, toBase64 } from '@cosmjs/encoding';
import { makeSignBytes, makeSignDoc } from '@cosmjs/proto-signing';
import { TxMsgData } from 'cosmjs-types/cosmos/base/abci/v1beta1/abci';
import { Tx } from 'cosmjs-types/cosmos/tx/v1beta1/tx';
import { listenLocal } from './local-server.mjs';
import {
  GAS, MSG, SdkError, sdkError, decodeTx, gasUsedFor, gasParts, signerOf, addressOf, moduleAddress, escrowAddress,
  coinsString, requiredFee, hexUpper, SECP256K1_N, rfc3339Nano,
} from './cometbft/sdk.mjs';
import { QUERIES } from './cometbft/queries.mjs';
import { applyMessage, ev, CHANNEL_STATE } from './cometbft/messages.mjs';
import { parseQuery, matches } from './cometbft/query-language.mjs';

export { GAS, gasUsedFor };

const COMET_VERSION = { '0.38': '0.38.17', '0.37': '0.37.15', '0.34': '0.34.35' };
const MAX_UINT64 = 18446744073709551615n;
const MAX_BLOCKS = 20000;
const ARG_NAMES = { abci_query: ['path', 'data', 'height', 'prove'], broadcast_tx_sync: ['tx'], broadcast_tx_commit: ['tx'],
  broadcast_tx_async: ['tx'], tx_search: ['query', 'prove', 'page', 'per_page', 'order_by'], tx: ['hash', 'prove'], block: ['height'] };

class RpcError extends Error {
  constructor(code, message, data) { super(message); this.rpc = data === undefined ? { code, message } : { code, message, data }; }
}
const internalError = (data) => new RpcError(-32603, 'Internal error', data);
const hex40 = (text) => hexUpper(sha256(new TextEncoder().encode(text))).slice(0, 40);

export async function startCometNode(options = {}) {
  const node = new CometNode(options);
  await node.listen();
  return node;
}

class CometNode {
  constructor({ chainId = 'cosmoshub-4', denom = 'uatom', prefix = 'cosmos', valoperPrefix, minGasPrice = 0,
    startHeight = 1000000, blockIntervalMs = 0, cometVersion = '0.38', unbondingTimeSeconds = 1814400 } = {}) {
    if (!COMET_VERSION[cometVersion]) throw new Error(`cometVersion ${cometVersion}: use '0.38', '0.37' or '0.34'`);
    this.options = { chainId, denom, prefix, valoperPrefix: valoperPrefix ?? `${prefix}valoper`, minGasPrice, startHeight,
      blockIntervalMs, cometVersion, unbondingTimeSeconds };
    this.faults = { down: false, slowMs: 0, wrongChainId: null, sequenceRace: 0 };
    this.requests = [];
    this.txs = [];
    this.txByHash = new Map();
    this.lastSimulation = null;
    this.revision = BigInt(/-(\d+)$/.exec(chainId)?.[1] ?? 0);
    this.state = { accounts: new Map(), validators: new Map(), delegations: new Map(), unbondings: new Map(),
      rewards: new Map(), channels: new Map(), nextAccountNumber: 1n, nextUnbondingId: 1 };
    this.modules = {};
    for (const name of ['fee_collector', 'distribution', 'bonded_tokens_pool', 'not_bonded_tokens_pool', 'transfer', 'gov']) {
      this.modules[name] = moduleAddress(prefix, name);
      this.ensureAccount(this.modules[name]).kind = 'module';
      this.state.accounts.get(this.modules[name]).moduleName = name;
    }
    this.state.nextAccountNumber = 7n; // user accounts start at 7, so that a wrong 0 is caught
    this.blocks = new Map();
    this.height = startHeight;
    this.earliestHeight = startHeight;
    this.addBlock(startHeight, []);
    this.timers = new Set();
    this.queue = Promise.resolve();
    this.subscriptions = new Map(); // ws → Map<query, {id, conditions}>
  }

  async listen() {
    this.http = await listenLocal((req, res) => this.handle(req, res));
    this.url = this.http.url;
    this.wsUrl = `${this.url.replace(/^http/, 'ws')}/websocket`;
    this.wss = new WebSocketServer({ noServer: true, maxPayload: 1 << 20 });
    this.http.server.on('upgrade', (req, socket, head) => {
      if (this.faults.down || new URL(req.url, 'http://x').pathname !== '/websocket') { socket.destroy(); return; }
      this.wss.handleUpgrade(req, socket, head, (ws) => this.onSocket(ws));
    });
    if (this.options.blockIntervalMs > 0) {
      this.interval = setInterval(() => { this.serialized(() => this.addBlock(this.height + 1, [])).catch(() => {}); }, this.options.blockIntervalMs);
    }
  }

  async stop() {
    clearInterval(this.interval);
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    for (const ws of this.wss?.clients ?? []) ws.terminate();
    this.wss?.close();
    await this.http?.close();
  }

  delay(ms) {
    return new Promise((resolve) => {
      const t = setTimeout(() => { this.timers.delete(t); resolve(); }, ms);
      this.timers.add(t);
    });
  }

  // ---- state helpers for the tests ----

  ensureAccount(address) {
    if (!this.state.accounts.has(address)) {
      this.state.accounts.set(address, { accountNumber: this.state.nextAccountNumber++, sequence: 0n, pubkey: null,
        kind: 'base', balances: new Map() });
    }
    return this.state.accounts.get(address);
  }
  fund(address, amount, denom = this.options.denom) { this.credit(address, denom, BigInt(amount)); }
  balance(address, denom = this.options.denom) { return this.state.accounts.get(address)?.balances.get(denom) ?? 0n; }
  account(address) {
    const a = this.state.accounts.get(address);
    return a ? { accountNumber: Number(a.accountNumber), sequence: Number(a.sequence), pubkey: a.pubkey } : null;
  }
  setAccountType(address, kind, moduleName) {
    if (!['base', 'continuous-vesting', 'module', 'eth'].includes(kind)) throw new Error(`account kind ${kind}`);
    const a = this.ensureAccount(address);
    a.kind = kind;
    if (moduleName) a.moduleName = moduleName;
  }
  addValidator({ operatorAddress, moniker = 'validator', status = 'BOND_STATUS_BONDED', tokens = 1000000000000n, commissionRate = '0.05' }) {
    this.state.validators.set(operatorAddress, { operatorAddress, moniker, status, tokens: BigInt(tokens), commissionRate: String(commissionRate) });
  }
  setReward(delegator, validator, decCoinAmount) { this.state.rewards.set(`${delegator}|${validator}`, String(decCoinAmount)); }
  setChannel(channelId, state, counterpartyChainId = 'osmosis-1') {
    const n = Number(/(\d+)$/.exec(channelId)?.[1] ?? 0);
    const old = this.state.channels.get(channelId);
    this.state.channels.set(channelId, { state: typeof state === 'number' ? state : CHANNEL_STATE[String(state).replace(/^STATE_/, '')],
      counterpartyChainId, counterpartyChannelId: `channel-${n % 7}`, connectionId: `connection-${n}`,
      clientId: `07-tendermint-${n}`, nextSequence: old?.nextSequence ?? 1n });
  }
  escrow(channelId, denom = this.options.denom) { return this.balance(escrowAddress(this.options.prefix, 'transfer', channelId), denom); }
  delegation(delegator, validator) { return this.state.delegations.get(`${delegator}|${validator}`) ?? 0n; }
  unbondings(delegator) {
    return (this.state.unbondings.get(delegator) ?? []).map((e) => ({ validator: e.validator, creationHeight: e.creationHeight,
      completionTime: new Date(e.completionMs), initialBalance: e.initialBalance, balance: e.balance }));
  }
  /** Ends every open websocket (a node restart or a proxy timeout, as a client sees it). */
  dropWebsockets() { for (const ws of this.wss?.clients ?? []) ws.terminate(); }
  /** Produces n empty blocks (the height a timeout_height is checked against moves on). */
  mine(n = 1) { for (let i = 0; i < n; i++) this.addBlock(this.height + 1, []); }

  credit(address, denom, amount) {
    const a = this.ensureAccount(address);
    a.balances.set(denom, (a.balances.get(denom) ?? 0n) + amount);
  }
  /** Bank's subUnlockedCoins: "spendable balance X is smaller than Y" (code 5). */
  debit(address, denom, amount, text = (have) => `spendable balance ${have}${denom} is smaller than ${amount}${denom}`) {
    const have = this.balance(address, denom);
    if (have < amount) throw sdkError(5, text(have), 'insufficient funds');
    this.state.accounts.get(address).balances.set(denom, have - amount);
  }
  move(from, to, denom, amount) { this.debit(from, denom, amount); this.credit(to, denom, amount); }

  // ---- blocks ----

  addBlock(height, txs) {
    const ms = Date.now();
    const block = { height, ms, nanos: (height * 7919) % 1000000, txs, hash: hexUpper(sha256(new TextEncoder().encode(`${this.options.chainId}/${height}/${ms}`))) };
    this.blocks.set(height, block);
    this.height = height;
    if (this.blocks.size > MAX_BLOCKS) { this.blocks.delete(this.earliestHeight); this.earliestHeight++; }
    this.matureUnbondings(ms);
    return block;
  }
  blockAt(height) { return this.blocks.get(height); }
  blockTime(b) { return rfc3339Nano(b.ms, b.nanos); }
  chainIdSeen() { return this.faults.wrongChainId ?? this.options.chainId; }

  matureUnbondings(now) {
    for (const [delegator, entries] of this.state.unbondings) {
      const keep = [];
      for (const e of entries) {
        if (e.completionMs > now) { keep.push(e); continue; }
        const pool = this.state.accounts.get(this.modules.not_bonded_tokens_pool).balances;
        pool.set(this.options.denom, (pool.get(this.options.denom) ?? 0n) - e.balance);
        this.credit(delegator, this.options.denom, e.balance);
      }
      if (keep.length) this.state.unbondings.set(delegator, keep); else this.state.unbondings.delete(delegator);
    }
  }

  // ---- HTTP / websocket transport ----

  handle(req, res) {
    if (this.faults.down) { req.socket.destroy(); return; }
    let body = '';
    req.on('data', (d) => { body += d; if (body.length > 1 << 20) req.destroy(); });
    req.on('end', async () => {
      if (this.faults.slowMs) await this.delay(this.faults.slowMs);
      if (this.faults.down) { req.socket.destroy(); return; }
      const url = new URL(req.url, 'http://x');
      const reply = (status, json) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json, null, '  '));
      };
      if (req.method === 'GET') {
        if (url.pathname === '/') { res.writeHead(200, { 'content-type': 'text/html' }); res.end('<html><body>Available endpoints:<br></body></html>'); return; }
        const params = {};
        for (const [k, v] of url.searchParams) params[k] = /^".*"$/.test(v) ? v.slice(1, -1) : v;
        reply(200, await this.call({ jsonrpc: '2.0', id: -1, method: url.pathname.slice(1), params }, 'get'));
        return;
      }
      if (url.pathname !== '/') { res.writeHead(404, { 'content-type': 'text/plain' }); res.end('404 page not found\n'); return; }
      let request;
      try { request = JSON.parse(body); } catch (e) {
        reply(200, { jsonrpc: '2.0', id: -1, error: { code: -32700, message: 'Parse error', data: `error unmarshaling request: ${e.message}` } });
        return;
      }
      if (Array.isArray(request)) {
        const out = [];
        for (const r of request.slice(0, 100)) out.push(await this.call(r, 'http'));
        reply(200, out);
      } else reply(200, await this.call(request, 'http'));
    });
  }

  onSocket(ws) {
    this.subscriptions.set(ws, new Map());
    ws.on('close', () => this.subscriptions.delete(ws));
    ws.on('message', async (data) => {
      if (this.faults.down) { ws.terminate(); return; }
      if (this.faults.slowMs) await this.delay(this.faults.slowMs);
      let request;
      try { request = JSON.parse(String(data)); } catch (e) {
        ws.send(JSON.stringify({ jsonrpc: '2.0', id: -1, error: { code: -32700, message: 'Parse error', data: e.message } }));
        return;
      }
      const answer = await this.call(request, 'ws', ws);
      if (ws.readyState === 1) ws.send(JSON.stringify(answer, null, '  '));
    });
  }

  async call(request, via, ws) {
    const { id = null, method } = request ?? {};
    let params = request?.params ?? {};
    if (Array.isArray(params)) params = Object.fromEntries((ARG_NAMES[method] ?? []).map((k, i) => [k, params[i]]).filter(([, v]) => v !== undefined));
    this.requests.push({ method, params, via, ...(method === 'abci_query' ? { path: params.path } : {}) });
    try {
      return { jsonrpc: '2.0', id, result: await this.dispatch(method, params, ws, id) };
    } catch (e) {
      if (e instanceof RpcError) return { jsonrpc: '2.0', id, error: e.rpc };
      return { jsonrpc: '2.0', id, error: { code: -32603, message: 'Internal error', data: String(e?.message ?? e) } };
    }
  }

  dispatch(method, p, ws, id) {
    switch (method) {
      case 'health': return {};
      case 'status': return this.status();
      case 'abci_info': return this.abciInfo();
      case 'abci_query': return this.serialized(() => this.abciQuery(p));
      case 'broadcast_tx_sync': case 'broadcast_tx_commit': case 'broadcast_tx_async':
        return this.serialized(() => this.broadcast(p, method.slice('broadcast_tx_'.length)));
      case 'tx_search': return this.txSearch(p);
      case 'tx': return this.txByHashRpc(p);
      case 'block': return this.blockRpc(p);
      case 'subscribe': case 'unsubscribe': case 'unsubscribe_all':
        if (!ws) throw new RpcError(-32601, 'Method not found');
        return this.subscription(method, p, ws, id);
      default: throw new RpcError(-32601, 'Method not found');
    }
  }
  serialized(fn) {
    const run = this.queue.then(fn);
    this.queue = run.catch(() => {});
    return run;
  }

  // ---- info methods ----

  status() {
    const latest = this.blockAt(this.height);
    const earliest = this.blockAt(this.earliestHeight);
    return {
      node_info: {
        protocol_version: { p2p: '8', block: '11', app: '0' },
        id: hex40(`node/${this.options.chainId}`).toLowerCase(),
        listen_addr: 'tcp://0.0.0.0:26656',
        network: this.chainIdSeen(),
        version: COMET_VERSION[this.options.cometVersion],
        channels: '40202122233038606100',
        moniker: 'walletd-cometbft-emulator',
        other: { tx_index: 'on', rpc_address: 'tcp://0.0.0.0:26657' },
      },
      sync_info: {
        latest_block_hash: latest.hash, latest_app_hash: this.appHash(latest.height),
        latest_block_height: String(latest.height), latest_block_time: this.blockTime(latest),
        earliest_block_hash: earliest.hash, earliest_app_hash: this.appHash(earliest.height),
        earliest_block_height: String(earliest.height), earliest_block_time: this.blockTime(earliest),
        catching_up: false,
      },
      validator_info: { address: hex40(`validator/${this.options.chainId}`),
        pub_key: { type: 'tendermint/PubKeyEd25519', value: toBase64(sha256(new TextEncoder().encode('validator'))) }, voting_power: '0' },
    };
  }
  appHash(height) { return hexUpper(sha256(new TextEncoder().encode(`app/${height}`))); }
  abciInfo() {
    return { response: { data: 'GaiaApp', version: 'v19.2.0', app_version: '0', last_block_height: String(this.height),
      last_block_app_hash: toBase64(Buffer.from(this.appHash(this.height), 'hex')) } };
  }

  async abciQuery({ path = '', data = '', height }) {
    const hexData = String(data ?? '').replace(/^0x/i, '');
    if (!/^([0-9a-fA-F]{2})*$/.test(hexData)) throw new RpcError(-32602, 'Invalid params', `error converting json params to arguments: encoding/hex: invalid byte in ${JSON.stringify(data)}`);
    const asked = Number(height ?? 0) || 0;
    const answer = (code, log, codespace, value) => ({ response: { code, log, info: '', index: '0', key: null,
      value: value?.length ? toBase64(value) : null, proofOps: null, height: String(asked || this.height), codespace } });
    if (asked > this.height) return answer(26, 'cannot query with height in the future; please provide a valid height: invalid height', 'sdk');
    const handler = QUERIES[path];
    if (!handler) return answer(6, 'unknown query path: unknown request', 'sdk');
    try {
      return answer(0, '', '', await handler(this, Buffer.from(hexData, 'hex')));
    } catch (e) {
      if (e instanceof SdkError) return answer(e.code, e.message, e.codespace);
      return answer(18, `${e?.message ?? e}: invalid request`, 'sdk');
    }
  }

  // ---- CheckTx / DeliverTx / Simulate ----

  /**
   * The SDK v0.50 ante chain for `mode` 'check' | 'deliver' | 'simulate'. Throws SdkError; on
   * success returns {payer, events}, and in 'deliver' mode has charged the fee and bumped the sequence.
   */
  async ante(tx, mode) {
    const { prefix, denom } = this.options;
    const simulate = mode === 'simulate';
    if (tx.messages.length === 0) throw sdkError(18, 'must contain at least one message', 'invalid request');
    const signers = [...new Set(tx.messages.map((m) => MSG[m.typeUrl].signer(m.value)))];
    if (tx.signatures.length === 0) throw new SdkError(15, 'no signatures supplied');
    if (signers.length !== tx.signatures.length) throw sdkError(4, `wrong number of signers; expected ${signers.length}, got ${tx.signatures.length}`, 'unauthorized');
    if (tx.signerInfos.length !== tx.signatures.length) throw sdkError(4, `invalid number of signer;  expected: ${tx.signatures.length}, got ${tx.signerInfos.length}`, 'unauthorized');
    const blockHeight = mode === 'deliver' ? this.height + 1 : this.height;
    if (tx.timeoutHeight > 0n && BigInt(blockHeight) > tx.timeoutHeight) {
      throw sdkError(30, `block height: ${blockHeight}, timeout height: ${tx.timeoutHeight}`, 'tx timeout height');
    }
    if (tx.memo.length > 256) throw sdkError(12, `maximum number of characters is 256 but received ${tx.memo.length} characters`, 'memo too large');
    const { perByte } = gasParts(tx);
    if (!simulate && perByte > tx.gasLimit) {
      throw sdkError(11, `out of gas in location: txSize; gasWanted: ${tx.gasLimit}, gasUsed: ${perByte}`, 'out of gas');
    }
    const payer = signers[0];
    if (!simulate) {
      if (tx.gasLimit === 0n) throw sdkError(41, 'must provide positive gas', 'invalid gas limit');
      if (mode === 'check') {
        const required = requiredFee(tx.gasLimit, this.options.minGasPrice);
        const paid = tx.feeCoins.filter((c) => c.denom === denom).reduce((s, c) => s + c.amount, 0n);
        if (tx.feeCoins.some((c) => c.denom !== denom && c.amount > 0n) || paid < required) {
          throw sdkError(13, `insufficient fees; got: ${coinsString(tx.feeCoins)} required: ${required}${denom}`, 'insufficient fee');
        }
      }
    }
    const acc = this.state.accounts.get(payer);
    if (!acc) {
      if (simulate) throw sdkError(9, `account ${payer} does not exist`, 'unknown address');
      throw sdkError(9, `fee payer address: ${payer} does not exist`, 'unknown address');
    }
    const fee = tx.feeCoins.filter((c) => c.amount > 0n);
    for (const c of fee) {
      const have = this.balance(payer, c.denom);
      if (have < c.amount) {
        throw sdkError(5, `spendable balance ${have}${c.denom} is smaller than ${c.amount}${c.denom}: insufficient funds`, 'insufficient funds');
      }
    }
    const info = signerOf(tx.signerInfos[0]);
    if (!simulate && info.pubkey && addressOf(prefix, info.pubkey) !== payer) {
      throw sdkError(8, `pubKey does not match signer address ${payer} with signer index: 0`, 'invalid pubkey');
    }
    const pubkey = info.pubkey ?? acc.pubkey;
    if (!simulate && !pubkey) throw sdkError(8, 'pubkey on account is not set', 'invalid pubkey');
    if (info.sequence !== acc.sequence) {
      throw sdkError(32, `account sequence mismatch, expected ${acc.sequence}, got ${info.sequence}`, 'incorrect account sequence');
    }
    if (!simulate && !(await this.signatureValid(tx, info, pubkey, acc.accountNumber))) {
      throw sdkError(4, `signature verification failed; please verify account number (${acc.accountNumber}) and chain-id (${this.chainIdSeen()}): (unable to verify single signer signature)`, 'unauthorized');
    }
    const feeText = coinsString(fee);
    const events = [];
    if (fee.length) {
      const collector = this.modules.fee_collector;
      events.push(ev('coin_spent', ['spender', payer], ['amount', feeText]), ev('coin_received', ['receiver', collector], ['amount', feeText]),
        ev('transfer', ['recipient', collector], ['sender', payer], ['amount', feeText]), ev('message', ['sender', payer]));
    }
    events.push(this.options.cometVersion === '0.34' ? ev('tx', ['fee', feeText]) : ev('tx', ['fee', feeText], ['fee_payer', payer]),
      ev('tx', ['acc_seq', `${payer}/${acc.sequence}`]),
      ev('tx', ['signature', toBase64(tx.signatures[0] ?? new Uint8Array())]));
    if (mode === 'deliver') {
      for (const c of fee) this.move(payer, this.modules.fee_collector, c.denom, c.amount);
      acc.sequence += 1n;
      if (!acc.pubkey && pubkey) acc.pubkey = pubkey;
    }
    return { payer, events, fee };
  }

  async signatureValid(tx, info, pubkey, accountNumber) {
    const sig = tx.signatures[0];
    if (info.mode !== 1 || !sig || sig.length !== 64) return false;
    if (BigInt('0x' + Buffer.from(sig.subarray(32)).toString('hex')) > SECP256K1_N / 2n) return false;
    const signBytes = makeSignBytes(makeSignDoc(tx.raw.bodyBytes, tx.raw.authInfoBytes, this.chainIdSeen(), accountNumber));
    try {
      return await Secp256k1.verifySignature(Secp256k1Signature.fromFixedLength(sig), sha256(signBytes), pubkey);
    } catch { return false; }
  }

  /** Runs the messages on the current state; restores it if one fails (SdkError wrapped with its index). */
  runMessages(tx, blockMs, blockHeight) {
    const saved = structuredClone(this.state);
    const events = [];
    const responses = [];
    try {
      tx.messages.forEach((m, i) => {
        let r;
        try { r = applyMessage(this, m, blockMs, blockHeight); } catch (e) {
          if (e instanceof SdkError) throw new SdkError(e.code, `failed to execute message; message index: ${i}: ${e.message}`, e.codespace);
          throw e;
        }
        const kind = MSG[m.typeUrl];
        const action = this.options.cometVersion === '0.34'
          ? ev('message', ['action', m.typeUrl]) : ev('message', ['action', m.typeUrl], ['sender', kind.signer(m.value)], ['module', kind.module]);
        const msgEvents = [action, ...r.events];
        if (this.options.cometVersion === '0.34') msgEvents.push(ev('message', ['module', kind.module]));
        if (this.options.cometVersion === '0.38') for (const e of msgEvents) e.attributes.push(['msg_index', String(i)]);
        events.push(...msgEvents);
        responses.push({ typeUrl: m.typeUrl, msgEvents, value: kind.response.encode(kind.response.fromPartial(r.response ?? {})).finish() });
      });
    } catch (e) {
      this.state = saved;
      throw e;
    }
    return { events, responses };
  }

  async checkTx(bytes) {
    let tx;
    try {
      tx = decodeTx(bytes);
      const { events } = await this.ante(tx, 'check');
      return { tx, code: 0, codespace: '', log: '', gasWanted: tx.gasLimit, gasUsed: gasParts(tx).perByte, events };
    } catch (e) {
      if (!(e instanceof SdkError)) throw e;
      return { tx, code: e.code, codespace: e.codespace, log: e.message, gasWanted: tx?.gasLimit ?? 0n, gasUsed: 0n, events: [] };
    }
  }

  async deliverTx(tx) {
    const block = { ms: Date.now(), height: this.height + 1 };
    const { perByte, messages } = gasParts(tx);
    const r = { code: 0, codespace: '', log: '', gasUsed: perByte, events: [], responses: [] };
    try {
      const ante = await this.ante(tx, 'deliver');
      r.events = ante.events;
      r.fee = ante.fee;
      const total = perByte + messages;
      r.gasUsed = total;
      if (total > tx.gasLimit) throw sdkError(11, `out of gas in location: WriteFlat; gasWanted: ${tx.gasLimit}, gasUsed: ${total}`, 'out of gas');
      const ran = this.runMessages(tx, block.ms, block.height);
      r.events.push(...ran.events);
      r.responses = ran.responses;
    } catch (e) {
      if (!(e instanceof SdkError)) throw e;
      Object.assign(r, { code: e.code, codespace: e.codespace, log: e.message });
    }
    const b = this.addBlock(block.height, [tx.bytes]);
    const feeCoin = (r.fee ?? tx.feeCoins)[0];
    const t = {
      hash: tx.hash, height: b.height, index: 0, code: r.code, codespace: r.codespace, log: r.code ? r.log : this.successLog(r.responses),
      gasWanted: tx.gasLimit, gasUsed: r.gasUsed, events: r.events, data: this.txMsgData(r.responses),
      fee: { amount: feeCoin?.amount ?? 0n, denom: feeCoin?.denom ?? this.options.denom },
      messages: tx.messages, memo: tx.memo, timeoutHeight: tx.timeoutHeight, signer: MSG[tx.messages[0].typeUrl].signer(tx.messages[0].value),
      bytes: tx.bytes,
    };
    this.txs.push(t);
    this.txByHash.set(t.hash, t);
    this.publish(t);
    return t;
  }
  /** SDK 0.50 leaves a successful tx's log empty; 0.46/0.47 write the ABCIMessageLogs JSON. */
  successLog(responses) {
    if (this.options.cometVersion === '0.38') return '';
    return JSON.stringify(responses.map((r, i) => {
      const byType = new Map();
      for (const e of r.msgEvents) {
        if (!byType.has(e.type)) byType.set(e.type, []);
        byType.get(e.type).push(...e.attributes.map(([key, value]) => ({ key, value })));
      }
      const events = [...byType].sort(([a], [b]) => (a < b ? -1 : 1)).map(([type, attributes]) => ({ type, attributes }));
      return i ? { msg_index: i, events } : { events };
    }));
  }
  txMsgData(responses) {
    if (this.options.cometVersion === '0.34') return TxMsgData.encode({ data: responses.map((r) => ({ msgType: r.typeUrl, data: r.value })), msgResponses: [] }).finish();
    return TxMsgData.encode({ data: [], msgResponses: responses.map((r) => ({ typeUrl: `${r.typeUrl}Response`, value: r.value })) }).finish();
  }

  /** Simulate: SdkError failures come back as the code-6 "rpc error: code = Unknown" the SDK gives. */
  async simulate(bytes) {
    const saved = structuredClone(this.state);
    let gasUsed = 0n;
    try {
      const tx = decodeTx(bytes);
      const { perByte, messages } = gasParts(tx);
      gasUsed = perByte;
      const ante = await this.ante(tx, 'simulate');
      for (const c of ante.fee) this.move(ante.payer, this.modules.fee_collector, c.denom, c.amount);
      gasUsed = perByte + messages;
      const ran = this.runMessages(tx, Date.now(), this.height + 1);
      this.lastSimulation = { gasUsed: Number(gasUsed), messages: tx.messages };
      return { gasWanted: MAX_UINT64, gasUsed, result: { data: this.txMsgData(ran.responses), log: this.successLog(ran.responses),
        events: [...ante.events, ...ran.events].map((e) => ({ type: e.type, attributes: e.attributes.map(([key, value]) => ({ key, value, index: true })) })),
        msgResponses: ran.responses.map((r) => ({ typeUrl: `${r.typeUrl}Response`, value: r.value })) } };
    } catch (e) {
      if (!(e instanceof SdkError)) throw e;
      throw new SdkError(6, `rpc error: code = Unknown desc = ${e.message} With gas wanted: '${MAX_UINT64}' and gas used: '${gasUsed}' : unknown request`);
    } finally {
      this.state = saved;
    }
  }

  // ---- broadcast ----

  async broadcast({ tx: txParam }, mode) {
    let bytes;
    if (typeof txParam !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(txParam)) {
      throw new RpcError(-32602, 'Invalid params', 'error converting json params to arguments: illegal base64 data');
    }
    try { bytes = fromBase64(txParam); } catch (e) { throw new RpcError(-32602, 'Invalid params', `error converting json params to arguments: ${e.message}`); }
    const hash = hexUpper(sha256(bytes));
    if (this.txByHash.has(hash)) throw internalError('tx already exists in cache');
    if (this.faults.sequenceRace > 0) {
      try {
        const tx = decodeTx(bytes);
        const acc = this.state.accounts.get(MSG[tx.messages[0]?.typeUrl]?.signer(tx.messages[0].value));
        if (acc) { acc.sequence += 1n; this.faults.sequenceRace--; }
      } catch { /* an undecodable tx fails CheckTx below */ }
    }
    const check = await this.checkTx(bytes);
    const t = check.code === 0 ? await this.deliverTx(check.tx) : null;
    if (mode === 'sync' || mode === 'async') {
      const r = mode === 'async' ? { code: 0, log: '', codespace: '' } : check;
      return { code: r.code, data: '', log: r.log, codespace: r.codespace, hash };
    }
    const checkJson = { code: check.code, data: null, log: check.log, info: '', gas_wanted: String(check.gasWanted),
      gas_used: String(check.gasUsed), events: this.eventsJson(check.events), codespace: check.codespace };
    if (this.options.cometVersion === '0.34') Object.assign(checkJson, { mempoolError: '', priority: '0', sender: '' });
    const exec = t ? this.execJson(t) : { code: 0, data: null, log: '', info: '', gas_wanted: '0', gas_used: '0', events: [], codespace: '' };
    return { check_tx: checkJson, [this.options.cometVersion === '0.34' ? 'deliver_tx' : 'tx_result']: exec, hash, height: String(t?.height ?? 0) };
  }

  eventsJson(events) {
    const enc = this.options.cometVersion === '0.34' ? (s) => toBase64(new TextEncoder().encode(s)) : (s) => s;
    return events.map((e) => ({ type: e.type, attributes: e.attributes.map(([key, value]) => ({ key: enc(key), value: enc(value), index: true })) }));
  }
  execJson(t) {
    return { code: t.code, data: t.data?.length ? toBase64(t.data) : null, log: t.log, info: '', gas_wanted: String(t.gasWanted),
      gas_used: String(t.gasUsed), events: this.eventsJson(t.events), codespace: t.codespace };
  }
  txJson(t) { return { hash: t.hash, height: String(t.height), index: t.index, tx_result: this.execJson(t), tx: toBase64(t.bytes) }; }

  // ---- tx_search / tx / block ----

  txSearch({ query, page, per_page: perPageParam, order_by: orderBy = '' }) {
    const conditions = parseQuery(query);
    if (!['asc', 'desc', ''].includes(orderBy)) throw internalError('expected order_by to be either `asc` or `desc` or empty');
    const hits = this.txs.filter((t) => matches(conditions, t));
    if (orderBy === 'desc') hits.reverse();
    let perPage = Number(perPageParam ?? 30) || 30;
    if (perPage < 1) perPage = 30;
    if (perPage > 100) perPage = 100;
    const pages = Math.max(1, Math.ceil(hits.length / perPage));
    const pageNumber = page === undefined || page === null || page === '' ? 1 : Number(page);
    if (!Number.isInteger(pageNumber) || pageNumber < 1 || pageNumber > pages) {
      throw internalError(`page should be within [1, ${pages}] range, given ${page}`);
    }
    return { txs: hits.slice((pageNumber - 1) * perPage, pageNumber * perPage).map((t) => this.txJson(t)), total_count: String(hits.length) };
  }
  txByHashRpc({ hash }) {
    const text = String(hash ?? '');
    const hex = /^(0x)?[0-9a-fA-F]{64}$/.test(text) ? text.replace(/^0x/, '').toUpperCase() : hexUpper(fromBase64(text));
    const t = this.txByHash.get(hex);
    if (!t) throw internalError(`tx (${hex}) not found`);
    return this.txJson(t);
  }
  blockRpc({ height }) {
    const h = height === undefined || height === null || height === '' ? this.height : Number(height);
    if (!(h > 0)) throw internalError(`height must be greater than 0, but got ${height}`);
    if (h > this.height) throw internalError(`height ${h} must be less than or equal to the current blockchain height ${this.height}`);
    const b = this.blockAt(h);
    if (!b) throw internalError(`height ${h} is not available, lowest height is ${this.earliestHeight}`);
    const prev = this.blockAt(h - 1);
    const id = (hash) => ({ hash, parts: { total: 1, hash: hexUpper(sha256(new TextEncoder().encode(`parts/${hash}`))) } });
    const empty = hexUpper(sha256(new Uint8Array()));
    const validator = hex40(`validator/${this.options.chainId}`);
    return {
      block_id: id(b.hash),
      block: {
        header: {
          version: { block: '11', app: '0' }, chain_id: this.chainIdSeen(), height: String(h), time: this.blockTime(b),
          last_block_id: prev ? id(prev.hash) : { hash: '', parts: { total: 0, hash: '' } },
          last_commit_hash: hexUpper(sha256(new TextEncoder().encode(`commit/${h - 1}`))),
          data_hash: b.txs.length ? hexUpper(sha256(Buffer.concat(b.txs.map((x) => Buffer.from(sha256(x)))))) : empty,
          validators_hash: hex40(`vals/${this.options.chainId}`).padEnd(64, '0'), next_validators_hash: hex40(`vals/${this.options.chainId}`).padEnd(64, '0'),
          consensus_hash: '048091BC7DDC283F77BFBF91D73C44DA58C3DF8A9CBC867405D8B7F3DAADA22F', app_hash: this.appHash(h - 1),
          last_results_hash: empty, evidence_hash: empty, proposer_address: validator,
        },
        data: { txs: b.txs.map((x) => toBase64(x)) },
        evidence: { evidence: [] },
        last_commit: prev ? { height: String(h - 1), round: 0, block_id: id(prev.hash), signatures: [{ block_id_flag: 2, validator_address: validator,
          timestamp: this.blockTime(b), signature: toBase64(new Uint8Array([...sha256(new TextEncoder().encode(`sig/${h}`)), ...sha256(new TextEncoder().encode(`sig2/${h}`))])) }] }
          : { height: '0', round: 0, block_id: { hash: '', parts: { total: 0, hash: '' } }, signatures: [] },
      },
    };
  }
  /** GetBlockByHeightResponse fields (tendermint and SDK block) for the ABCI query. */
  blockProto(b) {
    const json = this.blockRpc({ height: b.height });
    const h = json.block.header;
    const bytes = (x) => Buffer.from(x, 'hex');
    const blockId = { hash: bytes(json.block_id.hash), partSetHeader: { total: 1, hash: bytes(json.block_id.parts.hash) } };
    const header = { version: { block: 11n, app: 0n }, chainId: h.chain_id, height: BigInt(b.height),
      time: { seconds: BigInt(Math.floor(b.ms / 1000)), nanos: (b.ms % 1000) * 1000000 + b.nanos },
      lastBlockId: { hash: bytes(h.last_block_id.hash), partSetHeader: { total: h.last_block_id.parts.total, hash: bytes(h.last_block_id.parts.hash) } },
      lastCommitHash: bytes(h.last_commit_hash), dataHash: bytes(h.data_hash), validatorsHash: bytes(h.validators_hash),
      nextValidatorsHash: bytes(h.next_validators_hash), consensusHash: bytes(h.consensus_hash), appHash: bytes(h.app_hash),
      lastResultsHash: bytes(h.last_results_hash), evidenceHash: bytes(h.evidence_hash) };
    const data = { txs: b.txs };
    return { blockId, block: { header: { ...header, proposerAddress: bytes(h.proposer_address) }, data, evidence: { evidence: [] } },
      sdkBlock: { header: { ...header, proposerAddress: `${this.options.prefix}valcons1${h.proposer_address.toLowerCase().slice(0, 32)}` }, data, evidence: { evidence: [] } } };
  }
  /** cosmos.base.abci.v1beta1.TxResponse of a stored tx (GetTx). */
  txResponse(t) {
    const b = this.blockAt(t.height);
    return { height: BigInt(t.height), txhash: t.hash, codespace: t.codespace, code: t.code, data: hexUpper(t.data ?? new Uint8Array()),
      rawLog: t.log, logs: [], info: '', gasWanted: t.gasWanted, gasUsed: t.gasUsed,
      tx: { typeUrl: '/cosmos.tx.v1beta1.Tx', value: Tx.encode(Tx.decode(t.bytes)).finish() },
      timestamp: b ? new Date(b.ms).toISOString().replace(/\.\d{3}Z$/, 'Z') : '',
      events: t.events.map((e) => ({ type: e.type, attributes: e.attributes.map(([key, value]) => ({ key, value, index: true })) })) };
  }

  // ---- websocket subscriptions ----

  subscription(method, { query } = {}, ws, id) {
    const subs = this.subscriptions.get(ws);
    if (method === 'unsubscribe_all') { subs.clear(); return {}; }
    if (method === 'unsubscribe') {
      if (!subs.delete(query)) throw internalError('subscription not found');
      return {};
    }
    if (subs.has(query)) throw internalError('already subscribed');
    if (subs.size >= 5) throw internalError('max_subscriptions_per_client 5 reached');
    subs.set(query, { id, conditions: parseQuery(query) });
    return {};
  }
  publish(t) {
    const events = { 'tm.event': ['Tx'], 'tx.hash': [t.hash], 'tx.height': [String(t.height)] };
    for (const e of t.events) for (const [k, v] of e.attributes) (events[`${e.type}.${k}`] ??= []).push(v);
    const exec = this.execJson(t);
    const result = Object.fromEntries(Object.entries(exec).filter(([, v]) => !(v === 0 || v === '' || v === null || v === '0' || (Array.isArray(v) && !v.length))));
    for (const [ws, subs] of this.subscriptions) {
      for (const [query, sub] of subs) {
        if (!matches(sub.conditions, t) || ws.readyState !== 1) continue;
        ws.send(JSON.stringify({ jsonrpc: '2.0', id: sub.id, result: { query,
          data: { type: 'tendermint/event/Tx', value: { TxResult: { height: String(t.height), ...(t.index ? { index: t.index } : {}), tx: toBase64(t.bytes), result } } },
          events } }, null, '  '));
      }
    }
  }
}

