// Independent checks of what walletd signs for TRON, with tronweb (its own protobuf classes and
// its signature recovery), not walletd's code: the Transaction decodes, raw_data re-serialises to
// the same bytes (canonical encoding), txID = SHA-256(raw_data) is the answered tx_hash, the
// signature recovers to the sender, and the contract's fields are returned for comparison.
import { createRequire } from 'node:module';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { TronWeb, utils } from 'tronweb';
import { repoRoot } from './walletd-process.mjs';

const require = createRequire(import.meta.url);
const { Transaction } = require(join(repoRoot, 'node_modules/tronweb/lib/esm/protocol/core/Tron_pb.cjs'));

/** Decodes walletd's tx_hex; throws when any check fails. Resolves {txid, signer, raw, contract}. */
export function checkTronTransaction(txHex) {
  const bytes = Buffer.from(txHex, 'hex');
  const tx = Transaction.deserializeBinary(bytes);
  const rawBytes = Buffer.from(tx.getRawData().serializeBinary());
  const reencoded = Buffer.from(tx.serializeBinary());
  if (!reencoded.equals(bytes)) throw new Error('tx_hex is not the canonical encoding of its Transaction');
  const txid = createHash('sha256').update(rawBytes).digest('hex');
  const signatures = tx.getSignatureList_asU8();
  if (signatures.length !== 1) throw new Error(`expected one signature, got ${signatures.length}`);
  const signerHex = utils.crypto.ecRecover(txid, Buffer.from(signatures[0]).toString('hex'));
  const signer = TronWeb.address.fromHex(signerHex);
  const type = tx.getRawData().getContractList()[0].getType() === 1 ? 'TransferContract' : 'TriggerSmartContract';
  const raw = utils.deserializeTx.deserializeTransaction(type, rawBytes.toString('hex'));
  const value = raw.contract[0].parameter.value;
  const contract = type === 'TransferContract'
    ? { type, owner: TronWeb.address.fromHex(value.owner_address), to: TronWeb.address.fromHex(value.to_address),
      amount: BigInt(value.amount) }
    : { type, owner: TronWeb.address.fromHex(value.owner_address), contract: TronWeb.address.fromHex(value.contract_address),
      data: value.data.toLowerCase(), fee_limit: BigInt(raw.fee_limit) };
  return { txid, signer, raw, contract };
}

/** The recipient and amount a TRC20 transfer(address,uint256) call data carries. */
export function decodeTrc20Transfer(dataHex) {
  if (!dataHex.startsWith('a9059cbb')) throw new Error(`not transfer(): ${dataHex.slice(0, 8)}`);
  return { to: TronWeb.address.fromHex('41' + dataHex.slice(32, 72)), amount: BigInt('0x' + dataHex.slice(72, 136)) };
}
