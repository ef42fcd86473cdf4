// The test device behind a USB interface's interrupt endpoints, as a WebUSB or libusb host sees a
// Trezor: the host writes 64-byte reports (protocol v1, the emulator's UDP framing) and reads the
// device's reports one at a time. Once the device is unplugged, writes fail and reads in flight
// and after fail, as a transfer to a device that went away does.
import { Deframer, decode, encode, frame } from './wire.mjs';

export function usbEndpoints(device) {
  let deframer = new Deframer();
  const queue = [];    // the device's reports not read yet
  const readers = [];  // reads waiting for a report
  const gone = () => new Error('the device was disconnected');
  const push = (report) => {
    const reader = readers.shift();
    if (reader) reader.resolve(report);
    else queue.push(report);
  };
  device.onDisconnect(() => { for (const reader of readers.splice(0)) reader.reject(gone()); });
  return {
    /** One report from the host (Uint8Array of 64 bytes). */
    write(report) {
      if (device.disconnected) throw gone();
      let message;
      try {
        message = deframer.push(Uint8Array.from(report));
      } catch {
        deframer = new Deframer();  // a stray report: the firmware drops it and waits for ?##
        return;
      }
      if (!message) return;
      device.attach((name, fields) => {
        const { id, payload } = encode(name, fields);
        for (const out of frame(id, payload)) push(Uint8Array.from(out));
      });
      device.receive(decode(message.id, message.payload));
    },
    /** The device's next report. */
    read() {
      if (queue.length) return Promise.resolve(queue.shift());
      if (device.disconnected) return Promise.reject(gone());
      return new Promise((resolve, reject) => readers.push({ resolve, reject }));
    },
  };
}
