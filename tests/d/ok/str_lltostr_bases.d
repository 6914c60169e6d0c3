/* @root */
/* lltostr() of every integer width, signed and unsigned, at their limits. */
#pragma D option quiet
BEGIN {
printf("%s %s %s %s\n", lltostr(0), lltostr(-1), lltostr(9223372036854775807), lltostr(-9223372036854775807 - 1));
printf("%s %s %s %s\n", lltostr((char)-1), lltostr((unsigned char)255), lltostr((short)-32768), lltostr((ushort_t)65535));
printf("%s %s %s %s\n", lltostr((int)-2147483648), lltostr((uint_t)-1), lltostr((uint64_t)-1), lltostr((int8_t)200));
exit(0); }
