// QRC20 tokens for the QTUM chain emulator (qtum-chain.mjs): what qtumd's EVM does for the calls
// walletd makes — balanceOf, decimals, name, symbol, totalSupply read by `callcontract`, and
// transfer(address,uint256) executed when a block carries an OP_CALL output to the token — with
// receipts and Transfer logs in qtumd's shapes (gettransactionreceipt), and each log indexed by
// the addresses in its topics, as QTUM's ElectrumX serves blockchain.contract.event.get_history.
// The calls are decoded with ethers' ABI coder, not walletd's. The sender of a call is the
// address of the script the transaction's first input spends, as QTUM's EVM takes it.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { Interface, AbiCoder } = require('ethers');

export const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
export const TRANSFER_GAS = 36615;  // gasUsed of a real QRC20 transfer's receipt
const READ_GAS = 23404;
const ERC20 = new Interface(['function transfer(address,uint256) returns (bool)', 'function balanceOf(address) view returns (uint256)',
  'function decimals() view returns (uint8)', 'function name() view returns (string)', 'function symbol() view returns (string)',
  'function totalSupply() view returns (uint256)']);
const word = (hex40) => hex40.padStart(64, '0');
// The fields a newer qtumd writes in each receipt entry beside the call's (tests/data/recorded/qtum).
export const RECEIPT_ROOTS = Object.freeze({ stateRoot: '0'.repeat(64), utxoRoot: '0'.repeat(64), createdContracts: [], destructedContracts: [] });

export class Qrc20Ledger {
  constructor() {
    this.tokens = new Map();    // contract (40 hex) → {name, symbol, decimals, balances: Map(hash160 → bigint)}
    this.receipts = new Map();  // txid → [receipt]
    this.events = [];           // {contract, topics, tx_hash, height, log_index}
  }

  /** A token at `contract` (40 hex) with `balances` ({hash160: bigint}). */
  deploy(contract, { name = 'Test QRC20', symbol = 'TQRC', decimals = 8, balances = {} } = {}) {
    this.tokens.set(contract, { name, symbol, decimals, balances: new Map(Object.entries(balances).map(([k, v]) => [k, BigInt(v)])) });
  }

  balanceOf(contract, hash160) { return this.tokens.get(contract)?.balances.get(hash160) ?? 0n; }

  /** qtumd's callcontract answer for a read-only call. */
  call(contract, dataHex) {
    const token = this.tokens.get(contract);
    let output = '', excepted = 'None';
    try {
      if (!token) throw new Error('no contract');
      const call = ERC20.parseTransaction({ data: '0x' + dataHex });
      const values = { balanceOf: () => [this.balanceOf(contract, call.args[0].slice(2).toLowerCase())],
        decimals: () => [token.decimals], name: () => [token.name], symbol: () => [token.symbol],
        totalSupply: () => [[...token.balances.values()].reduce((a, b) => a + b, 0n)] }[call.name];
      if (!values) throw new Error('not a view');
      output = ERC20.encodeFunctionResult(call.name, values()).slice(2);
    } catch {
      excepted = 'Revert';
    }
    return { address: contract, executionResult: { gasUsed: READ_GAS, excepted, newAddress: contract, output,
      codeDeposit: 0, gasRefunded: 0, depositSize: 0, gasForDeposit: 0, exceptedMessage: '' },
    transactionReceipt: { stateRoot: '0'.repeat(64), utxoRoot: '0'.repeat(64), gasUsed: READ_GAS, bloom: '0'.repeat(512),
      createdContracts: [], destructedContracts: [], log: [] } };
  }

  /** Executes a mined transaction's contract call (output `n`) from `sender` (hash160). */
  execute({ txid, height, blockHash, txIndex, n, sender, call }) {
    const contract = Buffer.from(call.contract).toString('hex');
    const receipt = { blockHash, blockNumber: height, transactionHash: txid, transactionIndex: txIndex, outputIndex: n,
      from: sender, to: contract, cumulativeGasUsed: TRANSFER_GAS, gasUsed: TRANSFER_GAS, contractAddress: contract,
      excepted: 'None', exceptedMessage: '', ...RECEIPT_ROOTS, log: [] };
    const token = this.tokens.get(contract);
    try {
      if (!token) throw new Error('Revert');
      if (call.gasLimit < TRANSFER_GAS) throw new Error('OutOfGas');
      const parsed = ERC20.parseTransaction({ data: '0x' + Buffer.from(call.data).toString('hex') });
      if (parsed?.name !== 'transfer') throw new Error('Revert');
      const to = parsed.args[0].slice(2).toLowerCase();
      const amount = parsed.args[1];
      const from = token.balances.get(sender) ?? 0n;
      if (from < amount) throw new Error('Revert');
      token.balances.set(sender, from - amount);
      token.balances.set(to, (token.balances.get(to) ?? 0n) + amount);
      const log = { address: contract, topics: [TRANSFER_TOPIC, word(sender), word(to)],
        data: AbiCoder.defaultAbiCoder().encode(['uint256'], [amount]).slice(2) };
      receipt.log.push(log);
      this.events.push({ contract, topics: log.topics, tx_hash: txid, height, log_index: 0 });
    } catch (e) {
      receipt.excepted = e.message;
      receipt.gasUsed = receipt.cumulativeGasUsed = Number(call.gasLimit);
    }
    if (!this.receipts.has(txid)) this.receipts.set(txid, []);
    this.receipts.get(txid).push(receipt);
  }

  /** blockchain.contract.event.get_history: the logs of `contract` with `topic` naming `hash160`. */
  history(hash160, contract, topic) {
    return this.events.filter((e) => e.contract === contract && e.topics[0] === topic && e.topics.slice(1).includes(word(hash160)))
      .map(({ tx_hash, height, log_index }) => ({ tx_hash, height, log_index }));
  }
}
