#!/bin/sh
# tier: full
# usdt_room.sh — probes that arrive while tracing runs find room (issue 20): -Z with a
# description that matches nothing at start, then a library with 300 probes dlopen()ed by the
# -c command (tests/progs/usdt/ut_prog.c's dlopen mode, a library generated here, each probe
# fired twice): every probe is enabled and fires, with no "no room left" warning. The same on
# a JVM when one is installed: `hotspot*:::` enabling libjvm.so's 500-odd probes at its dlopen,
# against the class count the JVM itself reports (-Xlog:class+load).
. "$TOP/tests/sh/lib.sh"
sdt_workdir
if ! sdt_is_root; then
	skip usdt-room "needs root"
	exit 0
fi
N=300
{
	echo '#include <usdtrace/sdt.h>'
	echo 'void ut_lib_hello(void) {'
	i=1
	while [ $i -le $N ]; do
		echo "	DTRACE_PROBE(manyprobes, p$i);"
		i=$((i + 1))
	done
	echo '}'
} >"$W/many.c"
if ! cc -O1 -fPIC -shared -I"$TOP/include" -o "$W/libmany.so" "$W/many.c" 2>"$W/cc.err" ||
   ! cc -O1 -I"$TOP/include" -o "$W/ut_prog" "$TOP/tests/progs/usdt/ut_prog.c" -ldl 2>>"$W/cc.err"; then
	notok usdt-room-build "$(head -c 300 "$W/cc.err")"
	exit 0
fi
timeout 900 "$USDTRACE" -Z -q -n 'manyprobes*::: { @n = count(); @p[probename] = count(); }' \
	-n 'END { printa("fired %@d\n", @n); printa("probe %s %@d\n", @p); }' \
	-c "$W/ut_prog dlopen $W/libmany.so 2" >"$W/o" 2>"$W/e"
probes=$(grep -c '^probe p[0-9]* 2$' "$W/o")
if grep -q "^fired $((2 * N))\$" "$W/o" && [ "$probes" = $N ] && ! grep -q 'no room' "$W/e"; then
	ok "usdt-room: $N probes (more than the 256 names once left for later) of a library dlopen()ed after start, each fired twice"
else
	notok usdt-room "$(grep fired "$W/o"), $probes probes twice: $(head -c 300 "$W/e")"
fi

J=
for j in /usr/lib/jvm/*/bin/java; do
	[ -x "$j" ] && { J=$j; break; }
done
if [ -z "$J" ]; then
	skip usdt-room-jvm "no JVM in /usr/lib/jvm"
	exit 0
fi
timeout 600 "$USDTRACE" -Z -q -n 'hotspot*:::class-loaded { @c = count(); }' \
	-n 'END { printa("classes %@d\n", @c); }' \
	-c "$J -Xshare:off -Xlog:class+load=info:file=$W/classes.log -version" >"$W/jo" 2>"$W/je"
want=$(grep -c 'source:' "$W/classes.log" 2>/dev/null)
got=$(sed -n 's/^classes //p' "$W/jo")
if [ -n "$got" ] && [ "$got" = "$want" ] && ! grep -q 'no room' "$W/je"; then
	ok "usdt-room: libjvm.so's probes enabled at its dlopen: $got class-loaded, as the JVM logs"
else
	notok usdt-room-jvm "class-loaded [$got], JVM log $want: $(grep -v '^openjdk\|Runtime\|VM (' "$W/je" | head -c 300)"
fi
