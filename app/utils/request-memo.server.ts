import type { AppLoadContext } from "@remix-run/node";

/**
 * One answer per page request: Remix gives every loader of a request the same load context (the
 * app worker makes a new one, with an empty `requestMemo`, for each request), so the root
 * loader's header counts and a listing's cart flags share one upstream call. Without a memo (a
 * test, a caller outside Remix) every call loads. A failure is shared too: the request asked once.
 */
export function oncePerRequest<T>(context: AppLoadContext | undefined, key: string, load: () => Promise<T>): Promise<T> {
  const memo = context?.requestMemo;
  if (!memo) return load();
  let answer = memo.get(key) as Promise<T> | undefined;
  if (!answer) {
    answer = load();
    memo.set(key, answer);
  }
  return answer;
}
