// JsStreamConnector: the browser host's StreamConnector — WebSocket streams (wss://, and ws://
// where the page may open it: Node, or a page not served over https), one message per line
// (Electrum's JSON-RPC messages, a CometBFT node's /websocket), through the JS host
// (host.socketOpen / socketSend / socketClose in js/src/core.js, the page's WebSocket or the one
// createWalletd() was given). The browser checks certificates itself: verify_certificate=false
// cannot be honoured and is ignored.
#pragma once

#include <cstdint>
#include <deque>
#include <string>

#include "core/platform/stream_connector.h"

namespace walletd::wasm {

class JsStreamConnector : public StreamConnector {
 public:
  bool supports(const std::string& scheme) const override {
    return scheme == "wss" || scheme == "ws";
  }
  Task<std::unique_ptr<LineStream>> connect(StreamTarget target, std::uint64_t timeout_ms) override;
};

// Called from JS for socket `id`: kind 0 = a message (one line, as it is), 1 = closed (`text`:
// the close code, then the reason if there is one).
void socketEvent(std::uint32_t id, int kind, const std::string& text);

}  // namespace walletd::wasm
