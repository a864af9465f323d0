#!/bin/sh
# Installs Debian's haproxy when missing (the load balancer of `npm run test:cluster`, deploy/haproxy.cfg).
set -e
command -v haproxy >/dev/null 2>&1 && exit 0
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
echo "[ensure-haproxy] installing Debian haproxy..."
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends haproxy >/dev/null
