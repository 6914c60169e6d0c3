#!/bin/sh
# tier: fast
# list_maps.sh — objects that are awkward to reach from /proc/PID/maps: a shared library that was
# deleted after dlopen, one loaded from a memfd, and (as root) a program living on a tmpfs
# mounted only inside its own mount namespace. Listing must still find their probes.
. "$TOP/tests/progs/list/build.sh"
lp_setup
lp_witness_probes "$w/liblp.so" >"$w/expect_lib"

check_lib_listing() { # case-name pid module-name
	"$USDTRACE" -l -p "$2" -n 'lplib*:::' >"$w/out" 2>"$w/err"
	rc=$?
	lp_listed_probes "$w/out" "$2" >"$w/got"
	mods=$(awk 'NR > 1 { print $3 }' "$w/out" | sort -u)
	if [ $rc -ne 0 ]; then
		echo "not ok - $1: exit $rc: $(cat "$w/err")"
	elif ! cmp -s "$w/expect_lib" "$w/got"; then
		echo "not ok - $1: got [$(tr '\n' ';' <"$w/got")] expected [$(tr '\n' ';' <"$w/expect_lib")]"
	elif [ "$mods" != "$3" ]; then
		echo "not ok - $1: module [$mods], expected [$3]"
	else
		echo "ok - $1"
	fi
}

# dlopen()ed, then deleted: maps says "(deleted)" and the path no longer exists. Such an
# object is reached through /proc/PID/map_files, which only root may open.
if [ "$(id -u)" -ne 0 ]; then
	echo "skip - deleted_library: needs root (/proc/PID/map_files)"
	echo "skip - memfd_library: needs root (/proc/PID/map_files)"
else
	mkdir "$w/gone"
	cp "$w/liblp.so" "$w/gone/liblp-copy.so"
	"$w/lp_load" deleted "$w/gone/liblp-copy.so" "$w/ready-del" &
	pd=$!
	bg="$bg $pd"
	if ! lp_wait_file "$w/ready-del"; then
		echo "not ok - deleted_library: loader did not start"
	elif ! grep -q 'liblp-copy.so (deleted)' "/proc/$pd/maps"; then
		echo "not ok - deleted_library: maps does not show the deleted library"
	else
		check_lib_listing deleted_library "$pd" liblp-copy.so
	fi

	# memfd: maps shows "/memfd:liblp (deleted)".
	"$w/lp_load" memfd "$w/liblp.so" "$w/ready-memfd" &
	pm=$!
	bg="$bg $pm"
	if ! lp_wait_file "$w/ready-memfd"; then
		echo "not ok - memfd_library: loader did not start"
	elif ! grep -q '/memfd:liblp (deleted)' "/proc/$pm/maps"; then
		echo "not ok - memfd_library: maps does not show the memfd"
	else
		check_lib_listing memfd_library "$pm" memfd:liblp
	fi
fi

# Another mount namespace: the program's path exists only inside it.
nsdir=
if [ "$(id -u)" -ne 0 ]; then
	echo "skip - other_mount_namespace: needs root"
elif ! command -v unshare >/dev/null 2>&1; then
	echo "skip - other_mount_namespace: no unshare(1)"
else
	nsdir=$(mktemp -d /tmp/usdtrace-ns.XXXXXX)
	unshare -m --propagation private sh -c '
		mount -t tmpfs usdtrace-test "$1" || exit 1
		cp "$2/lp_main" "$2/liblp.so" "$1/" || exit 1
		LD_LIBRARY_PATH="$1" exec "$1/lp_main" "$2/ready-ns"' sh "$nsdir" "$w" 2>"$w/ns-err" &
	pn=$!
	bg="$bg $pn"
	if ! lp_wait_file "$w/ready-ns"; then
		echo "not ok - other_mount_namespace: program did not start: $(cat "$w/ns-err")"
	elif [ -e "$nsdir/lp_main" ]; then
		echo "not ok - other_mount_namespace: the tmpfs is visible outside the namespace"
	else
		{ lp_witness_probes "$w/lp_main"; cat "$w/expect_lib"; } >"$w/expect_ns"
		"$USDTRACE" -l -p "$pn" >"$w/out" 2>"$w/err"
		rc=$?
		lp_listed_probes "$w/out" "$pn" >"$w/got"
		if [ $rc -ne 0 ] || ! cmp -s "$w/expect_ns" "$w/got"; then
			echo "not ok - other_mount_namespace: exit $rc [$(tr '\n' ';' <"$w/got")] $(cat "$w/err")"
		else
			echo "ok - other_mount_namespace"
		fi
	fi
fi
