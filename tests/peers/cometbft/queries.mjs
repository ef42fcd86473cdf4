// The gRPC query services the CometBFT emulator answers through abci_query (the paths KDF uses,
// notes/tendermint.md 13.2, plus ChannelClientState). Requests and answers are the SDK's protobuf
// messages via cosmjs-types; a failure is an SdkError that cometbft-node.mjs turns into the
// `response.code/log/codespace` of a real node (gRPC status → ABCI code as baseapp does).
import { QueryAccountRequest, QueryAccountResponse } from 'cosmjs-types/cosmos/auth/v1beta1/query';
import { BaseAccount, ModuleAccount } from 'cosmjs-types/cosmos/auth/v1beta1/auth';
import { ContinuousVestingAccount } from 'cosmjs-types/cosmos/vesting/v1beta1/vesting';
import { QueryBalanceRequest, QueryBalanceResponse, QueryAllBalancesRequest, QueryAllBalancesResponse } from 'cosmjs-types/cosmos/bank/v1beta1/query';
import { SimulateRequest, SimulateResponse, GetTxRequest, GetTxResponse } from 'cosmjs-types/cosmos/tx/v1beta1/service';
import { Tx } from 'cosmjs-types/cosmos/tx/v1beta1/tx';
import { GetBlockByHeightRequest, GetBlockByHeightResponse } from 'cosmjs-types/cosmos/base/tendermint/v1beta1/query';
import {
  QueryValidatorsRequest, QueryValidatorsResponse, QueryDelegationRequest, QueryDelegationResponse,
  QueryDelegatorDelegationsRequest, QueryDelegatorDelegationsResponse,
  QueryDelegatorUnbondingDelegationsRequest, QueryDelegatorUnbondingDelegationsResponse,
} from 'cosmjs-types/cosmos/staking/v1beta1/query';
import { QueryDelegationRewardsRequest, QueryDelegationRewardsResponse } from 'cosmjs-types/cosmos/distribution/v1beta1/query';
import { QueryChannelRequest, QueryChannelResponse, QueryChannelClientStateRequest, QueryChannelClientStateResponse } from 'cosmjs-types/ibc/core/channel/v1/query';
import { ClientState } from 'cosmjs-types/ibc/lightclients/tendermint/v1/tendermint';
import { PubKey } from 'cosmjs-types/cosmos/crypto/secp256k1/keys';
import { BinaryWriter } from 'cosmjs-types/binary';
import { sha256 } from '@cosmjs/crypto';
import { SdkError, decToProto } from './sdk.mjs';

const BOND_STATUS = { BOND_STATUS_UNBONDED: 1, BOND_STATUS_UNBONDING: 2, BOND_STATUS_BONDED: 3 };
const timestamp = (ms) => ({ seconds: BigInt(Math.floor(ms / 1000)), nanos: (ms % 1000) * 1000000 });

/** gRPC NotFound through abci_query: code 22, "rpc error: code = NotFound desc = …: key not found". */
export const notFound = (desc) => new SdkError(22, `rpc error: code = NotFound desc = ${desc}: key not found`);
/** gRPC InvalidArgument through abci_query: code 18 "…: invalid request". */
const invalidArgument = (desc) => new SdkError(18, `rpc error: code = InvalidArgument desc = ${desc}: invalid request`);

/** An account as the auth query answers it: the Any of its kind (BaseAccount nested as the SDK nests it). */
function accountAny(address, a) {
  const base = BaseAccount.fromPartial({
    address, accountNumber: a.accountNumber, sequence: a.sequence,
    pubKey: a.pubkey ? { typeUrl: '/cosmos.crypto.secp256k1.PubKey', value: PubKey.encode({ key: a.pubkey }).finish() } : undefined,
  });
  switch (a.kind) {
    case 'continuous-vesting':
      return { typeUrl: '/cosmos.vesting.v1beta1.ContinuousVestingAccount', value: ContinuousVestingAccount.encode(ContinuousVestingAccount.fromPartial({
        baseVestingAccount: { baseAccount: base, originalVesting: [], delegatedFree: [], delegatedVesting: [], endTime: 2000000000n },
        startTime: 1700000000n })).finish() };
    case 'module':
      return { typeUrl: '/cosmos.auth.v1beta1.ModuleAccount', value: ModuleAccount.encode(ModuleAccount.fromPartial({ baseAccount: base, name: a.moduleName ?? 'custom', permissions: [] })).finish() };
    case 'eth': {
      // ethermint.types.v1.EthAccount {1 base_account, 2 code_hash} — not in cosmjs-types.
      const w = BinaryWriter.create();
      BaseAccount.encode(base, w.uint32(10).fork()).ldelim();
      w.uint32(18).string('0x' + Buffer.from(sha256(new Uint8Array())).toString('hex'));
      return { typeUrl: '/ethermint.types.v1.EthAccount', value: w.finish() };
    }
    default:
      return { typeUrl: '/cosmos.auth.v1beta1.BaseAccount', value: BaseAccount.encode(base).finish() };
  }
}

/** offset/limit (or key = encoded offset) paging of a list; PageResponse with next_key and total. */
function paginate(list, page) {
  let offset = Number(page?.offset ?? 0n);
  if (page?.key?.length) offset = Number(Buffer.from(page.key).readUInt32BE(0));
  const limit = Number(page?.limit ?? 0n) || 100;
  const items = list.slice(offset, offset + limit);
  const next = offset + limit < list.length ? Buffer.alloc(4) : null;
  if (next) next.writeUInt32BE(offset + limit);
  return { items, pagination: { nextKey: next ? new Uint8Array(next) : new Uint8Array(), total: page?.countTotal ? BigInt(list.length) : 0n } };
}

/** Handlers by path: (node, data bytes) → answer bytes (or a promise of them), or throw SdkError. */
export const QUERIES = {
  '/cosmos.auth.v1beta1.Query/Account'(node, data) {
    const { address } = QueryAccountRequest.decode(data);
    const a = node.state.accounts.get(address);
    if (!a) throw notFound(`account ${address} not found`);
    return QueryAccountResponse.encode({ account: accountAny(address, a) }).finish();
  },
  '/cosmos.bank.v1beta1.Query/Balance'(node, data) {
    const { address, denom } = QueryBalanceRequest.decode(data);
    if (!denom) throw invalidArgument('invalid denom');
    return QueryBalanceResponse.encode({ balance: { denom, amount: node.balance(address, denom).toString() } }).finish();
  },
  '/cosmos.bank.v1beta1.Query/AllBalances'(node, data) {
    const { address, pagination } = QueryAllBalancesRequest.decode(data);
    const balances = [...(node.state.accounts.get(address)?.balances ?? new Map())]
      .filter(([, v]) => v > 0n).sort(([a], [b]) => (a < b ? -1 : 1)).map(([denom, v]) => ({ denom, amount: v.toString() }));
    const { items, pagination: p } = paginate(balances, pagination);
    return QueryAllBalancesResponse.encode({ balances: items, pagination: p }).finish();
  },
  async '/cosmos.tx.v1beta1.Service/Simulate'(node, data) {
    const req = SimulateRequest.decode(data);
    let bytes = req.txBytes;
    if (!bytes?.length && req.tx) bytes = Tx.encode(req.tx).finish();
    if (!bytes?.length) throw invalidArgument('empty txBytes is not allowed');
    const r = await node.simulate(bytes);
    return SimulateResponse.encode({ gasInfo: { gasWanted: r.gasWanted, gasUsed: r.gasUsed }, result: r.result }).finish();
  },
  '/cosmos.tx.v1beta1.Service/GetTx'(node, data) {
    const { hash } = GetTxRequest.decode(data);
    const t = node.txByHash.get(String(hash).toUpperCase());
    if (!t) throw notFound(`tx not found: ${hash}`);
    return GetTxResponse.encode({ tx: Tx.decode(t.bytes), txResponse: node.txResponse(t) }).finish();
  },
  '/cosmos.base.tendermint.v1beta1.Service/GetBlockByHeight'(node, data) {
    const { height } = GetBlockByHeightRequest.decode(data);
    if (BigInt(height) > BigInt(node.height)) throw invalidArgument('requested block height is bigger then the chain length');
    const b = node.blockAt(Number(height));
    if (!b) throw invalidArgument(`height ${height} is not available`);
    return GetBlockByHeightResponse.encode(node.blockProto(b)).finish();
  },
  '/cosmos.staking.v1beta1.Query/Validators'(node, data) {
    const { status, pagination } = QueryValidatorsRequest.decode(data);
    if (status && !(status in BOND_STATUS)) throw invalidArgument(`invalid validator status ${status}`);
    const list = [...node.state.validators.values()].filter((v) => !status || v.status === status)
      .map((v) => validatorProto(v));
    const { items, pagination: p } = paginate(list, pagination);
    return QueryValidatorsResponse.encode({ validators: items, pagination: p }).finish();
  },
  '/cosmos.staking.v1beta1.Query/Delegation'(node, data) {
    const { delegatorAddr, validatorAddr } = QueryDelegationRequest.decode(data);
    const amount = node.delegation(delegatorAddr, validatorAddr);
    if (amount === 0n) throw notFound(`delegation with delegator ${delegatorAddr} not found for validator ${validatorAddr}`);
    return QueryDelegationResponse.encode({ delegationResponse: delegationProto(node, delegatorAddr, validatorAddr, amount) }).finish();
  },
  '/cosmos.staking.v1beta1.Query/DelegatorDelegations'(node, data) {
    const { delegatorAddr, pagination } = QueryDelegatorDelegationsRequest.decode(data);
    const list = [...node.state.delegations].filter(([k, v]) => k.startsWith(`${delegatorAddr}|`) && v > 0n)
      .map(([k, v]) => delegationProto(node, delegatorAddr, k.split('|')[1], v));
    const { items, pagination: p } = paginate(list, pagination);
    return QueryDelegatorDelegationsResponse.encode({ delegationResponses: items, pagination: p }).finish();
  },
  '/cosmos.staking.v1beta1.Query/DelegatorUnbondingDelegations'(node, data) {
    const { delegatorAddr, pagination } = QueryDelegatorUnbondingDelegationsRequest.decode(data);
    const byValidator = new Map();
    for (const e of node.state.unbondings.get(delegatorAddr) ?? []) {
      if (!byValidator.has(e.validator)) byValidator.set(e.validator, []);
      byValidator.get(e.validator).push({ creationHeight: BigInt(e.creationHeight), completionTime: timestamp(e.completionMs),
        initialBalance: e.initialBalance.toString(), balance: e.balance.toString(), unbondingId: BigInt(e.id), unbondingOnHoldRefCount: 0n });
    }
    const list = [...byValidator].map(([validatorAddress, entries]) => ({ delegatorAddress: delegatorAddr, validatorAddress, entries }));
    const { items, pagination: p } = paginate(list, pagination);
    return QueryDelegatorUnbondingDelegationsResponse.encode({ unbondingResponses: items, pagination: p }).finish();
  },
  '/cosmos.distribution.v1beta1.Query/DelegationRewards'(node, data) {
    const { delegatorAddress, validatorAddress } = QueryDelegationRewardsRequest.decode(data);
    if (!node.state.validators.has(validatorAddress)) throw new SdkError(6, `validator does not exist: ${validatorAddress}: unknown request`);
    const key = `${delegatorAddress}|${validatorAddress}`;
    if (node.delegation(delegatorAddress, validatorAddress) === 0n && !node.state.rewards.has(key)) {
      throw new SdkError(6, 'delegation does not exist: unknown request');
    }
    const amount = node.state.rewards.get(key);
    const rewards = amount && BigInt(amount) > 0n ? [{ denom: node.options.denom, amount: BigInt(amount).toString() }] : [];
    return QueryDelegationRewardsResponse.encode({ rewards }).finish();
  },
  '/ibc.core.channel.v1.Query/Channel'(node, data) {
    const { portId, channelId } = QueryChannelRequest.decode(data);
    const c = portId === 'transfer' ? node.state.channels.get(channelId) : undefined;
    if (!c) throw notFound(`port-id: ${portId}, channel-id ${channelId}: channel not found`);
    return QueryChannelResponse.encode({
      channel: { state: c.state, ordering: 1, counterparty: { portId: 'transfer', channelId: c.counterpartyChannelId },
        connectionHops: [c.connectionId], version: 'ics20-1', upgradeSequence: 0n },
      proof: new Uint8Array(), proofHeight: { revisionNumber: node.revision, revisionHeight: BigInt(node.height) },
    }).finish();
  },
  '/ibc.core.channel.v1.Query/ChannelClientState'(node, data) {
    const { portId, channelId } = QueryChannelClientStateRequest.decode(data);
    const c = portId === 'transfer' ? node.state.channels.get(channelId) : undefined;
    if (!c) throw notFound(`port-id: ${portId}, channel-id ${channelId}: channel not found`);
    const clientState = ClientState.fromPartial({ chainId: c.counterpartyChainId,
      latestHeight: { revisionNumber: BigInt(/-(\d+)$/.exec(c.counterpartyChainId)?.[1] ?? 0), revisionHeight: 1000n } });
    return QueryChannelClientStateResponse.encode({
      identifiedClientState: { clientId: c.clientId, clientState: { typeUrl: '/ibc.lightclients.tendermint.v1.ClientState', value: ClientState.encode(clientState).finish() } },
      proof: new Uint8Array(), proofHeight: { revisionNumber: node.revision, revisionHeight: BigInt(node.height) },
    }).finish();
  },
};

function validatorProto(v) {
  return {
    operatorAddress: v.operatorAddress,
    consensusPubkey: { typeUrl: '/cosmos.crypto.ed25519.PubKey', value: new Uint8Array([10, 32, ...sha256(new TextEncoder().encode(v.operatorAddress))]) },
    jailed: false, status: BOND_STATUS[v.status], tokens: v.tokens.toString(), delegatorShares: (v.tokens * 10n ** 18n).toString(),
    description: { moniker: v.moniker, identity: '', website: '', securityContact: '', details: '' },
    unbondingHeight: 0n, unbondingTime: { seconds: 0n, nanos: 0 },
    commission: { commissionRates: { rate: decToProto(v.commissionRate), maxRate: decToProto('0.2'), maxChangeRate: decToProto('0.01') },
      updateTime: { seconds: 1700000000n, nanos: 0 } },
    minSelfDelegation: '1', unbondingOnHoldRefCount: 0n, unbondingIds: [],
  };
}
const delegationProto = (node, delegatorAddress, validatorAddress, amount) => ({
  delegation: { delegatorAddress, validatorAddress, shares: (amount * 10n ** 18n).toString() },
  balance: { denom: node.options.denom, amount: amount.toString() },
});
