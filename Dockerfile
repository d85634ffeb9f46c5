# syntax=docker/dockerfile:1
# Production image: the same code for the server, the worker and the migration job
# (docker-compose.yml picks the command). The server and the migration job run TypeScript natively
# on Node 24 (type stripping); the worker runs its bundle, dist/worker/main.mjs, from `npm run build`.

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
# The prerendered pages carry the business's identity and URL: docker-compose.yml passes them from
# .env (the server warns at start when the runtime values differ from these).
ARG APP_URL SITE_NAME SITE_PHONE SITE_EMAIL SITE_LEGAL_NAME SITE_LICENCE SITE_ABN SITE_INSTAGRAM_URL SITE_FACEBOOK_URL
RUN npm run build

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/.data
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY server ./server
COPY worker ./worker
COPY shared ./shared
COPY migrations ./migrations
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 3000
CMD ["node", "server/main.ts"]
