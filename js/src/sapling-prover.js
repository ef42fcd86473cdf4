// Shielded (ZHTLC) spends need Groth16 proofs, which the wasm core cannot make: the application
// hands createWalletd a `saplingProver`, and the core asks it through host.saplingProve /
// host.saplingClose (host-wasm/js_sapling_prover.cpp), one proving context per transaction.
// createAirgapSaplingProver adapts @airgap/sapling-wasm (librustzcash's prover compiled to wasm),
// which the application installs and loads with the two Sapling parameter files; walletd never
// downloads them.

/** The host functions the core calls for `prover` ({newContext()}). */
export function saplingHost(prover) {
  const contexts = new Map();
  const contextOf = (id) => {
    if (!contexts.has(id)) contexts.set(id, Promise.resolve().then(() => prover.newContext()));
    return contexts.get(id);
  };
  return {
    async saplingProve({ op, context, ...request }) {
      const ctx = await contextOf(context);
      if (op === 'spend') return ctx.spend(request);
      if (op === 'output') return ctx.output(request);
      if (op === 'binding') return { signature: await ctx.bindingSignature(request) };
      throw new Error(`unknown Sapling prover operation ${op}`);
    },
    saplingClose(context) {
      const ctx = contexts.get(context);
      contexts.delete(context);
      ctx?.then((c) => c.close?.(), () => {});
    },
  };
}

const unhex = (text) => Uint8Array.from(text.match(/../g) ?? [], (b) => parseInt(b, 16));
const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * @airgap/sapling-wasm's arguments for walletd's spend request: the proof generation key
 * ak ‖ nsk (64 bytes), the address d ‖ pk_d (43 bytes), and librustzcash's MerklePath bytes
 * (depth 32, then each sibling as [32, node] from the root's level down, then the position as
 * a little-endian u64).
 */
export function airgapSpendArguments(r) {
  const path = [Uint8Array.of(32)];
  for (const node of [...r.path].reverse()) path.push(Uint8Array.of(32), unhex(node));
  const position = new Uint8Array(8);
  new DataView(position.buffer).setBigUint64(0, BigInt(r.position), true);
  path.push(position);
  const join = (parts) => {
    const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) { out.set(p, at); at += p.length; }
    return out;
  };
  return {
    pak: join([unhex(r.ak), unhex(r.nsk)]),
    address: join([unhex(r.diversifier), unhex(r.pk_d)]),
    rcm: unhex(r.rcm), alpha: unhex(r.alpha), value: r.value, anchor: unhex(r.anchor),
    merklePath: join(path),
  };
}

// One @airgap proving context, held open (withProvingContext drops it when its action settles)
// until walletd closes it.
function airgapContext(ag) {
  let release;
  const done = new Promise((resolve) => { release = resolve; });
  const ready = new Promise((resolve, reject) => {
    ag.withProvingContext((ctx) => { resolve(ctx); return done; }).catch(reject);
  });
  return {
    async spend(r) {
      const a = airgapSpendArguments(r);
      const d = await ag.prepareSpendDescriptionWithAuthorizingKey(await ready, a.pak, a.address, a.rcm, a.alpha, a.value, a.anchor, a.merklePath);
      return { cv: hex(d.cv), rk: hex(d.rk), zkproof: hex(d.proof) };
    },
    async output(r) {
      const address = unhex(r.diversifier + r.pk_d);
      const d = await ag.preparePartialOutputDescription(await ready, address, unhex(r.rcm), unhex(r.esk), r.value);
      return { cv: hex(d.cv), zkproof: hex(d.proof) };
    },
    async bindingSignature({ value_balance, sighash }) {
      return hex(await ag.createBindingSignature(await ready, value_balance, unhex(sighash)));
    },
    close() { release(); },
  };
}

/**
 * A saplingProver over @airgap/sapling-wasm: `sapling` is the module (`await
 * import('@airgap/sapling-wasm')`), the parameters the bytes of sapling-spend.params and
 * sapling-output.params.
 */
export async function createAirgapSaplingProver(sapling, { spendParams, outputParams } = {}) {
  const ag = sapling?.default ?? sapling;
  if (!ag?.withProvingContext) throw new TypeError('createAirgapSaplingProver needs the @airgap/sapling-wasm module');
  if (!spendParams || !outputParams) throw new TypeError('createAirgapSaplingProver needs spendParams and outputParams (the Sapling parameter files\' bytes)');
  try {
    await ag.initParameters(spendParams, outputParams);
  } catch (e) {
    throw new Error(`@airgap/sapling-wasm refused the Sapling parameters (${e?.message ?? e}): give it the bytes of sapling-spend.params and sapling-output.params`);
  }
  return { newContext: () => airgapContext(ag) };
}
