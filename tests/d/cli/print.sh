# print.sh — the print() action (DTrace for Linux: void print(void *addr), "prints information
# about the variable at the specified address": the address, then the pointee with its type,
# member by member, zero members left out; Oracle's DTrace for Linux documentation, print). The
# address varies from run to run: the first line is checked for its form and then masked.

# print_masked CASE WANT_OUT ARGS...: runs usdtrace, replaces the address of each "0x... = *"
# line by ADDR and compares stdout exactly.
print_masked() {
	_case=$1 _want=$2
	shift 2
	timeout -k 3 "${DCORPUS_TIMEOUT:-20}" "$USDTRACE" "$@" >"$W/p.raw" 2>"$W/p.err"
	_rc=$?
	sed 's/^0x[0-9a-f][0-9a-f]* = \*$/ADDR = */' "$W/p.raw" >"$W/p.out"
	if [ $_rc -eq 0 ] && [ ! -s "$W/p.err" ] && cli_match "$_want" "$W/p.out"; then
		cli_ok "$_case"
	else
		cli_notok "$_case" "exit $_rc: ${cli_why:-$(head -n 1 "$W/p.err")}"
	fi
}

cli_needs_root print_struct_ptr || return 0

# A struct through a pointer: members by name, arrays element by element, enums by name, zero
# members left out; printsize cuts the second print short at run time (setopt). An array of
# structs (arr) is where dtrace's print() ends: its first line, then only the closing braces
# (observed with dtrace -s on this script; libdtrace's dt_print_visit() prints the elements of
# integer arrays alone).
cat >"$W/ps.d" <<'D'
#pragma D option quiet

enum color { RED = 1, GREEN = 2 };

struct inner {
	short s;
	unsigned char uc;
};

struct outer {
	int i;
	char name[4];
	struct inner in;
	struct inner arr[2];
	enum color c;
	__u32 u;
	long neg;
	int zero;
};

BEGIN
{
	o = (struct outer *)alloca(sizeof(struct outer));
	o->i = 7;
	o->name[0] = 'h';
	o->name[1] = 'i';
	o->in.s = -3;
	o->arr[1].uc = 200;
	o->c = GREEN;
	o->u = 0xffffffff;
	o->neg = -42;
	print(o);
	setopt("printsize", "8");
	print(o);
	exit(0);
}
D
print_masked print_struct_ptr 'ADDR = *\n                                            (struct outer) {\n                                             .i = (int)7,\n                                             .name = (char [4]) [\n                                              (char)'"'"'h'"'"',\n                                              (char)'"'"'i'"'"',\n                                             ],\n                                             .in = (struct inner) {\n                                              .s = (short)-3,\n                                             },\n                                             .arr = (struct inner [2]) [\n                                            }\nADDR = *\n                                            (struct outer) {\n                                             .i = (int)7,\n                                             .name = (char [4]) [\n                                              (char)'"'"'h'"'"',\n                                              (char)'"'"'i'"'"',\n                                             ],\n                                             ...\n                                            }\n\n' -s "$W/ps.d"

# A kernel struct ending in a flexible array member (raw_data_entry's buf[]) ends in "..." where
# that member starts, at the struct's end; an array whose elements have a typedef's name
# (_fpreg's __u16 significand[4]) ends the output at its first line (dtrace -qs of this script).
cat >"$W/fa.d" <<'D'
BEGIN
{
	e = (struct raw_data_entry *)alloca(sizeof(struct raw_data_entry));
	e->id = 5;
	print(e);
	f = (struct _fpreg *)alloca(sizeof(struct _fpreg));
	f->significand[0] = 1;
	f->exponent = 2;
	print(f);
	exit(0);
}
D
print_masked print_kernel_array_ends 'ADDR = *\n                                            (struct raw_data_entry) {\n                                             .id = (unsigned int)5,\n                                             ...\n                                            }\nADDR = *\n                                            (struct _fpreg) {\n                                             .significand = (__u16 [4]) [\n                                            }\n\n' -qs "$W/fa.d"

# A member left out because it is zero is still walked through by dtrace: zspage's zero zsl
# (a zspage_lock) holds an empty dep_map at the struct's end, whose "..." ends the output at
# zsl's members' indentation (dtrace -qn of this program).
print_masked print_zero_member_walked 'ADDR = *\n                                            (struct zspage) {\n                                             .inuse = (unsigned int)7,\n                                              ...\n                                            }\n\n' \
	-qn 'BEGIN { z = (struct zspage *)alloca(sizeof(struct zspage)); z->inuse = 7; print(z); exit(0); }'

# printsize: the first member at or past the limit is "..." even when it is zero (dtrace -qs of
# this script: b is zero and still ends the output).
cat >"$W/psz.d" <<'D'
struct s3 { int a; int b; int c; };
BEGIN
{
	p = (struct s3 *)alloca(sizeof(struct s3));
	p->a = 1;
	setopt("printsize", "4");
	print(p);
	exit(0);
}
D
print_masked print_printsize_zero_member 'ADDR = *\n                                            (struct s3) {\n                                             .a = (int)1,\n                                             ...\n                                            }\n\n' -qs "$W/psz.d"

# The kernel's network address structs keep the kernel's type names for their members:
# in_addr's s_addr is a __be32 (dtrace -qn of this program).
print_masked print_in_addr 'ADDR = *\n                                            (struct in_addr) {\n                                             .s_addr = (__be32)16777343,\n                                            }\n\n' \
	-qn 'BEGIN { a = (struct in_addr *)alloca(sizeof(struct in_addr)); a->s_addr = 0x0100007f; print(a); exit(0); }'

# A string is printed as the char array at its address (dtrace -qn 'BEGIN { print("ab");
# exit(0); }': its strsize-long array, zero elements left out).
print_masked print_string 'ADDR = *\n                                            (char [256]) [\n                                             (char)'"'"'a'"'"',\n                                             (char)'"'"'b'"'"',\n                                            ],\n\n' \
	-qn 'BEGIN { print("ab"); exit(0); }'

# A string variable holding "" is a char array of zero bytes: its opening line alone, as dtrace's
# walk leaves an array of zeros before its elements and before the "]," (dtrace -qn of this
# program; the genact sweep's err seed 99 showed it).
print_masked print_empty_string_var 'ADDR = *\n                                            (char [256]) [\n\n' \
	-qn 'string s; BEGIN { s = ""; print(s); exit(0); }'

# A char pointee of value 0: dtrace formats the line into a C string, which ends at the NUL
# after the opening quote, so the line is (char)' with no comma; 'A' is the usual line (dtrace
# -qn of this program; the genact sweep's print seed 3 showed it).
print_masked print_char_nul 'ADDR = *\n                                            (char)'"'"'\nADDR = *\n                                            (char)'"'"'A'"'"',\n\n' \
	-qn 'BEGIN { c = (char *)alloca(1); *c = 0; print(c); d = (char *)alloca(1); *d = 65; print(d); exit(0); }'
