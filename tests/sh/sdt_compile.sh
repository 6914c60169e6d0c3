# tier: fast
# sdt_compile.sh — the header compiles without a diagnostic under strict user flags
# (-Wall -Wextra -Werror -pedantic -Wconversion -Wsign-conversion -Wshadow -Wcast-qual -Wundef,
# and -Wold-style-cast in C++) for gcc/clang, C99/C11/C++11/C++17, -O0/-O3, when included twice
# and inside extern "C" (tests/progs/sdt/strict.c), and the result runs; also with the opt-in
# -DUSDT_FLOAT_SUFFIX, whose notes must then mark strict.c's float "4f@".
. "$TOP/tests/sh/lib.sh"
sdt_workdir
WF="-Wall -Wextra -Werror -pedantic -Wshadow -Wconversion -Wsign-conversion -Wcast-qual -Wundef"
for cs in "gcc -std=c99" "gcc -std=c11" "clang -std=c99" "clang -std=c11" \
	"g++ -std=c++11" "g++ -std=c++17" "clang++ -std=c++11" "clang++ -std=c++17" \
	"gcc -std=c11 -DUSDT_FLOAT_SUFFIX" "clang++ -std=c++17 -DUSDT_FLOAT_SUFFIX"; do
	for opt in -O0 -O3; do
		x=
		case $cs in *++*) x="-x c++ -Wold-style-cast" ;; esac
		name="strict $(echo "$cs" | sed 's/ -std=/ /; s/++/xx/g') $opt"
		# shellcheck disable=SC2086
		if ! $cs $opt $WF $x -I"$TOP/include" "$TOP/tests/progs/sdt/strict.c" -o "$W/strict" 2>"$W/err"; then
			notok "$name" "$(head -c 300 "$W/err")"
		elif [ -s "$W/err" ]; then
			notok "$name" "diagnostics: $(head -c 300 "$W/err")"
		elif ! "$W/strict"; then
			notok "$name" "the program failed"
		elif [ "$(readelf -n "$W/strict" | grep -c 'NT_STAPSDT')" -ne 4 ]; then
			notok "$name" "expected 4 notes"
		elif [ "$(readelf -n "$W/strict" | grep -c ' 4f@')" -ne "$(case $cs in *SUFFIX*) echo 1 ;; *) echo 0 ;; esac)" ]; then
			notok "$name" "float argument: $(readelf -n "$W/strict" | grep -m1 'Arguments: 1@')"
		else
			ok "$name"
		fi
	done
done

# The probe macros under AddressSanitizer and UndefinedBehaviorSanitizer: the big test program,
# C and C++, gcc and clang, must run without a report (and print what the plain build prints).
for cc in gcc g++ clang clang++; do
	lang=c
	case $cc in *++) lang=c++ ;; esac
	name="sanitized $(echo "$cc" | sed 's/++/xx/')"
	bin=$W/types-san
	if ! sdt_build "$bin" "$cc" "$lang" -O1 pie "$TOP/tests/progs/sdt/types.c" -- \
		-fsanitize=address,undefined -fno-sanitize-recover=all; then
		notok "$name" "$(head -c 300 "$bin.err")"; continue
	fi
	if ! ASAN_OPTIONS=detect_leaks=1 "$bin" >"$W/san.out" 2>"$W/san.err"; then
		notok "$name" "exited non-zero: $(head -c 300 "$W/san.err")"
	elif [ -s "$W/san.err" ]; then
		notok "$name" "sanitizer output: $(head -c 300 "$W/san.err")"
	elif ! grep -qx 'evaluations 1' "$W/san.out" || ! grep -q '^v12 -5 200 ' "$W/san.out"; then
		notok "$name" "unexpected output: $(head -c 200 "$W/san.out")"
	else
		ok "$name"
	fi
done
