// ProtoWriter's proto2 methods: a set field is written even when zero or empty, repeated scalars
// unpacked; checked against trezorlib's encoding of GetPublicKey (wallet-policies notes, §15).
#include <catch2/catch.hpp>

#include "core/encoding/hex.h"
#include "core/encoding/protobuf.h"

using namespace walletd;

TEST_CASE("proto2 fields are written whatever their value", "[protobuf]") {
  ProtoWriter w;
  w.varintField(1, 0).bytesField(2, {}).textField(3, "").varint(4, 0).bytes(5, {});
  CHECK(toHex(w.data()) ==
        "08001200"
        "1a00");
}

TEST_CASE("GetPublicKey as trezorlib encodes it", "[protobuf]") {
  ProtoWriter w;
  for (std::uint32_t index : {0x8000002cU, 0x8000008dU, 0x80000000U}) w.varintField(1, index);
  w.textField(2, "secp256k1").varintField(3, 0).textField(4, "Komodo").varintField(6, 1);
  CHECK(toHex(w.data()) ==
        "08ac80808008088d818080080880808080081209736563703235366b31180022064b6f6d6f646f3001");
}
