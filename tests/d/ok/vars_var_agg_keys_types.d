/* @root */
#pragma D option quiet
BEGIN { @a[(char)-1, (short)-2, (int)-3, (long)-4, (uchar_t)255, (ushort_t)65535, (uint_t)-1, "s"] = count(); printa("%d %d %d %d %d %d %u %s %@d\n", @a); exit(0); }
