/* @root */
#pragma D option quiet
BEGIN { self->a["k"] = 5; self->a["j"] = 6; self->b[1, "x"] = "v"; printf("%d %d %d %s\n", self->a["k"], self->a["j"], self->a["none"], self->b[1, "x"]); self->a["k"] = 0; printf("%d\n", self->a["k"]); exit(0); }
