// BALANCE:<ticker> for UTXO coins: each change of an address's balance is published as
// {ticker, address, balance: {spendable, unspendable}}. With Electrum the script hash
// notifications say which address changed and only that one is read again; Native mode has no
// notifications, so the coin's addresses are read every kPollMs while someone listens and the
// changes published.
#pragma once

#include <cstdint>
#include <memory>

#include "core/platform/executor.h"
#include "core/stream/streamer.h"

namespace walletd {

class UtxoCoin;

class UtxoBalanceStreamer : public Streamer {
 public:
  static constexpr std::uint64_t kPollMs = 5000;

  explicit UtxoBalanceStreamer(std::weak_ptr<UtxoCoin> coin) : coin_(std::move(coin)) {}
  void start(PublishFn publish) override;
  void stop() override;

 private:
  std::weak_ptr<UtxoCoin> coin_;
  std::uint64_t listener_ = 0;
};

}  // namespace walletd
