/* @root */
#pragma D option quiet
string g;
this string t;
self string u;
BEGIN { g = "glob"; this->t = g; self->u = this->t; a[self->u] = self->u; @k[a["glob"]] = count();
  printf("%s %s %s %s\n", g, this->t, self->u, a["glob"]); printa("%s %@d\n", @k); exit(0); }
