#!/bin/sh
# The system packages the WebKit journeys and the desktop wrapper (apps/desktop) need beyond
# `npm install`: WebKitGTK 4.1 with its MiniBrowser and WebKitWebDriver, gjs for the desktop shell,
# Xvfb to run them headless, GStreamer codecs for the lesson clips, and Noto CJK for Korean text.
# Debian/Ubuntu, as root (or through sudo). Without them `npm test` skips those tests and says so;
# CI runs this first, so there they always run.
set -eu
PACKAGES="gjs gir1.2-webkit2-4.1 webkit2gtk-driver xvfb xauth gstreamer1.0-plugins-base \
gstreamer1.0-plugins-good gstreamer1.0-plugins-bad gstreamer1.0-libav fonts-noto-cjk"
missing=""
for p in $PACKAGES; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing="$missing $p"
done
if [ -z "$missing" ]; then
  echo "WebKitGTK packages: all installed"
  exit 0
fi
SUDO=""
[ "$(id -u)" = 0 ] || SUDO=sudo
echo "installing:$missing"
$SUDO apt-get update -q
# shellcheck disable=SC2086
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends $missing
