import "@remix-run/node";

declare module "@remix-run/node" {
  interface AppLoadContext {
    cspNonce?: string;
    /** rendered for every anonymous visitor (the shared-page cache), not for this one */
    sharedPage?: boolean;
    /** answers the loaders of this one request share (app/utils/request-memo.server.ts) */
    requestMemo?: Map<string, Promise<unknown>>;
  }
  interface Future {
    v3_singleFetch: true;
  }
}
