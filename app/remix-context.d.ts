import "@remix-run/node";

declare module "@remix-run/node" {
  interface AppLoadContext {
    cspNonce?: string;
    /** rendered for every anonymous visitor (the shared-page cache), not for this one */
    sharedPage?: boolean;
  }
  interface Future {
    v3_singleFetch: true;
  }
}
