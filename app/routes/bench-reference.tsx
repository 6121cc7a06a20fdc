import { data, type MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { sharedPageHeaders } from "~/utils/cache/anonymous-page-cache.server";
import { env } from "~/utils/env.server";

// The performance bench's reference page (bench/README.md): the least a page of this server can be —
// the document, the root loader, React and the Remix runtime, one heading, no header or footer. The
// bench reports every page's Lighthouse figures also as a ratio to this one, measured in the same run,
// so the machine's speed cancels out.
export const headers = sharedPageHeaders;

// Only the bench serves it (it sets BENCH_REFERENCE=1): in production the address is a 404 like any
// unknown one, so a bare, unbranded page of the shop is not reachable there.
export function loader() {
  if (env().BENCH_REFERENCE !== "1") throw data({ message: "Not found" }, { status: 404 });
  return null;
}

export const handle = { bareDocument: true };

export const meta: MetaFunction = () => [{ title: "Reference page | Aarogya Herbals" }, { name: "robots", content: "noindex, nofollow" }];

// The heading links home through Remix's Link, as every real page imports from @remix-run/react: a
// route that imports React alone makes the compiler split React out of the framework chunk, which
// cost every page 0.3 kB (gzip) of chunk overhead.
export default function BenchReference() {
  return (
    <main id="main">
      <h1>
        <Link to="/">Aarogya Herbals</Link>
      </h1>
    </main>
  );
}
