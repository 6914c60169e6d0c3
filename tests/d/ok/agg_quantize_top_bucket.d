/* @root */
/* quantize's top bucket (2^62 up to INT64_MAX) holding the only data: DTrace for Linux prints
 * the bucket before it and that bucket (there is none after), where illumos's scan stopped one
 * short and showed an empty histogram. Observed:
 * dtrace -qn 'BEGIN { @ = quantize(0x7fffffffffffffff); exit(0); }' */
#pragma D option quiet
BEGIN
{
	@top = quantize(0x7fffffffffffffff);
	@both = quantize(0x4000000000000000, 3);
	@both = quantize(0x3fffffffffffffff);
	exit(0);
}
