// A TRON full node emulator for the tests: java-tron's HTTP API (/wallet/*) on 127.0.0.1, run in
// the test's own process, with the rules a real node applies to what walletd sends:
// - accounts (getaccount answers {} for an unknown one), resources (free daily bandwidth,
//   staked bandwidth and energy), chain parameters (Nile's values by default, answered in the
//   shape of a recorded mainnet answer: negative and valueless keys included);
// - blocks produced on a timer; TAPOS (ref_block_bytes/ref_block_hash must name one of the last
//   65,536 blocks), expiration (after the head block, at most 24 h ahead), duplicate txIDs;
// - the signature: the signer recovered from txID = SHA-256(raw_data) must own the contract;
// - fees exactly as java-tron charges them (BandwidthProcessor, TransferActuator, energy):
//   bandwidth = transaction size + 64 from staked bandwidth, else the free allowance, else
//   burned at getTransactionFee; a transfer creating an account uses staked bandwidth or burns
//   getCreateAccountFee, then pays getCreateNewAccountFeeInSystemContract; energy from stake,
//   else burned at getEnergyFee, capped by fee_limit (OUT_OF_ENERGY);
// - TRC20 tokens: a ledger behind balanceOf/transfer through triggerconstantcontract and
//   TriggerSmartContract transactions, with energy that depends on whether the recipient already
//   holds the token, and a dynamic-energy penalty that energy_used already includes (as
//   java-tron documents).
// Answers come in the shapes recorded from real nodes (tests/data/recorded/tron): proto3 zeros and
// empty lists omitted (no `transactions` in an empty block, no zero resource field), fields walletd
// never reads present (permissions, frozenV2: [{}], a constant call's `transaction`), a reverted
// constant call as java-tron documents it (result.result true, transaction.ret[0].ret FAILED, the
// Error(string) reason in constant_result), broadcasthex's refusals in plain text, and HTTP 200
// {"Error": "class ... : ..."} for a request the servlet cannot take.
// Protobuf is decoded here by a small reader written from the proto files, independently of
// walletd; signatures are recovered with ethers. Every timer is cleared by stop().
import { listenLocal } from './local-server.mjs';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { SigningKey, computeAddress, id as keccakOfText } from 'ethers';
import { TronWeb } from 'tronweb';

const MAINNET_CHAIN_PARAMETERS = JSON.parse(readFileSync(new URL(
  '../data/recorded/tron/getchainparameters-mainnet-tronweb-docs.json', import.meta.url), 'utf8'));
const NILE_PARAMETERS = {
  getTransactionFee: 1000, getEnergyFee: 210, getCreateAccountFee: 100000,
  getCreateNewAccountFeeInSystemContract: 1000000, getCreateNewAccountBandwidthRate: 1,
  getFreeNetLimit: 600, getMaxFeeLimit: 15000000000, getTotalEnergyCurrentLimit: 90000000000,
};
const TRANSFER_SELECTOR = 'a9059cbb';
const BALANCE_OF_SELECTOR = '70a08231';
const MAX_EXPIRATION_MS = 24 * 3600 * 1000;

/** Energy of a TRC20 transfer: base (more when the recipient holds none yet) + the penalty. */
export const ENERGY = { toHolder: 14650, toNewHolder: 29650, penalty: 20000 };

const sha256 = (bytes) => createHash('sha256').update(bytes).digest();
const hex = (bytes) => Buffer.from(bytes).toString('hex');
const utf8Hex = (text) => Buffer.from(text, 'utf8').toString('hex');
/** Error(string)'s ABI encoding of `reason` (hex): what a revert leaves in constant_result[0]. */
const errorStringAbi = (reason) => {
  const bytes = Buffer.from(reason, 'utf8');
  const word = (n) => n.toString(16).padStart(64, '0');
  return '08c379a0' + word(32) + word(bytes.length) + hex(Buffer.concat([bytes, Buffer.alloc((32 - (bytes.length % 32)) % 32)]));
};
/** java-tron's servlet error text: "class <exception class> : <message>". */
const servletError = (e) => `class ${e?.constructor?.name ?? 'Error'} : ${e?.message ?? e}`;

/** 41-prefixed hex (lower case) of a base58 or hex TRON address. */
export function hex41(address) {
  if (/^(0x)?41[0-9a-fA-F]{40}$/.test(address)) return address.replace(/^0x/, '').toLowerCase();
  return TronWeb.address.toHex(address).toLowerCase();
}
export const base58 = (address) => TronWeb.address.fromHex(hex41(address));

// ---- protobuf reader ----

function readVarint(buf, pos) {
  let value = 0n;
  for (let shift = 0n; shift < 70n; shift += 7n) {
    if (pos.at >= buf.length) throw new Error('truncated varint');
    const byte = buf[pos.at++];
    value |= BigInt(byte & 0x7f) << shift;
    if ((byte & 0x80) === 0) return value;
  }
  throw new Error('varint too long');
}

/** Fields of one message: [{number, wire, value (bigint) | bytes (Buffer)}]. */
export function decodeMessage(buf) {
  const fields = [];
  const pos = { at: 0 };
  while (pos.at < buf.length) {
    const key = readVarint(buf, pos);
    const number = Number(key >> 3n);
    const wire = Number(key & 7n);
    if (number === 0) throw new Error('field number 0');
    if (wire === 0) fields.push({ number, wire, value: readVarint(buf, pos) });
    else if (wire === 2) {
      const length = Number(readVarint(buf, pos));
      if (pos.at + length > buf.length) throw new Error('truncated bytes field');
      fields.push({ number, wire, bytes: buf.subarray(pos.at, pos.at + length) });
      pos.at += length;
    } else if (wire === 1 || wire === 5) {
      const width = wire === 1 ? 8 : 4;
      if (pos.at + width > buf.length) throw new Error('truncated fixed field');
      fields.push({ number, wire, bytes: buf.subarray(pos.at, pos.at + width) });
      pos.at += width;
    } else throw new Error(`wire type ${wire}`);
  }
  return fields;
}
const field = (fields, number) => fields.find((f) => f.number === number);

/** A Transaction message → {rawData, signatures, raw: {...}, contract: {...}}. */
export function decodeTransaction(bytes) {
  const top = decodeMessage(bytes);
  const rawField = field(top, 1);
  if (!rawField || rawField.wire !== 2) throw new Error('no raw_data');
  const rawData = Buffer.from(rawField.bytes);
  const signatures = top.filter((f) => f.number === 2).map((f) => Buffer.from(f.bytes));
  const raw = decodeMessage(rawData);
  const contracts = raw.filter((f) => f.number === 11);
  if (contracts.length !== 1) throw new Error(`expected one contract, got ${contracts.length}`);
  const contract = decodeMessage(contracts[0].bytes);
  const type = Number(field(contract, 1)?.value ?? 0n);
  const any = decodeMessage(field(contract, 2)?.bytes ?? Buffer.alloc(0));
  const typeUrl = Buffer.from(field(any, 1)?.bytes ?? []).toString();
  const value = decodeMessage(field(any, 2)?.bytes ?? Buffer.alloc(0));
  const addr = (n) => (field(value, n) ? hex(field(value, n).bytes) : undefined);
  const int = (fields, n) => BigInt(field(fields, n)?.value ?? 0n);
  return {
    rawData, signatures, txid: hex(sha256(rawData)),
    refBlockBytes: hex(field(raw, 1)?.bytes ?? []), refBlockHash: hex(field(raw, 4)?.bytes ?? []),
    expiration: Number(int(raw, 8)), timestamp: Number(int(raw, 14)), feeLimit: int(raw, 18),
    memo: field(raw, 10) ? Buffer.from(field(raw, 10).bytes).toString() : undefined,
    contract: type === 1
      ? { type: 'TransferContract', typeUrl, owner: addr(1), to: addr(2), amount: int(value, 3) }
      : { type: type === 31 ? 'TriggerSmartContract' : `type ${type}`, typeUrl, owner: addr(1), contract: addr(2),
        callValue: int(value, 3), data: field(value, 4) ? hex(field(value, 4).bytes) : '' },
  };
}

// ---- the node ----

export class TronNode {
  static async start({ blockIntervalMs = 250, parameters = {}, startBlock = 64687673 } = {}) {
    const n = new TronNode();
    n.parameters = { ...NILE_PARAMETERS, ...parameters };
    n.accounts = new Map();   // hex41 → {balance, createTime, freeNetUsed, netLimit, netUsed, energyLimit, energyUsed}
    n.tokens = new Map();     // hex41 contract → {decimals, ledger: Map<hex41, bigint>}
    n.blocks = [];
    n.transactions = new Map(); // txid → {tx, info}
    n.pending = [];
    n.requests = [];          // [path] in arrival order, for the tests
    n.produceBlock(startBlock, Date.now() - blockIntervalMs);
    n.timer = setInterval(() => n.produceBlock(), blockIntervalMs);
    n.http = await listenLocal((req, res) => n.handle(req, res));
    n.url = n.http.url;
    return n;
  }

  async stop() {
    clearInterval(this.timer);
    await this.http.close();
  }

  get head() { return this.blocks[this.blocks.length - 1]; }

  produceBlock(number, timestamp) {
    const prev = this.head;
    const num = number ?? prev.number + 1;
    const time = timestamp ?? Math.max(Date.now(), prev.timestamp + 1);
    const id = Buffer.alloc(32);
    id.writeBigUInt64BE(BigInt(num));
    sha256(Buffer.from(`${prev?.id ?? 'genesis'}:${num}`)).copy(id, 8, 0, 24);
    const block = { number: num, id: hex(id), timestamp: time };
    this.blocks.push(block);
    if (this.blocks.length > 70000) this.blocks.shift();
    for (const txid of this.pending.splice(0)) {
      const entry = this.transactions.get(txid);
      entry.info.blockNumber = num;
      entry.info.blockTimeStamp = time;
    }
    return block;
  }

  // ---- test helpers (direct, not over HTTP) ----

  account(address) { return this.accounts.get(hex41(address)); }
  balance(address) { return BigInt(this.account(address)?.balance ?? 0); }
  /** Creates the account if needed and adds `sun`. */
  fund(address, sun) {
    const a = this.ensureAccount(hex41(address));
    a.balance += BigInt(sun);
  }
  /** Sets staked bandwidth / energy limits of an account (as if it had frozen TRX). */
  stake(address, { bandwidth, energy }) {
    const a = this.ensureAccount(hex41(address));
    if (bandwidth !== undefined) a.netLimit = bandwidth;
    if (energy !== undefined) a.energyLimit = energy;
  }
  deployToken(contract, { decimals = 6 } = {}) {
    this.tokens.set(hex41(contract), { decimals, ledger: new Map() });
    this.ensureAccount(hex41(contract));
  }
  mintToken(contract, holder, units) {
    const ledger = this.tokens.get(hex41(contract)).ledger;
    ledger.set(hex41(holder), (ledger.get(hex41(holder)) ?? 0n) + BigInt(units));
  }
  tokenBalance(contract, holder) { return this.tokens.get(hex41(contract))?.ledger.get(hex41(holder)) ?? 0n; }
  txInfo(txid) { return this.transactions.get(txid)?.info; }

  ensureAccount(h) {
    if (!this.accounts.has(h)) {
      this.accounts.set(h, { balance: 0n, createTime: this.head.timestamp, freeNetUsed: 0, netLimit: 0, netUsed: 0,
        energyLimit: 0, energyUsed: 0 });
    }
    return this.accounts.get(h);
  }

  // ---- HTTP ----

  handle(req, res) {
    let body = '';
    req.on('data', (d) => { body += d; if (body.length > 1 << 20) req.destroy(); });
    req.on('end', () => {
      const path = req.url.split('?')[0];
      this.requests.push(path);
      let params = {};
      try { params = body ? JSON.parse(body) : {}; } catch {
        return this.reply(res, 200, { Error: 'class org.tron.json.JSONException : invalid json' });
      }
      const route = {
        '/wallet/getnowblock': () => this.blockJson(this.head),
        '/wallet/getblock': () => this.blockJson(this.head),
        '/wallet/getaccount': () => this.getAccount(params),
        '/wallet/getaccountresource': () => this.getAccountResource(params),
        '/wallet/getchainparameters': () => this.chainParameters(),
        '/wallet/triggerconstantcontract': () => this.triggerConstant(params),
        '/wallet/broadcasthex': () => this.broadcastHex(params),
        '/wallet/broadcasttransaction': () => this.broadcastJson(params),
        '/wallet/gettransactioninfobyid': () => this.txInfo(params.value) ?? {},
      }[path];
      if (!route) return this.reply(res, 404, { Error: `no such API: ${path}` });
      try {
        this.reply(res, 200, route());
      } catch (e) {
        this.reply(res, 200, { Error: servletError(e) });
      }
    });
  }

  // getchainparameters in mainnet's shape: the recorded mainnet list (tests/data/recorded/tron,
  // with its -1 and its valueless keys) with this node's own values written over it; a zero is
  // omitted, as java-tron's proto3 JSON omits it.
  chainParameters() {
    const list = MAINNET_CHAIN_PARAMETERS.chainParameter.map(({ key, value }) => ({ key, value }));
    for (const [key, value] of Object.entries(this.parameters)) {
      const row = list.find((r) => r.key === key);
      if (row) row.value = value; else list.push({ key, value });
    }
    return { chainParameter: list.map(({ key, value }) => (value === 0 || value === undefined ? { key } : { key, value })) };
  }

  reply(res, status, json) {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(json, (_, v) => (typeof v === 'bigint' ? Number(v) : v)));
  }

  // An empty block as java-tron writes it: no `transactions` key, an all-zero txTrieRoot.
  blockJson(block) {
    return { blockID: block.id, block_header: { raw_data: { number: block.number,
      txTrieRoot: '00'.repeat(32), witness_address: '41' + '00'.repeat(20),
      parentHash: this.blocks[this.blocks.length - 2]?.id ?? '', version: 31, timestamp: block.timestamp },
    witness_signature: hex(sha256(Buffer.from(block.id))) + hex(sha256(Buffer.from(block.id + 's'))) + '00' } };
  }

  getAccount({ address }) {
    const a = this.accounts.get(hex41(address));
    if (!a) return {};
    const h = hex41(address);
    const out = { address: h, create_time: a.createTime };
    if (a.balance > 0n) out.balance = a.balance;
    if (a.freeNetUsed) out.free_net_usage = a.freeNetUsed;
    // What a real answer carries besides (the recorded Nile account), unread by walletd.
    const key = [{ address: h, weight: 1 }];
    Object.assign(out, { net_window_size: 28800000, net_window_optimized: true,
      account_resource: { energy_window_size: 28800000, energy_window_optimized: true },
      owner_permission: { permission_name: 'owner', threshold: 1, keys: key },
      active_permission: [{ type: 'Active', id: 2, permission_name: 'active', threshold: 1,
        operations: '7fff1fc0033efb0f000000000000000000000000000000000000000000000000', keys: key }],
      frozenV2: [{}, { type: 'ENERGY' }, { type: 'TRON_POWER' }] });
    return out;
  }

  getAccountResource({ address }) {
    const a = this.accounts.get(hex41(address));
    if (!a) return {};
    const out = { freeNetLimit: this.parameters.getFreeNetLimit, TotalNetLimit: 43200000000,
      TotalNetWeight: 68305209098, TotalEnergyLimit: this.parameters.getTotalEnergyCurrentLimit,
      TotalEnergyWeight: 2411528185 };
    if (a.freeNetUsed) out.freeNetUsed = a.freeNetUsed;
    if (a.netLimit) out.NetLimit = a.netLimit;
    if (a.netUsed) out.NetUsed = a.netUsed;
    if (a.energyLimit) out.EnergyLimit = a.energyLimit;
    if (a.energyUsed) out.EnergyUsed = a.energyUsed;
    return out;
  }

  /** Energy a transfer of `contract` to `to` needs (energy_used, penalty included). */
  transferEnergy(contract, to) {
    const holder = (this.tokens.get(contract).ledger.get(to) ?? 0n) > 0n;
    return (holder ? ENERGY.toHolder : ENERGY.toNewHolder) + ENERGY.penalty;
  }

  // triggerconstantcontract as java-tron answers it (visible=false): a call that ran has
  // result.result true and the return word; a revert too, with transaction.ret[0].ret FAILED, the
  // message "REVERT opcode executed" and the Error(string) reason in constant_result; a contract
  // that does not exist is result.code CONTRACT_VALIDATE_ERROR. Zero energy is omitted (proto3).
  triggerConstant(params) {
    const { owner_address: owner, contract_address: contract, function_selector: selector, parameter = '' } = params;
    const token = this.tokens.get(hex41(contract));
    if (!token) return { result: { code: 'CONTRACT_VALIDATE_ERROR', message: utf8Hex('Smart contract is not exist.') } };
    const ran = (word, energy, extra = {}) => ({ result: { result: true }, ...(energy ? { energy_used: energy } : {}),
      ...extra, constant_result: [word], transaction: this.constantCallTransaction(params, 'ran') });
    const word = (n) => BigInt(n).toString(16).padStart(64, '0');
    if (selector === 'balanceOf(address)') return ran(word(token.ledger.get('41' + parameter.slice(24, 64)) ?? 0n), 0);
    if (selector === 'decimals()') return ran(word(token.decimals), 0);
    if (selector !== 'transfer(address,uint256)') return this.reverted(params, '', 1000);
    const to = '41' + parameter.slice(24, 64);
    const amount = BigInt('0x' + (parameter.slice(64, 128) || '0'));
    if ((token.ledger.get(hex41(owner)) ?? 0n) < amount) {
      return this.reverted(params, errorStringAbi('ERC20: transfer amount exceeds balance'), 1000);
    }
    return ran(word(1), this.transferEnergy(hex41(contract), to), { energy_penalty: ENERGY.penalty });
  }

  /** A reverted constant call (java-tron's documented shape). */
  reverted(params, reason, energy) {
    return { result: { result: true, message: utf8Hex('REVERT opcode executed') }, energy_used: energy,
      constant_result: [reason], transaction: this.constantCallTransaction(params, 'FAILED') };
  }

  /** The `transaction` a constant call answers with (context only; walletd never reads it). */
  constantCallTransaction({ owner_address: owner, contract_address: contract, function_selector: selector, parameter = '' }, outcome) {
    const data = keccakOfText(selector ?? '').slice(2, 10) + parameter;
    const ref = this.head;
    const raw = { contract: [{ parameter: { value: { data, owner_address: hex41(owner), contract_address: hex41(contract) },
      type_url: 'type.googleapis.com/protocol.TriggerSmartContract' }, type: 'TriggerSmartContract' }],
    ref_block_bytes: (ref.number & 0xffff).toString(16).padStart(4, '0'), ref_block_hash: ref.id.slice(16, 32),
    expiration: ref.timestamp + 60000, timestamp: ref.timestamp };
    const rawBytes = encodeTriggerRaw(raw);
    return { ret: [outcome === 'FAILED' ? { ret: 'FAILED' } : {}], visible: false, txID: hex(sha256(rawBytes)),
      raw_data: raw, raw_data_hex: hex(rawBytes) };
  }

  // broadcasttransaction writes its refusal's message as hex (visible=false), broadcasthex as text.
  broadcastJson({ raw_data_hex: rawHex, signature = [] }) {
    // java-tron ignores raw_data_hex only when raw_data is present; the emulator takes raw_data_hex.
    const message = [Buffer.from([0x0a]), varint(rawHex.length / 2), Buffer.from(rawHex, 'hex')];
    for (const s of signature) message.push(Buffer.from([0x12]), varint(s.length / 2), Buffer.from(s, 'hex'));
    return this.broadcastHex({ transaction: hex(Buffer.concat(message)) }, { hexMessage: true });
  }

  // A refusal as the recorded one: code, txid, the message, and the transaction as a JSON string.
  broadcastHex({ transaction }, { hexMessage = false } = {}) {
    const refuse = (code, message, txid = '') => ({ result: false, code, txid, message: hexMessage ? utf8Hex(message) : message,
      ...(txid ? { transaction: JSON.stringify({ txID: txid, raw_data_hex: transaction }) } : {}) });
    let tx;
    try {
      if (typeof transaction !== 'string' || !/^([0-9a-fA-F]{2})+$/.test(transaction)) throw new Error('not hex');
      tx = decodeTransaction(Buffer.from(transaction, 'hex'));
    } catch (e) {
      return refuse('OTHER_ERROR', `Invalid transaction: ${e.message}`);
    }
    const size = transaction.length / 2;
    if (size > 500 * 1024) return refuse('TOO_BIG_TRANSACTION_ERROR', 'Transaction is too big', tx.txid);
    if (this.transactions.has(tx.txid)) return refuse('DUP_TRANSACTION_ERROR', 'Dup transaction', tx.txid);
    const ref = this.blocks.slice(-65536).find((b) => (b.number & 0xffff).toString(16).padStart(4, '0') === tx.refBlockBytes
      && b.id.slice(16, 32) === tx.refBlockHash);
    if (!ref) return refuse('TAPOS_ERROR', `Tapos check error: ref block ${tx.refBlockBytes}/${tx.refBlockHash} is unknown`, tx.txid);
    if (tx.expiration <= this.head.timestamp || tx.expiration > this.head.timestamp + MAX_EXPIRATION_MS) {
      return refuse('TRANSACTION_EXPIRATION_ERROR', `Transaction expired: expiration ${tx.expiration}, head ${this.head.timestamp}`, tx.txid);
    }
    if (tx.signatures.length !== 1 || tx.signatures[0].length !== 65) {
      return refuse('SIGERROR', `Validate signature error: expected one 65-byte signature, got ${tx.signatures.length}`, tx.txid);
    }
    let signer;
    try {
      const s = tx.signatures[0];
      const v = s[64] >= 27 ? s[64] - 27 : s[64];
      if (v > 1) throw new Error(`recovery id ${s[64]}`);
      const pub = SigningKey.recoverPublicKey('0x' + tx.txid, { r: '0x' + hex(s.subarray(0, 32)), s: '0x' + hex(s.subarray(32, 64)), v: 27 + v });
      signer = '41' + computeAddress(pub).slice(2).toLowerCase();
    } catch (e) {
      return refuse('SIGERROR', `Validate signature error: ${e.message}`, tx.txid);
    }
    if (signer !== tx.contract.owner) {
      return refuse('SIGERROR', `Validate signature error: ${signer} is signed by another key than the owner ${tx.contract.owner}`, tx.txid);
    }
    const outcome = this.execute(tx, size + 64);
    if (outcome.refused) return refuse(outcome.refused, outcome.message, tx.txid);
    this.transactions.set(tx.txid, { tx, info: outcome.info });
    this.pending.push(tx.txid);
    return { result: true, txid: tx.txid };
  }

  /** Validates and applies the contract; answers {refused, message} or {info}. */
  execute(tx, bandwidth) {
    const p = this.parameters;
    const c = tx.contract;
    const owner = this.accounts.get(c.owner);
    if (!owner) return { refused: 'CONTRACT_VALIDATE_ERROR', message: 'Validate TransferContract error, no OwnerAccount.' };
    let createsAccount = false;
    if (c.type === 'TransferContract') {
      if (c.amount <= 0n) return { refused: 'CONTRACT_VALIDATE_ERROR', message: 'Amount must be greater than 0.' };
      if (c.to === c.owner) return { refused: 'CONTRACT_VALIDATE_ERROR', message: 'Cannot transfer TRX to yourself.' };
      createsAccount = !this.accounts.has(c.to);
    } else if (c.type === 'TriggerSmartContract') {
      if (!this.tokens.has(c.contract)) return { refused: 'CONTRACT_VALIDATE_ERROR', message: 'No contract or not a valid smart contract' };
      if (tx.feeLimit < 0n || tx.feeLimit > BigInt(p.getMaxFeeLimit)) {
        return { refused: 'CONTRACT_VALIDATE_ERROR', message: `feeLimit must be >= 0 and <= ${p.getMaxFeeLimit}` };
      }
    } else {
      return { refused: 'CONTRACT_VALIDATE_ERROR', message: `contract ${c.type} is not emulated` };
    }

    // Bandwidth (BandwidthProcessor).
    let netFee = 0n;
    let createFee = 0n;
    const stakedLeft = owner.netLimit - owner.netUsed;
    const freeLeft = p.getFreeNetLimit - owner.freeNetUsed;
    const charge = { staked: 0, free: 0 };
    if (createsAccount) {
      if (stakedLeft >= bandwidth * p.getCreateNewAccountBandwidthRate) charge.staked = bandwidth * p.getCreateNewAccountBandwidthRate;
      else createFee += BigInt(p.getCreateAccountFee);
      createFee += BigInt(p.getCreateNewAccountFeeInSystemContract);
    } else if (stakedLeft >= bandwidth) charge.staked = bandwidth;
    else if (freeLeft >= bandwidth) charge.free = bandwidth;
    else netFee = BigInt(bandwidth * p.getTransactionFee);
    if (owner.balance < netFee + createFee) {
      return { refused: 'BANDWITH_ERROR', message: 'Account resource insufficient error.' };
    }

    const info = { id: tx.txid, fee: 0, blockNumber: undefined, blockTimeStamp: undefined,
      receipt: { net_usage: charge.staked + charge.free, net_fee: Number(netFee) } };
    if (c.type === 'TransferContract') {
      if (owner.balance < c.amount + netFee + createFee) {
        return { refused: 'CONTRACT_VALIDATE_ERROR', message: 'Validate TransferContract error, balance is not sufficient.' };
      }
      owner.balance -= c.amount + netFee + createFee;
      this.ensureAccount(c.to).balance += c.amount;
      info.fee = Number(netFee + createFee);
      if (createsAccount) info.receipt.net_fee = Number(netFee + createFee);
      info.receipt.result = 'SUCCESS';
    } else {
      owner.balance -= netFee;
      const token = this.tokens.get(c.contract);
      const selector = c.data.slice(0, 8);
      const to = '41' + c.data.slice(32, 72);
      const amount = BigInt('0x' + (c.data.slice(72, 136) || '0'));
      const energy = selector === TRANSFER_SELECTOR ? this.transferEnergy(c.contract, to) : 1000;
      const price = BigInt(p.getEnergyFee);
      const stakedEnergy = BigInt(owner.energyLimit - owner.energyUsed);
      // java-tron: the call may use staked energy plus what the balance buys, never more than fee_limit buys.
      const limit = [stakedEnergy + owner.balance / price, tx.feeLimit / price].reduce((a, b) => (a < b ? a : b));
      const used = BigInt(energy) <= limit ? BigInt(energy) : limit;
      const fromStake = used < stakedEnergy ? used : stakedEnergy;
      const energyFee = (used - fromStake) * price;
      owner.energyUsed += Number(fromStake);
      owner.balance -= energyFee;
      info.receipt.energy_usage = Number(fromStake);
      info.receipt.energy_fee = Number(energyFee);
      info.receipt.energy_usage_total = Number(used);
      info.fee = Number(netFee + energyFee);
      info.contract_address = c.contract;
      if (BigInt(energy) > limit) info.receipt.result = 'OUT_OF_ENERGY';
      else if (selector !== TRANSFER_SELECTOR || (token.ledger.get(c.owner) ?? 0n) < amount) info.receipt.result = 'REVERT';
      else {
        token.ledger.set(c.owner, token.ledger.get(c.owner) - amount);
        token.ledger.set(to, (token.ledger.get(to) ?? 0n) + amount);
        info.receipt.result = 'SUCCESS';
      }
    }
    owner.netUsed += charge.staked;
    owner.freeNetUsed += charge.free;
    if (info.fee === 0) delete info.fee;
    return { info };
  }
}

/** The protobuf bytes of a TriggerSmartContract transaction's raw_data (as `raw` describes it). */
function encodeTriggerRaw(raw) {
  const field = (n, payload) => Buffer.concat([varint(n * 8 + 2), varint(payload.length), payload]);
  const number = (n, value) => Buffer.concat([varint(n * 8), varint(value)]);
  const { value } = raw.contract[0].parameter;
  const trigger = Buffer.concat([field(1, Buffer.from(value.owner_address, 'hex')),
    field(2, Buffer.from(value.contract_address, 'hex')), field(4, Buffer.from(value.data, 'hex'))]);
  const any = Buffer.concat([field(1, Buffer.from(raw.contract[0].parameter.type_url)), field(2, trigger)]);
  return Buffer.concat([field(1, Buffer.from(raw.ref_block_bytes, 'hex')), field(4, Buffer.from(raw.ref_block_hash, 'hex')),
    number(8, raw.expiration), field(11, Buffer.concat([number(1, 31), field(2, any)])), number(14, raw.timestamp)]);
}

function varint(n) {
  const out = [];
  let v = BigInt(n);
  while (v >= 0x80n) { out.push(Number((v & 0x7fn) | 0x80n)); v >>= 7n; }
  out.push(Number(v));
  return Buffer.from(out);
}
