// TRON's fee rules as java-tron applies them: staked bandwidth, then the free allowance (all or
// nothing each), then burned bytes; account creation (staked bandwidth or 0.1 TRX, plus 1 TRX);
// energy from stake, the rest burned; fee_limit from the whole estimate.
#include <catch2/catch.hpp>

#include "core/coins/tron/tron_fees.h"

using namespace walletd;

namespace {

TronChainParameters nile() {
  TronChainParameters p;
  p.transaction_fee = 1000;
  p.energy_fee = 210;
  p.create_account_fee = 100000;
  p.create_new_account_fee = 1000000;
  p.create_account_bandwidth_rate = 1;
  p.max_fee_limit = 15000000000;
  return p;
}

}  // namespace

TEST_CASE("bandwidth: staked first, then the free allowance, then burned; each all or nothing") {
  TronResources r;
  r.free_net_limit = 600;
  CHECK(tronFee(267, false, 0, r, nile()).total() == 0);
  r.free_net_used = 400;  // 200 left: not enough for 267, so none of it is used
  const TronFee burned = tronFee(267, false, 0, r, nile());
  CHECK(burned.bandwidth_fee == 267000);
  CHECK(burned.total() == 267000);
  CHECK_FALSE(burned.account_creation_fee);
  r.net_limit = 300;
  CHECK(tronFee(267, false, 0, r, nile()).total() == 0);
  r.net_used = 100;  // 200 staked left: not enough, and the free part neither
  CHECK(tronFee(267, false, 0, r, nile()).bandwidth_fee == 267000);
}

TEST_CASE(
    "account creation: 0.1 TRX unless staked bandwidth covers it, plus 1 TRX; no free bandwidth") {
  TronResources r;
  r.free_net_limit = 600;
  const TronFee fresh = tronFee(267, true, 0, r, nile());
  CHECK(fresh.account_creation_fee == 1100000);
  CHECK(fresh.bandwidth_fee == 0);
  CHECK(fresh.total() == 1100000);
  r.net_limit = 267;
  CHECK(tronFee(267, true, 0, r, nile()).account_creation_fee == 1000000);
}

TEST_CASE(
    "energy: staked energy first, the rest at getEnergyFee; fee_limit covers the whole estimate") {
  TronResources r;
  r.free_net_limit = 600;
  CHECK(tronFee(345, false, 49650, r, nile()).energy_fee == 49650ULL * 210);
  r.energy_limit = 30000;
  CHECK(tronFee(345, false, 49650, r, nile()).energy_fee == 19650ULL * 210);
  r.energy_limit = 100000;
  CHECK(tronFee(345, false, 49650, r, nile()).energy_fee == 0);
  CHECK(tronFeeLimit(49650, nile()) == 59580ULL * 210);  // + a fifth, rounded up
  TronChainParameters capped = nile();
  capped.max_fee_limit = 1000;
  CHECK(tronFeeLimit(49650, capped) == 1000);
}
