// Bitcoin-family message encoders and the TxRequest decoder (field numbers in the header and in
// the wallet-policies notes; trezorlib's encodings are the unit tests' vectors).
#include "core/hardware/trezor/bitcoin_messages.h"

#include "core/encoding/protobuf.h"

namespace walletd::trezor {
namespace {

Message make(MessageType type, const ProtoWriter& w) {
  return Message{static_cast<std::uint16_t>(type), SecretBytes(w.data())};
}

// TxAck{tx: {field: item}}: every TxAck form.
Message txAck(std::uint32_t field, const ProtoWriter& item) {
  ProtoWriter tx;
  tx.messageField(field, item);
  ProtoWriter w;
  w.messageField(1, tx);
  return make(MessageType::TxAck, w);
}

}  // namespace

Message encodeSignTx(const BitcoinSignRequest& r) {
  ProtoWriter w;
  w.varintField(1, r.outputs.size()).varintField(2, r.inputs.size()).textField(3, r.coin_name);
  w.varintField(4, r.version).varintField(5, r.lock_time);
  return make(MessageType::SignTx, w);
}

TxRequest decodeTxRequest(ByteView payload) {
  TxRequest out;
  out.type = static_cast<std::uint32_t>(protoVarint(payload, 1));
  if (const auto details = protoBytes(payload, 2)) {
    out.index = static_cast<std::uint32_t>(protoVarint(*details, 1));
    if (const auto hash = protoBytes(*details, 2)) out.tx_hash = Bytes(hash->begin(), hash->end());
  }
  if (const auto serialized = protoBytes(payload, 3)) {
    ProtoReader r(*serialized);
    while (auto field = r.next()) {
      if (field->number == 1) out.signature_index = static_cast<std::uint32_t>(field->varint);
      if (field->number == 2) out.signature.assign(field->bytes.begin(), field->bytes.end());
      if (field->number == 3) out.serialized_tx.assign(field->bytes.begin(), field->bytes.end());
    }
  }
  return out;
}

Message txAckInput(const BitcoinInput& in) {
  ProtoWriter w;
  for (std::uint32_t index : in.path) w.varintField(1, index);
  w.bytesField(2, in.prev_hash).varintField(3, in.prev_index).varintField(5, in.sequence);
  w.varintField(6, static_cast<std::uint32_t>(in.script_type)).varintField(8, in.amount);
  return txAck(2, w);
}

Message txAckOutput(const BitcoinOutput& out) {
  ProtoWriter w;
  if (out.change_path.empty()) {
    w.textField(1, out.address).varintField(3, out.amount);
    w.varintField(4, static_cast<std::uint32_t>(OutputScriptType::PayToAddress));
  } else {
    for (std::uint32_t index : out.change_path) w.varintField(2, index);
    w.varintField(3, out.amount).varintField(4, static_cast<std::uint32_t>(out.change_type));
  }
  return txAck(5, w);
}

Message txAckPrevMeta(const PrevTx& tx) {
  ProtoWriter meta;
  meta.varintField(1, tx.version).varintField(4, tx.lock_time);
  meta.varintField(6, tx.inputs.size()).varintField(7, tx.outputs.size());
  ProtoWriter w;
  w.messageField(1, meta);
  return make(MessageType::TxAck, w);
}

Message txAckPrevInput(const PrevInput& in) {
  ProtoWriter w;
  w.bytesField(2, in.prev_hash).varintField(3, in.prev_index).bytesField(4, in.script_sig);
  w.varintField(5, in.sequence);
  return txAck(2, w);
}

Message txAckPrevOutput(const PrevOutput& out) {
  ProtoWriter w;
  w.varintField(1, out.amount).bytesField(2, out.script_pubkey);
  return txAck(3, w);
}

}  // namespace walletd::trezor
