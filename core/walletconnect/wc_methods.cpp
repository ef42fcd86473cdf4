// The wc_* methods (wc_methods.h), with KDF's request and result shapes.
#include "core/walletconnect/wc_methods.h"

#include "core/node/node.h"
#include "core/walletconnect/wc_setup.h"

namespace walletd {
namespace {

// KDF's ProposeNamespaces: {<namespace>: {chains, methods, events}}, each list of strings.
struct ProposeNamespacesField {
  static Json decode(const Json& v, const std::string& path) {
    if (!v.is_object())
      throwInvalidParams(path + ": invalid type: " + describeJsonType(v) + ", expected a map");
    for (const auto& [key, ns] : v.items()) {
      const std::string at = path + "." + key;
      if (!ns.is_object())
        throwInvalidParams(at + ": invalid type: " + describeJsonType(ns) +
                           ", expected struct ProposeNamespace");
      for (const char* list : {"chains", "methods", "events"}) {
        if (!ns.contains(list)) throwInvalidParams(at + ": missing field `" + list + "`");
        const Json& items = ns[list];
        const bool strings =
            items.is_array() &&
            std::all_of(items.begin(), items.end(), [](const Json& i) { return i.is_string(); });
        if (!strings)
          throwInvalidParams(at + "." + list + ": invalid type: " + describeJsonType(items) +
                             ", expected a sequence of strings");
      }
    }
    return v;
  }
  static std::string ts() {
    return "{ [namespace: string]: { chains: string[]; methods: string[]; events: string[] } }";
  }
};

struct NewConnectionParams {
  Json required_namespaces;
  std::optional<Json> optional_namespaces;
  static const ObjectSchema<NewConnectionParams>& schema() {
    static const auto s = ObjectSchema<NewConnectionParams>()
                              .required<ProposeNamespacesField>(
                                  "required_namespaces", &NewConnectionParams::required_namespaces)
                              .optional<ProposeNamespacesField>(
                                  "optional_namespaces", &NewConnectionParams::optional_namespaces);
    return s;
  }
};

struct TopicParams {
  std::string topic;
  bool with_pairing_topic = false;
  static const ObjectSchema<TopicParams>& schema() {
    static const auto s =
        ObjectSchema<TopicParams>()
            .required("topic", &TopicParams::topic)
            .fallback("with_pairing_topic", &TopicParams::with_pairing_topic, false);
    return s;
  }
};

// A failed request to the wallet or the relay: SessionRequestError with the reason.
[[noreturn]] void throwSessionError(const std::string& message) {
  throw rpcError(WalletConnectRpcError::SessionRequestError, message, Json(message));
}

// Runs `work`; a request that failed (wc::RequestFailure) becomes SessionRequestError.
Task<void> asSessionError(Task<void> work) {
  std::string failure;
  try {
    co_await work;
  } catch (const wc::RequestFailure& e) {
    failure = e.what();
  }
  if (!failure.empty()) throwSessionError(failure);
}

Task<Json> newConnection(RequestContext& ctx, NewConnectionParams p) {
  std::shared_ptr<wc::Service> wc = co_await walletConnectOf(ctx.node);
  Json optional = p.optional_namespaces.value_or(Json::object());
  std::optional<wc::Service::Connection> made;
  std::string failure;
  try {
    made = co_await wc->newConnection(std::move(p.required_namespaces), std::move(optional));
  } catch (const std::exception& e) {
    failure = e.what();
  }
  if (!made) throwSessionError(failure);
  co_return Json{{"url", made->url}, {"pairing_topic", made->pairing_topic}};
}

Task<Json> getSessions(RequestContext& ctx, NoParams) {
  std::shared_ptr<wc::Service> wc = co_await walletConnectOf(ctx.node);
  co_return Json{{"sessions", wc->sessionInfos()}};
}

Task<Json> getSession(RequestContext& ctx, TopicParams p) {
  std::shared_ptr<wc::Service> wc = co_await walletConnectOf(ctx.node);
  const wc::Session* session = wc->find(p.topic, p.with_pairing_topic);
  co_return Json{{"session", session ? session->rpcInfo() : Json()}};
}

Task<Json> deleteSession(RequestContext& ctx, TopicParams p) {
  std::shared_ptr<wc::Service> wc = co_await walletConnectOf(ctx.node);
  co_await asSessionError(wc->deleteSession(p.topic));
  co_return Json::object();
}

Task<Json> pingSession(RequestContext& ctx, TopicParams p) {
  std::shared_ptr<wc::Service> wc = co_await walletConnectOf(ctx.node);
  co_await asSessionError(wc->ping(p.topic));
  co_return Json{{"result", "Ping successful"}};
}

constexpr const char* kSessionInfo =
    "{ topic: string; metadata: { description: string; url: string; icons: string[]; name: string "
    "}; "
    "pairing_topic: string; namespaces: { [namespace: string]: { chains: string[] | null; "
    "accounts: string[] | null; methods: string[]; events: string[] } }; expiry: number }";

}  // namespace

void registerWalletConnectMethods(MethodTable& t) {
  t.declare("WcSessionInfo", kSessionInfo);
  const std::string info = "WcSessionInfo";
  t.add({"wc_new_connection",
         "{ url: string; pairing_topic: string }",
         MethodAccess::Protected,
         typedHandler(&newConnection),
         {}});
  t.add({"wc_get_sessions",
         "{ sessions: " + info + "[] }",
         MethodAccess::Protected,
         typedHandler(&getSessions),
         {}});
  t.add({"wc_get_session",
         "{ session: " + info + " | null }",
         MethodAccess::Protected,
         typedHandler(&getSession),
         {}});
  t.add({"wc_delete_session", "{}", MethodAccess::Protected, typedHandler(&deleteSession), {}});
  t.add({"wc_ping_session",
         "{ result: \"Ping successful\" }",
         MethodAccess::Protected,
         typedHandler(&pingSession),
         {}});
}

}  // namespace walletd
