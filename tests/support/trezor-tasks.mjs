// What the Trezor integration tests share: polling a task's status, the PIN as the matrix
// positions a user reads off the test device's screen, and the coins file with `trezor_coin`
// set on some entries (and a copy of the first without, to be refused).
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './walletd-process.mjs';

/** Polls `method` (a task's status) every 25 ms until `done(result)`; throws naming `what`. */
export async function untilTask(walletd, method, taskId, done, what, tries = 800) {
  for (let i = 0; i < tries; i++) {
    const r = await walletd.rpc(method, { task_id: taskId, forget_if_finished: false });
    assert.equal(r.status, 200, r.text);
    if (done(r.json.result)) return r.json.result;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${method} ${taskId} never reached ${what}`);
}

/** The PIN as matrix positions (1–9 as on a keypad) for the matrix the device shows now. */
export const matrixPositions = (device, pin) => [...pin].map((digit) => device.matrix.indexOf(digit) + 1).join('');

/** Holds every screen of `device` until the test presses: answers press(decision = true), which
 * waits (bounded) for the next screen and answers it. */
export function heldButtons(device) {
  const screens = [];
  device.buttons = () => new Promise((resolve) => screens.push(resolve));
  return async (decision = true) => {
    for (let i = 0; i < 400 && screens.length === 0; i++) await new Promise((r) => setTimeout(r, 25));
    if (screens.length === 0) throw new Error('no screen on the device');
    screens.shift()(decision);
  };
}

/** Writes the project's coins file to `dir` with trezor_coin on the entries `tickers` names and a
 * copy of the first named `plain` without it; answers its path. */
export function coinsWithTrezor(dir, tickers, trezorCoin, plain) {
  const coins = JSON.parse(readFileSync(join(repoRoot, 'config/coins.json'), 'utf8'));
  const named = coins.filter((c) => tickers.includes(c.coin));
  coins.push({ ...named[0], coin: plain });
  for (const c of named) c.trezor_coin = trezorCoin;
  const path = join(dir, 'coins.json');
  writeFileSync(path, JSON.stringify(coins));
  return path;
}
