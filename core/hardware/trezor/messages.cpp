// Trezor message encoders and decoders (proto2 field numbers from the firmware's schema; the
// wallet-policies notes list them, and trezorlib's encodings are the unit tests' vectors).
#include "core/hardware/trezor/messages.h"

#include <algorithm>

#include "core/encoding/protobuf.h"

namespace walletd::trezor {
namespace {

Message make(MessageType type, const ProtoWriter& w) {
  return Message{static_cast<std::uint16_t>(type), SecretBytes(w.data())};
}

std::string text(ByteView bytes) {
  return {bytes.begin(), bytes.end()};
}

void writePath(ProtoWriter& w, std::uint32_t field, const std::vector<std::uint32_t>& path) {
  for (std::uint32_t index : path) w.varintField(field, index);
}

}  // namespace

Message initialize(const std::optional<Bytes>& session_id) {
  ProtoWriter w;
  if (session_id) w.bytesField(1, *session_id);
  return make(MessageType::Initialize, w);
}

Message emptyMessage(MessageType type) {
  return make(type, ProtoWriter());
}

Message pinMatrixAck(const SecretBytes& positions) {
  ProtoWriter w;
  w.bytesField(1, positions.view());
  return make(MessageType::PinMatrixAck, w);
}

Message passphraseAck(const SecretBytes& passphrase) {
  ProtoWriter w;
  w.bytesField(1, passphrase.view());
  return make(MessageType::PassphraseAck, w);
}

Message encode(const GetPublicKey& r) {
  ProtoWriter w;
  writePath(w, 1, r.path);
  w.textField(2, r.curve).varintField(3, r.show_display ? 1 : 0).textField(4, r.coin_name);
  if (r.script_type) w.varintField(5, static_cast<std::uint32_t>(*r.script_type));
  w.varintField(6, r.ignore_xpub_magic ? 1 : 0);
  return make(MessageType::GetPublicKey, w);
}

Message encode(const GetAddress& r) {
  ProtoWriter w;
  writePath(w, 1, r.path);
  w.textField(2, r.coin_name).varintField(3, r.show_display ? 1 : 0);
  w.varintField(5, static_cast<std::uint32_t>(r.script_type));
  return make(MessageType::GetAddress, w);
}

Message encode(const EthereumGetPublicKey& r) {
  ProtoWriter w;
  writePath(w, 1, r.path);
  w.varintField(2, r.show_display ? 1 : 0);
  return make(MessageType::EthereumGetPublicKey, w);
}

Message encode(const EthereumGetAddress& r) {
  ProtoWriter w;
  writePath(w, 1, r.path);
  w.varintField(2, r.show_display ? 1 : 0);
  return make(MessageType::EthereumGetAddress, w);
}

// Field numbers follow each message's declaration order in the firmware's schema, which is the
// order trezorlib writes (legacy: `to` (11) after gas_limit, before value).
Message encode(const EthereumSignRequest& r) {
  ProtoWriter w;
  writePath(w, 1, r.path);
  const ByteView first = ByteView(r.data).first(std::min(r.data.size(), kEthereumChunk));
  if (!r.eip1559) {
    w.bytesField(2, r.nonce).bytesField(3, r.gas_price).bytesField(4, r.gas_limit);
    if (!r.to.empty()) w.textField(11, r.to);
    w.bytesField(6, r.value);
    if (!r.data.empty()) w.bytesField(7, first).varintField(8, r.data.size());
    w.varintField(9, r.chain_id);
    return make(MessageType::EthereumSignTx, w);
  }
  w.bytesField(2, r.nonce).bytesField(3, r.max_fee).bytesField(4, r.max_priority_fee);
  w.bytesField(5, r.gas_limit).textField(6, r.to).bytesField(7, r.value);
  w.bytesField(8, first).varintField(9, r.data.size()).varintField(10, r.chain_id);
  return make(MessageType::EthereumSignTxEIP1559, w);
}

Message ethereumTxAck(ByteView chunk) {
  ProtoWriter w;
  w.bytesField(1, chunk);
  return make(MessageType::EthereumTxAck, w);
}

EthereumTxRequest decodeEthereumTxRequest(ByteView payload) {
  EthereumTxRequest out;
  ProtoReader r(payload);
  while (auto field = r.next()) {
    if (field->number == 1) out.data_length = static_cast<std::uint32_t>(field->varint);
    if (field->number == 2) out.v = static_cast<std::uint32_t>(field->varint);
    if (field->number == 3) out.r.assign(field->bytes.begin(), field->bytes.end());
    if (field->number == 4) out.s.assign(field->bytes.begin(), field->bytes.end());
  }
  return out;
}

Features decodeFeatures(ByteView payload) {
  Features f;
  ProtoReader r(payload);
  while (auto field = r.next()) {
    const auto v = field->varint;
    switch (field->number) {
      case 1:
        f.vendor = text(field->bytes);
        break;
      case 2:
        f.major = static_cast<std::uint32_t>(v);
        break;
      case 3:
        f.minor = static_cast<std::uint32_t>(v);
        break;
      case 4:
        f.patch = static_cast<std::uint32_t>(v);
        break;
      case 6:
        f.device_id = text(field->bytes);
        break;
      case 7:
        f.pin_protection = v != 0;
        break;
      case 8:
        f.passphrase_protection = v != 0;
        break;
      case 10:
        f.label = text(field->bytes);
        break;
      case 12:
        f.initialized = v != 0;
        break;
      case 16:
        f.unlocked = v != 0;
        break;
      case 21:
        f.model = text(field->bytes);
        break;
      case 35:
        f.session_id.assign(field->bytes.begin(), field->bytes.end());
        break;
      default:
        break;
    }
  }
  return f;
}

PublicKey decodePublicKey(ByteView payload) {
  PublicKey key;
  const auto node = protoBytes(payload, 1);
  if (!node) throw WireError("PublicKey without its node");
  key.node.depth = static_cast<std::uint32_t>(protoVarint(*node, 1));
  key.node.parent_fingerprint = static_cast<std::uint32_t>(protoVarint(*node, 2));
  key.node.child_num = static_cast<std::uint32_t>(protoVarint(*node, 3));
  const auto chain = protoBytes(*node, 4);
  const auto pub = protoBytes(*node, 6);
  if (!chain || chain->size() != 32 || !pub || pub->size() != 33)
    throw WireError("PublicKey with a malformed node");
  key.node.chain_code.assign(chain->begin(), chain->end());
  key.node.public_key.assign(pub->begin(), pub->end());
  key.xpub = protoText(protoBytes(payload, 2));
  return key;
}

std::string decodeAddress(const Message& m) {
  const std::uint32_t field = isType(m, MessageType::EthereumAddress) ? 2 : 1;
  const auto address = protoBytes(m.payload.view(), field);
  if (!address || address->empty()) throw WireError("an address answer without the address");
  return text(*address);
}

Failure decodeFailure(ByteView payload) {
  return Failure{static_cast<std::uint32_t>(protoVarint(payload, 1)),
                 protoText(protoBytes(payload, 2))};
}

std::uint32_t decodeButtonRequestCode(ByteView payload) {
  return static_cast<std::uint32_t>(protoVarint(payload, 1));
}

std::uint32_t decodePinMatrixRequestType(ByteView payload) {
  return static_cast<std::uint32_t>(protoVarint(payload, 1));
}

}  // namespace walletd::trezor
