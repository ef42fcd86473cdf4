// WebUSB links to Trezor devices for the core (trezor.transport "webusb"), as KDF's wasm build
// and Trezor's own web hosts reach them: the devices this page was allowed (usb.getDevices(),
// matched by Trezor's USB ids), each opened with configuration 1 and its vendor-class interface
// claimed; one 64-byte report per transfer on that interface's endpoints. Allowing a device needs
// a user gesture: the app calls requestTrezor() from a click.

/** Trezor's firmware USB ids (Model One and later; the bootloader's 0x53c0 cannot sign). */
export const TREZOR_USB_FILTERS = [{ vendorId: 0x1209, productId: 0x53c1 }];

const REPORT = 64;
const VENDOR_CLASS = 0xff;
const isTrezor = (d) => TREZOR_USB_FILTERS.some((f) => d.vendorId === f.vendorId && d.productId === f.productId);
const toHex = (bytes) => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
const fromHex = (hex) => Uint8Array.from(hex.match(/../g) ?? [], (h) => parseInt(h, 16));

/** Asks the user to allow a Trezor (the browser's device chooser); call it from a user gesture. */
export function requestTrezor(usb = globalThis.navigator?.usb) {
  if (!usb) throw new Error('this browser has no WebUSB (navigator.usb)');
  return usb.requestDevice({ filters: TREZOR_USB_FILTERS });
}

// The device's first vendor-class interface and its in and out endpoint numbers (the normal
// link; a debug link, on a second interface, is left alone).
function trezorInterface(device) {
  for (const iface of device.configuration?.interfaces ?? []) {
    const alternate = iface.alternate ?? iface.alternates?.[0];
    if (alternate?.interfaceClass !== VENDOR_CLASS) continue;
    const endpoint = (direction) => alternate.endpoints.find((e) => e.direction === direction)?.endpointNumber;
    return { number: iface.interfaceNumber, in: endpoint('in'), out: endpoint('out') };
  }
  throw new Error('the device has no vendor-class interface (is it a Trezor in firmware mode?)');
}

async function openDevice(device) {
  if (!device.opened) await device.open();
  if (device.configuration?.configurationValue !== 1) await device.selectConfiguration(1);
  const iface = trezorInterface(device);
  await device.claimInterface(iface.number);
  return { device, iface };
}

/** The host functions the core calls (host.usbOpen / usbWrite / usbRead / usbClose). */
export function webUsbHost(usb) {
  const links = new Map();
  let next = 1;
  const link = (id) => {
    const found = links.get(id);
    if (!found) throw new Error('the device was closed');
    return found;
  };
  return {
    // Each allowed Trezor that opens; one that does not (another tab or program holds it) is
    // closed again and left out, and its reason is the answer when none opened.
    async usbOpen() {
      const ids = [];
      let problem = null;
      for (const device of (await usb.getDevices()).filter(isTrezor)) {
        try {
          const opened = await openDevice(device);
          const id = next++;
          links.set(id, opened);
          ids.push(id);
        } catch (e) {
          problem = `the Trezor could not be opened (is another tab or program using it?): ${e?.message ?? e}`;
          await device.close().catch(() => {});
        }
      }
      if (ids.length === 0 && problem) throw new Error(problem);
      return ids;
    },
    async usbWrite({ id, hex }) {
      const { device, iface } = link(id);
      const result = await device.transferOut(iface.out, fromHex(hex));
      if (result.status !== 'ok' || result.bytesWritten !== REPORT) throw new Error(`the device took no report (${result.status})`);
      return true;
    },
    async usbRead({ id }) {
      const { device, iface } = link(id);
      const result = await device.transferIn(iface.in, REPORT);
      if (result.status !== 'ok' || !result.data) throw new Error(`the device sent no report (${result.status})`);
      return toHex(new Uint8Array(result.data.buffer, result.data.byteOffset, result.data.byteLength));
    },
    async usbClose({ id }) {
      const found = links.get(id);
      links.delete(id);
      if (!found) return;
      try {
        await found.device.releaseInterface(found.iface.number);
        await found.device.close();
      } catch {
        // unplugged already: nothing to give back
      }
    },
  };
}
