/* @root */
/* A NULL string as a component of an associative array's or aggregation's key: dtrace copies
 * each string of the tuple with bpf_probe_read_str and reports a failed copy as a bad address
 * of 0x80 plus the component's position, counted from 0 (dt_cg_arglist); self-> keys count
 * from the first written key. */
#pragma D option quiet

string s;

BEGIN { s = NULL; @a[s] = count(); }
BEGIN { a[1, s] = 1; }
BEGIN { @b[1, 2, s] = count(); }
BEGIN { self->t[s] = 1; }
BEGIN { b[1, 2, 3, 4, 5, s, "x"] = 1; }
BEGIN { @c[s, 1] = sum(1); }
BEGIN { x[(string)NULL] = 1; }
BEGIN { this->n = (string)0; @d["k", this->n] = count(); }

ERROR
{
	printf("fault %d at %x\n", arg4, arg5);
}

BEGIN
{
	exit(0);
}
