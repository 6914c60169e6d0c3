/* @root */
/* @args: 1 */
/* A conditional whose condition is an integer constant is its chosen branch (dtrace's parser,
 * dt_node_op3, keeps only that operand), so an action or an aggregation may stand in a branch
 * when the condition is a constant: a literal, a macro argument, an inline whose value is one
 * (set from the command line here), an enumerator, and operators over them. The branch not
 * taken is never checked (`nosuchvar`). */
#pragma D option quiet
inline int OPT = $1;
inline int TWO = OPT + 1;
enum mode { M_OFF, M_ON };

BEGIN
{
	OPT ? printf("opt\n") : 1;
	!OPT ? printf("not opt\n") : 1;
	OPT ? @a["counted"] = count() : 1;
	TWO == 2 ? printf("two\n") : printf("not two\n");
	M_ON ? printf("on\n") : trace(nosuchvar);
	(char)256 ? printf("wrapped\n") : printf("cast to char\n");
	0 ? trace(1) : printf("zero\n");
	x = OPT ? 10 : 20;
	printf("%d\n", x);
	exit(0);
}
