/* test_usdt_dof.c — usdt_dof.c against DOF that DTrace for Linux's own `dtrace -G` wrote (the
 * committed seed tests/fuzz/seeds/dof/dtrace-G-tst, the .SUNW_dof of a PIE linked from it:
 * provider tst { probe go(int, char *); probe two(long a, long b) : (long b, long a);
 * probe none(); }, compiled with gcc -O2 so every site is in main): what the parser must find there, read by hand from the blob with a Python
 * struct dump when it was committed; then the same blob altered the ways the format allows
 * (version 1, which has no is-enabled sites; zero padding and a second blob after it, as the
 * linker concatenates them) and the ways it forbids. */
#include <stdint.h>
#include <unistd.h>

#include "t.h"
#include "usdt_dof.h"

static unsigned char blob[4096];
static size_t blob_len;

static void load(void)
{
	if (blob_len)
		return;
	char top[4096], path[4400];
	const char *env = getenv("TOP");
	if (env) {
		snprintf(top, sizeof(top), "%s", env);
	} else {
		ssize_t n = readlink("/proc/self/exe", top, sizeof(top) - 1);
		if (n <= 0)
			return;
		top[n] = '\0';
		for (int i = 0; i < 3; i++)
			*strrchr(top, '/') = '\0';
	}
	snprintf(path, sizeof(path), "%s/tests/fuzz/seeds/dof/dtrace-G-tst", top);
	FILE *f = fopen(path, "rb");
	if (!f)
		return;
	blob_len = fread(blob, 1, sizeof(blob), f);
	fclose(f);
}

static const struct usdt_dof_probe *find(const struct usdt_dof *d, const char *name)
{
	for (int i = 0; i < d->nprobes; i++)
		if (strcmp(d->probes[i].name, name) == 0)
			return &d->probes[i];
	return NULL;
}

T_CASE(dtrace_G_object)
{
	load();
	T_EQ_UINT(blob_len, 1155);
	struct usdt_dof d;
	size_t used;
	char err[256];
	T_EQ_INT(usdt_dof_parse(blob, blob_len, &d, &used, err, sizeof(err)), 0);
	T_EQ_UINT(used, 1155);
	T_EQ_INT(d.version, 3);
	T_EQ_INT(d.nprobes, 3);
	const struct usdt_dof_probe *go = find(&d, "go"), *two = find(&d, "two"), *none = find(&d, "none");
	T_CHECK(go && two && none);
	if (!go || !two || !none)
		return;
	T_EQ_STR(go->provider, "tst");
	T_EQ_STR(go->function, "main");
	T_EQ_STR(go->addr_sym, "main");
	T_EQ_UINT(go->addr, 0x1280);     /* main's address in the PIE, which the linker filled in */
	T_EQ_INT(go->nargc, 2);
	T_EQ_STR(go->nargv[0], "int");
	T_EQ_STR(go->nargv[1], "char *");
	T_EQ_INT(go->noffs, 1);
	T_EQ_UINT(go->offs[0], 129);
	T_EQ_INT(go->nenoffs, 1);
	T_EQ_UINT(go->enoffs[0], 33);
	T_EQ_INT(usdt_dof_probe_translates(go), 0);
	T_EQ_INT(two->xargc, 2);
	T_EQ_INT(two->map[0], 1);
	T_EQ_INT(two->map[1], 0);
	T_EQ_STR(two->xargv[0], "long");
	T_EQ_INT(usdt_dof_probe_translates(two), 1);
	T_EQ_UINT(two->offs[0], 57);
	T_EQ_INT(none->nargc, 0);
	T_EQ_UINT(none->offs[0], 62);
	char *a = usdt_dof_argstr(go);
	T_EQ_STR(a, "-4@%edi 8@%rsi");
	free(a);
	a = usdt_dof_argstr(two);
	T_EQ_STR(a, "-8@%rdi -8@%rsi");
	free(a);
	usdt_dof_free(&d);
}

T_CASE(version_1_has_no_is_enabled_sites)
{
	load();
	unsigned char v1[sizeof(blob)];
	memcpy(v1, blob, blob_len);
	v1[6] = 1;
	struct usdt_dof d;
	size_t used;
	char err[256];
	T_EQ_INT(usdt_dof_parse(v1, blob_len, &d, &used, err, sizeof(err)), 0);
	const struct usdt_dof_probe *go = find(&d, "go");
	T_CHECK(go && go->noffs == 1 && go->nenoffs == 0);
	usdt_dof_free(&d);
}

T_CASE(blob_size_bounds_the_walk)
{
	load();
	/* two copies, 8-byte aligned, as the linker lays them out: each parse consumes one */
	static unsigned char two[2 * sizeof(blob)];
	size_t first = (blob_len + 7) & ~(size_t)7;
	memset(two, 0, sizeof(two));
	memcpy(two, blob, blob_len);
	memcpy(two + first, blob, blob_len);
	struct usdt_dof d;
	size_t used;
	char err[256];
	T_EQ_INT(usdt_dof_parse(two, first + blob_len, &d, &used, err, sizeof(err)), 0);
	T_EQ_UINT(used, blob_len);
	usdt_dof_free(&d);
	T_EQ_INT(usdt_dof_parse(two + first, blob_len, &d, &used, err, sizeof(err)), 0);
	T_EQ_INT(d.nprobes, 3);
	usdt_dof_free(&d);
}

T_CASE(refusals)
{
	load();
	struct usdt_dof d;
	size_t used;
	char err[256];
	unsigned char b[sizeof(blob)];
	/* every truncation is refused, never read past */
	for (size_t n = 0; n < blob_len; n++) {
		unsigned char *cut = malloc(n ? n : 1);
		memcpy(cut, blob, n);
		if (usdt_dof_parse(cut, n, &d, &used, err, sizeof(err)) == 0) {
			T_FAIL_("a %zu-byte prefix parsed", n);
			usdt_dof_free(&d);
		}
		free(cut);
	}
	memcpy(b, blob, blob_len);
	b[5] = 2;   /* big-endian */
	T_EQ_INT(usdt_dof_parse(b, blob_len, &d, &used, err, sizeof(err)), -1);
	T_EQ_STR(err, "DOF: encoding 2 is not supported (only little-endian DOF, encoding 1)");
	T_EQ_INT(d.nprobes, 0);
}

T_MAIN()
