// The Trezor wire format for the test device, from Trezor's own message schema (@trezor/protobuf,
// the firmware's .proto files compiled to JSON), not from walletd's codec: messages by name ⇄
// (type id, proto2 payload), and protocol v1's framing into 64-byte reports ("?##", u16 type,
// u32 length, payload; each next report "?" + 63 bytes; the last zero-padded).
import { createRequire } from 'node:module';
import * as TrezorProtobuf from '@trezor/protobuf';

const require = createRequire(import.meta.url);
const root = TrezorProtobuf.parseConfigure(require('@trezor/protobuf/messages.json'));
export const REPORT = 64;

// {type name, fields} → {id, payload}
export function encode(name, fields = {}) {
  const { messageType, message } = TrezorProtobuf.encodeMessage(root, name, fields);
  return { id: messageType, payload: new Uint8Array(message) };
}

// (type id, payload) → {type name, message fields} (bytes as hex strings, uint64 as numbers or, past
// 2^53, decimal strings; absent fields null, absent sub-messages {}, as @trezor/protobuf decodes them).
// Id 22 decodes as messages.json's MessageType names it: TxAck{tx: TransactionType} (version 1,
// inputs 2, bin_outputs 3, lock_time 4, outputs 5, inputs_cnt 6, outputs_cnt 7, extra_data 8,
// extra_data_len 9) — the form trezorlib 0.12.4 sends. The newer TxAckInput, TxAckOutput,
// TxAckPrevMeta, TxAckPrevInput, TxAckPrevOutput and TxAckPrevExtraData share id 22 and those field
// numbers (PrevTx's inputs_count/outputs_count are fields 6/7), so each reads back through `tx`.
export function decode(id, payload) {
  return TrezorProtobuf.decodeMessage(root, id, Buffer.from(payload));
}

// One message → its 64-byte reports.
export function frame(id, payload) {
  const whole = new Uint8Array(8 + payload.length);
  whole.set([0x23, 0x23, id >> 8, id & 0xff]);
  new DataView(whole.buffer).setUint32(4, payload.length);
  whole.set(payload, 8);
  const reports = [];
  for (let at = 0; at < whole.length || reports.length === 0; at += REPORT - 1) {
    const report = new Uint8Array(REPORT);
    report[0] = 0x3f;
    report.set(whole.subarray(at, at + REPORT - 1), 1);
    reports.push(report);
  }
  return reports;
}

// Collects reports into messages: push(report) returns {id, payload} when one is complete, else
// null; a report that does not start a message where one must start throws.
export class Deframer {
  #id = 0;
  #length = 0;
  #parts = [];
  #have = 0;

  push(report) {
    if (report.length !== REPORT || report[0] !== 0x3f) throw new Error('not a v1 report');
    if (this.#parts.length === 0) {
      if (report[1] !== 0x23 || report[2] !== 0x23) throw new Error('a message must start with ?##');
      const view = new DataView(report.buffer, report.byteOffset, REPORT);
      this.#id = view.getUint16(3);
      this.#length = view.getUint32(5);
      this.#parts.push(report.subarray(9));
    } else {
      this.#parts.push(report.subarray(1));
    }
    this.#have += this.#parts.at(-1).length;
    if (this.#have < this.#length) return null;
    const all = new Uint8Array(this.#have);
    let at = 0;
    for (const part of this.#parts) { all.set(part, at); at += part.length; }
    const message = { id: this.#id, payload: all.subarray(0, this.#length) };
    this.#parts = [];
    this.#have = 0;
    return message;
  }
}
