/* @root */
#pragma D option quiet
BEGIN { a["x"] = 5; self->v = 3; a["x"] = 0; self->v = 0; printf("%d %d\n", a["x"], self->v);
 s["k"] = "str"; s["k"] = NULL; printf("%d\n", s["k"] == NULL); self->s = "t"; self->s = 0; printf("%d\n", self->s == NULL); exit(0); }
