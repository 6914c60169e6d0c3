# tier: full
# sdt_system.sh — programs that include systemtap's <sys/sdt.h> (Debian's systemtap-sdt-dev)
# as well as a header from `usdtrace -h`, as DTrace's own tests do: the two compile together
# without a diagnostic (ours leaves DTRACE_PROBE* to systemtap's when it came first), the
# probes of both kinds are in the notes, and the tracer fires them.
. "$TOP/tests/sh/lib.sh"
sdt_workdir
U=$USDTRACE
sys=$(echo '#include <sys/sdt.h>' | cpp -H -o /dev/null 2>&1 | awk '/sys\/sdt.h/ { print $2; exit }')
if [ -z "$sys" ]; then
	skip sdt-system "no <sys/sdt.h> (systemtap-sdt-dev)"
	exit 0
fi
cat >"$W/prov.d" <<'EOD'
provider pyramid {
	probe entry(int);
};
EOD
cat >"$W/main.c" <<'EOD'
#include <sys/sdt.h>
#include "prov.h"
int main(void)
{
	for (int i = 0; i < 3; i++) {
		PYRAMID_ENTRY(i);
		DTRACE_PROBE1(sysprov, tick, i);
	}
	return 0;
}
EOD
cd "$W" || exit 1
if "$U" -h -s prov.d -o prov.h 2>err && gcc -Wall -Wextra -Werror -c main.c -o main.o 2>>err &&
	"$U" -G -s prov.d -o provmain.o main.o 2>>err && gcc -o main main.o provmain.o 2>>err &&
	[ ! -s err ]; then
	ok sdt-system-compiles
else
	notok sdt-system-compiles "$(head -c 400 err)"
	exit 0
fi
n=$(readelf -n main | grep -c NT_STAPSDT)
if [ "$n" -eq 2 ]; then
	ok sdt-system-notes
else
	notok sdt-system-notes "$n notes, want 2: $(readelf -n main | grep -A2 NT_STAPSDT | head -c 300)"
fi
if [ "$(id -u)" -ne 0 ]; then
	skip sdt-system-trace "needs root"
	exit 0
fi
out=$(timeout 30 "$U" -q -n 'pyramid$target:::entry,sysprov$target:::tick { printf("%s %d\n", probename, arg0); }' -c ./main 2>err | sed '/^$/d' | sort)
want=$(printf 'entry 0\nentry 1\nentry 2\ntick 0\ntick 1\ntick 2')
if [ "$out" = "$want" ]; then
	ok sdt-system-trace
else
	notok sdt-system-trace "[$(echo "$out" | tr '\n' ' ')] $(head -c 300 err)"
fi
