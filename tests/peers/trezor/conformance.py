#!/usr/bin/python3
# trezorlib (Debian's python3-trezor, Trezor's own host library) driving the test device over
# the emulator's UDP transport: what it reads back is printed as one JSON object for the node
# test to compare with published vectors and independent libraries.
# Usage: conformance.py <port> <scenario> [pin, passphrase or JSON file]
#   basic       features, the internal public key, xpubs, addresses, legacy ETH signatures
#               (short data, and 2,500 bytes of data sent in chunks), a ping with a button
#   pin         the same PIN read from the debug link's matrix, as trezorlib's tests enter it
#   wrong-pin   a wrong PIN: trezorlib's PinException
#   passphrase  the given passphrase from the host, then the internal public key and an address
#   refuse      a button refused on the device: trezorlib's Cancelled
#   btc         btc.sign_tx for each transaction of the JSON file {"transactions": [...]}, each in
#               trezorctl's `btc sign-tx` format (coin_name, details, inputs, outputs, prev_txes by
#               txid) read with trezorlib's own protobuf.dict_to_proto (address_n may also be a path
#               string): the serialized transaction and signatures, or the error (Cancelled, or
#               TrezorFailure's code and message, e.g. for a refused button or a tampered previous
#               transaction), with the buttons asked for each
#   btc-disconnect  the first transaction of the file on a device that unplugs mid-way: trezorlib
#               waits for an answer that never comes (given up after 2 s), then finds no emulator
#               answering at the port
import json
import signal
import sys

from trezorlib import btc, ethereum, exceptions, messages, protobuf
from trezorlib.client import TrezorClient
from trezorlib.debuglink import DebugLink
from trezorlib.tools import parse_path
from trezorlib.transport import TransportException
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


def load_tx(spec):
    """One transaction of the JSON file as btc.sign_tx takes it, read as trezorctl reads its file."""
    def with_path(item):
        if isinstance(item.get("address_n"), str):
            item = dict(item, address_n=parse_path(item["address_n"]))
        return item

    details = protobuf.dict_to_proto(messages.SignTx, spec.get("details", {}))
    inputs = [protobuf.dict_to_proto(messages.TxInputType, with_path(i)) for i in spec["inputs"]]
    outputs = [protobuf.dict_to_proto(messages.TxOutputType, with_path(o)) for o in spec["outputs"]]
    prev_txes = {bytes.fromhex(txid): protobuf.dict_to_proto(messages.TransactionType, tx)
                 for txid, tx in spec.get("prev_txes", {}).items()}
    return spec.get("coin_name", "Bitcoin"), inputs, outputs, details, prev_txes


def sign_tx(client, ui, spec):
    coin, inputs, outputs, details, prev_txes = load_tx(spec)
    ui.buttons = []
    try:
        signatures, serialized = btc.sign_tx(client, coin, inputs, outputs, details, prev_txes)
        return {"serialized": serialized.hex(), "signatures": [sig.hex() for sig in signatures], "buttons": ui.buttons}
    except exceptions.Cancelled:
        return {"error": "Cancelled", "buttons": ui.buttons}
    except exceptions.TrezorFailure as e:
        return {"error": "TrezorFailure", "code": int(e.code), "message": e.message, "buttons": ui.buttons}


class NoAnswer(Exception):
    """Not TimeoutError: that is socket.timeout, which trezorlib's UDP read loop catches and retries."""


def sign_tx_unplugged(client, spec, port):
    coin, inputs, outputs, details, prev_txes = load_tx(spec)

    def give_up(signum, frame):
        raise NoAnswer()

    signal.signal(signal.SIGALRM, give_up)
    signal.setitimer(signal.ITIMER_REAL, 2.0)
    try:
        btc.sign_tx(client, coin, inputs, outputs, details, prev_txes)
        out = {"error": None}
    except NoAnswer:
        out = {"error": "no answer"}
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    try:
        UdpTransport("127.0.0.1:" + port).wait_until_ready(timeout=1)
        out["emulator_answers"] = True
    except TransportException:
        out["emulator_answers"] = False
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
        elif scenario == "btc":
            with open(secret) as f:
                out = {"transactions": [sign_tx(client, ui, spec) for spec in json.load(f)["transactions"]]}
        elif scenario == "btc-disconnect":
            with open(secret) as f:
                out = sign_tx_unplugged(client, json.load(f)["transactions"][0], port)
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
