#!/bin/sh
# tier: full
# usdt_dwarf.sh — struct bodies from DWARF, in the real kernel: programs built with -g whose
# probes pass a struct account * that neither the provider file nor the script defines
# (tests/progs/usdt/acct*.c). The programs print the values they pass; the tracer must print
# the same, read through the struct as DWARF lays it out:
#   * -h/-G program: args[0] typed struct account * by the type note, body from DWARF: plain,
#     nested, array, bitfield (signed and unsigned, one 40 bits wide), enum and union members,
#     pointer chases (stringof and copyinstr of args[0]->owner->name, args[0]->next->balance),
#     members (plain and bitfields) of an anonymous struct member;
#     a struct the provider file only names (struct owner *); sizeof and offsetof against
#     what gcc says;
#   * sys/sdt.h-style program (no type note): ((struct account *)arg0)->... casts, and
#     through a typedef the script declares (typedef struct account account_t);
#   * the same binary stripped, its DWARF in a separate file found by .gnu_debuglink;
#   * C++: members of a base class, after the vtable pointer;
#   * a binary without DWARF: dtrace's message for a forward declaration, exit 1;
#   * bpftrace 0.17 as a witness of the layout: it lays out acct.h itself with clang.
. "$TOP/tests/sh/lib.sh"
sdt_workdir
U=$USDTRACE
if ! sdt_is_root; then
	skip usdt_dwarf "needs root"
	exit 0
fi
P=$TOP/tests/progs/usdt
cd "$W" || exit 1

# the fields every clause prints, in ACCT_FMT's order (acct.h), for an expression A of type
# struct account *
fields() {
	printf '%s' "printf(\"%d %d %d %d %u %u %d %d %d %s %d %d %u %d %d %u %u\\n\", $1->balance, $1->opened.year, $1->opened.month, $1->history[2], $1->frozen, $1->tier, $1->delta, $1->last, $1->tag.id, stringof($1->owner->name), $1->owner->uid, $1->next != NULL ? $1->next->balance : 0, $1->big, $1->lo, $1->hi, $1->q, $1->r);"
}

# compare OUT WANT NAME: the tracer's lines (blank lines dropped) against the program's
compare() {
	sed '/^$/d' "$1" > "$1.norm"
	if [ -s "$2" ] && cmp -s "$1.norm" "$2"; then
		ok "$3"
	else
		notok "$3" "got [$(head -c 400 "$1.norm")] want [$(head -c 400 "$2")] err [$(head -c 300 "$1.err" 2>/dev/null)]"
	fi
}

# --- the -h/-G program ---
if ! "$U" -h -s "$P/acct.d" -o acct_probes.h 2>build.err ||
   ! gcc -g -O2 -Wall -Wextra -Werror -I"$TOP/include" -I. -I"$P" -c "$P/acct_prov.c" -o acct_prov.o 2>>build.err ||
   ! "$U" -G -s "$P/acct.d" -o acct_probes.o acct_prov.o 2>>build.err ||
   ! gcc -g acct_prov.o acct_probes.o -o acct_prov 2>>build.err; then
	notok dwarf-build-prov "$(head -c 400 build.err)"
else
	timeout 30 "$U" -q -n "bank\$target:::op { $(fields 'args[0]') }" \
		-c "./acct_prov 3 prov.want" > prov.out 2> prov.out.err
	compare prov.out prov.want dwarf-prov-args-members
	# the provider file only names struct owner; copyinstr of the member's address
	timeout 30 "$U" -q -n 'bank$target:::who { printf("%s %d\n", stringof(args[0]->name), args[0]->uid); }
		bank$target:::op { printf("%s ", copyinstr((uintptr_t)&args[0]->owner->name[0])); }' \
		-c "./acct_prov 3 prov2.want" > who.out 2> who.out.err
	awk '{ print $10, $10, $11 }' prov2.want > who.want
	compare who.out who.want dwarf-prov-named-only-and-copyinstr
	# sizeof and offsetof against gcc
	cat > layout.c <<'EOC'
#include <stddef.h>
#include <stdio.h>
#include "acct.h"
int main(void)
{
	printf("%zu %zu %zu %zu\n", sizeof(struct account), offsetof(struct account, next),
	       sizeof(struct owner), offsetof(struct account, tag));
	return 0;
}
EOC
	gcc -I"$P" layout.c -o layout && ./layout > layout.want
	timeout 30 "$U" -q -n 'bank$target:::op /args[1] == 1/ { printf("%d %d %d %d\n", sizeof(*args[0]), offsetof(struct account, next), sizeof(struct owner), offsetof(struct account, tag)); }' \
		-c "./acct_prov 3 /dev/null" > layout.out 2> layout.out.err
	compare layout.out layout.want dwarf-prov-sizeof-offsetof
fi

# --- sys/sdt.h-style program: casts ---
if ! gcc -g -O2 -Wall -Wextra -Werror -I"$TOP/include" -I"$P" "$P/acct_sdt.c" -o acct_sdt 2>build.err; then
	notok dwarf-build-sdt "$(head -c 400 build.err)"
	exit 0
fi
script="acct\$target:::op { $(fields '((struct account *)arg0)') }"
timeout 30 "$U" -q -n "$script" -c "./acct_sdt 3 sdt.want" > sdt.out 2> sdt.out.err
compare sdt.out sdt.want dwarf-sdt-cast

# a typedef name the script declares for the tag: the body still comes from DWARF
cat > td.d <<'EOD'
typedef struct account account_t;
acct$target:::op
{
	printf("%d %s %d\n", ((account_t *)arg0)->balance, stringof(((account_t *)arg0)->owner->name),
	    sizeof(account_t));
}
EOD
timeout 30 "$U" -q -s td.d -c "./acct_sdt 3 td.prog" > td.out 2> td.out.err
size=$(./layout 2>/dev/null | awk '{ print $1 }')
awk -v s="$size" '{ print $1, $10, s }' td.prog > td.want
compare td.out td.want dwarf-sdt-script-typedef

# the same binary stripped, its DWARF next to it, found by .gnu_debuglink
objcopy --only-keep-debug acct_sdt acct_sdt.debug && strip -g acct_sdt -o acct_sdt_s &&
	objcopy --add-gnu-debuglink=acct_sdt.debug acct_sdt_s
if readelf -S -W acct_sdt_s | grep -q '\.debug_info'; then
	notok dwarf-debuglink "the stripped copy still has .debug_info"
else
	timeout 30 "$U" -q -n "$script" -c "./acct_sdt_s 3 strip.want" > strip.out 2> strip.out.err
	compare strip.out strip.want dwarf-debuglink
	# and without its debug file, the forward-declaration message
	mv acct_sdt.debug elsewhere.debug
	timeout 30 "$U" -q -n "$script" -c "./acct_sdt_s 3 /dev/null" > gone.out 2> gone.err
	rc=$?
	if [ $rc -eq 1 ] && grep -q 'operator -> cannot be applied to a forward declaration: no struct account definition is available' gone.err; then
		ok dwarf-debuglink-missing
	else
		notok dwarf-debuglink-missing "rc $rc: $(head -c 300 gone.err)"
	fi
	mv elsewhere.debug acct_sdt.debug
fi

# --- C++: a class's base-class members (after its vtable pointer) through a cast ---
cat > cx.cc <<'EOC'
#include <cstdio>
#include <usdtrace/sdt.h>
struct Base { long x; virtual ~Base() {} };
struct Derived : Base { int y; const char *name; };
int main(int argc, char **)
{
	Derived d;
	d.x = 4242 + argc;
	d.y = 17;
	d.name = "derived";
	std::FILE *f = std::fopen("cx.want", "w");
	std::fprintf(f, "%ld %d %s %zu\n", d.x, d.y, d.name, sizeof(d));
	std::fclose(f);
	DTRACE_PROBE1(cx, op, &d);
	return 0;
}
EOC
if ! g++ -g -O1 -Wall -Wextra -Werror -I"$TOP/include" cx.cc -o cx 2>build.err; then
	notok dwarf-cxx-base "$(head -c 300 build.err)"
else
	timeout 30 "$U" -q -n 'cx$target:::op { printf("%d %d %s %d\n", ((struct Derived *)arg0)->x, ((struct Derived *)arg0)->y, copyinstr((uintptr_t)((struct Derived *)arg0)->name), sizeof(struct Derived)); }' \
		-c ./cx > cx.out 2> cx.out.err
	compare cx.out cx.want dwarf-cxx-base
fi

# --- no DWARF at all: dtrace's messages, exit 1, nothing traced ---
gcc -O2 -I"$TOP/include" -I"$P" "$P/acct_sdt.c" -o acct_nodw
d='acct$target:::op { printf("%d\n", ((struct account *)arg0)->balance); }'
EXPECT_FAIL_QUIET=1 w=$W expect_fail dwarf-none-member \
	"usdtrace: invalid probe specifier $d: in action list: operator -> cannot be applied to a forward declaration: no struct account definition is available" \
	timeout 30 "$U" -q -n "$d" -c "./acct_nodw 1"
# sizeof of a struct known only by name is (size_t)-1, no error, as dtrace gives it for a
# forward declaration (tests/d/ok/sizeof_forward_tag)
d='acct$target:::op { printf("%u\n", sizeof(struct account)); }'
out=$(timeout 30 "$U" -q -n "$d" -c "./acct_nodw 1" 2>&1)
if [ $? -eq 0 ] && printf '%s\n' "$out" | grep -qx 18446744073709551615; then
	ok dwarf-none-sizeof
else
	notok dwarf-none-sizeof "$(printf '%s' "$out" | tr '\n' '|' | head -c 300)"
fi

# --- bpftrace as a witness: it lays acct.h out itself (clang) and reads the same fields ---
# (bpftrace 0.17 reads signed bitfields as unsigned, so delta is left out; so are the
# members it cannot print in this form)
if ! command -v bpftrace > /dev/null 2>&1; then
	skip dwarf-bpftrace-witness "bpftrace is not installed"
else
	cat > bt.bt <<EOB
#include "acct.h"
usdt:$W/acct_sdt:acct:op {
	\$a = (struct account *)arg0;
	printf("%d %d %d %d %u %u %d %d %s %d\n", \$a->balance, \$a->opened.year, \$a->opened.month, \$a->history[2], \$a->frozen, \$a->tier, \$a->last, \$a->tag.id, \$a->owner->name, \$a->owner->uid);
}
EOB
	timeout 60 bpftrace -I "$P" bt.bt -c "$W/acct_sdt 3 bt.want" > bt.raw 2> bt.err
	grep -E '^-?[0-9]+ ' bt.raw > bt.out
	awk '{ print $1, $2, $3, $4, $5, $6, $8, $9, $10, $11 }' sdt.out.norm > ours.cut
	if [ -s bt.out ] && cmp -s bt.out ours.cut; then
		ok dwarf-bpftrace-witness
	else
		notok dwarf-bpftrace-witness "bpftrace [$(head -c 300 bt.out)] ours [$(head -c 300 ours.cut)] $(grep -v RLIMIT bt.err | head -c 200)"
	fi
fi
