#!/usr/bin/env bash
# Installs everything walletd's build, tests and benchmarks need on Debian 12: the card's Debian
# packages (apt-get, as root or through sudo) and the npm test tooling. With --daemon, only what
# building the daemon needs (scripts/demo.sh: a newcomer's first command stays light).
set -euo pipefail
cd "$(dirname "$0")/.."
daemon_packages=(build-essential cmake ninja-build pkg-config git ca-certificates
  libsecp256k1-dev libmbedtls-dev libcpp-httplib-dev libssl-dev libnghttp2-dev nlohmann-json3-dev catch2
  libusb-1.0-0-dev)  # a Trezor over USB (the WALLETD_LIBUSB option, on by default)
packages=("${daemon_packages[@]}" dpkg-dev curl openssl emscripten wrk
  clang libclang-rt-14-dev  # clang + libFuzzer/ASan/UBSan runtimes for the fuzz preset
  clang-tidy  # scripts/tidy.sh: the core's static checks
  chromium  # the npm package tests in a real browser (driven by playwright-core)
  litecoind  # the UTXO peer: Litecoin Core in regtest (Bitcoin Core 0.21 scripts and sighash rules)
  python3-trezor)  # trezorlib: Trezor's own host library checks the Trezor test device
daemon_only=false
[ "${1:-}" = "--daemon" ] && { daemon_only=true; packages=("${daemon_packages[@]}"); }
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  echo "install-deps: installing ${missing[*]}"
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
$daemon_only && exit 0
command -v node >/dev/null || { echo "install-deps: node (>= 18) is required" >&2; exit 1; }
# One retry: a fresh npm ci has been seen to run ganache's leveldown install script before its
# node-gyp-build was in place ("node-gyp-build: not found"); the second run installs cleanly.
npm ci --no-audit --no-fund --loglevel=error ||
  { echo "install-deps: npm ci failed once; retrying"; npm ci --no-audit --no-fund --loglevel=error; }
