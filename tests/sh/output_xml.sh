#!/bin/sh
# tier: full
# output_xml.sh — -x oformat=xml (src/print/sink_xml.c, docs/output.md): the JSON documents
# in libxo's XML form, as FreeBSD's dtrace writes its XML:
#   * a program with trace (an integer; a string with & < > " ' TAB CR LF, a control
#     character and UTF-8), printf with typed values, print of a struct with nested arrays,
#     printa with keys, a quantize at exit, a fault and system(): python3's xml.etree reads
#     the whole output as one document, <dtrace> of <probes>, each <probes> on one line and
#     parseable alone, and each equal to the same program's JSON document by libxo's rules
#     (tests/tools/xml_check.py);
#   * with -o FILE, the file holds the same document.
. "$TOP/tests/sh/lib.sh"
sdt_workdir
U=$USDTRACE
if ! sdt_is_root; then
	skip output-xml "needs root (traces)"
	exit 0
fi
cd "$W" || exit 1

cat >x.d <<'EOD'
struct in { short s; unsigned char u; };
struct st { int a; char b[4]; struct in n[2]; };
BEGIN { trace(-5); trace("amp & lt < gt > quote \" apos ' tab\there cr\rlf\nctl\001 caf\303\251"); }
BEGIN { printf("%d %s %x\n", 42, "str<>", 255); }
BEGIN { this->w = (uint64_t *)alloca(16); this->w[0] = 0; this->w[1] = 0; this->s = (struct st *)this->w;
	this->s->a = 7; this->s->b[0] = 'x'; this->s->n[1].s = -3; print(this->s); }
BEGIN { @c["a", 1] = count(); @c["b", 2] = count(); @q = quantize(7); @q = quantize(-3); printa(@c); }
BEGIN { trace(*(int *)8); }
BEGIN { system("echo 'sys <out>'"); }
BEGIN { exit(0); }
EOD
timeout 60 "$U" -qw -x oformat=xml -s x.d >x.xml 2>x.err
timeout 60 "$U" -qw -x oformat=json -s x.d >x.json 2>>x.err
v=$(python3 "$TOP/tests/tools/xml_check.py" x.xml x.json 2>&1)
if [ "$v" = "ok 8" ] && ! grep -q . x.err; then
	ok xml-is-json-by-libxo-rules
else
	notok xml-is-json-by-libxo-rules "$v $(head -c 300 x.err)"
fi

timeout 60 "$U" -qw -x oformat=xml -o o.xml -s x.d >o.out 2>o.err
v=$(python3 -c 'import sys, xml.etree.ElementTree as E
r = E.parse(sys.argv[1]).getroot()
print(r.tag, [c.find("type").text for c in r])' o.xml 2>&1)
if [ "$v" = "dtrace ['probe', 'probe', 'probe', 'probe', 'fault', 'probe', 'probe', 'aggregations']" ] &&
   ! grep -q . o.out; then
	ok xml-to-file
else
	notok xml-to-file "$v [$(head -c 200 o.out)] $(head -c 200 o.err)"
fi
