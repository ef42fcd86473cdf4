#!/usr/bin/env bash
# Builds walletd (installing its Debian packages if needed) and runs it on the embedded demo
# configuration: RPC on 127.0.0.1:7783, password walletd-Demo-1, a throwaway database.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh --daemon
cmake --preset native-release >/dev/null
cmake --build --preset native-release -j2 --target walletd
exec ./build/native-release/host-native/walletd --demo "$@"
