#!/usr/bin/env bash
# Install Debian's chromium for the browser tests (tests/web/test_browser.py) when it is missing.
# A no-op when /usr/bin/chromium exists; where it cannot be installed (no apt-get, not root) it says so
# and the browser tests skip with that reason.
set -u
if [ -x /usr/bin/chromium ]; then
    exit 0
fi
if ! command -v apt-get > /dev/null; then
    echo "ensure-chromium: no apt-get here; the browser tests will be skipped" >&2
    exit 0
fi
SUDO=""
if [ "$(id -u)" != "0" ]; then
    if command -v sudo > /dev/null && sudo -n true 2> /dev/null; then
        SUDO="sudo -n"
    else
        echo "ensure-chromium: not root and no sudo; the browser tests will be skipped" >&2
        exit 0
    fi
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq > /dev/null && $SUDO apt-get install -y -qq chromium > /dev/null \
    || echo "ensure-chromium: apt-get could not install chromium; the browser tests will be skipped" >&2
exit 0
