/* As decl_array_dim_then_varargs, a second key list: reported at its closing bracket. */
int x[int]
[
int
]
;
BEGIN { exit(0); }
