/* @opts: -q */
typedef void v_t;
v_t *p;
BEGIN { printf("%d\n", sizeof(p)); exit(0); }
