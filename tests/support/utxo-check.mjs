// Independent checks of a UTXO transaction walletd made, with bitcoinjs-lib and litecoind:
// every input's signature verified against the output it spends (fetched from the node), the
// outputs decoded to addresses, and the fee (inputs − outputs) in satoshis.
import * as bitcoin from 'bitcoinjs-lib';
import * as ecc from 'tiny-secp256k1';

export const LTC_REGTEST = { messagePrefix: '\x19Litecoin Signed Message:\n', bech32: 'rltc',
  bip32: { public: 0x043587cf, private: 0x04358394 }, pubKeyHash: 0x6f, scriptHash: 0x3a, wif: 0xef };

export const sats = (coins) => BigInt(Math.round(Number(coins) * 1e8));

/** Decodes `hex`, verifies each input against litecoind's view of what it spends; answers
 * {txid, vsize, fee, outputs: [{address, value}]} (values and fee in satoshis as BigInt). */
export async function checkUtxoTransaction(hex, ltc, network = LTC_REGTEST) {
  const tx = bitcoin.Transaction.fromHex(hex);
  let inputs = 0n;
  for (const [i, input] of tx.ins.entries()) {
    const prevTxid = Buffer.from(input.hash).reverse().toString('hex');
    const prev = (await ltc.rpc('getrawtransaction', [prevTxid, true])).vout[input.index];
    const script = Buffer.from(prev.scriptPubKey.hex, 'hex');
    const value = sats(prev.value);
    inputs += value;
    let sig, pub, digest;
    if (input.witness.length === 2) {
      [sig, pub] = input.witness;
      const decoded = bitcoin.script.signature.decode(sig);
      const code = bitcoin.payments.p2pkh({ hash: bitcoin.crypto.hash160(pub) }).output;
      if (Buffer.compare(Buffer.from(bitcoin.payments.p2wpkh({ pubkey: pub }).output), script) !== 0)
        throw new Error(`input ${i}: the witness key does not own the output it spends`);
      digest = tx.hashForWitnessV0(i, code, value, decoded.hashType);
      sig = decoded.signature;
    } else {
      [sig, pub] = bitcoin.script.decompile(input.script);
      const decoded = bitcoin.script.signature.decode(sig);
      if (Buffer.compare(Buffer.from(bitcoin.payments.p2pkh({ pubkey: pub }).output), script) !== 0)
        throw new Error(`input ${i}: the scriptSig key does not own the output it spends`);
      digest = tx.hashForSignature(i, script, decoded.hashType);
      sig = decoded.signature;
    }
    if (!ecc.verify(digest, pub, sig)) throw new Error(`input ${i}: bitcoinjs-lib rejects the signature`);
  }
  const outputs = tx.outs.map((o) => ({ address: bitcoin.address.fromOutputScript(o.script, network), value: BigInt(o.value) }));
  const fee = inputs - outputs.reduce((a, o) => a + o.value, 0n);
  return { txid: tx.getId(), vsize: tx.virtualSize(), fee, outputs };
}

/** A throwaway P2PKH or P2WPKH address of the regtest network. */
export function freshAddress(kind = 'p2pkh', seed = 7) {
  const pubkey = Buffer.from(ecc.pointFromScalar(Buffer.alloc(32, seed), true));
  return bitcoin.payments[kind]({ pubkey, network: LTC_REGTEST }).address;
}

/**
 * A faucet on litecoind regtest for tests that must not receive coinbase outputs (Electrum
 * servers list immature ones, as real servers do): it mines `blocks` to its own key once, then
 * each pay(address, satoshis) spends one of its mature coinbases (change back to itself) and
 * answers the txid; pay.many([[address, satoshis], ...]) pays several in one transaction. Signed
 * with bitcoinjs-lib.
 */
export async function startFaucet(ltc, blocks = 110) {
  const key = Buffer.alloc(32, 0x55);
  const pub = Buffer.from(ecc.pointFromScalar(key, true));
  const mine = bitcoin.payments.p2wpkh({ pubkey: pub, network: LTC_REGTEST });
  const hashes = await ltc.mine(blocks, `wpkh(${pub.toString('hex')})`);
  let next = 0;
  const many = async (payments) => {
    const block = await ltc.rpc('getblock', [hashes[next++], 2]);
    const coinbase = block.tx[0];
    const value = sats(coinbase.vout[0].value);
    const tx = new bitcoin.Transaction();
    tx.version = 2;
    tx.addInput(Buffer.from(coinbase.txid, 'hex').reverse(), 0);
    let paid = 0n;
    for (const [address, satoshis] of payments) {
      tx.addOutput(bitcoin.address.toOutputScript(address, LTC_REGTEST), BigInt(satoshis));
      paid += BigInt(satoshis);
    }
    tx.addOutput(mine.output, value - paid - 10000n - 100n * BigInt(payments.length));
    const code = bitcoin.payments.p2pkh({ hash: bitcoin.crypto.hash160(pub) }).output;
    const digest = tx.hashForWitnessV0(0, code, value, bitcoin.Transaction.SIGHASH_ALL);
    tx.setWitness(0, [bitcoin.script.signature.encode(Buffer.from(ecc.sign(digest, key)), 1), pub]);
    return ltc.rpc('sendrawtransaction', [tx.toHex()]);
  };
  const pay = (address, satoshis) => many([[address, satoshis]]);
  pay.many = many;
  return pay;
}

/** Polls `check` every 200 ms until it answers something truthy (which it resolves with); throws
 * naming `what` after `ms`. */
export async function waitFor(check, what, ms = 20000) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() >= end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The coin's my_balance `balance` (a decimal string) from `walletd`; throws on an error answer. */
export async function myBalance(walletd, coin) {
  return (await myBalances(walletd, coin)).balance;
}

/** The coin's my_balance {balance, unspendable_balance}; throws on an error answer. */
export async function myBalances(walletd, coin) {
  const r = await walletd.rpc('my_balance', { coin });
  if (r.status !== 200) throw new Error(`my_balance ${coin}: ${r.text}`);
  return { balance: r.json.result.balance, unspendable_balance: r.json.result.unspendable_balance };
}
