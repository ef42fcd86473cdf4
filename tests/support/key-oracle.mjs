// The oracles of tests/support: key_oracle (the real get_private_keys handler in-process) and
// sapling_oracle (walletd's Sapling trial decryption), one answer per JSON line, for the
// differential tests against independent JS libraries.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './walletd-process.mjs';

function oracleBinary(program) {
  const candidates = [program === 'key_oracle' && process.env.KEY_ORACLE_BIN,
    join(repoRoot, 'build/native-release/tests/support', program), join(repoRoot, 'build/native-debug/tests/support', program)]
    .filter(Boolean);
  const found = candidates.find((p) => existsSync(p));
  if (!found) throw new Error(`${program} not built`);
  return found;
}

/** Runs the oracle over all lines at once; resolves one parsed answer per input. */
export function runOracle(lines, timeoutMs = 120000, program = 'key_oracle') {
  return new Promise((resolve, reject) => {
    const child = spawn(oracleBinary(program), []);
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    const timer = setTimeout(() => { child.kill('SIGKILL'); reject(new Error(`${program} timed out`)); }, timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code !== 0) return reject(new Error(`${program} exited ${code}`));
      resolve(out.trim().split('\n').map((l) => JSON.parse(l)));
    });
    child.stdin.end(lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  });
}

