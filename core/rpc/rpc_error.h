// RpcError: every failure a caller can see. An error family is an enum whose values describe
// themselves (error_type and HTTP status, via describe()); raising one records where, so the
// envelope gets KDF's error_path/error_trace. Errors travel as exceptions inside coroutines and
// are caught in exactly one place, the dispatcher.
#pragma once

#include <exception>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "core/rpc/json.h"
#include "core/rpc/source_location.h"

namespace walletd {

struct ErrorKindInfo {
  std::string_view type;  // error_type on the wire
  int http_status;
};

template <typename E>
concept ErrorKind = std::is_enum_v<E> && requires(E e) {
  { describe(e) } -> std::same_as<ErrorKindInfo>;
};

class RpcError : public std::exception {
 public:
  // Raise errors with rpcError(); the location is explicit here because g++ and clang disagree
  // on the line of a multi-line constructor call (they agree for function calls).
  RpcError(ErrorKindInfo info, std::string message, std::optional<Json> data, SourceLocation where);

  const char* what() const noexcept override { return message_.c_str(); }
  const std::string& type() const { return type_; }
  int httpStatus() const { return http_status_; }
  const std::string& message() const { return message_; }
  const std::optional<Json>& data() const { return data_; }

  // Adds an outer location as the error crosses a layer (KDF's `?` step).
  RpcError& traced(SourceLocation where = SourceLocation::current());
  // "dispatcher.gui_storage": stems outermost first, consecutive duplicates removed.
  std::string path() const;
  // "dispatcher:120] gui_storage:88]": outermost first.
  std::string trace() const;

 private:
  std::string type_;
  int http_status_;
  std::string message_;
  std::optional<Json> data_;
  std::vector<std::pair<std::string, int>> locations_;  // innermost first
};

// Makes the error of `kind`; `data` is error_data, left empty for KDF's unit variants (then the
// envelope has no error_data key). Use as `throw rpcError(...)`.
template <ErrorKind E>
RpcError rpcError(E kind, std::string message, std::optional<Json> data = std::nullopt,
                  SourceLocation where = SourceLocation::current()) {
  return RpcError(describe(kind), std::move(message), std::move(data), where);
}

// Declares an error family once: `enum class Name { ... }` and its describe(), from a list of
// X(Variant, http_status) entries whose names are the wire's error_type, e.g.
//   #define WALLETD_STREAM_ERRORS(X) X(UnknownClient, 400) X(Internal, 500)
//   WALLETD_ERROR_FAMILY(StreamError, WALLETD_STREAM_ERRORS)
#define WALLETD_ERROR_VARIANT_(name, status) name,
#define WALLETD_ERROR_INFO_(name, status) ::walletd::ErrorKindInfo{#name, status},
#define WALLETD_ERROR_FAMILY(Name, LIST)                                             \
  enum class Name { LIST(WALLETD_ERROR_VARIANT_) };                                  \
  inline ::walletd::ErrorKindInfo describe(Name e) {                                 \
    static constexpr ::walletd::ErrorKindInfo kInfo[] = {LIST(WALLETD_ERROR_INFO_)}; \
    return kInfo[static_cast<std::size_t>(e)];                                       \
  }

// Errors any method can raise.
// clang-format off
#define WALLETD_COMMON_ERRORS(X) X(InternalError, 500) X(InvalidRequest, 400)
// clang-format on
WALLETD_ERROR_FAMILY(CommonError, WALLETD_COMMON_ERRORS)

}  // namespace walletd
