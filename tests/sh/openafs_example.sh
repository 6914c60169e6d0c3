# tier: full
# openafs_example.sh — examples/openafs end to end, the OpenAFS pattern: a server passing its
# internal structures to probes whose provider file maps them to translated types, a D
# library (lib/openafs.d) with the translators and an error-string table, and the "better
# example" script of the OpenAFS DTrace talk run unchanged apart from names against the
# running server's pid ($1).
. "$TOP/tests/sh/lib.sh"
sdt_workdir
U=$USDTRACE
E=$TOP/examples/openafs
cd "$W" || exit 1
if "$U" -h -L "$E/lib" -s "$E/vl_probes.d" -o vl_probes.h 2>err &&
	gcc -Wall -Wextra -Werror -O2 -I. -c "$E/vlserver.c" -o vlserver.o 2>>err &&
	"$U" -G -L "$E/lib" -s "$E/vl_probes.d" -o vl_probes.o vlserver.o 2>>err &&
	gcc -o vlserver vlserver.o vl_probes.o 2>>err; then
	ok openafs-builds
else
	notok openafs-builds "$(head -c 400 err)"
	exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
	skip openafs-trace "needs root"
	exit 0
fi
./vlserver 0 10 &
srv=$!
trap 'kill $srv 2>/dev/null; rm -rf "$W"' EXIT
sdt_wait_exec $srv "$W/vlserver" 5
# the tracer stops itself after enough lookups (the script has no exit of its own)
"$U" -q -L "$E/lib" -s "$E/example.d" $srv >out 2>err &
tr=$!
i=0
while [ $i -lt 100 ] && [ "$(grep -c . out)" -lt 16 ]; do
	sleep 0.1
	i=$((i + 1))
done
kill -INT $tr 2>/dev/null
wait $tr
kill $srv 2>/dev/null
got=$(sed '/^$/d' out | sort -u)
want='IP 192.0.2.7 looked up volname root.cell
IP 198.51.100.23 looked up volname user.alice
IP 203.0.113.5 looked up volname proj.build.readonly
IP <unknown> looked up volname no.such.volume
Request from 192.0.2.7, status: success
Request from 198.51.100.23, status: success
Request from 203.0.113.5, status: success
Request from <unknown>, status: VL_NOENT'
if [ "$got" = "$want" ]; then
	ok openafs-trace
else
	notok openafs-trace "[$got] $(head -c 300 err)"
fi
