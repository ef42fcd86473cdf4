# Copies an Emscripten ES-module glue into the npm package (cmake -P, run after each link) and
# takes out its default .wasm location, new URL("<name>.wasm", import.meta.url). The package
# always hands the glue its own compiled module (instantiateWasm), so that branch never runs; but
# bundlers resolve such URLs statically: webpack 5 fails the build on the missing <name>.wasm and
# Vite warns. The branch keeps the bare file name. Fails if Emscripten's output changed.
# Inputs: -DGLUE_IN=<linked .mjs> -DGLUE_OUT=<js/dist/...mjs> -DWASM_NAME=<name>.wasm
file(READ "${GLUE_IN}" glue)
set(default_url "new URL(\"${WASM_NAME}\",import.meta.url).toString()")
string(FIND "${glue}" "${default_url}" at)
if(at EQUAL -1)
  message(FATAL_ERROR "${GLUE_IN}: Emscripten's default wasm URL (${default_url}) not found")
endif()
string(REPLACE "${default_url}" "\"${WASM_NAME}\"" glue "${glue}")
file(WRITE "${GLUE_OUT}" "${glue}")
