// EVM balances over JSON-RPC: eth_getBalance and ERC20 balanceOf through eth_call, at "latest".
#include "core/coins/evm/evm_coins.h"

#include "core/encoding/hex.h"
#include "core/encoding/token_abi.h"

namespace walletd {
namespace {

// eth_call ran and the contract answered balanceOf with less than a word: "0x" is what a call to
// an address without code returns (no contract there on this chain), a shorter answer a contract
// that is not ERC20. A contract problem, not a node outage: KDF fails ABI decoding here.
[[noreturn]] void throwNoBalanceWord(const EthAddress& contract, const std::string& answer) {
  const std::string what =
      answer.size() <= 2 ? "no data: the address has no contract code on this chain"
                         : std::to_string((answer.size() - 2) / 2) + " bytes, not a 32-byte word";
  const std::string message =
      "the token contract " + eip55Checksum(contract) + " answered balanceOf with " + what;
  throw TransportFailure(message, message);
}

// "0x" and an even number of hex digits: the shape of an eth_call answer.
bool isHexData(const Json& value) {
  if (!value.is_string()) return false;
  const std::string& text = value.get_ref<const std::string&>();
  return text.rfind("0x", 0) == 0 && text.size() % 2 == 0 && isHex(text.substr(2));
}

}  // namespace

UInt256 nodeQuantity(const Json& value, const char* what) {
  auto parsed =
      value.is_string() ? UInt256::fromHexQuantity(value.get<std::string>()) : std::nullopt;
  if (!parsed)
    throw NodesUnavailable(std::string("the node answered ") + what + " with " +
                           value.dump().substr(0, 80));
  return *parsed;
}

EthPlatform::EthPlatform(std::string ticker, std::uint64_t chain_id, int max_tx_type,
                         JsonRpcClient rpc, KeccakAccountKey signer, std::shared_ptr<HdWallet> hd,
                         Executor& executor, Clock& clock)
    : ticker_(std::move(ticker)),
      chain_id_(chain_id),
      max_tx_type_(max_tx_type),
      rpc_(std::move(rpc)),
      signer_(std::move(signer)),
      hd_(std::move(hd)),
      send_lock_(executor),
      clock_(clock) {}

Task<UInt256> EthPlatform::balanceWei(EthAddress address) {
  Json params = Json::array({eip55Checksum(address), "latest"});
  const Json result = co_await rpc_.call("eth_getBalance", params);
  co_return nodeQuantity(result, "eth_getBalance");
}

Task<UInt256> EthPlatform::transactionCount(EthAddress address, const char* block_tag) {
  Json params = Json::array({eip55Checksum(address), block_tag});
  const Json result = co_await rpc_.call("eth_getTransactionCount", params);
  co_return nodeQuantity(result, "eth_getTransactionCount");
}

Task<UInt256> EthPlatform::tokenBalance(EthAddress contract, EthAddress owner) {
  Json call = Json::object();
  call["to"] = eip55Checksum(contract);
  call["data"] = "0x" + toHex(erc20BalanceOfData(owner));
  Json params = Json::array({call, "latest"});
  const Json result = co_await rpc_.call("eth_call", params);
  if (!isHexData(result))
    throw NodesUnavailable("the node answered balanceOf with " + result.dump().substr(0, 80));
  auto balance = decodeUint256Result(result.get<std::string>());
  if (!balance) throwNoBalanceWord(contract, result.get<std::string>());
  co_return *balance;
}

Task<std::uint64_t> EthPlatform::currentBlock() {
  const Json result = co_await rpc_.call("eth_blockNumber", Json::array());
  const auto block = nodeQuantity(result, "eth_blockNumber").toUint64();
  if (!block) throw NodesUnavailable("the node answered eth_blockNumber out of range");
  co_return *block;
}

Task<BalanceInfo> EthPlatform::myBalance() {
  const UInt256 wei = co_await balanceWei();
  co_return spendableBalance(wei, 18);
}

Erc20Token::Erc20Token(std::string ticker, std::shared_ptr<EthPlatform> platform,
                       EthAddress contract, unsigned decimals, std::uint32_t required_confirmations)
    : ticker_(std::move(ticker)),
      platform_(std::move(platform)),
      contract_(contract),
      decimals_(decimals),
      required_confirmations_(required_confirmations) {}

Task<BalanceInfo> Erc20Token::myBalance() {
  const UInt256 units = co_await platform_->tokenBalance(contract_);
  co_return spendableBalance(units, decimals_);
}

}  // namespace walletd
