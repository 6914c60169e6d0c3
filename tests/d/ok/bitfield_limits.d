/* @root */
/* Bit-fields at their limits (Guide, "Bit-Fields"): an unnamed width-0 field, a field as wide as its type, unnamed padding fields, 64-bit fields. */
#pragma D option quiet
struct z { int a:3; int :0; int b:2; };
struct f { int a:32; char c:8; };
struct u { int a:3; int :5; int b:4; };
struct l { long a:64; unsigned long long b:1; };
BEGIN
{
	printf("%d %d %d %d\n", sizeof (struct z), sizeof (struct f), sizeof (struct u), sizeof (struct l));
	exit(0);
}
