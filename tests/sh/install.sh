#!/bin/sh
# tier: fast
# install.sh — `make install DESTDIR=... PREFIX=...` puts the binary, the header and a working
# pkg-config file in place, and the installed pieces work together.
w=$(mktemp -d)
trap 'rm -rf "$w"' EXIT
d="$w/root"
if ! make -s -C "$TOP" install DESTDIR="$d" PREFIX=/opt/ut >"$w/log" 2>&1; then
	echo "not ok - install_runs: $(tail -n 5 "$w/log")"
	exit 0
fi
missing=""
for f in bin/usdtrace include/usdtrace/sdt.h lib/pkgconfig/usdtrace.pc share/man/man1/usdtrace.1; do
	[ -f "$d/opt/ut/$f" ] || missing="$missing $f"
done
if [ -n "$missing" ]; then
	echo "not ok - install_files: missing$missing"
else
	echo "ok - install_files"
fi
[ -x "$d/opt/ut/bin/usdtrace" ] && echo "ok - install_binary_executable" ||
	echo "not ok - install_binary_executable"

# usdtraced and its systemd unit (docs/usdtraced.md): installed, pointing at the installed
# daemon, valid for systemd where systemd-analyze can say so, and enabled nowhere
unit="$d/opt/ut/lib/systemd/system/usdtraced.service"
if [ -x "$d/opt/ut/sbin/usdtraced" ] && "$d/opt/ut/sbin/usdtraced" -h | grep -q '^usage: usdtraced ' &&
	grep -qx 'ExecStart=/opt/ut/sbin/usdtraced -F -d /run/usdtrace' "$unit" &&
	[ -z "$(find "$d" -path '*wants*' 2>/dev/null)" ]; then
	echo "ok - install_usdtraced"
else
	echo "not ok - install_usdtraced: $(ls -R "$d/opt/ut" | head -c 300)"
fi
if command -v systemd-analyze >/dev/null 2>&1; then
	sed "s|/opt/ut/sbin/usdtraced|$d/opt/ut/sbin/usdtraced|" "$unit" >"$w/usdtraced.service"
	if systemd-analyze verify "$w/usdtraced.service" >"$w/verify" 2>&1; then
		echo "ok - install_usdtraced_unit_verifies"
	else
		echo "not ok - install_usdtraced_unit_verifies: $(head -c 300 "$w/verify")"
	fi
else
	echo "skip - install_usdtraced_unit_verifies: no systemd-analyze"
fi

# the man page: man(1) formats it without a warning, it names the installed prefix's library
# directory, and documents every option letter the binary's usage lists (and --help, --version)
man1="$d/opt/ut/share/man/man1/usdtrace.1"
if [ -f "$man1" ] && command -v man >/dev/null 2>&1; then
	page=$(MANWIDTH=200 man --warnings -l "$man1" 2>"$w/manerr")
	letters=$("$d/opt/ut/bin/usdtrace" --help | sed -n 's/^\t\(-[A-Za-z0-9]*\|--[a-z]*\) .*/\1/p')
	undoc=""
	for l in $letters; do
		echo "$page" | grep -q -- "^ *$l\( \|$\)" || undoc="$undoc $l"
	done
	if [ ! -s "$w/manerr" ] && [ -z "$undoc" ] && [ -n "$letters" ] &&
		echo "$page" | grep -q "/opt/ut/lib/usdtrace"; then
		echo "ok - install_man_page"
	else
		echo "not ok - install_man_page: undocumented:$undoc; $(head -c 300 "$w/manerr")"
	fi
else
	echo "skip - install_man_page: no man(1) or no page"
fi
# --help and --version (dtrace has no long options; they are ours): exit 0, on stdout
if "$d/opt/ut/bin/usdtrace" --help >"$w/help" 2>"$w/helperr" && [ ! -s "$w/helperr" ] &&
	head -n 1 "$w/help" | grep -q '^Usage: usdtrace ' &&
	[ "$("$d/opt/ut/bin/usdtrace" --version 2>&1)" = "usdtrace $(sed -n 's/^VERSION *[?:]*= *//p' "$TOP/Makefile")" ]; then
	echo "ok - help_and_version"
else
	echo "not ok - help_and_version: $(head -c 200 "$w/help") $(head -c 200 "$w/helperr")"
fi

cflags=$(PKG_CONFIG_PATH="$d/opt/ut/lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$d" pkg-config --cflags usdtrace 2>&1)
cflags=$(echo $cflags) # pkg-config ends the line with a blank
if [ "$cflags" = "-I$d/opt/ut/include" ]; then
	echo "ok - pkgconfig_cflags"
else
	echo "not ok - pkgconfig_cflags: got '$cflags'"
fi

cat >"$w/p.c" <<'C'
#include <usdtrace/sdt.h>
int main(int argc, char **argv) { (void)argv; USDT(inst, hello, argc); return 0; }
C
# shellcheck disable=SC2086
if cc -Wall -Wextra -Werror $cflags -o "$w/p" "$w/p.c" 2>"$w/err"; then
	"$d/opt/ut/bin/usdtrace" -l -m "$w/p" >"$w/out" 2>"$w/err"
	if [ "$(awk 'NR == 2 { print $2, $3, $4, $5 }' "$w/out")" = "inst p main hello" ]; then
		echo "ok - installed_header_and_binary_work"
	else
		echo "not ok - installed_header_and_binary_work: $(cat "$w/out" "$w/err")"
	fi
else
	echo "not ok - installed_header_and_binary_work: compile failed: $(cat "$w/err")"
fi
