/* As decl_array_varargs, after a key type. */
int x[int,
...
]
;
BEGIN { exit(0); }
