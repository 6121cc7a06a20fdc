// JS and CSS budgets, read from the build: the Remix asset manifest (public/build/manifest-*.js)
// says which modules a page needs on its first load; each file is counted as the server sends it
// (fileSizes: the build's precompressed copy, else compressed on the fly) and unique files are summed.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
// the matcher Remix itself uses, from a direct dependency (the app does not depend on @remix-run/router)
import { matchRoutes } from "@remix-run/react";

/** The manifest the server build points at (build/index.js), else the newest one in public/build. */
export function readManifest(root) {
  const serverBuild = path.join(root, "build", "index.js");
  let url = null;
  if (existsSync(serverBuild)) {
    const found = /["'](\/build\/manifest-[A-Za-z0-9]+\.js)["']/.exec(readFileSync(serverBuild, "utf8"));
    if (found) url = found[1];
  }
  if (!url) {
    const dir = path.join(root, "public", "build");
    const newest = readdirSync(dir)
      .filter((f) => /^manifest-.*\.js$/.test(f))
      .map((f) => ({ f, at: statSync(path.join(dir, f)).mtimeMs }))
      .sort((a, b) => b.at - a.at)[0];
    if (!newest) throw new Error("no public/build/manifest-*.js: is there a client build?");
    url = `/build/${newest.f}`;
  }
  const source = readFileSync(publicFile(root, url), "utf8");
  const json = source.replace(/^\s*window\.__remixManifest\s*=\s*/, "").replace(/;\s*$/, "");
  return { url, manifest: JSON.parse(json) };
}

/** The file under public/ that serves a URL path such as /build/root-ABC.js. */
function publicFile(root, urlPath) {
  return path.join(root, "public", decodeURIComponent(urlPath.split("?")[0]));
}

const sizeCache = new Map();
/**
 * { raw, gzip, br } bytes of a public file as the server sends it: the build's precompressed copy beside the file
 * (scripts/compress-assets.js) when there is one, else what the compression middleware makes of it on the fly (zlib's
 * default level; Brotli at quality 4).
 */
export function fileSizes(root, urlPath) {
  const file = publicFile(root, urlPath);
  if (!sizeCache.has(file)) {
    const bytes = readFileSync(file);
    const copy = (suffix) => (existsSync(`${file}.${suffix}`) ? statSync(`${file}.${suffix}`).size : null);
    sizeCache.set(file, {
      raw: bytes.length,
      gzip: copy("gz") ?? gzipSync(bytes).length,
      br: copy("br") ?? brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }).length,
    });
  }
  return sizeCache.get(file);
}

/** The sizes of some public files (URL paths), each file's and their sums. */
function summedSizes(root, urlPaths) {
  const sums = { raw: 0, gzip: 0, br: 0, files: [] };
  for (const file of urlPaths) {
    const size = fileSizes(root, file);
    sums.raw += size.raw;
    sums.gzip += size.gzip;
    sums.br += size.br;
    sums.files.push({ file, ...size });
  }
  return sums;
}

/** The route tree of the manifest, in the shape matchRoutes takes. */
function routeTree(manifest) {
  const byParent = new Map();
  for (const route of Object.values(manifest.routes)) {
    const list = byParent.get(route.parentId) ?? [];
    list.push(route);
    byParent.set(route.parentId, list);
  }
  const build = (parentId) =>
    (byParent.get(parentId) ?? []).map((route) => ({
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
      ...(route.index ? {} : { children: build(route.id) }),
    }));
  return build(undefined);
}

/**
 * First-load JS of a page: entry (module + imports) + every matched route's module and imports,
 * unique files, gzipped. A page that only the splat route matches has no route of its own yet.
 * A Hindi twin's path is matched without its /hi prefix.
 */
export function firstLoadJs(root, manifest, pathname) {
  // a Hindi twin (/hi/…) is the same route under the router's basename (app/i18n/lang.ts routerPath)
  const routed = pathname.replace(/^\/hi(?=\/|$)/i, "") || "/";
  const matches = matchRoutes(routeTree(manifest), routed) ?? [];
  const routeIds = matches.map((m) => m.route.id);
  const files = new Set([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  for (const id of routeIds) {
    const route = manifest.routes[id];
    files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
  }
  const { raw, gzip, br, files: perFile } = summedSizes(root, files);
  perFile.sort((a, b) => b.gzip - a.gzip);
  const leaf = routeIds[routeIds.length - 1] ?? null;
  return {
    routes: routeIds,
    ownRoute: leaf !== null && leaf !== "root" && leaf !== "routes/$",
    raw,
    gzip,
    br,
    files: perFile,
  };
}

/** The stylesheets a page's HTML links (local files only), gzipped. */
export function linkedCss(root, html) {
  const hrefs = new Set();
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    if (!/\brel=["']?stylesheet\b/i.test(tag)) continue;
    const href = /\bhref=["']([^"']+)["']/i.exec(tag)?.[1];
    if (href && href.startsWith("/") && !href.startsWith("//")) hrefs.add(href);
  }
  return summedSizes(root, hrefs);
}

/** The JS files a page's HTML actually asks for (module preloads, script src, module imports). */
export function referencedJs(html) {
  const files = new Set();
  for (const m of html.matchAll(/<link\b[^>]*rel=["']?modulepreload["']?[^>]*>/gi)) {
    const href = /\bhref=["']([^"']+)["']/i.exec(m[0])?.[1];
    if (href) files.add(href);
  }
  for (const m of html.matchAll(/<script\b[^>]*\bsrc=["']([^"']+\.js)["']/gi)) files.add(m[1]);
  for (const m of html.matchAll(/import\s*(?:[^"';]*?from\s*)?["'](\/build\/[^"']+\.js)["']/g)) files.add(m[1]);
  return [...files].filter((f) => f.startsWith("/") && !f.startsWith("//"));
}
