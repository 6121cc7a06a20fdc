# Herbal shop: Remix v2 storefront with the embedded SQLite upstream (better-sqlite3).
# Stages: deps (toolchain + npm ci, compiles better-sqlite3 from source against the
# image's own Node headers) -> build (remix build, bundle server, prune dev deps)
# -> runtime (node:20-bookworm-slim, no compiler, runs as `node`).
# See docs/decisions/0001-container.md.

# ---- deps: all dependencies, native addon compiled locally -------------------
FROM node:20-bookworm-slim AS deps

# node-gyp toolchain for better-sqlite3; no prebuilt-binary download is possible
# (only the npm registry and Debian are reachable), so it compiles from source.
RUN apt-get update \
    && apt-get install -y --no-install-recommends python3 make g++ \
    && rm -rf /var/lib/apt/lists/*

# node-gyp uses the headers shipped in the image (/usr/local/include/node)
# instead of downloading a Node tarball.
ENV npm_config_nodedir=/usr/local \
    npm_config_update_notifier=false

# npm 10.8.2 is what node:20-bookworm-slim ships. npm 11 rejects this lockfile in
# `npm ci` (it lacks the other-platform optional @rollup/* entries); pinning keeps
# the install identical whichever npm the base image carries. Dev-stage only.
RUN [ "$(npm -v)" = "10.8.2" ] || npm install -g npm@10.8.2

WORKDIR /app

# Only the manifests first, so source edits do not invalidate the npm ci layer. npm ci's
# postinstall applies patches/ (patch-package: route matching memoised on the server,
# docs/decisions/0015), so they come in with the manifests.
COPY package.json package-lock.json .npmrc ./
COPY patches ./patches
RUN npm ci

# ---- build: remix build + server bundle, then drop dev dependencies ----------
# (npm run build also writes the Brotli and gzip copies of the assets, with the
# dev dependency @gfx/zopfli: scripts/compress-assets.js)
# Starts again from the base image (no compiler needed here) and takes the
# installed node_modules, compiled addon included, from the deps stage.
FROM node:20-bookworm-slim AS build

ENV npm_config_update_notifier=false

WORKDIR /app

COPY --from=deps /app/node_modules ./node_modules
COPY . .
RUN npm run build \
    && npm prune --omit=dev --omit=optional \
    && rm -rf node_modules/better-sqlite3/deps node_modules/better-sqlite3/src \
    && find node_modules/better-sqlite3/build -mindepth 1 \
       ! -path node_modules/better-sqlite3/build/Release \
       ! -path node_modules/better-sqlite3/build/Release/better_sqlite3.node \
       -prune -exec rm -rf {} + \
    && node -e "new (require('better-sqlite3'))(':memory:').prepare('select 1').get()"

# ---- runtime ------------------------------------------------------------------
FROM node:20-bookworm-slim AS runtime

# NODE_OPTIONS: a heap limit sized to the container. Without one V8 sizes the heap from the
# host's memory and lets it grow to ~4x the live data before collecting (RSS 360-400 MB under
# 20 connections); with it RSS stays near 220 MB at the same throughput (docs/decisions/0002, "Rules").
# The limit is per process: the primary (embedded upstream) and each app worker have their own.
# WEB_CONCURRENCY: app workers; unset, one per CPU the container can be scheduled on (its cpuset).
# A CPU quota (--cpus) is not seen by Node: set WEB_CONCURRENCY to it, and give the container
# about 250 MB per worker plus the primary.
ENV NODE_ENV=production \
    DATA_DIR=/data \
    PORT=3000 \
    HOST=0.0.0.0 \
    NODE_OPTIONS="--max-old-space-size=256"

WORKDIR /app

RUN mkdir -p /data && chown node:node /data

COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public

VOLUME /data
USER node
EXPOSE 3000

# No --start-period: dockerfilelint 1.8 rejects it (see the decision record); the
# first probe runs one interval after start, and 3 failures are needed anyway.
HEALTHCHECK --interval=30s --timeout=5s --retries=3 \
    CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"

CMD ["node", "build/server.js"]
