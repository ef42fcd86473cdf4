// walletd: the native daemon. Loads the configuration, opens file storage, runs the core on its
// own thread, serves HTTP RPC + SSE, and stops cleanly on SIGINT/SIGTERM or the `stop` method.
#include <pthread.h>
#include <signal.h>

#include <cstdio>
#include <iostream>
#include <thread>

#include "core/node/method_list.h"
#include "core/node/node.h"
#include "host-native/config_loader.h"
#include "host-native/core_bridge.h"
#include "host-native/file_storage.h"
#include "host-native/http_server.h"
#include "host-native/native_http_client.h"
#include "host-native/native_stream_connector.h"
#include "host-native/openssl_sha512.h"
#include "host-native/os_platform.h"
#include "host-native/thread_compute_pool.h"
#include "host-native/thread_executor.h"
#include "host-native/udp_device_links.h"
#include "host-native/usb_device_links.h"

using namespace walletd;

namespace {

void printHelp() {
  std::cout
      << "walletd " << buildInfo().version << " - non-custodial wallet node (KDF mmrpc 2.0)\n\n"
      << "Usage: walletd [--config MM2.json] [--coins coins.json] [--rpcport N] [--demo] [--help] "
         "[--version]\n"
      << "  --config FILE  configuration (default: $MM_CONF_PATH or ./MM2.json)\n"
      << "  --coins FILE   KDF coins file (default: $MM_COINS_PATH or ./coins)\n"
      << "  --rpcport N    listen on port N (0 = any free port), overriding the configuration\n"
      << "  --demo         run on the embedded demo configuration and coins\n\n"
      << "Methods (POST JSON to http://rpcip:rpcport/):\n";
  const MethodTable table = buildMethodTable(builtInFamilies());
  for (const MethodSpec* m : table.all()) {
    std::cout << "  " << m->name << (m->access == MethodAccess::Public ? " (public)" : "")
              << (!m->handler ? " [legacy form only]"
                  : m->legacy ? " [legacy form too]"
                              : "")
              << "\n      params: " << m->params_doc << "\n      result: " << m->result_doc << "\n";
  }
  std::cout << "\nTypes (TypeScript):\n";
  for (const auto& [name, definition] : table.types())
    std::cout << "  " << name << " = " << definition << "\n";
}

int run(const LaunchOptions& options) {
  // OpenSSL's SHA-512 for PBKDF2 (BIP39 seeds, the wallet file's key) before any key is derived;
  // the portable compression stays when it does not match.
  if (!installOpensslSha512())
    std::cerr << "walletd: warning: OpenSSL's SHA-512 differs; PBKDF2 uses walletd's" << std::endl;
  LoadedConfig loaded = loadConfig(options);
  const NodeConfig config = loaded.node;
  // A malformed coins-file entry does not stop the start (KDF starts too): one line each.
  for (const std::string& warning : loaded.coins.warnings())
    std::cerr << "walletd: warning: coins file: " << warning << std::endl;
  // KDF compares an unset password against "", which opens every protected method (key export
  // included) to any local process or page that reaches the port. walletd refuses to start.
  if (!config.rpc_password) {
    throw ConfigError(
        "rpc_password must be set (walletd does not serve protected methods "
        "without one)");
  }

  // A peer that closes a socket must not kill the daemon: OpenSSL writes with write(), which
  // raises SIGPIPE; every write checks its result instead.
  ::signal(SIGPIPE, SIG_IGN);

  // Signals are taken by one waiting thread, never by the worker threads.
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  sigaddset(&signals, SIGUSR1);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);

  ThreadExecutor executor;
  FileStorage storage(config.dbdir, executor);  // its writer thread starts with signals blocked
  OsClock clock;
  OsRandom random;
  SseSink sink;
  OsFiles files;
  std::thread core_thread([&] { executor.run(); });

  pthread_t main_thread = pthread_self();
  NativeHttpClient http(executor);
  NativeStreamConnector streams(executor);
  ThreadComputePool compute;
  UdpDeviceLinks udp_links(executor);
#ifdef WALLETD_HAS_LIBUSB
  UsbDeviceLinks usb_links(executor);
  HostDeviceLinks device_links(udp_links, &usb_links);
#else
  HostDeviceLinks device_links(udp_links, nullptr);
#endif
  Node node(config, std::move(loaded.coins),
            Platform{executor, storage, clock, random, sink, http, nullptr, &files, &streams,
                     nullptr, &compute, &device_links},
            [main_thread] { pthread_kill(main_thread, SIGUSR1); });
  // Worker threads write into the coroutines that wait for them (HTTP answers, connections,
  // durable writes): they finish while the node, which owns those coroutines, is still whole.
  auto stop_core = [&] {
    executor.stop();
    core_thread.join();
    http.shutdown();
    streams.shutdown();
    storage.shutdown();
  };
  try {
    runOnCore<bool>(executor, [&node]() -> Task<bool> {
      co_await node.start();
      co_return true;
    });
  } catch (...) {
    stop_core();
    throw;
  }

  HttpServer server(node, executor, sink);
  int port = 0;
  try {
    port = server.bind(config.rpcip, config.rpcport);
  } catch (...) {
    stop_core();
    throw;
  }
  server.start();
  std::cout << "walletd " << buildInfo().version << " listening on http://" << config.rpcip << ":"
            << port << " (" << loaded.described_source << ", dbdir " << config.dbdir << ")"
            << std::endl;
  if (options.demo) {
    std::cout << "demo: try  curl -s http://127.0.0.1:" << port
              << " -d '{\"mmrpc\":\"2.0\",\"method\":\"gui_storage::get_accounts\",\"userpass\":\""
              << config.rpc_password.value_or("") << "\"}'" << std::endl;
  }

  int signal_number = 0;
  sigwait(&signals, &signal_number);
  std::cout << "walletd: stopping ("
            << (signal_number == SIGUSR1 ? "stop method" : strsignal(signal_number)) << ")"
            << std::endl;
  // The `stop` method asked for this while its answer was still on the core's queue: let the
  // core finish what it has queued, so the server has the answer to send before it closes.
  if (signal_number == SIGUSR1) {
    runOnCore<bool>(executor, []() -> Task<bool> { co_return true; });
  }
  server.stop();
  stop_core();
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    LaunchOptions options = parseArguments(std::vector<std::string>(argv + 1, argv + argc));
    if (options.methods_json) {
      std::cout << buildMethodTable(builtInFamilies()).describe().dump(2) << "\n";
      return 0;
    }
    if (options.help) {
      printHelp();
      return 0;
    }
    if (options.version) {
      std::cout << buildInfo().version << " " << buildInfo().datetime << "\n";
      return 0;
    }
    return run(options);
  } catch (const std::exception& e) {
    std::cerr << "walletd: " << e.what() << std::endl;
    return 1;
  }
}
