/*
 * An array-typed probe argument is not a value to assign (dtrace: "operator = may not be
 * applied to operand of type "char [16]""), as any array is not (Guide, "Pointers and
 * Arrays").
 */
sdt:sched::sched_switch
{
	x = args[0];
}
