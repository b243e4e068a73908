# The portal: Next.js standalone output on Node 24 LTS. Build: `docker build -t back-office-portal .`
# Runs as `node server.js` (Next's own server) with NEXT_MANUAL_SIG_HANDLE unset: on SIGTERM it stops accepting,
# finishes the requests in flight; live streams end themselves (lib/server/shutdown.ts) so it can exit.

FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund || npm install --no-audit --no-fund

FROM node:24-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1 NEXT_OUTPUT=standalone
COPY --from=deps /app/node_modules ./node_modules
COPY . .
# MAP_TILE_URL is read at build time (the Content-Security-Policy of static files).
ARG MAP_TILE_URL
RUN npx next build

FROM node:24-bookworm-slim AS run
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 HOSTNAME=0.0.0.0 PORT=3000 LOG_FORMAT=json
COPY --from=build --chown=node:node /app/.next/standalone ./
COPY --from=build --chown=node:node /app/.next/static ./.next/static
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --retries=3 CMD node -e "fetch('http://127.0.0.1:3000/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "server.js"]
