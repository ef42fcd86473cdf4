# Version and build datetime reported by the `version` method, regenerated on every build from
# the commit of HEAD, so the native and wasm builds of one checkout answer byte-identically.
set(WALLETD_BUILD_INFO_HEADER ${CMAKE_BINARY_DIR}/generated/walletd_build_info.h)
add_custom_target(walletd_build_info
  COMMAND ${CMAKE_COMMAND} -DOUT=${WALLETD_BUILD_INFO_HEADER} -DSRC=${CMAKE_SOURCE_DIR}
          -DVERSION=${PROJECT_VERSION} -P ${CMAKE_SOURCE_DIR}/cmake/WriteBuildInfo.cmake
  BYPRODUCTS ${WALLETD_BUILD_INFO_HEADER}
  COMMENT "walletd build info")
