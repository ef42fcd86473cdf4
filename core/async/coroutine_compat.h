// One name for the coroutine library on both toolchains: g++ 12 ships <coroutine>, Emscripten
// 3.1.6 (libc++ 13) only <experimental/coroutine>. Core code says walletd::coro::handle<...>.
#pragma once

#if __has_include(<coroutine>)
#include <coroutine>
namespace walletd::coro {
template <typename P = void>
using handle = std::coroutine_handle<P>;
using suspend_always = std::suspend_always;
using suspend_never = std::suspend_never;
}  // namespace walletd::coro
#else
#include <experimental/coroutine>
namespace walletd::coro {
template <typename P = void>
using handle = std::experimental::coroutine_handle<P>;
using suspend_always = std::experimental::suspend_always;
using suspend_never = std::experimental::suspend_never;
}  // namespace walletd::coro
#endif
