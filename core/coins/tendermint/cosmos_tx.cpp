// Cosmos SDK messages, the signed TxRaw and its hash (cosmos_tx.h).
#include "core/coins/tendermint/cosmos_tx.h"

#include <cctype>

#include "core/crypto/hashes.h"
#include "core/encoding/hex.h"
#include "core/encoding/protobuf.h"

namespace walletd {
namespace {

constexpr std::uint64_t kSignModeDirect = 1;

ProtoWriter coin(const CosmosCoin& c) {
  ProtoWriter w;
  w.bytes(1, asBytes(c.denom)).bytes(2, asBytes(c.amount));
  return w;
}

ProtoWriter any(const std::string& type_url, ByteView value) {
  ProtoWriter w;
  w.bytes(1, asBytes(type_url)).bytes(2, value);
  return w;
}

// MsgDelegate and MsgUndelegate share their layout.
Bytes stakingMsg(const std::string& delegator, const std::string& validator,
                 const CosmosCoin& amount) {
  ProtoWriter w;
  w.bytes(1, asBytes(delegator)).bytes(2, asBytes(validator)).message(3, coin(amount));
  return w.data();
}

Bytes authInfo(const CosmosTxPlan& plan, const PublicKey& public_key) {
  ProtoWriter mode_single;
  mode_single.varint(1, kSignModeDirect);
  ProtoWriter mode_info;
  mode_info.message(1, mode_single);
  ProtoWriter signer;
  signer.bytes(1, cosmosPubKeyAny(public_key)).message(2, mode_info).varint(3, plan.sequence);
  ProtoWriter fee;
  fee.message(1, coin(plan.fee)).varint(2, plan.gas_limit);
  ProtoWriter out;
  out.message(1, signer).message(2, fee);
  return out.data();
}

}  // namespace

CosmosMsg msgSend(const std::string& from, const std::string& to, const CosmosCoin& amount) {
  ProtoWriter w;
  w.bytes(1, asBytes(from)).bytes(2, asBytes(to)).message(3, coin(amount));
  return {"/cosmos.bank.v1beta1.MsgSend", w.data()};
}

CosmosMsg msgTransfer(const std::string& channel, const CosmosCoin& token,
                      const std::string& sender, const std::string& receiver,
                      std::uint64_t timeout_timestamp_ns) {
  ProtoWriter w;
  w.bytes(1, asBytes("transfer"))
      .bytes(2, asBytes(channel))
      .message(3, coin(token))
      .bytes(4, asBytes(sender))
      .bytes(5, asBytes(receiver))
      .varint(7, timeout_timestamp_ns);
  return {"/ibc.applications.transfer.v1.MsgTransfer", w.data()};
}

CosmosMsg msgDelegate(const std::string& delegator, const std::string& validator,
                      const CosmosCoin& amount) {
  return {"/cosmos.staking.v1beta1.MsgDelegate", stakingMsg(delegator, validator, amount)};
}

CosmosMsg msgUndelegate(const std::string& delegator, const std::string& validator,
                        const CosmosCoin& amount) {
  return {"/cosmos.staking.v1beta1.MsgUndelegate", stakingMsg(delegator, validator, amount)};
}

CosmosMsg msgWithdrawDelegatorReward(const std::string& delegator, const std::string& validator) {
  ProtoWriter w;
  w.bytes(1, asBytes(delegator)).bytes(2, asBytes(validator));
  return {"/cosmos.distribution.v1beta1.MsgWithdrawDelegatorReward", w.data()};
}

Bytes cosmosPubKeyAny(const PublicKey& key) {
  const ByteArray<33> compressed = key.compressed();
  ProtoWriter pub;
  pub.bytes(1, compressed);
  return any("/cosmos.crypto.secp256k1.PubKey", pub.data()).data();
}

CosmosSignDoc cosmosSignDoc(const CosmosTxPlan& plan, const PublicKey& public_key) {
  ProtoWriter body;
  body.message(1, any(plan.msg.type_url, plan.msg.value))
      .bytes(2, asBytes(plan.memo))
      .varint(3, plan.timeout_height);
  CosmosSignDoc doc;
  doc.body = body.data();
  doc.auth_info = authInfo(plan, public_key);
  ProtoWriter sign_doc;
  sign_doc.bytes(1, doc.body)
      .bytes(2, doc.auth_info)
      .bytes(3, asBytes(plan.chain_id))
      .varint(4, plan.account_number);
  doc.sign_doc = sign_doc.data();
  return doc;
}

SignedCosmosTx assembleCosmosTx(const CosmosSignDoc& doc, ByteView signature) {
  ProtoWriter raw;
  raw.bytes(1, doc.body).bytes(2, doc.auth_info).bytes(3, signature);
  SignedCosmosTx out;
  out.bytes = raw.data();
  out.hash = cosmosTxHash(out.bytes);
  return out;
}

SignedCosmosTx signCosmosTx(const CosmosTxPlan& plan, const PrivateKey& key,
                            const PublicKey& public_key) {
  const CosmosSignDoc doc = cosmosSignDoc(plan, public_key);
  const RecoverableSignature signature = signRecoverable(sha256Bytes(doc.sign_doc), key);
  return assembleCosmosTx(doc, signature.compact);
}

bool isCosmosTxRaw(ByteView bytes) {
  try {
    ProtoReader reader(bytes);
    bool body = false, auth = false, signature = false;
    while (auto field = reader.next()) {
      if (field->wire_type != 2 || field->number > 3) return false;
      body |= field->number == 1;
      auth |= field->number == 2;
      signature |= field->number == 3;
    }
    return body && auth && signature;
  } catch (const ProtoError&) {
    return false;
  }
}

std::string cosmosTxHash(ByteView tx) {
  std::string hex = toHex(sha256Bytes(tx));
  for (char& c : hex) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return hex;
}

}  // namespace walletd
