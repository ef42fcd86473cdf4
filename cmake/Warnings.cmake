# Compiler warnings for the project's own targets (not for dependencies built from source).
function(walletd_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic 
    $<$<CXX_COMPILER_ID:Clang>:-Wno-deprecated-experimental-coroutine -Wno-unknown-warning-option>)
endfunction()
