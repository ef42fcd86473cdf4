// A minimal SSE reader over fetch: collects frames ({id, data}) from /event-stream?id=N.
// `resumeToken` is the X-Stream-Resume-Token header of the stream's first connection; replay
// after `lastEventId` needs it.
export async function openSse(url, { lastEventId, resumeToken, timeoutMs = 15000, headers: extra = {} } = {}) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const headers = { ...extra };
  if (lastEventId !== undefined) headers['Last-Event-ID'] = String(lastEventId);
  if (resumeToken !== undefined) headers['X-Stream-Resume-Token'] = resumeToken;
  const res = await fetch(url, { headers, signal: controller.signal });
  const frames = [];
  const waiters = [];
  let buffer = '';
  const pump = (async () => {
    if (!res.ok) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body) {
        buffer += decoder.decode(chunk, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const raw = buffer.slice(0, end + 2);
          buffer = buffer.slice(end + 2);
          const id = raw.match(/^id: (\d+)$/m);
          const data = raw.match(/^data: (.*)$/m);
          frames.push({ raw, id: id ? Number(id[1]) : undefined, data: data ? JSON.parse(data[1]) : undefined });
          waiters.splice(0).forEach((w) => w());
        }
      }
    } catch { /* aborted */ }
  })();
  return {
    status: res.status,
    headers: res.headers,
    text: res.ok ? undefined : await res.text(),
    frames,
    /** Resolves once `count` frames arrived (bounded by the stream's timeout). */
    async waitFor(count) {
      while (frames.length < count) {
        if (controller.signal.aborted) throw new Error(`only ${frames.length} of ${count} frames arrived`);
        await new Promise((resolve) => { waiters.push(resolve); setTimeout(resolve, 200); });
      }
      return frames;
    },
    close() {
      clearTimeout(timer);
      controller.abort();
      return pump;
    },
  };
}
