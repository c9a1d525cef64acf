# The app as one container image: `docker build -t dating-app .`
#
# BASE_IMAGE is any Debian bookworm with Node 20 (node, npm) on the PATH, `useradd` and glibc (the
# prebuilt sharp and esbuild binaries are glibc builds): the official node image by default; a
# machine without a registry builds on a local base of its own (scripts/image-smoke.sh does).
ARG BASE_IMAGE=node:20-bookworm-slim

# ---- build: every dependency, then the browser build and the landers' server build (dist/)
FROM ${BASE_IMAGE} AS build
WORKDIR /app
ENV NPM_CONFIG_AUDIT=false NPM_CONFIG_FUND=false NPM_CONFIG_UPDATE_NOTIFIER=false
# The lock file alone first, so a change of code reuses the installed layer.
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build

# ---- deps: production dependencies only (no Vite, Playwright, Lighthouse, test tools)
FROM ${BASE_IMAGE} AS deps
WORKDIR /app
ENV NPM_CONFIG_AUDIT=false NPM_CONFIG_FUND=false NPM_CONFIG_UPDATE_NOTIFIER=false
COPY package.json package-lock.json ./
RUN npm ci --omit=dev && npm cache clean --force

# ---- runtime
FROM ${BASE_IMAGE} AS runtime
# SEED_MEMBERS=0: a production database never gets demo members by accident; a trial sets it.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data \
    SEED_MEMBERS=0 \
    NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_FUND=false
# A fixed uid, so a host folder mounted on /data can be given to it (chown 10001).
RUN groupadd --system --gid 10001 app \
 && useradd --system --uid 10001 --gid app --create-home --home-dir /home/app --shell /usr/sbin/nologin app \
 && mkdir -p /data \
 && chown app:app /data
WORKDIR /app
# The code stays root's and read-only to the server: it writes only under DATA_DIR (and tsx's cache
# in /tmp). The server runs its TypeScript through tsx, which is a production dependency; web/ is
# not shipped: only its build (dist/) is served.
COPY --from=deps /app/node_modules ./node_modules
COPY package.json package-lock.json tsconfig.json ./
COPY config ./config
COPY common ./common
COPY server ./server
COPY --from=build /app/dist ./dist
USER app
VOLUME ["/data"]
EXPOSE 8080
# Liveness only: /api/ready (PostgreSQL, Redis, the photo store) is for the load balancer, so a
# database outage takes instances out of rotation without the engine restarting all of them.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# What `npm start` runs, less its build step (the build is in the image and web/ is not): node
# itself is the main process, so SIGTERM reaches the server and it drains (DRAIN_SECONDS).
# Other commands run the same way: `docker run … npm run migrate`, `npm run admin -- …`.
CMD ["node", "--import", "tsx", "server/main.ts"]
