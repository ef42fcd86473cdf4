// The daemon reaching the Trezor test device over the emulator's UDP transport (trezor.transport
// "udp", as KDF's test builds and trezorlib reach Trezor's emulator): the emulator is found by
// PINGPING, init goes through the PIN and the passphrase in 64-byte datagrams and names the
// device of the vectors; trezor_connection_status answers Connected, then Unreachable once the
// emulator stops answering (an unanswered ping ends the link: UDP has no connection); an init
// with no emulator listening waits for it and times out as KDF's does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSocket } from 'node:dgram';
import { TrezorTestDevice } from '../peers/trezor/device.mjs';
import { listenUdp } from '../peers/trezor/udp.mjs';
import { WalletdProcess, cleanup, tempDir, writeConfig } from '../support/walletd-process.mjs';
import { matrixPositions, untilTask } from '../support/trezor-tasks.mjs';

const PUBKEY_TREZOR = '7a450c0244525a850f0467c9a5b57c4260d98b37';  // passphrase "TREZOR" (vectors)

async function withDaemon(udpAddress, fn, transport = 'udp') {
  const dir = tempDir('walletd-trezor-udp-');
  const walletd = await WalletdProcess.start(writeConfig(dir, { passphrase: 'trezor udp test passphrase',
    trezor: { transport, udp_address: udpAddress, connect_timeout_s: 1 } }));
  try {
    await fn(walletd);
  } finally {
    await walletd.stop();
    cleanup(dir);
  }
}

// A free UDP port nobody answers on.
async function silentPort() {
  const socket = createSocket('udp4');
  await new Promise((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address();
  await new Promise((resolve) => socket.close(resolve));
  return port;
}

test('init over UDP with PIN and passphrase; Connected, then Unreachable once the emulator is gone', async () => {
  const device = new TrezorTestDevice({ pin: '1597', passphraseProtection: true });
  const udp = await listenUdp(device);
  try {
    await withDaemon(`127.0.0.1:${udp.port}`, async (walletd) => {
      const init = await walletd.rpc('task::init_trezor::init', {});
      assert.equal(init.status, 200, init.text);
      const id = init.json.result.task_id;
      const until = (done, what) => untilTask(walletd, 'task::init_trezor::status', id, done, what);
      await until((s) => s.details === 'EnterTrezorPin', 'the PIN');
      await walletd.rpc('task::init_trezor::user_action', { task_id: id,
        user_action: { action_type: 'TrezorPin', pin: matrixPositions(device, '1597') } });
      await until((s) => s.details === 'EnterTrezorPassphrase', 'the passphrase');
      await walletd.rpc('task::init_trezor::user_action', { task_id: id,
        user_action: { action_type: 'TrezorPassphrase', passphrase: 'TREZOR' } });
      const done = await until((s) => s.status !== 'InProgress', 'the end');
      assert.equal(done.status, 'Ok', JSON.stringify(done));
      assert.equal(done.details.device_pubkey, PUBKEY_TREZOR);
      assert.equal(done.details.device_id, device.deviceId);
      const connected = await walletd.rpc('trezor_connection_status', {});
      assert.deepEqual(connected.json.result, { status: 'Connected' });
      device.unplug();
      const started = Date.now();
      const gone = await walletd.rpc('trezor_connection_status', {});
      assert.deepEqual(gone.json.result, { status: 'Unreachable' });
      assert.ok(Date.now() - started < 10000, 'an unanswered ping ends the wait within seconds');
    });
  } finally {
    await udp.close();
  }
});

test('the emulator process gone (its port closed): Unreachable at once, not after a wait', async () => {
  const device = new TrezorTestDevice();
  const udp = await listenUdp(device);
  await withDaemon(`127.0.0.1:${udp.port}`, async (walletd) => {
    const init = await walletd.rpc('task::init_trezor::init', {});
    const id = init.json.result.task_id;
    const done = await untilTask(walletd, 'task::init_trezor::status', id, (s) => s.status !== 'InProgress', 'the end');
    assert.equal(done.status, 'Ok', JSON.stringify(done));
    await udp.close();
    const started = Date.now();
    const gone = await walletd.rpc('trezor_connection_status', {});
    assert.deepEqual(gone.json.result, { status: 'Unreachable' });
    assert.ok(Date.now() - started < 10000);
  });
});

test('no emulator on the port: init waits for one, then times out as KDF does', async () => {
  await withDaemon(`127.0.0.1:${await silentPort()}`, async (walletd) => {
    const init = await walletd.rpc('task::init_trezor::init', {});
    const id = init.json.result.task_id;
    const failed = await untilTask(walletd, 'task::init_trezor::status', id, (s) => s.status === 'Error', 'the timeout');
    assert.equal(failed.details.error_type, 'Timeout', JSON.stringify(failed));
  });
});

test('USB with no Trezor plugged in: init waits for one, then times out; the node keeps answering', async () => {
  await withDaemon('127.0.0.1:21324', async (walletd) => {
    const init = await walletd.rpc('task::init_trezor::init', {});
    const id = init.json.result.task_id;
    const failed = await untilTask(walletd, 'task::init_trezor::status', id, (s) => s.status === 'Error', 'the timeout');
    assert.equal(failed.details.error_type, 'Timeout', JSON.stringify(failed));
    assert.equal((await walletd.rpc('version', {})).status, 200);
  }, 'usb');
});
