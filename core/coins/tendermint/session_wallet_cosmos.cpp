// The session wallet's Cosmos signing (session_wallet_cosmos.h).
#include "core/coins/tendermint/session_wallet_cosmos.h"

#include "core/coins/session_wallet_request.h"
#include "core/coins/withdraw_request.h"
#include "core/crypto/hashes.h"
#include "core/encoding/base64.h"
#include "core/encoding/encoding_error.h"
#include "core/encoding/hex.h"

namespace walletd {
namespace {

bool allHex(const std::string& text) {
  return text.size() % 2 == 0 && isHex(text);
}

std::optional<Bytes> decodeText(const std::string& text) {
  if (allHex(text)) return fromHex(text);
  try {
    return base64Decode(text);
  } catch (const EncodingError&) {
  }
  return std::nullopt;
}

// Whether `value` carries exactly `expected` (a string may read as hex or as base64).
bool carries(const Json& value, const Bytes& expected) {
  if (value.is_string()) {
    const std::string text = value.get<std::string>();
    if (allHex(text) && fromHex(text) == expected) return true;
    try {
      return base64Decode(text) == expected;
    } catch (const EncodingError&) {
      return false;
    }
  }
  const std::optional<Bytes> bytes = walletBytes(value);
  return bytes && *bytes == expected;
}

std::string encodeFor(bool base64, const Bytes& bytes) {
  return base64 ? base64Encode(bytes) : toHex(bytes);
}

class SessionCosmosSigner : public CosmosRemoteSigner {
 public:
  SessionCosmosSigner(std::shared_ptr<wc::Service> wc, std::string topic, std::string chain,
                      std::string address, PublicKey key, bool base64)
      : wc_(std::move(wc)),
        topic_(std::move(topic)),
        chain_(std::move(chain)),
        address_(std::move(address)),
        key_(key),
        base64_(base64) {}

  Task<ByteArray<64>> signDirect(CosmosTxPlan plan, CosmosSignDoc doc) const override {
    const Json params{{"signerAddress", address_},
                      {"signDoc",
                       {{"chainId", plan.chain_id},
                        {"accountNumber", std::to_string(plan.account_number)},
                        {"bodyBytes", encodeFor(base64_, doc.body)},
                        {"authInfoBytes", encodeFor(base64_, doc.auth_info)}}}};
    std::string method = "cosmos_signDirect";
    std::string no_note;
    const Json answer = co_await askSessionWallet(wc_, topic_, chain_, std::move(method), params,
                                                  std::move(no_note));
    const CosmosSignAnswer checked = checkSignDirectAnswer(answer, doc, key_);
    if (!checked.signature) {
      const std::string message = "WalletConnect: " + checked.problem;
      throw rpcError(WithdrawError::SigningError, message, Json(message));
    }
    co_return *checked.signature;
  }

 private:
  std::shared_ptr<wc::Service> wc_;
  std::string topic_, chain_, address_;
  PublicKey key_;
  bool base64_;
};

// The account's public key: Keplr's sessionProperties.keys[0], else cosmos_getAccounts[0].
struct WalletAccount {
  Bytes public_key;
  bool keplr = false;
  bool ledger = false;
};

bool isTrue(const Json& object, const char* key) {
  return object.is_object() && object.contains(key) && object[key] == Json(true);
}

std::string textOf(const Json& object, const char* key) {
  if (!object.is_object() || !object.contains(key) || !object[key].is_string()) return "";
  return object[key].get<std::string>();
}

// Keplr's key for the chain: the one whose chainId is the chain's, else the first (as KDF).
std::optional<WalletAccount> keplrKey(const wc::Session& session, const std::string& chain_id) {
  const Json& props = session.session_properties;
  if (!props.is_object() || !props.contains("keys")) return std::nullopt;
  Json keys = props["keys"];
  if (keys.is_string()) keys = Json::parse(keys.get<std::string>(), nullptr, false);
  if (!keys.is_array() || keys.empty() || !keys[0].is_object()) return std::nullopt;
  const Json* chosen = &keys[0];
  for (const Json& candidate : keys)
    if (textOf(candidate, "chainId") == chain_id) chosen = &candidate;
  const Json& key = *chosen;
  WalletAccount out;
  out.keplr = true;
  for (const char* name : {"pubKey", "pub_key"}) {
    if (key.contains(name)) {
      if (auto bytes = walletBytes(key[name])) out.public_key = *bytes;
    }
  }
  out.ledger = isTrue(key, "isNanoLedger") || isTrue(key, "is_nano_ledger");
  return out;
}

}  // namespace

std::string cosmosChain(const std::string& chain_id) {
  return "cosmos:" + chain_id;
}

std::optional<Bytes> walletBytes(const Json& value) {
  if (value.is_string()) return decodeText(value.get<std::string>());
  if (!value.is_array() && !value.is_object()) return std::nullopt;
  // An object's keys are the indexes ("0".."n-1"), put in numeric order (JSON keeps none).
  std::vector<const Json*> items(value.size(), nullptr);
  std::size_t position = 0;
  for (auto it = value.begin(); it != value.end(); ++it, ++position) {
    std::size_t index = position;
    if (value.is_object()) {
      const std::string& key = it.key();
      if (key.empty() || key.size() > 9 || key.find_first_not_of("0123456789") != std::string::npos)
        return std::nullopt;
      index = std::stoul(key);
      if (index >= items.size() || items[index] != nullptr) return std::nullopt;
    }
    items[index] = &*it;
  }
  Bytes out;
  for (const Json* item : items) {
    if (!item->is_number_unsigned() || item->get<std::uint64_t>() > 255) return std::nullopt;
    out.push_back(static_cast<std::uint8_t>(item->get<std::uint64_t>()));
  }
  return out;
}

CosmosSignAnswer checkSignDirectAnswer(const Json& answer, const CosmosSignDoc& doc,
                                       const PublicKey& key) {
  if (!answer.is_object() || !answer.contains("signature") || !answer["signature"].is_object())
    return {std::nullopt, "the wallet's cosmos_signDirect answer has no signature"};
  const Json& signed_part = answer.value("signed", Json());
  if (signed_part.is_object()) {
    if ((signed_part.contains("bodyBytes") && !carries(signed_part["bodyBytes"], doc.body)) ||
        (signed_part.contains("authInfoBytes") &&
         !carries(signed_part["authInfoBytes"], doc.auth_info)))
      return {std::nullopt,
              "the wallet signed a transaction that differs from the one walletd built"};
  }
  const Json& text = answer["signature"].value("signature", Json());
  std::optional<Bytes> signature;
  if (text.is_string()) {
    try {
      signature = base64Decode(text.get<std::string>());
    } catch (const EncodingError&) {
    }
  }
  if (!signature || signature->size() != 64)
    return {std::nullopt, "the wallet's signature is not 64 bytes of base64"};
  RecoverableSignature sig;
  std::copy(signature->begin(), signature->end(), sig.compact.begin());
  const Digest32 digest = sha256Bytes(doc.sign_doc);
  for (int id = 0; id < 2; ++id) {
    sig.recovery_id = id;
    try {
      if (recoverPublicKey(digest, sig).compressed() == key.compressed()) return {sig.compact, ""};
    } catch (const std::exception&) {
    }
  }
  return {std::nullopt, "the wallet's signature does not verify with the account's key"};
}

Task<TendermintSigner> sessionWalletCosmosSigner(std::shared_ptr<wc::Service> wc, std::string topic,
                                                 std::string chain_id, std::string prefix) {
  const std::string chain = cosmosChain(chain_id);
  const wc::Session* session = wc->find(topic);
  if (session == nullptr)
    throw CosmosSessionRefusal("No active WalletConnect session found: " + topic);
  if (!session->supportsChain(chain))
    throw CosmosSessionRefusal("the WalletConnect session does not support chain " + chain);
  const std::optional<std::string> session_account = session->accountFor(chain);
  std::optional<WalletAccount> account = keplrKey(*session, chain_id);
  std::optional<Json> listed;
  if (!account) {
    std::string failure;
    try {
      std::string method = "cosmos_getAccounts";
      const Json params = session_account ? Json(*session_account) : Json();
      listed = co_await wc->request(topic, chain, std::move(method), params);
    } catch (const wc::RequestFailure& e) {
      failure = e.what();
    }
    if (!listed) throw CosmosSessionRefusal(failure);
    if (!listed->is_array() || listed->empty() || !(*listed)[0].is_object())
      throw CosmosSessionRefusal("Expected atleast an account from connected wallet");
    const Json& first = (*listed)[0];
    account.emplace();
    if (first.contains("pubkey")) {
      if (auto bytes = walletBytes(first["pubkey"])) account->public_key = *bytes;
    }
    account->ledger = isTrue(first, "is_ledger");
  }
  if (account->ledger)
    throw CosmosSessionRefusal(
        "a Ledger through WalletConnect signs amino (cosmos_signAmino), "
        "which walletd does not send");
  PublicKey key;
  try {
    key = PublicKey::parse(account->public_key);
  } catch (const std::exception&) {
    throw CosmosSessionRefusal("the wallet's account has no valid secp256k1 public key");
  }
  const std::string address = tendermintAddress(prefix, key);
  if (session_account && *session_account != address)
    throw CosmosSessionRefusal("the wallet's key makes " + address +
                               ", not the session's account " + *session_account);
  const std::string listed_address = listed ? textOf((*listed)[0], "address") : address;
  if (listed_address != address)
    throw CosmosSessionRefusal("the wallet's key makes " + address + ", not its account " +
                               listed_address.substr(0, 100));
  TendermintSigner out;
  out.public_key = key;
  out.address = address;
  out.remote =
      std::make_shared<SessionCosmosSigner>(wc, topic, chain, address, key, account->keplr);
  co_return out;
}

}  // namespace walletd
