// Cosmos SDK pieces of the CometBFT emulator (tests/peers/cometbft-node.mjs): transaction
// decoding, the message codecs, module addresses, coin strings, the deterministic gas rule and
// the SDK's refusal texts. Protobuf goes through cosmjs-types (the SDK's own .proto files,
// generated), signatures through @cosmjs/crypto — independent of walletd's C++ codec.
//
// Error texts and codes, with where each was read (cosmos-sdk v0.50 unless said otherwise):
// - code 2 "tx parse error" (types/errors ErrTxDecode); unknown Any → "unable to resolve type URL %s".
// - code 4 "unauthorized": "signature verification failed; please verify account number (%d) and
//   chain-id (%s): (unable to verify single signer signature)" (x/auth/ante/sigverify.go; the same
//   text from a real node in KDF issue #2461); "wrong number of signers; expected %d, got %d".
// - code 5 "insufficient funds": bank "spendable balance %s is smaller than %s"; fee deduction wraps
//   it once more (x/auth/ante/fee.go DeductFees: Wrapf(ErrInsufficientFunds, err.Error())).
// - code 8 "invalid pubkey": "pubKey does not match signer address %s with signer index: %d",
//   "pubkey on account is not set".
// - code 9 "unknown address": "fee payer address: %s does not exist" (fee.go, runs before the
//   signature decorators), "account %s does not exist" (GetSignerAcc, reached by Simulate).
// - code 11 "out of gas": "out of gas in location: %s; gasWanted: %d, gasUsed: %d" (baseapp runTx).
// - code 13 "insufficient fee": "insufficient fees; got: %s required: %s" (validator_tx_fee.go; the
//   same text from a real Terra node in tests/data/recorded/cosmos).
// - code 15 "no signatures supplied"; code 30 "tx timeout height": "block height: %d, timeout
//   height: %d" (x/auth/ante/basic.go); code 32 "incorrect account sequence": "account sequence
//   mismatch, expected %d, got %d" (sigverify.go); code 41 "invalid gas limit".
// - A message failure in DeliverTx: "failed to execute message; message index: %d: <error>".
// - gRPC queries through abci_query (baseapp gRPCErrorToSDKError): a NotFound status → code 22
//   "rpc error: code = NotFound desc = …: key not found" (recorded: axelar-core issue #517); any
//   other → code 6 "…: unknown request"; Simulate's error is "%v With gas wanted: '%d' and gas
//   used: '%d' " (x/auth/tx/service.go), so a failed simulation reads "rpc error: code = Unknown
//   desc = <inner> With gas wanted: '18446744073709551615' and gas used: 'N' : unknown request"
//   (as real 0.46+ nodes print it: the simulation gas meter is infinite).
// - staking (codespace "staking"): 3 "validator does not exist", 19 "no delegation for (address,
//   validator) tuple" (x/staking/types/errors.go). IBC (codespace "channel", ibc-go
//   modules/core/04-channel/types/errors.go): 3 "channel not found" with "port ID (%s) channel ID
//   (%s)", 5 "invalid channel state", 14 "packet timeout" with "receiving chain block timestamp >=
//   packet timeout timestamp (%s >= %s)" (ibc-go v7 SendPacket).
import { TxRaw, TxBody, AuthInfo } from 'cosmjs-types/cosmos/tx/v1beta1/tx';
import { PubKey } from 'cosmjs-types/cosmos/crypto/secp256k1/keys';
import { MsgSend, MsgSendResponse } from 'cosmjs-types/cosmos/bank/v1beta1/tx';
import { MsgDelegate, MsgDelegateResponse, MsgUndelegate, MsgUndelegateResponse } from 'cosmjs-types/cosmos/staking/v1beta1/tx';
import { MsgWithdrawDelegatorReward, MsgWithdrawDelegatorRewardResponse } from 'cosmjs-types/cosmos/distribution/v1beta1/tx';
import { MsgTransfer, MsgTransferResponse } from 'cosmjs-types/ibc/applications/transfer/v1/tx';
import { sha256, ripemd160 } from '@cosmjs/crypto';
import { toBech32, fromBech32, toBase64 } from '@cosmjs/encoding';

/** Base gas per message type URL; the whole rule is gasUsedFor() below. */
export const GAS = Object.freeze({
  '/cosmos.bank.v1beta1.MsgSend': 70000,
  '/ibc.applications.transfer.v1.MsgTransfer': 90000,
  '/cosmos.staking.v1beta1.MsgDelegate': 130000,
  '/cosmos.staking.v1beta1.MsgUndelegate': 140000,
  '/cosmos.distribution.v1beta1.MsgWithdrawDelegatorReward': 110000,
});
/** Gas per byte of body_bytes (the SDK's TxSizeCostPerByte default is 10 too). */
export const GAS_PER_BODY_BYTE = 10;

export const MSG = {
  '/cosmos.bank.v1beta1.MsgSend': { codec: MsgSend, response: MsgSendResponse, module: 'bank', signer: (m) => m.fromAddress },
  '/ibc.applications.transfer.v1.MsgTransfer': { codec: MsgTransfer, response: MsgTransferResponse, module: 'transfer', signer: (m) => m.sender },
  '/cosmos.staking.v1beta1.MsgDelegate': { codec: MsgDelegate, response: MsgDelegateResponse, module: 'staking', signer: (m) => m.delegatorAddress },
  '/cosmos.staking.v1beta1.MsgUndelegate': { codec: MsgUndelegate, response: MsgUndelegateResponse, module: 'staking', signer: (m) => m.delegatorAddress },
  '/cosmos.distribution.v1beta1.MsgWithdrawDelegatorReward': { codec: MsgWithdrawDelegatorReward, response: MsgWithdrawDelegatorRewardResponse, module: 'distribution', signer: (m) => m.delegatorAddress },
};

/** An SDK error: ABCI code, codespace, and the log text (already ending in ": <registered text>"). */
export class SdkError extends Error {
  constructor(code, log, codespace = 'sdk') { super(log); this.code = code; this.codespace = codespace; }
}
export const sdkError = (code, text, registered, codespace = 'sdk') => new SdkError(code, `${text}: ${registered}`, codespace);

/**
 * Decodes TxRaw bytes as the SDK's decoder would, keeping the raw body/auth_info bytes (the
 * signature covers them exactly). Throws SdkError code 2 on anything the SDK would not decode.
 */
export function decodeTx(bytes) {
  let raw; let body; let authInfo;
  try {
    raw = TxRaw.decode(bytes);
    body = TxBody.decode(raw.bodyBytes);
    authInfo = AuthInfo.decode(raw.authInfoBytes);
  } catch (e) {
    throw sdkError(2, String(e?.message ?? e), 'tx parse error');
  }
  if (raw.bodyBytes.length === 0 && raw.authInfoBytes.length === 0) throw sdkError(2, 'empty transaction', 'tx parse error');
  const messages = body.messages.map((any) => {
    const kind = MSG[any.typeUrl];
    if (!kind) throw sdkError(2, `unable to resolve type URL ${any.typeUrl}`, 'tx parse error');
    try { return { typeUrl: any.typeUrl, value: kind.codec.decode(any.value) }; } catch (e) {
      throw sdkError(2, String(e?.message ?? e), 'tx parse error');
    }
  });
  const fee = authInfo.fee ?? { amount: [], gasLimit: 0n };
  return {
    bytes, raw, body, authInfo, messages,
    hash: hexUpper(sha256(bytes)),
    memo: body.memo, timeoutHeight: BigInt(body.timeoutHeight ?? 0n),
    gasLimit: BigInt(fee.gasLimit ?? 0n),
    feeCoins: (fee.amount ?? []).map((c) => ({ denom: c.denom, amount: BigInt(c.amount) })),
    signerInfos: authInfo.signerInfos, signatures: raw.signatures,
  };
}

/** The deterministic gas of a transaction: Σ GAS[type_url] + 10 × body_bytes length. */
export function gasUsedFor(txBytes) {
  const raw = TxRaw.decode(txBytes);
  const body = TxBody.decode(raw.bodyBytes);
  let gas = GAS_PER_BODY_BYTE * raw.bodyBytes.length;
  for (const m of body.messages) gas += GAS[m.typeUrl] ?? 0;
  return gas;
}
export const gasParts = (tx) => ({
  perByte: BigInt(GAS_PER_BODY_BYTE * tx.raw.bodyBytes.length),
  messages: tx.messages.reduce((s, m) => s + BigInt(GAS[m.typeUrl]), 0n),
});

/** Signer of a secp256k1 SignerInfo: {pubkey (33 bytes) | null, mode, sequence}. */
export function signerOf(info) {
  const single = info?.modeInfo?.single;
  let pubkey = null;
  if (info?.publicKey?.typeUrl === '/cosmos.crypto.secp256k1.PubKey') pubkey = PubKey.decode(info.publicKey.value).key;
  return { pubkey, mode: single ? single.mode : -1, sequence: BigInt(info?.sequence ?? 0n) };
}
export const addressOf = (prefix, pubkey) => toBech32(prefix, ripemd160(sha256(pubkey)));
/** A module account's address: the first 20 bytes of SHA-256(name) (x/auth NewModuleAddress). */
export const moduleAddress = (prefix, name) => toBech32(prefix, sha256(new TextEncoder().encode(name)).slice(0, 20));
/** ICS-20 escrow address: SHA-256("ics20-1" ‖ 0x00 ‖ "port/channel")[:20] (ibc-go GetEscrowAddress). */
export function escrowAddress(prefix, port, channel) {
  const enc = new TextEncoder();
  const pre = new Uint8Array([...enc.encode('ics20-1'), 0, ...enc.encode(`${port}/${channel}`)]);
  return toBech32(prefix, sha256(pre).slice(0, 20));
}
/** Checks an account address as the SDK's bech32 codec does; throws code 7 "invalid address". */
export function checkAddress(prefix, address, what) {
  let decoded;
  try { decoded = fromBech32(address, 90); } catch (e) {
    throw sdkError(7, `invalid ${what} address: decoding bech32 failed: ${e.message}`, 'invalid address');
  }
  if (decoded.prefix !== prefix) {
    throw sdkError(7, `invalid ${what} address: hrp does not match bech32 prefix: expected '${prefix}' got '${decoded.prefix}'`, 'invalid address');
  }
}

/** sdk.Coins.String(): "<amount><denom>" sorted by denom, comma-separated; zero coins dropped. */
export const coinsString = (coins) => coins.filter((c) => BigInt(c.amount) !== 0n)
  .map((c) => ({ denom: c.denom, amount: BigInt(c.amount) }))
  .sort((a, b) => (a.denom < b.denom ? -1 : a.denom > b.denom ? 1 : 0))
  .map((c) => `${c.amount}${c.denom}`).join(',');

/** ceil(gas × price) for a decimal price string/number, in exact integer arithmetic (LegacyDec). */
export function requiredFee(gasLimit, price) {
  let text = String(price);
  if (/e/i.test(text)) text = Number(price).toFixed(18);
  const [whole, frac = ''] = text.split('.');
  const digits = (frac + '0'.repeat(18)).slice(0, 18);
  const scaled = BigInt(whole || '0') * 10n ** 18n + BigInt(digits || '0');
  const product = BigInt(gasLimit) * scaled;
  return (product + 10n ** 18n - 1n) / 10n ** 18n;
}
/** "0.05" → "50000000000000000" (a LegacyDec in protobuf: integer string, 18 implied decimals). */
export function decToProto(text) {
  const [whole, frac = ''] = String(text).split('.');
  return (BigInt(whole || '0') * 10n ** 18n + BigInt((frac + '0'.repeat(18)).slice(0, 18))).toString();
}

export const hexUpper = (bytes) => Buffer.from(bytes).toString('hex').toUpperCase();
export const b64 = (bytes) => toBase64(bytes);

/** secp256k1 group order; a signature with s > n/2 is refused (the SDK's low-S rule). */
export const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

/** Go's time.Time.String() of a Unix-nanosecond value in UTC, for ibc-go's timeout text. */
export function goTimeString(ns) {
  const n = BigInt(ns);
  const d = new Date(Number(n / 1000000n));
  const pad = (v, w = 2) => String(v).padStart(w, '0');
  const frac = (n % 1000000000n).toString().padStart(9, '0').replace(/0+$/, '');
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:` +
    `${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}${frac ? `.${frac}` : ''} +0000 UTC`;
}
/** RFC 3339 with nanoseconds, trailing zeros removed (CometBFT's RFC3339Nano). */
export function rfc3339Nano(ms, nanosExtra = 0) {
  const d = new Date(ms);
  const base = d.toISOString().slice(0, 19);
  const frac = (BigInt(d.getUTCMilliseconds()) * 1000000n + BigInt(nanosExtra)).toString().padStart(9, '0').replace(/0+$/, '');
  return `${base}${frac ? `.${frac}` : ''}Z`;
}
