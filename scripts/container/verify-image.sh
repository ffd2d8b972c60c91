#!/usr/bin/env bash
# Builds the Dockerfile and checks that the image serves Atende: GET /readyz ready, GET / the web
# client, an API call without a session refused in Portuguese. Needs Docker or Podman (Debian's
# `apt-get install podman debootstrap` on machines without Docker), as root. Minutes, not seconds.
#
# Where the Docker Hub is out of reach, the base image node:20-bookworm-slim is built here instead:
# Debian bookworm (debootstrap, minbase) with this machine's Node 20 (/usr/bin/node, its npm and
# headers at the official image's places). It stands in for the base only: every step of the
# Dockerfile runs as written.
#
# Where containers cannot be started (Podman's runtime refused by the kernel of some VMs: rlimits,
# cgroups), the build runs its steps in a chroot (`--isolation chroot`) and the check runs the image's
# own command, environment and working directory, read from the image, in a chroot of a container's
# root filesystem. Usage: bash scripts/container/verify-image.sh [tag]   (KEEP=1 keeps the image)
set -euo pipefail
cd "$(dirname "$0")/../.."

tag="${1:-localhost/atende:verify}"
base=node:20-bookworm-slim
port="${VERIFY_PORT:-39555}"
work="$(mktemp -d)"
pid=""
mounted=""
container=""

if docker info >/dev/null 2>&1; then engine=docker; build=(docker build)
elif command -v podman >/dev/null; then engine=podman; build=(podman build --isolation chroot)
else echo "verify-image: neither a Docker engine nor podman is available" >&2; exit 1; fi

cleanup() {
  [ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
  if [ -n "$mounted" ]; then umount "$mounted/proc" "$mounted/dev" 2>/dev/null || true; fi
  [ -n "$container" ] && { $engine umount "$container" >/dev/null 2>&1 || true; $engine rm -f "$container" >/dev/null 2>&1 || true; }
  [ "${KEEP:-0}" = 1 ] || $engine rmi -f "$tag" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

standin_base() {
  command -v debootstrap >/dev/null || { echo "verify-image: debootstrap is needed to build $base" >&2; exit 1; }
  local root="$work/rootfs" npm_dir
  echo "verify-image: $base cannot be pulled; building it from Debian bookworm and this machine's Node $(node -v)"
  debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian >"$work/debootstrap.log"
  npm_dir="$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")"
  mkdir -p "$root/usr/local/bin" "$root/usr/local/lib/node_modules" "$root/usr/local/include" "$root/usr/local/etc"
  cp "$(readlink -f "$(command -v node)")" "$root/usr/local/bin/node"
  cp -a "$npm_dir" "$root/usr/local/lib/node_modules/npm"
  cp -a /usr/include/node "$root/usr/local/include/node"
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"
  # This machine reaches the registries through its own certificate authorities: the build must too.
  if [ -f /etc/ssl/certs/ca-certificates.crt ]; then
    mkdir -p "$root/etc/ssl/certs"
    cp /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/ca-certificates.crt"
    echo 'cafile=/etc/ssl/certs/ca-certificates.crt' >"$root/usr/local/etc/npmrc"
  fi
  rm -rf "$root/var/cache/apt/archives/"*.deb "$root/var/lib/apt/lists/"*
  tar -C "$root" -c --numeric-owner . | $engine import \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'CMD ["node"]' - "docker.io/library/$base" >/dev/null 2>"$work/import.log"
}

if ! $engine image inspect "$base" >/dev/null 2>&1 && ! timeout 60 $engine pull "$base" >/dev/null 2>&1; then
  standin_base
fi

started=$SECONDS
"${build[@]}" --network host -t "$tag" . >"$work/build.log" 2>&1 || { tail -40 "$work/build.log" >&2; exit 1; }
echo "verify-image: built $tag in $((SECONDS - started)) s"

# The image's own command, environment and working directory.
config="$($engine image inspect "$tag" --format '{{json .Config}}')"
# One field of it: a text, or a list as NUL-separated items.
field() { node -e 'const v = JSON.parse(process.argv[1])[process.argv[2]] ?? ""; process.stdout.write(Array.isArray(v) ? v.join("\0") : v)' "$config" "$1"; }
workdir="$(field WorkingDir)"
mapfile -d '' -t cmd < <(field Cmd)
mapfile -d '' -t env < <(field Env)

if $engine run --rm --network host "$tag" true >/dev/null 2>&1; then
  # Named, so that the cleanup removes it: ending the client (`docker run`) leaves the container running.
  container="atende-verify-$$"
  $engine run --rm --name "$container" --network host -e PORT="$port" -e HOST=127.0.0.1 "$tag" \
    >"$work/run.log" 2>&1 &
  pid=$!
else
  echo "verify-image: $engine cannot start containers here; running the image's command in a chroot of its file system"
  container="$($engine create "$tag")"
  mounted="$($engine mount "$container")"
  mkdir -p "$mounted/data"
  mount -t proc proc "$mounted/proc"
  mount --bind /dev "$mounted/dev"
  chroot "$mounted" /usr/bin/env -i "${env[@]}" PORT="$port" HOST=127.0.0.1 \
    sh -c 'cd "$0" && exec "$@"' "${workdir:-/}" "${cmd[@]}" >"$work/run.log" 2>&1 &
  pid=$!
fi

check() { # name, expected, actual
  if [ "$2" = "$3" ]; then echo "  ok   $1"; else echo "  FAIL $1: expected $2, got $3" >&2; failed=1; fi
}
failed=0
for _ in $(seq 1 120); do
  curl -fs -m 2 "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && break
  kill -0 "$pid" 2>/dev/null || break
  sleep 1
done
check 'GET /readyz' '{"status":"ready"}' "$(curl -s -m 5 "http://127.0.0.1:$port/readyz")"
check 'GET / serves the web client' '200 text/html; charset=utf-8' \
  "$(curl -s -m 5 -o /dev/null -w '%{http_code} %{content_type}' "http://127.0.0.1:$port/")"
status="$(curl -s -m 5 -o "$work/body.json" -w '%{http_code}' "http://127.0.0.1:$port/api/whatsapp/conversations")"
check 'GET /api/whatsapp/conversations without a session' '401 UNAUTHENTICATED Sessão expirada. Entre novamente.' \
  "$status $(node -e 'const b = require(process.argv[1]); console.log(b.code, b.error)' "$work/body.json" 2>&1)"
if [ "$failed" = 1 ]; then tail -20 "$work/run.log" >&2; exit 1; fi
echo "verify-image: $tag serves Atende"
