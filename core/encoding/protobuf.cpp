// Protobuf wire format (varints and length-delimited fields).
#include "core/encoding/protobuf.h"

namespace walletd {

void ProtoWriter::rawVarint(std::uint64_t value) {
  while (value >= 0x80) {
    out_.push_back(static_cast<std::uint8_t>(value | 0x80));
    value >>= 7;
  }
  out_.push_back(static_cast<std::uint8_t>(value));
}

ProtoWriter& ProtoWriter::varint(std::uint32_t field, std::uint64_t value) {
  return value == 0 ? *this : varintField(field, value);
}

ProtoWriter& ProtoWriter::bytes(std::uint32_t field, ByteView value) {
  return value.empty() ? *this : bytesField(field, value);
}

ProtoWriter& ProtoWriter::varintField(std::uint32_t field, std::uint64_t value) {
  rawVarint(static_cast<std::uint64_t>(field) << 3);
  rawVarint(value);
  return *this;
}

ProtoWriter& ProtoWriter::bytesField(std::uint32_t field, ByteView value) {
  rawVarint((static_cast<std::uint64_t>(field) << 3) | 2);
  rawVarint(value.size());
  out_.insert(out_.end(), value.begin(), value.end());
  return *this;
}

ProtoWriter& ProtoWriter::textField(std::uint32_t field, std::string_view text) {
  const auto* begin = reinterpret_cast<const std::uint8_t*>(text.data());
  return bytesField(field, ByteView(begin, text.size()));
}

std::uint64_t ProtoReader::readVarint() {
  std::uint64_t value = 0;
  for (int shift = 0; shift < 64; shift += 7) {
    if (pos_ >= data_.size()) throw ProtoError("truncated varint");
    const std::uint8_t byte = data_[pos_++];
    value |= static_cast<std::uint64_t>(byte & 0x7f) << shift;
    if ((byte & 0x80) == 0) return value;
  }
  throw ProtoError("varint longer than 10 bytes");
}

std::optional<ProtoField> ProtoReader::next() {
  if (pos_ >= data_.size()) return std::nullopt;
  const std::uint64_t key = readVarint();
  ProtoField field;
  field.number = static_cast<std::uint32_t>(key >> 3);
  field.wire_type = static_cast<int>(key & 7);
  if (field.number == 0 || key >> 3 > 0x1fffffff) throw ProtoError("invalid field number");
  switch (field.wire_type) {
    case 0:
      field.varint = readVarint();
      break;
    case 1:
    case 5: {
      const std::size_t width = field.wire_type == 1 ? 8 : 4;
      if (data_.size() - pos_ < width) throw ProtoError("truncated fixed field");
      field.bytes = data_.subspan(pos_, width);
      pos_ += width;
      break;
    }
    case 2: {
      const std::uint64_t length = readVarint();
      if (length > data_.size() - pos_) throw ProtoError("truncated length-delimited field");
      field.bytes = data_.subspan(pos_, static_cast<std::size_t>(length));
      pos_ += static_cast<std::size_t>(length);
      break;
    }
    default:
      throw ProtoError("unsupported wire type " + std::to_string(field.wire_type));
  }
  return field;
}

std::optional<ByteView> protoBytes(ByteView message, std::uint32_t number) {
  std::optional<ByteView> out;
  ProtoReader reader(message);
  while (auto f = reader.next())
    if (f->number == number && f->wire_type == 2) out = f->bytes;
  return out;
}

std::vector<ByteView> protoRepeated(ByteView message, std::uint32_t number) {
  std::vector<ByteView> out;
  ProtoReader reader(message);
  while (auto f = reader.next())
    if (f->number == number && f->wire_type == 2) out.push_back(f->bytes);
  return out;
}

std::uint64_t protoVarint(ByteView message, std::uint32_t number) {
  std::uint64_t out = 0;
  ProtoReader reader(message);
  while (auto f = reader.next())
    if (f->number == number && f->wire_type == 0) out = f->varint;
  return out;
}

std::string protoText(std::optional<ByteView> bytes) {
  if (!bytes) return "";
  return {reinterpret_cast<const char*>(bytes->data()), bytes->size()};
}

}  // namespace walletd
