// evm_probe: drives walletd's native HttpClient, JSON-RPC client and EVM transaction signing
// against a real node, one JSON command per stdin line, one JSON answer per line:
//   {"op":"call","nodes":[{"url":..}],"method":..,"params":[..]}            → {"result":..}
//   {"op":"send","nodes":[..],"key":"0x..","chain_id":N,"type":"legacy"|"eip1559","to":"0x..",
//    "value":"<wei>","data":"0x..","gas":N,"gas_price":"<wei>" |
//    "max_fee":"<wei>","priority_fee":"<wei>"}
//                                                                           → {"tx_hash","raw"}
// Errors answer {"error_kind", "error"}. Used by tests/integration/evm-groundwork.test.mjs until
// the EVM coin methods exist.
#include <iostream>
#include <string>
#include <thread>

#include "core/coins/evm/evm_transaction.h"
#include "core/coins/json_rpc_client.h"
#include "core/encoding/hex.h"
#include "host-native/core_bridge.h"
#include "host-native/native_http_client.h"
#include "host-native/thread_executor.h"

using namespace walletd;

namespace {

std::vector<CoinNode> nodesOf(const Json& command) {
  std::vector<CoinNode> nodes;
  for (const Json& node : command.at("nodes")) nodes.push_back(CoinNode::fromJson(node, "nodes"));
  return nodes;
}

UInt256 wei(const Json& command, const char* key) {
  auto value = UInt256::fromDecimal(command.value(key, "0"), 0);
  if (!value) throw std::runtime_error(std::string("bad amount in ") + key);
  return *value;
}

Task<Json> send(JsonRpcClient& rpc, const Json& command) {
  const Bytes key_bytes = fromHex(command.at("key").get<std::string>(), true);
  PrivateKey key{};
  std::copy(key_bytes.begin(), key_bytes.end(), key.begin());
  const EthAddress from = ethAddressFromPublicKey(PublicKey::fromPrivate(key).uncompressed());
  Json nonce_params = Json::array({eip55Checksum(from), "pending"});
  const Json nonce = co_await rpc.call("eth_getTransactionCount", nonce_params);
  EvmTransaction tx;
  tx.type =
      command.at("type") == "legacy" ? EvmTransaction::Type::Legacy : EvmTransaction::Type::Eip1559;
  tx.chain_id = command.at("chain_id").get<std::uint64_t>();
  tx.nonce = *UInt256::fromHexQuantity(nonce.get<std::string>());
  tx.gas_price = wei(command, "gas_price");
  tx.max_fee_per_gas = wei(command, "max_fee");
  tx.max_priority_fee_per_gas = wei(command, "priority_fee");
  tx.gas_limit = command.at("gas").get<std::uint64_t>();
  tx.to = parseEthAddress(command.at("to").get<std::string>(), false);
  tx.value = wei(command, "value");
  tx.data = fromHex(command.value("data", "0x"), true);
  const EvmTransaction::Signed signed_tx = tx.sign(key);
  Json raw_params = Json::array({"0x" + toHex(signed_tx.raw)});
  const Json hash = co_await rpc.call("eth_sendRawTransaction", raw_params);
  Json out = Json::object();
  out["tx_hash"] = hash;
  out["computed_hash"] = "0x" + toHex(signed_tx.hash);
  out["raw"] = "0x" + toHex(signed_tx.raw);
  co_return out;
}

}  // namespace

int main() {
  ThreadExecutor executor;
  std::thread core([&] { executor.run(); });
  {
    NativeHttpClient http(executor);
    std::string line;
    while (std::getline(std::cin, line)) {
      Json answer;
      try {
        const Json command = Json::parse(line);
        answer = runOnCore<Json>(executor, [&]() -> Task<Json> {
          JsonRpcClient rpc(http, nodesOf(command), command.value("timeout_ms", 5000));
          if (command.at("op") == "send") co_return co_await send(rpc, command);
          const std::string method = command.at("method");
          Json result = co_await rpc.call(method, command.value("params", Json::array()));
          Json out = Json::object();
          out["result"] = std::move(result);
          co_return out;
        });
      } catch (const JsonRpcError& e) {
        answer = Json{{"error_kind", "JsonRpcError"}, {"error", e.what()}, {"code", e.code}};
      } catch (const NodesUnavailable& e) {
        answer = Json{{"error_kind", "NodesUnavailable"}, {"error", e.what()}};
      } catch (const std::exception& e) {
        answer = Json{{"error_kind", "other"}, {"error", e.what()}};
      }
      std::cout << answer.dump() << std::endl;
    }
  }
  executor.stop();
  core.join();
  return 0;
}
