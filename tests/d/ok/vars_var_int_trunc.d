/* @root */
#pragma D option quiet
char c; short s; unsigned char uc; int i;
BEGIN { c = 300; s = 70000; uc = 256 + 7; i = 0x100000001;
 self->c = c + 0; this->uc = uc * 2; a[c] = s; printf("%d %d %d %d %d %d %d\n", c, s, uc, i, self->c, this->uc, a[44]); exit(0); }
