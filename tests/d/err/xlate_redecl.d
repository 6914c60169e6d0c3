/* @opts: -x errtags */
/* A second translator between the same types (typedefs aside) is refused where it ends; the
 * message spells a pointer input through its typedef (observed: dtrace -s, "struct in *"). */
struct in { int i; char c; };
struct out { int oi; char oc; };
typedef struct in in_t;
translator struct out < struct in *p > { oi = p->i; };
translator struct out < in_t *q >
{
	oc = q->c;
};
