#!/bin/sh
# tier: fast
# The -h/-G command line as build systems use it: default and explicit output names, -C with
# -D/-U/-I and usdtrace's predefined macros, several -s files, bad inputs (missing files,
# non-ELF and non-relocatable objects, cpp failures) with exit status and no output left
# behind, and an existing output kept intact when compilation fails.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
mkdir -p src inc out

cat > src/probes.d <<'EOD'
provider app {
	probe query__start(const char *);
	probe query__done(const char *, int);
};
EOD

# default output names: the script's basename, in the current directory
"$USDTRACE" -G -s src/probes.d 2> err
if [ $? -eq 0 ] && [ -f probes.o ] && [ ! -e src/probes.o ] && [ ! -s err ]; then
	echo "ok - -G writes probes.o in the current directory"
else
	echo "not ok - -G default output: $(cat err)"
fi
if readelf -h probes.o | grep -q 'REL (Relocatable file)' &&
   readelf -h probes.o | grep -q 'X86-64' &&
   readelf -S -W probes.o | grep -q '\.note\.GNU-stack' &&
   [ -z "$(readelf -a -W probes.o 2>&1 >/dev/null)" ]; then
	echo "ok - -G output is an x86-64 relocatable with .note.GNU-stack; readelf -a is clean"
else
	echo "not ok - -G output header/sections: $(readelf -a -W probes.o 2>&1 | head -n 3)"
fi
mode=$(umask 022; "$USDTRACE" -G -s src/probes.d -o out/mode.o && stat -c %a out/mode.o)
if [ "$mode" = 644 ]; then
	echo "ok - output file mode follows the umask (644)"
else
	echo "not ok - output file mode is $mode, expected 644"
fi
# a script whose name does not end in .d gives d.out (dtrace's link_prog: dtrace -G -s noext),
# as does /dev/stdin; -h has no name to derive and wants -o (status 2)
cp src/probes.d src/noext
"$USDTRACE" -G -s src/noext 2> err
if [ -f d.out ] && [ ! -e noext.o ] && [ ! -s err ]; then
	echo "ok - a script without .d gives d.out"
else
	echo "not ok - no d.out for src/noext: $(cat err)"
fi
rm -f d.out
"$USDTRACE" -G -s /dev/stdin < src/probes.d 2> err
if [ -f d.out ] && [ ! -e stdin.o ] && [ ! -s err ]; then
	echo "ok - -G -s /dev/stdin gives d.out"
else
	echo "not ok - -G -s /dev/stdin: $(cat err)"
fi
rm -f d.out
"$USDTRACE" -h -s src/noext 2> err
rc=$?
if [ $rc -eq 2 ] && [ "$(cat err)" = "usdtrace: -h requires an output file if no scripts are specified" ] &&
   [ ! -e noext.h ]; then
	echo "ok - -h of a script without .d wants -o (status 2)"
else
	echo "not ok - -h -s src/noext: status $rc: $(cat err)"
fi

# -h: default name, and to a non-regular file
if "$USDTRACE" -h -s src/probes.d 2> err; then
	if [ -f probes.h ] && grep -q '^#define APP_QUERY_START(arg0)' probes.h &&
	   grep -q '^#define APP_QUERY_DONE_ENABLED() USDT_ENABLED(app, query__done)' probes.h &&
	   grep -q 'USDT_WITH_SEMAPHORE(app, query__done, (const char \*)(arg0), (int)(arg1))' probes.h &&
	   grep -q '^#ifndef USDTRACE_PROBES_H' probes.h; then
		echo "ok - -h writes probes.h with dtrace's macro names and casts"
	else
		echo "not ok - -h output lacks the expected macros or guard"
	fi
	"$USDTRACE" -h -s src/probes.d -o /dev/stdout > stdout.h 2> err
	if grep -q '^#define APP_QUERY_START(arg0)' stdout.h && [ "$(wc -l < stdout.h)" -eq "$(wc -l < probes.h)" ] &&
	   [ -L /dev/stdout ]; then
		echo "ok - -h -o /dev/stdout writes the header to standard output"
	else
		echo "not ok - -h -o /dev/stdout: $(cat err)"
	fi
else
	if grep -q 'without include/usdtrace/sdt.h' err; then
		echo "not ok - -h: include/usdtrace/sdt.h is not built in yet"
	else
		echo "not ok - -h failed: $(cat err)"
	fi
fi

# usage errors
"$USDTRACE" -G -o x.o 2> err
rc=$?
if [ $rc -eq 2 ] && [ "$(cat err)" = "usdtrace: -G requires one or more scripts or enabling options" ] &&
   [ ! -e x.o ]; then
	echo "ok - -G without -s is a usage error (status 2)"
else
	echo "not ok - -G without -s: status $rc: $(cat err)"
fi
"$USDTRACE" -h -s src/missing.d 2> err
rc=$?
if [ $rc -eq 1 ] && grep -q 'failed to open src/missing.d: No such file or directory' err && [ ! -e missing.h ]; then
	echo "ok - a missing script fails with status 1"
else
	echo "not ok - missing script: status $rc: $(cat err)"
fi

# -C: -D, -U, -I in order, and the predefined macros
cat > inc/apptypes.h <<'EOD'
typedef unsigned int txn_id;
EOD
cat > src/cpp.d <<'EOD'
#include "apptypes.h"
#if !defined(__usdtrace) || !defined(__linux__) || !defined(__x86_64__) || !defined(__LP64__) || !defined(__SUNW_D)
#error "usdtrace's predefined macros are missing"
#endif
#ifdef __GNUC__
#error "__GNUC__ must not be defined (dtrace runs cpp with -U__GNUC__)"
#endif
provider capp {
	probe begin(txn_id);
#ifdef WITH_EXTRA
	probe extra(int);
#endif
#ifdef DROPPED
	probe dropped();
#endif
};
EOD
"$USDTRACE" -C -I inc -D WITH_EXTRA -D DROPPED -U DROPPED -G -s src/cpp.d -o out/cpp.o 2> err
rc=$?
syms=$(nm out/cpp.o 2>/dev/null | awk '{print $3}' | grep _semaphore | sort | tr '\n' ' ')
if [ $rc -eq 0 ] && [ "$syms" = "capp_begin_semaphore capp_extra_semaphore " ]; then
	echo "ok - -C passes -I/-D/-U in order and defines __usdtrace, __linux__, __x86_64__, __LP64__, __SUNW_D"
else
	echo "not ok - -C: status $rc, semaphores '$syms': $(head -n 3 err)"
fi
"$USDTRACE" -G -s src/cpp.d -o out/nocpp.o 2> err
if [ $? -eq 1 ] && grep -qx "usdtrace: failed to compile script src/cpp.d: line 1: invalid control directive: #include" err && [ ! -e out/nocpp.o ]; then
	echo "ok - directives without -C are an error at their line"
else
	echo "not ok - directives without -C: $(cat err)"
fi
printf 'provider e { probe a(); };\n#error stop here\n' > src/err.d
"$USDTRACE" -C -G -s src/err.d -o out/err.o 2> err
if [ $? -eq 1 ] && grep -q 'stop here' err && grep -q 'failed to compile script src/err.d: Preprocessor failed to process input program' err &&
   [ -z "$(ls -A out | grep err)" ]; then
	echo "ok - a cpp failure is reported with cpp's message and leaves no output"
else
	echo "not ok - cpp failure: $(cat err)"
fi

# an existing output survives a failed compilation, and no temporary file is left
printf 'OLD\n' > out/keep.o
printf 'provider p {\n\tprobe a(nope_t);\n};\n' > src/bad.d
"$USDTRACE" -G -s src/bad.d -o out/keep.o 2> err
if [ $? -eq 1 ] && [ "$(cat out/keep.o)" = OLD ] && [ "$(ls -A out | tr '\n' ' ')" = "cpp.o keep.o mode.o " ] &&
   grep -qx 'usdtrace: failed to compile script src/bad.d: line 2: syntax error near "nope_t);"' err; then
	echo "ok - a failed -G keeps the old output and leaves no temporary file"
else
	echo "not ok - failed -G over an existing output: $(cat err); out: $(ls -A out)"
fi

# several -s files are one program; messages name the right file (dtrace -G -s one.d -s two.d)
printf 'typedef int shared_t;\ninline int LIMIT = 4;\n' > src/one.d
printf 'provider two {\n\tprobe a(shared_t);\n\tprobe b(other_t);\n};\n' > src/two.d
"$USDTRACE" -G -s src/one.d -s src/two.d -o out/two.o 2> err
if [ $? -eq 1 ] && grep -qx 'usdtrace: failed to compile script src/two.d: line 3: syntax error near "other_t);"' err; then
	echo "ok - several -s files: types flow from one to the next, errors name the file"
else
	echo "not ok - several -s files: $(cat err)"
fi
rm -f out/two.o
# a file of declarations only is an empty program, as dtrace -G says
printf 'typedef int shared_t;\n' > src/decls.d
"$USDTRACE" -G -s src/decls.d 2> err
if [ $? -eq 1 ] && grep -qx 'usdtrace: failed to compile script src/decls.d: line 2: empty D program translation unit' err &&
   [ ! -e decls.o ]; then
	echo "ok - a file of declarations only is an empty program"
else
	echo "not ok - declarations only: $(cat err)"
fi
# without -o each program gets its object, every one holding all the providers (dtrace's
# link_prog per program); -h wants -o for several (status 2)
printf 'provider two {\n\tprobe a(shared_t);\n};\n' > src/two.d
mkdir -p multi
(cd multi && "$USDTRACE" -G -s ../src/one.d -s ../src/two.d) 2> err
if [ $? -eq 0 ] && [ "$(ls multi | tr '\n' ' ')" = "one.o two.o " ] &&
   nm multi/one.o | grep -q ' two_a_semaphore$' && nm multi/two.o | grep -q ' two_a_semaphore$'; then
	echo "ok - several -s files without -o: one object each"
else
	echo "not ok - several -s files without -o: $(cat err); $(ls multi)"
fi
(cd multi && "$USDTRACE" -h -s ../src/one.d -s ../src/two.d) 2> err
rc=$?
if [ $rc -eq 2 ] && grep -qx 'usdtrace: -h requires an output file if multiple scripts are specified' err; then
	echo "ok - -h of several files wants -o"
else
	echo "not ok - -h of several files: status $rc: $(cat err)"
fi
rm -rf multi

# -G input objects: must be ELF relocatables
printf 'not an object\n' > notelf.o
"$USDTRACE" -G -s src/probes.d -o out/g1.o notelf.o 2> err
if [ $? -eq 1 ] && grep -q 'notelf.o is not an ELF file' err && [ ! -e out/g1.o ]; then
	echo "ok - -G rejects a non-ELF input"
else
	echo "not ok - -G with a non-ELF input: $(cat err)"
fi
printf 'int main(void) { return 0; }\n' > m.c
gcc m.c -o m.exe
"$USDTRACE" -G -s src/probes.d -o out/g2.o m.exe 2> err
if [ $? -eq 1 ] && grep -q 'm.exe is not an ELF relocatable object' err && [ ! -e out/g2.o ]; then
	echo "ok - -G rejects a linked executable"
else
	echo "not ok - -G with an executable: $(cat err)"
fi
"$USDTRACE" -G -s src/probes.d -o out/g3.o nothere.o 2> err
if [ $? -eq 1 ] && grep -q 'failed to open nothere.o' err && [ ! -e out/g3.o ]; then
	echo "ok - -G rejects a missing input"
else
	echo "not ok - -G with a missing input: $(cat err)"
fi
gcc -c m.c -o m.o
cp m.o m.o.orig
if objcopy -O elf32-i386 m.o m32.o 2> /dev/null; then
	"$USDTRACE" -G -s src/probes.d -o out/g4.o m32.o 2> err
	if [ $? -eq 1 ] && grep -q 'only 64-bit little-endian' err && [ ! -e out/g4.o ]; then
		echo "ok - -G rejects a 32-bit object"
	else
		echo "not ok - -G with a 32-bit object: $(cat err)"
	fi
fi
"$USDTRACE" -G -s src/probes.d -o out/g5.o m.o 2> err
if [ $? -eq 0 ] && cmp -s m.o m.o.orig && readelf -h out/g5.o | grep -q X86-64; then
	echo "ok - -G accepts an x86-64 relocatable and leaves it unchanged"
else
	echo "not ok - -G with a good object: $(cat err)"
fi
