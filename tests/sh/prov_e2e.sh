#!/bin/sh
# tier: full
# End to end: -h headers compiled into programs that fire every probe (gcc, g++, clang, all
# with -Wall -Wextra -Werror), -G objects linked with them (PIE, non-PIE, shared library), the
# programs run; readelf and nm are the witnesses: every stapsdt note's semaphore address is the
# address of its *_semaphore symbol, .probes is there, and .note.usdtrace carries the declared
# argument types and the declarations.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
P="$TOP/tests/prov/valid"
cd "$tmp" || exit 1

# A C file that defines the provider file's types (its text before `provider`, which these
# files keep C-compatible) and fires every probe of the header, each guarded by its _ENABLED().
make_user() { # file.d header.h out.c funcname
	{
		echo '#include <stddef.h>'
		echo '#include <stdint.h>'
		echo '#include <sys/types.h>'
		sed '/^provider /,$d' "$1"
		echo "#include \"$2\""
		echo "int $4(long k);"
		echo "int $4(long k) {"
		echo '	int n = 0;'
		# "#define P_X(arg0, arg1) \" -> "if (P_X_ENABLED()) n++; P_X(k, k);"
		# (only after the first "/* provider" comment: the embedded sdt.h has macros too)
		sed -n '/^\/\* provider /,$ s/^#define \([A-Z0-9_]*\)(\(.*\)) \\$/\1 \2/p' "$2" |
		while read -r m args; do
			call=$(echo "$args" | sed 's/arg[0-9]*/k/g')
			echo "	if (${m}_ENABLED()) n++;"
			echo "	$m($call);"
		done
		echo '	return n;'
		echo '}'
	} > "$3"
}

# Every stapsdt note of $1 names a semaphore at the address nm gives its symbol.
check_semaphores() { # binary -> prints a reason on mismatch
	readelf -n "$1" | awk '
		/Provider:/ { prov = $2 }
		/Name:/ { name = $2 }
		/Semaphore:/ { for (i = 1; i <= NF; i++) if ($i == "Semaphore:") print prov "_" name "_semaphore", $(i + 1) }
	' | sort -u > sem.notes
	nm "$1" | awk '/_semaphore$/ { print $3, "0x" $1 }' | sort -u > sem.nm
	if [ ! -s sem.notes ]; then
		echo "no stapsdt notes with semaphores"
		return
	fi
	if ! cmp -s sem.notes sem.nm; then
		echo "notes and symbols differ: $(diff sem.notes sem.nm | head -n 4 | tr '\n' ' ')"
	fi
}

have_sdt=1
for f in dbserver vm netd scalars; do
	if ! "$USDTRACE" -C -h -s "$P/$f.d" -o "$f.h" 2> err; then
		echo "not ok - $f: -h failed: $(head -n 2 err)"
		grep -q 'without include/usdtrace/sdt.h' err && have_sdt=0
		continue
	fi
	make_user "$P/$f.d" "$f.h" "$f-user.c" "fire_$f"
	for cc in gcc clang; do
		if ! $cc -std=gnu11 -Wall -Wextra -Werror -O2 -c "$f-user.c" -o "$f-user-$cc.o" 2> err; then
			echo "not ok - $f: $cc -Wall -Wextra -Werror: $(head -n 5 err)"
		else
			echo "ok - $f: header compiles with $cc -Wall -Wextra -Werror"
		fi
	done
	# C++: _Bool is C only; the other files are C++ as well.
	if [ "$f" != dbserver ]; then
		if ! g++ -Wall -Wextra -Werror -O2 -x c++ -c "$f-user.c" -o "$f-user-cxx.o" 2> err; then
			echo "not ok - $f: g++ -Wall -Wextra -Werror: $(head -n 5 err)"
		else
			echo "ok - $f: header compiles with g++ -Wall -Wextra -Werror"
		fi
	fi
done

if [ "$have_sdt" -eq 1 ] && [ -f netd-user-gcc.o ] && [ -f vm-user-gcc.o ]; then
	cat > main.c <<'EOM'
int fire_netd(long k);
int fire_vm(long k);
int main(void) { return fire_netd(1) + fire_vm(2); }
EOM
	gcc -c main.c -o main.o
	# -G with the objects that use the probes, one provider file at a time; it must not
	# modify them.
	cp netd-user-gcc.o netd-user-gcc.o.orig
	cp vm-user-gcc.o vm-user-gcc.o.orig
	ok=1
	for f in netd vm; do
		if ! "$USDTRACE" -C -G -s "$P/$f.d" -o "$f-probes.o" "$f-user-gcc.o" 2> err; then
			echo "not ok - $f: -G failed: $(head -n 2 err)"
			ok=0
		fi
	done
	if ! cmp -s netd-user-gcc.o netd-user-gcc.o.orig || ! cmp -s vm-user-gcc.o vm-user-gcc.o.orig; then
		echo "not ok - -G modified its input objects"
		ok=0
	fi
	if [ $ok -eq 1 ]; then
		for link in pie no-pie; do
			if ! gcc -$link main.o netd-user-gcc.o vm-user-gcc.o netd-probes.o vm-probes.o -o "prog-$link" 2> err; then
				echo "not ok - link $link: $(head -n 3 err)"
				continue
			fi
			if ! "./prog-$link"; then
				echo "not ok - run $link: exit status $? (a probe reported enabled, or a crash)"
				continue
			fi
			why=$(check_semaphores "prog-$link")
			if [ -n "$why" ]; then
				echo "not ok - $link: $why"
			elif ! readelf -S -W "prog-$link" | grep -q ' \.probes '; then
				echo "not ok - $link: no .probes section"
			else
				echo "ok - $link program links, runs, and its $(wc -l < sem.nm) semaphores match the notes"
			fi
		done
		# A shared library holding the probes and their semaphores.
		gcc -fPIC -std=gnu11 -O2 -c netd-user.c -o netd-user-pic.o &&
		gcc -fPIC -std=gnu11 -O2 -c vm-user.c -o vm-user-pic.o &&
		"$USDTRACE" -C -G -s "$P/netd.d" -o netd-probes-pic.o netd-user-pic.o &&
		"$USDTRACE" -C -G -s "$P/vm.d" -o vm-probes-pic.o vm-user-pic.o
		if ! gcc -shared netd-user-pic.o vm-user-pic.o netd-probes-pic.o vm-probes-pic.o -o libprobed.so 2> err; then
			echo "not ok - shared library: $(head -n 3 err)"
		elif ! gcc main.o -L. -lprobed -Wl,-rpath,"$tmp" -o prog-shared 2> err; then
			echo "not ok - shared library: linking the program: $(head -n 3 err)"
		elif ! ./prog-shared; then
			echo "not ok - shared library: the program failed"
		else
			why=$(check_semaphores libprobed.so)
			if [ -n "$why" ]; then
				echo "not ok - shared library: $why"
			elif nm -D libprobed.so | grep -q '_semaphore'; then
				echo "not ok - shared library: semaphores are exported (they must be hidden)"
			else
				echo "ok - shared library links, runs, semaphores hidden and matching the notes"
			fi
		fi
		# The declared types travel into the linked program.
		objcopy --dump-section .note.usdtrace=notes.bin prog-pie /dev/null 2> /dev/null
		tr '\0' '\n' < notes.bin > notes.txt
		missing=
		for s in 'conn__accept' 'conn_t *' 'const struct endpoint *' 'request_t *' 'nsec_t' \
			 'int (*)(void *)' 'efile_drv__entry' 'int64_t' 'struct endpoint {' \
			 'typedef struct conn conn_t;' 'typedef unsigned long long nsec_t;'; do
			grep -qF -- "$s" notes.txt || missing="$missing '$s'"
		done
		# usdtrace's own note reader agrees (tests/tools/notedump), and the declarations it
		# reads back lay out exactly like the provider file's.
		if [ -x "$B/tools/notedump" ] && [ -x "$B/tools/dtype_layout" ]; then
			"$B/tools/notedump" -a prog-pie > dump.txt 2> err
			if ! grep -qxF 'types netd conn__accept: conn_t *|const struct endpoint *' dump.txt ||
			   ! grep -qxF 'types vm efile_drv__entry: int|int|char *|int|char *|char *|int64_t|int64_t|int64_t|int64_t|int|int' dump.txt; then
				echo "not ok - notedump does not show the declared types: $(grep '^types netd conn__accept' dump.txt) $(head -n 2 err)"
			else
				echo "ok - usdtrace's note reader sees the declared types"
			fi
			sed -n 's/^decls: //p' dump.txt | sed 's/\\n/\n/g' > decls-netd.d
			"$B/tools/dtype_layout" decls-netd.d > layout.back 2> err
			"$B/tools/dtype_layout" "$P/netd.d" > layout.orig
			if [ -s layout.orig ] && cmp -s layout.orig layout.back; then
				echo "ok - the recorded declarations re-parse to the same layouts"
			else
				echo "not ok - recorded declarations: $(head -n 2 err) $(diff layout.orig layout.back | head -n 4 | tr '\n' ' ')"
			fi
		fi
		nnotes=$(readelf -n prog-pie | grep -c '^  usdtrace ')
		want=$(( $(grep -c '^[[:space:]]*probe[[:space:]]' "$P/netd.d") + $(grep -c '^[[:space:]]*probe[[:space:]]' "$P/vm.d") + 2 ))
		if [ -n "$missing" ]; then
			echo "not ok - type notes in the program: missing$missing"
		elif [ "$nnotes" -ne "$want" ]; then
			echo "not ok - type notes in the program: $nnotes notes, expected $want"
		else
			echo "ok - type notes in the program ($nnotes notes with declared types and declarations)"
		fi
	fi
else
	echo "not ok - link and run: needs -h to work (include/usdtrace/sdt.h not built in)"
fi

# bpftrace as an independent witness: it finds the probe through the note, raises the
# semaphore (so the _ENABLED() macro turns true) and reads the arguments the macro passed.
if [ "$have_sdt" -eq 1 ]; then
	if [ "$(id -u)" -ne 0 ]; then
		echo "skip - bpftrace witness: needs root"
	elif ! command -v bpftrace > /dev/null 2>&1; then
		echo "skip - bpftrace witness: bpftrace is not installed"
	else
		cat > bt.d <<'EOD'
struct conn { int fd; };
provider demo {
	probe start(struct conn *c, string name, int n);
	probe idle();
};
EOD
		cat > bt.c <<'EOD'
#include <stdio.h>
struct conn { int fd; };
#include "bt.h"
int main(void) {
	struct conn c = { 42 };
	char name[] = "hello";
	int on = DEMO_START_ENABLED();
	DEMO_START(&c, name, 7);
	DEMO_IDLE();
	printf("enabled=%d idle=%d\n", on, (int)DEMO_IDLE_ENABLED());
	return 0;
}
EOD
		if "$USDTRACE" -h -s bt.d && "$USDTRACE" -G -s bt.d && gcc -O1 -Wall -Wextra -Werror bt.c bt.o -o bt 2> err; then
			plain=$(./bt)
			traced=$(timeout 50 bpftrace -e 'struct conn { int fd; };
				usdt:./bt:demo:start { printf("bt fd=%d name=%s n=%d\n", ((struct conn *)arg0)->fd, str(arg1), arg2); }' \
				-c ./bt 2> bterr)
			if [ "$plain" != "enabled=0 idle=0" ]; then
				echo "not ok - bpftrace witness: untraced program printed '$plain'"
			elif ! echo "$traced" | grep -qx 'enabled=1 idle=0'; then
				echo "not ok - bpftrace witness: the semaphore did not enable the probe: $(echo "$traced" | tr '\n' ' ') $(grep -v -e RLIMIT -e detach -e uprobe_events bterr | head -c 300)"
			elif ! echo "$traced" | grep -qx 'bt fd=42 name=hello n=7'; then
				echo "not ok - bpftrace witness: arguments read back as: $(echo "$traced" | grep '^bt ' | tr '\n' ' ')"
			else
				echo "ok - bpftrace witness: semaphore enables the probe, arguments read back (fd=42 name=hello n=7)"
			fi
		else
			echo "not ok - bpftrace witness: building the program failed: $(head -n 3 err | tr "\n" " ")"
		fi
	fi
fi
