// An independent reader of walletd's storage log (docs/storage.md): checks the header and every
// record's length and SHA-256 prefix, and replays the batches. Throws on anything malformed.
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';

export function readStorageLog(path) {
  const file = readFileSync(path);
  const header = 'WALLETD-LOG 1\n';
  if (file.subarray(0, header.length).toString('latin1') !== header) throw new Error('bad log header');
  const entries = new Map();
  let pos = header.length;
  let records = 0;
  while (pos < file.length) {
    const head = file.subarray(pos, pos + 26).toString('latin1');
    if (head.length < 26 || head[0] !== 'R' || head[25] !== '\n') throw new Error(`bad record header at ${pos}`);
    const length = parseInt(head.slice(1, 9), 16);
    const payload = file.subarray(pos + 26, pos + 26 + length);
    if (payload.length !== length || file[pos + 26 + length] !== 0x0a) throw new Error(`short record at ${pos}`);
    const checksum = createHash('sha256').update(payload).digest('hex').slice(0, 16);
    if (checksum !== head.slice(9, 25)) throw new Error(`checksum mismatch at ${pos}`);
    for (const [key, value] of JSON.parse(payload.toString('utf8'))) {
      if (value === null) entries.delete(key); else entries.set(key, value);
    }
    pos += 26 + length + 1;
    records++;
  }
  return { entries, records, bytes: file.length };
}
