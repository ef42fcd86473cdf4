// ZHTLC withdraw planning without a prover: KDF's memo rules (interpret_memo_string), note
// selection (ascending by value, locked and spent notes skipped, until amount + fee), `max`,
// KDF's refusals and their error data, and the anchor and paths the builder will prove against.
#include <catch2/catch.hpp>

#include "core/coins/zhtlc/sapling_encoding.h"
#include "core/coins/zhtlc/spend/zhtlc_memo.h"
#include "core/coins/zhtlc/spend/zhtlc_withdraw_plan.h"
#include "core/rpc/rpc_error.h"

using namespace walletd;

namespace {

const std::string kPayee =
    "zs1lgdrlg6kv6lmf0n9ps2uhj6sc8rdn30vx44qzu7hqa5ms4a4fwytlr8yuwrqyvhk6l6r5fevw50";

// A wallet of notes to the default address of a fixed key, each with a witness kept up to date
// as later leaves complete its path.
struct Wallet {
  sapling::ExtendedSpendingKey key = sapling::ExtendedSpendingKey::master(Bytes(32, 7));
  sapling::ExtendedFullViewingKey fvk = key.fullViewingKey();
  ByteArray<32> ivk = fvk.fvk.ivk();
  sapling::PaymentAddress own = fvk.defaultAddress().second;
  std::string address = encodeSaplingAddress("zs", own);
  WalletState state;
  LockedNotes locked;

  void append(const ByteArray<32>& leaf) {
    state.frontier.append(leaf, [&](int level, std::uint64_t index, const sapling::TreeNode& n) {
      for (WalletNote& note : state.notes) note.witness->observe(level, index, n);
    });
  }
  ByteArray<32> leaf(std::uint8_t tag) {
    ByteArray<32> b{};
    b[0] = tag;
    return b;
  }
  void note(std::uint64_t value, std::uint8_t tag) {
    append(leaf(0xa0));  // someone else's output first
    WalletNote n;
    n.value = value;
    n.diversifier = own.diversifier;
    n.cmu = leaf(tag);
    n.nf = leaf(tag);
    n.witness = sapling::NoteWitness::forNextLeaf(state.frontier);
    state.notes.push_back(n);
    append(n.cmu);
  }
  std::uint64_t tip = 0;
  ZhtlcSpendView view() const { return {"ARRR", address, state, locked, ivk, 1000, own, tip}; }
};

WithdrawRequest request(const std::string& amount, std::optional<std::string> memo = {}) {
  WithdrawRequest r;
  r.coin = "ARRR";
  r.to = kPayee;
  r.amount = *Decimal::fromText(amount);
  r.memo = std::move(memo);
  return r;
}

// The refusal's error type and data.
std::pair<std::string, Json> refusal(const Wallet& w, const WithdrawRequest& r) {
  try {
    planZhtlcWithdraw(w.view(), r);
  } catch (const RpcError& e) {
    return {e.type(), e.data().value_or(Json())};
  }
  return {"", Json()};
}

}  // namespace

TEST_CASE("ZHTLC memo: KDF's interpret_memo_string") {
  CHECK(zhtlcMemo(std::nullopt)[0] == 0xf6);
  const auto text = zhtlcMemo(std::string("hello"));
  CHECK(std::string(text.begin(), text.begin() + 5) == "hello");
  CHECK(text[5] == 0);
  const auto hex = zhtlcMemo(std::string("0XAbCd"));
  CHECK((hex[0] == 0xab && hex[1] == 0xcd && hex[2] == 0));
  const auto not_hex = zhtlcMemo(std::string("0xzz"));  // not hex: the text itself
  CHECK(std::string(not_hex.begin(), not_hex.begin() + 4) == "0xzz");
  CHECK(zhtlcMemo(std::string(""))[0] == 0);  // an empty memo is zeros, not 0xF6
  CHECK(zhtlcMemo(std::string(512, 'm'))[511] == 'm');
  try {
    zhtlcMemo(std::string(510, 'm') + "\"\n\x01");
    FAIL("a 513-byte memo was taken");
  } catch (const RpcError& e) {
    CHECK(e.type() == "InvalidMemo");
    CHECK(e.data() == Json("Memo '\"" + std::string(510, 'm') + "\\\"\\n\\u{1}\"' is too long"));
  }
}

TEST_CASE("ZHTLC withdraw plan: notes ascending by value, locked ones skipped, change back") {
  Wallet w;
  w.note(5'000'000, 1);
  w.note(1'000'000, 2);
  w.note(3'000'000, 3);
  w.locked.add({{}, {w.state.notes[1].nf}, 0, 10});
  const ZhtlcWithdrawPlan plan = planZhtlcWithdraw(w.view(), request("0.035", "hi"));
  CHECK(plan.nullifiers == std::vector<ByteArray<32>>{w.state.notes[2].nf, w.state.notes[0].nf});
  CHECK((plan.spent == 8'000'000 && plan.amount == 3'500'000 && plan.change == 4'499'000));
  REQUIRE(plan.outputs.size() == 2);
  CHECK(plan.outputs[0].value == 3'500'000);
  CHECK(plan.outputs[0].memo[0] == 'h');
  CHECK(plan.outputs[1].to.bytes() == w.own.bytes());
  CHECK(plan.outputs[1].memo[0] == 0xf6);
  CHECK(plan.expiry_height == w.state.height + 20);
  w.tip = 1'900'123;  // lightwalletd's tip, ahead of the scan: the expiry counts from it
  CHECK(planZhtlcWithdraw(w.view(), request("0.035")).expiry_height == 1'900'143);
  // Every path leads from its note to the anchor, the tree's root now.
  CHECK(plan.anchor == w.state.frontier.root());
  for (std::size_t i = 0; i < plan.spends.size(); ++i) {
    const WalletNote& n = w.state.notes[i == 0 ? 2 : 0];
    CHECK(sapling::NoteWitness::rootOf(n.cmu, plan.spends[i].position, plan.spends[i].path) ==
          plan.anchor);
    CHECK(plan.spends[i].address.bytes() == w.own.bytes());
  }
}

TEST_CASE("ZHTLC withdraw plan: max, shortfalls and KDF's refusals") {
  Wallet w;
  w.note(5'000'000, 1);
  w.note(3'000'000, 2);
  WithdrawRequest max = request("0");
  max.max = true;
  const ZhtlcWithdrawPlan all = planZhtlcWithdraw(w.view(), max);
  CHECK((all.amount == 7'999'000 && all.change == 0 && all.outputs.size() == 1));
  CHECK(refusal(w, request("0.08")) ==
        std::pair<std::string, Json>{
            "NotSufficientBalance",
            {{"coin", "ARRR"}, {"available", "0.08"}, {"required", "0.08001"}}});
  WithdrawRequest fee = request("0.01");
  fee.fee = FeeInfo{};
  CHECK(refusal(w, fee).first == "UnsupportedError");
  WithdrawRequest transparent = request("0.01");
  transparent.to = "RUYJYSTuCKm9gouWzQN1LirHFEYThwzA2d";
  CHECK(refusal(w, transparent).first == "InvalidAddress");
  WithdrawRequest other_hrp = request("0.01");
  other_hrp.to = encodeSaplingAddress("ztestsapling", w.own);
  CHECK(refusal(w, other_hrp) ==
        std::pair<std::string, Json>{"InvalidAddress",
                                     Json("Address " + other_hrp.to + " decoded to None")});
  w.state.notes[0].spent_txid = ByteArray<32>{};
  w.state.notes[1].witness.reset();  // no witness: not spendable either
  CHECK(refusal(w, request("0.00001")).second["available"] == "0");
}

TEST_CASE("ZHTLC locked notes: counted until the chain spends them or passes the expiry") {
  Wallet w;
  w.note(5'000'000, 1);
  w.note(3'000'000, 2);
  w.state.height = 100;
  LockedNotes locked;
  locked.add({{}, {w.state.notes[0].nf}, 4'000'000, 120});
  locked.add({{}, {w.state.notes[1].nf}, 1'000'000, 110});
  CHECK((locked.locks(w.state.notes[0].nf) && locked.lockedChange(w.state) == 5'000'000));
  CHECK(locked.lockedValue(w.state) == 8'000'000);
  w.state.notes[0].spent_txid = ByteArray<32>{};  // mined: its change is a note of the state now
  CHECK(locked.lockedChange(w.state) == 1'000'000);
  w.state.height = 111;  // past the second one's expiry: it can never be mined
  CHECK(locked.lockedChange(w.state) == 0);
  CHECK(locked.settle(w.state));
  CHECK((locked.empty() && !locked.settle(w.state)));
  LockedNotes forever;  // expiry 0: the transaction never expires, nor does its lock
  forever.add({w.leaf(9), {w.state.notes[1].nf}, 7, 0});
  w.state.notes[1].spent_txid.reset();
  w.state.height = 1'000'000;
  CHECK(forever.lockedChange(w.state) == 7);
  const LockedNotes again = LockedNotes::fromJson(forever.toJson());
  CHECK((again.locks(w.state.notes[1].nf) && again.lockedChange(w.state) == 7));
  CHECK(LockedNotes::fromJson(LockedNotes().toJson()).empty());
}
