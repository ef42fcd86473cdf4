// BALANCE:<ticker> for Tendermint coins: a platform follows its node's websocket
// (`<node url>/websocket`, CometBFT's JSON-RPC `subscribe` to `coin_received.receiver = '<me>'`
// and `coin_spent.spender = '<me>'`, as KDF does) while anyone listens to it or its tokens; every
// event makes it read the listened denoms' balances again and publish those that changed as
// {ticker, address, balance: {spendable, unspendable}}. A dropped websocket is opened again after
// kRoundMs, and the balances are read again then (what changed meanwhile is published); a host
// without websockets, or a node that refuses them, is polled every kRoundMs instead.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>

#include "core/async/cancellation.h"
#include "core/encoding/uint256.h"
#include "core/platform/executor.h"
#include "core/platform/stream_connector.h"
#include "core/stream/streamer.h"

namespace walletd {

class TendermintPlatform;

// One listened coin of the platform: its ticker, denom and decimals.
struct CosmosBalanceCoin {
  std::string ticker;
  std::string denom;
  unsigned decimals = 6;
};

class TendermintBalanceEvents {
 public:
  static constexpr std::uint64_t kRoundMs = 2000;

  TendermintBalanceEvents(Executor& executor, StreamConnector* connector)
      : executor_(executor), connector_(connector) {}
  ~TendermintBalanceEvents() { stop(); }

  // The first listener starts following the node; the last one leaving stops it.
  std::uint64_t add(std::weak_ptr<TendermintPlatform> platform, CosmosBalanceCoin coin,
                    PublishFn publish);
  void remove(std::uint64_t id);
  // Stops following for good (the coin is disabled); later listeners hear nothing.
  void stop() {
    stopped_ = true;
    stopFollowing();
  }

  struct Listener {
    CosmosBalanceCoin coin;
    PublishFn publish;
  };
  // Shared with the follower (it outlives neither the platform nor a stop).
  struct State {
    std::weak_ptr<TendermintPlatform> platform;
    Executor* executor = nullptr;
    StreamConnector* connector = nullptr;
    CancellationSource stop;
    std::map<std::uint64_t, Listener> listeners;
    std::map<std::string, UInt256> last;  // denom → the balance last read
    std::unique_ptr<LineStream> stream;   // the open websocket, closed by a stop
  };

 private:
  void stopFollowing();
  Executor& executor_;
  StreamConnector* connector_;
  std::shared_ptr<State> state_;  // while someone listens
  std::uint64_t next_id_ = 1;
  bool stopped_ = false;
};

// The streamer stream::balance::enable runs for one coin of the platform.
class TendermintBalanceStreamer : public Streamer {
 public:
  TendermintBalanceStreamer(std::weak_ptr<TendermintPlatform> platform, CosmosBalanceCoin coin)
      : platform_(std::move(platform)), coin_(std::move(coin)) {}
  void start(PublishFn publish) override;
  void stop() override;

 private:
  std::weak_ptr<TendermintPlatform> platform_;
  CosmosBalanceCoin coin_;
  std::uint64_t id_ = 0;
};

// The websocket URL of a CometBFT RPC URL: http → ws, https → wss, "/websocket" appended.
std::string cometWebsocketUrl(const std::string& rpc_url);

}  // namespace walletd
