#!/bin/sh
# Installs the Debian packages usdtrace needs to build and test, when any is missing.
# Fast no-op when everything is there. Needs root (or sudo) only when something must be installed.
set -e
pkgs="gcc g++ clang systemtap-sdt-dev llvm-14 make pkg-config libbpf-dev libelf-dev libdw-dev zlib1g-dev liblzma-dev libcapstone-dev binutils binutils-dev gdb bpftrace linux-perf python3.11 ruby3.1 postgresql-15 openjdk-17-jdk-headless jq"
missing=""
for p in $pkgs; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
		missing="$missing $p"
	fi
done
[ -z "$missing" ] && exit 0
echo "usdtrace: installing missing packages:$missing"
if [ "$(id -u)" -eq 0 ]; then
	SUDO=""
elif command -v sudo >/dev/null 2>&1; then
	SUDO="sudo"
else
	echo "usdtrace: run as root: apt-get install -y$missing" >&2
	exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
# shellcheck disable=SC2086
$SUDO apt-get install -y -qq --no-install-recommends $missing
