#!/usr/bin/env bash
# Installs what the test suites need beyond `npm ci`, on Debian or Ubuntu (README "Testing").
# Run as root, or as a user with sudo. Installs only what is missing; safe to run again.
set -euo pipefail

# Runtime libraries of the native addons: node-hid needs libusb, serialport's port listing
# needs udevadm. Debian's Chromium drives the browser tests through playwright-core (never
# `playwright install`). tmux, sshd/ssh and socat are used by the terminal, remote-host and
# serial tests; git by the real-agent tests (Codex trusts a project that is a git repository).
APT_PACKAGES=(libusb-1.0-0 udev chromium tmux openssh-server openssh-client socat git)

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

install_apt_packages() {
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "install-test-deps: apt-get not found; install these packages by hand: ${APT_PACKAGES[*]}" >&2
    return 1
  fi
  local missing=()
  for package in "${APT_PACKAGES[@]}"; do
    dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
  done
  if [ "${#missing[@]}" -eq 0 ]; then
    echo "install-test-deps: system packages already installed"
    return 0
  fi
  echo "install-test-deps: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  as_root apt-get update -qq
  as_root apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

install_apt_packages

# The real Claude Code and Codex CLIs that test/real-agents drives, at the versions pinned in
# scripts/agent-clis.json, into a cache outside node_modules (never a package dependency).
node "$(dirname "$0")/install-agent-clis.mjs"
