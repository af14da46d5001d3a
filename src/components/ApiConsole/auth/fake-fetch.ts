/**
 * Test stand-ins for `fetch` (auth.test.ts, device.test.ts): records every call and answers with
 * what the test gives, so the OAuth code runs under Node without a network.
 */
export function fakeFetch(answer: (url: string, init: RequestInit) => Partial<Response> | Promise<Partial<Response>>) {
  const calls: {url: string; init: RequestInit}[] = [];
  const impl = (async (url: string, init: RequestInit) => {
    calls.push({url, init});
    return (await answer(url, init)) as Response;
  }) as unknown as typeof fetch;
  return {impl, calls};
}

/** A JSON answer with that status, as a CORS fetch sees it. */
export const json = (status: number, body: unknown): Partial<Response> => ({
  ok: status >= 200 && status < 300,
  status,
  type: 'cors',
  json: async () => body,
});
