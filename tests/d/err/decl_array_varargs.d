/* An array declarator's brackets hold a prototype to dtrace (dt_decl_array): `...` there is
 * D_DECL_PROTO_VARARGS, at the line of the `...`. */
int x[
...
]
;
BEGIN { exit(0); }
