/* @root */
#pragma D option quiet
char c; short s; int i; long l; long long ll; unsigned char uc; unsigned short us; unsigned int ui; uint64_t w64; int8_t i8;
BEGIN { c = -1; s = -1; i = -1; l = -1; ll = -1; uc = -1; us = -1; ui = -1; w64 = -1; i8 = 200;
 printf("%d %d %d %d %d %d %d %u %u %d\n", c, s, i, l, ll, uc, us, ui, w64, i8);
 this->c = c; self->s = s; a[i] = uc; b[uc] = us; @x[c, s, uc, us] = count();
 printf("%d %d %d %d\n", this->c, self->s, a[-1], b[255]); printa("%d %d %d %d %@d\n", @x); exit(0); }
