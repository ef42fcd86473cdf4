// The session wallet's EVM signing (session_wallet_evm.h).
#include "core/coins/evm/session_wallet_evm.h"

#include <cctype>

#include "core/async/sleep.h"
#include "core/coins/evm/eth_withdraw.h"
#include "core/coins/evm/evm_coins.h"
#include "core/coins/evm/wallet_signed_transaction.h"
#include "core/coins/session_wallet_request.h"
#include "core/coins/withdraw_request.h"
#include "core/crypto/keccak.h"
#include "core/encoding/hex.h"

namespace walletd {
namespace {

constexpr const char* kAuthMessage =
    "Authenticate with KDF";  // KDF's, so one wallet prompt reads alike
constexpr std::uint64_t kSentPollMs = 1000;
constexpr int kSentPolls = 60;

std::string lowerHex(const EthAddress& address) {
  return "0x" + toHex(ByteView(address.data(), address.size()));
}

std::string hexQuantity(const UInt256& value) {
  return value.toHexQuantity();
}

// KDF's transaction object (chainId a number, quantities 0x-hex, addresses lower case), with the
// JSON-RPC name `gas` beside KDF's `gasLimit` so a wallet that reads only one keeps the limit.
Json txObject(const EthAddress& from, const EvmTransaction& tx) {
  Json out{{"from", lowerHex(from)},           {"chainId", tx.chain_id},
           {"nonce", hexQuantity(tx.nonce)},   {"gasLimit", hexQuantity(tx.gas_limit)},
           {"gas", hexQuantity(tx.gas_limit)}, {"value", hexQuantity(tx.value)},
           {"data", "0x" + toHex(tx.data)}};
  if (tx.to) out["to"] = lowerHex(*tx.to);
  if (tx.type == EvmTransaction::Type::Legacy) {
    out["gasPrice"] = hexQuantity(tx.gas_price);
  } else {
    out["maxFeePerGas"] = hexQuantity(tx.max_fee_per_gas);
    out["maxPriorityFeePerGas"] = hexQuantity(tx.max_priority_fee_per_gas);
  }
  return out;
}

// What differs between the transaction the node shows for the wallet's hash and walletd's (the
// sender, receiver, value, data and nonce); "" when nothing does.
std::string sentDiffers(const Json& found, const EthAddress& from, const EvmTransaction& tx) {
  const auto text = [&](const char* key) {
    const Json v = found.value(key, Json());
    std::string out = v.is_string() ? v.get<std::string>() : std::string();
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
  };
  const auto quantity = [&](const char* key) { return UInt256::fromHexQuantity(text(key)); };
  if (text("from") != lowerHex(from)) return "from another account than the session's";
  if (text("to") != (tx.to ? lowerHex(*tx.to) : std::string())) return "to another receiver";
  if (quantity("value") != tx.value) return "with another value";
  if (quantity("nonce") != tx.nonce) return "with another nonce";
  const std::string input = text("input").empty() ? text("data") : text("input");
  if (input != "0x" + toHex(tx.data)) return "with other data";
  return "";
}

Bytes hexResult(const Json& result) {
  if (!result.is_string()) return {};
  std::string text = result.get<std::string>();
  if (text.rfind("0x", 0) == 0 || text.rfind("0X", 0) == 0) text = text.substr(2);
  return isHex(text) ? fromHex(text) : Bytes();
}

// EIP-191's hash of a personal_sign message.
Digest32 personalMessageHash(const std::string& message) {
  const std::string prefixed =
      "\x19"
      "Ethereum Signed Message:\n" +
      std::to_string(message.size()) + message;
  return keccak256(
      ByteView(reinterpret_cast<const std::uint8_t*>(prefixed.data()), prefixed.size()));
}

class SessionWalletEvmKeys : public EvmKeySource {
 public:
  SessionWalletEvmKeys(std::shared_ptr<wc::Service> wc, std::string topic, std::uint64_t chain_id,
                       Executor& executor)
      : wc_(std::move(wc)), topic_(std::move(topic)), chain_id_(chain_id), executor_(executor) {}
  bool signsOnlyWhenSending() const override { return false; }
  bool keysElsewhere() const override { return true; }
  Task<std::optional<EvmTransaction::Signed>> sign(const KeccakAccountKey& sender,
                                                   const EvmTransaction& tx, bool will_send,
                                                   const WithdrawProgress&) const override {
    if (will_send) co_return std::nullopt;  // eth_sendTransaction signs while sending
    std::string method = "eth_signTransaction";
    Json params = Json::array();
    params.push_back(txObject(sender.account, tx));
    std::string no_note;
    const Json answer =
        co_await askSessionWallet(wc_, topic_, eip155Chain(chain_id_), std::move(method),
                                  std::move(params), std::move(no_note));
    const Bytes raw = hexResult(answer);
    WalletSignedCheck check = checkWalletSigned(tx, raw, sender.account);
    if (!check.signed_tx) {
      const std::string message = "WalletConnect: " + check.problem;
      throw rpcError(WithdrawError::SigningError, message, Json(message));
    }
    co_return std::move(check.signed_tx);
  }
  Task<std::string> send(EthPlatform& platform, EthAddress from, EvmTransaction tx,
                         std::optional<EvmTransaction::Signed> signed_tx) const override {
    if (signed_tx) co_return co_await evmSendRawTransaction(platform, signed_tx->raw);
    std::string method = "eth_sendTransaction";
    Json params = Json::array();
    params.push_back(txObject(from, tx));
    std::string note =
        "the wallet may still send it: check the account's transactions before retrying";
    const Json answer = co_await askSessionWallet(
        wc_, topic_, eip155Chain(chain_id_), std::move(method), std::move(params), std::move(note));
    const Bytes hash = hexResult(answer);
    if (hash.size() != 32) {
      const std::string message = "WalletConnect: the wallet answered no transaction hash";
      throw rpcError(WithdrawError::SigningError, message, Json(message));
    }
    const std::string hex = toHex(hash);
    const Json found = co_await waitUntilKnown(platform, executor_, hex);
    const std::string problem = sentDiffers(found, from, tx);
    if (!problem.empty()) {
      const std::string message = "WalletConnect: the wallet sent 0x" + hex + ", " + problem;
      throw rpcError(WithdrawError::SigningError, message, Json(message));
    }
    co_return hex;
  }

 private:
  // KDF's wait: the node must show the transaction within 60 s (polled every second); the node's
  // view of it.
  static Task<Json> waitUntilKnown(EthPlatform& platform, Executor& executor, std::string hash) {
    for (int i = 0; i < kSentPolls; ++i) {
      Json found;
      try {
        std::string method = "eth_getTransactionByHash";
        Json params = Json::array();
        params.push_back("0x" + hash);
        found = co_await platform.rpc().call(std::move(method), std::move(params));
      } catch (const std::exception&) {
      }
      if (found.is_object()) co_return found;
      co_await sleepFor(executor, kSentPollMs);
    }
    const std::string message = "the wallet sent 0x" + hash + " but " + platform.ticker() +
                                "'s node did not show it within 60 s";
    throw rpcError(WithdrawError::Transport, message, Json(message));
  }

  std::shared_ptr<wc::Service> wc_;
  std::string topic_;
  std::uint64_t chain_id_;
  Executor& executor_;
};

}  // namespace

std::string eip155Chain(std::uint64_t chain_id) {
  return "eip155:" + std::to_string(chain_id);
}

Task<KeccakAccountKey> authenticateSessionWallet(std::shared_ptr<wc::Service> wc, std::string topic,
                                                 std::uint64_t chain_id) {
  const std::string chain = eip155Chain(chain_id);
  const wc::Session* session = wc->find(topic);
  if (session == nullptr)
    throw SessionWalletRefusal("No active WalletConnect session found: " + topic);
  const std::optional<std::string> account_text = session->accountFor(chain);
  if (!account_text)
    throw SessionWalletRefusal("the WalletConnect session does not support chain " + chain);
  EthAddress account{};
  try {
    account = parseEthAddress(*account_text, false);
  } catch (const std::exception&) {
    throw SessionWalletRefusal("the session's account for " + chain + " is not an address");
  }
  const std::string message(kAuthMessage);
  const Json params =
      Json::array({"0x" + toHex(ByteView(reinterpret_cast<const std::uint8_t*>(message.data()),
                                         message.size())),
                   lowerHex(account)});
  std::optional<Json> answer;
  std::string failure;
  try {
    std::string method = "personal_sign";
    answer = co_await wc->request(topic, chain, std::move(method), params);
  } catch (const wc::RequestFailure& e) {
    failure = e.what();
  }
  if (!answer) throw SessionWalletRefusal(failure);
  const Bytes signature = hexResult(*answer);
  if (signature.size() != 65 || (signature[64] != 27 && signature[64] != 28))
    throw SessionWalletRefusal(
        "the wallet's personal_sign answer is not a 65-byte signature with v 27 or 28");
  RecoverableSignature sig;
  std::copy(signature.begin(), signature.begin() + 64, sig.compact.begin());
  sig.recovery_id = signature[64] - 27;
  std::optional<PublicKey> key;
  try {
    key = recoverPublicKey(personalMessageHash(message), sig);
  } catch (const std::exception&) {
  }
  if (!key || ethAddressFromPublicKey(key->uncompressed()) != account)
    throw SessionWalletRefusal("the wallet signed with another key than the session's account " +
                               eip55Checksum(account));
  KeccakAccountKey out;
  out.public_key = *key;
  out.account = account;
  co_return out;
}

std::unique_ptr<EvmKeySource> sessionWalletEvmKeys(std::shared_ptr<wc::Service> wc,
                                                   std::string topic, std::uint64_t chain_id,
                                                   Executor& executor) {
  return std::make_unique<SessionWalletEvmKeys>(std::move(wc), std::move(topic), chain_id,
                                                executor);
}

}  // namespace walletd
