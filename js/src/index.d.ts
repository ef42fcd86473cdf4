// Types of @walletd/core.
export declare class IndexedDbStorage {
  constructor(dbName?: string, factory?: IDBFactory);
  open(): Promise<IDBDatabase>;
  close(): void;
}

export interface WalletdOptions {
  /** MM2.json-style configuration: rpc_password, allow_weak_password, event_streaming_configuration, ... */
  config: object | string;
  /** A KDF coins file (array of coin objects). */
  coins: unknown[] | string;
  storage?: IndexedDbStorage;
  /** Passed to the Emscripten module factory, e.g. { locateFile } or { wasmBinary }. */
  moduleOptions?: Record<string, unknown>;
}

export interface Walletd {
  /** Send one mmrpc request body (object or batch); resolves with the HTTP status and body the daemon would send. */
  request(body: object | string): Promise<{ status: number; body: string }>;
  /** Send one request body; resolves with the response text. */
  handle(body: object | string): Promise<string>;
  /** Open event stream `clientId`; `onFrame` receives SSE frames ("id: N\ndata: {...} \n\n"). Returns a closer. */
  openEventStream(clientId: number, onFrame: (frame: string) => void, options?: { lastEventId?: number }): () => void;
}

export declare function createWalletd(options: WalletdOptions): Promise<Walletd>;
export * from './methods';
