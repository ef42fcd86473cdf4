// Answers are checked for shape (hex of the right length) before the builder uses them; a prover
// that rejects becomes std::runtime_error naming the prover's message.
#include "host-wasm/js_sapling_prover.h"

#include <emscripten.h>

#include <stdexcept>

#include "core/encoding/hex.h"
#include "host-wasm/js_bridge.h"

namespace walletd::wasm {
namespace {

// clang-format off
EM_JS(int, walletd_has_sapling_prover, (), {
  return Module.walletdHost.saplingProve ? 1 : 0;
});
EM_JS(void, walletd_sapling_close, (double context), {
  if (Module.walletdHost.saplingClose) Module.walletdHost.saplingClose(context);
});
// clang-format on

template <std::size_t N>
ByteArray<N> answered(const Json& answer, const char* field) {
  const Json* value = answer.is_object() && answer.contains(field) ? &answer[field] : nullptr;
  if (value != nullptr && value->is_string()) {
    try {
      const Bytes bytes = fromHex(value->get<std::string>(), true);
      if (bytes.size() == N) {
        ByteArray<N> out{};
        std::copy(bytes.begin(), bytes.end(), out.begin());
        return out;
      }
    } catch (const std::exception&) {
      // reported below
    }
  }
  throw std::runtime_error(std::string("the Sapling prover answered no ") + std::to_string(N) +
                           "-byte hex `" + field + "`");
}

class JsProvingContext : public SaplingProvingContext {
 public:
  explicit JsProvingContext(double id) : id_(id) {}
  ~JsProvingContext() override { walletd_sapling_close(id_); }

  Task<SpendProof> spend(SpendProofRequest r) override {
    Json path = Json::array();
    for (const auto& node : r.path) path.push_back(toHex(node));
    Json args{{"op", "spend"},
              {"ak", toHex(r.ak.encode())},
              {"nsk", toHex(r.nsk.toBytes())},
              {"diversifier", toHex(r.address.diversifier)},
              {"pk_d", toHex(r.address.pk_d.encode())},
              {"rcm", toHex(r.rcm.toBytes())},
              {"alpha", toHex(r.alpha.toBytes())},
              {"value", std::to_string(r.value)},
              {"anchor", toHex(r.anchor)},
              {"path", std::move(path)},
              {"position", std::to_string(r.position)}};
    const Json answer = co_await ask(std::move(args));
    co_return SpendProof{answered<32>(answer, "cv"), answered<32>(answer, "rk"),
                         answered<192>(answer, "zkproof")};
  }

  Task<OutputProof> output(OutputProofRequest r) override {
    Json args{{"op", "output"},
              {"esk", toHex(r.esk.toBytes())},
              {"diversifier", toHex(r.to.diversifier)},
              {"pk_d", toHex(r.to.pk_d.encode())},
              {"rcm", toHex(r.rcm.toBytes())},
              {"value", std::to_string(r.value)}};
    const Json answer = co_await ask(std::move(args));
    co_return OutputProof{answered<32>(answer, "cv"), answered<192>(answer, "zkproof")};
  }

  Task<ByteArray<64>> bindingSignature(std::int64_t value_balance, ByteArray<32> sighash) override {
    Json args{{"op", "binding"},
              {"value_balance", std::to_string(value_balance)},
              {"sighash", toHex(sighash)}};
    const Json answer = co_await ask(std::move(args));
    co_return answered<64>(answer, "signature");
  }

 private:
  Task<Json> ask(Json args) {
    args["context"] = id_;
    JsOp op("saplingProve", std::move(args));
    co_return co_await op;
  }
  double id_;
};

}  // namespace

bool JsSaplingProver::available() {
  return walletd_has_sapling_prover() != 0;
}

std::unique_ptr<SaplingProvingContext> JsSaplingProver::newContext() {
  return std::make_unique<JsProvingContext>(next_context_++);
}

}  // namespace walletd::wasm
