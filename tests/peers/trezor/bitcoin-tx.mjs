// The Bitcoin side of the Trezor test device: the coins it knows by the firmware's names, the
// Failure codes it answers, and the pure parts of SignTx — Bitcoin's serialization, the TxAck
// fields with the firmware's defaults, its change rule, addresses and sighash signing (sighashes
// from bitcoinjs-lib, signatures from @noble/curves). device.mjs runs the conversation.
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { Transaction as BitcoinTransaction, payments } from 'bitcoinjs-lib';

// Bitcoin-like coins by the names the firmware (and so trezorlib's coin_name) uses: address
// versions, bech32 prefix (null: no segwit), xpub magic.
export const COINS = {
  Bitcoin: { pubKeyHash: 0x00, scriptHash: 0x05, bech32: 'bc', xpub: 0x0488b21e },
  Testnet: { pubKeyHash: 0x6f, scriptHash: 0xc4, bech32: 'tb', xpub: 0x043587cf },
  Regtest: { pubKeyHash: 0x6f, scriptHash: 0xc4, bech32: 'bcrt', xpub: 0x043587cf },
  Litecoin: { pubKeyHash: 0x30, scriptHash: 0x32, bech32: 'ltc', xpub: 0x019da462 },
  'Litecoin Testnet': { pubKeyHash: 0x6f, scriptHash: 0x3a, bech32: 'tltc', xpub: 0x043587cf },
  Komodo: { pubKeyHash: 0x3c, scriptHash: 0x55, bech32: null, xpub: 0x0488b21e },
};

export const FAILURE = { UnexpectedMessage: 1, DataError: 3, ActionCancelled: 4, PinInvalid: 7, ProcessError: 9, NotEnoughFunds: 10 };
// Input script types this device signs (the firmware also has multisig, P2SH-P2WPKH and taproot).
export const SPEND_TYPES = new Set(['SPENDADDRESS', 'SPENDWITNESS']);
// Output script types that may carry address_n, i.e. may be change (is_change_output_script_type).
export const CHANGE_TYPES = new Set(['PAYTOADDRESS', 'PAYTOMULTISIG', 'PAYTOP2SHWITNESS', 'PAYTOWITNESS', 'PAYTOTAPROOT']);
// The input script type whose address a change output's address_n names.
export const CHANGE_SPEND = { PAYTOADDRESS: 'SPENDADDRESS', PAYTOWITNESS: 'SPENDWITNESS', PAYTOP2SHWITNESS: 'SPENDP2SHWITNESS' };

// A Failure the device answers with; ends the conversation.
export class DeviceFailure extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

// bitcoinjs-lib's network object for a coin.
export const networkOf = (coin) => ({ messagePrefix: '', bech32: coin.bech32, bip32: { public: coin.xpub, private: 0 },
  pubKeyHash: coin.pubKeyHash, scriptHash: coin.scriptHash, wif: 0x80 });

// Bitcoin's serialization: little-endian integers, CompactSize counts, length-prefixed scripts; an
// input is its outpoint (txid in internal byte order, index), scriptSig and nSequence.
export const u32le = (n) => { const b = Buffer.alloc(4); b.writeUInt32LE(n >>> 0); return b; };
export const u64le = (n) => { const b = Buffer.alloc(8); b.writeBigUInt64LE(BigInt(n)); return b; };
export function compactSize(n) {
  if (n < 0xfd) return Buffer.from([n]);
  const b = Buffer.alloc(n <= 0xffff ? 3 : 5);
  if (n <= 0xffff) { b[0] = 0xfd; b.writeUInt16LE(n, 1); } else { b[0] = 0xfe; b.writeUInt32LE(n, 1); }
  return b;
}
export const withLength = (bytes) => Buffer.concat([compactSize(bytes.length), Buffer.from(bytes)]);
export const inputBytes = ({ prev_hash: hash, prev_index: index, sequence }, scriptSig) =>
  Buffer.concat([Buffer.from(hash, 'hex').reverse(), u32le(index), withLength(scriptSig), u32le(sequence)]);
export const outputBytes = ({ amount, script }) => Buffer.concat([u64le(amount), withLength(script)]);

// A TxInputType from a TxAck (@trezor/protobuf leaves absent fields null) with the firmware's
// defaults: nSequence 0xffffffff, SPENDADDRESS; amount a BigInt, or null when the host left it out.
export function txInput(raw) {
  const m = raw ?? {};
  return { address_n: m.address_n ?? [], prev_hash: m.prev_hash ?? '', prev_index: m.prev_index ?? 0, script_sig: m.script_sig ?? '',
    sequence: m.sequence ?? 0xffffffff, script_type: m.script_type ?? 'SPENDADDRESS', amount: m.amount == null ? null : BigInt(m.amount),
    multisig: Boolean(m.multisig?.nodes?.length || m.multisig?.pubkeys?.length) };
}

// A TxOutputType from a TxAck, with the firmware's default script type PAYTOADDRESS.
export function txOutput(raw) {
  const m = raw ?? {};
  return { address: m.address ?? null, address_n: m.address_n ?? [], amount: BigInt(m.amount ?? 0),
    script_type: m.script_type ?? 'PAYTOADDRESS', op_return_data: m.op_return_data ?? null,
    multisig: Boolean(m.multisig?.nodes?.length || m.multisig?.pubkeys?.length) };
}

// What must come back unchanged on the later passes over the transaction (the firmware hashes it).
export const fingerprint = (item) => JSON.stringify(item, (key, value) => (typeof value === 'bigint' ? String(value) : value));

// The firmware's change rule (extract_input_bip32_path, check_change_bip32_path): the inputs' common
// path up to the account, if all inputs have paths of one length and one account (else null: no
// output is change); an output is change when its path has that length and account, chain ≤ 1
// and index ≤ 1,000,000, and its script type may be change.
export function changeAccount(inputs) {
  let account;
  for (const { address_n: path } of inputs) {
    if (path.length < 2) return null;
    const prefix = path.slice(0, -2);
    if (account === undefined) account = { length: path.length, prefix };
    else if (account.length !== path.length || prefix.some((x, i) => x !== account.prefix[i])) return null;
  }
  return account ?? null;
}
export const isChange = (account, { address_n: path, script_type: type }) => Boolean(account) && CHANGE_TYPES.has(type)
  && path.length === account.length && account.prefix.every((x, i) => x === path[i]) && path.at(-2) <= 1 && path.at(-1) <= 1000000;

// The transaction being signed without signatures, for bitcoinjs-lib's sighash functions.
export function unsignedTransaction({ version, lockTime, inputs, outputs }) {
  const tx = new BitcoinTransaction();
  tx.version = version;
  tx.locktime = lockTime;
  for (const input of inputs) tx.addInput(Buffer.from(input.prev_hash, 'hex').reverse(), input.prev_index, input.sequence);
  for (const output of outputs) tx.addOutput(output.script, output.amount);
  return tx;
}

// A TxRequest for tests' records: 'TXINPUT 0', 'TXMETA e5040e', 'TXOUTPUT 1 e5040e', 'TXFINISHED'
// (the previous transaction's hash shortened to 6 digits, as Trezor's tests name them).
export function describeTxRequest({ request_type: type, details }) {
  const index = details?.request_index === undefined ? '' : ` ${details.request_index}`;
  return `${type}${index}${details?.tx_hash ? ` ${details.tx_hash.slice(0, 6)}` : ''}`;
}

// ECDSA as the firmware signs a sighash: RFC 6979 nonce, low S, DER (the hash type is appended
// only in the scriptSig or witness, not in TxRequest.serialized.signature).
export const signDigest = (digest, privateKey) => Buffer.from(secp256k1.sign(digest, privateKey, { prehash: false, format: 'der' }));
export const withHashType = (signature) => Buffer.concat([signature, Buffer.from([BitcoinTransaction.SIGHASH_ALL])]);

// The coin's address of a key for an input script type (P2PKH, P2WPKH, P2SH-P2WPKH).
export function addressOf(coin, node, scriptType) {
  const network = networkOf(coin);
  const pubkey = Buffer.from(node.publicKey);
  if (scriptType === 'SPENDADDRESS') return payments.p2pkh({ pubkey, network }).address;
  if (scriptType === 'SPENDWITNESS' && coin.bech32) return payments.p2wpkh({ pubkey, network }).address;
  if (scriptType === 'SPENDP2SHWITNESS' && coin.bech32) {
    return payments.p2sh({ redeem: payments.p2wpkh({ pubkey, network }), network }).address;
  }
  throw new DeviceFailure(FAILURE.DataError, 'Invalid script type');
}

// The scriptPubKey an input of this script type spends with this key.
export const spentScript = (node, scriptType) =>
  Buffer.from(payments[scriptType === 'SPENDWITNESS' ? 'p2wpkh' : 'p2pkh']({ pubkey: Buffer.from(node.publicKey) }).output);
