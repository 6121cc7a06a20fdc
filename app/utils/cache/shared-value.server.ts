/**
 * A small in-process cache for data every visitor shares (categories, contact details):
 * one upstream call per `ttlMs` however many pages are served, concurrent misses share one call,
 * and a failed refresh keeps serving the last good value, unless `isFinal` says the failure is the
 * answer itself (the upstream says the record is gone), not an outage to ride out.
 */
export function sharedValue<T>(ttlMs: number, load: () => Promise<T>, isFinal: (error: unknown) => boolean = () => false) {
  let value: { data: T; at: number } | undefined;
  let inFlight: Promise<T> | undefined;
  // maxAgeMs: a caller that wants a fresher value than the others (≤ ttlMs) refreshes it for everyone
  return async function get(now = Date.now(), maxAgeMs = ttlMs): Promise<T> {
    if (value && now - value.at < Math.min(maxAgeMs, ttlMs)) return value.data;
    inFlight ??= load()
      .then((data) => {
        value = { data, at: Date.now() };
        return data;
      })
      .finally(() => {
        inFlight = undefined;
      });
    try {
      return await inFlight;
    } catch (error) {
      if (value && !isFinal(error)) return value.data;
      throw error;
    }
  };
}
