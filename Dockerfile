# Atende apps image: one image, the command picks the app (see docker-compose.yml).
FROM node:20-bookworm-slim
ENV PUPPETEER_SKIP_DOWNLOAD=1 npm_config_nodedir=/usr/local
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY . .
# The committed lockfile exactly (npm ci fails on a mismatch rather than resolving anew), then the
# web client, built once here.
RUN npm ci --no-audit --no-fund && npm run build
ENV NODE_ENV=production DATA_DIR=/data
VOLUME /data
EXPOSE 3000
# What `npm start` runs, without its prestart: the web client is built already, and rebuilding it
# at every start would slow each restart after a crash.
CMD ["node", "--v8-pool-size=2", "--no-allocation-site-pretenuring", "--import", "tsx", "apps/server/src/main.ts"]
