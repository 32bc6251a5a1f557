#!/usr/bin/env bash
# `npm run test:compose`: the compose stack, run for real. Installs the Docker engine, docker-compose and
# mmdebstrap when missing (as root, with apt-get), starts an engine when none answers, builds the stand-in base
# images (deploy/stand-in-images.sh, kept between runs), then deploy/compose-check.ts builds the project's images
# with docker-compose, starts the stack, smoke-tests it in Chromium, checks the containers and runs the drills.
# COMPOSE_LOAD=1 adds bench/load.ts (200 signed-in users for 60 s) on the running stack, with the registration limit
# raised for its users. Whatever happens, the project's containers, networks, volumes and images are removed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."

project="${COMPOSE_TEST_PROJECT:-course-portal-test}"
engine_root=/var/lib/course-portal-docker
engine_pid_file=/var/run/course-portal-dockerd.pid
started_engine=""
work="$(mktemp -d)"

missing=()
command -v docker >/dev/null || missing+=(docker.io)
command -v dockerd >/dev/null || docker info >/dev/null 2>&1 || missing+=(docker.io)
command -v docker-compose >/dev/null || missing+=(docker-compose)
command -v mmdebstrap >/dev/null || missing+=(mmdebstrap)
if [[ ${#missing[@]} -gt 0 ]]; then
  if [[ "$(id -u)" != 0 ]] || ! command -v apt-get >/dev/null; then
    echo "test:compose needs ${missing[*]}: install them (apt-get install ${missing[*]}) or run as root." >&2
    exit 1
  fi
  echo "Installing ${missing[*]}…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if ! docker info >/dev/null 2>&1; then
  echo "Starting a Docker engine (data in $engine_root)…"
  mkdir -p "$engine_root"
  dockerd --data-root "$engine_root" --pidfile "$engine_pid_file" >"$work/dockerd.log" 2>&1 &
  started_engine=$!
  for _ in $(seq 1 60); do
    docker info >/dev/null 2>&1 && break
    sleep 1
  done
  docker info >/dev/null 2>&1 || {
    tail -n 20 "$work/dockerd.log" >&2
    exit 1
  }
fi

compose() { docker-compose --project-name "$project" --env-file "$work/.env" --file docker-compose.yml --file deploy/compose.sso-test.yml --profile tools "$@"; }

cleanup() {
  local status=$?
  echo "Removing the stack's containers, networks, volumes and images…"
  # `--rmi local`: the images built for the stack, not the base images it runs (the stand-ins are kept).
  compose down --volumes --rmi local --remove-orphans --timeout 5 >/dev/null 2>&1 || true
  # The build stages' images (dependency layer, slice builds) carry the label course-portal.stage.
  docker image prune --force --filter label=course-portal.stage >/dev/null 2>&1 || true
  if [[ -n "$started_engine" ]]; then
    kill "$started_engine" 2>/dev/null || true
    wait "$started_engine" 2>/dev/null || true
  fi
  rm -rf "$work"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# The stand-in images' names, as NODE_IMAGE=… lines.
while IFS='=' read -r name value; do export "$name=$value"; done < <(bash deploy/stand-in-images.sh)

# The build reaches npm as this machine does: its registry setting and the certificate authorities it adds
# (those of NODE_EXTRA_CA_CERTS that Node does not already trust), passed as build arguments of the
# dependency stage only.
NPM_REGISTRY="$(npm config get registry)"
NPM_CA="$(node deploy/extra-ca.ts "${NODE_EXTRA_CA_CERTS:-}")"
export NPM_REGISTRY NPM_CA BUILD_NETWORK=host

secret() { node -e "process.stdout.write(require('node:crypto').randomBytes(32).toString('hex'))"; }
port="${COMPOSE_TEST_PORT:-8280}"
cat >"$work/.env" <<EOF
PUBLIC_URL=http://127.0.0.1:$port
PORTAL_BIND=127.0.0.1
PORTAL_PORT=$port
SESSION_SECRET=$(secret)
IDENTITY_SECRET=$(secret)
AUDIT_CHAIN_KEY=$(secret)
POSTGRES_PASSWORD=$(secret)
METRICS_TOKEN=$(secret)
SCIM_TOKEN=$(secret)
ADMIN_EMAIL=admin@example.com
ADMIN_PASSWORD=Admin-$(secret | cut -c1-16)
REGISTER_LIMIT_PER_ADDRESS=${COMPOSE_LOAD:+1000}
OIDC_ISSUER_URL=http://idp:9000
OIDC_CLIENT_ID=portal
OIDC_CLIENT_SECRET=portal-test-client-secret-0123456789
OIDC_DISPLAY_NAME=Test provider
OIDC_ADMIN_GROUPS=portal-admins
OIDC_ALLOW_INSECURE_HTTP_FOR_TESTS=true
# The drill's people and the provider's share example.com: passwords stay allowed for them (the opt-out a portal
# migrating to single sign-on uses), so that registration and password sign-in are drilled beside the provider.
OIDC_PASSWORD_SIGN_IN=true
EOF

# A run that was killed (no EXIT trap) leaves its containers and volumes behind; the engine restarts them and a
# new stack would meet a database initialised with another password. Start from nothing.
compose down --volumes --remove-orphans --timeout 5 >/dev/null 2>&1 || true

COMPOSE_PROJECT="$project" COMPOSE_ENV_FILE="$work/.env" node deploy/compose-check.ts "$@"
