#!/bin/sh
# Local stand-ins for the public images Jejak's Dockerfile and deploy/compose.yaml start from,
# for a Docker host that cannot reach Docker Hub but can reach a Debian mirror and the npm
# registry (docs/deploy.md, "Without Docker Hub"). Run as root from the repository root:
#   sh tools/build/offline-images/build.sh
# It tags:
#   node:24-bookworm-slim   Debian bookworm (debootstrap) + Node.js 24 LTS (tools/setup/node-lts.ts, from the
#                           npm registry) and this machine's npm, user node (1000)
#   jejak-offline/postgres  Debian's PostgreSQL 15, honouring POSTGRES_USER/PASSWORD/DB like the official image
#   jejak-offline/nats      Debian's nats-server (entrypoint nats-server; wget for the health check)
#   jejak-offline/haproxy   Debian's HAProxy, reading /usr/local/etc/haproxy/haproxy.cfg
# then use them with:
#   JEJAK_POSTGRES_IMAGE=jejak-offline/postgres JEJAK_NATS_IMAGE=jejak-offline/nats \
#   JEJAK_HAPROXY_IMAGE=jejak-offline/haproxy docker compose -p jejak -f deploy/compose.yaml up -d --build
set -eu
here=$(cd "$(dirname "$0")" && pwd)
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
rootfs=$(mktemp -d /tmp/jejak-rootfs-XXXX)
trap 'rm -rf "$rootfs"' EXIT

command -v debootstrap >/dev/null || apt-get install -y debootstrap
node_bin=$(npx tsx tools/setup/node-lts.ts | sed -n 's/^v24[^:]*: //p')
[ -x "$node_bin" ] || { echo "could not fetch Node.js 24 LTS (tools/setup/node-lts.ts)" >&2; exit 1; }
npm_dir=$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")

debootstrap --variant=minbase bookworm "$rootfs" "$mirror"
install -D -m 0755 "$node_bin" "$rootfs/usr/local/bin/node"
mkdir -p "$rootfs/usr/local/lib/node_modules"
cp -a "$npm_dir" "$rootfs/usr/local/lib/node_modules/npm"
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
chroot "$rootfs" groupadd --gid 1000 node
chroot "$rootfs" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
# A TLS-inspecting proxy's certificate authority, when this machine trusts one (npm needs it).
extra_ca=""
if [ -n "${NODE_EXTRA_CA_CERTS:-}" ] && [ -f "$NODE_EXTRA_CA_CERTS" ]; then
  install -D -m 0644 "$NODE_EXTRA_CA_CERTS" "$rootfs/etc/ssl/certs/jejak-extra-ca.crt"
  extra_ca="ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/jejak-extra-ca.crt"
fi
rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*
tar -C "$rootfs" -c . | docker import \
  -c 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  ${extra_ca:+-c "$extra_ca"} -c 'CMD ["node"]' - node:24-bookworm-slim

for image in postgres nats haproxy; do
  docker build --network host -t "jejak-offline/$image" "$here/$image"
done
docker images --filter reference='node:24-bookworm-slim' --filter reference='jejak-offline/*'
