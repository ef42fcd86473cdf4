// Independent checks of the Cosmos transactions walletd signs, with cosmjs only: the TxRaw
// decoded (decodeTxRaw), its single message decoded with cosmjs-types, the signer's address from
// its public key, and the SIGN_MODE_DIRECT signature verified over the raw bytes with the chain
// id and account number the caller names (never re-encoded).
import { decodeTxRaw, makeSignBytes, makeSignDoc } from '@cosmjs/proto-signing';
import { Secp256k1, Secp256k1Signature, sha256 } from '@cosmjs/crypto';
import { fromHex, toHex, toBech32 } from '@cosmjs/encoding';
import { rawSecp256k1PubkeyToRawAddress } from '@cosmjs/amino';
import { PubKey } from 'cosmjs-types/cosmos/crypto/secp256k1/keys';
import { TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx';
import { BinaryReader } from 'cosmjs-types/binary';
import { MsgSend } from 'cosmjs-types/cosmos/bank/v1beta1/tx';
import { MsgTransfer } from 'cosmjs-types/ibc/applications/transfer/v1/tx';
import { MsgDelegate, MsgUndelegate } from 'cosmjs-types/cosmos/staking/v1beta1/tx';
import { MsgWithdrawDelegatorReward } from 'cosmjs-types/cosmos/distribution/v1beta1/tx';

const DECODERS = {
  '/cosmos.bank.v1beta1.MsgSend': MsgSend,
  '/ibc.applications.transfer.v1.MsgTransfer': MsgTransfer,
  '/cosmos.staking.v1beta1.MsgDelegate': MsgDelegate,
  '/cosmos.staking.v1beta1.MsgUndelegate': MsgUndelegate,
  '/cosmos.distribution.v1beta1.MsgWithdrawDelegatorReward': MsgWithdrawDelegatorReward,
};

/** The top-level field numbers of a protobuf message, in order (what a decoder's defaults hide). */
export function fieldNumbers(bytes) {
  const reader = new BinaryReader(bytes);
  const numbers = [];
  while (reader.pos < reader.len) {
    const tag = reader.uint32();
    numbers.push(tag >>> 3);
    reader.skipType(tag & 7);
  }
  return numbers;
}

/**
 * Decodes `txHex` and verifies its signature for `chainId`/`accountNumber`; resolves
 * {hash, signer, sequence, fee: {denom, amount: BigInt}, gasLimit: BigInt, memo, timeoutHeight:
 * BigInt, typeUrl, msg, msgFields (its top-level field numbers), valid, highS}.
 */
export async function checkCosmosTx(txHex, { chainId, accountNumber, prefix }) {
  const bytes = fromHex(txHex);
  const raw = TxRaw.decode(bytes);
  const tx = decodeTxRaw(bytes);
  if (tx.body.messages.length !== 1) throw new Error('walletd signs one message per transaction');
  const [message] = tx.body.messages;
  const decoder = DECODERS[message.typeUrl];
  if (!decoder) throw new Error(`unknown message ${message.typeUrl}`);
  const signerInfo = tx.authInfo.signerInfos[0];
  const pubkey = PubKey.decode(signerInfo.publicKey.value).key;
  const doc = makeSignDoc(raw.bodyBytes, raw.authInfoBytes, chainId, accountNumber);
  const signature = raw.signatures[0];
  const valid = await Secp256k1.verifySignature(Secp256k1Signature.fromFixedLength(signature),
    sha256(makeSignBytes(doc)), pubkey);
  const s = BigInt(`0x${toHex(signature.slice(32))}`);
  const n = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
  return {
    hash: toHex(sha256(bytes)).toUpperCase(),
    signer: toBech32(prefix, rawSecp256k1PubkeyToRawAddress(pubkey)),
    sequence: signerInfo.sequence,
    mode: signerInfo.modeInfo.single?.mode,
    fee: { denom: tx.authInfo.fee.amount[0].denom, amount: BigInt(tx.authInfo.fee.amount[0].amount) },
    gasLimit: tx.authInfo.fee.gasLimit,
    memo: tx.body.memo,
    timeoutHeight: tx.body.timeoutHeight,
    typeUrl: message.typeUrl,
    msg: decoder.decode(message.value),
    msgFields: fieldNumbers(message.value),
    valid,
    highS: s > n / 2n,
  };
}

/** The Iguana key of `passphrase` (KDF's: SHA-256 clamped) and its compressed public key. */
export async function iguanaCosmosKey(passphrase, prefix) {
  const key = sha256(new TextEncoder().encode(passphrase));
  key[0] &= 248; key[31] &= 127; key[31] |= 64;
  const { pubkey } = await Secp256k1.makeKeypair(key);
  const compressed = Secp256k1.compressPubkey(pubkey);
  return { key, pubkey: compressed, address: toBech32(prefix, rawSecp256k1PubkeyToRawAddress(compressed)) };
}
