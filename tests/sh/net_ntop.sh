# tier: full
# net_ntop.sh — inet_ntop(AF_INET6, ...) against glibc's inet_ntop for addresses that cover the
# zero-run rules (longest first run of two or more groups, single zero groups kept, runs at
# either end) and the IPv4-compatible and -mapped forms; inet_ntop(AF_INET, ...) and
# inet_ntoa6() (which prints those two forms as a bare dotted quad) against it too.
. "$TOP/tests/sh/lib.sh"
sdt_workdir
U=$USDTRACE
if ! sdt_is_root; then
	skip net-ntop "needs root (traces)"
	exit 0
fi
cd "$W" || exit 1
list="00000000000000000000000000000000 00000000000000000000000000000001
00000000000000000000000000000002 0000000000000000000000007f000001
00000000000000000000ffff7f000001 00000000000000000000fffe7f000001
fe8000000000000002144ffffe0b76c8 108000000000000000000808000c417a
00010000000200000000000300000000 00010000000000020000000000000003
00010002000300040005000600070008 00000001000000000000000000000000
ffffffffffffffffffffffffffffffff 0001000000000000000000000000000a
000000000000000000000000ffffffff 00000000000000000000ffff00000000
20010db8000000000001000000000001 20010db8000000010000000000000001
00000000000000000000000100000001 00000000000000010000000000000000"
cat >ref.c <<'EOD'
#include <arpa/inet.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		unsigned char b[16];
		char t[INET6_ADDRSTRLEN], q[INET_ADDRSTRLEN];
		for (int k = 0; k < 16; k++) {
			char h[3] = { argv[i][2 * k], argv[i][2 * k + 1], 0 };
			b[k] = (unsigned char)strtoul(h, NULL, 16);
		}
		inet_ntop(AF_INET6, b, t, sizeof(t));
		inet_ntop(AF_INET, b + 12, q, sizeof(q));
		/* inet_ntoa6: the IPv4 forms bare */
		int v4 = !memcmp(b, "\0\0\0\0\0\0\0\0\0\0", 10) &&
			 ((b[10] == 0xff && b[11] == 0xff) ||
			  (!b[10] && !b[11] && (b[12] || b[13])));
		printf("%s %s %s\n", t, q, v4 ? q : t);
	}
	return 0;
}
EOD
sed -i 's/#include <stdlib.h>/#include <stdlib.h>\n#include <string.h>/' ref.c
if ! gcc -o ref ref.c 2>err; then
	notok net-ntop-ref "$(cat err)"
	exit 0
fi
./ref $list >want
# one run per address: the three conversions of one address are a few thousand instructions
: >got
: >err
for a in $list; do
	{
		echo '#pragma D option quiet'
		echo 'BEGIN {'
		echo '	this->a = (uint8_t *)alloca(16);'
		k=0
		while [ $k -lt 16 ]; do
			echo "	this->a[$k] = 0x$(echo "$a" | cut -c$((2 * k + 1))-$((2 * k + 2)));"
			k=$((k + 1))
		done
		printf '%s\n' '	printf("%s %s %s\n", inet_ntop(AF_INET6, this->a),' \
			'	    inet_ntop(AF_INET, this->a + 12), inet_ntoa6((struct in6_addr *)this->a));'
		echo '	exit(0);'
		echo '}'
	} >t.d
	"$U" -s t.d 2>>err | sed '/^$/d' >>got
done
if [ -s err ]; then
	notok net-ntop-run "$(head -c 400 err)"
elif diff want got >diff; then
	ok net-ntop-vs-glibc
else
	notok net-ntop-vs-glibc "$(head -20 diff)"
fi
