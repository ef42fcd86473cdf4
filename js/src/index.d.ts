// Types of @walletd/core (both entries: browsers and Node).
import type { WalletdMethods, WalletdMethodName } from './methods';

/**
 * Where walletd keeps its data. Values are strings; a batch must apply whole or not at all.
 * IndexedDbStorage (browsers' default), MemoryStorage (Node's default), FileStorage (Node) and
 * ChromeStorage (extensions) implement it; any object with these three methods will do.
 */
export interface WalletdStorage {
  storageGet(args: { ns: string; key: string }): Promise<string | null>;
  /** Entries of `ns` whose key starts with `prefix`, in key order. */
  storageScan(args: { ns: string; prefix: string }): Promise<[string, string][]>;
  /** `null` as a value deletes the key. */
  storageApplyBatch(args: { ns: string; writes: [string, string | null][] }): Promise<unknown>;
}

export declare class IndexedDbStorage implements WalletdStorage {
  constructor(dbName?: string, factory?: IDBFactory);
  open(): Promise<IDBDatabase>;
  close(): void;
  storageGet(args: { ns: string; key: string }): Promise<string | null>;
  storageScan(args: { ns: string; prefix: string }): Promise<[string, string][]>;
  storageApplyBatch(args: { ns: string; writes: [string, string | null][] }): Promise<unknown>;
}

export declare class MemoryStorage implements WalletdStorage {
  constructor();
  storageGet(args: { ns: string; key: string }): Promise<string | null>;
  storageScan(args: { ns: string; prefix: string }): Promise<[string, string][]>;
  storageApplyBatch(args: { ns: string; writes: [string, string | null][] }): Promise<unknown>;
}

/** chrome.storage for an extension (service worker and pages share it); a batch is one set(). */
export declare class ChromeStorage implements WalletdStorage {
  /** area: default chrome.storage.local; prefix: default "walletd" (items `prefix:<ns length>:ns:key`). */
  constructor(area?: object, prefix?: string);
  storageGet(args: { ns: string; key: string }): Promise<string | null>;
  storageScan(args: { ns: string; prefix: string }): Promise<[string, string][]>;
  storageApplyBatch(args: { ns: string; writes: [string, string | null][] }): Promise<unknown>;
}

/** Node entry only: one JSON file per namespace in `dir`, each batch written atomically
 * (temporary file, fsync, rename). */
export declare class FileStorage implements WalletdStorage {
  constructor(dir: string);
  storageGet(args: { ns: string; key: string }): Promise<string | null>;
  storageScan(args: { ns: string; prefix: string }): Promise<[string, string][]>;
  storageApplyBatch(args: { ns: string; writes: [string, string | null][] }): Promise<unknown>;
}

/** A refused call: KDF's error envelope fields and the HTTP status the daemon would answer. */
export declare class WalletdError extends Error {
  readonly status: number;
  readonly error: string;
  readonly error_type: string;
  readonly error_data?: unknown;
  readonly error_path?: string;
  readonly error_trace?: string;
}

/** An EIP-1193 provider, such as a browser-extension wallet's window.ethereum. */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] | object }): Promise<unknown>;
}

/** Every byte string is hex; scalars and points in their 32-byte little-endian encodings. */
export interface SaplingSpendRequest {
  /** The proof generation key (ak, nsk): the prover sees which notes are spent, cannot spend them. */
  ak: string; nsk: string;
  /** The note's address. */
  diversifier: string; pk_d: string;
  rcm: string;
  /** The spend authorisation key's randomiser. */
  alpha: string;
  value: string;
  anchor: string;
  /** The note's authentication path, level 0 first (32 nodes). */
  path: string[];
  position: string;
}
export interface SaplingOutputRequest { esk: string; diversifier: string; pk_d: string; rcm: string; value: string }

/** One transaction's proofs, as librustzcash's SaplingProvingContext: the prover picks each value
 * commitment's randomness and signs the binding signature with their sum. */
export interface SaplingProvingContext {
  spend(request: SaplingSpendRequest): Promise<{ cv: string; rk: string; zkproof: string }>;
  output(request: SaplingOutputRequest): Promise<{ cv: string; zkproof: string }>;
  /** The 64-byte binding signature over the sighash. */
  bindingSignature(request: { value_balance: string; sighash: string }): Promise<string>;
  close?(): void;
}
export interface SaplingProver {
  newContext(): SaplingProvingContext | Promise<SaplingProvingContext>;
}

/** A SaplingProver over @airgap/sapling-wasm (install it yourself): `sapling` is
 * `await import('@airgap/sapling-wasm')`, the parameters the bytes of sapling-spend.params and
 * sapling-output.params (walletd never downloads them). */
export declare function createAirgapSaplingProver(
  sapling: unknown,
  params: { spendParams: Uint8Array; outputParams: Uint8Array },
): Promise<SaplingProver>;

export interface WalletdOptions {
  /** MM2.json-style configuration: passphrase, enable_hd, event_streaming_configuration, ...
   * rpc_password is optional here: the package makes one up and sends it itself. */
  config: object | string;
  /** A KDF coins file (array of coin objects, or its text). */
  coins: unknown[] | string;
  /** Default: IndexedDbStorage('walletd') in browsers, MemoryStorage in Node. */
  storage?: WalletdStorage;
  /** Where the .wasm is, when a bundler or CDN moved it (default: next to the glue). */
  wasmUrl?: string | URL;
  /** A browser-extension wallet: EVM coins activated with priv_key_policy {type: "Metamask"}
   * (or "BrowserWallet") use its account, and their withdraws (broadcast: true) go to its
   * eth_sendTransaction. */
  ethereumProvider?: Eip1193Provider;
  /** What proves shielded (ZHTLC) spends for task::withdraw: createAirgapSaplingProver(...) or
   * your own. Without one, ZHTLC coins sync, answer balances and history, and refuse withdraws. */
  saplingProver?: SaplingProver;
  /** The WebSocket class for Electrum servers (protocol "WSS"), Tendermint nodes' websockets
   * (ws:// or wss://) and the WalletConnect relay; default: globalThis.WebSocket. In Node 20, which has none, pass one (e.g.
   * the `ws` package's). */
  WebSocket?: new (url: string) => {
    readyState: number;
    binaryType?: string;
    send(data: string): void;
    close(): void;
    onopen: ((event: unknown) => void) | null;
    onmessage: ((event: { data: unknown }) => void) | null;
    onerror: ((event: unknown) => void) | null;
    onclose: ((event: { code: number; reason: string }) => void) | null;
  };
  /** WebUSB for a Trezor with the config's `trezor: {transport: "webusb"}` (task::init_trezor
   * finds the devices this page was allowed; allow one with requestTrezor() from a click).
   * Default: navigator.usb where the browser has it. */
  usb?: WebUsbLike;
  /** Passed to the Emscripten module factory. */
  moduleOptions?: Record<string, unknown>;
}

/** The part of the WebUSB API (navigator.usb) walletd uses. */
export interface WebUsbLike {
  getDevices(): Promise<WebUsbDeviceLike[]>;
  requestDevice(options: { filters: { vendorId: number; productId: number }[] }): Promise<WebUsbDeviceLike>;
}
export interface WebUsbDeviceLike {
  vendorId: number;
  productId: number;
  opened: boolean;
  configuration: {
    configurationValue: number;
    interfaces: {
      interfaceNumber: number;
      alternate: { interfaceClass: number; endpoints: { endpointNumber: number; direction: 'in' | 'out' }[] };
    }[];
  } | null;
  open(): Promise<void>;
  close(): Promise<void>;
  selectConfiguration(value: number): Promise<void>;
  claimInterface(number: number): Promise<void>;
  releaseInterface(number: number): Promise<void>;
  transferOut(endpoint: number, data: Uint8Array): Promise<{ status: string; bytesWritten: number }>;
  transferIn(endpoint: number, length: number): Promise<{ status: string; data?: DataView }>;
}

/** Trezor's firmware USB ids, for navigator.usb.requestDevice's filters. */
export declare const TREZOR_USB_FILTERS: { vendorId: number; productId: number }[];
/** Shows the browser's device chooser for a Trezor; call it from a user gesture. */
export declare function requestTrezor(usb?: WebUsbLike): Promise<WebUsbDeviceLike>;

export type Params<M extends WalletdMethodName> = WalletdMethods[M]['params'];
export type Result<M extends WalletdMethodName> = WalletdMethods[M]['result'];

export interface Walletd {
  /** `method(params)` → its `result`; a refusal rejects with a WalletdError. */
  call<M extends WalletdMethodName>(method: M, params: Params<M>): Promise<Result<M>>;
  /** One mmrpc request body (object or batch) → the HTTP status and body the daemon would send. */
  request(body: object | string): Promise<{ status: number; body: string }>;
  /** One request body → the response text, byte for byte as the daemon's. */
  handle(body: object | string): Promise<string>;
  /** Opens event stream `clientId`; `onFrame` receives SSE frames ("id: N\ndata: {...}\n\n"). Returns a closer. */
  openEventStream(clientId: number, onFrame: (frame: string) => void, options?: { lastEventId?: number }): () => void;
  /** Stops this node (timers, streams, calls in flight); storage is left as it is. */
  dispose(): void;
}

export declare function createWalletd(options: WalletdOptions): Promise<Walletd>;
export * from './methods';
