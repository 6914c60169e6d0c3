/* @root */
#pragma D option quiet
string g;
BEGIN { g = "abc"; this->t = "abd"; self->u = "abc"; a[1] = "ab";
 printf("%d %d %d %d %d %d\n", g == self->u, g < this->t, this->t > self->u, a[1] < g, a[1] == "ab", g != a[1]); exit(0); }
