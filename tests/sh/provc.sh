#!/bin/sh
# tier: full
# provc.sh — a provider file is a D program (dtrace(8) -h/-G compile it as one, -Z implied):
# a file holding an inline, a translator, a probe clause and the provider compiles with -h and
# -G as with dtrace (which exits 0 on each alone; on a provider beside a clause DTrace for
# Linux 2.0.1 segfaults, a dtrace bug: the Guide's D program may hold both). The witnesses:
# cc compiles and links a program with the header and the object, readelf -n shows the
# probe's note, and usdtrace traces the probe with its argument.
. "$TOP/tests/sh/lib.sh"
sdt_workdir
cd "$W" || exit 1
cat > svc.d <<'EOD'
inline int SVC_LIMIT = 3;
struct req_info { int id; };
translator struct req_info < int *p > { id = *p; };
provider svc {
	probe request__start(int *r) : (struct req_info *r);
	probe request__done(int, const char *);
};
BEGIN
{
	trace(SVC_LIMIT);
}
EOD
if "$USDTRACE" -h -s svc.d 2> err && [ -f svc.h ] && [ ! -s err ] &&
   grep -q '^#define SVC_REQUEST_DONE(arg0, arg1)' svc.h; then
	ok "-h of a file with an inline, a translator and a clause"
else
	notok "-h of a D program" "$(cat err)"
fi
cat > app.c <<'EOD'
#include "svc.h"
#include <unistd.h>
int main(void)
{
	int r = 41;
	for (int i = 0; i < 200; i++) {
		SVC_REQUEST_START(&r);
		SVC_REQUEST_DONE(i, "done");
		usleep(20000);
	}
	return 0;
}
EOD
if ! cc -O2 -c app.c -o app.o 2> err; then
	notok "cc with the header" "$(head -c 300 err)"
	exit 0
fi
# without -o the object is svc.o in the current directory (dtrace's name for svc.d)
if "$USDTRACE" -G -s svc.d app.o 2> err && [ -f svc.o ] && [ ! -s err ] &&
   cc -o svc app.o svc.o 2> err; then
	ok "-G's object links with the program"
else
	notok "-G and link" "$(cat err)"
	exit 0
fi
if readelf -n svc.o | grep -q 'usdtrace' && readelf -n svc | grep -q 'request__done'; then
	ok "readelf -n shows the probes' notes"
else
	notok "notes" "$(readelf -n svc | head -n 20)"
fi
if ! sdt_is_root; then
	skip provc-trace "needs root"
	exit 0
fi
timeout 60 "$USDTRACE" -q -c ./svc -n 'svc$target:::request-done /arg0 == 3/ { printf("%d %s\n", arg0, copyinstr(arg1)); exit(0); }' > out 2> err
if [ "$(cat out)" = "3 done" ]; then
	ok "usdtrace traces the probe of a program built from a D program's header and object"
else
	notok "trace" "out: $(cat out) err: $(head -c 300 err)"
fi
