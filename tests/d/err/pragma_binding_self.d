/* @opts: -q */
/* thread-local variables are not global identifiers */
#pragma D binding "1.0" x
self int x;
BEGIN { self->x = 1; exit(0); }
