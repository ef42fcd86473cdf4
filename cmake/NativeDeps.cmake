# Native dependencies from Debian packages. Each ends up behind a walletd:: alias so the core's
# CMake code is the same in both builds.
find_package(PkgConfig REQUIRED)
find_package(nlohmann_json 3.11 REQUIRED)
find_package(Threads REQUIRED)
pkg_check_modules(SECP256K1 REQUIRED IMPORTED_TARGET libsecp256k1)
# Debian's cpp-httplib is a compiled library; its pkg-config flags (OpenSSL etc.) are ABI-relevant.
pkg_check_modules(HTTPLIB REQUIRED IMPORTED_TARGET cpp-httplib)
# libnghttp2: HTTP/2 framing and HPACK for the daemon's gRPC (lightwalletd, ZHTLC coins).
pkg_check_modules(NGHTTP2 REQUIRED IMPORTED_TARGET libnghttp2)
find_path(MBEDTLS_INCLUDE_DIR mbedtls/sha256.h REQUIRED)
find_library(MBEDCRYPTO_LIBRARY mbedcrypto REQUIRED)

add_library(walletd_dep_json INTERFACE)
target_link_libraries(walletd_dep_json INTERFACE nlohmann_json::nlohmann_json)
add_library(walletd::json ALIAS walletd_dep_json)

add_library(walletd_dep_secp INTERFACE)
target_link_libraries(walletd_dep_secp INTERFACE PkgConfig::SECP256K1)
add_library(walletd::secp256k1 ALIAS walletd_dep_secp)

add_library(walletd_dep_mbedcrypto INTERFACE)
target_include_directories(walletd_dep_mbedcrypto INTERFACE ${MBEDTLS_INCLUDE_DIR})
target_link_libraries(walletd_dep_mbedcrypto INTERFACE ${MBEDCRYPTO_LIBRARY})
add_library(walletd::mbedcrypto ALIAS walletd_dep_mbedcrypto)

find_path(CATCH2_INCLUDE_DIR catch2/catch.hpp REQUIRED)
add_library(walletd_dep_catch2 INTERFACE)
target_include_directories(walletd_dep_catch2 SYSTEM INTERFACE ${CATCH2_INCLUDE_DIR})
add_library(walletd::catch2 ALIAS walletd_dep_catch2)
