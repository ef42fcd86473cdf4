// task::init_trezor connects the one Trezor Bridge lists (waiting up to the configured connect
// timeout for one to appear), initializes it, reads its internal public key (which may ask the
// user for the PIN and the passphrase through user_action) and keeps it as the node's hardware
// wallet; trezor_connection_status asks the kept device for its Features.
#include "core/hardware/trezor/trezor_methods.h"

#include "core/async/sleep.h"
#include "core/crypto/hashes.h"
#include "core/encoding/hex.h"
#include "core/hardware/trezor/bridge_transport.h"
#include "core/hardware/trezor/conversation.h"
#include "core/hardware/trezor/hw_errors.h"
#include "core/hardware/trezor/report_transport.h"
#include "core/hardware/trezor/task_interaction.h"
#include "core/hardware/trezor/trezor_context.h"
#include "core/node/node.h"
#include "core/rpc/rpc_task_methods.h"

namespace walletd {
namespace {

using trezor::HwContext;
using trezor::InitHwError;

constexpr std::uint32_t kHardened = 0x80000000U;
constexpr std::uint64_t kConnectPollMs = 1000;

// KDF's HwPubkey: 20 bytes as hex ("0x" accepted).
struct DevicePubkeyField {
  static std::string decode(const Json& v, const std::string& path) {
    if (!v.is_string() || v.get<std::string>().size() < 40)
      throwInvalidParams(path + ": expected a 20-byte hex string");
    std::string text = v.get<std::string>();
    Bytes bytes;
    try {
      bytes = fromHex(text, true);
    } catch (const std::exception&) {
      throwInvalidParams(path + ": invalid hex");
    }
    if (bytes.size() != 20) throwInvalidParams(path + ": expected a 20-byte hex string");
    return toHex(bytes);
  }
  static std::string ts() { return "string"; }
};

// Both methods' params: the device expected, if the caller names one.
struct DevicePubkeyParams {
  std::optional<std::string> device_pubkey;
  static const ObjectSchema<DevicePubkeyParams>& schema() {
    static const auto s = ObjectSchema<DevicePubkeyParams>().optional<DevicePubkeyField>(
        "device_pubkey", &DevicePubkeyParams::device_pubkey);
    return s;
  }
};

HwContext& hwContext(Node& node) {
  auto& slot = node.hardwareSlot();
  if (!slot) slot = std::make_shared<HwContext>();
  return *slot;
}

// How the config's trezor.transport reaches devices: Bridge, or a link of the host's.
std::unique_ptr<trezor::TransportOpener> openerFor(Node& node) {
  const TrezorConfig& config = node.config().trezor;
  if (config.transport == "bridge")
    return std::make_unique<trezor::BridgeOpener>(node.http(), config.bridge_url);
  DeviceLinks* links = node.deviceLinks();
  if (!links || !links->supports(config.transport)) {
    const std::string message = "trezor.transport " + config.transport +
                                " is not available on this host (the daemon has usb and udp, "
                                "the browser webusb, both bridge)";
    throw rpcError(InitHwError::Internal, message, Json(message));
  }
  return std::make_unique<trezor::LinkOpener>(
      *links, DeviceLinkTarget{config.transport, config.udp_address});
}

// Opens the one device the transport finds, waiting (WaitingForTrezorToConnect) while there is
// none.
Task<std::unique_ptr<trezor::Transport>> openDevice(Node& node, RpcTaskHandle& handle) {
  const std::unique_ptr<trezor::TransportOpener> opener = openerFor(node);
  const std::uint64_t timeout_s = node.config().trezor.connect_timeout_s;
  const std::uint64_t deadline = node.clock().monotonicMillis() + timeout_s * 1000;
  for (;;) {
    std::unique_ptr<trezor::Transport> opened;
    bool multiple = false;
    try {
      opened = co_await opener->openOnly();
    } catch (const trezor::DeviceUnavailable&) {
      // none yet: wait for one until the deadline
    } catch (const trezor::MultipleDevices&) {
      multiple = true;
    }
    if (opened) co_return opened;
    if (multiple) throw trezor::foundMultipleDevices();
    if (node.clock().monotonicMillis() >= deadline) {
      const Json waited = {{"secs", timeout_s}, {"nanos", 0}};
      throw rpcError(InitHwError::Timeout, "RPC timed out " + std::to_string(timeout_s) + "s",
                     waited);
    }
    handle.setProgress("WaitingForTrezorToConnect");
    const CancellationToken cancelled = handle.cancellation();
    co_await sleepFor(node.executor(), kConnectPollMs, cancelled);
  }
}

// Initialize: the device's Features (KDF's init answer names the device by them).
Task<trezor::Message> readFeatures(trezor::Transport& transport, trezor::Interaction& interaction,
                                   RpcTaskHandle& handle) {
  handle.setProgress("Initializing");
  trezor::Message init = trezor::initialize(std::nullopt);
  co_return co_await trezor::converse(transport, std::move(init), trezor::MessageType::Features,
                                      interaction);
}

// The hash160 of the internal public key (m/44'/141'/2147483647/0/0), which names the device.
Task<std::string> readDevicePubkey(trezor::Transport& transport, trezor::Interaction& interaction) {
  trezor::GetPublicKey request;
  request.path = {44 | kHardened, 141 | kHardened, 0x7fffffffU, 0, 0};
  request.coin_name = "Komodo";
  trezor::Message get_key = trezor::encode(request);
  trezor::Message key_msg = co_await trezor::converse(transport, std::move(get_key),
                                                      trezor::MessageType::PublicKey, interaction);
  co_return toHex(hash160(trezor::decodePublicKey(key_msg.payload.view()).node.public_key));
}

// Opens and identifies the device; `transport` keeps it for the caller to release on failure.
// Opens and identifies the device; `transport` keeps it for the caller to release on failure.
Task<Json> connect(Node& node, const DevicePubkeyParams& params,
                   std::shared_ptr<RpcTaskHandle> handle,
                   std::shared_ptr<trezor::Transport>& transport) {
  transport = co_await openDevice(node, *handle);
  trezor::TaskInteraction interaction(node.executor(), handle, "FollowHwDeviceInstructions");
  trezor::Message features_msg = co_await readFeatures(*transport, interaction, *handle);
  const trezor::Features features = trezor::decodeFeatures(features_msg.payload.view());
  std::string device_pubkey = co_await readDevicePubkey(*transport, interaction);
  if (params.device_pubkey && *params.device_pubkey != device_pubkey)
    throw trezor::foundUnexpectedDevice();
  handle->throwIfCancelled();
  trezor::DeviceInfo info{features.model, features.label, features.device_id};
  auto connection = std::make_shared<trezor::TrezorConnection>(node.executor(), transport,
                                                               std::move(info), device_pubkey);
  hwContext(node).trezor = connection;
  co_return connection->describe();
}

// (The coroutines here return plain types: one returning a struct of strings made clang 14 emit
// a wasm tail call at -Os, as eth_platform_activator.cpp notes too.)
Task<Json> initTrezor(Node& node, DevicePubkeyParams params,
                      std::shared_ptr<RpcTaskHandle> handle) {
  HwContext& hw = hwContext(node);
  if (hw.initializing) {
    throw rpcError(InitHwError::HwContextInitializingAlready,
                   "Hardware Wallet context is initializing already");
  }
  hw.initializing = true;
  // A new init forgets the device it replaces, as KDF's reset does, and gives its link back (a
  // USB interface stays claimed otherwise): coins activated with it fail as with a device gone.
  std::shared_ptr<trezor::TrezorConnection> replaced = std::move(hw.trezor);
  if (replaced) co_await replaced->transport().release();
  std::shared_ptr<trezor::Transport> transport;
  std::exception_ptr failure;
  Json answer;
  try {
    answer = co_await connect(node, params, handle, transport);
  } catch (...) {
    failure = std::current_exception();
  }
  hwContext(node).initializing = false;
  if (failure && transport) co_await transport->release();  // identification failed
  if (failure) {
    trezor::rethrowHwError(failure, [](const std::string& text) {
      return rpcError(InitHwError::Internal, "Internal: " + text, Json(text));
    });
  }
  co_return answer;
}

void checkInit(RequestContext&, const DevicePubkeyParams&) {}

// Connected when the kept device answers GetFeatures, Unreachable otherwise.
Task<Json> connectionStatus(RequestContext& ctx, DevicePubkeyParams params) {
  std::shared_ptr<HwContext> hw = ctx.node.hardwareSlot();
  std::shared_ptr<trezor::TrezorConnection> device = hw ? hw->trezor : nullptr;
  if (!device)
    throw rpcError(trezor::TrezorStatusError::TrezorNotInitialized, "Trezor is not initialized");
  if (params.device_pubkey && *params.device_pubkey != device->devicePubkey())
    throw rpcError(trezor::TrezorStatusError::FoundUnexpectedDevice,
                   "Found unexpected device. Please re-initialize Hardware wallet");
  auto guard = co_await device->conversationLock().scoped();
  bool connected = false;
  try {
    trezor::Message ask = trezor::emptyMessage(trezor::MessageType::GetFeatures);
    trezor::Message answer = co_await device->transport().call(std::move(ask));
    connected = trezor::isType(answer, trezor::MessageType::Features);
  } catch (const std::exception&) {
    connected = false;
  }
  co_return Json{{"status", connected ? "Connected" : "Unreachable"}};
}

}  // namespace

void registerTrezorMethods(MethodTable& t) {
  addRpcTaskMethods<DevicePubkeyParams>(
      t, "init_trezor",
      "{ type: \"Trezor\"; model: string | null; device_name: string | null; device_id: string | "
      "null; device_pubkey: string }",
      &checkInit, &initTrezor, "Initializing");
  t.add({"trezor_connection_status",
         "{ status: \"Connected\" | \"Unreachable\" }",
         MethodAccess::Protected,
         typedHandler(&connectionStatus),
         {}});
}

}  // namespace walletd
