// key_oracle (tests/support/key_oracle.cpp): the real get_private_keys handler in-process, one
// answer per JSON line, for the key differential tests.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './walletd-process.mjs';

function keyOracle() {
  const candidates = [process.env.KEY_ORACLE_BIN, join(repoRoot, 'build/native-release/tests/support/key_oracle'),
    join(repoRoot, 'build/native-debug/tests/support/key_oracle')].filter(Boolean);
  const found = candidates.find((p) => existsSync(p));
  if (!found) throw new Error('key_oracle not built');
  return found;
}

/** Runs the oracle over all lines at once; resolves one parsed answer per input. */
export function runOracle(lines, timeoutMs = 120000) {
  return new Promise((resolve, reject) => {
    const child = spawn(keyOracle(), []);
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    const timer = setTimeout(() => { child.kill('SIGKILL'); reject(new Error('key_oracle timed out')); }, timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code !== 0) return reject(new Error(`key_oracle exited ${code}`));
      resolve(out.trim().split('\n').map((l) => JSON.parse(l)));
    });
    child.stdin.end(lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  });
}

