/* @root */
#pragma D option quiet
BEGIN { x = y = "chain"; self->a = this->b = a["k"] = 42; printf("%s %s %d %d %d\n", x, y, self->a, this->b, a["k"]); exit(0); }
