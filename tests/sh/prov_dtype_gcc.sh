#!/bin/sh
# tier: fast
# The type system's sizes, alignments, member offsets and bit-field positions against gcc's:
# dtype_layout prints what usdtrace computes for a set of declarations; the same declarations
# are compiled into a C program that prints what gcc computes for the same questions.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
tool="$B/tools/dtype_layout"
CC=${CC_FOR_TESTS:-gcc}

check() { # name, declarations (valid C and valid D)
	name=$1
	printf '%s\n' "$2" > "$tmp/$name.d"
	if ! "$tool" "$tmp/$name.d" > "$tmp/$name.ours" 2> "$tmp/$name.err"; then
		echo "not ok - $name: dtype_layout failed: $(head -n 3 "$tmp/$name.err")"
		return
	fi
	if [ ! -s "$tmp/$name.ours" ]; then
		echo "not ok - $name: no declarations were reported"
		return
	fi
	{
		echo '#include <stdio.h>'
		echo '#include <stddef.h>'
		echo '#include <stdint.h>'
		echo '#include <string.h>'
		echo '#include <sys/types.h>'
		cat "$tmp/$name.d"
		echo '#define BITPOS(T, m) ({ union { T s; unsigned char b[sizeof(T)]; } u_; \'
		echo '	memset(&u_, 0, sizeof(u_)); u_.s.m = 1; int p_ = -1; \'
		echo '	for (size_t i_ = 0; i_ < sizeof(T) * 8; i_++) \'
		echo '		if ((u_.b[i_ / 8] >> (i_ % 8)) & 1) { p_ = (int)i_; break; } \'
		echo '	p_; })'
		echo 'int main(void) {'
		# One printf per fact, the question taken from our output, the answer from gcc.
		sed -n \
		    -e 's/^size \(.*\) = .*$/printf("size %s = %zu\\n", "\1", sizeof(\1));/p' \
		    -e 's/^align \(.*\) = .*$/printf("align %s = %zu\\n", "\1", _Alignof(\1));/p' \
		    -e 's/^offset \(.*\) \([A-Za-z_0-9]*\) = .*$/printf("offset %s %s = %zu\\n", "\1", "\2", offsetof(\1, \2));/p' \
		    -e 's/^bit \(.*\) \([A-Za-z_0-9]*\) = .*$/printf("bit %s %s = %d\\n", "\1", "\2", BITPOS(\1, \2));/p' \
		    "$tmp/$name.ours"
		echo 'return 0; }'
	} > "$tmp/$name.c"
	if ! $CC -w -o "$tmp/$name.bin" "$tmp/$name.c" 2> "$tmp/$name.cerr"; then
		echo "not ok - $name: gcc rejected the declarations: $(head -n 3 "$tmp/$name.cerr")"
		return
	fi
	"$tmp/$name.bin" > "$tmp/$name.gcc"
	if cmp -s "$tmp/$name.ours" "$tmp/$name.gcc"; then
		echo "ok - $name ($(wc -l < "$tmp/$name.ours") facts)"
	else
		echo "not ok - $name: usdtrace and gcc disagree:"
		diff "$tmp/$name.ours" "$tmp/$name.gcc" | head -n 10 | sed 's/^/#   /'
	fi
}

check basic_padding '
struct a { char c; int i; char d; long l; short s; char t[3]; };
struct b { char c; double d; char e; };
struct c { char c; long double ld; };
struct d { _Bool b; char c; short s; float f; void *p; };
union u { char c[5]; int i; short s; };
struct e { char a; union u u; struct b b[2]; };
typedef struct e e_arr_t[3];
typedef unsigned long long ull_t;'

check bitfields '
struct b1 { unsigned a : 3, b : 5, c : 25; char d; unsigned long e : 40, f : 30; };
struct b2 { char a : 3; char b : 6; short c : 9; int d : 17; long long e : 33; };
struct b3 { char a; int : 0; char b; };
struct b4 { char a; long : 4; };
struct b5 { short a : 4; char b; int c : 20; int d : 13; };
struct b6 { int a : 1; signed int b : 1; unsigned c : 31; _Bool d : 1; unsigned long long e : 64; };
struct b7 { char a; unsigned long long b : 7; char c; };
union ub { int a : 3; unsigned long b : 33; char c; };'

check nested_anonymous_enums '
enum small { S_A, S_B = 200 };
enum neg { N_A = -5, N_B = 5 };
enum big { BG = 0x100000000 };
struct n { int k; union { char c; double d; }; struct { short x, y; } pt; struct { char z; }; enum neg e; };
struct flex { int len; char data[]; };
struct flex2 { short n; long items[]; };
typedef struct { struct n inner[2]; enum small sm; char tail; } wrap_t;'

check pointers_and_functions '
struct node { struct node *next, *prev; int (*cmp)(const struct node *, const struct node *); };
struct tbl { void (*handlers[4])(int); char *(*names)[8]; int matrix[3][5]; const volatile char cv; };
typedef int (*cmp_fn)(const void *, const void *);
typedef char *argv_t[16];
struct holder { cmp_fn f; argv_t v; };'

check fixed_width_names '
struct fw { int8_t a; uint64_t b; int16_t c; uint32_t d; size_t e; ssize_t f; pid_t g; uid_t h; off_t i; intptr_t j; uint8_t k; };'
