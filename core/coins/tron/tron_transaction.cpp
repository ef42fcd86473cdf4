// TRON transaction encoding, in ascending field order with proto3 defaults omitted.
#include "core/coins/tron/tron_transaction.h"

#include "core/encoding/protobuf.h"
#include "core/crypto/hashes.h"
#include "core/encoding/tron_address.h"

namespace walletd {
namespace {

constexpr char kTransferUrl[] = "type.googleapis.com/protocol.TransferContract";
constexpr char kTriggerUrl[] = "type.googleapis.com/protocol.TriggerSmartContract";

ByteArray<21> address21(const EthAddress& account) {
  ByteArray<21> out{};
  out[0] = kTronAddressPrefix;
  std::copy(account.begin(), account.end(), out.begin() + 1);
  return out;
}

// Transaction.Contract {type, parameter: Any {type_url, value}}.
ProtoWriter contractMessage(const std::variant<TronTransfer, TronTrigger>& contract) {
  ProtoWriter value;
  std::uint64_t type = 0;
  const char* url = nullptr;
  if (const auto* t = std::get_if<TronTransfer>(&contract)) {
    type = 1;
    url = kTransferUrl;
    value.bytes(1, address21(t->owner)).bytes(2, address21(t->to)).varint(3, t->amount);
  } else {
    const auto& c = std::get<TronTrigger>(contract);
    type = 31;
    url = kTriggerUrl;
    value.bytes(1, address21(c.owner))
        .bytes(2, address21(c.contract))
        .varint(3, c.call_value)
        .bytes(4, c.data);
  }
  ProtoWriter any;
  any.bytes(1, asBytes(url)).message(2, value);
  ProtoWriter out;
  out.varint(1, type).message(2, any);
  return out;
}

}  // namespace

TronTransaction TronTransaction::onBlock(const TronBlockRef& ref,
                                         std::uint64_t expiration_seconds) {
  TronTransaction tx;
  tx.ref = ref;
  tx.timestamp_ms = ref.timestamp_ms;
  tx.expiration_ms = ref.timestamp_ms + expiration_seconds * 1000;
  return tx;
}

Bytes TronTransaction::rawData() const {
  const std::uint8_t block_bytes[2] = {static_cast<std::uint8_t>(ref.number >> 8),
                                       static_cast<std::uint8_t>(ref.number)};
  ProtoWriter raw;
  raw.bytes(1, ByteView(block_bytes, 2))
      .bytes(4, ByteView(ref.id.data() + 8, 8))
      .varint(8, expiration_ms)
      .message(11, contractMessage(contract))
      .varint(14, timestamp_ms)
      .varint(18, fee_limit);
  return raw.data();
}

TronTransaction::Signed TronTransaction::sign(const PrivateKey& key) const {
  Signed out;
  out.raw_data = rawData();
  out.txid = sha256Bytes(out.raw_data);
  const RecoverableSignature sig = signRecoverable(out.txid, key);
  std::copy(sig.compact.begin(), sig.compact.end(), out.signature.begin());
  out.signature[64] = static_cast<std::uint8_t>(27 + sig.recovery_id);
  ProtoWriter tx;
  tx.bytes(1, out.raw_data).bytes(2, out.signature);
  out.bytes = tx.data();
  return out;
}

TronSignedParts parseTronTransaction(ByteView bytes) {
  TronSignedParts parts;
  bool has_raw = false;
  ProtoReader reader(bytes);
  while (auto field = reader.next()) {
    if (field->number == 1 && field->wire_type == 2) {
      parts.raw_data.assign(field->bytes.begin(), field->bytes.end());
      has_raw = true;
    } else if (field->number == 2 && field->wire_type == 2) {
      ++parts.signatures;
    }
  }
  if (!has_raw) throw ProtoError("no raw_data");
  ProtoReader raw(parts.raw_data);  // raw_data must itself be a well-formed message
  while (raw.next()) {
  }
  parts.txid = sha256Bytes(parts.raw_data);
  return parts;
}

}  // namespace walletd
