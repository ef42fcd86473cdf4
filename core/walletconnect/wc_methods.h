// KDF's WalletConnect methods: wc_new_connection, wc_get_sessions, wc_get_session,
// wc_delete_session, wc_ping_session (mmrpc 2.0 only).
#pragma once

namespace walletd {

class MethodTable;
void registerWalletConnectMethods(MethodTable& table);

}  // namespace walletd
