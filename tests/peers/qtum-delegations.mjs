// QTUM's delegation contract (0x…86, QIP-25 offline staking) for the QTUM chain emulator
// (qtum-chain.mjs), doing what the real contract does for the calls walletd makes:
// addDelegation(staker, fee, PoD) — refused (reverted) for a fee above 100, a PoD other than 65
// bytes or not signed by the sender's key over the staker's key hash in QTUM's signed-message
// form, a staker equal to the sender — records the delegation and logs
// AddDelegation(staker indexed, delegate indexed, fee, blockHeight, PoD); removeDelegation()
// deletes it and logs RemoveDelegation(staker indexed, delegate indexed), reverting when there is
// none; delegations(address) answers the record to callcontract. Its logs go to the token
// ledger's receipts and event index, which QTUM's ElectrumX methods serve. The calls are decoded
// with ethers and the PoD recovered with @noble/curves, not with walletd's code. The gas a call
// uses is an approximation: a delegation below 2,200,000 gas runs out (KDF sends 2,250,000).
import { createRequire } from 'node:module';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { RECEIPT_ROOTS } from './qrc20-ledger.mjs';

const require = createRequire(import.meta.url);
const { Interface, AbiCoder, id } = require('ethers');

export const DELEGATION_CONTRACT = '0000000000000000000000000000000000000086';
export const ADD_TOPIC = id('AddDelegation(address,address,uint8,uint256,bytes)').slice(2);
export const REMOVE_TOPIC = id('RemoveDelegation(address,address)').slice(2);
export const DELEGATE_GAS_USED = 2_200_000;
const REMOVE_GAS_USED = 40_000;
const ABI = new Interface(['function addDelegation(address,uint8,bytes)', 'function removeDelegation()',
  'function delegations(address) view returns (address staker, uint8 fee, uint256 blockHeight, bytes PoD)']);
const word = (hex40) => hex40.padStart(64, '0');
const hash160 = (bytes) => Buffer.from(ripemd160(sha256(bytes))).toString('hex');

/** The PoD's message digest: dSHA256("\x15Qtum Signed Message:\n\x28" + staker hash hex). */
export function podDigest(stakerHex) {
  const message = Buffer.concat([Buffer.from('\x15Qtum Signed Message:\n\x28', 'latin1'), Buffer.from(stakerHex, 'ascii')]);
  return sha256(sha256(message));
}

/** The key hash (hex) of the compressed key a 65-byte PoD was made with, or null. */
export function podSigner(stakerHex, pod) {
  if (pod.length !== 65 || pod[0] < 31 || pod[0] > 34) return null;
  const recovered = secp256k1.recoverPublicKey(Uint8Array.from([pod[0] - 31, ...pod.subarray(1)]), podDigest(stakerHex), { prehash: false });
  return hash160(recovered);
}

export class QtumDelegations {
  /** `ledger`: the token ledger whose receipts and events QTUM's ElectrumX methods serve. */
  constructor(ledger) {
    this.ledger = ledger;
    this.byDelegate = new Map();  // delegate hash160 → {staker, fee, blockHeight, pod}
  }

  /** callcontract on 0x86: delegations(address). */
  call(dataHex) {
    try {
      const call = ABI.parseTransaction({ data: '0x' + dataHex });
      if (call.name !== 'delegations') throw new Error('not a view');
      const d = this.byDelegate.get(call.args[0].slice(2).toLowerCase());
      const output = ABI.encodeFunctionResult('delegations', d ? ['0x' + d.staker, d.fee, d.blockHeight, '0x' + d.pod.toString('hex')]
        : ['0x' + '0'.repeat(40), 0, 0, '0x']).slice(2);
      return { address: DELEGATION_CONTRACT, executionResult: { gasUsed: 30000, excepted: 'None', output } };
    } catch {
      return { address: DELEGATION_CONTRACT, executionResult: { gasUsed: 30000, excepted: 'Revert', output: '' } };
    }
  }

  /** Executes a mined OP_CALL to the contract from `sender` (hash160 hex). */
  execute({ txid, height, blockHash, txIndex, n, sender, call }) {
    const receipt = { blockHash, blockNumber: height, transactionHash: txid, transactionIndex: txIndex, outputIndex: n,
      from: sender, to: DELEGATION_CONTRACT, cumulativeGasUsed: 0, gasUsed: 0, contractAddress: DELEGATION_CONTRACT,
      excepted: 'None', exceptedMessage: '', ...RECEIPT_ROOTS, log: [] };
    try {
      const parsed = ABI.parseTransaction({ data: '0x' + Buffer.from(call.data).toString('hex') });
      if (parsed?.name === 'addDelegation') this.add(receipt, sender, parsed.args, call.gasLimit, height);
      else if (parsed?.name === 'removeDelegation') this.remove(receipt, sender, call.gasLimit);
      else throw new Error('Revert');
    } catch (e) {
      receipt.excepted = e.message;
      receipt.gasUsed = Number(call.gasLimit);
    }
    receipt.cumulativeGasUsed = receipt.gasUsed;
    if (!this.ledger.receipts.has(txid)) this.ledger.receipts.set(txid, []);
    this.ledger.receipts.get(txid).push(receipt);
    receipt.log.forEach((log, logIndex) => this.ledger.events.push({ contract: DELEGATION_CONTRACT, topics: log.topics,
      tx_hash: txid, height, log_index: logIndex }));
  }

  add(receipt, sender, [stakerAddress, fee, podHex], gasLimit, height) {
    if (gasLimit < DELEGATE_GAS_USED) throw new Error('OutOfGasIntrinsic');
    const staker = stakerAddress.slice(2).toLowerCase();
    const pod = Buffer.from(podHex.slice(2), 'hex');
    if (Number(fee) > 100) throw new Error('Revert: invalid fee');
    if (staker === sender) throw new Error('Revert: cannot delegate to self');
    if (podSigner(staker, pod) !== sender) throw new Error('Revert: invalid PoD');
    this.byDelegate.set(sender, { staker, fee: Number(fee), blockHeight: height, pod });
    receipt.gasUsed = DELEGATE_GAS_USED;
    receipt.log.push({ address: DELEGATION_CONTRACT, topics: [ADD_TOPIC, word(staker), word(sender)],
      data: AbiCoder.defaultAbiCoder().encode(['uint8', 'uint256', 'bytes'], [fee, height, podHex]).slice(2) });
  }

  remove(receipt, sender, gasLimit) {
    if (gasLimit < REMOVE_GAS_USED) throw new Error('OutOfGasIntrinsic');
    const d = this.byDelegate.get(sender);
    if (!d) throw new Error('Revert: no delegation');
    this.byDelegate.delete(sender);
    receipt.gasUsed = REMOVE_GAS_USED;
    receipt.log.push({ address: DELEGATION_CONTRACT, topics: [REMOVE_TOPIC, word(d.staker), word(sender)], data: '' });
  }
}
