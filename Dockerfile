# Multi-stage: build the server (TypeScript -> JavaScript) and the web app once, then run the compiled
# output with plain node as a non-root user. `docker compose up` uses this image.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY bin bin
COPY services services
COPY projections projections
COPY workers workers
COPY migrations migrations
COPY web web
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/ready').then((r)=>process.exit(r.ok?0:1),()=>process.exit(1))"
# The all-in-one process (migrate, API, workers); run `node dist/bin/api.js` and `node --max-semi-space-size=32 dist/bin/worker.js`
# to split them (the flag: workers/node-flags.ts).
CMD ["node", "--max-semi-space-size=32", "dist/bin/start.js"]
