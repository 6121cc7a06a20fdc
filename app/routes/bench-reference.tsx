import type { MetaFunction } from "@remix-run/node";
import { sharedPageHeaders } from "#server/anonymous-page-cache.server";

// The performance bench's reference page (bench/README.md): the least a page of this server can be —
// the document, the root loader, React and the Remix runtime, one heading, no header or footer. The
// bench reports every page's Lighthouse figures also as a ratio to this one, measured in the same run,
// so the machine's speed cancels out.
export const headers = sharedPageHeaders;

export const handle = { bareDocument: true };

export const meta: MetaFunction = () => [{ title: "Reference page | Aarogya Herbals" }, { name: "robots", content: "noindex, nofollow" }];

export default function BenchReference() {
  return (
    <main id="main">
      <h1>Aarogya Herbals</h1>
    </main>
  );
}
