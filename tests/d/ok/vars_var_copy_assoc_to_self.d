/* @root */
#pragma D option quiet
BEGIN { a[1, "x"] = 100; self->v = a[1, "x"]; this->w = self->v + a[2, "y"]; b[self->v] = this->w; printf("%d %d %d\n", self->v, this->w, b[100]); exit(0); }
