// ES-module shim (--extern-pre-js): the generated Node code uses require and __dirname, which an
// ES module lacks. Outside Node both stay undefined/empty and nothing changes.
const __em_isNode = typeof process == 'object' && process.versions && process.versions.node;
const require = __em_isNode ? (await import('module')).createRequire(import.meta.url) : undefined;
const __dirname = __em_isNode ? (await import('path')).dirname((await import('url')).fileURLToPath(import.meta.url)) : '';
