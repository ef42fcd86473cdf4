// An Electrum protocol 1.4 server over a litecoind (regtest) for the tests (or any node answering
// the same RPC calls: bcash-node.mjs, kmd-chain.mjs, whose headers are Zcash-style) — no Electrum server is
// packaged for Debian or npm, so this one indexes the chain itself from the node's RPC: headers,
// each script hash's history and unspent outputs, and the mempool. It polls the node (bounded,
// every `pollMs`) and notifies subscribers of new headers and of script hashes whose status
// changed, as real servers do. Transports: TCP, TLS (a test CA's certificate), WebSocket and
// WebSocket over TLS, all on 127.0.0.1. Answers take the shapes ElectrumX documents
// (tests/data/recorded/electrum): mempool entries {tx_hash, height: 0, or -1 over an unconfirmed
// parent, fee}, block.headers with `max`. Unknown methods and bad params answer JSON-RPC errors.
// Faults on demand (`fault`): 'drop' closes the connection on the next request, 'garbage' answers
// it with bytes that are not JSON, 'stall' never answers, 'split' sends each line in two pieces
// (TCP and TLS), 'lie' answers blockchain.transaction.get
// with another transaction, blockchain.block.header with zeros and blockchain.block.headers with
// headers that do not connect.
import { createHash } from 'node:crypto';
import { createServer as createTcpServer } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { readFileSync } from 'node:fs';
import { WebSocketServer } from 'ws';

const sha256 = (bytes) => createHash('sha256').update(bytes).digest();
const sats = (coins) => Math.round(coins * 1e8);

/** Electrum's script hash: SHA-256 of the output script, bytes reversed, hex. */
export function scriptHash(scriptHex) {
  return Buffer.from(sha256(Buffer.from(scriptHex, 'hex'))).reverse().toString('hex');
}

class RpcError extends Error {
  constructor(code, message) { super(message); this.code = code; }
}

export class ElectrumServer {
  /**
   * `ltc`: a started Litecoind (or a node answering its calls); `tls`: {cert, key} paths for the
   * TLS port (optional); `fromHeight`: the first block indexed (a chain that starts from a
   * checkpoint, as the Sapling chain does, has no blocks below it).
   */
  static async start({ ltc, tls, pollMs = 100, fromHeight = 0 } = {}) {
    const s = new ElectrumServer();
    Object.assign(s, { ltc, pollMs });
    s.headers = [];            // height → header hex (80 bytes; Zcash-style chains: 1487)
    s.headers.length = fromHeight;
    s.hashes = [];             // height → block hash, to see reorganisations
    s.firstHeight = fromHeight;
    s.funding = new Map();     // script hash → Map("txid:vout" → {txid, vout, value, height})
    s.spent = new Map();       // "txid:vout" → spending txid (confirmed)
    s.history = new Map();     // script hash → Map(txid → height)
    s.mempool = new Map();     // txid → decoded tx
    s.confirmed = new Set();   // txids of indexed blocks' transactions
    s.sessions = new Set();
    s.requests = [];           // [method, params] as received, for the tests
    s.lines = 0;               // request lines received (a JSON-RPC batch is one)
    s.fault = null;
    await s.sync();
    s.tcp = createTcpServer((socket) => s.attachStream(socket));
    await new Promise((resolve) => s.tcp.listen(0, '127.0.0.1', resolve));
    s.tcpUrl = `127.0.0.1:${s.tcp.address().port}`;
    if (tls) {
      s.tlsServer = createTlsServer({ cert: readFileSync(tls.cert), key: readFileSync(tls.key) }, (socket) => s.attachStream(socket));
      await new Promise((resolve) => s.tlsServer.listen(0, '127.0.0.1', resolve));
      s.sslUrl = `127.0.0.1:${s.tlsServer.address().port}`;
    }
    s.http = createHttpServer((req, res) => { res.writeHead(426); res.end(); });
    s.wss = new WebSocketServer({ server: s.http });
    s.wss.on('connection', (ws) => s.attachWebSocket(ws));
    await new Promise((resolve) => s.http.listen(0, '127.0.0.1', resolve));
    s.wsUrl = `ws://127.0.0.1:${s.http.address().port}`;
    if (tls) {
      // WebSocket over TLS (wss://127.0.0.1:port), as browsers reach Electrum servers.
      s.https = createHttpsServer({ cert: readFileSync(tls.cert), key: readFileSync(tls.key) }, (req, res) => { res.writeHead(426); res.end(); });
      s.wssSecure = new WebSocketServer({ server: s.https });
      s.wssSecure.on('connection', (ws) => s.attachWebSocket(ws));
      await new Promise((resolve) => s.https.listen(0, '127.0.0.1', resolve));
      s.wssUrl = `wss://127.0.0.1:${s.https.address().port}`;
    }
    s.timer = setInterval(() => { s.sync().catch(() => {}); }, pollMs);
    return s;
  }

  async stop() {
    clearInterval(this.timer);
    for (const session of this.sessions) session.close();
    const closing = [this.tcp, this.tlsServer, this.http, this.https].filter(Boolean).map((server) => new Promise((resolve) => server.close(resolve)));
    this.wss.close();
    this.wssSecure?.close();
    await Promise.all(closing);
  }

  /** Resolves once the index has every block the node has (bounded: 30 s). */
  async synced() {
    const end = Date.now() + 30000;
    while (this.headers.length - 1 < await this.ltc.rpc('getblockcount')) {
      if (Date.now() > end) throw new Error('the Electrum index did not catch up');
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  // ---- index ----

  async sync() {
    if (this.syncing) return;
    this.syncing = true;
    try {
      const changed = new Set();
      const tip = await this.ltc.rpc('getblockcount');
      const reorganised = await this.rewind(tip);
      const newBlocks = tip >= this.headers.length || reorganised;
      for (let height = this.headers.length; height <= tip; height++) {
        const hash = await this.ltc.rpc('getblockhash', [height]);
        this.headers[height] = await this.ltc.rpc('getblockheader', [hash, false]);
        this.hashes[height] = hash;
        const block = await this.ltc.rpc('getblock', [hash, 2]);
        for (const tx of block.tx) this.indexTx(tx, height, changed);
      }
      const pool = new Set(await this.ltc.rpc('getrawmempool'));
      for (const [txid, tx] of this.mempool) {
        // A node empties its mempool of a block's transactions a moment before its block count
        // shows the block: a transaction leaves this mempool once a block of the index has it
        // (or, evicted, after a few polls), never for the poll in between, when it would be
        // neither confirmed nor pending here (ElectrumX, too, drops mempool entries as it
        // indexes the block that confirms them).
        if (pool.has(txid)) continue;
        if (!this.confirmed.has(txid) && (tx.missedPolls = (tx.missedPolls ?? 0) + 1) < 5) continue;
        this.mempool.delete(txid);
        for (const sh of this.scriptHashesOf(tx)) changed.add(sh);
      }
      for (const txid of pool) {
        if (this.mempool.has(txid)) continue;
        const tx = await this.ltc.rpc('getrawtransaction', [txid, true]);
        tx.feeSats = await this.mempoolFee(txid);
        this.mempool.set(txid, tx);
        for (const sh of this.scriptHashesOf(tx)) changed.add(sh);
      }
      // A mempool entry's height is -1 while it spends an unconfirmed output, 0 after: its status
      // changes when its parent is mined.
      for (const tx of this.mempool.values()) {
        const height = tx.vin.some((i) => this.mempool.has(i.txid)) ? -1 : 0;
        if (tx.electrumHeight === height) continue;
        tx.electrumHeight = height;
        for (const sh of this.scriptHashesOf(tx)) changed.add(sh);
      }
      if (newBlocks) this.notifyAll('blockchain.headers.subscribe', [this.tipHeader()]);
      for (const sh of changed) {
        for (const session of this.sessions) {
          if (session.scriptHashes.has(sh)) session.notify('blockchain.scripthash.subscribe', [sh, this.status(sh)]);
        }
      }
    } finally {
      this.syncing = false;
    }
  }

  // Drops the indexed blocks the node no longer has (a reorganisation) and answers whether it
  // dropped any. Headers only: the tests that reorganise read the tip, not scripts' histories.
  async rewind(tip) {
    let top = this.headers.length - 1;
    while (top >= this.firstHeight && (top > tip || this.hashes[top] !== await this.ltc.rpc('getblockhash', [top]))) top--;
    if (top === this.headers.length - 1) return false;
    this.headers.length = top + 1;
    this.hashes.length = top + 1;
    return true;
  }

  indexTx(tx, height, changed) {
    this.confirmed.add(tx.txid);
    for (const input of tx.vin) {
      if (input.coinbase) continue;
      const key = `${input.txid}:${input.vout}`;
      this.spent.set(key, tx.txid);
      for (const [sh, outputs] of this.funding) {
        if (outputs.has(key)) { this.addHistory(sh, tx.txid, height); changed.add(sh); }
      }
    }
    for (const out of tx.vout) {
      const sh = scriptHash(out.scriptPubKey.hex);
      if (!this.funding.has(sh)) this.funding.set(sh, new Map());
      this.funding.get(sh).set(`${tx.txid}:${out.n}`, { txid: tx.txid, vout: out.n, value: sats(out.value), height });
      this.addHistory(sh, tx.txid, height);
      changed.add(sh);
    }
  }

  addHistory(sh, txid, height) {
    if (!this.history.has(sh)) this.history.set(sh, new Map());
    this.history.get(sh).set(txid, height);
  }

  // The script hashes a mempool transaction touches: its outputs' and the outputs it spends.
  scriptHashesOf(tx) {
    const out = new Set(tx.vout.map((o) => scriptHash(o.scriptPubKey.hex)));
    for (const input of tx.vin) {
      for (const [sh, outputs] of this.funding) if (outputs.has(`${input.txid}:${input.vout}`)) out.add(sh);
    }
    return out;
  }

  // The fee the node's mempool records for `txid`, in satoshis (0 once it has left the pool).
  async mempoolFee(txid) {
    try {
      return sats((await this.ltc.rpc('getmempoolentry', [txid])).fees.base);
    } catch {
      return 0;
    }
  }

  // Mempool entries as ElectrumX writes them (get_mempool, and after get_history's confirmed
  // ones): {tx_hash, height (-1 or 0, see sync), fee}.
  mempoolEntries(sh) {
    const out = [];
    for (const tx of this.mempool.values()) {
      if (this.scriptHashesOf(tx).has(sh)) out.push({ tx_hash: tx.txid, height: tx.electrumHeight ?? 0, fee: tx.feeSats ?? 0 });
    }
    return out;
  }

  historyOf(sh) {
    const confirmed = [...(this.history.get(sh) ?? new Map())].map(([tx_hash, height]) => ({ tx_hash, height }))
      .sort((a, b) => a.height - b.height || (a.tx_hash < b.tx_hash ? -1 : 1));
    return [...confirmed, ...this.mempoolEntries(sh)];
  }

  status(sh) {
    const history = this.historyOf(sh);
    if (history.length === 0) return null;
    return sha256(Buffer.from(history.map((h) => `${h.tx_hash}:${h.height}:`).join(''))).toString('hex');
  }

  unspent(sh) {
    const spentInPool = new Set();
    for (const tx of this.mempool.values()) for (const i of tx.vin) spentInPool.add(`${i.txid}:${i.vout}`);
    const out = [];
    for (const [key, o] of this.funding.get(sh) ?? new Map()) {
      if (this.spent.has(key) || spentInPool.has(key)) continue;
      out.push({ tx_hash: o.txid, tx_pos: o.vout, height: o.height, value: o.value });
    }
    for (const tx of this.mempool.values()) {
      for (const o of tx.vout) {
        if (scriptHash(o.scriptPubKey.hex) !== sh || spentInPool.has(`${tx.txid}:${o.n}`)) continue;
        out.push({ tx_hash: tx.txid, tx_pos: o.n, height: 0, value: sats(o.value) });
      }
    }
    return out;
  }

  tipHeader() {
    const height = this.headers.length - 1;
    return { height, hex: this.headers[height] };
  }

  // ---- protocol ----

  async handle(session, method, params) {
    this.requests.push([method, params]);
    const p = Array.isArray(params) ? params : [];
    const need = (i, type) => {
      if (typeof p[i] !== type) throw new RpcError(-32602, `invalid params: argument ${i} must be a ${type}`);
      return p[i];
    };
    const scriptHashParam = () => {
      const sh = need(0, 'string');
      if (!/^[0-9a-f]{64}$/.test(sh)) throw new RpcError(-32602, `invalid script hash ${sh}`);
      return sh;
    };
    switch (method) {
      case 'server.version': return ['walletd-test-electrum 1.0', '1.4'];
      case 'server.ping': return null;
      case 'server.banner': return 'walletd test server over litecoind regtest';
      case 'server.features': return { server_version: 'walletd-test-electrum 1.0', protocol_min: '1.4', protocol_max: '1.4',
        genesis_hash: this.headers.length ? await this.ltc.rpc('getblockhash', [0]) : null, hash_function: 'sha256', hosts: {} };
      case 'blockchain.headers.subscribe':
        session.headers = true;
        return this.tipHeader();
      case 'blockchain.block.header': {
        const height = need(0, 'number');
        if (!this.headers[height]) throw new RpcError(1, `height ${height} out of range`);
        return this.fault === 'lie' ? '00'.repeat(80) : this.headers[height];
      }
      case 'blockchain.block.headers': {
        const start = need(0, 'number'), count = Math.min(need(1, 'number'), 2016);
        const headers = this.headers.slice(start, start + count);
        let hex = headers.join('');
        // A lie: the second header names another parent (it does not connect).
        if (this.fault === 'lie' && hex.length >= 320) hex = hex.slice(0, 168) + '11'.repeat(32) + hex.slice(232);
        return { count: headers.length, hex, max: 2016 };
      }
      case 'blockchain.estimatefee': {
        need(0, 'number');
        const estimate = await this.ltc.rpc('estimatesmartfee', [p[0]]);
        return estimate.feerate ?? -1;
      }
      case 'blockchain.relayfee': return (await this.ltc.rpc('getnetworkinfo')).relayfee;
      case 'blockchain.scripthash.get_balance': {
        const sh = scriptHashParam();
        let confirmed = 0, unconfirmed = 0;
        for (const u of this.unspent(sh)) { if (u.height > 0) confirmed += u.value; else unconfirmed += u.value; }
        return { confirmed, unconfirmed };
      }
      case 'blockchain.scripthash.get_history': return this.historyOf(scriptHashParam());
      case 'blockchain.scripthash.get_mempool': return this.mempoolEntries(scriptHashParam());
      case 'blockchain.scripthash.listunspent': return this.unspent(scriptHashParam());
      case 'blockchain.scripthash.subscribe': {
        const sh = scriptHashParam();
        session.scriptHashes.add(sh);
        return this.status(sh);
      }
      case 'blockchain.scripthash.unsubscribe': return session.scriptHashes.delete(scriptHashParam());
      case 'blockchain.transaction.get': {
        const txid = need(0, 'string');
        if (this.fault === 'lie') {
          const others = [...this.mempool.keys(), ...[...this.history.values()].flatMap((m) => [...m.keys()])].filter((t) => t !== txid);
          for (const other of others) {
            try {
              return await this.ltc.rpc('getrawtransaction', [other, false]);
            } catch { /* the genesis coinbase cannot be fetched: another one */ }
          }
        }
        try {
          return await this.ltc.rpc('getrawtransaction', [txid, p[1] === true]);
        } catch (e) {
          throw new RpcError(2, `daemon error: ${e.message}`);
        }
      }
      case 'blockchain.transaction.broadcast': {
        try {
          const txid = await this.ltc.rpc('sendrawtransaction', [need(0, 'string')]);
          await this.sync();
          return txid;
        } catch (e) {
          if (e instanceof RpcError) throw e;
          throw new RpcError(1, `the transaction was rejected by network rules.\n\n${e.message}`);
        }
      }
      default: {
        // Methods of the chain's own (QTUM's contract calls), as its ElectrumX answers them.
        let answer;
        try {
          answer = await this.ltc.electrumMethod?.(method, p);
        } catch (e) {
          throw new RpcError(e.code ?? -32602, e.message);
        }
        if (answer !== undefined) return answer;
        throw new RpcError(-32601, `unknown method "${method}"`);
      }
    }
  }

  // One session per connection; `send(text)` writes one line.
  session(send, close) {
    const session = { scriptHashes: new Set(), headers: false, close,
      notify: (method, params) => send(JSON.stringify({ jsonrpc: '2.0', method, params })) };
    this.sessions.add(session);
    const onLine = async (line) => {
      if (!line.trim()) return;
      let request;
      try {
        request = JSON.parse(line);
      } catch {
        return send(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error' } }));
      }
      this.lines += 1;
      const batch = Array.isArray(request);
      const answers = await Promise.all((batch ? request : [request]).map((r) => this.answer(session, r)));
      if (this.fault === 'drop') return close();
      if (this.fault === 'stall') return;
      if (this.fault === 'garbage') return send('}{ not json');
      send(JSON.stringify(batch ? answers : answers[0]));
    };
    return { session, onLine, gone: () => this.sessions.delete(session) };
  }

  async answer(session, r) {
    if (typeof r !== 'object' || r === null || typeof r.method !== 'string') {
      return { jsonrpc: '2.0', id: r?.id ?? null, error: { code: -32600, message: 'invalid request' } };
    }
    try {
      return { jsonrpc: '2.0', id: r.id, result: await this.handle(session, r.method, r.params) };
    } catch (e) {
      return { jsonrpc: '2.0', id: r.id, error: { code: e.code ?? -32603, message: e.message } };
    }
  }

  attachStream(socket) {
    // Fault 'split': every line goes out in two pieces 30 ms apart, as a slow network delivers
    // a long answer (the pieces stay in order: each write waits for the one before).
    let writes = Promise.resolve();
    const write = (text) => {
      const line = text + '\n';
      if (this.fault !== 'split') return void socket.write(line);
      const half = line.length >> 1;
      writes = writes.then(() => new Promise((resolve) => {
        socket.write(line.slice(0, half));
        setTimeout(() => { socket.write(line.slice(half)); resolve(); }, 30);
      }));
    };
    const { session, onLine, gone } = this.session(write, () => socket.destroy());
    let buffer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      buffer += chunk;
      if (buffer.length > 1 << 20) return socket.destroy();
      let newline;
      while ((newline = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        onLine(line);
      }
    });
    socket.on('error', () => {});
    socket.on('close', gone);
  }

  attachWebSocket(ws) {
    const { onLine, gone } = this.session((text) => ws.send(text), () => ws.terminate());
    ws.on('message', (data) => { for (const line of String(data).split('\n')) onLine(line); });
    ws.on('error', () => {});
    ws.on('close', gone);
  }

  notifyAll(method, params) {
    for (const session of this.sessions) if (session.headers) session.notify(method, params);
  }
}
