// task::init_trezor::* and trezor_connection_status against the Trezor test device behind an
// emulated Trezor Bridge (tests/peers/trezor/: the device trezorlib checks in trezor-peer). The
// daemon finds the device through Bridge, initializes it, and names it by the hash160 of its
// internal public key — the published vectors for Trezor's test seed, with and without the
// passphrase "TREZOR". The PIN (as matrix positions, read off the device's screen as a user
// would) and the passphrase go through user_action while status reads UserActionRequired;
// a wrong PIN, an action of the wrong kind, a cancel while the device waits, a device other than
// the expected one, no device, two devices, and a device pulled out each end as KDF's errors do.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { TrezorTestDevice } from '../peers/trezor/device.mjs';
import { listenBridge } from '../peers/trezor/bridge.mjs';
import { WalletdProcess, tempDir, writeConfig, cleanup } from '../support/walletd-process.mjs';

const PUBKEY = 'bc07b06cd602924eb9f3b9cab87d9d9da7f16ab4';          // passphrase ""
const PUBKEY_TREZOR = '7a450c0244525a850f0467c9a5b57c4260d98b37';   // passphrase "TREZOR"
let dir;

before(() => {
  dir = tempDir('walletd-trezor-');
});

after(() => cleanup(dir));

// A daemon whose Bridge is `bridge` (connect timeout in seconds).
async function startWalletd(bridge, connectTimeout = 3) {
  return WalletdProcess.start(writeConfig(tempDir('walletd-trezor-node-'), {
    passphrase: 'trezor init test passphrase', trezor: { bridge_url: bridge.url, connect_timeout_s: connectTimeout } }));
}

// Runs `fn(walletd, bridge)` with a daemon behind a Bridge of `devices` ({path, device}), and
// stops both.
async function withBridge(devices, fn, connectTimeout = 3) {
  const bridge = await listenBridge(devices);
  const walletd = await startWalletd(bridge, connectTimeout);
  try {
    await fn(walletd, bridge);
  } finally {
    await walletd.stop();
    await bridge.close();
  }
}

async function status(walletd, id, forget = false) {
  const r = await walletd.rpc('task::init_trezor::status', { task_id: id, forget_if_finished: forget });
  assert.equal(r.status, 200, r.text);
  return r.json.result;
}

// Polls until the task's status satisfies `done` (bounded).
async function until(walletd, id, done, what) {
  for (let i = 0; i < 200; i++) {
    const s = await status(walletd, id);
    if (done(s)) return s;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`task ${id} never reached ${what}`);
}

// The PIN as positions of the matrix the device shows (what a user types on the host's grid).
const positions = (device, pin) => [...pin].map((digit) => device.matrix.indexOf(digit) + 1).join('');

async function init(walletd, params = {}) {
  const r = await walletd.rpc('task::init_trezor::init', params);
  assert.equal(r.status, 200, r.text);
  return r.json.result.task_id;
}

async function userAction(walletd, id, action) {
  return walletd.rpc('task::init_trezor::user_action', { task_id: id, user_action: action });
}

test('init with PIN and passphrase through user_action: the device of the vectors, Connected', async () => {
  const device = new TrezorTestDevice({ pin: '1234', passphraseProtection: true, label: 'My Trezor' });
  await withBridge([{ path: '1', device }], async (walletd, bridge) => {
    const before = await walletd.rpc('trezor_connection_status', {});
    assert.equal(before.status, 400, before.text);
    assert.equal(before.json.error_type, 'TrezorNotInitialized');
    const id = await init(walletd);
    const pin = await until(walletd, id, (s) => s.status === 'UserActionRequired', 'the PIN request');
    assert.deepEqual(pin, { status: 'UserActionRequired', details: 'EnterTrezorPin' });
    const ok = await userAction(walletd, id, { action_type: 'TrezorPin', pin: positions(device, '1234') });
    assert.equal(ok.status, 200, ok.text);
    assert.equal(ok.json.result, 'success');
    const pass = await until(walletd, id, (s) => s.status === 'UserActionRequired', 'the passphrase request');
    assert.deepEqual(pass, { status: 'UserActionRequired', details: 'EnterTrezorPassphrase' });
    await userAction(walletd, id, { action_type: 'TrezorPassphrase', passphrase: 'TREZOR' });
    const done = await until(walletd, id, (s) => s.status !== 'InProgress', 'the end');
    assert.deepEqual(done, { status: 'Ok', details: { type: 'Trezor', model: '1', device_name: 'My Trezor',
      device_id: device.deviceId, device_pubkey: PUBKEY_TREZOR } });
    assert.deepEqual(device.log.filter((m) => m.startsWith('<')),
      ['< Initialize', '< GetPublicKey', '< PinMatrixAck', '< PassphraseAck']);
    const connected = await walletd.rpc('trezor_connection_status', { device_pubkey: PUBKEY_TREZOR });
    assert.deepEqual(connected.json.result, { status: 'Connected' });
    const other = await walletd.rpc('trezor_connection_status', { device_pubkey: PUBKEY });
    assert.equal(other.status, 500, other.text);
    assert.equal(other.json.error_type, 'FoundUnexpectedDevice');
    bridge.disconnect('1');
    const gone = await walletd.rpc('trezor_connection_status', {});
    assert.deepEqual(gone.json.result, { status: 'Unreachable' });
    assert.ok(!walletd.stderr.includes('TREZOR'), 'the passphrase never reaches the log');
  });
});

test('a wrong PIN and an action of the wrong kind end the init as KDF does', async () => {
  const device = new TrezorTestDevice({ pin: '1234' });
  await withBridge([{ path: '1', device }], async (walletd, bridge) => {
    const wrong = await init(walletd);
    await until(walletd, wrong, (s) => s.status === 'UserActionRequired', 'the PIN request');
    await userAction(walletd, wrong, { action_type: 'TrezorPin', pin: positions(device, '4321') });
    const failed = await until(walletd, wrong, (s) => s.status === 'Error', 'the error');
    assert.equal(failed.details.error_type, 'Internal');
    assert.match(failed.details.error, /PIN invalid/);
    const kind = await init(walletd);
    await until(walletd, kind, (s) => s.status === 'UserActionRequired', 'the PIN request');
    await userAction(walletd, kind, { action_type: 'TrezorPassphrase', passphrase: '' });
    const unexpected = await until(walletd, kind, (s) => s.status === 'Error', 'the error');
    assert.deepEqual(unexpected.details.error_data, { expected: 'TrezorPin' });
    assert.equal(unexpected.details.error_type, 'UnexpectedUserAction');
    assert.ok(device.log.includes('< Cancel'), 'the device was told to stop waiting');
    // The task has ended: a user action finds nothing waiting (KDF: UnexpectedTaskStatus, Internal).
    const late = await userAction(walletd, kind, { action_type: 'TrezorPin', pin: '1' });
    assert.equal(late.json.error_type, 'Internal');
  });
});

test('cancel while the device waits for the PIN: the device is told, nothing is kept', async () => {
  const device = new TrezorTestDevice({ pin: '1234' });
  await withBridge([{ path: '1', device }], async (walletd, bridge) => {
    const id = await init(walletd);
    await until(walletd, id, (s) => s.status === 'UserActionRequired', 'the PIN request');
    const cancel = await walletd.rpc('task::init_trezor::cancel', { task_id: id });
    assert.equal(cancel.json.result, 'success');
    for (let i = 0; i < 100 && !device.log.includes('< Cancel'); i++) await new Promise((r) => setTimeout(r, 20));
    assert.ok(device.log.includes('< Cancel'));
    const s = await walletd.rpc('trezor_connection_status', {});
    assert.equal(s.json.error_type, 'TrezorNotInitialized');
    // The device is free again: a new init connects it (the locked device asks for the PIN again).
    const again = await init(walletd);
    await until(walletd, again, (st) => st.status === 'UserActionRequired', 'the PIN request');
    await userAction(walletd, again, { action_type: 'TrezorPin', pin: positions(device, '1234') });
    const done = await until(walletd, again, (st) => st.status === 'Ok', 'Ok');
    assert.equal(done.details.device_pubkey, PUBKEY);
  });
});

test('device_pubkey names the device expected: another one is FoundUnexpectedDevice (410)', async () => {
  const device = new TrezorTestDevice();
  await withBridge([{ path: '1', device }], async (walletd, bridge) => {
    const id = await init(walletd, { device_pubkey: PUBKEY_TREZOR });
    const failed = await until(walletd, id, (s) => s.status === 'Error', 'the error');
    assert.equal(failed.details.error_type, 'HwError');
    assert.equal(failed.details.error_data, 'FoundUnexpectedDevice');
    const ok = await init(walletd, { device_pubkey: `0x${PUBKEY}` });
    const done = await until(walletd, ok, (s) => s.status === 'Ok', 'Ok');
    assert.equal(done.details.device_pubkey, PUBKEY);
    // Again: the init gives the session of the device it replaces back first.
    const again = await init(walletd);
    const redone = await until(walletd, again, (s) => s.status !== 'InProgress', 'the end');
    assert.equal(redone.status, 'Ok', JSON.stringify(redone));
    assert.ok(bridge.log.join(' ').includes('POST /release/2 POST /enumerate POST /acquire/1/null'), bridge.log.join(' '));
    // Another program holding the device's session: the init takes it over (acquire with the
    // listed session, as trezord requires).
    const post = async (path) => (await fetch(`${bridge.url}${path}`, { method: 'POST', headers: { Origin: 'https://python.trezor.io' } })).json();
    const [listed] = await post('/enumerate');
    const { session } = await post(`/acquire/1/${listed.session}`);  // it takes walletd's over
    const taken = await init(walletd);
    const retaken = await until(walletd, taken, (s) => s.status !== 'InProgress', 'the end');
    assert.equal(retaken.status, 'Ok', JSON.stringify(retaken));
    assert.ok(bridge.log.includes(`POST /acquire/1/${session}`), bridge.log.join(' '));
    const bad = await walletd.rpc('task::init_trezor::init', { device_pubkey: 'xyz' });
    assert.equal(bad.status, 400, bad.text);
    assert.equal(bad.json.error_type, 'InvalidRequest');
  });
});

test('no device: WaitingForTrezorToConnect, then one plugged in is found; two devices are refused', async () => {
  const device = new TrezorTestDevice();
  await withBridge([{ path: '1', device }], async (walletd, bridge) => {
    bridge.disconnect('1');
    const timedOut = await init(walletd);
    await until(walletd, timedOut, (s) => s.details === 'WaitingForTrezorToConnect', 'waiting');
    const failed = await until(walletd, timedOut, (s) => s.status === 'Error', 'the timeout');
    assert.equal(failed.details.error_type, 'Timeout');
    assert.deepEqual(failed.details.error_data, { secs: 1, nanos: 0 });
    const waiting = await init(walletd);
    await until(walletd, waiting, (s) => s.details === 'WaitingForTrezorToConnect', 'waiting');
    bridge.connect('1');
    const done = await until(walletd, waiting, (s) => s.status === 'Ok', 'Ok');
    assert.equal(done.details.device_pubkey, PUBKEY);
  }, 1);
  const two = [{ path: '1', device: new TrezorTestDevice() }, { path: '2', device: new TrezorTestDevice() }];
  await withBridge(two, async (walletd) => {
    const id = await init(walletd);
    const failed = await until(walletd, id, (s) => s.status === 'Error', 'the error');
    assert.equal(failed.details.error_type, 'HwError');
    assert.equal(failed.details.error_data, 'FoundMultipleDevices');
  });
});

test('Bridge not running: the init waits, then times out; no crash, the node answers', async () => {
  const walletd = await startWalletd({ url: 'http://127.0.0.1:9' }, 1);
  try {
    const id = await init(walletd);
    const failed = await until(walletd, id, (s) => s.status === 'Error', 'the timeout');
    assert.equal(failed.details.error_type, 'Timeout');
    const version = await walletd.rpc('version', {});
    assert.equal(version.status, 200);
  } finally {
    await walletd.stop();
  }
});

test('Bridge refusing the origin (403, as trezord answers any other origin) fails the init at once, saying so', async () => {
  const origins = [];
  const server = createServer((req, res) => {
    origins.push(req.headers.origin);
    res.writeHead(403);
    res.end();
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const walletd = await startWalletd({ url: `http://127.0.0.1:${server.address().port}` }, 30);
  try {
    const id = await init(walletd);
    const failed = await until(walletd, id, (s) => s.status === 'Error', 'the refusal');
    assert.match(failed.details.error, /refused this origin/);
    assert.equal(origins.length, 1, 'no waiting for a device: one request');
    assert.equal(origins[0], 'https://python.trezor.io', 'the daemon names trezorlib\'s origin');
  } finally {
    await walletd.stop();
    await new Promise((resolve) => server.close(resolve));
  }
});
