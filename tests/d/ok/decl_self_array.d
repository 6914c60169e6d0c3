/* @opts: -q */
self int x[int];
BEGIN { self->x[3] = 7; trace(self->x[3]); exit(0); }
