/* @opts: -q */
self string s;
BEGIN { self->s = "hi"; trace(self->s); exit(0); }
