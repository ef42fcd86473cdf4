// An activated UTXO coin: its address, balance and raw broadcasts (withdraw: utxo_withdraw.cpp).
#include "core/coins/utxo/utxo_coin.h"

#include "core/coins/staking.h"
#include "core/coins/utxo/tx/utxo_script.h"
#include "core/crypto/hashes.h"
#include "core/crypto/secret.h"
#include "core/encoding/hex.h"
#include "core/wallet/keys/bip32.h"

namespace walletd {

UtxoFeeDefaults UtxoFeeDefaults::fromEntry(const CoinEntry& coin) {
  UtxoFeeDefaults d;
  const auto txfee = coin.unsignedInt("txfee");
  if (!txfee) {
    d.per_kbyte = 1000;
  } else if (*txfee > 0) {
    d.per_kbyte = *txfee;
  }
  if (auto blocks = coin.unsignedInt("estimate_fee_blocks");
      blocks && *blocks > 0 && *blocks <= 1008)
    d.estimate_blocks = static_cast<std::uint32_t>(*blocks);
  d.estimate_mode = coin.string("estimate_fee_mode");
  if (const Json* data = coin.protocolData()) {
    if (data->contains("confirmation_targets") && (*data)["confirmation_targets"].is_object()) {
      const Json& t = (*data)["confirmation_targets"];
      auto target = [&](const char* key, std::uint32_t& out) {
        if (auto v = CoinEntry::unsignedIn(t, key); v && *v > 0 && *v <= 1008)
          out = static_cast<std::uint32_t>(*v);
      };
      target("low", d.low_blocks);
      target("normal", d.normal_blocks);
      target("high", d.high_blocks);
    }
  }
  return d;
}

std::string UtxoCoin::asKey(ByteView bytes) {
  return std::string(bytes.begin(), bytes.end());
}

namespace {

WatchedAddress addressOf(const UtxoAddressCodec& codec, UtxoFormat format, SpendKind kind,
                         const PublicKey& key) {
  const ByteArray<20> hash = hash160(key.compressed());
  const UtxoAddress address{
      kind == SpendKind::P2WPKH ? UtxoAddress::Kind::WitnessV0KeyHash : UtxoAddress::Kind::P2PKH,
      Bytes(hash.begin(), hash.end())};
  return {codec.format(address, format, codec.rules().cash_network), scriptPubKeyFor(address)};
}

}  // namespace

UtxoCoin::UtxoCoin(UtxoCoinSettings settings, std::shared_ptr<const UtxoChain> chain,
                   UtxoAddressCodec codec, UtxoFormat format, UtxoKeys keys,
                   std::unique_ptr<UtxoBackend> backend, const Clock& clock, Executor& executor)
    : HdCoin(executor),
      settings_(std::move(settings)),
      chain_(std::move(chain)),
      codec_(std::move(codec)),
      format_(format),
      kind_(format == UtxoFormat::Segwit ? SpendKind::P2WPKH : SpendKind::P2PKH),
      keys_(std::move(keys)),
      backend_(std::move(backend)),
      clock_(clock),
      executor_(executor) {
  backend_->onAddressChanged([this](const std::string& hash) { addressChanged(hash); });
  if (keys_.device_accounts) setDeviceAccountLoader(keys_.device_accounts);
  if (keys_.hd) {
    mine_ = addressAt(keys_.activated);
  } else {
    const PublicKey key = PublicKey::fromPrivate(*keys_.iguana);
    mine_ = addressOf(codec_, format_, kind_, key);
    iguana_hash_ = asKey(hash160(key.compressed()));
  }
  staking_ = chain_->stakingOf(*this);
  if (settings_.coinbase_maturity)
    coinbase_maturity_.emplace(*settings_.coinbase_maturity, &RewardMaturity::isCoinbase);
}

UtxoCoin::~UtxoCoin() = default;  // the Iguana key wipes itself (PrivateKey is a SecretArray)

const WatchedAddress& UtxoCoin::addressAt(HdAddressRef ref) {
  const auto key = std::make_tuple(ref.account_id, static_cast<int>(ref.chain), ref.index);
  auto it = derived_.find(key);
  if (it != derived_.end()) return it->second;
  const ExtendedKey extended = keys_.hd->keyAt(ref);
  WatchedAddress address = addressOf(codec_, format_, kind_, extended.publicKey());
  by_script_.emplace(asKey(address.script), ref);
  const ByteArray<20> hash = hash160(extended.publicKey().compressed());
  by_hash_.emplace(asKey(hash), ref);
  return derived_.emplace(key, std::move(address)).first->second;
}

std::vector<WatchedAddress> UtxoCoin::addressesAt(const std::vector<HdAddressRef>& refs) {
  std::vector<WatchedAddress> out;
  out.reserve(refs.size());
  for (const HdAddressRef& ref : refs) out.push_back(addressAt(ref));
  return out;
}

std::vector<WatchedAddress> UtxoCoin::ownedAddresses() {
  if (!keys_.hd) return {mine_};
  return addressesAt(keys_.hd->knownAddresses());
}

std::optional<PrivateKey> UtxoCoin::keyForHash160(ByteView hash) {
  if (!keys_.hd) {
    if (asKey(hash) != iguana_hash_) return std::nullopt;
    return *keys_.iguana;
  }
  auto it = by_hash_.find(asKey(hash));
  if (it == by_hash_.end()) return std::nullopt;
  return keys_.hd->keyAt(it->second).privateKey();
}

Task<std::vector<UnspentOutput>> UtxoCoin::spendableOf(std::vector<UnspentOutput> outputs) {
  UtxoWithdrawContext context{*backend_, clock_};
  std::vector<UnspentOutput> free = co_await chain_->spendable(context, std::move(outputs));
  if (!coinbase_maturity_) co_return free;
  co_return co_await coinbase_maturity_->matureOnly(*backend_, chain_->codec(), std::move(free));
}

Task<std::vector<UnspentOutput>> UtxoCoin::spendableOfOwnAddress() {
  std::vector<WatchedAddress> own{mine_};
  std::vector<UnspentOutput> mine = co_await unspentSpendableBy(std::move(own));
  co_return co_await spendableOf(std::move(mine));
}

PrivateKey UtxoCoin::ownKey() const {
  if (!keys_.hd) return *keys_.iguana;
  return keys_.hd->keyAt(keys_.activated).privateKey();
}

Task<std::vector<std::vector<UnspentOutput>>> UtxoCoin::unspentOf(
    std::vector<WatchedAddress> addresses) {
  std::vector<std::vector<UnspentOutput>> listed = co_await backend_->unspent(addresses);
  co_return recent_.correct(addresses, std::move(listed), clock_.monotonicMillis());
}

Task<std::vector<UnspentOutput>> UtxoCoin::unspentSpendableBy(
    std::vector<WatchedAddress> addresses) {
  const std::vector<std::vector<UnspentOutput>> listed = co_await unspentOf(addresses);
  std::vector<UnspentOutput> out;
  for (std::size_t i = 0; i < addresses.size() && i < listed.size(); ++i) {
    for (const UnspentOutput& u : listed[i])
      if (u.script_pubkey == addresses[i].script) out.push_back(u);
  }
  co_return out;
}

Task<std::string> UtxoCoin::broadcastOwn(const UtxoTransaction& tx, std::string hex) {
  const std::string txid = co_await backend_->broadcast(std::move(hex));
  std::vector<Bytes> own;
  for (const TxOutput& out : tx.outputs)
    if (isOwnScript(out.script_pubkey)) own.push_back(out.script_pubkey);
  recent_.broadcast(tx, chain_->txid(tx), own, clock_.monotonicMillis());
  co_return txid;
}

bool UtxoCoin::isOwnScript(const Bytes& script) const {
  return script == mine_.script || by_script_.count(asKey(script)) > 0;
}

UtxoTransaction UtxoCoin::signedTransaction(const Selection& chosen, std::uint32_t locktime) {
  if (keys_.key_source) throw UtxoSigningError("the coin's keys are not walletd's to sign with");
  UtxoTransaction tx = chain_->newTransaction();
  tx.locktime = locktime;
  std::vector<SpentOutput> spent;
  for (const Unspent& u : chosen.inputs) {
    tx.inputs.push_back({u.outpoint, {}, 0xffffffff, {}});
    spent.push_back(u.output);
  }
  tx.outputs = chosen.outputs;
  signUtxoTransaction(
      tx, spent, [this](ByteView hash) { return keyForHash160(hash); }, chain_->sighash());
  return tx;
}

// What a withdraw may spend is spendable; the rest (outputs the chain keeps out of a withdraw:
// immature block rewards, token-carrying outputs) is unspendable, as KDF splits QTUM's and
// BCH's balances.
Task<BalanceInfo> UtxoCoin::myBalance() {
  std::vector<std::vector<UnspentOutput>> unspent = co_await unspentOf(ownedAddresses());
  const std::vector<SplitBalance> split = co_await splitBalances(std::move(unspent));
  SplitBalance sum;
  for (const SplitBalance& s : split) {
    sum.spendable += s.spendable;
    sum.unspendable += s.unspendable;
  }
  co_return balanceOf(sum);
}

BalanceInfo UtxoCoin::balanceOf(const SplitBalance& split) const {
  BalanceInfo out = spendableBalance(UInt256(split.spendable), settings_.decimals);
  out.unspendable = spendableBalance(UInt256(split.unspendable), settings_.decimals).spendable;
  return out;
}

// One pass of the chain's spendable hook over every list (it may ask the peer about young
// outputs), each output then counted in its own list.
Task<std::vector<UtxoCoin::SplitBalance>> UtxoCoin::splitBalances(
    std::vector<std::vector<UnspentOutput>> lists) {
  std::map<std::pair<std::string, std::uint32_t>, std::size_t> owner;
  std::vector<UnspentOutput> all;
  std::vector<SplitBalance> out(lists.size());
  for (std::size_t i = 0; i < lists.size(); ++i) {
    for (const UnspentOutput& u : lists[i]) {
      owner[{asKey(u.outpoint.txid), u.outpoint.index}] = i;
      out[i].unspendable += u.value;
      all.push_back(u);
    }
  }
  const std::vector<UnspentOutput> free = co_await spendableOf(std::move(all));
  for (const UnspentOutput& u : free) {
    auto it = owner.find({asKey(u.outpoint.txid), u.outpoint.index});
    if (it == owner.end()) continue;
    out[it->second].spendable += u.value;
    out[it->second].unspendable -= u.value;
  }
  co_return out;
}

std::vector<HdBalanceColumn> UtxoCoin::hdColumns() const {
  return {{settings_.ticker, settings_.decimals}};
}

Task<std::vector<HdAddressReading>> UtxoCoin::readAddresses(std::vector<HdAddressRef> refs) {
  const std::vector<WatchedAddress> addresses = addressesAt(refs);
  std::vector<std::vector<UnspentOutput>> unspent = co_await unspentOf(addresses);
  const std::vector<SplitBalance> split = co_await splitBalances(std::move(unspent));
  std::vector<HdAddressReading> out;
  for (std::size_t i = 0; i < addresses.size(); ++i) {
    const SplitBalance s = i < split.size() ? split[i] : SplitBalance{};
    out.push_back({addresses[i].address, {UInt256(s.spendable)}, {UInt256(s.unspendable)}});
  }
  co_return out;
}

Task<std::vector<bool>> UtxoCoin::addressesUsed(std::vector<HdAddressRef> refs) {
  co_return co_await backend_->used(addressesAt(refs));
}

Task<void> UtxoCoin::addressesAdded(std::vector<HdAddressRef> refs) {
  co_await backend_->watch(addressesAt(refs));
  if (keys_.save) co_await keys_.save();
}

Task<std::string> UtxoCoin::sendRawTransaction(SendRawRequest request) {
  if (!request.tx_bytes) {
    throw rpcError(RawTransactionError::InvalidParam, "UTXO coins take tx_hex",
                   Json("UTXO coins take tx_hex"));
  }
  UtxoTransaction tx;
  try {
    tx = chain_->parse(*request.tx_bytes);
  } catch (const UtxoDecodeError& e) {
    const std::string message = std::string("tx_hex is not a transaction: ") + e.what();
    throw rpcError(RawTransactionError::InvalidParam, message, Json(message));
  }
  const std::string hex = toHex(*request.tx_bytes);
  co_return co_await broadcastOwn(tx, hex);
}

}  // namespace walletd
