// A WebUSB stand-in (navigator.usb as the WebUSB spec shapes it) with one Trezor One plugged in:
// USB.getDevices() lists it once requestDevice() matched it by the filters (the user allowing it),
// and its USBDevice has the firmware's descriptors (configuration 1; interface 0 vendor class 0xff
// with interrupt endpoints 1 in and out; interface 1 the U2F HID interface), the spec's state
// rules (open before selectConfiguration, a claimed interface before transfers) and transfer
// results ({status: 'ok', bytesWritten} / {status: 'ok', data: DataView}). Transfers go to
// `endpoints` {write(report), read() → Promise<Uint8Array>}: the test device (usb.mjs), in this
// process or, in Chromium, through functions the test exposes. Runs in Node and in browsers.
const TREZOR = { vendorId: 0x1209, productId: 0x53c1 };

function descriptors() {
  const endpoint = (direction) => ({ endpointNumber: 1, direction, type: 'interrupt', packetSize: 64 });
  return {
    configurationValue: 1,
    interfaces: [
      { interfaceNumber: 0, claimed: false, alternate: { alternateSetting: 0, interfaceClass: 0xff, endpoints: [endpoint('in'), endpoint('out')] } },
      { interfaceNumber: 1, claimed: false, alternate: { alternateSetting: 0, interfaceClass: 0x03, endpoints: [] } },
    ],
  };
}

export function webUsbStandIn(endpoints) {
  let allowed = false;
  const fail = (name, message) => Promise.reject(new DOMException(message, name));
  const device = {
    ...TREZOR,
    productName: 'TREZOR',
    opened: false,
    configuration: null,
    async open() { this.opened = true; },
    async close() { this.opened = false; this.configuration = null; },
    async selectConfiguration(value) {
      if (!this.opened) return fail('InvalidStateError', 'The device must be opened first.');
      if (value !== 1) return fail('NotFoundError', 'The configuration value provided is not supported by the device.');
      this.configuration = descriptors();
    },
    async claimInterface(number) {
      const iface = this.configuration?.interfaces.find((i) => i.interfaceNumber === number);
      if (!iface) return fail('NotFoundError', 'The interface number provided is not supported by the device in its current configuration.');
      iface.claimed = true;
    },
    async releaseInterface(number) {
      const iface = this.configuration?.interfaces.find((i) => i.interfaceNumber === number);
      if (iface) iface.claimed = false;
    },
    claimedEndpoint(number, direction) {
      const iface = this.configuration?.interfaces.find((i) => i.claimed && i.alternate.endpoints.some((e) => e.endpointNumber === number && e.direction === direction));
      return Boolean(iface);
    },
    async transferOut(number, data) {
      if (!this.claimedEndpoint(number, 'out')) return fail('NotFoundError', 'The specified endpoint is not part of a claimed and selected alternate interface.');
      const bytes = data instanceof Uint8Array ? data : new Uint8Array(data.buffer ?? data);
      if (bytes.length !== 64) return fail('DataError', 'A report is 64 bytes.');
      try {
        await endpoints.write(bytes);
      } catch (e) {
        return fail('NetworkError', `A transfer error has occurred: ${e.message}`);
      }
      return { status: 'ok', bytesWritten: bytes.length };
    },
    async transferIn(number, length) {
      if (!this.claimedEndpoint(number, 'in')) return fail('NotFoundError', 'The specified endpoint is not part of a claimed and selected alternate interface.');
      let report;
      try {
        report = await endpoints.read();
      } catch (e) {
        return fail('NetworkError', `A transfer error has occurred: ${e.message}`);
      }
      return { status: 'ok', data: new DataView(Uint8Array.from(report).slice(0, length).buffer) };
    },
  };
  return {
    device,
    async getDevices() { return allowed ? [device] : []; },
    async requestDevice({ filters }) {
      if (!filters.some((f) => f.vendorId === TREZOR.vendorId && (f.productId === undefined || f.productId === TREZOR.productId)))
        return fail('NotFoundError', 'No device selected.');
      allowed = true;
      return device;
    },
  };
}
