# sdt_compile.sh — the header compiles without a diagnostic under strict user flags
# (-Wall -Wextra -Werror -pedantic -Wconversion -Wsign-conversion -Wshadow -Wcast-qual -Wundef,
# and -Wold-style-cast in C++) for gcc/clang, C99/C11/C++11/C++17, -O0/-O3, when included twice
# and inside extern "C" (tests/progs/sdt/strict.c), and the result runs.
. "$TOP/tests/sh/lib.sh"
sdt_workdir
WF="-Wall -Wextra -Werror -pedantic -Wshadow -Wconversion -Wsign-conversion -Wcast-qual -Wundef"
for cs in "gcc -std=c99" "gcc -std=c11" "clang -std=c99" "clang -std=c11" \
	"g++ -std=c++11" "g++ -std=c++17" "clang++ -std=c++11" "clang++ -std=c++17"; do
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
		else
			ok "$name"
		fi
	done
done
