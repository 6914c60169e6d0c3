/* A struct assigned through a pointer into alloca()'d memory (`*p = v`, `p[i] = v`, `*p = *q`):
 * the Guide's struct assignment copies the whole value, wherever the left side lives. DTrace
 * for Linux prints the first line as here; its program for `this->p[1] = *this->p` is refused
 * by the BPF verifier and, with a global pointer, its copy faults at address 0x8: its bugs,
 * not the rule (checked with compare.sh). usdtrace refused every form at compile time
 * ("cannot compile an assignment to this kind of expression"). */
#pragma D option quiet

struct s {
	int a;
	long b;
	char c[3];
} x;

struct s *gp;

BEGIN
{
	x.a = 1;
	x.b = 0x123456789;
	x.c[2] = 'z';
	this->p = (struct s *)alloca(2 * sizeof(struct s));
	*this->p = x;
	printf("%d %x %c\n", this->p->a, this->p->b, this->p->c[2]);
	this->p[1] = *this->p;
	this->p[1].a = 2;
	printf("%d %d %x\n", this->p[0].a, this->p[1].a, this->p[1].b);
	gp = (struct s *)alloca(sizeof(struct s));
	*gp = this->p[1];
	printf("%d %x\n", gp->a, gp->b);
	exit(0);
}
