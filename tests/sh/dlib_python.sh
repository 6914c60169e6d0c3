# tier: full
# dlib_python.sh — the shipped CPython 3.11 library (lib/usdtrace/python.d) against the real
# program: python:::audit passes the event's argument tuple (a PyObject *), which the
# library's translators read as text and numbers.
. "$TOP/tests/sh/lib.sh"
sdt_workdir
U=$USDTRACE
PY=/usr/bin/python3.11
if [ ! -x $PY ] || ! readelf -n $PY 2>/dev/null | grep -q 'Name: audit'; then
	skip dlib-python "no $PY with USDT probes"
	exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
	skip dlib-python "needs root"
	exit 0
fi
cd "$W" || exit 1
printf 'open("%s/data.txt", "w").close()\n' "$W" >prog.py
out=$(timeout 30 "$U" -q -c "$PY $W/prog.py" -n '
python$target:::audit
/copyinstr(arg0) == "open" && xlate<pyauditargs_t *>((PyTupleObject *)arg1)->arg1 == "w"/
{
	printf("%s %s %s %d %s %d\n", copyinstr(arg0), xlate<pyauditargs_t *>((PyTupleObject *)arg1)->arg0,
	    xlate<pyauditargs_t *>((PyTupleObject *)arg1)->arg1,
	    xlate<pyauditargs_t *>((PyTupleObject *)arg1)->nargs,
	    xlate<pyobjinfo_t *>(((PyTupleObject *)arg1)->ob_item[2])->type,
	    xlate<pyobjinfo_t *>(((PyTupleObject *)arg1)->ob_item[2])->value);
}' 2>err | grep 'data.txt')
# builtins.open(path, "w") audits ("open", (path, "w", O_WRONLY|O_CREAT|O_TRUNC|O_CLOEXEC))
want="open $W/data.txt w 3 int $((0x80000 | 0x241))"
if [ "$out" = "$want" ]; then
	ok dlib-python-audit
else
	notok dlib-python-audit "[$out] want [$want] $(head -c 300 err)"
fi

# ints of one and two 30-bit digits, either sign; an int too big for two digits reads 0
printf 'import sys\nsys.audit("usdtrace.ints", 0, -7, 2**40 + 5, -(2**59), 2**61)\n' >ints.py
out=$(timeout 30 "$U" -q -c "$PY $W/ints.py" -n '
python$target:::audit
/copyinstr(arg0) == "usdtrace.ints"/
{
	this->t = (PyTupleObject *)arg1;
	printf("%d %d %d %d %d\n", xlate<pyobjinfo_t *>(this->t->ob_item[0])->value,
	    xlate<pyobjinfo_t *>(this->t->ob_item[1])->value,
	    xlate<pyobjinfo_t *>(this->t->ob_item[2])->value,
	    xlate<pyobjinfo_t *>(this->t->ob_item[3])->value,
	    xlate<pyobjinfo_t *>(this->t->ob_item[4])->value);
}' 2>err)
want="0 -7 $((1099511627776 + 5)) -576460752303423488 0"
if [ "$out" = "$want" ]; then
	ok dlib-python-ints
else
	notok dlib-python-ints "[$out] want [$want] $(head -c 300 err)"
fi
