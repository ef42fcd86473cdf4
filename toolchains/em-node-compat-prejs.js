// Emscripten 3.1.6 loader fix (--pre-js): under Node it would fetch() the .wasm by URL, which
// fails; hide fetch there and resolve the .wasm beside the glue as a plain path.
var __em_node = typeof process == 'object' && !!(process.versions && process.versions.node);
var fetch = __em_node ? undefined : globalThis.fetch;
if (__em_node && !Module['locateFile']) Module['locateFile'] = function (p, dir) { return dir + p; };
