// Bounded polling for the tests: sleep(ms), and until(fn, ms, what), which polls fn() every 25 ms
// and resolves its first truthy value, or fails naming `what` once `ms` have passed.
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function until(fn, ms, what) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timeout: ${what}`);
    await sleep(25);
  }
}
