// EIP-1193 calls for browser-wallet coins.
#include "core/coins/evm/browser_wallet.h"

#include "core/encoding/encoding_error.h"
#include "core/encoding/hex.h"

namespace walletd {
namespace {

std::string quantity(const UInt256& value) {
  return value.toHexQuantity();
}

EthAddress firstAccount(const Json& accounts) {
  if (!accounts.is_array() || accounts.empty() || !accounts[0].is_string())
    throw ExternalSignerError(4100, "the browser wallet shared no account");
  try {
    return parseEthAddress(accounts[0].get<std::string>(), false);
  } catch (const EncodingError&) {
    throw ExternalSignerError(-1, "the browser wallet answered an account that is not an address");
  }
}

Task<std::uint64_t> chainIdOf(ExternalSigner& wallet) {
  const Json answer = co_await wallet.request("eth_chainId", Json::array());
  const auto id =
      answer.is_string() ? UInt256::fromHexQuantity(answer.get<std::string>()) : std::nullopt;
  const auto small = id ? id->toUint64() : std::nullopt;
  if (!small) throw ExternalSignerError(-1, "the browser wallet answered no chain id");
  co_return *small;
}

}  // namespace

bool isBrowserWalletPolicy(const std::string& type) {
  return type == "Metamask" || type == "BrowserWallet";
}

Task<EthAddress> browserWalletAccount(ExternalSigner& wallet) {
  const Json accounts = co_await wallet.request("eth_requestAccounts", Json::array());
  co_return firstAccount(accounts);
}

Task<void> browserWalletUseChain(ExternalSigner& wallet, std::uint64_t chain_id) {
  if (co_await chainIdOf(wallet) == chain_id) co_return;
  const Json params = Json::array({{{"chainId", quantity(UInt256(chain_id))}}});
  co_await wallet.request("wallet_switchEthereumChain", params);
  const std::uint64_t now = co_await chainIdOf(wallet);
  if (now != chain_id) {
    throw ExternalSignerError(4901, "the browser wallet is on chain " + std::to_string(now) +
                                        ", not " + std::to_string(chain_id));
  }
}

Task<std::string> browserWalletSend(ExternalSigner& wallet, EthAddress from, EvmTransaction tx) {
  const EthAddress selected = firstAccount(co_await wallet.request("eth_accounts", Json::array()));
  if (selected != from) {
    throw ExternalSignerError(4100, "the browser wallet's selected account is now " +
                                        eip55Checksum(selected) + ", not the activated " +
                                        eip55Checksum(from) + "; activate the coin again");
  }
  const std::uint64_t chain = co_await chainIdOf(wallet);
  if (chain != tx.chain_id) {
    throw ExternalSignerError(4901, "the browser wallet is on chain " + std::to_string(chain) +
                                        ", not " + std::to_string(tx.chain_id));
  }
  Json call = Json::object();
  call["from"] = eip55Checksum(from);
  if (tx.to) call["to"] = eip55Checksum(*tx.to);
  call["value"] = quantity(tx.value);
  call["data"] = "0x" + toHex(tx.data);
  call["gas"] = quantity(tx.gas_limit);
  call["nonce"] = quantity(tx.nonce);
  call["chainId"] = quantity(UInt256(tx.chain_id));
  if (tx.type == EvmTransaction::Type::Eip1559) {
    call["type"] = "0x2";
    call["maxFeePerGas"] = quantity(tx.max_fee_per_gas);
    call["maxPriorityFeePerGas"] = quantity(tx.max_priority_fee_per_gas);
  } else {
    call["gasPrice"] = quantity(tx.gas_price);
  }
  Json params = Json::array();  // a named local: GCC 12 miscompiles braces inside co_await
  params.push_back(std::move(call));
  const Json hash = co_await wallet.request("eth_sendTransaction", std::move(params));
  std::string text = hash.is_string() ? hash.get<std::string>() : "";
  if (text.rfind("0x", 0) == 0) text = text.substr(2);
  if (text.size() != 64 || !isHex(text))
    throw ExternalSignerError(-1, "the browser wallet answered no transaction hash");
  co_return text;
}

}  // namespace walletd
