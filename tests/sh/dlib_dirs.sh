# tier: full
# dlib_dirs.sh — where D libraries come from: the system directory (the source tree's
# lib/usdtrace for build/usdtrace, $(PREFIX)/lib/usdtrace once installed), -L and -x libdir=
# (added after it, in order), -x syslibdir= (replaces it), -x nolibs (none at all); `#pragma D
# depends_on library` orders them, `depends_on provider` and `binding` are accepted; an error
# in a library names the file.
. "$TOP/tests/sh/lib.sh"
sdt_workdir
U=$USDTRACE
# (most cases run a program, BEGIN at least, which loads BPF)
if ! sdt_is_root; then
	skip dlib-dirs "needs root"
	exit 0
fi
cd "$W" || exit 1
mkdir a b sys
cat >a/zz_first.d <<'EOD'
#pragma D binding "1.0" a_val
inline int a_val = 7;
EOD
cat >a/aa_second.d <<'EOD'
/* loaded after zz_first.d, which it needs, though its name sorts first */
#pragma D depends_on library zz_first.d
#pragma D depends_on provider usdt
inline int a_twice = a_val * 2;
EOD
cat >b/b.d <<'EOD'
inline string b_name[int v] = v == 1 ? "one" : "many";
EOD
cat >sys/s.d <<'EOD'
inline int sys_only = 99;
EOD
prog='BEGIN { printf("%d %d %s\n", a_val, a_twice, b_name[1]); exit(0); }'
out=$("$U" -q -L a -x libdir=b -n "$prog" 2>err)
[ "$out" = "7 14 one" ] && ok dlib-L-and-libdir || notok dlib-L-and-libdir "[$out] $(head -c 300 err)"

# the shipped libraries come with build/usdtrace, from the source tree
out=$("$U" -q -n 'BEGIN { printf("%s %s\n", errno_name[EINTR], signal_name[SIGHUP]); exit(0); }' 2>err)
[ "$out" = "EINTR SIGHUP" ] && ok dlib-system-default || notok dlib-system-default "[$out] $(head -c 300 err)"

# -x syslibdir= replaces the system directory: errno.d is gone, s.d is there
out=$("$U" -q -x syslibdir=sys -n 'BEGIN { printf("%d\n", sys_only); exit(0); }' 2>err)
if [ "$out" = 99 ] && ! "$U" -q -x syslibdir=sys -n 'BEGIN { trace(EINTR); exit(0); }' >/dev/null 2>&1; then
	ok dlib-syslibdir
else
	notok dlib-syslibdir "[$out] $(head -c 300 err)"
fi

# -x nolibs: nothing is loaded, not even -L's
if "$U" -q -x nolibs -L a -n 'BEGIN { trace(a_val); exit(0); }' >/dev/null 2>err &&
	! "$U" -q -x nolibs -n 'BEGIN { trace(EINTR); exit(0); }' >/dev/null 2>&1; then
	notok dlib-nolibs "a_val resolved under -x nolibs"
elif grep -q 'failed to resolve a_val' err; then
	ok dlib-nolibs
else
	notok dlib-nolibs "$(head -c 300 err)"
fi

# a missing dependency and a bad library name their files
mkdir c
echo '#pragma D depends_on library nosuch.d' >c/c.d
"$U" -L c -n 'BEGIN { exit(0); }' >/dev/null 2>err
grep -q "invalid probe specifier BEGIN { exit(0); }: Invalid library dependency in c/c.d: c/nosuch.d" err && ok dlib-missing-dep || notok dlib-missing-dep "$(head -c 300 err)"
mkdir d
printf 'inline int fine = 1;\ntranslator struct nope < int x > { a = x; };\n' >d/bad.d
"$U" -L d -n 'BEGIN { exit(0); }' >/dev/null 2>err
st=$?
if [ $st -ne 0 ] && grep -q "invalid probe specifier BEGIN { exit(0); }: \"d/bad.d\", line 2: incomplete struct/union/enum struct nope" err; then
	ok dlib-error-names-file
else
	notok dlib-error-names-file "status $st: $(head -c 300 err)"
fi

# make install puts the libraries under $(PREFIX)/lib/usdtrace and the installed binary finds
# them (no source tree next to it)
if make -s -C "$TOP" install PREFIX="$W/prefix" >inst.log 2>&1 && [ -f "$W/prefix/lib/usdtrace/errno.d" ]; then
	cp "$W/prefix/bin/usdtrace" "$W/prefix/bin/usdtrace.copy"
	out=$("$W/prefix/bin/usdtrace" -q -n 'BEGIN { printf("%s\n", errno_name[ENOENT]); exit(0); }' 2>err)
	[ "$out" = ENOENT ] && ok dlib-installed || notok dlib-installed "[$out] $(head -c 300 err)"
else
	notok dlib-installed "$(tail -c 300 inst.log)"
fi

# the system directory's libraries are loaded only when the program uses what they declare:
# an unused one costs nothing (not even its errors), a used one is compiled (and reported)
mkdir lazy
printf 'inline int lazy_good = 5;\n' >lazy/good.d
printf 'inline int lazy_bad = ;\n' >lazy/bad.d
out=$("$U" -q -x syslibdir=lazy -n 'BEGIN { printf("%d\n", lazy_good); exit(0); }' 2>err)
"$U" -q -x syslibdir=lazy -n 'BEGIN { trace(lazy_bad); exit(0); }' >/dev/null 2>err2
if [ "$out" = 5 ] && grep -q "invalid probe specifier BEGIN { trace(lazy_bad); exit(0); }: \"lazy/bad.d\", line 1: syntax error" err2; then
	ok dlib-system-lazy
else
	notok dlib-system-lazy "[$out] $(head -c 200 err) $(head -c 200 err2)"
fi

# a script read from a pipe is read once, by the parser: every system library is loaded
cat >stdin.d <<'EOD'
BEGIN { printf("%s\n", errno_name[EIO]); exit(0); }
EOD
out=$("$U" -q -s /dev/stdin <stdin.d 2>err)
[ "$out" = EIO ] && ok dlib-stdin-script || notok dlib-stdin-script "[$out] $(head -c 300 err)"
