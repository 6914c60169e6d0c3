# tier: full
# prov_argmap.sh — provider argument mappings (`probe p(native) : (translated)`) end to end:
# -h writes the native prototypes, -G records the mapping (readelf shows the usdtrace note of
# type 3 with "N type" entries), and the tracer gives args[N] the translated argument (through
# the mapping; through net.d's sockaddr translators for a struct pointer) and argN the native
# one. Also: a program compiled against systemtap's <sys/sdt.h> (DTrace's usdt-tst-argmap
# trigger shape: DTRACE_PROBE2 with no header of ours) links with the -G object and its
# mapping applies; a header whose probes take uint64_t compiles on its own; and -l -v lists
# args[] with the translated types, as the tracer gives them; a mapping no translator serves
# is refused at -G and -h time (D_PROV_PRXLATOR).
. "$TOP/tests/sh/lib.sh"
sdt_workdir
U=$USDTRACE
cd "$W" || exit 1

cat >prov.d <<'EOD'
provider mapper {
	probe place(int i, int j) : (int j, int i, int i, int j);
	probe drop(long a, long b, long c) : (long c, long a);
	probe wide(uint64_t x, size_t n, pid_t p);
	probe peer(struct sockaddr_in *sa, struct sockaddr_in6 *sa6, int fd)
	    : (int fd, sockaddrinfo_t *sa, sockaddrinfo_t *sa6);
};
EOD
cat >main.c <<'EOD'
#include <arpa/inet.h>
#include <netinet/in.h>
#include <string.h>
#include "prov.h"
int main(void)
{
	struct sockaddr_in sa;
	struct sockaddr_in6 sa6;
	memset(&sa, 0, sizeof(sa));
	memset(&sa6, 0, sizeof(sa6));
	sa.sin_family = AF_INET;
	sa.sin_port = htons(8080);
	inet_pton(AF_INET, "192.0.2.7", &sa.sin_addr);
	sa6.sin6_family = AF_INET6;
	sa6.sin6_port = htons(443);
	inet_pton(AF_INET6, "2001:db8::7", &sa6.sin6_addr);
	MAPPER_PLACE(10, 4);
	MAPPER_DROP(1, 2, 3);
	MAPPER_WIDE(1ULL << 40, 5, 77);
	MAPPER_PEER(&sa, &sa6, 9);
	return 0;
}
EOD
# the header alone, with nothing before it, compiles (uint64_t, size_t, pid_t)
if "$U" -h -s prov.d -o prov.h 2>err && printf '#include "prov.h"\nint main(void){return 0;}\n' >alone.c &&
	gcc -Wall -Wextra -Werror -c alone.c -o alone.o 2>>err; then
	ok argmap-header-standalone
else
	notok argmap-header-standalone "$(head -c 400 err)"
fi
if grep -q 'define MAPPER_PLACE(arg0, arg1) ' prov.h && grep -q 'define MAPPER_DROP(arg0, arg1, arg2) ' prov.h; then
	ok argmap-header-native
else
	notok argmap-header-native "$(grep 'define MAPPER_' prov.h | head -c 300)"
fi
if gcc -Wall -Wextra -Werror -c main.c -o main.o 2>err && "$U" -G -s prov.d -o prov.o main.o 2>>err &&
	gcc -o main main.o prov.o 2>>err; then
	ok argmap-builds
else
	notok argmap-builds "$(head -c 400 err)"
	exit 0
fi
# readelf as the witness: one usdtrace note of type 3 per mapped probe, "N type" entries
maps=$(readelf -n main | grep -c 'Unknown note type: (0x00000003)')
strs=$(readelf -p .note.usdtrace main 2>/dev/null)
if [ "$maps" -eq 3 ] && echo "$strs" | grep -q '\] *0 sockaddrinfo_t \*$' &&
	echo "$strs" | grep -q '\] *2 long$'; then
	ok argmap-notes
else
	notok argmap-notes "$maps mapping notes, want 3: $(echo "$strs" | head -c 400)"
fi
# a mapped argument whose type differs needs a translator (or a type the native value passes
# as): dtrace's D_PROV_PRXLATOR at -G and -h time, exit 1, no output written
cat >noxl.d <<'EOD'
struct in_s { int v; };
struct out_s { int w; };
provider tq {
	probe p(struct in_s *a, int n) : (int n, struct out_s *a);
	probe q(long a, char *s) : (const char *s, int a);
};
EOD
rm -f noxl.o
if "$U" -x errtags -G -s noxl.d -o noxl.o main.o 2>err; then
	notok argmap-no-translator "exit 0"
elif [ "$(cat err)" = "usdtrace: failed to compile script noxl.d: [D_PROV_PRXLATOR] line 4: translator for tq:p output argument #2 from struct in_s * to struct out_s * is not defined" ] &&
	[ ! -e noxl.o ] && ! "$U" -h -s noxl.d -o noxl.h 2>/dev/null; then
	ok argmap-no-translator
else
	notok argmap-no-translator "$(head -c 300 err)"
fi
# -l -v of the file lists args[] as the tracer types them: the translated types, in order
"$U" -l -v -m "$PWD/main" >lv 2>err
list_types() {
	awk -v p="$1" '$NF == p && $2 ~ /^mapper/ { on = 1; next }
		on && /Argument Types/ { in_t = 1; next }
		in_t && /args\[/ { sub(/^[ \t]*/, ""); printf "%s;", $0; next }
		in_t { exit }' lv
}
types=$(list_types peer)
if [ "$types" = 'args[0]: int;args[1]: sockaddrinfo_t *;args[2]: sockaddrinfo_t *;' ]; then
	ok argmap-list-types
else
	notok argmap-list-types "[$types] $(head -c 300 err)"
fi
types=$(list_types drop)
[ "$types" = 'args[0]: long;args[1]: long;' ] && ok argmap-list-drop ||
	notok argmap-list-drop "[$types] $(head -c 300 err)"
types=$(list_types wide)
[ "$types" = 'args[0]: uint64_t;args[1]: size_t;args[2]: pid_t;' ] && ok argmap-list-unmapped ||
	notok argmap-list-unmapped "[$types] $(head -c 300 err)"
if [ "$(id -u)" -ne 0 ]; then
	skip argmap-trace "needs root"
	exit 0
fi
out=$(timeout 30 "$U" -q -c ./main -n '
mapper$target:::place { printf("place %d %d %d %d | %d %d\n", args[0], args[1], args[2], args[3], arg0, arg1); }
mapper$target:::drop { printf("drop %d %d | %d %d %d\n", args[0], args[1], arg0, arg1, arg2); }
mapper$target:::wide { printf("wide %d %d %d\n", args[0], args[1], args[2]); }
mapper$target:::peer /args[1]->sa_port == 8080/ {
	printf("peer %d %s %s:%d %s [%s]:%d\n", args[0], args[1]->sa_family, args[1]->sa_addr,
	    args[1]->sa_port, args[2]->sa_family, args[2]->sa_addr, args[2]->sa_port);
	@[args[1]->sa_addr] = count();
}' 2>err | sed '/^$/d')
want='place 4 10 10 4 | 10 4
drop 3 1 | 1 2 3
wide 1099511627776 5 77
peer 9 AF_INET 192.0.2.7:8080 AF_INET6 [2001:db8::7]:443
  192.0.2.7                                                         1'
if [ "$out" = "$want" ]; then
	ok argmap-trace
else
	notok argmap-trace "[$out] $(head -c 300 err)"
fi
# a variable read before the clause that assigns it from a mapped args[] (declared first, as
# D requires: a variable exists from its declaration or first assignment in program order)
out=$(timeout 30 "$U" -q -c ./main -n '
self int c;
mapper$target:::drop /self->c/ { printf("%d %d\n", self->c, args[1]); }
mapper$target:::drop { self->c = args[0]; }
mapper$target:::wide /self->c/ { printf("%d\n", self->c); }' 2>err | sed '/^$/d')
[ "$out" = 3 ] && ok argmap-site-rechecked || notok argmap-site-rechecked "[$out] $(head -c 300 err)"

# native arguments named by a typedef of a -L library (OpenAFS's `probe p(rxcall_t *c) :
# (conninfo_t *c)`): -G stores the spelling "rxcall_t *", which the tracer resolves among the
# libraries' types, so the translator applies and args[0] is a conninfo_t *, as with
# `struct rxcall *`; an unmapped argument of a library typedef (rxport_t) is typed by it too
# (issue 20)
mkdir -p tdlib
cat >tdlib/rx.d <<'EOD'
typedef struct rxcall { uint32_t addr; int port; } rxcall_t;
typedef int rxport_t;
typedef struct conninfo { string ci_remote; int ci_port; } conninfo_t;
translator conninfo_t < rxcall_t *c > {
	ci_remote = c->addr == 0 ? "<unknown>" : inet_ntoa(&c->addr);
	ci_port = c->port;
};
EOD
cat >td.c <<'EOD'
#include <stdint.h>
typedef struct rxcall { uint32_t addr; int port; } rxcall_t;
typedef int rxport_t;
#include "td.h"
int main(void)
{
	rxcall_t c = { 0x0100007f, 7000 }, z = { 0, 7001 };
	RX_CALL(&c, 1);
	RX_CALL(&z, 2);
	RX_PLAIN(&c, 7002);
	return 0;
}
EOD
for spelling in 'rxcall_t *' 'struct rxcall *'; do
	printf 'provider rx {\n\tprobe call(%s c, int n) : (conninfo_t *c, int n);\n\tprobe plain(%s c, rxport_t p);\n};\n' \
	    "$spelling" "$spelling" >td.d
	name=argmap-typedef-native
	[ "$spelling" = 'rxcall_t *' ] || name=argmap-struct-native
	if ! { "$U" -h -L tdlib -s td.d -o td.h && gcc -Wall -Werror -c td.c -o td.o &&
		"$U" -G -L tdlib -s td.d -o tdp.o td.o && gcc -o td td.o tdp.o; } 2>err; then
		notok $name "$(head -c 400 err)"
		continue
	fi
	out=$(timeout 30 "$U" -q -L tdlib -c ./td -n '
rx$target:::call { printf("%s:%d %d\n", args[0]->ci_remote, args[0]->ci_port, args[1]); }
rx$target:::plain { printf("%d %d\n", args[0]->port, args[1]); }' 2>err | sed '/^$/d')
	want='127.0.0.1:7000 1
<unknown>:7001 2
7000 7002'
	[ "$out" = "$want" ] && ok $name || notok $name "[$out] $(head -c 300 err)"
done

# args[] past the translated list is out of range; argN stays native
if "$U" -c ./main -n 'mapper$target:::drop { trace(args[2]); }' >out 2>err; then
	notok argmap-range "exit 0"
elif grep -q 'index 2 is out of range for mapper[0-9]*:::drop args\[ \]' err; then
	ok argmap-range
else
	notok argmap-range "$(head -c 300 err)"
fi

# systemtap's <sys/sdt.h>: the program fires through DTRACE_PROBE2, no header of ours
sys=$(echo '#include <sys/sdt.h>' | cpp -H -o /dev/null 2>&1 | awk '/sys\/sdt.h/ { print $2; exit }')
if [ -z "$sys" ]; then
	skip argmap-systemtap "no <sys/sdt.h> (systemtap-sdt-dev)"
	exit 0
fi
cat >st.d <<'EOD'
provider test_prov {
	probe place(int i, int j) : (int j, int i, int i, int j);
};
EOD
cat >st.c <<'EOD'
#include <sys/sdt.h>
int main(void)
{
	for (int k = 0; k < 3; k++)
		DTRACE_PROBE2(test_prov, place, 10, 4);
	return 0;
}
EOD
if "$U" -h -s st.d -o st-prov.h 2>err && gcc -c st.c -o st.o 2>>err && "$U" -G -s st.d -o st-prov.o st.o 2>>err &&
	gcc -o st st.o st-prov.o 2>>err; then
	out=$(timeout 30 "$U" -q -c ./st -n 'test_prov$target:::place { printf("%d %d %d %d %d %d\n", args[0], args[1], args[2], args[3], arg0, arg1); }' 2>>err | sed '/^$/d' | sort -u)
	if [ "$out" = "4 10 10 4 10 4" ]; then
		ok argmap-systemtap
	else
		notok argmap-systemtap "[$out] $(head -c 300 err)"
	fi
else
	notok argmap-systemtap "$(head -c 400 err)"
fi
