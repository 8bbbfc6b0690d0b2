/** One server-sent event as a client sees it, with when it arrived (performance.now()). */
export interface ReceivedEvent {
  readonly id: string | null;
  readonly data: unknown;
  readonly retry: number | null;
  readonly at: number;
}

/**
 * A minimal EventSource for tests: reads a text/event-stream response with fetch, splits
 * it into events (blank-line separated blocks of `field: value` lines; `:` lines are
 * comments, counted), and lets a test wait for an event matching a predicate.
 */
export interface SseClient {
  readonly status: number;
  readonly headers: Headers;
  readonly events: readonly ReceivedEvent[];
  readonly comments: readonly string[];
  /** Resolves with the first event (from the start) matching `match`, or rejects after `timeoutMs`. */
  waitFor(what: string, match: (e: ReceivedEvent) => boolean, timeoutMs?: number): Promise<ReceivedEvent>;
  close(): void;
}

export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
  const abort = new AbortController();
  const res = await fetch(url, { headers: { accept: "text/event-stream", ...headers }, signal: abort.signal });
  const events: ReceivedEvent[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  let buffer = "";
  const parseBlock = (block: string) => {
    let id: string | null = null;
    let retry: number | null = null;
    const data: string[] = [];
    for (const line of block.split("\n")) {
      if (line.startsWith(":")) comments.push(line.slice(1).trim());
      else if (line.startsWith("id: ")) id = line.slice(4);
      else if (line.startsWith("data: ")) data.push(line.slice(6));
      else if (line.startsWith("retry: ")) retry = Number(line.slice(7));
    }
    if (data.length > 0 || retry !== null) events.push({ id, data: data.length > 0 ? JSON.parse(data.join("\n")) : null, retry, at: performance.now() });
    for (const w of waiters) w();
  };
  void (async () => {
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          parseBlock(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
      }
    } catch {
      // Aborted by close().
    }
  })();
  return {
    status: res.status,
    headers: res.headers,
    events,
    comments,
    waitFor: (what, match, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (!found) return;
          cleanup();
          resolve(found);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no event ${what} within ${timeoutMs} ms; got ${JSON.stringify(events.map((e) => [e.id, e.data]))}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      }),
    close: () => abort.abort(),
  };
}
