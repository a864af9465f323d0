#!/bin/sh
# Installs Debian's Chromium for the end-to-end tests (Playwright's own browser
# download does not work on this machine). Idempotent: does nothing when
# /usr/bin/chromium already exists. Needs root (or sudo) the first time.
set -e
if [ -x /usr/bin/chromium ]; then
  exit 0
fi
SUDO=""
if [ "$(id -u)" != "0" ] && command -v sudo >/dev/null 2>&1; then SUDO="sudo"; fi
echo "Instalando o Chromium do Debian para os testes end-to-end..."
$SUDO apt-get update
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends chromium fonts-liberation
