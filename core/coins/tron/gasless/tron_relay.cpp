// The provider's account, checked against walletd's own relay address.
#include "core/coins/tron/gasless/tron_relay.h"

#include "core/coins/tron/gasless/gasless_errors.h"
#include "core/encoding/tron_address.h"

namespace walletd {

Task<RelayAccount> TronRelay::account(EthAddress user) {
  RelayAccount account = co_await client_.account(user);
  const EthAddress mine = relayAddressOf(user);
  if (account.relay_address != mine) {
    throw gaslessError(GaslessError::InvalidProviderResponse,
                       "The relay provider's address " + tronBase58(account.relay_address) +
                           " for " + tronBase58(user) + " differs from the CREATE2 relay address " +
                           tronBase58(mine) + "; it is not used");
  }
  co_return account;
}

}  // namespace walletd
