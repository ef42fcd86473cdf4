// Regenerates config/coins.json: the coins walletd supports, copied unchanged from a KDF coins
// file (argument 1, default tests/data/kdf-coins.json), plus the regtest/devnet entries its tests
// use. Run: node scripts/make-coins-file.mjs [kdf-coins.json] > config/coins.json
import { readFileSync } from 'node:fs';

const source = JSON.parse(readFileSync(process.argv[2] ?? new URL('../tests/data/kdf-coins.json', import.meta.url), 'utf8'));
const pick = ['BTC', 'BTC-segwit', 'LTC', 'LTC-segwit', 'BCH', 'KMD', 'QTUM', 'QC-QRC20', 'tQTUM', 'QRC20',
  'ETH', 'USDT-ERC20', 'USDC-ERC20', 'ATOM', 'IRIS', 'OSMO', 'ATOM-IBC_IRIS', 'ARRR', 'DOC', 'MARTY'];
const coins = pick.map((ticker) => {
  const entry = source.find((c) => c.coin === ticker);
  if (!entry) throw new Error(`${ticker} is not in the source coins file`);
  return entry;
});

// TRON entries follow KDF's TRX/TRC20 protocol shape (provisional until the TRON family lands).
coins.push(
  { coin: 'TRX', name: 'tron', fname: 'TRON', mm2: 1, wallet_only: true, decimals: 6,
    derivation_path: "m/44'/195'", protocol: { type: 'TRX', protocol_data: { network: 'Mainnet' } } },
  { coin: 'USDT-TRC20', name: 'usdt_trc20', fname: 'Tether', mm2: 1, wallet_only: true, decimals: 6,
    derivation_path: "m/44'/195'",
    protocol: { type: 'TRC20', protocol_data: { platform: 'TRX', contract_address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' } } },
);

// Test networks used by walletd's own integration tests.
coins.push(
  { coin: 'LTC-regtest', name: 'litecoin_regtest', fname: 'Litecoin regtest', pubtype: 111, p2shtype: 58,
    wiftype: 239, segwit: true, bech32_hrp: 'rltc', txfee: 1000, dust: 5460, mm2: 1, is_testnet: true,
    required_confirmations: 1, derivation_path: "m/44'/1'", protocol: { type: 'UTXO' } },
  { coin: 'LTC-regtest-segwit', name: 'litecoin_regtest', fname: 'Litecoin regtest', pubtype: 111, p2shtype: 58,
    wiftype: 239, segwit: true, bech32_hrp: 'rltc', address_format: { format: 'segwit' }, txfee: 1000,
    dust: 5460, mm2: 1, is_testnet: true, required_confirmations: 1, derivation_path: "m/84'/1'",
    protocol: { type: 'UTXO' } },
  // Bitcoin Cash regtest (tests/peers/bcash-node.mjs), shaped like KDF's tBCH entry.
  { coin: 'BCH-regtest', name: 'bch_regtest', fname: 'Bitcoin Cash regtest', pubtype: 111, p2shtype: 196,
    wiftype: 239, segwit: false, fork_id: '0x40', address_format: { format: 'cashaddress', network: 'bchreg' },
    txfee: 1000, mm2: 1, is_testnet: true, required_confirmations: 1, derivation_path: "m/44'/1'",
    protocol: { type: 'UTXO', chain_variant: 'BTC' } },
  // The same chain as a BCH-protocol entry (KDF's enable_bch_with_tokens / task::enable_bch),
  // shaped like the last tBCH entry KDF's coins carried before SLP was dropped.
  { coin: 'BCH-slp-regtest', name: 'bch_regtest', fname: 'Bitcoin Cash regtest (BCH protocol)', pubtype: 111,
    p2shtype: 196, wiftype: 239, segwit: false, fork_id: '0x40',
    address_format: { format: 'cashaddress', network: 'bchreg' }, txfee: 1000, mm2: 1, is_testnet: true,
    required_confirmations: 1, derivation_path: "m/44'/1'",
    protocol: { type: 'BCH', protocol_data: { slp_prefix: 'slptest' } } },
  { coin: 'ETH-ganache', name: 'ethereum_ganache', fname: 'Ethereum (ganache)', mm2: 1, chain_id: 1337,
    max_eth_tx_type: 2, required_confirmations: 1, is_testnet: true, derivation_path: "m/44'/60'",
    protocol: { type: 'ETH', protocol_data: { chain_id: 1337 } } },
  // The first contract ganache's deterministic account 0 deploys (nonce 0): tests/peers/ganache.mjs.
  { coin: 'TST-ganache', name: 'test_token_ganache', fname: 'Test Token (ganache)', mm2: 1, decimals: 18,
    is_testnet: true, required_confirmations: 1, derivation_path: "m/44'/60'",
    protocol: { type: 'ERC20', protocol_data: { platform: 'ETH-ganache',
      contract_address: '0xe78A0F7E598Cc8b0Bb87894B0F60dD2a88d6a8Ab' } } },
  { coin: 'TRX-devnet', name: 'tron_devnet', fname: 'TRON (devnet emulator)', mm2: 1, wallet_only: true,
    decimals: 6, is_testnet: true, derivation_path: "m/44'/195'",
    protocol: { type: 'TRX', protocol_data: { network: 'Nile' } } },
  { coin: 'USDT-TRC20-devnet', name: 'usdt_trc20_devnet', fname: 'Tether (devnet emulator)', mm2: 1, wallet_only: true,
    decimals: 6, is_testnet: true, derivation_path: "m/44'/195'",
    protocol: { type: 'TRC20', protocol_data: { platform: 'TRX-devnet', contract_address: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf' } } },
  { coin: 'ATOM-devnet', name: 'cosmos_devnet', fname: 'Cosmos (devnet emulator)', mm2: 1, wallet_only: true,
    is_testnet: true, derivation_path: "m/44'/118'",
    protocol: { type: 'TENDERMINT', protocol_data: { decimals: 6, denom: 'uatom', account_prefix: 'cosmos',
      chain_id: 'walletd-devnet-1' } } },
);
process.stdout.write(JSON.stringify(coins, null, 2) + '\n');
