#!/usr/bin/env bash
# Fetches the Debian source packages of libsecp256k1 and Mbed TLS (the exact versions the native
# build links) into DEST, for the wasm build to compile with emcc. Uses a private apt state
# directory and the archive URIs this machine's apt already uses, so system apt is not touched.
set -euo pipefail
DEST=${1:?usage: fetch-deb-sources.sh DEST}
SECP_VERSION=${SECP_VERSION:-0.2.0-2}
MBEDTLS_VERSION=${MBEDTLS_VERSION:-2.28.3-1}
mkdir -p "$DEST"
cd "$DEST"
if [ -d libsecp256k1-0.2.0 ] && [ -d mbedtls-2.28.3 ]; then exit 0; fi

apt_dir=$PWD/apt
mkdir -p "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial"
# Deb822 and one-line sources both name the archive URIs; keep the Debian ones.
uris=$( (cat /etc/apt/sources.list /etc/apt/sources.list.d/*.sources /etc/apt/sources.list.d/*.list 2>/dev/null || true) |
  sed -n -e 's/^URIs:[[:space:]]*//p' -e 's/^deb[[:space:]]\+\(\[[^]]*\][[:space:]]\+\)\?\([^[:space:]]\+\).*/\2/p' |
  grep -i 'debian' | sort -u)
[ -n "$uris" ] || { echo "fetch-deb-sources: no Debian archive URI found in apt sources" >&2; exit 1; }
: > "$apt_dir/src.list"
for uri in $uris; do
  case "$uri" in
    *security*) suites="bookworm-security" ;;
    *) suites="bookworm bookworm-updates" ;;
  esac
  for suite in $suites; do
    echo "deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $uri $suite main" >> "$apt_dir/src.list"
  done
done
opts=(-o "Dir::Etc::SourceList=$apt_dir/src.list" -o Dir::Etc::SourceParts=/dev/null
  -o "Dir::State::Lists=$apt_dir/lists" -o "Dir::Cache=$apt_dir/cache" -o APT::Sandbox::User=root)
apt-get "${opts[@]}" -q update >/dev/null
command -v dpkg-source >/dev/null || { echo "fetch-deb-sources: dpkg-dev is required" >&2; exit 1; }
apt-get "${opts[@]}" -q source "libsecp256k1=$SECP_VERSION" "mbedtls=$MBEDTLS_VERSION" >/dev/null
[ -d libsecp256k1-0.2.0 ] && [ -d mbedtls-2.28.3 ] || { echo "fetch-deb-sources: unpack failed" >&2; exit 1; }
echo "fetch-deb-sources: libsecp256k1 $SECP_VERSION and mbedtls $MBEDTLS_VERSION unpacked in $DEST"
