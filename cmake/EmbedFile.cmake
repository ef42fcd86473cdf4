# walletd_embed_text(OUT_CPP SYMBOL FILE): writes a .cpp defining `const char* const SYMBOL` with the
# file's bytes; the configure step reruns when the file changes.
function(walletd_embed_text out_cpp symbol file)
  file(READ ${file} hex HEX)
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
  file(WRITE ${out_cpp} "// Generated from ${file}; do not edit.\nnamespace walletd {\nstatic const char ${symbol}Bytes[] = {${bytes} 0x00};\nextern const char* const ${symbol} = ${symbol}Bytes;\n}\n")
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${file})
endfunction()
