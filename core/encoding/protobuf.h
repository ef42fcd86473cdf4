// The protobuf wire-format pieces TRON and Cosmos transactions need: a writer that emits fields
// in the order it is called (callers call in ascending field order and skip proto3 defaults,
// which is the canonical form java-tron re-serialises before hashing and Cosmos' ADR-027 signs),
// and a reader that walks one message's fields without a schema. proto2 messages (Trezor's)
// write their set fields whatever the value with the *Field methods.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/crypto/bytes.h"

namespace walletd {

class ProtoWriter {
 public:
  // Varint field (wire type 0); zero is a proto3 default and is omitted.
  ProtoWriter& varint(std::uint32_t field, std::uint64_t value);
  // Length-delimited field (wire type 2); empty is a proto3 default and is omitted.
  ProtoWriter& bytes(std::uint32_t field, ByteView value);
  ProtoWriter& message(std::uint32_t field, const ProtoWriter& nested) {
    return bytes(field, nested.data());
  }
  // proto2: a field that is set is written, zero and empty included (repeated scalars unpacked:
  // one call per element).
  ProtoWriter& varintField(std::uint32_t field, std::uint64_t value);
  ProtoWriter& bytesField(std::uint32_t field, ByteView value);
  ProtoWriter& textField(std::uint32_t field, std::string_view text);
  ProtoWriter& messageField(std::uint32_t field, const ProtoWriter& nested) {
    return bytesField(field, nested.data());
  }
  const Bytes& data() const { return out_; }

 private:
  void rawVarint(std::uint64_t value);
  Bytes out_;
};

struct ProtoError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// One field of a message: its number and wire type, with the varint value or the bytes.
struct ProtoField {
  std::uint32_t number = 0;
  int wire_type = 0;  // 0 varint, 1 fixed64, 2 length-delimited, 5 fixed32
  std::uint64_t varint = 0;
  ByteView bytes;
};

// Walks a message; throws ProtoError on a truncated field or a wire type other than 0, 1, 2, 5.
class ProtoReader {
 public:
  explicit ProtoReader(ByteView message) : data_(message) {}
  std::optional<ProtoField> next();

 private:
  std::uint64_t readVarint();
  ByteView data_;
  std::size_t pos_ = 0;
};

// Field lookups by number over a message (ProtoReader underneath; ProtoError on a damaged one).
// The last length-delimited field `number` (protobuf merges a repeated scalar), if present.
std::optional<ByteView> protoBytes(ByteView message, std::uint32_t number);
// Every length-delimited field `number`, in order (a repeated field).
std::vector<ByteView> protoRepeated(ByteView message, std::uint32_t number);
// The last varint field `number`; 0 (proto3's default) when absent.
std::uint64_t protoVarint(ByteView message, std::uint32_t number);
// A string field's bytes as text; "" for an absent field.
std::string protoText(std::optional<ByteView> bytes);

}  // namespace walletd
