#!/usr/bin/env bash
# Installs what is needed and runs every test: the layering check, native build, clang-tidy on the
# core, unit tests, daemon tests and fuzz
# corpus replay (ctest), wasm build + unit tests under node (ctest), a timed libFuzzer run of
# every fuzz target (ASan + UBSan), integration tests against the real daemon and the npm package
# tests (node's test runner). Exits non-zero when anything fails.
set -uo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=/usr/share/nodejs   # Emscripten 3.1.6 finds Debian's acorn here
bash scripts/install-deps.sh || exit 1

status=0
step() { echo; echo "=== $*"; }
run() { "$@" || { echo "FAILED: $*"; status=1; }; }

step "the core's layering (docs/architecture.md)"
run node scripts/check-layers.mjs

step "native build (native-release)"
run cmake --preset native-release
run cmake --build --preset native-release -j2
step "clang-tidy on the core (.clang-tidy; a finding fails)"
run bash scripts/tidy.sh build/native-release
step "native unit tests"
run ctest --preset native-release
step "generated method docs match the method table (README, docs/methods.md, js/src/methods.d.ts)"
run node scripts/gen-method-docs.mjs --check build/native-release/host-native/walletd

step "wasm build (wasm-release)"
run cmake --preset wasm-release
run cmake --build --preset wasm-release -j2
step "wasm unit tests under node"
run ctest --preset wasm-release
step "npm package: pack the tarball and install it where the package tests import it"
run node scripts/pack-package.mjs

step "fuzzing: libFuzzer with ASan + UBSan from the committed corpus (seconds per target: http_request storage_log coins_file rpc_request)"
run bash bench/fuzz/run.sh ${WALLETD_FUZZ_SECONDS:-200 60 20 40}

step "integration tests (real walletd) and npm package tests"
export WALLETD_BIN=$PWD/build/native-release/host-native/walletd
run node --test --test-concurrency=1 tests/integration/ tests/js/

echo
if [ $status -eq 0 ]; then echo "test-all: every test passed"; else echo "test-all: FAILURES above"; fi
exit $status
