/* @root */
#pragma D option quiet
BEGIN { self->s = "abc"; self->t = self->s; self->s = NULL; printf("%s %d %d\n", self->t, self->s == NULL, self->t == NULL); exit(0); }
