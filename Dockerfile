# Jejak: one image for every role (docs/deploy.md).
#   docker build -t jejak .
#   docker run -p 8080:8080 -p 5023:5023 -v jejak-data:/data jejak            (all in one, PGlite)
#   docker run … -e DATABASE_URL=… -e NATS_URL=… jejak gateway|api|scheduler  (scaled out)
ARG NODE_IMAGE=node:24-bookworm-slim

# Every workspace's manifest, so that npm ci sees the lockfile's whole tree.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/domain/package.json packages/domain/
COPY packages/protocols/package.json packages/protocols/
COPY packages/contract/package.json packages/contract/
COPY packages/simulator/package.json packages/simulator/
COPY tools/package.json tools/
COPY e2e/package.json e2e/

# Build: every dependency (Vite, esbuild, tsx), then `npm run build` into /src/dist.
FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Run-time packages only: the server's and those of the workspace packages bundled into it.
# The workspaces themselves are inside the bundle, so their links are dropped.
FROM manifests AS runtime-deps
RUN npm ci --omit=dev --workspace @jejak/server --no-audit --no-fund \
  && rm -rf node_modules/@jejak node_modules/.bin

FROM ${NODE_IMAGE}
# NODE_OPTIONS: a larger young generation for ingest (ADR 0028, tools/server-process.ts).
ENV NODE_ENV=production \
    NODE_OPTIONS=--max-semi-space-size=64 \
    JEJAK_HTTP_HOST=0.0.0.0 \
    JEJAK_DATA_DIR=/data \
    JEJAK_DEMO=false
WORKDIR /app
COPY --from=runtime-deps /src/node_modules ./node_modules
COPY --from=build /src/dist ./dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
# The console, API and live channel; then the trackers' ports (packages/protocols/src/registry.ts,
# checked by tools/build/deploy-files.test.ts).
EXPOSE 8080/tcp
EXPOSE 5023/tcp 5027/tcp 5027/udp 5013/tcp 5013/udp 5055/tcp 5020/tcp 5004/tcp 5001/tcp 5046/tcp 5011/tcp 5015/tcp
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.JEJAK_HTTP_PORT || 8080) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["node", "dist/server/main.js"]
CMD ["start"]
