# Version and build datetime reported by the `version` method. The datetime is the commit time of
# HEAD so that the native and the wasm builds of one checkout answer byte-identically.
execute_process(COMMAND git log -1 --format=%cI
  WORKING_DIRECTORY ${CMAKE_SOURCE_DIR} OUTPUT_VARIABLE WALLETD_BUILD_DATETIME
  OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
execute_process(COMMAND git rev-parse --short=8 HEAD
  WORKING_DIRECTORY ${CMAKE_SOURCE_DIR} OUTPUT_VARIABLE WALLETD_BUILD_COMMIT
  OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
if(NOT WALLETD_BUILD_DATETIME)
  set(WALLETD_BUILD_DATETIME "unknown")
endif()
if(NOT WALLETD_BUILD_COMMIT)
  set(WALLETD_BUILD_COMMIT "nogit")
endif()
set(WALLETD_VERSION_STRING "${PROJECT_VERSION}_${WALLETD_BUILD_COMMIT}")
