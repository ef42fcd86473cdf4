#!/usr/bin/python3
# trezorlib (Debian's python3-trezor, Trezor's own host library) driving the test device over
# the emulator's UDP transport: what it reads back is printed as one JSON object for the node
# test to compare with published vectors and independent libraries.
# Usage: conformance.py <port> <scenario> [pin or passphrase]
#   basic       features, the internal public key, xpubs, addresses, legacy ETH signatures
#               (short data, and 2,500 bytes of data sent in chunks), a ping with a button
#   pin         the same PIN read from the debug link's matrix, as trezorlib's tests enter it
#   wrong-pin   a wrong PIN: trezorlib's PinException
#   passphrase  the given passphrase from the host, then the internal public key and an address
#   refuse      a button refused on the device: trezorlib's Cancelled
import json
import sys

from trezorlib import btc, ethereum, exceptions, messages
from trezorlib.client import TrezorClient
from trezorlib.debuglink import DebugLink
from trezorlib.tools import parse_path
from trezorlib.transport.udp import UdpTransport


class TestUi:
    """What a user would do: the PIN from the debug link's matrix, the passphrase given."""

    def __init__(self, debug, pin, passphrase):
        self.debug, self.pin, self.passphrase = debug, pin, passphrase
        self.buttons = []

    def button_request(self, code):
        self.buttons.append(int(code))

    def get_pin(self, code=None):
        return self.debug.encode_pin(self.pin)

    def get_passphrase(self, available_on_device=False):
        return self.passphrase


def eth_signature(client, data):
    v, r, s = ethereum.sign_tx(client, parse_path("m/44'/60'/0'/0/0"), nonce=9, gas_price=20 * 10**9,
                               gas_limit=21000 + 68 * len(data), to="0x3535353535353535353535353535353535353535",
                               value=10**18, data=data, chain_id=1)
    return {"v": v, "r": r.hex(), "s": s.hex(), "data_length": len(data)}


def internal_pubkey(client):
    node = btc.get_public_node(client, parse_path("m/44'/141'/2147483647/0/0"), coin_name="Komodo",
                               ecdsa_curve_name="secp256k1").node
    return node.public_key.hex()


def basic(client, ui):
    features = client.features
    out = {
        "vendor": features.vendor, "model": features.model, "label": features.label,
        "version": [features.major_version, features.minor_version, features.patch_version],
        "internal_pubkey": internal_pubkey(client),
        "eth_xpub": btc.get_public_node(client, parse_path("m/44'/60'/0'"), coin_name="Bitcoin").xpub,
        "eth_public_node": ethereum.get_public_node(client, parse_path("m/44'/60'/0'")).xpub,
        "eth_address": ethereum.get_address(client, parse_path("m/44'/60'/0'/0/0")),
        "btc_address": btc.get_address(client, "Bitcoin", parse_path("m/44'/0'/0'/0/0")),
        "btc_segwit_address": btc.get_address(client, "Bitcoin", parse_path("m/84'/0'/0'/0/0"),
                                              script_type=messages.InputScriptType.SPENDWITNESS),
        "ltc_address": btc.get_address(client, "Litecoin", parse_path("m/44'/2'/0'/0/0")),
        "kmd_address_shown": btc.get_address(client, "Komodo", parse_path("m/44'/141'/0'/0/0"), show_display=True),
        "ltc_xpub": btc.get_public_node(client, parse_path("m/44'/2'/0'"), coin_name="Litecoin").xpub,
        "eth_signature": eth_signature(client, b""),
        "eth_signature_chunked": eth_signature(client, bytes(i % 251 for i in range(2500))),
        "ping": client.ping("walletd", button_protection=True),
    }
    out["buttons"] = ui.buttons
    return out


def main():
    port, scenario = sys.argv[1], sys.argv[2]
    secret = sys.argv[3] if len(sys.argv) > 3 else ""
    transport = UdpTransport("127.0.0.1:" + port)
    debug = DebugLink(transport.find_debug())
    debug.open()
    ui = TestUi(debug, secret, secret)
    client = TrezorClient(transport, ui=ui)
    try:
        if scenario == "basic":
            out = basic(client, ui)
        elif scenario == "pin":
            out = {"internal_pubkey": internal_pubkey(client), "unlocked": client.refresh_features().unlocked}
        elif scenario == "wrong-pin":
            ui.pin = "".join(str((int(d) % 9) + 1) for d in secret)  # each digit one off
            try:
                internal_pubkey(client)
                out = {"error": None}
            except exceptions.PinException as e:
                out = {"error": "PinException", "code": int(e.args[0])}
        elif scenario == "passphrase":
            out = {"internal_pubkey": internal_pubkey(client),
                   "eth_address": ethereum.get_address(client, parse_path("m/44'/60'/0'/0/0")),
                   "eth_xpub": btc.get_public_node(client, parse_path("m/44'/60'/0'"), coin_name="Bitcoin").xpub}
        elif scenario == "refuse":
            try:
                client.ping("walletd", button_protection=True)
                out = {"error": None}
            except exceptions.Cancelled:
                out = {"error": "Cancelled"}
        else:
            raise SystemExit("unknown scenario " + scenario)
    finally:
        debug.close()
        transport.close()
    print(json.dumps(out))


if __name__ == "__main__":
    main()
