// What each message does to the emulated chain state (tests/peers/cometbft-node.mjs): bank,
// ICS-20 transfer, staking and distribution as the SDK v0.50 / ibc-go modules apply them, with
// their events. A failure throws SdkError (sources of the texts: ./sdk.mjs); the caller restores
// the state snapshot, so nothing of a failed message stays.
import { SdkError, sdkError, escrowAddress, checkAddress, coinsString, goTimeString } from './sdk.mjs';

export const CHANNEL_STATE = { UNINITIALIZED: 0, INIT: 1, TRYOPEN: 2, OPEN: 3, CLOSED: 4 };
const STATE_NAME = ['STATE_UNINITIALIZED_UNSPECIFIED', 'STATE_INIT', 'STATE_TRYOPEN', 'STATE_OPEN', 'STATE_CLOSED'];

/** An SDK event: {type, attributes: [[key, value], ...]}. */
export function ev(type, ...attributes) { return { type, attributes }; }

export function applyMessage(node, { typeUrl, value: m }, blockMs, blockHeight) {
  const { prefix, denom } = node.options;
  const coinText = (c) => `${c.amount}${c.denom}`;
  switch (typeUrl) {
    case '/cosmos.bank.v1beta1.MsgSend': {
      checkAddress(prefix, m.fromAddress, 'from');
      checkAddress(prefix, m.toAddress, 'to');
      if (!m.amount.length || m.amount.some((c) => !(BigInt(c.amount) > 0n))) throw sdkError(10, coinsString(m.amount) || '[]', 'invalid coins');
      for (const c of m.amount) node.move(m.fromAddress, m.toAddress, c.denom, BigInt(c.amount));
      const amount = coinsString(m.amount);
      return { events: [ev('coin_spent', ['spender', m.fromAddress], ['amount', amount]), ev('coin_received', ['receiver', m.toAddress], ['amount', amount]),
        ev('transfer', ['recipient', m.toAddress], ['sender', m.fromAddress], ['amount', amount]), ev('message', ['sender', m.fromAddress])] };
    }
    case '/ibc.applications.transfer.v1.MsgTransfer': {
      const channel = m.sourcePort === 'transfer' ? node.state.channels.get(m.sourceChannel) : undefined;
      if (!channel) throw sdkError(3, `port ID (${m.sourcePort}) channel ID (${m.sourceChannel})`, 'channel not found', 'channel');
      if (channel.state !== CHANNEL_STATE.OPEN) throw sdkError(5, `channel is not OPEN (got ${STATE_NAME[channel.state]})`, 'invalid channel state', 'channel');
      const nowNs = BigInt(blockMs) * 1000000n;
      const timeout = BigInt(m.timeoutTimestamp ?? 0n);
      if (timeout === 0n && !(m.timeoutHeight?.revisionHeight > 0n)) throw sdkError(26, 'packet timeout height and packet timeout timestamp cannot both be 0', 'invalid packet timeout', 'channel');
      if (timeout !== 0n && nowNs >= timeout) {
        throw sdkError(14, `receiving chain block timestamp >= packet timeout timestamp (${goTimeString(nowNs)} >= ${goTimeString(timeout)})`, 'packet timeout', 'channel');
      }
      const amount = BigInt(m.token?.amount ?? 0);
      if (!(amount > 0n)) throw sdkError(10, coinText({ amount, denom: m.token?.denom ?? '' }), 'invalid coins');
      const escrow = escrowAddress(prefix, 'transfer', m.sourceChannel);
      node.move(m.sender, escrow, m.token.denom, amount);
      const sequence = channel.nextSequence++;
      const packet = JSON.stringify(Object.fromEntries([['amount', String(amount)], ['denom', m.token.denom],
        ...(m.memo ? [['memo', m.memo]] : []), ['receiver', m.receiver], ['sender', m.sender]]));
      const text = coinText({ amount, denom: m.token.denom });
      return { response: { sequence }, events: [ev('coin_spent', ['spender', m.sender], ['amount', text]), ev('coin_received', ['receiver', escrow], ['amount', text]),
        ev('transfer', ['recipient', escrow], ['sender', m.sender], ['amount', text]), ev('message', ['sender', m.sender]),
        ev('send_packet', ['packet_data', packet], ['packet_data_hex', Buffer.from(packet).toString('hex')],
          ['packet_timeout_height', `${m.timeoutHeight?.revisionNumber ?? 0n}-${m.timeoutHeight?.revisionHeight ?? 0n}`],
          ['packet_timeout_timestamp', String(timeout)], ['packet_sequence', String(sequence)], ['packet_src_port', 'transfer'],
          ['packet_src_channel', m.sourceChannel], ['packet_dst_port', 'transfer'], ['packet_dst_channel', channel.counterpartyChannelId],
          ['packet_channel_ordering', 'ORDER_UNORDERED'], ['packet_connection', channel.connectionId], ['connection_id', channel.connectionId]),
        ev('message', ['module', 'ibc_channel']),
        ev('ibc_transfer', ['sender', m.sender], ['receiver', m.receiver], ['amount', String(amount)], ['denom', m.token.denom], ['memo', m.memo ?? '']),
        ev('message', ['module', 'transfer'])] };
    }
    case '/cosmos.staking.v1beta1.MsgDelegate': {
      checkStakingAddresses(node, m);
      const v = node.state.validators.get(m.validatorAddress);
      if (!v) throw new SdkError(3, 'validator does not exist', 'staking');
      const amount = bondAmount(node, m.amount);
      const events = withdrawRewards(node, m.delegatorAddress, m.validatorAddress, false);
      const pool = v.status === 'BOND_STATUS_BONDED' ? node.modules.bonded_tokens_pool : node.modules.not_bonded_tokens_pool;
      node.debit(m.delegatorAddress, denom, amount, (have) => `failed to delegate; ${have}${denom} is smaller than ${amount}${denom}`);
      node.credit(pool, denom, amount);
      const key = `${m.delegatorAddress}|${m.validatorAddress}`;
      node.state.delegations.set(key, (node.state.delegations.get(key) ?? 0n) + amount);
      v.tokens += amount;
      const text = `${amount}${denom}`;
      events.push(ev('coin_spent', ['spender', m.delegatorAddress], ['amount', text]), ev('coin_received', ['receiver', pool], ['amount', text]),
        ev('delegate', ['validator', m.validatorAddress], ['delegator', m.delegatorAddress], ['amount', text], ['new_shares', `${amount}.000000000000000000`]));
      return { events };
    }
    case '/cosmos.staking.v1beta1.MsgUndelegate': {
      checkStakingAddresses(node, m);
      const v = node.state.validators.get(m.validatorAddress);
      if (!v) throw new SdkError(3, 'validator does not exist', 'staking');
      const amount = bondAmount(node, m.amount);
      const key = `${m.delegatorAddress}|${m.validatorAddress}`;
      const have = node.state.delegations.get(key) ?? 0n;
      if (have === 0n) throw new SdkError(19, 'no delegation for (address, validator) tuple', 'staking');
      if (amount > have) throw sdkError(18, 'invalid shares amount', 'invalid request');
      const events = withdrawRewards(node, m.delegatorAddress, m.validatorAddress, false);
      if (have === amount) node.state.delegations.delete(key); else node.state.delegations.set(key, have - amount);
      v.tokens -= amount;
      const from = v.status === 'BOND_STATUS_BONDED' ? node.modules.bonded_tokens_pool : node.modules.not_bonded_tokens_pool;
      if (from !== node.modules.not_bonded_tokens_pool) node.move(from, node.modules.not_bonded_tokens_pool, denom, amount);
      const completionMs = blockMs + node.options.unbondingTimeSeconds * 1000;
      const list = node.state.unbondings.get(m.delegatorAddress) ?? [];
      list.push({ validator: m.validatorAddress, creationHeight: blockHeight, completionMs, initialBalance: amount, balance: amount, id: node.state.nextUnbondingId++ });
      node.state.unbondings.set(m.delegatorAddress, list);
      const text = `${amount}${denom}`;
      if (from !== node.modules.not_bonded_tokens_pool) {
        events.push(ev('coin_spent', ['spender', from], ['amount', text]), ev('coin_received', ['receiver', node.modules.not_bonded_tokens_pool], ['amount', text]),
          ev('transfer', ['recipient', node.modules.not_bonded_tokens_pool], ['sender', from], ['amount', text]));
      }
      events.push(ev('unbond', ['validator', m.validatorAddress], ['delegator', m.delegatorAddress], ['amount', text],
        ['completion_time', new Date(completionMs).toISOString().replace(/\.000Z$/, 'Z')]));
      return { events, response: { completionTime: { seconds: BigInt(Math.floor(completionMs / 1000)), nanos: (completionMs % 1000) * 1000000 }, amount: { denom, amount: String(amount) } } };
    }
    case '/cosmos.distribution.v1beta1.MsgWithdrawDelegatorReward': {
      checkStakingAddresses(node, m);
      if (!node.state.validators.has(m.validatorAddress)) throw new SdkError(6, 'no validator distribution info', 'distribution');
      if (node.delegation(m.delegatorAddress, m.validatorAddress) === 0n) throw new SdkError(5, 'no delegation distribution info', 'distribution');
      const paid = rewardCoins(node, m.delegatorAddress, m.validatorAddress);
      const events = withdrawRewards(node, m.delegatorAddress, m.validatorAddress, true);
      return { events, response: { amount: paid > 0n ? [{ denom, amount: String(paid) }] : [] } };
    }
    default: throw sdkError(2, `unable to resolve type URL ${typeUrl}`, 'tx parse error');
  }
}
function checkStakingAddresses(node, m) {
  checkAddress(node.options.prefix, m.delegatorAddress, 'delegator');
  checkAddress(node.options.valoperPrefix, m.validatorAddress, 'validator');
}
function bondAmount(node, coin) {
  const { denom } = node.options;
  if (coin?.denom !== denom) throw sdkError(18, `invalid coin denomination: got ${coin?.denom}, expected ${denom}`, 'invalid request');
  const amount = BigInt(coin.amount);
  if (!(amount > 0n)) throw sdkError(18, 'invalid delegation amount', 'invalid request');
  return amount;
}
function rewardCoins(node, delegator, validator) { return BigInt(node.state.rewards.get(`${delegator}|${validator}`) ?? 0) / 10n ** 18n; }
/** Pays the truncated reward (the remainder goes to the community pool) and resets it; its events. */
function withdrawRewards(node, delegator, validator, always) {
  const { denom } = node.options;
  const paid = rewardCoins(node, delegator, validator);
  if (!always && paid === 0n) return [];
  node.state.rewards.delete(`${delegator}|${validator}`);
  const events = [];
  if (paid > 0n) {
    const from = node.modules.distribution;
    node.credit(delegator, denom, paid);
    events.push(ev('coin_spent', ['spender', from], ['amount', `${paid}${denom}`]), ev('coin_received', ['receiver', delegator], ['amount', `${paid}${denom}`]),
      ev('transfer', ['recipient', delegator], ['sender', from], ['amount', `${paid}${denom}`]), ev('message', ['sender', from]));
  }
  events.push(ev('withdraw_rewards', ['amount', `${paid}${denom}`], ['validator', validator], ['delegator', delegator]));
  return events;
}
