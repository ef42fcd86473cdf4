// The part of CometBFT's query language that tx_search and subscribe need (conditions joined by
// AND; =, <, <=, >, >=, CONTAINS, EXISTS; tm.event, tx.hash, tx.height and "<event>.<attribute>"),
// evaluated against a stored tx of the emulator (tests/peers/cometbft-node.mjs).

/** A query CometBFT cannot parse (answered as JSON-RPC -32603 Internal error). */
export class QueryError extends Error {}

/** CometBFT query language, the part tx_search and subscribe need: conditions joined by AND. */
export function parseQuery(query) {
  if (typeof query !== 'string' || !query.trim()) throw new QueryError('failed to parse query: empty query');
  return query.split(/\s+AND\s+/i).map((part) => {
    const m = /^\s*([\w.\-/]+)\s*(=|>=|<=|>|<|CONTAINS|EXISTS)\s*(?:'([^']*)'|(\S+))?\s*$/i.exec(part);
    if (!m || (m[2].toUpperCase() !== 'EXISTS' && m[3] === undefined && m[4] === undefined)) throw new QueryError(`failed to parse query: ${query}`);
    return { key: m[1], op: m[2].toUpperCase(), value: m[3] ?? m[4] };
  });
}
function compare(op, actual, wanted) {
  if (op === 'EXISTS') return true;
  if (op === 'CONTAINS') return String(actual).includes(wanted);
  if (op === '=') return String(actual) === String(wanted);
  const a = Number(actual); const w = Number(wanted);
  return { '>': a > w, '<': a < w, '>=': a >= w, '<=': a <= w }[op];
}
export function matches(conditions, t) {
  return conditions.every(({ key, op, value }) => {
    if (key === 'tm.event') return value === 'Tx';
    if (key === 'tx.hash') return op === '=' ? t.hash === String(value).toUpperCase() : compare(op, t.hash, value);
    if (key === 'tx.height') return compare(op, t.height, value);
    const dot = key.lastIndexOf('.');
    const type = key.slice(0, dot); const attr = key.slice(dot + 1);
    return t.events.some((e) => e.type === type && e.attributes.some(([k, v]) => k === attr && compare(op, v, value)));
  });
}
