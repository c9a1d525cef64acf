#!/usr/bin/env bash
# `npm run image:smoke`: builds the container image with podman and smoke-tests it where no
# container can be run (no Docker engine; `podman run` fails there because crun may not set the
# container's RLIMIT_NOFILE and RLIMIT_NPROC): the image's
# filesystem is exported into a folder and its own command runs there under chroot, as the image's
# user, with the image's environment, on the embedded database. Then the probes are asked from
# outside. Not part of CI: it needs root, podman and debootstrap, and takes several minutes.
#
# Without BASE_IMAGE the base is made here: Debian bookworm (debootstrap, from Debian's mirror) plus
# this machine's Node 20 and npm and its CA bundle (this network's registry access goes through a
# proxy with its own CA), imported as localhost/bookworm-node20. With a registry at hand,
# BASE_IMAGE=node:20-bookworm-slim tests the default base instead.
#
#   npm run image:smoke                           # as root: build, then test
#   SKIP_BUILD=1 npm run image:smoke              # test the image already built
#
# Variables: IMAGE (localhost/dating-app), BASE_IMAGE, IMAGE_SMOKE_DIR (/tmp/image-smoke),
# SMOKE_PORT (18080), SKIP_BUILD.
#
# With SMOKE_DATABASE_URL (a PostgreSQL URL whose user may create databases, e.g.
# postgres://postgres:postgres@127.0.0.1:5432/postgres), caddy and redis-server on this machine, a
# second part runs compose.yaml's topology without an engine: `npm run migrate` on a scratch
# database, two instances of the image's filesystem on PostgreSQL and a Redis of its own, behind
# deploy/Caddyfile (its upstreams pointed at loopback); through the proxy a member logs in and opens
# sockets, and one instance is stopped with SIGTERM while requests keep coming.
set -euo pipefail

cd "$(dirname "$0")/.."
IMAGE=${IMAGE:-localhost/dating-app}
WORK=${IMAGE_SMOKE_DIR:-/tmp/image-smoke}
PORT=${SMOKE_PORT:-18080}
LOCAL_BASE=localhost/bookworm-node20

PASSED=0
FAILED=0
ok() { PASSED=$((PASSED + 1)); echo "ok   - $*"; }
bad() { FAILED=$((FAILED + 1)); echo "FAIL - $*"; }
check() { # check "description" command…
  local what=$1
  shift
  if "$@"; then ok "$what"; else bad "$what"; fi
}
say() { echo "==> $*"; }

[ "$(id -u)" -eq 0 ] || { echo "image-smoke: needs root (debootstrap, chroot, mount)" >&2; exit 2; }
for tool in podman curl; do
  command -v "$tool" >/dev/null || { echo "image-smoke: $tool is missing (apt-get install -y podman debootstrap curl)" >&2; exit 2; }
done
mkdir -p "$WORK"

# ---- the base
if [ -z "${BASE_IMAGE:-}" ]; then
  BASE_IMAGE=$LOCAL_BASE
  if ! podman image exists "$LOCAL_BASE"; then
    command -v debootstrap >/dev/null || { echo "image-smoke: debootstrap is missing" >&2; exit 2; }
    node_major=$(node -p 'process.versions.node.split(".")[0]')
    [ "$node_major" = 20 ] || { echo "image-smoke: the local base copies this machine's Node, which is $node_major, not 20" >&2; exit 2; }
    say "making $LOCAL_BASE: debootstrap bookworm into $WORK/rootfs, plus this machine's Node $(node -v)"
    if [ ! -x "$WORK/rootfs/bin/sh" ]; then
      rm -rf "$WORK/rootfs"
      debootstrap --variant=minbase bookworm "$WORK/rootfs" http://deb.debian.org/debian >"$WORK/debootstrap.log" 2>&1
    fi
    root=$WORK/rootfs
    npm_dir=$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")
    cp "$(readlink -f "$(command -v node)")" "$root/usr/bin/node"
    mkdir -p "$root/usr/lib/node_modules" "$root/etc/ssl/certs"
    rm -rf "$root/usr/lib/node_modules/npm"
    cp -a "$npm_dir" "$root/usr/lib/node_modules/npm"
    ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/bin/npm"
    ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/bin/npx"
    cp /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/ca-certificates.crt"
    tar -C "$root" -c . | podman import \
      --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
      --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
      --change 'CMD ["node"]' - "$LOCAL_BASE" >/dev/null
  fi
fi

# ---- the build
if [ -z "${SKIP_BUILD:-}" ]; then
  say "podman build (base $BASE_IMAGE), log in $WORK/build.log"
  start=$(date +%s)
  # Docker's image format: the OCI format has no HEALTHCHECK.
  if podman build --format docker --isolation=chroot --build-arg "BASE_IMAGE=$BASE_IMAGE" -t "$IMAGE" -f Dockerfile . \
    >"$WORK/build.log" 2>&1; then
    ok "image built in $(($(date +%s) - start)) s"
  else
    bad "image build (the end of $WORK/build.log:)"
    tail -n 40 "$WORK/build.log"
    echo "$PASSED passed, $FAILED failed"
    exit 1
  fi
fi

# ---- the image's configuration
say "image configuration"
config_json=$WORK/config.json
podman image inspect "$IMAGE" >"$config_json"
# The config as shell-quoted pieces: user, workdir, env lines, command, health check command.
cat >"$WORK/config-field.cjs" <<'EOF_JS'
const inspected = JSON.parse(require('node:fs').readFileSync(process.argv[2], 'utf8'));
const image = Array.isArray(inspected) ? inspected[0] : inspected;
const c = image.Config || {};
const q = (s) => `'${String(s).replace(/'/g, "'\\''")}'`;
// Docker's format keeps the health check beside the config in podman's answer.
const test = (image.Healthcheck || c.Healthcheck || {}).Test || [];
const fields = {
  user: () => c.User || '',
  workdir: () => c.WorkingDir || '/',
  env: () => (c.Env || []).map(q).join(' '),
  cmd: () => [...(c.Entrypoint || []), ...(c.Cmd || [])].map(q).join(' '),
  health: () => (test[0] === 'CMD' ? test.slice(1).map(q).join(' ') : ''),
  ports: () => Object.keys(c.ExposedPorts || {}).join(' '),
  volumes: () => Object.keys(c.Volumes || {}).join(' '),
};
console.log(fields[process.argv[3]]());
EOF_JS
cfg() { node "$WORK/config-field.cjs" "$config_json" "$1" 2>/dev/null; }
user=$(cfg user)
[ -n "$(cfg workdir)" ] || { echo "image-smoke: cannot read the configuration of $IMAGE" >&2; exit 1; }
check "runs as a non-root user ($user)" test -n "$user" -a "$user" != root -a "$user" != 0
check "NODE_ENV=production" grep -q '"NODE_ENV=production"' "$config_json"
check "SEED_MEMBERS=0" grep -q '"SEED_MEMBERS=0"' "$config_json"
check "exposes 8080/tcp ($(cfg ports))" test "$(cfg ports)" = 8080/tcp
check "DATA_DIR /data is a volume ($(cfg volumes))" test "$(cfg volumes)" = /data
check "has a health check on /api/health" sh -c "echo \"\$1\" | grep -q /api/health" _ "$(cfg health)"

# ---- the filesystem
say "exporting the image's filesystem into $WORK/image-root"
root=$WORK/image-root
cleanup() {
  local pid
  for pid in ${server_pid:-} ${app1_pid:-} ${app2_pid:-} ${caddy_pid:-} ${redis_pid:-}; do
    kill -0 "$pid" 2>/dev/null && kill "$pid" 2>/dev/null || true
  done
  for m in proc dev; do mountpoint -q "$root/$m" && umount -l "$root/$m" || true; done
  [ -n "${container:-}" ] && podman rm -f "$container" >/dev/null 2>&1 || true
}
trap cleanup EXIT
cleanup
rm -rf "$root"
mkdir -p "$root"
container=$(podman create "$IMAGE")
podman export "$container" | tar -C "$root" -x
podman rm "$container" >/dev/null 2>&1
container=
check "image size $(podman image inspect "$IMAGE" --format '{{.Size}}' | awk '{printf "%d MB", $1/1e6}')" true

workdir=$(cfg workdir)
app=$root$workdir
# (typescript is there: i18next names it as an optional peer, so npm keeps it; nothing runs it.)
for pkg in vite vitest @playwright/test playwright playwright-core lighthouse @biomejs/biome drizzle-kit sass s3rver; do
  check "no dev dependency $pkg" test ! -e "$app/node_modules/$pkg"
done
check "no Chromium" test -z "$(find "$root" \( -name 'chrome' -o -name 'chromium*' -o -name 'headless_shell' \) -not -path '*/proc/*' -print -quit)"
for pkg in tsx fastify @electric-sql/pglite sharp pg ioredis; do
  check "production dependency $pkg present" test -d "$app/node_modules/$pkg"
done
check "built web app present (dist/web/index.html)" test -f "$app/dist/web/index.html"
check "landers' server build present (dist/ssr/entry-server.js)" test -f "$app/dist/ssr/entry-server.js"
check "web/ sources not shipped" test ! -e "$app/web"
check "code is not writable by the server's user" test "$(stat -c %U "$app/server")" != "$user"

# ---- running the image's command under chroot
uid=$(chroot "$root" id -u "$user")
gid=$(chroot "$root" id -g "$user")
mount -t proc proc "$root/proc" 2>/dev/null || echo "     (could not mount /proc in the chroot; going on without it)"
mount --bind /dev "$root/dev" 2>/dev/null || echo "     (could not bind /dev in the chroot; going on without it)"
eval "image_env=($(cfg env))"
eval "image_cmd=($(cfg cmd))"
eval "health_cmd=($(cfg health))"
# The image's environment, working folder and user, as an engine would run it; PORT and a quieter
# log for the test. `exec`: in a background subshell the server keeps the pid that gets SIGTERM.
in_image() {
  exec chroot --userspec="$uid:$gid" "$root" /usr/bin/env -i HOME="/home/$user" "${image_env[@]}" \
    PORT="$PORT" LOG_LEVEL=warn "${extra_env[@]}" /bin/sh -c 'cd "$0" && exec "$@"' "$workdir" "$@"
}
extra_env=()

run_health() { [ "${#health_cmd[@]}" -gt 0 ] && (in_image "${health_cmd[@]}") >/dev/null 2>&1 </dev/null; }

say "npm run migrate (the init step) on the embedded database in /data"
if (in_image npm run migrate) >"$WORK/migrate.log" 2>&1 </dev/null; then
  ok "npm run migrate exits 0 ($(grep -o 'Database ready[^.]*' "$WORK/migrate.log" | head -1))"
else
  bad "npm run migrate; its output:"
  cat "$WORK/migrate.log"
fi

say "the image's command: ${image_cmd[*]}"
(in_image "${image_cmd[@]}") >"$WORK/server.log" 2>&1 </dev/null &
server_pid=$!
ready=
for _ in $(seq 1 180); do
  if curl -fsS -o "$WORK/ready.json" "http://127.0.0.1:$PORT/api/ready" 2>/dev/null; then ready=1; break; fi
  kill -0 "$server_pid" 2>/dev/null || break
  sleep 1
done
if [ -n "$ready" ]; then
  ok "GET /api/ready 200 $(cat "$WORK/ready.json")"
  check "GET /api/health 200" curl -fsS -o /dev/null "http://127.0.0.1:$PORT/api/health"
  check "GET / serves the site (200, HTML)" sh -c \
    "curl -fsS -H 'Host: localhost' 'http://127.0.0.1:$PORT/' | grep -qi '<html'"
  check "the image's HEALTHCHECK command exits 0" run_health
  kill -TERM "$server_pid"
  code=0
  wait "$server_pid" || code=$?
  server_pid=
  check "SIGTERM stops the server with exit code 0 (got $code)" test "$code" -eq 0
else
  bad "GET /api/ready never answered 200 on port $PORT; the server's output:"
  tail -n 40 "$WORK/server.log"
fi

# ---- compose.yaml's topology without an engine: two instances behind deploy/Caddyfile
if [ -n "${SMOKE_DATABASE_URL:-}" ]; then
  for tool in caddy redis-server psql; do
    command -v "$tool" >/dev/null || { echo "image-smoke: $tool is missing for the two-instance part" >&2; exit 2; }
  done
  p1=$((PORT + 1)) p2=$((PORT + 2)) predis=$((PORT + 3)) pproxy=$((PORT + 10))
  scratch=image_smoke
  db_url="${SMOKE_DATABASE_URL%/*}/$scratch"
  say "two instances on PostgreSQL ($scratch) and Redis (:$predis) behind Caddy (:$pproxy)"
  psql "$SMOKE_DATABASE_URL" -qc "DROP DATABASE IF EXISTS $scratch" -c "CREATE DATABASE $scratch" >/dev/null
  redis-server --port "$predis" --bind 127.0.0.1 --save '' --appendonly no >"$WORK/redis.log" 2>&1 &
  redis_pid=$!
  (in_image npx web-push generate-vapid-keys --json) >"$WORK/vapid.json" 2>/dev/null </dev/null
  check "npx web-push generate-vapid-keys runs in the image" grep -q publicKey "$WORK/vapid.json"
  vapid_public=$(node -p 'require(process.argv[1]).publicKey' "$WORK/vapid.json" 2>/dev/null)
  vapid_private=$(node -p 'require(process.argv[1]).privateKey' "$WORK/vapid.json" 2>/dev/null)
  # As compose.yaml sets them (the store and the mail aside: photos and mail stay in DATA_DIR).
  shared_env=(DATABASE_URL="$db_url" REDIS_URL="redis://127.0.0.1:$predis" TRUST_PROXY=1 DRAIN_SECONDS=6
    PAYMENTS=demo VAPID_PUBLIC_KEY="$vapid_public" VAPID_PRIVATE_KEY="$vapid_private")

  extra_env=("${shared_env[@]}")
  if (in_image npm run migrate) >"$WORK/migrate-pg.log" 2>&1 </dev/null; then
    ok "npm run migrate on PostgreSQL exits 0 ($(grep -o 'Database ready[^.]*' "$WORK/migrate-pg.log" | head -1))"
  else
    bad "npm run migrate on PostgreSQL:"
    cat "$WORK/migrate-pg.log"
  fi
  wait_ready() { # wait_ready port pid
    for _ in $(seq 1 240); do
      curl -fsS -o /dev/null "http://127.0.0.1:$1/api/ready" 2>/dev/null && return 0
      kill -0 "$2" 2>/dev/null || return 1
      sleep 1
    done
    return 1
  }
  # The first instance seeds a few demo members (a login for the socket test); the second none.
  extra_env=("${shared_env[@]}" PORT="$p1" DATA_DIR=/tmp/app1-data SEED_MEMBERS=6)
  (in_image "${image_cmd[@]}") >"$WORK/app1.log" 2>&1 </dev/null &
  app1_pid=$!
  check "app1 ready on PostgreSQL and Redis" wait_ready "$p1" "$app1_pid"
  extra_env=("${shared_env[@]}" PORT="$p2" DATA_DIR=/tmp/app2-data SEED_MEMBERS=0)
  (in_image "${image_cmd[@]}") >"$WORK/app2.log" 2>&1 </dev/null &
  app2_pid=$!
  check "app2 ready on PostgreSQL and Redis" wait_ready "$p2" "$app2_pid"

  # The compose file's Caddyfile, its upstreams on loopback and without Caddy's admin endpoint.
  { printf '{\n\tadmin off\n}\n'; sed "s/app1:8080 app2:8080/127.0.0.1:$p1 127.0.0.1:$p2/" deploy/Caddyfile; } \
    >"$WORK/Caddyfile"
  SITE_ADDRESS=":$pproxy" XDG_DATA_HOME="$WORK/caddy" XDG_CONFIG_HOME="$WORK/caddy" \
    caddy run --config "$WORK/Caddyfile" --adapter caddyfile >"$WORK/caddy.log" 2>&1 &
  caddy_pid=$!
  sleep 3
  check "GET /api/ready through Caddy" curl -fsS -o /dev/null "http://127.0.0.1:$pproxy/api/ready"

  cat >"$WORK/through-proxy.mjs" <<'EOF_JS'
// Through the proxy: a member logs in and opens sockets (least_conn spreads them over both
// instances); then app1 gets SIGTERM while requests keep coming, and no request may fail.
import { createRequire } from 'node:module';
const WebSocket = createRequire(`${process.cwd()}/`)('ws');
const [origin, app1Pid] = [process.argv[2], Number(process.argv[3])];
const say = (line) => console.log(line);

const login = await fetch(`${origin}/api/user.php`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
  body: JSON.stringify({ email: 'demo@demo.invalid', password: 'demo-password-1' }),
});
const auth = (login.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).find((c) => c.startsWith('auth='));
say(`login: ${login.status}${auth ? ', auth cookie set' : ', no auth cookie'}`);
if (!auth) process.exit(1);

const wsUrl = `${origin.replace(/^http/, 'ws')}/api/ws`;
const sockets = await Promise.all(
  Array.from({ length: 6 }, () => new Promise((resolve, reject) => {
    const ws = new WebSocket(wsUrl, { headers: { cookie: auth, origin } });
    ws.closeCode = null;
    ws.on('open', () => resolve(ws));
    ws.on('unexpected-response', (_req, res) => reject(new Error(`upgrade answered ${res.statusCode}`)));
    ws.on('error', reject);
    ws.on('close', (code) => { ws.closeCode = code; });
  })),
);
say(`sockets open through the proxy: ${sockets.length}`);

let sent = 0;
let failed = 0;
const statuses = {};
const started = Date.now();
let killed = false;
while (Date.now() - started < 16_000) {
  if (!killed && Date.now() - started > 2_000) {
    process.kill(app1Pid, 'SIGTERM');
    killed = true;
  }
  sent++;
  try {
    const res = await fetch(`${origin}/api/health`);
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    if (res.status !== 200) failed++;
  } catch {
    failed++;
  }
  await new Promise((r) => setTimeout(r, 50));
}
const goingAway = sockets.filter((ws) => ws.closeCode === 1001).length;
const stillOpen = sockets.filter((ws) => ws.readyState === WebSocket.OPEN).length;
say(`requests while app1 drained and stopped: ${sent}, failed: ${failed} ${JSON.stringify(statuses)}`);
say(`sockets closed by app1 with 1001 (going away): ${goingAway}; still open (app2): ${stillOpen}`);
for (const ws of sockets) ws.terminate();
process.exit(failed === 0 && goingAway > 0 && stillOpen > 0 ? 0 : 1);
EOF_JS
  if node "$WORK/through-proxy.mjs" "http://127.0.0.1:$pproxy" "$app1_pid" >"$WORK/through-proxy.log" 2>&1; then
    ok "through Caddy: login, sockets on both instances, app1 drained with no failed request"
  else
    bad "through Caddy (the log follows)"
  fi
  sed 's/^/     /' "$WORK/through-proxy.log"
  code=0
  wait "$app1_pid" || code=$?
  check "app1 exited 0 after SIGTERM (got $code)" test "$code" -eq 0
  kill "$caddy_pid" "$app2_pid" "$redis_pid" 2>/dev/null || true
  wait "$app2_pid" "$caddy_pid" "$redis_pid" 2>/dev/null || true
  psql "$SMOKE_DATABASE_URL" -qc "DROP DATABASE IF EXISTS $scratch" >/dev/null || true
fi

echo "$PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
