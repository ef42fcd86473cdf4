# WebAssembly dependencies: libsecp256k1 and Mbed TLS compiled with emcc from Debian's source
# packages (fetched once into the build tree), nlohmann_json and Catch2 headers staged so that
# /usr/include never reaches emcc's include path (glibc headers would shadow the sysroot's).
set(WALLETD_DEPS_SRC ${CMAKE_BINARY_DIR}/_deps-src)
if(NOT EXISTS ${WALLETD_DEPS_SRC}/libsecp256k1-0.2.0 OR NOT EXISTS ${WALLETD_DEPS_SRC}/mbedtls-2.28.3)
  message(STATUS "Fetching Debian sources of libsecp256k1 and mbedtls")
  execute_process(COMMAND bash ${CMAKE_SOURCE_DIR}/toolchains/fetch-deb-sources.sh ${WALLETD_DEPS_SRC}
    RESULT_VARIABLE fetch_rc)
  if(NOT fetch_rc EQUAL 0)
    message(FATAL_ERROR "Could not fetch the Debian sources (toolchains/fetch-deb-sources.sh)")
  endif()
endif()

# Exceptions on at compile and link (the core reports errors through them); wasm EH is native
# in Node 20 and current browsers and avoids the tail-call pitfall of coroutines at -O2.
add_compile_options(-fwasm-exceptions)
add_link_options(-fwasm-exceptions "--pre-js=${CMAKE_SOURCE_DIR}/toolchains/em-node-compat-prejs.js"
  -sALLOW_MEMORY_GROWTH=1)

# libsecp256k1 0.2.0: three translation units. USE_FORCE_WIDEMUL_INT64 avoids emulated __int128
# (2.25x faster on wasm32). Window 8 (verify/recover only; signing uses the gen table) makes the
# .wasm about 1 MB smaller than 15 — recovery runs once per gasless submission or sample check.
set(secp_src ${WALLETD_DEPS_SRC}/libsecp256k1-0.2.0)
add_library(secp256k1_wasm STATIC ${secp_src}/src/secp256k1.c ${secp_src}/src/precomputed_ecmult.c
  ${secp_src}/src/precomputed_ecmult_gen.c)
target_include_directories(secp256k1_wasm PUBLIC ${secp_src}/include PRIVATE ${secp_src})
target_compile_definitions(secp256k1_wasm PRIVATE ENABLE_MODULE_RECOVERY=1 ENABLE_MODULE_ECDH=1
  ENABLE_MODULE_EXTRAKEYS=1 ENABLE_MODULE_SCHNORRSIG=1 ECMULT_WINDOW_SIZE=8 ECMULT_GEN_PREC_BITS=4
  USE_FORCE_WIDEMUL_INT64=1)
target_compile_options(secp256k1_wasm PRIVATE -O2 -w)
add_library(walletd::secp256k1 ALIAS secp256k1_wasm)

set(ENABLE_PROGRAMS OFF CACHE BOOL "" FORCE)
set(ENABLE_TESTING OFF CACHE BOOL "" FORCE)
set(USE_SHARED_MBEDTLS_LIBRARY OFF CACHE BOOL "" FORCE)
set(USE_STATIC_MBEDTLS_LIBRARY ON CACHE BOOL "" FORCE)
set(MBEDTLS_FATAL_WARNINGS OFF CACHE BOOL "" FORCE)
add_subdirectory(${WALLETD_DEPS_SRC}/mbedtls-2.28.3 ${CMAKE_BINARY_DIR}/_deps-build/mbedtls EXCLUDE_FROM_ALL)
add_library(walletd_dep_mbedcrypto INTERFACE)
target_link_libraries(walletd_dep_mbedcrypto INTERFACE mbedcrypto)
add_library(walletd::mbedcrypto ALIAS walletd_dep_mbedcrypto)

set(staged ${CMAKE_BINARY_DIR}/_staged-include)
file(MAKE_DIRECTORY ${staged})
file(CREATE_LINK /usr/include/nlohmann ${staged}/nlohmann SYMBOLIC)
file(CREATE_LINK /usr/include/catch2 ${staged}/catch2 SYMBOLIC)
add_library(walletd_dep_json INTERFACE)
target_include_directories(walletd_dep_json SYSTEM INTERFACE ${staged})
add_library(walletd::json ALIAS walletd_dep_json)
add_library(walletd_dep_catch2 INTERFACE)
target_include_directories(walletd_dep_catch2 SYSTEM INTERFACE ${staged})
add_library(walletd::catch2 ALIAS walletd_dep_catch2)

# The repository's package.json says "type": "module"; the test binaries emcc writes are CommonJS.
file(WRITE ${CMAKE_BINARY_DIR}/package.json "{\"type\": \"commonjs\"}\n")
