// A Trezor One for tests: the firmware's conversation rules over any transport that hands it
// messages ({type, message} from wire.mjs) and sends its answers. It holds a BIP39 seed, an
// optional PIN (asked through the scrambled PIN matrix) and passphrase protection (asked from the
// host), a session id that keeps the passphrase, and button presses decided by the test
// (confirm, refuse, or wait). It answers Initialize/GetFeatures, Ping, GetPublicKey, GetAddress,
// EthereumGetAddress/GetPublicKey and EthereumSignTx/EthereumSignTxEIP1559 (data in chunks).
// Keys come from @scure/bip39 + @scure/bip32, addresses from bitcoinjs-lib and ethers, signatures
// from @noble/curves: none of it is walletd's code.
import { randomBytes } from 'node:crypto';
import { mnemonicToSeedSync } from '@scure/bip39';
import { HDKey } from '@scure/bip32';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { payments } from 'bitcoinjs-lib';
import { Transaction, computeAddress, hexlify } from 'ethers';

export const TEST_MNEMONIC = 'all all all all all all all all all all all all';

// Bitcoin-like coins by the names the firmware knows (address versions, bech32 prefix, xpub magic).
const COINS = {
  Bitcoin: { pubKeyHash: 0x00, scriptHash: 0x05, bech32: 'bc', xpub: 0x0488b21e },
  Testnet: { pubKeyHash: 0x6f, scriptHash: 0xc4, bech32: 'tb', xpub: 0x043587cf },
  Regtest: { pubKeyHash: 0x6f, scriptHash: 0xc4, bech32: 'bcrt', xpub: 0x043587cf },
  Litecoin: { pubKeyHash: 0x30, scriptHash: 0x32, bech32: 'ltc', xpub: 0x019da462 },
  Komodo: { pubKeyHash: 0x3c, scriptHash: 0x55, bech32: null, xpub: 0x0488b21e },
};

const MAX_EIP155_CHAIN_ID = (2n ** 32n - 1n - 36n) / 2n;
const FAILURE = { UnexpectedMessage: 1, DataError: 3, ActionCancelled: 4, PinInvalid: 7, ProcessError: 9 };

// A Failure the device answers with; ends the conversation.
export class DeviceFailure extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

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

export class TrezorTestDevice {
  constructor({ mnemonic = TEST_MNEMONIC, pin = null, passphraseProtection = false, label = 'walletd test device',
    buttons = 'confirm' } = {}) {
    Object.assign(this, { mnemonic, pin, passphraseProtection, label, buttons });
    this.deviceId = randomBytes(12).toString('hex').toUpperCase();
    this.unlocked = pin === null;
    this.sessionId = null;
    this.sessionPassphrase = undefined;
    this.matrix = null;  // the PIN matrix on screen, digits in keypad-position order
    this.log = [];       // every message type in and out, for tests
    this.inbox = [];
    this.waiting = null;
    this.buttonsPressed = [];
  }

  // Called by a transport for each host message; `send(name, fields)` answers on that transport.
  attach(send) {
    this.send = (name, fields) => {
      this.log.push(`> ${name}`);
      send(name, fields);
    };
    if (!this.running) {
      this.running = true;
      this.#run();
    }
  }

  receive(decoded) {
    this.log.push(`< ${decoded.type}`);
    if (this.waiting) {
      const resolve = this.waiting;
      this.waiting = null;
      resolve(decoded);
    } else {
      this.inbox.push(decoded);
    }
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
    const node = await this.#node(message.address_n);
    const network = { messagePrefix: '', bech32: coin.bech32, bip32: { public: coin.xpub, private: 0 }, pubKeyHash: coin.pubKeyHash,
      scriptHash: coin.scriptHash, wif: 0x80 };
    const pubkey = Buffer.from(node.publicKey);
    const script = message.script_type ?? 'SPENDADDRESS';
    let address;
    if (script === 'SPENDADDRESS') address = payments.p2pkh({ pubkey, network }).address;
    else if (script === 'SPENDWITNESS' && coin.bech32) address = payments.p2wpkh({ pubkey, network }).address;
    else if (script === 'SPENDP2SHWITNESS' && coin.bech32) address = payments.p2sh({ redeem: payments.p2wpkh({ pubkey, network }), network }).address;
    else throw new DeviceFailure(FAILURE.DataError, 'Invalid script type');
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
}
