// JsStreamConnector: the browser host's StreamConnector — Electrum over WebSocket (wss://), one
// JSON-RPC message per line, through the JS host (host.socketOpen / socketSend / socketClose in
// js/src/core.js, the page's WebSocket or the one createWalletd() was given). The browser checks
// certificates itself: verify_certificate=false cannot be honoured and is ignored.
#pragma once

#include <cstdint>
#include <deque>
#include <string>

#include "core/platform/stream_connector.h"

namespace walletd::wasm {

class JsStreamConnector : public StreamConnector {
 public:
  bool supports(const std::string& scheme) const override { return scheme == "wss"; }
  Task<std::unique_ptr<LineStream>> connect(StreamTarget target, std::uint64_t timeout_ms) override;
};

// Called from JS for socket `id`: kind 0 = a message (one or more lines), 1 = closed (`text`
// says why).
void socketEvent(std::uint32_t id, int kind, const std::string& text);

}  // namespace walletd::wasm
