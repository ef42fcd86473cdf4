// A relay (gasless) provider emulator for the tests, written from the provider's documented API
// (GasFree's `/api/v1`): on 127.0.0.1, under the network segment (`/nile`), in the test's process.
// - Authentication: `Timestamp` (unix seconds, at most 60 s off) and `Authorization: ApiKey
//   <key>:<Base64(HMAC-SHA256(secret, METHOD + PATH + TIMESTAMP))>`; anything else is HTTP 401.
// - config/token/all, config/provider/all, address/{account} (the relay address computed by the
//   provider's own SDK, @gasfree/gasfree-sdk; nonce; active; allowSubmit; per-token fees and
//   frozen), gasfree/submit and gasfree/{traceId}, answering the envelope {code, reason, message,
//   data} with the documented exception names.
// - submit checks what the controller contract checks: the provider, a supported token, version
//   1, the account's nonce, a deadline not passed, maxFee covering transferFee (+ activateFee on
//   the first transfer), the relay address's token balance (on the TRON emulator's ledger) minus
//   what is in flight, one pending transfer per account, and the TIP-712 signature (hash from the
//   SDK, signer recovered with ethers) — then walks the transfer through WAITING → INPROGRESS →
//   CONFIRMING (tokens moved on the TRON emulator: value to the receiver, the fee to the
//   provider) → SUCCEED on timers, or FAILED when told to.
// - Faults on demand: an HTTP status, a late answer, a malformed body, a FAILED transfer.
// Every timer is cleared by stop().
import { listenLocal } from './local-server.mjs';
import { createHmac, randomUUID, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { recoverAddress } from 'ethers';
import { hex41, base58 } from './tron-node.mjs';

const require = createRequire(import.meta.url);
const { TronGasFree } = require('@gasfree/gasfree-sdk');

const NILE_CHAIN_ID = 3448148188;
export const PROVIDER_ADDRESS = 'TQ6qStrS2ZJ96gieZJC8AurTxwqJETmjfp';

/** The provider's `Authorization` value for a request (also used by tests). */
export function authorization(key, secret, method, path, timestamp) {
  const signature = createHmac('sha256', secret).update(`${method}${path}${timestamp}`).digest('base64');
  return `ApiKey ${key}:${signature}`;
}

export class RelayProvider {
  /**
   * `tron`: the TronNode whose ledger the transfers move. `tokens`: [{address, symbol, decimal,
   * activateFee, transferFee}] (smallest units). `stepMs`: time between state changes.
   */
  static async start({ tron, apiKey = 'test-key', apiSecret = 'test-secret', segment = 'nile',
    chainId = NILE_CHAIN_ID, provider = PROVIDER_ADDRESS, tokens = [], stepMs = 300,
    deadline = { min: 60, max: 600, default: 180 }, maxPending = 1 } = {}) {
    const p = new RelayProvider();
    Object.assign(p, { tron, apiKey, apiSecret, segment, provider, tokens, stepMs, deadline, maxPending });
    p.sdk = new TronGasFree({ chainId });
    p.accounts = new Map();   // hex41 user → {nonce, active}
    p.transfers = new Map();  // trace id → transfer
    p.requests = [];          // [{method, path}] in arrival order
    p.polls = new Map();      // trace id → status requests for it (counted as they arrive)
    p.faults = [];            // [{match: RegExp, status?, delayMs?, body?, times}]
    p.failNextTransfer = null;
    p.timers = new Set();
    p.http = await listenLocal((req, res) => p.handle(req, res));
    p.url = p.http.url;
    return p;
  }

  async stop() {
    for (const t of this.timers) clearTimeout(t);
    await this.http.close();
  }

  // ---- test helpers ----

  relayAddress(user) { return this.sdk.generateGasFreeAddress(base58(user)); }
  account(user) {
    const h = hex41(user);
    if (!this.accounts.has(h)) this.accounts.set(h, { nonce: 0, active: false });
    return this.accounts.get(h);
  }
  /** The next `times` requests whose path matches get this fault instead of an answer. */
  injectFault(fault) { this.faults.push({ times: 1, ...fault }); }
  /** Counts the requests for one transfer's status. */
  pollsOf(traceId) { return this.polls.get(traceId) ?? 0; }

  // ---- HTTP ----

  later(ms, fn) {
    const t = setTimeout(() => { this.timers.delete(t); fn(); }, ms);
    this.timers.add(t);
  }

  handle(req, res) {
    let body = '';
    req.on('data', (c) => { body += c; });
    req.on('end', () => {
      const path = req.url;
      this.requests.push({ method: req.method, path });
      const poll = req.method === 'GET' && path.match(/\/api\/v1\/gasfree\/([^/?]+)$/);
      if (poll && poll[1] !== 'submit') this.polls.set(poll[1], (this.polls.get(poll[1]) ?? 0) + 1);
      const fault = this.faults.find((f) => f.match.test(path) && f.times > 0);
      if (fault) {
        fault.times -= 1;
        const answer = () => {
          if (res.destroyed) return;
          res.writeHead(fault.status ?? 200, { 'content-type': 'application/json' });
          res.end(fault.body ?? JSON.stringify({ code: fault.status ?? 500, reason: 'InjectedFault', message: 'injected', data: null }));
        };
        if (fault.delayMs) this.later(fault.delayMs, answer); else answer();
        return;
      }
      const denied = this.checkAuth(req, path);
      if (denied) return this.reply(res, 401, { code: 401, reason: 'Unauthorized', message: denied, data: null });
      const prefix = `/${this.segment}/api/v1/`;
      if (!path.startsWith(prefix)) return this.reply(res, 404, { code: 404, reason: 'NotFound', message: path, data: null });
      const route = path.slice(prefix.length);
      try {
        let data;
        if (req.method === 'GET' && route === 'config/token/all') data = { tokens: this.tokenList() };
        else if (req.method === 'GET' && route === 'config/provider/all') data = { providers: [this.providerInfo()] };
        else if (req.method === 'GET' && route.startsWith('address/')) data = this.addressInfo(route.slice(8));
        else if (req.method === 'POST' && route === 'gasfree/submit') data = this.submit(JSON.parse(body));
        else if (req.method === 'GET' && route.startsWith('gasfree/')) data = this.traceInfo(route.slice(8));
        else return this.reply(res, 404, { code: 404, reason: 'NotFound', message: route, data: null });
        this.reply(res, 200, { code: 200, reason: null, message: null, data });
      } catch (e) {
        if (!e.reason) throw e;
        this.reply(res, 200, { code: 400, reason: e.reason, message: e.message, data: null });
      }
    });
  }

  reply(res, status, json) {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(json));
  }

  checkAuth(req, path) {
    const ts = req.headers.timestamp;
    if (!/^\d+$/.test(ts ?? '')) return 'missing Timestamp';
    if (Math.abs(Number(ts) - Date.now() / 1000) > 60) return 'stale Timestamp';
    const expected = authorization(this.apiKey, this.apiSecret, req.method, path, ts);
    return req.headers.authorization === expected ? null : 'bad signature';
  }

  tokenList() {
    return this.tokens.map((t) => ({ tokenAddress: t.address, createdAt: '2024-10-09T08:14:12.560+00:00',
      updatedAt: '2024-10-09T08:14:12.560+00:00', activateFee: t.activateFee, transferFee: t.transferFee,
      supported: true, symbol: t.symbol, decimal: t.decimal }));
  }

  providerInfo() {
    return { address: this.provider, name: 'Provider-1', icon: '', website: '',
      config: { maxPendingTransfer: this.maxPending, minDeadlineDuration: this.deadline.min,
        maxDeadlineDuration: this.deadline.max, defaultDeadlineDuration: this.deadline.default } };
  }

  pending(user) {
    return [...this.transfers.values()].filter((t) => t.user === hex41(user) && !['SUCCEED', 'FAILED'].includes(t.state));
  }

  frozen(user, token) {
    return this.pending(user).filter((t) => t.token === hex41(token)).reduce((s, t) => s + t.value + t.fee, 0n);
  }

  addressInfo(user) {
    const a = this.account(user);
    return { accountAddress: base58(user), gasFreeAddress: this.relayAddress(user), active: a.active, nonce: a.nonce,
      allowSubmit: this.pending(user).length < this.maxPending,
      assets: this.tokens.map((t) => ({ tokenAddress: t.address, tokenSymbol: t.symbol, activateFee: t.activateFee,
        transferFee: t.transferFee, decimal: t.decimal, frozen: Number(this.frozen(user, t.address)) })) };
  }

  submit(body) {
    const refuse = (reason, message) => { const e = new Error(message); e.reason = reason; throw e; };
    const { token, serviceProvider, user, receiver, value, maxFee, deadline, version, nonce, sig } = body;
    if (serviceProvider !== this.provider) refuse('ProviderAddressNotMatchException', 'provider');
    const t = this.tokens.find((x) => x.address === token);
    if (!t) refuse('UnsupportedTokenException', token);
    if (String(version) !== '1') refuse('VersionNotSupportedException', String(version));
    const a = this.account(user);
    if (Number(nonce) !== a.nonce) refuse('NonceNotMatchException', `expected ${a.nonce}`);
    if (Number(deadline) <= Date.now() / 1000) refuse('DeadlineExceededException', 'deadline exceeded');
    const fee = BigInt(t.transferFee) + (a.active ? 0n : BigInt(t.activateFee));
    if (BigInt(maxFee) < fee) refuse('MaxFeeExceededException', `fee ${fee} > maxFee ${maxFee}`);
    const typed = this.sdk.assembleStandard712GasFreeTransactionJson({ token, serviceProvider, user, receiver,
      value: String(value), maxFee: String(maxFee), deadline: String(deadline), version: String(version), nonce: String(nonce) });
    const { permitTransferMessageHash } = this.sdk.getGasFreeLedgerRawHash({ message: typed.message });
    let signer;
    try { signer = recoverAddress(permitTransferMessageHash, '0x' + sig); } catch { signer = null; }
    if (!signer || `41${signer.slice(2).toLowerCase()}` !== hex41(user)) refuse('InvalidSignatureException', 'signature');
    if (this.pending(user).length >= this.maxPending) refuse('TooManyPendingTransferException', 'pending');
    const relay = this.relayAddress(user);
    const available = this.tron.tokenBalance(token, relay) - this.frozen(user, token);
    if (available < BigInt(value) + fee) refuse('InsufficientBalanceException', `${available} < ${BigInt(value) + fee}`);
    a.nonce += 1;
    const id = randomUUID();
    const transfer = { id, createdAt: new Date().toISOString(), user: hex41(user), relay, token: hex41(token), tokenBase58: token,
      receiver, value: BigInt(value), maxFee: BigInt(maxFee), fee, activation: !a.active,
      activateFee: a.active ? 0n : BigInt(t.activateFee), transferFee: BigInt(t.transferFee), sig, nonce: Number(nonce),
      deadline: Number(deadline), state: 'WAITING', txnState: 'INIT' };
    this.transfers.set(id, transfer);
    const failure = this.failNextTransfer;
    this.failNextTransfer = null;
    this.later(this.stepMs, () => { transfer.state = 'INPROGRESS'; transfer.txnState = 'NOT_ON_CHAIN'; });
    this.later(2 * this.stepMs, () => failure ? this.fail(transfer, failure) : this.execute(transfer));
    this.later(3 * this.stepMs, () => { if (transfer.state === 'CONFIRMING') { transfer.state = 'SUCCEED'; transfer.txnState = 'SOLIDITY'; } });
    return this.transferJson(transfer);
  }

  /** CONFIRMING: the controller moves the value to the receiver and the fee to the provider. */
  execute(t) {
    const ledger = this.tron.tokens.get(t.token).ledger;
    const from = hex41(t.relay);
    ledger.set(from, ledger.get(from) - t.value - t.fee);
    ledger.set(hex41(t.receiver), (ledger.get(hex41(t.receiver)) ?? 0n) + t.value);
    ledger.set(hex41(this.provider), (ledger.get(hex41(this.provider)) ?? 0n) + t.fee);
    if (t.activation) this.account(t.user).active = true;
    t.state = 'CONFIRMING';
    t.txnState = 'ON_CHAIN';
    t.txnHash = randomBytes(32).toString('hex');
    t.txnBlockNum = this.tron.head.number;
    t.txnBlockTimestamp = this.tron.head.timestamp;
  }

  fail(t, reason) {
    t.state = 'FAILED';
    t.txnState = 'ON_CHAIN_FAILED';
    t.reason = reason;
  }

  transferJson(t) {
    const onChain = ['CONFIRMING', 'SUCCEED'].includes(t.state);
    return { id: t.id, createdAt: t.createdAt, updatedAt: new Date().toISOString(), accountAddress: base58(t.user),
      gasFreeAddress: t.relay, providerAddress: this.provider, targetAddress: t.receiver, tokenAddress: t.tokenBase58,
      amount: Number(t.value), maxFee: Number(t.maxFee), signature: t.sig, nonce: t.nonce,
      expiredAt: new Date(t.deadline * 1000).toISOString(), state: t.state,
      estimatedActivateFee: Number(t.activateFee), estimatedTransferFee: Number(t.transferFee), estimatedTotalFee: Number(t.fee), estimatedTotalCost: Number(t.value + t.fee),
      txnHash: onChain || t.state === 'FAILED' ? t.txnHash ?? null : null,
      txnBlockNum: onChain ? t.txnBlockNum : null, txnBlockTimestamp: onChain ? t.txnBlockTimestamp : null,
      txnState: t.txnState, txnActivateFee: onChain ? Number(t.activateFee) : null,
      txnTransferFee: onChain ? Number(t.transferFee) : null,
      txnTotalFee: onChain ? Number(t.fee) : null, txnAmount: onChain ? Number(t.value) : null,
      txnTotalCost: onChain ? Number(t.value + t.fee) : null, reason: t.reason ?? null };
  }

  traceInfo(id) {
    const t = this.transfers.get(id);
    if (!t) { const e = new Error(`no transfer ${id}`); e.reason = 'TransferNotFoundException'; throw e; }
    return this.transferJson(t);
  }
}
