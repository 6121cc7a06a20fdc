import { env } from "~/utils/env.server";
import { robotsTxt } from "~/utils/robots";

export function loader() {
  return new Response(robotsTxt(env().siteUrl), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
