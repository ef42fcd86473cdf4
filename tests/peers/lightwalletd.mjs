// A lightwalletd test peer serving a SaplingChain under Pirate's service name (unless told
// otherwise) two ways, as real deployments do: gRPC over HTTP/2 through @grpc/grpc-js (h2c, and
// TLS when given a certificate; what KDF's native client and the daemon speak) and gRPC-web on
// HTTP/1.1 (what browsers speak; content-type application/grpc-web+proto, trailers in a final
// 0x80 frame). Messages are encoded by protobufjs from walletrpc.proto, independently of
// walletd's hand-written codec. Errors answer the way lightwalletd does: a gRPC status (a
// trailers-only answer). It records each call.
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import protobuf from 'protobufjs';
import grpc from '@grpc/grpc-js';
import { submitTransaction } from './sapling-mempool.mjs';

const proto = protobuf.parse(readFileSync(new URL('./lightwalletd/walletrpc.proto', import.meta.url), 'utf8')).root;
const type = (name) => proto.lookupType(`pirate.wallet.sdk.rpc.${name}`);

const GRPC_UNKNOWN = 2;
const GRPC_INVALID_ARGUMENT = 3;
const GRPC_UNIMPLEMENTED = 12;

class GrpcStatus extends Error {
  constructor(code, message) { super(message); this.code = code; }
}

function frame(flag, payload) {
  const head = Buffer.alloc(5);
  head[0] = flag;
  head.writeUInt32BE(payload.length, 1);
  return Buffer.concat([head, Buffer.from(payload)]);
}

function unframe(body) {
  if (body.length < 5 || body[0] !== 0 || body.readUInt32BE(1) !== body.length - 5)
    throw new GrpcStatus(GRPC_INVALID_ARGUMENT, 'malformed gRPC-web request frame');
  return body.subarray(5);
}

const encode = (name, object) => type(name).encode(type(name).fromObject(object)).finish();

function compactBlock(b) {
  return encode('CompactBlock', {
    protoVersion: 1, height: b.height, hash: b.hash, prevHash: b.prevHash, time: b.time,
    vtx: b.vtx.map((tx) => ({ index: tx.index, hash: tx.hash, spends: tx.spends, outputs: tx.outputs })),
  });
}

// The answer messages of `method` for the decoded request.
function answer(chain, method, request, calls) {
  switch (method) {
    case 'GetLatestBlock':
      return [encode('BlockID', { height: chain.tipHeight(), hash: chain.tip().hash })];
    case 'GetTreeState': {
      const height = Number(request.height ?? 0);
      if (height > chain.tipHeight()) throw new GrpcStatus(GRPC_UNKNOWN, 'block requested is newer than latest block');
      return [encode('TreeState', chain.treeState(height))];
    }
    case 'GetBlockRange': {
      const start = Number(request.start?.height ?? 0);
      const end = Number(request.end?.height ?? 0);
      if (start > end) throw new GrpcStatus(GRPC_INVALID_ARGUMENT, 'Must specify start and end heights');
      const out = [];
      for (let h = start; h <= end; h++) {
        const b = chain.block(h);
        if (!b) throw new GrpcStatus(GRPC_UNKNOWN, 'block requested is newer than latest block');
        out.push(compactBlock(b));
      }
      calls.blocksServed += out.length;
      return out;
    }
    case 'GetLightdInfo':
      return [encode('LightdInfo', { version: 'walletd-test-peer', vendor: 'walletd', chainName: 'main', blockHeight: chain.tipHeight(), saplingActivationHeight: chain.base.height + 1 })];
    case 'GetTransaction': {
      const found = request.hash ? chain.rawTransaction(request.hash) : undefined;
      if (!found) throw new GrpcStatus(GRPC_UNKNOWN, 'No such mempool or blockchain transaction');
      return [encode('RawTransaction', found)];
    }
    case 'SendTransaction':
      calls.sent.push(Buffer.from(request.data ?? []));
      return [encode('SendResponse', submitTransaction(chain, request.data ?? new Uint8Array(0)))];
    default:
      throw new GrpcStatus(GRPC_UNIMPLEMENTED, `unknown method ${method}`);
  }
}

const REQUEST_TYPES = { GetLatestBlock: 'ChainSpec', GetTreeState: 'BlockID', GetBlockRange: 'BlockRange', GetLightdInfo: 'Empty', GetTransaction: 'TxFilter', GetBlock: 'BlockID', SendTransaction: 'RawTransaction' };

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'content-type, x-grpc-web, x-user-agent, grpc-timeout',
  'access-control-expose-headers': 'grpc-status, grpc-message',
};

// The grpc-js service: messages arrive decoded and leave as the buffers answer() encoded.
function grpcService(service) {
  const definition = {};
  for (const [method, requestType] of Object.entries(REQUEST_TYPES)) {
    definition[method] = {
      path: `/${service}/${method}`, requestStream: false, responseStream: method === 'GetBlockRange',
      requestSerialize: (o) => Buffer.from(type(requestType).encode(type(requestType).fromObject(o)).finish()),
      requestDeserialize: (b) => type(requestType).toObject(type(requestType).decode(b), { longs: Number }),
      responseSerialize: (b) => Buffer.from(b), responseDeserialize: (b) => b,
    };
  }
  return definition;
}

function grpcHandlers(chain, calls, peer) {
  const handlers = {};
  for (const method of Object.keys(REQUEST_TYPES)) {
    handlers[method] = async (call, callback) => {
      if (peer.delayMs) await new Promise((r) => setTimeout(r, peer.delayMs));
      calls.log.push({ method, request: call.request, via: 'grpc' });
      let messages;
      try {
        messages = answer(chain, method, call.request, calls);
      } catch (e) {
        const status = { code: e instanceof GrpcStatus ? e.code : GRPC_UNKNOWN, details: e.message };
        if (callback) callback(status); else call.destroy(Object.assign(new Error(e.message), status));
        return;
      }
      if (callback) { callback(null, messages[0]); return; }
      for (const m of messages) call.write(m);
      call.end();
    };
  }
  return handlers;
}

async function startGrpc(chain, calls, peer, service, credentials) {
  const server = new grpc.Server();
  server.addService(grpcService(service), grpcHandlers(chain, calls, peer));
  const port = await new Promise((resolve, reject) => server.bindAsync('127.0.0.1:0', credentials, (e, p) => (e ? reject(e) : resolve(p))));
  return { server, port };
}

/**
 * Starts the peer on 127.0.0.1: {url (gRPC-web), grpcUrl (h2c), grpcTlsUrl (with `tls`: {cert,
 * key} PEM paths), calls: {log: [{method, request}], blocksServed}, close()}.
 * `service` is the gRPC service name served (Pirate's by default); `delayMs` (settable on the
 * returned peer) slows each answer.
 */
export async function startLightwalletd(chain, { service = 'pirate.wallet.sdk.rpc.CompactTxStreamer', delayMs = 0, tls } = {}) {
  const calls = { log: [], blocksServed: 0, sent: [] };
  const peer = { calls, delayMs };
  const server = createServer((req, res) => {
    if (req.method === 'OPTIONS') { res.writeHead(204, CORS); res.end(); return; }
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', async () => {
      if (peer.delayMs) await new Promise((r) => setTimeout(r, peer.delayMs));
      const headers = { ...CORS, 'content-type': 'application/grpc-web+proto' };
      try {
        const [, svc, method] = req.url.split('/');
        if (req.method !== 'POST') throw new GrpcStatus(GRPC_UNIMPLEMENTED, 'POST only');
        if (svc !== service || !REQUEST_TYPES[method]) throw new GrpcStatus(GRPC_UNIMPLEMENTED, `unknown service ${svc}`);
        const message = unframe(Buffer.concat(chunks));
        const request = type(REQUEST_TYPES[method]).toObject(type(REQUEST_TYPES[method]).decode(message), { longs: Number });
        calls.log.push({ method, request, via: 'grpc-web' });
        const messages = answer(chain, method, request, calls);
        res.writeHead(200, headers);
        for (const m of messages) res.write(frame(0, m));
        res.end(frame(0x80, Buffer.from('grpc-status:0\r\ngrpc-message:\r\n')));
      } catch (e) {
        const code = e instanceof GrpcStatus ? e.code : GRPC_UNKNOWN;
        res.writeHead(200, { ...headers, 'grpc-status': String(code), 'grpc-message': encodeURIComponent(e.message) });
        res.end();
      }
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}`;
  const h2c = await startGrpc(chain, calls, peer, service, grpc.ServerCredentials.createInsecure());
  const grpcServers = [h2c.server];
  let grpcTlsUrl;
  if (tls) {
    const secure = await startGrpc(chain, calls, peer, service, grpc.ServerCredentials.createSsl(null,
      [{ cert_chain: readFileSync(tls.cert), private_key: readFileSync(tls.key) }], false));
    grpcServers.push(secure.server);
    grpcTlsUrl = `https://127.0.0.1:${secure.port}`;
  }
  const close = async () => {
    for (const g of grpcServers) g.forceShutdown();
    await new Promise((resolve) => { server.closeAllConnections?.(); server.close(resolve); });
  };
  return Object.assign(peer, { url, grpcUrl: `http://127.0.0.1:${h2c.port}`, grpcTlsUrl, close });
}
