# One file for every deployable of the portal:
#   --target service  --build-arg SERVICE=gateway|services/auth|services/courses|services/files|services/audit|services/training|services/quizzes
#   --target slice    --build-arg SLICE=shell|mfe-auth|mfe-courses|mfe-editor|mfe-admin
#   --target test-idp (the compose test's OpenID Connect provider, deploy/compose.sso-test.yml)
# The build steps are the commands the tests run: `npm install` (as scripts/bootstrap.mjs) and `npm run build -w <slice>`.
# It builds with BuildKit and with the classic builder. The classic builder builds every stage before the target,
# so the stages are ordered for it: the shared dependency layer first, then the service, the admin command
# line and the compose test's provider (all only copy files), then the slices.

ARG NODE_IMAGE=node:24-bookworm-slim
ARG NGINX_IMAGE=nginxinc/nginx-unprivileged:1.27-alpine

# Every workspace's manifest first, so the dependency layer is rebuilt only when they change.
FROM ${NODE_IMAGE} AS deps
LABEL course-portal.stage=build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY contracts/package.json contracts/
COPY web-kit/package.json web-kit/
COPY services/kit/package.json services/kit/
COPY services/auth/package.json services/auth/
COPY services/courses/package.json services/courses/
COPY services/files/package.json services/files/
COPY services/audit/package.json services/audit/
COPY services/training/package.json services/training/
COPY services/quizzes/package.json services/quizzes/
COPY gateway/package.json gateway/
COPY shell/package.json shell/
COPY mfe-auth/package.json mfe-auth/
COPY mfe-courses/package.json mfe-courses/
COPY mfe-editor/package.json mfe-editor/
COPY mfe-admin/package.json mfe-admin/
COPY e2e/package.json e2e/
# Only for a build machine that reaches npm through its own registry or TLS-inspecting proxy (the CA in PEM
# form): used for this one step and kept in no image that ships (the images below copy files, not this stage).
ARG NPM_REGISTRY
ARG NPM_CA
RUN if [ -n "$NPM_CA" ]; then printf '%s\n' "$NPM_CA" > /tmp/npm-ca.pem && export NODE_EXTRA_CA_CERTS=/tmp/npm-ca.pem; fi \
  && npm install --no-audit --no-fund ${NPM_REGISTRY:+--registry=$NPM_REGISTRY} \
  && rm -rf /tmp/npm-ca.pem /root/.npm

# Runtime dependencies only, for the services.
FROM deps AS prod-deps
# Offline: pruning needs nothing from the registry.
# A workspace keeps its own node_modules when it needs another version of a package than the root's (courses:
# lru-cache 11); every workspace gets the folder, so that the stages below can copy it whether or not it is empty.
RUN npm prune --omit=dev --offline --no-audit --no-fund \
  && for workspace in gateway services/*; do mkdir -p "$workspace/node_modules"; done

# A service or the gateway: Node 24 runs the TypeScript sources directly (type stripping), as in development.
FROM ${NODE_IMAGE} AS service
ARG SERVICE=gateway
ENV NODE_ENV=production SERVICE=${SERVICE}
WORKDIR /app
COPY --from=prod-deps --chown=node:node /app/node_modules ./node_modules
COPY --chown=node:node package.json ./
COPY --chown=node:node contracts ./contracts
COPY --chown=node:node services/kit ./services/kit
COPY --chown=node:node ${SERVICE} ./${SERVICE}
COPY --from=prod-deps --chown=node:node /app/${SERVICE}/node_modules ./${SERVICE}/node_modules
COPY deploy/service-health.sh ./deploy/
USER node
EXPOSE 8080
# Every 30 s (Docker's default): each probe is an exec in the container, which costs the engine about a quarter
# of a second of CPU; ten containers probed every 10 s took a third of a core and showed in the latencies. The
# probe needs bash (the Debian-based NODE_IMAGE has it).
HEALTHCHECK --interval=30s --timeout=3s --retries=3 CMD ["/app/deploy/service-health.sh"]
CMD ["sh", "-c", "exec node ${SERVICE}/src/server.ts"]

# The operator's command line (`npm run admin`), for one-off containers on the stack's databases.
FROM ${NODE_IMAGE} AS admin
ENV NODE_ENV=production
WORKDIR /app
COPY --from=prod-deps --chown=node:node /app/node_modules ./node_modules
COPY --chown=node:node package.json ./
COPY --chown=node:node contracts ./contracts
COPY --from=prod-deps --chown=node:node /app/services ./services
COPY --chown=node:node services ./services
# reset-password ends the account's sessions through the gateway's own session store.
COPY --chown=node:node gateway ./gateway
COPY --chown=node:node scripts ./scripts
USER node
ENTRYPOINT ["node", "scripts/admin.ts"]

# The compose test's OpenID Connect provider (deploy/compose.sso-test.yml), not a deployable: the suite's test
# provider, which needs the development dependencies; copied, so that no build setting is in its history.
FROM ${NODE_IMAGE} AS test-idp
WORKDIR /app
COPY --from=deps --chown=node:node /app/node_modules ./node_modules
COPY --chown=node:node package.json ./
COPY --chown=node:node gateway/test/test-provider.ts ./gateway/test/
COPY --chown=node:node deploy/test-idp.ts ./deploy/
USER node
EXPOSE 9000
CMD ["node", "deploy/test-idp.ts"]

FROM deps AS web-build
ARG SLICE=shell
COPY . .
RUN npm run build -w ${SLICE}

# A slice: its built files, served by an unprivileged nginx with the right cache headers.
FROM ${NGINX_IMAGE} AS slice
ARG SLICE=shell
# Where the gateway forwards this slice's files: / for the shell, /mfe/<name>/ for a remote.
ARG MOUNT_PATH=/
# The shell falls back to index.html for every page path; a remote answers 404 for what it does not have.
ARG SPA_FALLBACK=/index.html
COPY deploy/nginx-slice.conf /etc/nginx/conf.d/default.conf
USER root
# The configuration is completed at build time: the container's file system is read-only when it runs.
RUN sed -i "s#\${MOUNT_PATH_FALLBACK}#${SPA_FALLBACK}#" /etc/nginx/conf.d/default.conf
USER 101
COPY --from=web-build /app/${SLICE}/dist /usr/share/nginx/html${MOUNT_PATH}
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=3s --retries=3 CMD wget -q -O /dev/null http://127.0.0.1:8080/healthz || exit 1

