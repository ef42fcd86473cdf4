// The emulator's UDP transport for the test device: one 64-byte report per datagram on
// 127.0.0.1:<port>, "PINGPING" answered "PONGPONG" (how hosts find an emulator), answers sent to
// whoever sent the last datagram; the debug link on <port>+1 answers DebugLinkGetState with the
// PIN and the matrix on screen, as the firmware's debug build does. Once the device is unplugged
// (device.disconnected) both ports stay silent, PINGPING included, like an emulator that is gone.
import { createSocket } from 'node:dgram';
import { Deframer, decode, encode, frame } from './wire.mjs';

function bind(port) {
  return new Promise((resolve, reject) => {
    const socket = createSocket('udp4');
    socket.once('error', reject);
    socket.bind(port, '127.0.0.1', () => resolve(socket));
  });
}

// Serves `onMessage(decoded, reply)` on a socket while `alive()`: reply(name, fields) frames to the sender.
function serve(socket, onMessage, alive) {
  let deframer = new Deframer();
  socket.on('message', (datagram, from) => {
    if (!alive()) return;
    if (datagram.length === 8 && datagram.toString() === 'PINGPING') {
      socket.send('PONGPONG', from.port, from.address);
      return;
    }
    let message;
    try {
      message = deframer.push(new Uint8Array(datagram));
    } catch {
      deframer = new Deframer();  // a stray report: the firmware drops it and waits for ?##
      return;
    }
    if (!message) return;
    const reply = (name, fields) => {
      const { id, payload } = encode(name, fields);
      for (const report of frame(id, payload)) socket.send(report, from.port, from.address);
    };
    onMessage(decode(message.id, message.payload), reply);
  });
}

// Binds the device to 127.0.0.1:port (0: any free port) and the debug link to port+1.
export async function listenUdp(device, { port = 0 } = {}) {
  let main;
  let debug;
  for (let attempt = 0; attempt < 20 && !debug; attempt++) {
    main = await bind(port);
    try {
      debug = await bind(main.address().port + 1);
    } catch (e) {
      main.close();
      if (port !== 0) throw e;
    }
  }
  if (!debug) throw new Error('no two free UDP ports in a row');
  const alive = () => !device.disconnected;
  serve(main, (decoded, reply) => {
    device.attach(reply);
    device.receive(decoded);
  }, alive);
  serve(debug, ({ type }, reply) => {
    if (type === 'DebugLinkGetState') {
      reply('DebugLinkState', { pin: device.pin ?? '', matrix: device.matrix ?? '', passphrase_protection: device.passphraseProtection });
    }
  }, alive);
  return {
    port: main.address().port,
    close: () => Promise.all([main, debug].map((s) => new Promise((resolve) => s.close(resolve)))),
  };
}
