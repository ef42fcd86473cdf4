// A scripted Trezor for unit tests: answers each call with the next queued message and records
// what walletd sent (type, payload hex); and a user who answers every question at once.
#pragma once

#include <deque>
#include <string>
#include <utility>
#include <vector>

#include "core/encoding/hex.h"
#include "core/hardware/trezor/conversation.h"

namespace walletd::test {

class ScriptedTrezor : public trezor::Transport {
 public:
  std::deque<trezor::Message> replies;
  std::vector<std::pair<std::uint16_t, std::string>> sent;

  // Queues the device's next answer.
  void answer(trezor::MessageType type, const std::string& payload_hex) {
    replies.push_back(
        trezor::Message{static_cast<std::uint16_t>(type), SecretBytes(fromHex(payload_hex))});
  }
  Task<trezor::Message> call(trezor::Message request) override {
    sent.emplace_back(request.type, toHex(request.payload.view()));
    if (replies.empty()) throw trezor::DeviceUnavailable("unplugged");
    trezor::Message next = std::move(replies.front());
    replies.pop_front();
    co_return next;
  }
  Task<void> release() override { co_return; }
};

}  // namespace walletd::test
