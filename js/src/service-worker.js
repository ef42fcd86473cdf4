// @walletd/core for service workers (an MV3 extension's background, a PWA's worker), where
// import() is refused. The browser entry imports its glue statically, so it serves them as it
// is; this entry stays so that existing imports of '@walletd/core/service-worker' keep working.
// An extension may pass ChromeStorage to use chrome.storage.
export * from './browser.js';
