// A Trezor One for tests: the firmware's conversation rules over any transport that hands it
// messages ({type, message} from wire.mjs) and sends its answers. It holds a BIP39 seed, an
// optional PIN (asked through the scrambled PIN matrix) and passphrase protection (asked from the
// host), a session id that keeps the passphrase, and button presses decided by the test
// (confirm, refuse, or wait). It answers Initialize/GetFeatures, Ping, GetPublicKey, GetAddress,
// EthereumGetAddress/GetPublicKey, EthereumSignTx/EthereumSignTxEIP1559 (data in chunks) and
// SignTx (the TxRequest/TxAck stream of Bitcoin-like coins, P2PKH and P2WPKH inputs). It can be
// unplugged, at a moment the test picks, mid-conversation (`disconnectAt`, unplug()).
// Keys come from @scure/bip39 + @scure/bip32, addresses and sighashes from bitcoinjs-lib and
// ethers, signatures from @noble/curves: none of it is walletd's code.
import { randomBytes } from 'node:crypto';
import { mnemonicToSeedSync } from '@scure/bip39';
import { HDKey } from '@scure/bip32';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { Transaction as BitcoinTransaction, address as bitcoinAddress, crypto as bitcoinCrypto, opcodes, payments,
  script as bitcoinScript } from 'bitcoinjs-lib';
import { Transaction, computeAddress, hexlify } from 'ethers';
import { CHANGE_SPEND, CHANGE_TYPES, COINS, DeviceFailure, FAILURE, SPEND_TYPES, addressOf, changeAccount, compactSize,
  describeTxRequest, fingerprint, inputBytes, isChange, networkOf, outputBytes, signDigest, spentScript, txInput, txOutput,
  u32le, unsignedTransaction, withHashType, withLength } from './bitcoin-tx.mjs';

export { DeviceFailure };

export const TEST_MNEMONIC = 'all all all all all all all all all all all all';

const MAX_EIP155_CHAIN_ID = (2n ** 32n - 1n - 36n) / 2n;
// The host started over (Initialize) in the middle of a conversation.
class Restart extends Error {
  constructor(request) {
    super('restart');
    this.request = request;
  }
}

const hex = (bytes) => Buffer.from(bytes).toString('hex');
const bigFromHex = (text) => (text ? BigInt(`0x${text}`) : 0n);
const fromHex = (text) => Uint8Array.from(Buffer.from(text ?? '', 'hex'));
const NOTHING = Buffer.alloc(0);

export class TrezorTestDevice {
  // disconnectAt: unplug instead of sending a message — a TxRequest request type ('TXINPUT',
  // 'TXOUTPUT', 'TXMETA', 'TXFINISHED': the first TxRequest of that type) or a function
  // (name, fields) → true for the message to unplug at.
  constructor({ mnemonic = TEST_MNEMONIC, pin = null, passphraseProtection = false, label = 'walletd test device',
    buttons = 'confirm', disconnectAt = null } = {}) {
    Object.assign(this, { mnemonic, pin, passphraseProtection, label, buttons, disconnectAt });
    this.deviceId = randomBytes(12).toString('hex').toUpperCase();
    this.unlocked = pin === null;
    this.sessionId = null;
    this.sessionPassphrase = undefined;
    this.matrix = null;  // the PIN matrix on screen, digits in keypad-position order
    this.log = [];       // every message type in and out, for tests
    this.inbox = [];
    this.waiting = null;
    this.buttonsPressed = [];
    this.txRequests = [];  // every TxRequest sent, described by describeTxRequest
    this.disconnected = false;
    this.disconnectListeners = [];
  }

  // Called by a transport for each host message; `send(name, fields)` answers on that transport.
  attach(send) {
    this.send = (name, fields) => {
      if (this.disconnected) return;
      if (this.#unplugsAt(name, fields)) { this.unplug(); return; }
      this.log.push(`> ${name}`);
      if (name === 'TxRequest') this.txRequests.push(describeTxRequest(fields));
      send(name, fields);
    };
    if (!this.running) {
      this.running = true;
      this.#run();
    }
  }

  receive(decoded) {
    if (this.disconnected) return;  // nobody is there to read it
    this.log.push(`< ${decoded.type}`);
    if (this.waiting) {
      const resolve = this.waiting;
      this.waiting = null;
      resolve(decoded);
    } else {
      this.inbox.push(decoded);
    }
  }

  // Pulls the cable: from now on the device sends and reads nothing (a conversation in progress
  // stays where it was); transports that registered with onDisconnect hear of it, as a host's USB
  // stack or trezord would.
  unplug() {
    if (this.disconnected) return;
    this.disconnected = true;
    this.log.push('x unplugged');
    for (const listener of this.disconnectListeners) listener();
  }

  onDisconnect(listener) {
    this.disconnectListeners.push(listener);
  }

  #unplugsAt(name, fields) {
    if (typeof this.disconnectAt === 'function') return this.disconnectAt(name, fields);
    return this.disconnectAt !== null && name === 'TxRequest' && fields.request_type === this.disconnectAt;
  }

  #next() {
    if (this.inbox.length) return Promise.resolve(this.inbox.shift());
    return new Promise((resolve) => { this.waiting = resolve; });
  }

  async #run() {
    let request = await this.#next();
    for (;;) {
      try {
        await this.#dispatch(request);
        request = await this.#next();
      } catch (e) {
        if (e instanceof Restart) { request = e.request; continue; }
        if (e instanceof DeviceFailure) this.send('Failure', { code: e.code, message: e.message });
        else this.send('Failure', { code: FAILURE.ProcessError, message: String(e.message ?? e) });
        request = await this.#next();
      }
    }
  }

  // Sends a request to the host and returns its answer; Cancel and Initialize end the conversation.
  async #ask(name, fields, expected) {
    this.send(name, fields);
    const answer = await this.#next();
    if (answer.type === 'Cancel') throw new DeviceFailure(FAILURE.ActionCancelled, 'Action cancelled by user');
    if (answer.type === 'Initialize') throw new Restart(answer);
    if (answer.type !== expected) throw new DeviceFailure(FAILURE.UnexpectedMessage, 'Unexpected message');
    return answer.message;
  }

  async #unlock() {
    if (this.unlocked) return;
    const digits = [...'123456789'];
    for (let i = digits.length - 1; i > 0; i--) {
      const j = randomBytes(1)[0] % (i + 1);
      [digits[i], digits[j]] = [digits[j], digits[i]];
    }
    this.matrix = digits.join('');
    const { pin } = await this.#ask('PinMatrixRequest', { type: 'PinMatrixRequestType_Current' }, 'PinMatrixAck');
    const entered = [...(pin ?? '')].map((position) => this.matrix[Number(position) - 1]).join('');
    this.matrix = null;
    if (entered !== this.pin) throw new DeviceFailure(FAILURE.PinInvalid, 'PIN invalid');
    this.unlocked = true;
  }

  async #passphrase() {
    if (!this.passphraseProtection) return '';
    if (this.sessionPassphrase === undefined) {
      const { passphrase } = await this.#ask('PassphraseRequest', {}, 'PassphraseAck');
      this.sessionPassphrase = passphrase ?? '';
    }
    return this.sessionPassphrase;
  }

  // A screen the user confirms with the button: decided by `buttons` ('confirm', 'refuse',
  // or a function returning a promise of true/false).
  async #confirm(code) {
    await this.#ask('ButtonRequest', { code }, 'ButtonAck');
    const decision = typeof this.buttons === 'function' ? await this.buttons(code) : this.buttons === 'confirm';
    this.buttonsPressed.push(`${code}:${decision ? 'yes' : 'no'}`);
    if (!decision) throw new DeviceFailure(FAILURE.ActionCancelled, 'Action cancelled by user');
  }

  async #node(path) {
    await this.#unlock();
    const passphrase = await this.#passphrase();
    if (this.seedFor?.passphrase !== passphrase) {
      this.seedFor = { passphrase, root: HDKey.fromMasterSeed(mnemonicToSeedSync(this.mnemonic, passphrase)) };
    }
    let node = this.seedFor.root;
    for (const index of path ?? []) node = node.deriveChild(index);
    return node;
  }

  features() {
    return { vendor: 'trezor.io', major_version: 1, minor_version: 12, patch_version: 1, device_id: this.deviceId,
      pin_protection: this.pin !== null, passphrase_protection: this.passphraseProtection, language: 'en-US',
      label: this.label, initialized: true, unlocked: this.unlocked, model: '1',
      ...(this.sessionId ? { session_id: hex(this.sessionId) } : {}),
      capabilities: ['Capability_Bitcoin', 'Capability_Bitcoin_like', 'Capability_Crypto', 'Capability_Ethereum'] };
  }

  async #dispatch({ type, message }) {
    const handler = {
      Initialize: () => this.#initialize(message),
      GetFeatures: () => this.send('Features', this.features()),
      Ping: () => this.#ping(message),
      // Nothing running: a Trezor One still answers Failure ActionCancelled.
      Cancel: () => this.send('Failure', { code: FAILURE.ActionCancelled, message: 'Action cancelled by user' }),
      GetPublicKey: () => this.#getPublicKey(message),
      GetAddress: () => this.#getAddress(message),
      EthereumGetAddress: () => this.#ethereumGetAddress(message),
      EthereumGetPublicKey: () => this.#getPublicKey({ ...message, coin_name: 'Bitcoin' }, 'EthereumPublicKey'),
      EthereumSignTx: () => this.#ethereumSign(message, 0),
      EthereumSignTxEIP1559: () => this.#ethereumSign(message, 2),
      SignTx: () => this.#signTx(message),
      TxAck: () => { throw new DeviceFailure(FAILURE.UnexpectedMessage, 'Not in Signing mode'); },
    }[type];
    if (!handler) throw new DeviceFailure(FAILURE.UnexpectedMessage, 'Unexpected message');
    await handler();
  }

  #initialize({ session_id: sessionId }) {
    if (!sessionId || !this.sessionId || sessionId !== hex(this.sessionId)) {
      this.sessionId = randomBytes(32);
      this.sessionPassphrase = undefined;
    }
    this.send('Features', this.features());
  }

  async #ping({ message, button_protection: buttonProtection }) {
    if (buttonProtection) await this.#confirm('ButtonRequest_ProtectCall');
    this.send('Success', { message: message ?? '' });
  }

  #coin(name) {
    const coin = COINS[name ?? 'Bitcoin'];
    if (!coin) throw new DeviceFailure(FAILURE.DataError, 'Invalid coin name');
    return coin;
  }

  async #getPublicKey(message, answer = 'PublicKey') {
    if (message.ecdsa_curve_name && message.ecdsa_curve_name !== 'secp256k1') {
      throw new DeviceFailure(FAILURE.DataError, 'Invalid curve');
    }
    const coin = this.#coin(message.coin_name);
    const node = await this.#node(message.address_n);
    if (message.show_display) await this.#confirm('ButtonRequest_PublicKey');
    const withMagic = new HDKey({ versions: { private: 0, public: coin.xpub }, depth: node.depth, index: node.index,
      parentFingerprint: node.parentFingerprint, chainCode: node.chainCode, publicKey: node.publicKey });
    this.send(answer, {
      node: { depth: node.depth, fingerprint: node.parentFingerprint, child_num: node.index, chain_code: hex(node.chainCode),
        public_key: hex(node.publicKey) },
      xpub: withMagic.publicExtendedKey,
      ...(answer === 'PublicKey' ? { root_fingerprint: this.seedFor.root.fingerprint } : {}),
    });
  }

  async #getAddress(message) {
    const coin = this.#coin(message.coin_name);
    const address = addressOf(coin, await this.#node(message.address_n), message.script_type ?? 'SPENDADDRESS');
    if (message.show_display) await this.#confirm('ButtonRequest_Address');
    this.send('Address', { address });
  }

  async #ethereumGetAddress(message) {
    const node = await this.#node(message.address_n);
    const address = computeAddress(hexlify(node.publicKey));
    if (message.show_display) await this.#confirm('ButtonRequest_Address');
    this.send('EthereumAddress', { address });
  }

  // Legacy (EIP-155) or EIP-1559: the data arrives in the request and in EthereumTxAck chunks
  // the device asks for, 1024 bytes at a time; after the output and the fee are confirmed the
  // device answers v, r, s.
  async #ethereumSign(message, txType) {
    const node = await this.#node(message.address_n);
    const total = message.data_length ?? 0;
    let data = fromHex(message.data_initial_chunk);
    if (data.length > total && total > 0) throw new DeviceFailure(FAILURE.DataError, 'Invalid data length');
    while (data.length < total) {
      const want = Math.min(1024, total - data.length);
      const { data_chunk: chunk } = await this.#ask('EthereumTxRequest', { data_length: want }, 'EthereumTxAck');
      const bytes = fromHex(chunk);
      if (bytes.length !== want) throw new DeviceFailure(FAILURE.DataError, 'Invalid data chunk');
      data = Uint8Array.from([...data, ...bytes]);
    }
    const chainId = BigInt(message.chain_id);
    const fields = txType === 2
      ? { type: 2, maxFeePerGas: bigFromHex(message.max_gas_fee), maxPriorityFeePerGas: bigFromHex(message.max_priority_fee) }
      : { type: 0, gasPrice: bigFromHex(message.gas_price) };
    const tx = Transaction.from({ ...fields, chainId, nonce: Number(bigFromHex(message.nonce)), gasLimit: bigFromHex(message.gas_limit),
      to: message.to || null, value: bigFromHex(message.value), data: hexlify(data) });
    await this.#confirm('ButtonRequest_ConfirmOutput');
    await this.#confirm('ButtonRequest_SignTx');
    const signature = secp256k1.sign(fromHex(tx.unsignedHash.slice(2)), node.privateKey, { prehash: false, format: 'recovered' });
    const recovery = signature[0];
    // Legacy: EIP-155's v, except for chain ids too large for it (the host adds 35 + 2·chain_id).
    const v = txType === 2 || chainId > MAX_EIP155_CHAIN_ID ? recovery : Number(chainId) * 2 + 35 + recovery;
    this.send('EthereumTxRequest', { signature_v: v, signature_r: hex(signature.subarray(1, 33)), signature_s: hex(signature.subarray(33)) });
  }

  // SignTx, in the order of the Trezor One firmware (legacy/firmware/signing.c, 1.10 onwards).
  // Phase 1: every input (TXINPUT i), every output (TXOUTPUT i; each one that is not change is
  // confirmed), the totals (NotEnoughFunds) and the SignTx confirmation; then each input again with
  // its previous transaction streamed (TXMETA, its TXINPUTs and TXOUTPUTs by tx_hash) and checked.
  // Phase 2 signs and serializes, each piece riding on the next TxRequest (see #phase2).
  async #signTx(message) {
    if (!message.inputs_count) throw new DeviceFailure(FAILURE.DataError, 'Transaction must have at least one input');
    if (!message.outputs_count) throw new DeviceFailure(FAILURE.DataError, 'Transaction must have at least one output');
    const coin = this.#coin(message.coin_name);
    await this.#node([]);  // PIN and passphrase before the first TxRequest, as fsm_msgSignTx asks them
    const tx = { coin, network: networkOf(coin), version: message.version ?? 1, lockTime: message.lock_time ?? 0,
      inputsCount: message.inputs_count, outputsCount: message.outputs_count, inputs: [], outputs: [], piece: null };
    await this.#phase1(tx);
    await this.#phase2(tx);
  }

  async #phase1(tx) {
    for (let i = 0; i < tx.inputsCount; i++) tx.inputs.push(await this.#askInput(tx, i));
    const account = changeAccount(tx.inputs);
    const totalIn = tx.inputs.reduce((sum, input) => sum + input.amount, 0n);
    let totalOut = 0n;
    let changeCount = 0;
    for (let i = 0; i < tx.outputsCount; i++) {
      const output = await this.#askOutput(tx, i);
      totalOut += output.amount;
      if (isChange(account, output)) changeCount++;
      else await this.#confirm('ButtonRequest_ConfirmOutput');
      tx.outputs.push(output);
    }
    if (totalOut > totalIn) throw new DeviceFailure(FAILURE.NotEnoughFunds, 'Not enough funds');
    if (changeCount > 2) await this.#confirm('ButtonRequest_SignTx');     // "more than 2 change outputs"
    if (tx.lockTime !== 0) await this.#confirm('ButtonRequest_SignTx');   // "locktime set to …"
    await this.#confirm('ButtonRequest_SignTx');                          // amount and fee
    for (let i = 0; i < tx.inputsCount; i++) {
      await this.#askAgain(tx, 'TXINPUT', i);
      await this.#checkPrevTx(tx, tx.inputs[i]);
    }
  }

  // Phase 2 (STAGE_REQUEST_4/SEGWIT_INPUT/5/SEGWIT_WITNESS): for each input in turn, a legacy one is
  // signed after the whole transaction is streamed again (TXINPUT for every input, TXOUTPUT for every
  // output), a segwit one is only asked again (TXINPUT i); then every output (TXOUTPUT i); then, for
  // a segwit transaction, every input once more (TXINPUT i) for its witness (an empty one for legacy
  // inputs). Pieces: the header (version, segwit marker and flag, input count) with input 0; each
  // input (legacy ones signed, with signature_index/signature); the output count with output 0;
  // each output; each witness (segwit signatures with signature_index/signature); nLockTime after
  // the last output, or after the last witness. TXFINISHED carries the last piece.
  async #phase2(tx) {
    const segwit = tx.inputs.some((input) => input.script_type !== 'SPENDADDRESS');
    const header = Buffer.concat([u32le(tx.version), segwit ? Buffer.from([0x00, 0x01]) : NOTHING, compactSize(tx.inputsCount)]);
    for (let i = 0; i < tx.inputsCount; i++) {
      const lead = i === 0 ? header : NOTHING;
      if (tx.inputs[i].script_type === 'SPENDADDRESS') {
        for (let j = 0; j < tx.inputsCount; j++) await this.#askAgain(tx, 'TXINPUT', j);
        for (let j = 0; j < tx.outputsCount; j++) await this.#askAgain(tx, 'TXOUTPUT', j);
        const { signature, scriptSig } = await this.#signLegacy(tx, i);
        const serialized = Buffer.concat([lead, inputBytes(tx.inputs[i], scriptSig)]);
        tx.piece = { signature_index: i, signature: hex(signature), serialized_tx: hex(serialized) };
      } else {
        await this.#askAgain(tx, 'TXINPUT', i);
        tx.piece = { serialized_tx: hex(Buffer.concat([lead, inputBytes(tx.inputs[i], NOTHING)])) };
      }
    }
    for (let i = 0; i < tx.outputsCount; i++) {
      await this.#askAgain(tx, 'TXOUTPUT', i);
      const count = i === 0 ? compactSize(tx.outputsCount) : NOTHING;
      const footer = !segwit && i === tx.outputsCount - 1 ? u32le(tx.lockTime) : NOTHING;
      tx.piece = { serialized_tx: hex(Buffer.concat([count, outputBytes(tx.outputs[i]), footer])) };
    }
    for (let i = 0; segwit && i < tx.inputsCount; i++) {
      await this.#askAgain(tx, 'TXINPUT', i);
      const footer = i === tx.inputsCount - 1 ? u32le(tx.lockTime) : NOTHING;
      if (tx.inputs[i].script_type === 'SPENDADDRESS') {
        tx.piece = { serialized_tx: hex(Buffer.concat([Buffer.from([0x00]), footer])) };
      } else {
        const { signature, witness } = await this.#signSegwit(tx, i);
        tx.piece = { signature_index: i, signature: hex(signature), serialized_tx: hex(Buffer.concat([witness, footer])) };
      }
    }
    await this.#txRequest(tx, 'TXFINISHED');
  }

  // Sends a TxRequest carrying the pending serialized piece; answers the TxAck's `tx` (TransactionType).
  async #txRequest(tx, type, details) {
    const fields = { request_type: type, ...(details ? { details } : {}), ...(tx.piece ? { serialized: tx.piece } : {}) };
    tx.piece = null;
    if (type === 'TXFINISHED') return this.send('TxRequest', fields);
    const { tx: answer } = await this.#ask('TxRequest', fields, 'TxAck');
    return answer ?? {};
  }

  // Input i of the transaction being signed, checked as signing_validate_input checks it.
  async #askInput(tx, index) {
    const input = txInput((await this.#txRequest(tx, 'TXINPUT', { request_index: index })).inputs?.[0]);
    if (input.prev_hash.length !== 64) throw new DeviceFailure(FAILURE.ProcessError, 'Encountered invalid prevhash');
    if (input.multisig || !SPEND_TYPES.has(input.script_type)) throw new DeviceFailure(FAILURE.DataError, 'Unsupported script type.');
    if (input.script_type === 'SPENDWITNESS' && !tx.coin.bech32) {
      throw new DeviceFailure(FAILURE.DataError, 'Segwit not enabled on this coin');
    }
    if (input.amount === null) throw new DeviceFailure(FAILURE.DataError, 'Expected input with amount');
    return input;
  }

  // Output i, checked as signing_validate_output checks it, with its scriptPubKey compiled.
  async #askOutput(tx, index) {
    const output = txOutput((await this.#txRequest(tx, 'TXOUTPUT', { request_index: index })).outputs?.[0]);
    const fail = (text) => { throw new DeviceFailure(FAILURE.DataError, text); };
    if (output.multisig) fail('Multisig field provided but not expected.');
    if (output.address_n.length && !CHANGE_TYPES.has(output.script_type)) fail('Output\'s address_n provided but not expected.');
    if (output.script_type === 'PAYTOOPRETURN') {
      if (output.address || output.address_n.length) fail('OP_RETURN output with address or multisig');
      if (output.amount !== 0n) fail('OP_RETURN output with non-zero amount');
    } else {
      if (output.op_return_data) fail('OP RETURN data provided but not OP RETURN script type.');
      if (output.address && output.address_n.length) fail('Both address and address_n provided.');
      if (!output.address && !output.address_n.length) fail('Missing address');
    }
    if (['PAYTOWITNESS', 'PAYTOP2SHWITNESS'].includes(output.script_type) && !tx.coin.bech32) fail('Segwit not enabled on this coin');
    return { ...output, script: await this.#outputScript(tx, output) };
  }

  // The output's scriptPubKey (compile_output): OP_RETURN data, the address of the change key named
  // by address_n, or the address decoded with the coin's network (base58 versions, bech32 prefix).
  async #outputScript(tx, output) {
    if (output.script_type === 'PAYTOOPRETURN') {
      return Buffer.from(bitcoinScript.compile([opcodes.OP_RETURN, fromHex(output.op_return_data)]));
    }
    let { address } = output;
    if (output.address_n.length) {
      if (!CHANGE_SPEND[output.script_type]) throw new DeviceFailure(FAILURE.ProcessError, 'Failed to compile output');
      address = addressOf(tx.coin, await this.#node(output.address_n), CHANGE_SPEND[output.script_type]);
    }
    try {
      return Buffer.from(bitcoinAddress.toOutputScript(address, tx.network));
    } catch {
      throw new DeviceFailure(FAILURE.ProcessError, 'Failed to compile output');
    }
  }

  // Asks input or output `index` again: it must be what phase 1 saw.
  async #askAgain(tx, type, index) {
    const again = type === 'TXINPUT' ? await this.#askInput(tx, index) : await this.#askOutput(tx, index);
    const before = type === 'TXINPUT' ? tx.inputs[index] : tx.outputs[index];
    if (fingerprint(again) !== fingerprint(before)) throw new DeviceFailure(FAILURE.DataError, 'Transaction has changed during signing');
  }

  // Streams the previous transaction of `input` and recomputes its txid from the legacy
  // serialization (version, inputs, outputs, nLockTime; no witnesses), which must be prev_hash as
  // the host sends it (display order). The spent output must hold the input's amount, and pay to the
  // script of the input's key: a check the T1 firmware does not make (one of Trezor's own T1 test
  // vectors signs for a path that does not own the output), with the message Trezor's core firmware uses.
  async #checkPrevTx(tx, input) {
    const hash = input.prev_hash;
    const meta = await this.#txRequest(tx, 'TXMETA', { tx_hash: hash });
    const inputsCount = meta.inputs_cnt ?? meta.inputs_count ?? 0;
    const outputsCount = meta.outputs_cnt ?? meta.outputs_count ?? 0;
    if (outputsCount <= input.prev_index) throw new DeviceFailure(FAILURE.DataError, 'Not enough outputs in previous transaction.');
    if (meta.extra_data_len) throw new DeviceFailure(FAILURE.DataError, 'Extra data not enabled on this coin.');
    const parts = [u32le(meta.version ?? 0), compactSize(inputsCount)];
    for (let i = 0; i < inputsCount; i++) {
      const prev = txInput((await this.#txRequest(tx, 'TXINPUT', { request_index: i, tx_hash: hash })).inputs?.[0]);
      if (prev.prev_hash.length !== 64) throw new DeviceFailure(FAILURE.ProcessError, 'Encountered invalid prevhash');
      parts.push(inputBytes(prev, fromHex(prev.script_sig)));
    }
    parts.push(compactSize(outputsCount));
    let spent;
    for (let i = 0; i < outputsCount; i++) {
      const bin = (await this.#txRequest(tx, 'TXOUTPUT', { request_index: i, tx_hash: hash })).bin_outputs?.[0] ?? {};
      const output = { amount: BigInt(bin.amount ?? 0), script: fromHex(bin.script_pubkey) };
      if (i === input.prev_index) {
        if (output.amount !== input.amount) throw new DeviceFailure(FAILURE.DataError, 'Invalid amount specified');
        spent = output;
      }
      parts.push(outputBytes(output));
    }
    parts.push(u32le(meta.lock_time ?? 0));
    const txid = Buffer.from(bitcoinCrypto.hash256(Buffer.concat(parts))).reverse().toString('hex');
    if (txid !== hash) throw new DeviceFailure(FAILURE.DataError, 'Encountered invalid prevhash');
    const owned = spentScript(await this.#node(input.address_n), input.script_type);
    if (!owned.equals(Buffer.from(spent.script))) throw new DeviceFailure(FAILURE.DataError, 'Input does not match scriptPubKey');
  }

  // A P2PKH input's signature (legacy sighash, SIGHASH_ALL) and scriptSig: <signature+01> <pubkey>.
  async #signLegacy(tx, index) {
    const node = await this.#node(tx.inputs[index].address_n);
    const pubkey = Buffer.from(node.publicKey);
    const digest = unsignedTransaction(tx).hashForSignature(index, payments.p2pkh({ pubkey }).output, BitcoinTransaction.SIGHASH_ALL);
    const signature = signDigest(digest, node.privateKey);
    return { signature, scriptSig: Buffer.from(bitcoinScript.compile([withHashType(signature), pubkey])) };
  }

  // A P2WPKH input's signature (BIP-143 sighash over its amount, scriptCode the key's P2PKH script)
  // and witness: 2 items, <signature+01> <pubkey>.
  async #signSegwit(tx, index) {
    const { address_n: path, amount } = tx.inputs[index];
    const node = await this.#node(path);
    const pubkey = Buffer.from(node.publicKey);
    const code = payments.p2pkh({ pubkey }).output;
    const digest = unsignedTransaction(tx).hashForWitnessV0(index, code, amount, BitcoinTransaction.SIGHASH_ALL);
    const signature = signDigest(digest, node.privateKey);
    return { signature, witness: Buffer.concat([compactSize(2), withLength(withHashType(signature)), withLength(pubkey)]) };
  }
}
