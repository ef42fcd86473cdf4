// The one activation route (activation_route.h), instantiated here by a toy entry point with its
// own request type and error words, over a toy family defined in this file: KDF's order of
// checks, each answered in the entry point's words; and registration last — nothing registered
// when the task is cancelled or another call activated the ticker meanwhile, the coins and then
// `on_registered` otherwise.
#include <catch2/catch.hpp>

#include "core/coins/activation_route.h"
#include "core/coins/standalone_activation.h"
#include "tests/unit/test_support.h"

using namespace walletd;
using namespace walletd::test;

namespace {

struct ToyParams {
  std::string ticker;
  bool refuse = false;  // the activator's own check refuses
};

class ToyCoin : public ActiveCoin {
 public:
  explicit ToyCoin(std::string ticker) : ticker_(std::move(ticker)) {}
  const std::string& ticker() const override { return ticker_; }
  std::optional<std::string> platform() const override { return std::nullopt; }
  std::string myAddress() const override { return "toy"; }
  Task<BalanceInfo> myBalance() override { co_return spendableBalance(UInt256(0), 8); }

 private:
  std::string ticker_;
};

// What the toy activation does while "talking to its peers": whatever the test set up.
struct ToyScript {
  std::function<void(Node&, RpcTaskHandle&)> during;
  int registered_calls = 0;
  bool coin_was_registered_first = false;
};

class ToyActivator : public CoinActivator<ToyParams> {
 public:
  explicit ToyActivator(ToyScript& script) : script_(script) {}
  bool serves(const CoinEntry& entry) const override { return entry.protocol_type == "TOYSTAND"; }
  void check(Node&, const CoinEntry&, const ToyParams& p) const override {
    if (p.refuse) throwCoinCreationError(p.ticker, "the toy refuses");
  }
  Task<ActivatedCoins> activate(Node& node, const CoinEntry&, ToyParams p,
                                std::shared_ptr<RpcTaskHandle> handle) const override {
    if (script_.during) script_.during(node, *handle);
    ActivatedCoins out;
    out.coins.push_back(std::make_shared<ToyCoin>(p.ticker));
    out.result = Json{{"ticker", p.ticker}};
    out.on_registered = [this, &node, ticker = p.ticker] {
      ++script_.registered_calls;
      script_.coin_was_registered_first = node.activeCoins().find(ticker) != nullptr;
    };
    co_return out;
  }

 private:
  ToyScript& script_;
};

class ToyFamily : public CoinFamily {
 public:
  explicit ToyFamily(ToyScript& script) : activator_(script) {}
  std::string_view name() const override { return "ToyStandalone"; }
  std::vector<std::string_view> protocolTypes() const override { return {"TOYSTAND", "TOYOTHER"}; }
  std::unique_ptr<AddressCodec> addressCodec(const CoinEntry&, const CoinsConfig&) const override {
    return nullptr;
  }
  const ToyActivator& activator() const { return activator_; }

 private:
  ToyActivator activator_;
};

using ToyRoute = ActivationRoute<ToyParams, InitStandaloneCoinError>;

ToyRoute toyRoute() {
  return ToyRoute(
      {InitStandaloneCoinError::CoinIsAlreadyActivated,
       InitStandaloneCoinError::CoinConfigIsNotFound,
       InitStandaloneCoinError::CoinProtocolParseError,
       InitStandaloneCoinError::UnexpectedCoinProtocol, InitStandaloneCoinError::Transport, "Coin",
       "protocol", [](const std::string& t) { return t + " is activated already"; },
       [](const std::string& t) { throwCoinCreationError(t, kNoWalletOpen); }},
      [](const CoinFamily& family) -> const CoinActivator<ToyParams>* {
        const auto* toy = dynamic_cast<const ToyFamily*>(&family);
        return toy != nullptr ? &toy->activator() : nullptr;
      });
}

CoinsConfig toyCoins() {
  return CoinsConfig::fromJson(Json::parse(R"([
    {"coin": "TOY", "protocol": {"type": "TOYSTAND"}},
    {"coin": "OTHER", "protocol": {"type": "TOYOTHER"}},
    {"coin": "BROKEN", "protocol": {"protocol_data": {}}}])"));
}

// The error type the route answers for `p`, or "" when it activates.
std::string outcome(TestNode& t, const ToyRoute& route, ToyParams p,
                    std::shared_ptr<RpcTaskHandle> handle = std::make_shared<RpcTaskHandle>()) {
  try {
    runTask(t.loop, t.clock, route.run(t.node, std::move(p), std::move(handle)));
    return "";
  } catch (const RpcError& e) {
    return e.type();
  } catch (const OperationCancelled&) {
    return "cancelled";
  }
}

}  // namespace

TEST_CASE("the activation route checks in KDF's order, in the entry point's words") {
  ToyScript script;
  const CoinFamilies families({std::make_shared<ToyFamily>(script)});
  const ToyRoute route = toyRoute();
  {
    TestNode no_wallet(Json::object(), toyCoins(), families);
    CHECK(outcome(no_wallet, route, {"TOY"}) == "CoinCreationError");
    CHECK(outcome(no_wallet, route, {"NOPE"}) == "CoinConfigIsNotFound");  // before the wallet
  }
  TestNode t(Json{{"passphrase", "toy route"}}, toyCoins(), families);
  CHECK(outcome(t, route, {"NOPE"}) == "CoinConfigIsNotFound");
  CHECK(outcome(t, route, {"BROKEN"}) == "CoinProtocolParseError");
  CHECK(outcome(t, route, {"OTHER"}) == "UnexpectedCoinProtocol");  // the family, not its activator
  CHECK(outcome(t, route, {"TOY", true}) == "CoinCreationError");
  CHECK(t.node.activeCoins().find("TOY") == nullptr);

  CHECK(outcome(t, route, {"TOY"}).empty());
  CHECK(script.registered_calls == 1);
  CHECK(script.coin_was_registered_first);
  CHECK(outcome(t, route, {"TOY"}) == "CoinIsAlreadyActivated");
}

TEST_CASE("the activation route registers nothing when cancelled or overtaken") {
  ToyScript script;
  const CoinFamilies families({std::make_shared<ToyFamily>(script)});
  const ToyRoute route = toyRoute();
  TestNode t(Json{{"passphrase", "toy route"}}, toyCoins(), families);

  // Cancelled (task::…::cancel) while talking to the peers: nothing registered, nothing started.
  RpcTaskManager& tasks = t.node.tasks();
  const std::uint64_t before =
      tasks.run("toy", tasks.create(), []() -> Task<Json> { co_return Json(); }());
  bool cancelled = false;
  script.during = [&tasks, &cancelled, id = before + 1](Node&, RpcTaskHandle&) {
    tasks.cancel("toy", id);
    cancelled = true;
  };
  auto handle = tasks.create();
  const std::uint64_t id = tasks.run("toy", handle, route.run(t.node, {"TOY"}, handle));
  runTask(t.loop, t.clock, runVoid([]() -> Task<void> { co_return; }()));
  CHECK(id == before + 1);
  CHECK(cancelled);
  CHECK(t.node.activeCoins().find("TOY") == nullptr);
  CHECK(script.registered_calls == 0);

  // Another call activated the ticker meanwhile: its coin stays, this one is not registered.
  auto winner = std::make_shared<ToyCoin>("TOY");
  script.during = [winner](Node& node, RpcTaskHandle&) { node.activeCoins().add(winner); };
  CHECK(outcome(t, route, {"TOY"}) == "CoinIsAlreadyActivated");
  CHECK(t.node.activeCoins().find("TOY") == winner);
  CHECK(script.registered_calls == 0);
}
