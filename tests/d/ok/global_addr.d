/* @root */
/* Pointers to global variables: &a[i], &s.m and an array used as a value point into the
 * globals area; loads and stores through them reach the variables, in this clause and in
 * later ones (END), and casts and pointer arithmetic work on them as on any pointer. A cast
 * pointer may read past the last variable: zeros. */
#pragma D option quiet

int a[4];
struct pt { int x; int y; } st;
void *vp;

BEGIN
{
	a[0] = 10; a[1] = 11; a[2] = 12;
	st.y = 7;
	p = &a[1];
	q = (int *)a;
	sp = &st.x;
	i = 2;
	r = &a[i];
	vp = &a[0];
	printf("%d %d %d %d %d %d %d\n", *p, *(p + 1), q[3], sp[1], *r, p - q, *(int *)vp);
	*p = 99;
	*sp = 5;
	r[1] = 33;
	printf("%d %d %d\n", a[1], st.x, a[3]);
}

BEGIN
{
	exit(0);
}

END
{
	printf("%d %d %d\n", q[1], ((struct pt *)sp)->y, ((int *)a)[40]);
}
