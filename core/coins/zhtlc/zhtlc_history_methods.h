// z_coin_tx_history (KDF's z_coin_tx_history_rpc over MyTxHistoryRequestV2<i64>): the
// transactions that paid or spent the wallet's notes, newest block first (then in the order the
// scan found them), one page by PageNumber or after FromId (an internal_id). Each row is built
// from the full transaction (lightwalletd's GetTransaction; KDF asks Electrum for the same
// bytes): `from` = the transparent inputs' addresses, and the wallet's address when it spent
// notes; `to` = the transparent outputs' addresses, the wallet's address when it received, and
// every shielded recipient the wallet's outgoing viewing key (or the DEX fee's) recovers;
// transaction_fee = value balance + transparent in − transparent out.
#pragma once

#include "core/rpc/method_table.h"

namespace walletd {

void registerZhtlcHistory(MethodTable& table);

}  // namespace walletd
