// The browser host's side of the seam: an executor on the JS event loop, Date/performance
// clocks, crypto.getRandomValues, IndexedDB-backed storage (through the JS host object) and
// events delivered to a JS callback.
#pragma once

#include "core/async/loop_executor.h"
#include "core/platform/clock.h"
#include "core/platform/event_sink.h"
#include "core/platform/external_signer.h"
#include "core/platform/http_client.h"
#include "core/platform/random.h"
#include "core/platform/storage.h"

namespace walletd::wasm {

class JsClock : public Clock {
 public:
  std::uint64_t unixMillis() const override;
  std::uint64_t monotonicMillis() const override;
};

class JsRandom : public Random {
 public:
  std::vector<std::uint8_t> bytes(std::size_t count) override;
};

// Work runs from a microtask; timers from setTimeout. Both drain the same LoopExecutor.
class JsExecutor : public Executor {
 public:
  explicit JsExecutor(const Clock& clock) : loop_(clock) {}
  void post(std::function<void()> work) override;
  TimerId startTimer(std::uint64_t delay_ms, std::function<void()> work) override;
  void cancelTimer(TimerId id) override { loop_.cancelTimer(id); }
  void drain();

 private:
  // Asks setTimeout for a drain in `delay_ms` unless one already comes by then.
  void wakeIn(std::uint64_t delay_ms);

  LoopExecutor loop_;
  bool drain_scheduled_ = false;
  double wake_at_ = 0;  // performance.now() of the earliest setTimeout still to come (0: none)
};

// Storage calls the host's storageGet / storageScan / storageApplyBatch
// (js/src/indexeddb-storage.js).
class JsStorage : public Storage {
 public:
  Task<std::optional<std::string>> get(std::string ns, std::string key) override;
  Task<StorageEntries> scanPrefix(std::string ns, std::string prefix) override;
  Task<void> applyBatch(std::string ns, std::vector<StorageWrite> writes) override;
};

// A browser-extension wallet: host.ethereumRequest({method, params}) is the EIP-1193 provider's
// request(); a refusal arrives as the JSON text {code, message} and becomes ExternalSignerError.
class JsExternalSigner : public ExternalSigner {
 public:
  Task<Json> request(std::string method, Json params) override;
  // Whether createWalletd() was given an ethereumProvider.
  static bool available();
};

// HTTP through the JS host's fetch (host.httpRequest); a rejected fetch is a TransportError.
class JsHttpClient : public HttpClient {
 public:
  Task<HttpResponse> request(HttpRequest request) override;
};

class JsEventSink : public EventSink {
 public:
  void deliver(std::uint64_t client_id, const StreamEvent& event) override;
};

}  // namespace walletd::wasm
