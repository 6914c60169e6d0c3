/* @root */
#pragma D option quiet
#pragma D option strsize=8
BEGIN { g = "1234567"; h = "12345678"; i = "123456789"; this->t = i; self->u = h; a[i] = h; @k[i] = count();
 printf("%s %s %s %s %s %s %d %d\n", g, h, i, this->t, self->u, a["123456789"], strlen(i), strlen(a["12345678"]));
 printa("%s %@d\n", @k); exit(0); }
