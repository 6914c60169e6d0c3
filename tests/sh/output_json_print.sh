#!/bin/sh
# tier: full
# output_json_print.sh — print() under -x oformat=json: the value as a tree of members and
# elements with their names, D types and values (src/print/dprint_json.c, docs/output.md),
# read by python3's json:
#   * every kind of type (struct, union, array, pointer, nested structs and arrays of
#     structs, bit-fields signed and unsigned, enums with and without a matching enumerator,
#     char, signed char, _Bool, float, double, long long, uint64_t, D strings, a zero struct),
#     each through a pointer (print() takes an address, as in DTrace for Linux),
#     rendered back into dtrace's text layout by the rules of dprint.h (tests/tools/
#     print_check.py) equals the text output of the same program, and the item's "text"
#     equals it too;
#   * the same under -x printsize cut-offs (12, 40, 70 bytes): "truncated" exactly where
#     the text shows "...";
#   * known values, checked one by one against what the program stored (numbers as JSON
#     numbers, 64-bit ones exact; a char array's "string"; bit-field widths).
. "$TOP/tests/sh/lib.sh"
sdt_workdir
U=$USDTRACE
CHK="python3 $TOP/tests/tools/print_check.py"
if ! sdt_is_root; then
	skip output-json-print "needs root (traces)"
	exit 0
fi
cd "$W" || exit 1

cat >pr.d <<'EOD'
enum color { RED, GREEN = 5, BLUE, NEG = -2 };
struct in { short s; unsigned char u; };
struct pt { int x; int y; };
struct st { int a; char b[4]; struct in n; unsigned int bf1:3, bf2:5; int sbf:4; enum color c;
	int *p; uint64_t big; union { int i; char ch; } un; int arr[3]; struct pt pts[3];
	enum color odd; };
union un { uint32_t w; unsigned char by[4]; };
struct fl { float f; double d; _Bool ok; signed char sc; long long ll; char name[8]; };
BEGIN {
	this->w = (uint64_t *)alloca(sizeof(struct st));
	this->w[0] = 0; this->w[1] = 0; this->w[2] = 0; this->w[3] = 0; this->w[4] = 0;
	this->w[5] = 0; this->w[6] = 0; this->w[7] = 0; this->w[8] = 0; this->w[9] = 0;
	this->w[10] = 0;
	this->s = (struct st *)this->w;
	this->s->a = -7; this->s->b[0] = 'x'; this->s->b[1] = 'y';
	this->s->n.s = -300; this->s->n.u = 200; this->s->bf1 = 5; this->s->bf2 = 17;
	this->s->sbf = -3; this->s->c = BLUE; this->s->p = (int *)0x1234;
	this->s->big = 0xffffffffffffffff; this->s->un.i = 65; this->s->arr[1] = 9;
	this->s->pts[0].y = 4; this->s->pts[2].x = -1; this->s->odd = (enum color)3;
	printf("\n@@1@@\n"); print(this->s);
	printf("\n@@2@@\n"); print(this->s);
	this->u = (union un *)alloca(sizeof(union un)); this->u->w = 0x00414227;
	printf("\n@@3@@\n"); print(this->u);
	this->a = (int *)alloca(16); this->a[0] = 1; this->a[1] = 0; this->a[2] = 0; this->a[3] = -4;
	printf("\n@@4@@\n"); print((int (*)[4])this->a);
	this->f = (uint64_t *)alloca(40); this->f[0] = 0x40490fdb; this->f[1] = 0xc00921f9f01b866e;
	this->f[2] = 0xfe01; this->f[3] = -5000000000; this->f[4] = 0x00635c27;
	printf("\n@@5@@\n"); print((struct fl *)this->f);
	this->n = (int *)alloca(4); *this->n = -12;
	printf("\n@@6@@\n"); print(this->n);
	printf("\n@@7@@\n"); print("a string");
	this->e = (enum color *)alloca(sizeof(enum color)); *this->e = NEG;
	printf("\n@@8@@\n"); print(this->e);
	this->i = (int *)alloca(4); *this->i = 77;
	printf("\n@@9@@\n"); print(this->i);
	this->c = (char *)alloca(1); *this->c = 'q';
	printf("\n@@10@@\n"); print(this->c);
	this->z = (uint64_t *)alloca(8); *this->z = 0;
	printf("\n@@11@@\n"); print((struct in *)this->z);
	exit(0);
}
EOD
timeout 60 "$U" -q -s pr.d >pr.txt 2>pr.err
timeout 60 "$U" -q -x oformat=json -s pr.d >pr.json 2>>pr.err
v=$($CHK pr.txt pr.json 2>&1)
if [ "$v" = "ok 11" ] && ! grep -q . pr.err; then
	ok json-print-matches-text
else
	notok json-print-matches-text "$v $(head -c 300 pr.err)"
fi

for ps in 12 40 70; do
	timeout 60 "$U" -q -x printsize=$ps -s pr.d >cut.txt 2>cut.err
	timeout 60 "$U" -q -x printsize=$ps -x oformat=json -s pr.d >cut.json 2>>cut.err
	v=$($CHK cut.txt cut.json 2>&1)
	if [ "$v" = "ok 11" ] && grep -q '"truncated":true' cut.json && ! grep -q . cut.err; then
		ok "json-print-printsize-$ps"
	else
		notok "json-print-printsize-$ps" "$v $(head -c 300 cut.err)"
	fi
done

v=$(python3 - pr.json <<'EOP' 2>&1
import json, sys
items = [it for l in open(sys.argv[1]) for it in json.loads(l)["output"] if it["kind"] == "print"]
def mem(node, name):
    return [m for m in node["members"] if m["name"] == name][0]
errs = []
def want(what, got, exp):
    if got != exp or type(got) != type(exp):
        errs.append("%s: %r, not %r" % (what, got, exp))
st = items[0]["value"]
want("type", st["type"], "struct st")
want("a", mem(st, "a")["value"], -7)
want("b", [e["value"] for e in mem(st, "b")["elements"]], [120, 121, 0, 0])
want("b string", mem(st, "b")["string"], "xy")
want("n.s", mem(mem(st, "n"), "s")["value"], -300)
want("n.u", mem(mem(st, "n"), "u")["value"], 200)
want("n.u type", mem(mem(st, "n"), "u")["type"], "unsigned char")
want("bf1", (mem(st, "bf1")["value"], mem(st, "bf1")["bits"]), (5, 3))
want("bf2", (mem(st, "bf2")["value"], mem(st, "bf2")["bits"]), (17, 5))
want("sbf", (mem(st, "sbf")["value"], mem(st, "sbf")["bits"]), (-3, 4))
want("c", (mem(st, "c")["value"], mem(st, "c")["enumerator"]), (6, "BLUE"))
want("odd", (mem(st, "odd")["value"], "enumerator" in mem(st, "odd")), (3, False))
want("p", (mem(st, "p")["value"], mem(st, "p")["type"]), (0x1234, "int *"))
want("big", mem(st, "big")["value"], 18446744073709551615)
want("un", [(m["name"], m["value"]) for m in mem(st, "un")["members"]], [("i", 65), ("ch", 65)])
want("arr", [e["value"] for e in mem(st, "arr")["elements"]], [0, 9, 0])
want("pts", [[m["value"] for m in e["members"]] for e in mem(st, "pts")["elements"]],
     [[0, 4], [0, 0], [-1, 0]])
want("pointer", (items[0]["type"], items[1]["type"], items[1]["value"]), ("struct st *", "struct st *", st))
want("union", [e["value"] for e in mem(items[2]["value"], "by")["elements"]], [39, 66, 65, 0])
want("array", [e["value"] for e in items[3]["value"]["elements"]], [1, 0, 0, -4])
fl = items[4]["value"]
want("float", round(mem(fl, "f")["value"], 6), 3.141593)
want("double", round(mem(fl, "d")["value"], 6), -3.14159)
want("bool", mem(fl, "ok")["value"], 1)
want("signed char", mem(fl, "sc")["value"], -2)
want("long long", mem(fl, "ll")["value"], -5000000000)
want("name", mem(fl, "name")["string"], "'\\c")
want("int", items[5]["value"], {"type": "int", "value": -12})
want("string", (items[6]["value"]["type"], items[6]["value"]["string"]), ("char [256]", "a string"))
want("enum", items[7]["value"], {"type": "enum color", "value": -2, "enumerator": "NEG"})
want("int *", items[8]["value"], {"type": "int", "value": 77})
want("char", items[9]["value"], {"type": "char", "value": 113})
want("zero", [m["value"] for m in items[10]["value"]["members"]], [0, 0])
print("ok" if not errs else "; ".join(errs))
EOP
)
if [ "$v" = ok ]; then
	ok json-print-values
else
	notok json-print-values "$v"
fi
