// The Trezor messages walletd exchanges, by the firmware's proto2 schema (messages*.proto): type
// ids, requests walletd encodes and answers it decodes. Only the fields walletd uses are read;
// unknown fields are skipped, as protobuf does.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/crypto/bytes.h"
#include "core/hardware/trezor/wire_v1.h"

namespace walletd::trezor {

enum class MessageType : std::uint16_t {
  Initialize = 0,
  Ping = 1,
  Success = 2,
  Failure = 3,
  GetPublicKey = 11,
  PublicKey = 12,
  SignTx = 15,
  Features = 17,
  PinMatrixRequest = 18,
  PinMatrixAck = 19,
  Cancel = 20,
  TxRequest = 21,
  TxAck = 22,
  ButtonRequest = 26,
  ButtonAck = 27,
  GetAddress = 29,
  Address = 30,
  PassphraseRequest = 41,
  PassphraseAck = 42,
  GetFeatures = 55,
  EthereumGetAddress = 56,
  EthereumAddress = 57,
  EthereumSignTx = 58,
  EthereumTxRequest = 59,
  EthereumTxAck = 60,
  EthereumGetPublicKey = 450,
  EthereumPublicKey = 451,
  EthereumSignTxEIP1559 = 452,
};

constexpr bool isType(const Message& m, MessageType t) {
  return m.type == static_cast<std::uint16_t>(t);
}

// Requests without fields, and those with a secret or a session.
Message initialize(const std::optional<Bytes>& session_id);
Message emptyMessage(MessageType type);  // GetFeatures, ButtonAck, Cancel
Message pinMatrixAck(const SecretBytes& positions);
Message passphraseAck(const SecretBytes& passphrase);

// Bitcoin-family script types (InputScriptType).
enum class ScriptType : std::uint32_t { SpendAddress = 0, SpendWitness = 3, SpendP2shWitness = 4 };

struct GetPublicKey {
  std::vector<std::uint32_t> path;
  std::string curve = "secp256k1";
  bool show_display = false;
  std::string coin_name = "Bitcoin";
  std::optional<ScriptType> script_type;  // unset: the device's default (SPENDADDRESS)
  bool ignore_xpub_magic = false;
};
Message encode(const GetPublicKey& request);

struct GetAddress {
  std::vector<std::uint32_t> path;
  std::string coin_name;
  bool show_display = false;
  ScriptType script_type = ScriptType::SpendAddress;
};
Message encode(const GetAddress& request);

// EthereumGetPublicKey (answered by EthereumPublicKey, which decodePublicKey reads).
struct EthereumGetPublicKey {
  std::vector<std::uint32_t> path;
  bool show_display = false;
};
Message encode(const EthereumGetPublicKey& request);

struct EthereumGetAddress {
  std::vector<std::uint32_t> path;
  bool show_display = false;
};
Message encode(const EthereumGetAddress& request);

// An Ethereum transaction for EthereumSignTx (legacy, EIP-155) or EthereumSignTxEIP1559. The
// integers are big-endian without leading zeros (zero: empty), as the firmware takes them.
struct EthereumSignRequest {
  std::vector<std::uint32_t> path;
  bool eip1559 = false;
  Bytes nonce, gas_price, max_fee, max_priority_fee, gas_limit, value;
  std::string to;  // "0x…", empty for a contract creation
  Bytes data;
  std::uint64_t chain_id = 1;
};
constexpr std::size_t kEthereumChunk = 1024;  // data bytes per message
// The signing request with the first kEthereumChunk bytes of the data.
Message encode(const EthereumSignRequest& request);
Message ethereumTxAck(ByteView chunk);

// Answers.
struct Features {
  std::string vendor;
  std::uint32_t major = 0, minor = 0, patch = 0;
  std::string device_id;
  bool pin_protection = false;
  bool passphrase_protection = false;
  std::string label;
  bool initialized = false;
  std::optional<bool> unlocked;
  std::string model;
  Bytes session_id;
};
Features decodeFeatures(ByteView payload);

struct HdNode {
  std::uint32_t depth = 0, parent_fingerprint = 0, child_num = 0;
  Bytes chain_code, public_key;
};
struct PublicKey {
  HdNode node;
  std::string xpub;
};
PublicKey decodePublicKey(ByteView payload);

// Address and EthereumAddress: the address text (EthereumAddress's field 2).
std::string decodeAddress(const Message& message);

struct Failure {
  std::uint32_t code = 0;  // FailureType: 1 UnexpectedMessage … 99 FirmwareError
  std::string message;
};
Failure decodeFailure(ByteView payload);

// EthereumTxRequest: more data wanted (data_length), or the signature.
struct EthereumTxRequest {
  std::optional<std::uint32_t> data_length;
  std::optional<std::uint32_t> v;
  Bytes r, s;
};
EthereumTxRequest decodeEthereumTxRequest(ByteView payload);

std::uint32_t decodeButtonRequestCode(ByteView payload);
std::uint32_t decodePinMatrixRequestType(ByteView payload);

}  // namespace walletd::trezor
